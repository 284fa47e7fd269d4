import Foundation
import PackagePlugin

/// Checks the package's Lua files at build time (Examples/, Tests/Scenes/, and the Lua programs
/// the package embeds: the sandbox's setup and the test API under Sources/*/Resources/): a syntax
/// error fails the build with file:line. The checker writes a small Swift
/// file so that the build has an output to depend on; it reruns only when a Lua file changes.
@main
struct LuaCheckPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let root = context.package.directoryURL
        // Inputs: every Lua file (an edit reruns the check) and every folder (an added file
        // does); the checker itself lists the .lua files when it runs.
        let folders = ["Examples", "Tests/Scenes", "Sources/DynamicsLua/Resources", "Sources/DynamicsLuaTesting/Resources"].map { root.appendingPathComponent($0) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        var inputs: [URL] = []
        for folder in folders {
            inputs.append(folder)
            guard let e = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey]) else { continue }
            for case let url as URL in e where url.pathExtension == "lua" || url.hasDirectoryPath { inputs.append(url) }
        }
        inputs.sort { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("LuaCheck.swift")
        return [.buildCommand(
            displayName: "Checking the Lua files under Examples/, Tests/Scenes/ and Sources/*/Resources/",
            executable: try context.tool(named: "dynamics-luacheck").url,
            arguments: [output.path] + folders.map(\.path),
            inputFiles: inputs,
            outputFiles: [output]
        )]
    }
}
