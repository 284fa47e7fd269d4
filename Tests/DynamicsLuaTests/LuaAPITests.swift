import DynamicsLua
import Foundation
import Testing

/// Lua API gaps found by a new user's evaluation that need the host's view (callback errors); the rest are in
/// Tests/Scenes/api_test.lua.
@Suite("Lua API gaps (callback errors)")
struct LuaAPITests {
    @Test("A new evaluate switches a custom field its error disabled back on")
    func evaluateReenables() throws {
        let scene = try Scene()
        try scene.number("""
            local dyn = require "dynamics"
            a = dyn.animator{}
            b = dyn.item{ center = {0, 0}, size = {100, 100} }
            f = dyn.field.custom{ items = {b}, evaluate = function() error("boom") end }
            a:addBehavior(f)
            a:addBehavior(dyn.itemBehavior{ items = {b}, resistance = 0 })
            a:step()
            """)
        #expect(scene.errors.count == 1 && scene.errors[0].message.contains("boom"))
        let vx = try scene.number("""
            assert(b.velocity.x == 0)
            f.evaluate = function() return 1, 0 end
            a:run{ seconds = 0.5 }
            return b.velocity.x
            """)
        #expect(abs(vx! - 50) < 1, "\(vx!)")
        #expect(scene.errors.count == 1)
    }
}
