import CLua
import CLuaShim
import Dynamics
import DynamicsEngine
import Foundation

// dyn.math: sin, cos, tan, atan, atan2, exp, log, pow, sqrt, hypot with the same bits on every
// machine of an architecture (the engine's DeterministicMath). Lua's own `math.sin` and
// friends call the platform's C library, whose last bits differ between glibc and Apple's
// libm: a script that feeds them into the simulation gives another run on another system.
// Each argument must be a finite number; a result that would not be a finite number (log of
// 0, 0 to a negative power, an overflowing exp) is an error naming the call, not ±inf or NaN.

extension LuaBridge {
    /// The largest |x| dyn.math.sin, cos and tan take (radians): their reduction to
    /// [−π/4, π/4] is exact below 2²⁰·π/2 ≈ 1.6·10⁶.
    static let maximumAngle = 1e6

    /// Installs `dyn.math` in the module at `module`.
    func installMath(in module: Int32) {
        lua_createtable(L, 0, 10)
        let table = lua_gettop(L)
        for (name, f) in [("sin", DeterministicMath.sin), ("cos", DeterministicMath.cos), ("tan", DeterministicMath.tan)] as [(String, (Double) -> Double)] {
            setFunction(name, in: table) { bridge, L in
                let x = try bridge.number(at: 1, "math.\(name)(x)")
                guard Swift.abs(x) <= LuaBridge.maximumAngle else {
                    throw LuaArgumentError(message: "math.\(name)(x): must be within ±\(Int(LuaBridge.maximumAngle)) radians (reduce the angle first), got \(Validate.shown(x))")
                }
                return try bridge.pushMathResult(f(x), "math.\(name)")
            }
        }
        setFunction("atan", in: table) { bridge, L in
            let y = try bridge.number(at: 1, "math.atan(y)")
            // Lua's math.atan(y, x) is atan2; the same here.
            if lua_type(L, 2) > 0 {
                let x = try bridge.number(at: 2, "math.atan(x)")
                return try bridge.pushMathResult(DeterministicMath.atan2(y, x), "math.atan")
            }
            return try bridge.pushMathResult(DeterministicMath.atan(y), "math.atan")
        }
        setFunction("atan2", in: table) { bridge, L in
            let y = try bridge.number(at: 1, "math.atan2(y)"), x = try bridge.number(at: 2, "math.atan2(x)")
            return try bridge.pushMathResult(DeterministicMath.atan2(y, x), "math.atan2")
        }
        setFunction("exp", in: table) { bridge, L in
            let x = try bridge.number(at: 1, "math.exp(x)")
            return try bridge.pushMathResult(DeterministicMath.exp(x), "math.exp", because: "x must be at most 709.78 (e^x overflows past it), got \(Validate.shown(x))")
        }
        setFunction("log", in: table) { bridge, L in
            let x = try bridge.number(at: 1, "math.log(x)")
            guard x > 0 else { throw LuaArgumentError(message: "math.log(x): must be > 0, got \(Validate.shown(x))") }
            guard lua_type(L, 2) > 0 else { return try bridge.pushMathResult(DeterministicMath.log(x), "math.log") }
            let base = try bridge.number(at: 2, "math.log(base)")
            guard base > 0, base != 1 else { throw LuaArgumentError(message: "math.log(base): must be > 0 and not 1, got \(Validate.shown(base))") }
            return try bridge.pushMathResult(DeterministicMath.log(x) / DeterministicMath.log(base), "math.log")
        }
        setFunction("pow", in: table) { bridge, L in
            let x = try bridge.number(at: 1, "math.pow(x)"), y = try bridge.number(at: 2, "math.pow(y)")
            if x < 0 && y.rounded(.towardZero) != y {
                throw LuaArgumentError(message: "math.pow(y): a negative x takes a whole power only, got x = \(Validate.shown(x)), y = \(Validate.shown(y))")
            }
            if x == 0 && y < 0 { throw LuaArgumentError(message: "math.pow(x): 0 to a negative power (\(Validate.shown(y))) is infinite") }
            return try bridge.pushMathResult(DeterministicMath.pow(x, y), "math.pow", because: "the result overflows (x = \(Validate.shown(x)), y = \(Validate.shown(y)))")
        }
        setFunction("sqrt", in: table) { bridge, L in
            let x = try bridge.number(at: 1, "math.sqrt(x)")
            guard x >= 0 else { throw LuaArgumentError(message: "math.sqrt(x): must be ≥ 0, got \(Validate.shown(x))") }
            return try bridge.pushMathResult(x.squareRoot(), "math.sqrt")
        }
        setFunction("hypot", in: table) { bridge, L in
            let x = try bridge.number(at: 1, "math.hypot(x)"), y = try bridge.number(at: 2, "math.hypot(y)")
            return try bridge.pushMathResult(DeterministicMath.hypot(x, y), "math.hypot", because: "the result overflows (x = \(Validate.shown(x)), y = \(Validate.shown(y)))")
        }
        installMemberCheck(on: table, named: "dynamics.math")
        dyn_lua_rawsetfield(L, module, "math")
    }

    /// Pushes a dyn.math result, or raises an error naming `call` when it is not finite.
    func pushMathResult(_ value: Double, _ call: String, because reason: String = "the result is not a finite number") throws -> Int32 {
        guard value.isFinite else { throw LuaArgumentError(message: "\(call): \(reason)") }
        lua_pushnumber(L, value)
        return 1
    }
}
