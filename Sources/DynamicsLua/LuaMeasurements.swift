import CLua
import CLuaShim
import Foundation

/// Microbenchmarks of the Lua boundary, for `dynamics bench` (not for unit tests).
public enum LuaMeasurements {
    static let spring = "return function(position, velocity, mass, charge, time) return -position.x * 0.001, -position.y * 0.001 end"
    static let bare = "return function(x, y, vx, vy, m) return -x * 0.001, -y * 0.001 end"

    /// Nanoseconds per item of a custom field's batched evaluation (`evaluate(position,
    /// velocity, mass, charge, time)` with refilled argument tables), median of `runs`.
    /// With `permanentHook`, a do-nothing count hook stays installed, as a naive budget
    /// would: the difference is what arming the hook only on overrun saves.
    public static func fieldEvaluationNanoseconds(items n: Int = 10_000, runs: Int = 7, permanentHook: Bool = false) throws -> Double {
        let state = try LuaState()
        let L = state.raw
        if permanentHook { dyn_lua_set_noop_hook(L, 1) }
        guard try state.run(spring, chunkName: "spring.lua") == 1 else { return .nan }
        let fn = dyn_lua_ref(L)
        let pos = state.makePointTable(), vel = state.makePointTable()
        var samples = [Double](repeating: 0, count: 6 * n)
        for i in 0..<n { samples[6 * i] = Double(i); samples[6 * i + 1] = Double(i % 100); samples[6 * i + 4] = 1 }
        var out = [Double](repeating: 0, count: 2 * n)
        return median(runs) {
            samples.withUnsafeBufferPointer { s in
                out.withUnsafeMutableBufferPointer { o in
                    try? state.guarded { dyn_lua_eval_field(L, fn, 0, pos, vel, s.baseAddress!, n, o.baseAddress!, 0) }
                }
            }
        } / Double(n)
    }

    /// Nanoseconds per call of the reference: a bare C loop pushing five numbers, calling
    /// the same spring law with `lua_pcall`, and popping two results.
    public static func bareLoopNanoseconds(items n: Int = 10_000, runs: Int = 7) throws -> Double {
        let state = try LuaState()
        let L = state.raw
        guard try state.run(bare, chunkName: "bare.lua") == 1 else { return .nan }
        let fn = dyn_lua_ref(L)
        return median(runs) { _ = dyn_lua_bench_bare_loop(L, fn, n) } / Double(n)
    }

    private static func median(_ runs: Int, _ body: () -> Void) -> Double {
        body() // warm up
        var times: [Double] = []
        for _ in 0..<max(runs, 1) {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start))
        }
        times.sort()
        return times[times.count / 2]
    }
}
