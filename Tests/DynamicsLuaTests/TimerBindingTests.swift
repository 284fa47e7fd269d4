import CLua
import CLuaShim
import DynamicsLua
import DynamicsTestSupport
import Foundation
import Testing

/// animator:after / animator:every / timer:cancel through the bridge (docs/lua-api.md, timers).
@Suite("Lua timers")
struct TimerBindingTests {
    /// Runs `source` as timers.lua and returns its number results and the reported errors.
    private func run(_ source: String) throws -> (results: [Double], errors: [LuaError]) {
        let state = try LuaState()
        var errors: [LuaError] = []
        let bridge = LuaBridge(state: state) { errors.append($0) }
        var results: [Double] = []
        try withExtendedLifetime(bridge) {
            let n = try state.run(source, chunkName: "timers.lua")
            for i in 0..<n where lua_type(state.raw, Int32(i + 1)) == LUA_TNUMBER {
                results.append(dyn_lua_tonumber(state.raw, Int32(i + 1)))
            }
            lua_settop(state.raw, 0)
        }
        return (results, errors)
    }

    @Test("after fires once at its exact frame; every repeats until false; both keep a resting scene stepping")
    func afterAndEvery() throws {
        let (r, errors) = try run("""
            local a = dynamics.animator{}
            local box = dynamics.item{ size = {10, 10} }
            a:addBehavior(dynamics.itemBehavior{ items = {box} })   -- nothing moves
            local at, calls, last = -1, 0, -1
            a:after(1.5, function() at = a.elapsedTime end)
            a:every(0.25, function() calls = calls + 1; last = a.elapsedTime; return calls < 4 end)
            a:run{ untilPaused = true, seconds = 10 }
            return at, calls, last, a.elapsedTime
            """)
        #expect(errors.isEmpty, "\(errors)")
        #expect(r.count == 4)
        #expect(abs(r[0] - 1.5) < 1e-9, "after(1.5) fired at \(r[0])")
        #expect(r[1] == 4 && abs(r[2] - 1.0) < 1e-9, "every(0.25) ran 4 times, the last at 1.0 s: \(r)")
        // Paused in the frame after the last timer: it fired at 1.5 s and nothing else is pending.
        #expect(abs(r[3] - 1.5) < 1e-9, "paused at \(r[3])")
    }

    @Test("cancel stops a timer; handles expose time, interval and cancelled; order is creation order")
    func cancelAndOrder() throws {
        let (r, errors) = try run("""
            local a = dynamics.animator{}
            local log = {}
            local t1 = a:after(0.5, function() log[#log + 1] = 1 end)
            local t2 = a:after(0.5, function() log[#log + 1] = 2 end)
            local t3 = a:after(0.5, function() log[#log + 1] = 3 end)
            local e = a:every(0.1, function() log[#log + 1] = 9 end)
            assert(t1.time == 0.5 and t1.interval == nil and e.interval == 0.1 and not t2.cancelled)
            t2:cancel()
            assert(t2.cancelled)
            a:after(0.45, function() e:cancel() end)
            a:run{ seconds = 1 }
            return #log, log[1], log[2], log[3], log[4], log[5], log[6]
            """)
        #expect(errors.isEmpty, "\(errors)")
        // every(0.1) at 0.1 … 0.4 (four 9s), cancelled at 0.45; then 1 and 3 at 0.5.
        #expect(r == [6, 9, 9, 9, 9, 1, 3], "\(r)")
    }

    @Test("A failing timer is cancelled and reported with file:line; others keep running")
    func failingTimer() throws {
        let (r, errors) = try run("""
            local a = dynamics.animator{}
            local n = 0
            a:every(0.1, function()
              error("boom")
            end)
            a:every(0.1, function() n = n + 1 end)
            a:run{ seconds = 0.5 }
            return n
            """)
        #expect(r == [5])
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.message.contains("timers.lua:4: boom") == true, "\(errors)")
        #expect(errors.first?.message.hasPrefix("timer (every at timers.lua:3)") == true, "\(errors)")
    }

    @Test("Bad timer arguments are errors at the caller's line")
    func badArguments() throws {
        // The ranges are the model's (`DynamicAnimator.validateDelay`, `validateInterval`).
        for (call, message) in [("a:after(-1, function() end)", "animator.after(seconds): must be a finite number in 0…1000000000.0, got -1.0"),
                                ("a:after(2e9, function() end)", "animator.after(seconds): must be a finite number in 0…1000000000.0, got 2000000000.0"),
                                ("a:every(0, function() end)", "animator.every(seconds): must be a finite number > 0 (at least 1e-06)"),
                                // A subnormal period made the next firing time infinite.
                                ("a:every(1e-315, function() end)", "animator.every(seconds): must be a finite number > 0 (at least 1e-06) and ≤ 1000000000.0, got 1e-315"),
                                ("a:after(1, 2)", "after(seconds, fn): expected a function"),
                                ("a:every('x', function() end)", "every(seconds): expected a number")] {
            let state = try LuaState()
            let bridge = LuaBridge(state: state) { _ in }
            try withExtendedLifetime(bridge) {
                do {
                    try state.run("local a = dynamics.animator{}\n\(call)", chunkName: "bad.lua")
                    Issue.record("\(call) should fail")
                } catch let e as LuaError {
                    #expect(e.message.contains("bad.lua:2: \(message)"), "\(e.message)")
                }
            }
        }
    }
}

@Suite("Lua plugins on the search path")
struct PluginNameTests {
    /// `behaviors/x.y.lua` was listed as available and then refused by `use("x.y")`; only
    /// names `use` accepts are listed now, and `require`'s errors are labelled `require`.
    @Test("Only file names that name a plugin are listed; require's errors say require")
    func listedNamesAreUsable() throws {
        let folder = testScratch.appendingPathComponent("plugins-\(UUID().uuidString)")
        let behaviors = folder.appendingPathComponent("behaviors")
        try FileManager.default.createDirectory(at: behaviors, withIntermediateDirectories: true)
        for name in ["x.y", "good_one", "bad name"] {
            try "return { name = 'p', params = {} }".write(to: behaviors.appendingPathComponent("\(name).lua"), atomically: true, encoding: .utf8)
        }
        try "return 42".write(to: behaviors.appendingPathComponent("broken.lua"), atomically: true, encoding: .utf8)
        let state = try LuaState()
        let bridge = LuaBridge(state: state) { _ in }
        bridge.sceneFolder = folder.path
        let names = bridge.luaPluginNames()
        #expect(names.contains("good_one") && names.contains("broken"))
        #expect(!names.contains("x.y") && !names.contains("bad name"))
        try withExtendedLifetime(bridge) {
            do {
                try state.run("return require('broken')", chunkName: "r.lua")
                Issue.record("require('broken') should fail")
            } catch let error as LuaError {
                #expect(error.message.contains("require: behaviors/broken.lua must return a table"), "\(error.message)")
            }
        }
    }
}
