import CLua
import CLuaShim
import DynamicsLua
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

    /// Nanoseconds per property access from Lua on an item in a running animator, net of
    /// the loop itself: `item.angle` (a number), `item.velocity` read and write (tables),
    /// and the fast paths `item:getVelocity()` / `item:setVelocity(x, y)`; then behaviors'
    /// properties: a gravity's `magnitude` read and written, an attachment's `length` read,
    /// and a composite's `items` (the kept list of one item).
    public static func propertyAccessNanoseconds(iterations n: Int = 200_000, runs: Int = 5) throws -> [(String, Double)] {
        let state = try LuaState()
        let bridge = LuaBridge(state: state)
        let source = """
            local dyn = require "dynamics"
            local a = dyn.animator{}
            local item = dyn.item{ center = {0, 0}, size = {10, 10} }
            local g = dyn.gravity{ items = {item} }
            local spring = dyn.attachment{ item = item, anchor = {0, 0} }
            local b = dyn.behavior{ items = {item} }
            a:addBehavior(g)
            a:step()
            local v = item.velocity
            local n = \(n)
            return {
              function() for i = 1, n do end end,
              function() for i = 1, n do local x = item.angle end end,
              function() for i = 1, n do local w = item.velocity end end,
              function() for i = 1, n do item.velocity = v end end,
              function() for i = 1, n do local x, y = item:getVelocity() end end,
              function() for i = 1, n do item:setVelocity(1, 2) end end,
              function() for i = 1, n do local m = g.magnitude end end,
              function() for i = 1, n do g.magnitude = 1 end end,
              function() for i = 1, n do local l = spring.length end end,
              function() for i = 1, n do local list = b.items end end,
            }
            """
        return try withExtendedLifetime(bridge) {
            guard try state.run(source, chunkName: "access.lua") == 1 else { return [] }
            let L = state.raw
            let table = lua_gettop(L)
            var times: [Double] = []
            let names = ["item.angle read", "item.velocity read", "item.velocity write", "item:getVelocity()", "item:setVelocity(x, y)",
                         "gravity.magnitude read", "gravity.magnitude write", "attachment.length read", "behavior.items read"]
            for k in 1...names.count + 1 {
                times.append(median(runs) {
                    lua_rawgeti(L, table, lua_Integer(k))
                    try? state.call(nargs: 0, nresults: 0)
                } / Double(n))
            }
            lua_settop(L, table - 1)
            return names.enumerated().map { ($0.element, times[$0.offset + 1] - times[0]) }
        }
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
