import CLua
import CLuaShim
import DynamicsLua
import Foundation
import Testing

/// A state with the `dynamics` module; collects callback errors.
final class Scene {
    let state: LuaState
    let bridge: LuaBridge
    var errors: [LuaError] = []

    init() throws {
        state = try LuaState()
        var collected: [LuaError] = []
        bridge = LuaBridge(state: state) { collected.append($0) }
        _ = collected
        bridge.errorHandler = { [unowned self] in self.errors.append($0) }
    }

    /// Runs a chunk and returns its first result as a number (nil if none or not a number).
    @discardableResult
    func number(_ source: String) throws -> Double? {
        let n = try state.run(source, chunkName: "scene.lua")
        defer { lua_settop(state.raw, 0) }
        guard n > 0, lua_type(state.raw, 1) == LUA_TNUMBER else { return nil }
        return dyn_lua_tonumber(state.raw, 1)
    }

    func error(_ source: String) throws -> LuaError? {
        do { try state.run(source, chunkName: "scene.lua"); lua_settop(state.raw, 0); return nil } catch let e as LuaError { return e }
    }
}

@Suite("Lua bindings")
struct BindingTests {
    @Test("Free fall through the Lua API: 500 pt in 1 s (±1 %)")
    func freeFall() throws {
        let scene = try Scene()
        let y = try scene.number("""
            local dyn = require "dynamics"
            local a = dyn.animator{}
            local box = dyn.item{ center = {0, 0}, size = {100, 100}, name = "box" }
            a:addBehavior(dyn.gravity{ items = {box} })
            a:addBehavior(dyn.itemBehavior{ items = {box}, resistance = 0 })
            a:run{ seconds = 1 }
            assert(math.abs(a.elapsedTime - 1) < 1e-9)
            assert(math.abs(box.velocity.y - 1000) < 10, box.velocity.y)
            assert(box.mass == 1)
            return box.center.y
            """)
        #expect(abs(y! - 500) <= 5)
    }

    @Test("An elastic bounce and collision callbacks, once per contact")
    func bounceAndCallbacks() throws {
        let scene = try Scene()
        let peak = try scene.number("""
            local dyn = dynamics
            local a = dyn.animator{ bounds = {0, 0, 400, 600} }
            local ball = dyn.item{ center = {200, 100}, size = {40, 40}, shape = "ellipse" }
            local c = dyn.collision{ items = {ball}, boundsAsBoundary = true }
            local began, ended = 0, 0
            c.onBegan = function(item, other, point)
              assert(item == ball and other == nil and math.abs(point.y - 600) < 1)
              began = began + 1
            end
            c.onEnded = function(item, other) ended = ended + 1 end
            a:addBehavior(dyn.gravity{ items = {ball} })
            a:addBehavior(c)
            a:addBehavior(dyn.itemBehavior{ items = {ball}, elasticity = 1, resistance = 0 })
            local top, falling = 1e9, true
            a:addBehavior(dyn.behavior{ action = function(self, dt)
              local v = ball.velocity.y
              if v < 0 then falling = false end
              if not falling then top = math.min(top, ball.center.y) end
            end })
            a:run{ seconds = 1.9 }
            assert(began == 1 and ended == 1, began .. " " .. ended)
            return top
            """)
        #expect(scene.errors.isEmpty, "\(scene.errors)")
        #expect(peak! <= 100 + 0.05 * 480, "rebounded to \(peak!)")
    }

    @Test("A composite behavior's action runs every frame with self and dt; forces act over the next frame")
    func actionAndForces() throws {
        let scene = try Scene()
        let v = try scene.number("""
            local dyn = dynamics
            local a = dyn.animator{}
            local box = dyn.item{ center = {0, 0}, size = {100, 100} }
            local frames = 0
            local push = dyn.behavior{ items = {box}, action = function(self, dt)
              assert(math.abs(dt - 1/60) < 1e-12)
              frames = frames + 1
              for _, item in ipairs(self.items) do item:applyForce{ x = 1, y = 0 } end
            end }
            a:addBehavior(dyn.itemBehavior{ items = {box}, resistance = 0 })
            a:addBehavior(push)
            a:run{ seconds = 1 }
            assert(frames == 60, frames)
            return box.velocity.x
            """)
        // 1 N on 1 kg = 100 pt/s² over 59 frames (the first action's force acts from frame 2).
        #expect(abs(v! - 100 * 59.0 / 60) < 0.5, "v = \(v!)")
    }

