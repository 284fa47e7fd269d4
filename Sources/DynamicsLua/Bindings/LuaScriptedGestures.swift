import CLua
import CLuaShim
import Dynamics
import Foundation

// Scripted gestures (docs/lua-api.md, "Scripted gestures"):
//
//   local g = animator:drag{ item = card | from = {x, y}, to = {x, y} | by = {dx, dy},
//                            at = 1.0, duration = 0.25, hold = 0, path = {{x, y}, ...},
//                            release = "fling" | "stop" }
//   animator:tap{ at = 1.5, point = {x, y} }
//   g:cancel(); g.done; g.cancelled
//
// Both are the model's `DynamicAnimator.drag` and `tap`: a finger on the internal steps,
// seen by `onPointer` and the default drag as a person's would be. The handle is a task's.

extension LuaBridge {
    /// `animator:drag{…}`.
    func dragMethod() throws -> Int32 {
        let a = try object(at: 1, .animator, as: DynamicAnimator.self, what: "drag")
        guard lua_type(L, 2) == LUA_TTABLE else {
            throw LuaArgumentError(message: "drag: expected a table { item | from, to | by | path, at, duration, hold, release }, got \(typeName(at: 2))")
        }
        _ = try options(at: 2, "drag", allowed: ["item", "from", "to", "by", "at", "duration", "hold", "path", "release"])
        var g = DragGesture()
        g.item = try withField("item", of: 2) { try object(at: $0, .item, as: DynamicView.self, what: "drag.item") }
        g.start = try withField("from", of: 2) { try point(at: $0, "drag.from") }
        g.end = try withField("to", of: 2) { try point(at: $0, "drag.to") }
        g.offset = try withField("by", of: 2) { try vector(at: $0, "drag.by") }
        g.time = try withField("at", of: 2) { try number(at: $0, "drag.at") }
        g.duration = try withField("duration", of: 2) { try number(at: $0, "drag.duration") } ?? g.duration
        g.hold = try withField("hold", of: 2) { try number(at: $0, "drag.hold") } ?? g.hold
        if let release = try withField("release", of: 2, { try releaseName(at: $0) }) { g.release = release }
        if let path = try withField("path", of: 2, { try points(at: $0, "drag.path") }) { g.path = path }
        return try play(g, on: a)
    }

    /// `animator:tap{ at =, point = }`.
    func tapMethod() throws -> Int32 {
        let a = try object(at: 1, .animator, as: DynamicAnimator.self, what: "tap")
        guard lua_type(L, 2) == LUA_TTABLE else {
            throw LuaArgumentError(message: "tap: expected a table { point =, at = }, got \(typeName(at: 2))")
        }
        _ = try options(at: 2, "tap", allowed: ["point", "at"])
        guard let p = try withField("point", of: 2, { try point(at: $0, "tap.point") }) else {
            throw LuaArgumentError(message: "tap.point: expected a point {x, y}, got nil")
        }
        let time = try withField("at", of: 2) { try number(at: $0, "tap.at") }
        // The model checks it (one validation layer), named as the script wrote it.
        return try play(DragGesture(start: p, end: p, time: time, duration: 0), on: a, as: "tap",
                        names: ["start": "point", "time": "at"])
    }

    /// Reserves its memory, has the model check the gesture (raised at the script's line, its
    /// properties named as the script's `names` for the model's) and plays it. Nothing is
    /// made or played when a check fails.
    private func play(_ g: DragGesture, on a: DynamicAnimator, as what: String = "drag", names: [String: String] = [:]) throws -> Int32 {
        let charge = try reserve(HostMemory.Estimate.gesture, what)
        let task: DynamicTask
        do { task = try a.beginDrag(g) } catch var error as DynamicsError {
            if what != "drag" {
                error.owner = what
                error.property = names[error.property] ?? error.property
                throw LuaArgumentError(message: "\(error)")
            }
            throw LuaArgumentError(message: LuaBridge.luaMessage(error))
        }
        task.hostCharge = charge
        _ = pointerDriver(a)
        push(task, as: .task)
        return 1
    }

    private func releaseName(at index: Int32) throws -> DragGesture.Release {
        guard lua_type(L, index) == LUA_TSTRING, let name = string(at: index), let r = DragGesture.Release(rawValue: name) else {
            throw LuaArgumentError(message: "drag.release: expected \"fling\" or \"stop\", got \(lua_type(L, index) == LUA_TSTRING ? "\"\(LuaBridge.shown(string(at: index) ?? ""))\"" : typeName(at: index))")
        }
        return r
    }

    /// A list of points `{ {x, y}, ... }` (at most `DragGesture.maximumPathPoints`).
    private func points(at index: Int32, _ what: String) throws -> [CGPoint] {
        guard lua_type(L, index) == LUA_TTABLE else {
            throw LuaArgumentError(message: "\(what): expected a list of points, got \(typeName(at: index))")
        }
        let t = lua_absindex(L, index)
        let n = lua_rawlen(L, t)
        guard n <= DragGesture.maximumPathPoints else {
            throw LuaArgumentError(message: "\(what): at most \(DragGesture.maximumPathPoints) points, got \(n)")
        }
        var result: [CGPoint] = []
        if n > 0 {
            for i in 1...n {
                lua_rawgeti(L, t, lua_Integer(i))
                defer { lua_settop(L, -2) }
                result.append(try point(at: -1, "\(what)[\(i)]"))
            }
        }
        return result
    }
}
