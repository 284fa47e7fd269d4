import CLua
import DynamicsLua
import Foundation
import Testing

/// Host objects a script makes count against the memory cap until they are freed.
@Suite("Host objects against the memory cap")
struct HostMemoryTests {
    @Test("Items are charged while they live and refunded when their handles are collected")
    func itemsChargedAndRefunded() throws {
        let scene = try Scene()
        try scene.state.run("""
            local dyn = require "dynamics"
            kept = {}
            for i = 1, 100 do kept[i] = dyn.item{ size = {1, 1} } end
            """, chunkName: "scene.lua")
        #expect(scene.state.hostObjectBytes == 100 * 2048)
        try scene.state.run("kept = nil collectgarbage() collectgarbage()", chunkName: "scene.lua")
        #expect(scene.state.hostObjectBytes == 0)
        // A name is charged with its item (20 000 items with 4 KB names held 164 MB outside
        // a 64 MB cap).
        try scene.state.run("named = dynamics.item{ size = {1, 1}, name = string.rep('n', 4000) }", chunkName: "scene.lua")
        #expect(scene.state.hostObjectBytes == 2048 + 4000)
    }

    @Test("Objects in an animator stay charged after the script drops their handles")
    func objectsInAnimatorStayCharged() throws {
        let scene = try Scene()
        try scene.state.run("""
            local dyn = require "dynamics"
            local a = dyn.animator{}
            local g = dyn.gravity{}
            a:addBehavior(g)
            for i = 1, 10 do g:addItem(dyn.item{ size = {1, 1} }) end
            a:after(5, function() end)
            collectgarbage() collectgarbage()
            """, chunkName: "scene.lua")
        // The animator (kept by the bridge), its behavior with its list of ten, the ten items
        // and the timer.
        #expect(scene.state.hostObjectBytes == 8192 + 512 + 10 * 48 + 10 * 2048 + 256)
    }

    @Test("A constructor past the cap raises at the script's line, and Lua allocations are refused too")
    func pastTheCap() throws {
        let state = try LuaState(limits: LuaLimits(memoryCap: 4 << 20))
        let bridge = LuaBridge(state: state)
        let error = withExtendedLifetime(bridge) { () -> LuaError? in
            do {
                try state.run("""
                    local dyn = require "dynamics"
                    local a = dyn.animator{}
                    local g = dyn.gravity{}
                    a:addBehavior(g)
                    for i = 1, 100000 do g:addItem(dyn.item{ size = {1, 1} }) end
                    """, chunkName: "bomb.lua")
                return nil
            } catch let e as LuaError { return e } catch { return nil }
        }
        // Whichever of the two host calls on that line crosses the cap first raises there.
        let message = error?.message ?? ""
        #expect((message.contains("bomb.lua:5: dynamics.item: not enough memory") || message.contains("bomb.lua:5: addItem: not enough memory")),
                "\(String(describing: error))")
        #expect(state.memoryUsed + state.hostObjectBytes <= 4 << 20)
        // The objects stay in the animator, so they still fill the cap: Lua allocations fail.
        try withExtendedLifetime(bridge) {
            #expect(throws: LuaError.self) { try state.run("local t = {} for i = 1, 1e6 do t[i] = i end", chunkName: "more.lua") }
        }
    }
}
