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
// The default drag: at "began" on an item, an attachment from the grabbed point of the item to
// the pointer; "moved" moves its anchor; "ended" removes it and gives the item the pointer's
// velocity (a fling); "cancelled" removes it without a fling. Velocities are measured in
// simulated time, so a recorded session replays the same flings on the same steps.

/// The phase of a pointer event.
public enum PointerPhase: String, Sendable, CaseIterable {
    case began, moved, ended, cancelled
}

/// One animator's pointer: its Lua handler, the gesture in progress and its default drag.
final class LuaPointerDriver {
    /// Registry reference of `animator.onPointer` (nil: none).
    var handler: Int32?
    /// Recent (simulated time, point) samples of the gesture, for its velocity.
    var samples: [(time: Double, point: CGPoint)] = []
    var velocity = CGPoint.zero
    /// Whether the handler took the gesture at "began" (then there is no default drag).
    var handledGesture = false
    /// The default drag in progress.
    var drag: AttachmentBehavior?

    /// The window over which the pointer's velocity is measured (s of simulated time).
    static let velocityWindow = 0.1

    /// Adds a sample and returns the pointer's velocity (pt/s) over the window.
    func track(_ point: CGPoint, at time: Double, phase: PointerPhase) -> CGPoint {
        if phase == .began { samples = []; velocity = .zero }
        if let last = samples.last, last.time == time { samples.removeLast() }
        samples.append((time, point))
        while samples.count > 2, time - samples[1].time >= LuaPointerDriver.velocityWindow { samples.removeFirst() }
        if let first = samples.first, time > first.time {
            let dt = time - first.time
            velocity = CGPoint(x: (point.x - first.point.x) / dt, y: (point.y - first.point.y) / dt)
        }
        return velocity
    }
}

/// A slider a scene declares: `params = { NAME = { value =, min =, max =, step =, apply = fn } }`.
public struct LuaSceneParam: Sendable, Equatable {
    public var name: String
    public var value: Double
    public var min: Double
    public var max: Double
    public var step: Double
    /// Registry reference of `apply`.
    let apply: Int32
    /// Largest magnitude of a value, bound or step.
    public static let largest = 1e15
}

extension LuaBridge {
    /// The pointer state of `animator` (made on first use).
    func pointerDriver(_ animator: DynamicAnimator) -> LuaPointerDriver {
        if let d = pointerDrivers[ObjectIdentifier(animator)] { return d }
        let d = LuaPointerDriver()
        pointerDrivers[ObjectIdentifier(animator)] = d
        return d
    }

    /// `animator.onPointer` (read): the function, or nil.
    func pushPointerHandler(of animator: DynamicAnimator) {
        if let ref = pointerDrivers[ObjectIdentifier(animator)]?.handler { dyn_lua_getref(L, ref) } else { lua_pushnil(L) }
    }

