import ArgumentParser
import DynamicsLua
import Foundation

/// `dynamics types`: prints the Lua language-server annotations of the `dynamics` module, for
/// editors (save them in the project: `dynamics types > dynamics.d.lua`).
struct Types: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print Lua language-server annotations (---@meta) for the dynamics module.",
        discussion: "Save them where lua-language-server looks: `dynamics types > dynamics.d.lua` in the project, or --output FILE.")

    @Option(name: .shortAndLong, help: "Write the annotations to this file instead of standard output.")
    var output: String?

    func run() throws {
        let text = LuaBridge.luaAnnotations
        do {
            if let output {
                // Only over a previous annotations file or an empty one (a scene
                // given as --output was replaced, exit 0).
                try OutputFile.check(output, option: "--output", outputs: ["---@meta dynamics\n", "---@meta dynamics\r\n"], writesLua: true)
                try OutputFile.write(text, to: output, option: "--output")
            } else {
                try OutputFile.writeStandardOutput(text)
            }
        } catch {
            writeRaw(2, "dynamics types: \(error)\n")
            throw ExitCode(1)
        }
    }
}
