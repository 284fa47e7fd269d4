import ArgumentParser
import Dynamics
import DynamicsLua
import Foundation

/// `dynamics serve SCENE.lua [--port N] [--host ADDR]`: the live viewer (docs/cli.md, `dynamics serve`). Runs the
/// scene in real time and serves a page that shows it and lets a person touch it; reloads it
/// when the file or a plugin it uses changes. Stops on Ctrl-C.
///
/// The server (Hummingbird on SwiftNIO) is its own executable, `dynamics-serve`, so that every
/// other command builds without it (a release build of the server stack takes minutes, and
/// `make demo` never serves). This command checks the arguments, then replaces itself with
/// `dynamics-serve` from the folder it runs from, building it there first if it is missing
/// (`ServerExecutable`).
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve a scene live in the browser: touch it, tune it, edit it.")

    @Argument(help: "The scene script.")
    var scene: String

    @Option(parsing: .unconditional, help: "The port (default 8420; 0 picks a free one).")
    var port: Int = 8420

    @Option(help: "The address to listen on (default 127.0.0.1: this machine only).")
    var host: String = "127.0.0.1"

    @Option(help: "Open this recording (.dynrec) on the viewer's timeline, paused at its first frame.")
    var replay: String?

    @OptionGroup var lua: LuaOptions

    func validate() throws {
        if let replay { guard FileManager.default.fileExists(atPath: replay) else { throw ValidationError("no such recording: \(replay)") } }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be in 0…65535, got \(port)") }
        guard !host.isEmpty else { throw ValidationError("--host must not be empty") }
        guard FileManager.default.fileExists(atPath: scene) else { throw ValidationError("no such scene file: \(scene)") }
    }

    func run() throws {
        // What can never be a scene is refused, as `run` refuses it: a folder, a file that is
        // not UTF-8 text (a PNG) or too large. A script error is served anyway: saving the
        // file fixes it.
        do { _ = try LuaSource.read(scene) } catch {
            printError("error: \(ShownText.line(scene)): \(error)")
            throw ExitCode(1)
        }
        // An IPv6 address as URLs write it ([::1], as the printed address shows it) is taken too.
        let host = self.host.hasPrefix("[") && self.host.hasSuffix("]") && self.host.count > 2
            ? String(self.host.dropFirst().dropLast()) : self.host
        let server = try ServerExecutable.locate()
        // The arguments in the one form `dynamics-serve` takes (options first, the scene after `--`).
        let arguments = ["--port", "\(port)", "--host", host, "--lua-budget", "\(lua.budget)", "--lua-memory", "\(lua.memory)"]
            + (replay.map { ["--replay", $0] } ?? []) + ["--", scene]
        try ServerExecutable.exec(server, arguments: arguments)
    }
}
