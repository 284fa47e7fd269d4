import CLua
import CLuaShim
import Dynamics
import DynamicsLua
import Foundation
import Testing

/// animator:spawn and the dyn.wait family through the bridge: what a failing task reports,
/// and that tasks stay inside the budget and the memory cap (docs/lua-api.md, "Sequencing").
@Suite("Lua tasks")
struct TaskBindingTests {
    @Test("a task that raises ends, and its error is reported with file:line; the animator goes on")
    func raisingTaskIsReported() throws {
        let scene = try Scene()
        try scene.number("""
            local a = dynamics.animator{}
            local box = dynamics.item{ size = {10, 10} }
            a:addBehavior(dynamics.itemBehavior{ items = {box} })
            task = a:spawn(function()
              dynamics.wait(0.1)
              error("boom")
            end)
            a:run{ seconds = 1 }
            """)
        #expect(scene.errors.count == 1)
        #expect(scene.errors.first?.message == "task (spawned at scene.lua:4): scene.lua:6: boom", "\(scene.errors)")
        let error = try scene.state.run("return task.error, task.done", chunkName: "check.lua")
        #expect(error == 2)
        #expect(dyn_lua_tostring(scene.state.raw, 1).map { String(cString: $0) } == "scene.lua:6: boom")
    }

    @Test("a task that yields outside dyn.wait fails and says so")
    func rawYieldIsAnError() throws {
        let scene = try Scene()
        try scene.number("""
            local a = dynamics.animator{}
            a:spawn(function() coroutine.yield(1) end)
            """)
        #expect(scene.errors.count == 1)
        #expect(scene.errors.first?.message.contains("yielded outside dyn.wait") == true, "\(scene.errors)")
    }

    @Test("a task that never yields stops at its resume's budget, reported; the host goes on stepping")
    func endlessTaskStopsAtTheBudget() throws {
        // The host steps the animator (as `dynamics run` and the viewer do): each resume is
        // its own call into Lua, under the per-call budget.
        let state = try LuaState(limits: LuaLimits(instructionBudget: 1_000_000))
        var errors: [LuaError] = []
        let bridge = LuaBridge(state: state) { errors.append($0) }
        try withExtendedLifetime(bridge) {
            let n = try state.run("""
                local animator = dynamics.animator{}
                animator:spawn(function() dynamics.wait(0.1); while true do end end)
                return animator
                """, chunkName: "loop.lua")
            let a = try #require(try bridge.sceneResult(results: n).animator)
            lua_settop(state.raw, 0)
            let started = Date()
            for _ in 0..<60 { a.step(1.0 / 60) }
            #expect(Date().timeIntervalSince(started) < 2, "the loop ends at its budget (10 ms), once")
            #expect(errors.count == 1 && errors.first?.message.contains("loop.lua:2") == true, "\(errors)")
            #expect(abs(a.elapsedTime - 0.1) < 0.02, "the failed task no longer keeps the animator stepping: \(a.elapsedTime)")
        }
    }

    @Test("a million tasks hit the memory cap with a clear error, not the host's memory")
    func manyTasksHitTheCap() throws {
        let state = try LuaState(limits: LuaLimits(memoryCap: 16 << 20))
        let bridge = LuaBridge(state: state) { _ in }
        let error: LuaError? = withExtendedLifetime(bridge) {
            do {
                try state.run("""
                    local a = dynamics.animator{}
                    for i = 1, 1000000 do a:spawn(function() dynamics.wait(1) end) end
                    """, chunkName: "many.lua")
                return nil
            } catch let e as LuaError { return e } catch { return nil }
        }
        #expect(error?.message.contains("memory") == true, "\(String(describing: error))")
        #expect(error?.message.contains("many.lua:2") == true, "\(String(describing: error))")
    }

    @Test("tasks spawning tasks run in order on the same step")
    func tasksSpawnTasks() throws {
        let scene = try Scene()
        let t = try scene.number("""
            local a = dynamics.animator{}
            local log = {}
            a:spawn(function()
              dynamics.wait(0.5)
              a:spawn(function() dynamics.wait(0.25); log[#log + 1] = a.elapsedTime end)
              log[#log + 1] = a.elapsedTime
            end)
            a:run{ seconds = 1 }
            return log[1] * 1000 + log[2]
            """)
        #expect(scene.errors.isEmpty, "\(scene.errors)")
        #expect(t.map { abs($0 - (500 + 0.75)) < 1e-6 } == true, "\(t ?? .nan)")
    }
}
