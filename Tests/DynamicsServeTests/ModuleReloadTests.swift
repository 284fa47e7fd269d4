import DynamicsLua
@testable import DynamicsServe
import DynamicsTestSupport
import Foundation
import Testing

@Suite("The viewer reloads on a save of a module the scene loaded")
struct ModuleReloadTests {
    /// A restart of an unstepped scene is answered by its last load unless a watched file
    /// changed: a module the scene required is watched, so a save of it reloads.
    @Test("a restart after a module's save loads the scene again, with the new module")
    func moduleSaveReloads() async throws {
        let path = try sceneFile("modular.lua", """
            local dyn = require "dynamics"
            local a = dyn.animator{ bounds = {0, 0, 400, 400} }
            for i = 1, require "item_count" do a:addBehavior(dyn.gravity{ items = { dyn.item{ center = {40 * i, 50}, size = {10, 10} } } }) end
            return a
            """)
        let lib = folderPath(of: path) + "/lib"
        try FileManager.default.createDirectory(atPath: lib, withIntermediateDirectories: true)
        try "return 2\n".write(toFile: lib + "/item_count.lua", atomically: true, encoding: .utf8)
        let session = await LiveSession(scenePath: path, limits: LuaLimits())
        #expect(session.error == nil, "\(session.error ?? "")")
        #expect(session.state().items.count == 2)
        try "return 3\n".write(toFile: lib + "/item_count.lua", atomically: true, encoding: .utf8)
        try await session.perform(.control(.restart))
        #expect(session.state().items.count == 3)
    }
}