    /// Handles find short keys by the address of their (interned) text: a key built at run
    /// time is the same string as the literal; long keys, non-string keys and method names
    /// assigned to take the general path.
    @Test("Property and method keys built at run time, long keys and other key types")
    func keysBuiltAtRunTime() throws {
        let scene = try Scene()
        let v = try scene.number("""
            local dyn = require "dynamics"
            local a = dyn.animator{}
            local box = dyn.item{ center = {0, 0}, size = {10, 10} }
            a:addBehavior(dyn.gravity{ items = {box} })
            a:step(0.5)
            local name = "velo" .. string.lower("CITY")
            assert(box[name].y == box.velocity.y and box[name].y > 0)
            box["cen" .. "ter"] = {7, 8}
            assert(box.center.x == 7 and box.center.y == 8)
            local vx, vy = box["get" .. "Velocity"](box)
            assert(vy == box.velocity.y)
            assert(box[1] == nil and box[true] == nil)
            local ok, e = pcall(function() return box[string.rep("velocity", 6)] end)
            assert(not ok and e:find("item has no property or method"), e)
            ok, e = pcall(function() box.getVelocity = 1 end)
            assert(not ok and e:find("item has no property 'getVelocity'"), e)
            return vy
            """)
        #expect(v! > 400, "v = \(String(describing: v))") // falling: half a second of gravity
    }

    @Test("Bad input names the property and the script's file:line")
    func badInput() throws {
        let scene = try Scene()
        let cases: [(String, String)] = [
            ("dynamics.item{ size = 'big' }", "scene.lua:1: item.size: expected a vector {x, y}, got string"),
            ("dynamics.item{ size = {-5, 10} }", "scene.lua:1: item.size: each side must be in 0.01…1000000.0 pt, got -5.0 × 10.0"),
            ("dynamics.item{ size = {10, 10}, center = {0/0, 0} }", "scene.lua:1: item.center: must be finite"),
            ("dynamics.itemBehavior{ elastcity = 1 }", "scene.lua:1: dynamics.itemBehavior: unknown property 'elastcity'"),
            ("dynamics.itemBehavior{ density = 0 }", "scene.lua:1: itemBehavior.density: must be a finite number > 0 (at least 1e-06)"),
            ("local i = dynamics.item{ size = {1, 1} }\ni.center = 'here'", "scene.lua:2: item.center: expected a vector"),
            ("local i = dynamics.item{ size = {1, 1} }\ni.mass = 3", "scene.lua:2: item.mass is read-only"),
            ("local i = dynamics.item{ size = {1, 1} }\nreturn i.colour", "scene.lua:2: item has no property or method 'colour'"),
            ("dynamics.animator{}:addBehavior(dynamics.item{ size = {1, 1} })", "scene.lua:1: addBehavior(behavior): expected a behavior, got userdata"),
            ("dynamics.gravity{ items = {1} }", "scene.lua:1: gravity.items[1]: expected an item, got number"),
            ("dynamics.collision{ mode = 'walls' }", "scene.lua:1: collision.mode: expected"),
            // Near misses get a suggestion.
            ("dynamics.item{ size = {1, 1}, shap = 'ellipse' }", "scene.lua:1: dynamics.item: unknown property 'shap' — did you mean 'shape'?"),
            ("local i = dynamics.item{ size = {1, 1} }\nreturn i.centre", "scene.lua:2: item has no property or method 'centre' — did you mean 'center'?"),
            ("dynamics.animator{}:addBehavior(1)", "scene.lua:1: addBehavior(behavior): expected a behavior, got number"),
            ("dynamics.animator{}.step(1)", "scene.lua:1: step: expected an animator, got number"),
            // A behavior's messages name its own kind and properties (they listed every
            // behavior kind's, and suggested a collision's 'mode' to a gravity).
            ("local g = dynamics.gravity{}\nreturn g.mode", "scene.lua:2: gravity has no property or method 'mode' (properties: items, children, direction, angle, magnitude)"),
            ("local c = dynamics.collision{}\nc.boundaryElastcity = 1", "scene.lua:2: collision has no property 'boundaryElastcity' — did you mean 'boundaryElasticity'?"),
        ]
        for (source, expected) in cases {
            let error = try scene.error(source)
            #expect(error?.message.hasPrefix(expected) == true, "\(source) → \(String(describing: error?.message))")
        }
    }