    /// `animator.onPointer = fn` (or nil).
    func setPointerHandler(of animator: DynamicAnimator, at value: Int32) throws {
        let driver = pointerDriver(animator)
        if lua_type(L, value) == LUA_TNIL { driver.handler = nil; return }
        driver.handler = try functionReference(at: value, "animator.onPointer")
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

    /// Feeds one pointer event to `animator`: `onPointer` sees it first; unless it returns true
    /// at "began", the default drag follows the gesture. Returns whether the handler handled
    /// the event. A failing handler is reported and disabled.
    @discardableResult
    public func pointer(_ phase: PointerPhase, at point: CGPoint, on animator: DynamicAnimator) -> Bool {
        // A point the model accepts as an anchor (±Limits.coordinate): a drag moved to 9.9e8
        // set an out-of-range anchor outside any call from a script, which trapped the server.
        // An end of the gesture there still ends it: a drag must never stay attached.
        guard point.x.isFinite, point.y.isFinite, abs(point.x) <= Limits.coordinate, abs(point.y) <= Limits.coordinate else {
            if phase == .ended || phase == .cancelled, let driver = pointerDrivers[ObjectIdentifier(animator)] {
                endDrag(driver, animator, fling: nil)
            }
            return false
        }
        let driver = pointerDriver(animator)
        let time = animator.elapsedTime
        let velocity = driver.track(point, at: time, phase: phase)
        let item = phase == .began ? LuaBridge.item(at: point, in: animator) : nil
        var handled = false
        if let ref = driver.handler {
            let error = callReference(ref, nargs: 1, nresults: 1, pushArgs: {
                lua_createtable(L, 0, 5)
                lua_pushstring(L, phase.rawValue); dyn_lua_rawsetfield(L, -2, "phase")
                pushPoint(point); dyn_lua_rawsetfield(L, -2, "point")
                pushPoint(velocity); dyn_lua_rawsetfield(L, -2, "velocity")
                if let item { push(item, as: .item); dyn_lua_rawsetfield(L, -2, "item") }
                lua_pushnumber(L, time); dyn_lua_rawsetfield(L, -2, "time")
            }, results: {
                handled = lua_toboolean(L, -1) != 0
            })
            if let error {
                driver.handler = nil
                errorHandler(LuaError(kind: error.kind, message: "animator.onPointer: \(error.message)", traceback: error.traceback))
            }
        }
        // The drag changes the model from outside any call from a script (the viewer's
        // pointer events): what the model refuses (a fling faster than its limits) is
        // reported, never a trap.
        do {
            try InvalidInput.catching {
                switch phase {
                case .began:
                    endDrag(driver, animator, fling: nil)
                    driver.handledGesture = handled
                    if !handled, let item { beginDrag(driver, animator, item, at: point) }
                case .moved:
                    driver.drag?.anchorPoint = point
                case .ended:
                    endDrag(driver, animator, fling: velocity)
                case .cancelled:
                    endDrag(driver, animator, fling: nil)
                }
            }
        } catch {
            errorHandler(LuaError(kind: .runtime, message: "pointer: \(error)"))
        }
        return handled
    }

    /// The item the default drag holds on `animator` (nil: no drag in progress).
    public func draggedItem(on animator: DynamicAnimator) -> DynamicItem? {
        pointerDrivers[ObjectIdentifier(animator)]?.drag?.items.first
    }

    private func beginDrag(_ driver: LuaPointerDriver, _ animator: DynamicAnimator, _ item: DynamicItem, at point: CGPoint) {
        let c = item.center, angle = Double(atan2(item.transform.b, item.transform.a))
        let dx = Double(point.x - c.x), dy = Double(point.y - c.y)
        // The grabbed point in the item's own axes.
        let offset = Offset(horizontal: cos(angle) * dx + sin(angle) * dy, vertical: -sin(angle) * dx + cos(angle) * dy)
        let drag = AttachmentBehavior(item: item, offsetFromCenter: offset, attachedToAnchor: point)
        animator.addBehavior(drag)
        driver.drag = drag
    }

    private func endDrag(_ driver: LuaPointerDriver, _ animator: DynamicAnimator, fling: CGPoint?) {
        guard let drag = driver.drag else { return }
        driver.drag = nil
        animator.removeBehavior(drag)
        if let fling, let item = drag.items.first {
            let limit = 20_000.0 // pt/s: a flick, never a number the engine must clamp
            let v = CGPoint(x: Swift.max(-limit, Swift.min(limit, Double(fling.x))), y: Swift.max(-limit, Swift.min(limit, Double(fling.y))))
            animator.setVelocity(v, for: item)
        }
    }

    /// The topmost item (the last added) whose true shape contains `point`.
    public static func item(at point: CGPoint, in animator: DynamicAnimator) -> DynamicItem? {
        let probe = CGRect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
        return animator.items(in: probe).last { contains(point, in: $0) }
    }

    /// Whether `point` (scene) is inside the item's collision shape.
    public static func contains(_ point: CGPoint, in item: DynamicItem) -> Bool {
        let c = item.center, angle = Double(atan2(item.transform.b, item.transform.a))
        let dx = Double(point.x - c.x), dy = Double(point.y - c.y)
        let x = cos(angle) * dx + sin(angle) * dy, y = -sin(angle) * dx + cos(angle) * dy
        let w = Double(item.bounds.width) / 2, h = Double(item.bounds.height) / 2
        switch item.collisionBoundsType {
        case .rectangle:
            return abs(x) <= w && abs(y) <= h
        case .ellipse:
            return w > 0 && h > 0 && (x * x) / (w * w) + (y * y) / (h * h) <= 1
        case .path:
            var inside = false
            for line in item.collisionBoundingPath.flattened() {
                let p = line.points
                guard p.count >= 3 else { continue }
                var j = p.count - 1
                for i in 0..<p.count {
                    let (xi, yi, xj, yj) = (Double(p[i].x), Double(p[i].y), Double(p[j].x), Double(p[j].y))
                    if (yi > y) != (yj > y), x < (xj - xi) * (y - yi) / (yj - yi) + xi { inside.toggle() }
                    j = i
                }
            }
            return inside
        }
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
        var params: [LuaSceneParam] = []
        lua_pushnil(L)
        while lua_next(L, t) != 0 {
            let entry = lua_gettop(L)
            guard let name = string(at: -2) else {
                lua_settop(L, t)
                throw LuaError(kind: .runtime, message: "scene.params: names must be strings")
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
                params.append(LuaSceneParam(name: name, value: value, min: lo, max: hi, step: step, apply: apply))
            } catch let error as LuaArgumentError {
                lua_settop(L, t)
                throw LuaError(kind: .runtime, message: "scene.params.\(name): \(error.message)")
            }
            lua_settop(L, entry - 1)
        }
        return params.sorted { $0.name < $1.name }
    }

    /// Calls the parameter's `apply(value)`; returns its error, if any.
    public func apply(_ param: LuaSceneParam, value: Double) -> LuaError? {
        callReference(param.apply, nargs: 1, nresults: 0, pushArgs: { lua_pushnumber(L, value) })
            .map { LuaError(kind: $0.kind, message: "params.\(param.name).apply: \($0.message)", traceback: $0.traceback) }
    }
}
