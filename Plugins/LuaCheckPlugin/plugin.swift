import Foundation
import PackagePlugin

/// Checks the package's Lua files (Examples/, Examples/behaviors/, Tests/Scenes/) at build
/// time: a syntax error fails the build with file:line. The checker writes a small Swift
/// file so that the build has an output to depend on; it reruns only when a Lua file changes.
@main
struct LuaCheckPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let root = context.package.directoryURL
        var files: [URL] = []
        for folder in ["Examples", "Tests/Scenes"] {
            let url = root.appendingPathComponent(folder)
            guard let e = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in e where file.pathExtension == "lua" { files.append(file) }
        }
        files.sort { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("LuaCheck.swift")
        return [.buildCommand(
            displayName: "Checking \(files.count) Lua files",
            executable: try context.tool(named: "dynamics-luacheck").url,
            arguments: [output.path] + files.map(\.path),
            inputFiles: files,
            outputFiles: [output]
        )]
    }
}