    @Test("A failing action is disabled and reported with file:line; the animator keeps running")
    func failingAction() throws {
        let scene = try Scene()
        let y = try scene.number("""
            local dyn = dynamics
            local a = dyn.animator{}
            local box = dyn.item{ center = {0, 0}, size = {10, 10} }
            local calls = 0
            a:addBehavior(dyn.gravity{ items = {box} })
            a:addBehavior(dyn.behavior{ action = function(self, dt)
              calls = calls + 1
              local t = nil
              return t.x
            end })
            a:run{ seconds = 0.5 }
            assert(calls == 1, calls)
            return box.center.y
            """)
        #expect(y! > 100, "the rest of the animator kept running")
        #expect(scene.errors.count == 1)
        #expect(scene.errors.first?.message.hasPrefix("action: scene.lua:9:") == true, "\(scene.errors)")
        #expect(scene.errors.first?.traceback?.contains("stack traceback") == true)
    }

    @Test("An endless loop in an action is stopped by the budget and reported")
    func endlessAction() throws {
        let state = try LuaState(limits: LuaLimits(instructionBudget: 5_000_000))
        var errors: [LuaError] = []
        let bridge = LuaBridge(state: state) { errors.append($0) }
        let start = Date()
        // The action is disabled and reported; and since host time counts, the script call
        // that ran a:run{} is over its budget too and ends at its own line.
        let outer = #expect(throws: LuaError.self) {
            try withExtendedLifetime(bridge) {
                try state.run("""
                local a = dynamics.animator{}
                local box = dynamics.item{ size = {10, 10} }
                a:addBehavior(dynamics.gravity{ items = {box} })
                a:addBehavior(dynamics.behavior{ action = function() while true do end end })
                a:run{ seconds = 0.2 }
                """, chunkName: "loop.lua")
            }
        }
        #expect(Date().timeIntervalSince(start) < 1)
        #expect(errors.count == 1 && errors[0].kind == .budget, "\(errors)")
        #expect(errors.first?.message.contains("loop.lua:4") == true)
        #expect(outer?.kind == .budget && outer?.location == "loop.lua:5", "\(String(describing: outer))")
    }

    @Test("A custom field returning NaN is disabled and reported with its file:line; the world stays finite")
    func nanField() throws {
        let scene = try Scene()
        let y = try scene.number("""
            local a = dynamics.animator{}
            local box = dynamics.item{ center = {0, 0}, size = {10, 10} }
            a:addBehavior(dynamics.gravity{ items = {box} })
            a:addBehavior(dynamics.field.custom{ items = {box}, evaluate = function(p, v, m, q, t)
              return 0 / 0, 0
            end })
            a:run{ seconds = 0.5 }
            return box.center.y
            """)
        #expect(y!.isFinite && y! > 100)
        #expect(scene.errors.count == 1)
        #expect(scene.errors.first?.message.contains("scene.lua:4: the field must return two finite numbers within ±1e9 (fx, fy), got NaN, 0") == true,
                "\(scene.errors)") // NaN as elsewhere, not C's "-nan
    }

    @Test("A field's bad result is described without running its metamethods or printing its text; a C function and a memory error are located")
    func fieldErrorMessages() throws {
        // A returned table's __tostring ran inside the host's error path, a
        // returned string's newlines reached the message, `evaluate = rawequal` read
        // "[C]:-1", and running out of memory in a field named no file:line.
        let cases: [(String, String)] = [
            ("return setmetatable({}, { __tostring = function() error('ran') end }), 'a\\nFAKE'",
             "scene.lua:3: the field must return two finite numbers within ±1e9 (fx, fy), got a table, a string"),
            ("return 1e300, 2", "got 1e+300, 2"),
            ("local s = string.rep('A', 40 * 1024 * 1024); s = s .. s; return 0, 0",
             "field.custom.evaluate: scene.lua:3: in the function defined here: not enough memory"),
        ]
        for (body, expected) in cases {
            let scene = try Scene()
            _ = try scene.number("""
                local a = dynamics.animator{}
                local box = dynamics.item{ center = {0, 0}, size = {10, 10} }
                a:addBehavior(dynamics.field.custom{ items = {box}, evaluate = function(p, v)
                  \(body)
                end })
                a:step()
                return box.center.y
                """)
            #expect(scene.errors.count == 1 && scene.errors.first?.message.contains(expected) == true, "\(body): \(scene.errors)")
            #expect(scene.errors.first?.message.contains("ran") == false && scene.errors.first?.message.contains("FAKE") == false)
        }
        let scene = try Scene()
        _ = try scene.number("""
            local a = dynamics.animator{}
            local box = dynamics.item{ center = {0, 0}, size = {10, 10} }
            a:addBehavior(dynamics.field.custom{ items = {box}, evaluate = rawequal })
            a:step()
            return 0
            """)
        #expect(scene.errors.first?.message.contains("the field (a C function) must return two finite numbers within ±1e9 (fx, fy), got false, nil") == true,
                "\(scene.errors)")
    }

    @Test("Delegate callbacks and itemsIn")
    func delegateAndQueries() throws {
        let scene = try Scene()
        let paused = try scene.number("""
            local dyn = dynamics
            local a = dyn.animator{ bounds = {0, 0, 200, 200} }
            local box = dyn.item{ center = {100, 100}, size = {20, 20} }
            local c = dyn.collision{ items = {box}, boundsAsBoundary = true }
            local pauses = 0
            a.delegate = { didPause = function() pauses = pauses + 1 end }
            a:addBehavior(dyn.gravity{ items = {box} })
            a:addBehavior(c)
            a:run{ untilPaused = true, seconds = 5 }
            assert(not a.isRunning)
            assert(#a:itemsIn{0, 150, 200, 50} == 1 and #a:itemsIn{0, 0, 200, 50} == 0)
            assert(#a:behaviors() == 2)
            return pauses
            """)
        #expect(paused == 1)
    }
}

