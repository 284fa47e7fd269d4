import DynamicsLua
import Foundation
import Testing

/// A custom field whose `evaluate` raises is reported once and switched off; assigning a new
/// `evaluate` switches it back on. (The Lua side of the API's other checks is in
/// Tests/Scenes/api_edges_test.lua; this one needs the host's list of callback errors.)
@Suite("A custom field's failing evaluate")
struct CustomFieldErrorTests {
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
