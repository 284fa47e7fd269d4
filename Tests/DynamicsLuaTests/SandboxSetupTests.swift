import CLua
@testable import DynamicsLua
import Foundation
import Testing

/// The sandbox is a Lua program (Sources/DynamicsLua/Resources/sandbox.lua) embedded at build
/// time and run by every state before any other code. A setup that cannot build the
/// environment refuses the state with an error that says so; no state runs scripts without it.
@Suite("The sandbox's setup")
struct SandboxSetupTests {
    static let resource = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/DynamicsLua/Resources/sandbox.lua")

    @Test("Every state runs the embedded Resources/sandbox.lua, byte for byte")
    func embedded() throws {
        let onDisk = try Data(contentsOf: SandboxSetupTests.resource)
        #expect(Data(LuaState.sandboxSetup) == onDisk)
        // And it is what a state runs: the environment has no io, and pcall is the wrapper.
        let state = try LuaState()
        #expect(try state.run("return io == nil and os.execute == nil and string.dump == nil", chunkName: "probe.lua") == 1)
        #expect(lua_toboolean(state.raw, -1) != 0)
    }

    static let broken: [(String, String, String)] = [
        ("an empty setup", "", "the setup chunk is empty"),
        ("a syntax error", "local env = {", "sandbox:1: unexpected symbol near <eof>"),
        ("an error while it runs", "error('no environment here')", "no environment here"),
        ("no table returned", "return 42", "did not return the environment table"),
        ("nothing returned", "local env = {}", "did not return the environment table"),
    ]

    @Test("A setup that cannot build the environment refuses the state, saying why", arguments: broken.map(\.0))
    func failsClosed(_ name: String) throws {
        let (_, setup, reason) = try #require(SandboxSetupTests.broken.first { $0.0 == name })
        do {
            _ = try LuaState(limits: LuaLimits(), sandboxSetup: Array(setup.utf8))
            Issue.record("\(name): a state was made")
        } catch let error as LuaError {
            #expect(error.message.hasPrefix("cannot set up the sandbox (Resources/sandbox.lua"), "\(error.message)")
            #expect(error.message.contains(reason), "\(name): \(error.message)")
        }
    }
}