@Suite("Lua callback faults")
struct CallbackFaultTests {
    @Test("A failing collision callback is disabled and reported; the animator keeps running")
    func failingCallback() throws {
        let scene = try Scene()
        let y = try scene.number("""
            local a = dynamics.animator{ bounds = {0, 0, 200, 200} }
            local box = dynamics.item{ center = {100, 100}, size = {20, 20} }
            local c = dynamics.collision{ items = {box}, boundsAsBoundary = true }
            c.onBegan = function(item, other, point) error("boom") end
            a:addBehavior(dynamics.gravity{ items = {box} })
            a:addBehavior(c)
            a:run{ seconds = 2 }
            return box.center.y
            """)
        #expect(abs(y! - 190) < 0.5, "resting on the floor")
        #expect(scene.errors.count == 1)
        #expect(scene.errors.first?.message.hasPrefix("collision.onBegan: scene.lua:4: boom") == true, "\(scene.errors)")
    }

    /// With onBegan failed and off, onEnded still came for contacts never begun (and
    /// after a failing onEnded every began stayed open).
    @Test("A failing collision callback turns both off, so began and ended stay in pairs")
    func failingCallbackTurnsBothOff() throws {
        let scene = try Scene()
        let ended = try scene.number("""
            local a = dynamics.animator{ bounds = {0, 0, 400, 400} }
            local x = dynamics.item{ center = {100, 370}, size = {20, 20} }
            local c = dynamics.collision{ items = {x}, boundsAsBoundary = true }
            local ended = 0
            c.onBegan = function() error("boom") end
            c.onEnded = function() ended = ended + 1 end
            a:addBehavior(dynamics.gravity{ items = {x} })
            a:addBehavior(c)
            a:run{ seconds = 1 }
            assert(c.onBegan == nil and c.onEnded == nil, "both off")
            -- Set again after the error, and onEnded set while a contact is open: neither
            -- hears the end of a contact whose began it did not hear.
            c.onEnded = function() ended = ended + 1 end
            c:removeItem(x)
            a:step()
            return ended
            """)
        #expect(ended == 0)
        #expect(scene.errors.count == 1)
        #expect(scene.errors.first?.message.contains("onBegan and onEnded are both off now") == true, "\(scene.errors)")
    }

    @Test("A delegate callback that runs forever is stopped by the budget")
    func endlessDelegate() throws {
        let state = try LuaState(limits: LuaLimits(instructionBudget: 5_000_000))
        var errors: [LuaError] = []
        let bridge = LuaBridge(state: state) { errors.append($0) }
        let outer = #expect(throws: LuaError.self) {
            try withExtendedLifetime(bridge) {
                try state.run("""
                    local a = dynamics.animator{ bounds = {0, 0, 200, 200} }
                    local box = dynamics.item{ center = {100, 190}, size = {20, 20} }
                    a.delegate = { didPause = function() while true do end end }
                    a:addBehavior(dynamics.collision{ items = {box}, boundsAsBoundary = true })
                    a:addBehavior(dynamics.gravity{ items = {box} })
                    a:run{ untilPaused = true, seconds = 3 }
                    """, chunkName: "pause.lua")
            }
        }
        #expect(outer?.kind == .budget && outer?.location == "pause.lua:6", "\(String(describing: outer))")
        #expect(errors.count == 1 && errors.first?.kind == .budget, "\(errors)")
        #expect(errors.first?.message.contains("pause.lua:3") == true)
    }
}
