import CLua
import CLuaShim
import Dynamics
import Foundation

// dyn.gesture.project(velocity [, rate])     the distance a flick travels: v/1000·r/(1 − r);
//   velocity a number (pt/s) or a vector {x, y} (then a vector); rate "normal" (0.998, the
//   default), "fast" (0.99) or a number in 0…1 (exclusive)
// dyn.gesture.rubberBand(offset, dimension [, constant])   (1 − 1/(|x|·c/d + 1))·d, sign of x;
//   constant default 0.55
// dyn.gesture.nearest(point, targets)        the nearest target and its index (1-based);
//   points and a list of points, or a number and a list of numbers
// The model's `Gesture` computes them and checks the numbers; this file reads the script's
// values and names them in its messages.

extension LuaBridge {
    /// Installs `dyn.gesture` in the module at `module`.
    func installGestures(in module: Int32) {
        lua_createtable(L, 0, 3)
        let table = lua_gettop(L)
        setFunction("project", in: table) { bridge, L in
            let rate = try bridge.decelerationRate(at: 2)
            if lua_type(L, 1) == LUA_TNUMBER {
                let v = try bridge.number(at: 1, "gesture.project(velocity)")
                lua_pushnumber(L, Double(try bridge.gesture("project") { Gesture.project(CGFloat(v), decelerationRate: rate) }))
            } else {
                let v = try bridge.point(at: 1, "gesture.project(velocity)")
                bridge.pushPoint(try bridge.gesture("project") { Gesture.project(v, decelerationRate: rate) })
            }
            return 1
        }
        setFunction("rubberBand", in: table) { bridge, L in
            let offset = try bridge.number(at: 1, "gesture.rubberBand(offset)")
            let dimension = try bridge.number(at: 2, "gesture.rubberBand(dimension)")
            let constant = lua_type(L, 3) <= 0 ? 0.55 : try bridge.number(at: 3, "gesture.rubberBand(constant)")
            lua_pushnumber(L, Double(try bridge.gesture("rubberBand") {
                Gesture.rubberBand(CGFloat(offset), dimension: CGFloat(dimension), constant: CGFloat(constant))
            }))
            return 1
        }
        setFunction("nearest", in: table) { bridge, L in
            try bridge.nearest()
        }
        installMemberCheck(on: table, named: "dynamics.gesture")
        dyn_lua_rawsetfield(L, module, "gesture")
    }

    /// Runs a `Gesture` function, its checks' errors named as the script's arguments
    /// (`gesture.rubberBand(dimension): must be …`).
    func gesture<T>(_ name: String, _ body: () -> T) throws -> T {
        do {
            return try InvalidInput.catching(body)
        } catch let e as DynamicsError {
            // The model counts targets from 0, the script from 1.
            var argument = "(\(e.property))"
            if e.property.hasPrefix("targets["), let i = Int(e.property.dropFirst(8).dropLast()) { argument = "(targets)[\(i + 1)]" }
            throw LuaArgumentError(message: "gesture.\(name)\(argument): \(e.message)")
        }
    }

    /// The deceleration rate at `index`: nil/none is "normal"; "normal", "fast" or a number
    /// in 0…1 (exclusive).
    func decelerationRate(at index: Int32) throws -> DecelerationRate {
        switch lua_type(L, index) {
        case LUA_TNONE, LUA_TNIL: return .normal
        case LUA_TSTRING:
            switch string(at: index) {
            case "normal": return .normal
            case "fast": return .fast
            default:
                throw LuaArgumentError(message: "gesture.project(rate): expected \"normal\", \"fast\" or a number in 0…1, got \"\(LuaBridge.shown(string(at: index) ?? ""))\"")
            }
        default:
            let r = try number(at: index, "gesture.project(rate)")
            guard r > 0, r < 1 else {
                throw LuaArgumentError(message: "gesture.project(rate): must be in 0…1 (exclusive: the fraction of velocity kept each millisecond), got \(r)")
            }
            return DecelerationRate(rawValue: CGFloat(r))
        }
    }

    /// dyn.gesture.nearest(point, targets): pushes the target and its 1-based index.
    func nearest() throws -> Int32 {
        guard lua_type(L, 2) == LUA_TTABLE else {
            throw LuaArgumentError(message: "gesture.nearest(targets): expected a list of points (or of numbers), got \(typeName(at: 2))")
        }
        let n = lua_rawlen(L, 2)
        guard n > 0 else { throw LuaArgumentError(message: "gesture.nearest(targets): the list is empty") }
        // Each target is read with the host memory it needs (a number, or two): a list of a
        // million entries is walked once, as the script's own `ipairs` would.
        if lua_type(L, 1) == LUA_TNUMBER {
            let value = try number(at: 1, "gesture.nearest(point)")
            var targets: [CGFloat] = []
            targets.reserveCapacity(Int(n))
            for i in 1...n {
                lua_rawgeti(L, 2, lua_Integer(i))
                defer { lua_settop(L, -2) }
                targets.append(CGFloat(try number(at: -1, "gesture.nearest(targets)[\(i)]")))
            }
            guard let (t, index) = try gesture("nearest", { Gesture.nearest(to: CGFloat(value), in: targets) }) else { return 0 }
            lua_pushnumber(L, Double(t))
            lua_pushinteger(L, lua_Integer(index + 1))
            return 2
        }
        let p = try point(at: 1, "gesture.nearest(point)")
        var targets: [CGPoint] = []
        targets.reserveCapacity(Int(n))
        for i in 1...n {
            lua_rawgeti(L, 2, lua_Integer(i))
            defer { lua_settop(L, -2) }
            targets.append(try point(at: -1, "gesture.nearest(targets)[\(i)]"))
        }
        guard let (t, index) = try gesture("nearest", { Gesture.nearest(to: p, in: targets) }) else { return 0 }
        pushPoint(t)
        lua_pushinteger(L, lua_Integer(index + 1))
        return 2
    }
}
