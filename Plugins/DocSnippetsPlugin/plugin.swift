import Foundation
import PackagePlugin

/// Turns the ```swift blocks of README.md and docs/*.md into Swift files of the target it is
/// applied to (DocSnippetTests), one per doc, so that the build compiles the docs' Swift and
/// the tests run it. An edit of a doc reruns it.
@main
struct DocSnippetsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let root = context.package.directoryURL
        let docsFolder = root.appendingPathComponent("docs")
        let docs = ["README.md"] + ((try? FileManager.default.contentsOfDirectory(atPath: docsFolder.path)) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        let output = context.pluginWorkDirectoryURL
        // The tool names each doc's file after the doc: `docs/uikit-ports.md` → Snippets_uikit_ports.swift.
        let outputs = docs.map { doc -> URL in
            let base = ((doc as NSString).lastPathComponent as NSString).deletingPathExtension.lowercased()
            let name = base.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
            return output.appendingPathComponent("Snippets_\(name).swift")
        } + [output.appendingPathComponent("DocSnippets.swift")]
        return [.buildCommand(
            displayName: "Extracting the Swift blocks of README.md and docs/*.md",
            executable: try context.tool(named: "dynamics-snippets").url,
            arguments: [output.path, root.path] + docs,
            inputFiles: docs.map { root.appendingPathComponent($0) } + [docsFolder],
            outputFiles: outputs
        )]
    }
}
