import CLua
import CLuaShim
import Dynamics
import Foundation

// Pointer events (docs/lua-api.md, docs/cli.md) and scene parameters for the live viewer and recorded tests.
//
//   animator.onPointer = function(e) ... end   -- e.phase, e.point, e.velocity, e.item, e.time
//                                              -- return true: handled (no default drag)
//   animator:pointer{ phase = "began", x = 10, y = 20 }   -- feeds one event; returns handled
//
// The pointer itself, its velocity and the default drag are the model's `DynamicPointer`
// (docs/lua-api.md, "Pointer events"); this file binds `onPointer` to its handler, and the
// scripted gestures `animator:drag{…}` and `animator:tap{…}` to the model's.

/// The Lua side of one animator's pointer: the registry reference of `animator.onPointer`.
final class LuaPointerDriver {
    var handler: Int32?
}

/// A slider a scene declares: `params = { NAME = { value =, min =, max =, step =, apply = fn, spring = { … } } }`.
public struct LuaSceneParam: Sendable, Equatable {
    /// The name as text (what the viewer shows and `POST /param` names): bytes that are not
    /// UTF-8 read as U+FFFD.
    public var name: String
    /// The name's bytes as the script wrote them (a recorded test indexes `params` with them).
    public var nameBytes: [UInt8]
    public var value: Double
    public var min: Double
    public var max: Double
    public var step: Double
    /// Registry reference of `apply`.
    let apply: Int32
    /// The spring this slider is bound to (`spring = { … }`; the viewer draws its step
    /// response), if any.
    public var spring: LuaSceneSpring? = nil
    /// Largest magnitude of a value, bound or step.
    public static let largest = 1e15
    /// Most sliders one scene declares: the viewer sends every slider to every page and in
    /// every `GET /state` (10 000 sliders of 4 KB names made `/state` 39 MB).
    public static let maximumCount = 200
    /// Most bytes the sliders' names take together (each page and `/state` carry them all).
    public static let maximumNameBytes = 16 * 1024

    /// Whether the name is valid UTF-8 (then `name` is it, byte for byte).
    public var nameIsText: Bool { Array(name.utf8) == nameBytes }
}

extension LuaBridge {
    /// The Lua side of `animator`'s pointer (made on first use).
    func pointerDriver(_ animator: DynamicAnimator) -> LuaPointerDriver {
        if let d = pointerDrivers[ObjectIdentifier(animator)] { return d }
        let d = LuaPointerDriver()
        pointerDrivers[ObjectIdentifier(animator)] = d
        animator.pointer.velocityWindow = pointerVelocityWindow
        return d
    }

    /// `animator.onPointer` (read): the function, or nil.
    func pushPointerHandler(of animator: DynamicAnimator) {
        if let ref = pointerDrivers[ObjectIdentifier(animator)]?.handler { dyn_lua_getref(L, ref) } else { lua_pushnil(L) }
    }

    /// `animator.onPointer = fn` (or nil): the model pointer's handler calls it. A failing
    /// handler is reported and disabled.
    func setPointerHandler(of animator: DynamicAnimator, at value: Int32) throws {
        let driver = pointerDriver(animator)
        if lua_type(L, value) == LUA_TNIL {
            driver.handler = nil
            animator.pointer.handler = nil
            return
        }
        let ref = try functionReference(at: value, "animator.onPointer")
        driver.handler = ref
        animator.pointer.handler = { [unowned self, unowned driver] event in
            guard let ref = driver.handler else { return false }
            var handled = false
            let error = self.callReference(ref, nargs: 1, nresults: 1, pushArgs: {
                lua_createtable(self.L, 0, 6)
                lua_pushstring(self.L, event.phase.rawValue); dyn_lua_rawsetfield(self.L, -2, "phase")
                self.pushPoint(event.point); dyn_lua_rawsetfield(self.L, -2, "point")
                self.pushPoint(event.velocity); dyn_lua_rawsetfield(self.L, -2, "velocity")
                if let item = event.item { self.push(item, as: .item); dyn_lua_rawsetfield(self.L, -2, "item") }
                lua_pushnumber(self.L, event.time); dyn_lua_rawsetfield(self.L, -2, "time")
                lua_pushboolean(self.L, event.isScripted ? 1 : 0); dyn_lua_rawsetfield(self.L, -2, "scripted")
            }, results: {
                handled = lua_toboolean(self.L, -1) != 0
            })
            if let error {
                driver.handler = nil
                animator.pointer.handler = nil
                self.errorHandler(LuaError(kind: error.kind, message: "animator.onPointer: \(error.message)", traceback: error.traceback))
            }
            return handled
        }
    }

