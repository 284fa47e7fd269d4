import Foundation
import PackagePlugin

/// `swift package dynamics-test [PATH ...] [--filter TEXT] [--junit FILE] [--jobs N]`:
/// runs the Lua script-driven tests through the `dynamics` CLI (default Tests/Scenes).
@main
struct DynamicsTestCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "dynamics")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["test"] + arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("dynamics test failed (exit status \(process.terminationStatus))")
        }
    }
}
