import CLua
import CLuaShim
import Dynamics
import Foundation

// dyn.release{ item, targets = {{x, y}, ...} | target = function(projected) return {x, y} end,
//              spring = dyn.spring{…} | frequency, damping, decelerationRate = "normal" | "fast" | r,
//              onSettled = function(target) end }
// The model's ReleaseBehavior: on the release of a drag of `item`, project the fling, pick a
// target, spring there keeping the release velocity, call onSettled on arrival.
// Read: target, projected, settled; methods release(velocity), grab().

extension LuaBridge {
    func makeRelease() throws -> Int32 {
        let keys = try options(at: 1, "dynamics.release", allowed: ["item", "targets", "target", "spring", "frequency", "damping",
                                                                   "decelerationRate", "onSettled"])
        let spring = try springOption(keys, "release", conflicts: ["frequency", "damping"])
        guard let item = try withField("item", of: 1, { try object(at: $0, .item, as: DynamicView.self, what: "release.item") }) else {
            throw LuaArgumentError(message: "release.item: required")
        }
        guard !(keys.contains("targets") && keys.contains("target")) else {
            throw LuaArgumentError(message: "release: give targets = { {x, y}, ... } or target = function(projected), not both")
        }
        let r = ReleaseBehavior(item: item)
        if let spring { r.spring = spring }
        for key in keys where key != "item" && key != "spring" {
            dyn_lua_rawgetfield(L, 1, key)
            defer { lua_settop(L, -2) }
            _ = try LuaBridge.setRelease(self, r, key, lua_gettop(L))
        }
        try pushNew(r, "dynamics.release")
        return 1
    }

    /// A release's own properties.
    enum ReleaseProperty: Int, LuaProperty {
        case targets, target, spring, frequency, damping, decelerationRate, onSettled, projected, settled
    }

    /// The deceleration rates by name (UIScrollView.DecelerationRate).
    static let decelerationRates: [String: Double] = ["normal": 0.998, "fast": 0.99]

    /// Assigns a release's property from the value at `v` (constructor and handle alike).
    static func setRelease(_ bridge: LuaBridge, _ r: ReleaseBehavior, _ key: String, _ v: Int32) throws -> Bool {
        let L = bridge.L
        func checked(_ body: () throws -> Void) throws {
            do { try InvalidInput.catching(body) } catch let error as DynamicsError {
                throw LuaArgumentError(message: LuaBridge.luaMessage(error))
            }
        }
        switch key {
        case "targets":
            let t = lua_absindex(L, v)
            guard lua_type(L, t) == LUA_TTABLE else { throw LuaArgumentError(message: "release.targets: expected a list of points, got \(bridge.typeName(at: t))") }
            let n = lua_rawlen(L, t)
            guard n <= ReleaseBehavior.maximumTargets else {
                throw LuaArgumentError(message: "release.targets: at most \(ReleaseBehavior.maximumTargets) points, got \(n)")
            }
            var points: [CGPoint] = []
            if n > 0 {
                for i in 1...n {
                    lua_rawgeti(L, t, lua_Integer(i))
                    defer { lua_settop(L, -2) }
                    points.append(try bridge.point(at: -1, "release.targets[\(i)]"))
                }
            }
            try checked { r.targets = points }
        case "target":
            if lua_type(L, v) == LUA_TNIL { r.chooseTarget = nil; return true }
            let held = HeldFunction(bridge: bridge, ref: try bridge.functionReference(at: v, "release.target"))
            r.chooseTarget = { [weak bridge, weak r] projected in
                guard let bridge, let r else { return projected }
                var chosen: CGPoint?
                var problem: String?
                if let error = bridge.callReference(held.ref, nargs: 1, nresults: 1, pushArgs: { bridge.pushPoint(projected) }, results: {
                    do { chosen = try bridge.point(at: -1, "the returned target") } catch let e as LuaArgumentError { problem = e.message } catch {}
                }) { problem = error.message }
                if let problem {
                    bridge.errorHandler(LuaError(kind: .runtime, message: "release.target (defined at \(bridge.definedAt(held.ref))): \(problem)"))
                    return r.item.center
                }
                return chosen ?? r.item.center
            }
        case "spring":
            let s = try bridge.spring(at: v, "release.spring")
            try checked { r.spring = s }
        case "frequency":
            let f = try bridge.number(at: v, "release.frequency")
            try checked { r.frequency = f }
        case "damping":
            let d = try bridge.number(at: v, "release.damping")
            try checked { r.damping = d }
        case "decelerationRate":
            let rate: Double
            if lua_type(L, v) == LUA_TSTRING {
                guard let name = bridge.string(at: v), let known = decelerationRates[name] else {
                    throw LuaArgumentError(message: "release.decelerationRate: expected \"normal\", \"fast\" or a number in (0, 1), got \"\(LuaBridge.shown(bridge.string(at: v) ?? ""))\"")
                }
                rate = known
            } else {
                rate = try bridge.number(at: v, "release.decelerationRate")
            }
            try checked { r.decelerationRate = rate }
        case "onSettled":
            if lua_type(L, v) == LUA_TNIL { r.onSettled = nil; return true }
            let held = HeldFunction(bridge: bridge, ref: try bridge.functionReference(at: v, "release.onSettled"))
            r.onSettled = { [weak bridge] target in
                guard let bridge else { return }
                if let error = bridge.callReference(held.ref, nargs: 1, nresults: 0, pushArgs: { bridge.pushPoint(target) }) {
                    bridge.errorHandler(LuaError(kind: error.kind, message: "release.onSettled: \(error.message)", traceback: error.traceback))
                }
            }
        default:
            return false
        }
        return true
    }

    static let releaseBinding = behaviorBinding.extended(by: .typed(
        ReleaseBehavior.self, ReleaseProperty.self, name: "release",
        get: { bridge, r, p in
            let L = bridge.L
            switch p {
            case .targets:
                lua_createtable(L, Int32(r.targets.count), 0)
                for (i, t) in r.targets.enumerated() { bridge.pushPoint(t); lua_rawseti(L, -2, lua_Integer(i + 1)) }
            case .target: if let t = r.target { bridge.pushPoint(t) } else { lua_pushnil(L) }
            case .projected: if let t = r.projectedPoint { bridge.pushPoint(t) } else { lua_pushnil(L) }
            case .settled: lua_pushboolean(L, r.isSettled ? 1 : 0)
            case .spring: bridge.pushSpring(r.spring)
            case .frequency: lua_pushnumber(L, Double(r.frequency))
            case .damping: lua_pushnumber(L, Double(r.damping))
            case .decelerationRate: lua_pushnumber(L, Double(r.decelerationRate))
            case .onSettled: return false // write-only: the function is the host's now
            }
            return true
        },
        set: { bridge, r, p, v in
            switch p {
            case .projected, .settled: return false
            default: return try LuaBridge.setRelease(bridge, r, "\(p)", v)
            }
        },
        methods: [
            "release": { bridge, _ in
                let r = try bridge.object(at: 1, class: .release, as: ReleaseBehavior.self, what: "release")
                let v = try bridge.point(at: 2, "release(velocity)")
                guard abs(v.x) <= Limits.magnitude, abs(v.y) <= Limits.magnitude else {
                    throw LuaArgumentError(message: "release(velocity): must be within ±\(Limits.magnitude) pt/s, got (\(v.x), \(v.y))")
                }
                r.release(velocity: v)
                return 0
            },
            "grab": { bridge, _ in
                try bridge.object(at: 1, class: .release, as: ReleaseBehavior.self, what: "grab").grab()
                return 0
            },
        ]
    ))
}