    /// Reads `t[key]` without metamethods (pushes it) and returns its type.
    private func rawField(_ key: String, of t: Int32) -> Int32 {
        dyn_lua_rawgetfield(L, t, key)
    }

    /// `animator:pointer{ phase =, x =, y = }` (the animator at 1, the event at 2).
    func pointerMethod() throws -> Int32 {
        let a = try object(at: 1, .animator, as: DynamicAnimator.self, what: "pointer")
        guard lua_type(L, 2) == LUA_TTABLE else {
            throw LuaArgumentError(message: "pointer: expected a table { phase =, x =, y = }, got \(typeName(at: 2))")
        }
        _ = try options(at: 2, "pointer", allowed: ["phase", "x", "y"])
        guard rawField("phase", of: 2) == LUA_TSTRING, let name = string(at: -1) else {
            throw LuaArgumentError(message: "pointer.phase: expected \"began\", \"moved\", \"ended\" or \"cancelled\"")
        }
        guard let phase = PointerPhase(rawValue: name) else {
            throw LuaArgumentError(message: "pointer.phase: expected \"began\", \"moved\", \"ended\" or \"cancelled\", got \"\(name)\"")
        }
        _ = rawField("x", of: 2)
        let x = try number(at: -1, "pointer.x")
        _ = rawField("y", of: 2)
        let y = try number(at: -1, "pointer.y")
        // Checked here, where they enter: the viewer's events pass `pointer(_:at:on:)` below.
        for (axis, v) in [("x", x), ("y", y)] where !(abs(v) <= Limits.coordinate) {
            throw LuaArgumentError(message: "pointer.\(axis): must be within ±\(Limits.coordinate) pt, got \(v)")
        }
        lua_settop(L, 2)
        lua_pushboolean(L, pointer(phase, at: CGPoint(x: x, y: y), on: a) ? 1 : 0)
        return 1
    }

    /// Feeds one event of a person's pointer to `animator` (the viewer's, a recording's):
    /// `onPointer` sees it first; unless it returns true at "began", the default drag follows
    /// the gesture; a "began" cancels the scripted gestures in progress. Returns whether the
    /// handler handled the event. A point out of the model's range is ignored (an end of the
    /// gesture there still ends it: a drag must never stay attached).
    @discardableResult
    public func pointer(_ phase: PointerPhase, at point: CGPoint, on animator: DynamicAnimator) -> Bool {
        _ = pointerDriver(animator)
        guard point.x.isFinite, point.y.isFinite, abs(point.x) <= Limits.coordinate, abs(point.y) <= Limits.coordinate else {
            if phase == .ended || phase == .cancelled, animator.pointer.isDown {
                animator.pointer.send(.cancelled, at: animator.pointer.lastPoint)
            }
            return false
        }
        return animator.pointer.send(phase, at: point)
    }

    /// The item the default drag holds on `animator` (nil: no drag in progress).
    public func draggedItem(on animator: DynamicAnimator) -> DynamicItem? {
        animator.pointer.draggedItem
    }

    /// The topmost item (the last added) whose true shape contains `point`.
    public static func item(at point: CGPoint, in animator: DynamicAnimator) -> DynamicItem? {
        DynamicPointer.item(at: point, in: animator)
    }

    /// Whether `point` (scene) is inside the item's collision shape.
    public static func contains(_ point: CGPoint, in item: DynamicItem) -> Bool {
        DynamicPointer.contains(point, in: item)
    }

    // MARK: Scene parameters

