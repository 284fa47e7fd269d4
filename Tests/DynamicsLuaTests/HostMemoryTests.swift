import CLua
import CLuaShim
import DynamicsLua
import Foundation
import Testing

/// Host objects a script makes count against the memory cap until they are freed.
@Suite("Host objects against the memory cap")
struct HostMemoryTests {
    /// Runs `source` in a state of its own under a memory cap of `cap` bytes; its error (nil
    /// when it ran), with the state and its bridge.
    static func failure(under cap: Int, chunkName: String, _ source: String) throws -> (LuaState, LuaBridge, LuaError?) {
        let state = try LuaState(limits: LuaLimits(memoryCap: cap))
        let bridge = LuaBridge(state: state)
        do {
            try state.run(source, chunkName: chunkName)
            return (state, bridge, nil)
        } catch let e as LuaError { return (state, bridge, e) }
    }

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
        #expect(scene.state.hostObjectBytes == 8192 + 512 + 10 * 48 + 10 * 2048 + 640)
    }

    @Test("A constructor past the cap raises at the script's line, and Lua allocations are refused too")
    func pastTheCap() throws {
        let (state, bridge, error) = try Self.failure(under: 4 << 20, chunkName: "bomb.lua", """
            local dyn = require "dynamics"
            local a = dyn.animator{}
            local g = dyn.gravity{}
            a:addBehavior(g)
            for i = 1, 100000 do g:addItem(dyn.item{ size = {1, 1} }) end
            """)
        // Whichever of the two host calls on that line crosses the cap first raises there.
        let message = error?.message ?? ""
        #expect((message.contains("bomb.lua:5: dynamics.item: not enough memory") || message.contains("bomb.lua:5: addItem: not enough memory")),
                "\(String(describing: error))")
        #expect(state.memoryUsed + state.hostObjectBytes <= 4 << 20)
        // The objects stay in the animator, so they still fill the cap: Lua allocations fail.
        #expect(throws: LuaError.self) { try state.run("local t = {} for i = 1, 1e6 do t[i] = i end", chunkName: "more.lua") }
        withExtendedLifetime(bridge) {}
    }

    /// Timers held about 600 B of the process each but were charged 256 B.
    @Test("timersChargedLessThanTheyHold: a timer is charged 640 B, and the cap stops them there")
    func timersChargedAtWhatTheyHold() throws {
        let state = try LuaState(limits: LuaLimits(instructionBudget: 1_000_000_000_000, memoryCap: 16 << 20))
        let bridge = LuaBridge(state: state)
        let made = try withExtendedLifetime(bridge) { () -> Double in
            let n = try state.run("""
                local dyn = require "dynamics"
                local a = dyn.animator{}
                local f = function() end
                local made = 0
                local ok, err = pcall(function() for i = 1, 211000 do a:after(1000 + i, f); made = i end end)
                assert(not ok and tostring(err):find("timer: not enough memory"), tostring(err))
                return made
                """, chunkName: "timers.lua")
            defer { state.pop(n) }
            return dyn_lua_tonumber(state.raw, -1)
        }
        #expect(state.hostObjectBytes == 8192 + Int(made) * 640)
        // Under 16 MiB, with the Lua side of each timer (its handle and reference) beside it.
        #expect(made > 15_000 && made < 26_000, "\(made) timers")
    }

    /// A collision behavior is charged for every point of its boundaries (the engine's chain
    /// segments with their proxies: about 410 B each, measured).
    @Test("A 60 000-point boundary is charged 448 B a point, and refunded when removed")
    func boundaryPointsCharged() throws {
        let scene = try Scene()
        try scene.state.run("""
            local dyn = require "dynamics"
            c = dyn.collision{}
            local pts = {}
            for i = 0, 59999 do pts[#pts + 1] = { i * 0.5, (i % 2) * 0.2 } end
            c:addBoundary("long", pts)
            """, chunkName: "scene.lua")
        #expect(scene.state.hostObjectBytes == 512 + 60_000 * 448)
        try scene.state.run("c:removeBoundary('long')", chunkName: "scene.lua")
        #expect(scene.state.hostObjectBytes == 512)
    }

    /// The engine's contacts were bounded (one per KiB of the cap) but not charged: a pile of
    /// items touching pairwise, or items lying on a boundary of many segments, grew the
    /// process by up to 1.4 times the cap beside it.
    @Test("contactsWereNotCharged: an animator is charged for the contacts its world holds, and stops at the cap")
    func contactsCharged() throws {
        let scene = try Scene()
        try scene.state.run("""
            local dyn = require "dynamics"
            a = dyn.animator{}
            local items = {}
            for i = 1, 60 do items[i] = dyn.item{ center = {100, 100}, size = {20, 20} } end
            a:addBehavior(dyn.collision{ items = items })
            a:step(1 / 60)
            """, chunkName: "scene.lua")
        let animator = try #require(scene.bridge.animators.first)
        let held = animator.heldContacts
        #expect(held >= 60 * 59 / 2, "\(held) contacts")
        // The animator's charge is its own and its contacts'; the items (2 KiB each) and the
        // behavior with its list beside it.
        #expect(scene.state.hostObjectBytes == 8192 + held * 1472 + 60 * 2048 + 512 + 60 * 48)

        // Under a cap too small for the pile's contacts, the animator stops at the room the
        // cap leaves them, with the error at the script's step.
        let (state, bridge, error) = try Self.failure(under: 4 << 20, chunkName: "pile.lua", """
            local dyn = require "dynamics"
            local a = dyn.animator{}
            local items = {}
            for i = 1, 200 do items[i] = dyn.item{ center = {100, 100}, size = {20, 20} } end
            a:addBehavior(dyn.collision{ items = items })
            a:step(1 / 60)
            """)
        defer { withExtendedLifetime(bridge) {} }
        #expect(error?.message.contains("pile.lua:6: ") == true && error?.message.contains("animator.contacts: the items touch in more than the ") == true
                && error?.message.contains("pairs of shapes the contact allowance grants") == true
                && error?.message.contains("the room left under the Lua memory cap") == true,
                "\(String(describing: error))")
        #expect(state.memoryUsed + state.hostObjectBytes <= 4 << 20)
    }
}