    /// The `params` of what a scene script returned (its top `results` stack values), sorted by
    /// name. Tables are read raw: no metamethod runs.
    public func sceneParams(results: Int) throws -> [LuaSceneParam] {
        guard results > 0 else { return [] }
        dyn_lua_host_enter(L)
        defer { dyn_lua_host_leave(L) }
        let top = lua_absindex(L, -Int32(results))
        guard lua_type(L, top) == LUA_TTABLE else { return [] }
        defer { lua_settop(L, top + Int32(results) - 1) }
        guard rawField("params", of: top) != LUA_TNIL else { return [] }
        let t = lua_gettop(L)
        guard lua_type(L, t) == LUA_TTABLE else {
            throw LuaError(kind: .runtime, message: "scene.params: expected a table { NAME = { value =, min =, max =, step =, apply = function(v) end } }, got \(typeName(at: t))")
        }
        // The bounds first, over the keys alone (raw, no value is looked at).
        var count = 0, nameBytes = 0
        lua_pushnil(L)
        while lua_next(L, t) != 0 {
            count += 1
            if lua_type(L, -2) == LUA_TSTRING { nameBytes += Int(lua_rawlen(L, -2)) }
            lua_settop(L, -2)
        }
        guard count <= LuaSceneParam.maximumCount else {
            throw LuaError(kind: .runtime, message: "scene.params: a scene declares at most \(LuaSceneParam.maximumCount) sliders, this one \(count)")
        }
        guard nameBytes <= LuaSceneParam.maximumNameBytes else {
            throw LuaError(kind: .runtime, message: "scene.params: the sliders' names take at most \(LuaSceneParam.maximumNameBytes) bytes together, these \(nameBytes)")
        }
        var params: [LuaSceneParam] = []
        var byText: [String: [UInt8]] = [:]
        lua_pushnil(L)
        while lua_next(L, t) != 0 {
            let entry = lua_gettop(L)
            guard let name = string(at: -2), let bytes = bytes(at: -2) else {
                lua_settop(L, t)
                throw LuaError(kind: .runtime, message: "scene.params: names must be strings")
            }
            // Two names that read the same as text (their bytes that are not UTF-8 both read
            // as U+FFFD) would be one slider to the viewer.
            if let other = byText.updateValue(bytes, forKey: name), other != bytes {
                lua_settop(L, t)
                throw LuaError(kind: .runtime, message: "scene.params: two names read as the same text \(LuaBridge.shown(name)) (bytes that are not UTF-8 read as \u{FFFD}); rename one")
            }
            do {
                guard lua_type(L, entry) == LUA_TTABLE else {
                    throw LuaArgumentError(message: "expected a table { value =, min =, max =, step =, apply = }, got \(typeName(at: entry))")
                }
                func number(_ key: String, _ fallback: Double?) throws -> Double {
                    defer { lua_settop(L, entry) }
                    if rawField(key, of: entry) == LUA_TNIL, let fallback { return fallback }
                    return try self.number(at: -1, key)
                }
                let value = try number("value", nil), lo = try number("min", nil), hi = try number("max", nil)
                let step = try number("step", (hi - lo) / 100)
                // Within ±10¹⁵, so the range and its default step stay finite (the viewer
                // sends them as JSON, which has no infinity).
                guard [value, lo, hi, step].allSatisfy({ abs($0) <= LuaSceneParam.largest }) else {
                    throw LuaArgumentError(message: "value, min, max and step must be within ±\(LuaSceneParam.largest)")
                }
                func n(_ v: Double) -> String { String(format: "%.14g", v) }
                guard lo < hi else { throw LuaArgumentError(message: "min (\(n(lo))) must be below max (\(n(hi)))") }
                guard value >= lo, value <= hi else {
                    throw LuaArgumentError(message: "value \(n(value)) is outside min…max (\(n(lo))…\(n(hi)))")
                }
                guard step > 0 else { throw LuaArgumentError(message: "step must be positive, got \(n(step))") }
                _ = rawField("apply", of: entry)
                let apply = try functionReference(at: -1, "apply")
                lua_settop(L, entry)
                var spring: LuaSceneSpring?
                if rawField("spring", of: entry) != LUA_TNIL { spring = try sceneSpring(at: lua_gettop(L)) }
                params.append(LuaSceneParam(name: name, nameBytes: bytes, value: value, min: lo, max: hi, step: step, apply: apply,
                                            spring: spring))
            } catch let error as LuaArgumentError {
                lua_settop(L, t)
                throw LuaError(kind: .runtime, message: "scene.params.\(name): \(error.message)")
            }
            lua_settop(L, entry - 1)
        }
        try checkSceneSprings(params)
        return params.sorted { $0.name < $1.name }
    }

    /// Calls the parameter's `apply(value)`; returns its error, if any.
    public func apply(_ param: LuaSceneParam, value: Double) -> LuaError? {
        callReference(param.apply, nargs: 1, nresults: 0, pushArgs: { lua_pushnumber(L, value) })
            .map { LuaError(kind: $0.kind, message: "params.\(param.name).apply: \($0.message)", traceback: $0.traceback) }
    }
}
