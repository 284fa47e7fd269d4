import ArgumentParser
import Dynamics
import DynamicsLua
import DynamicsServe
import Foundation

/// `dynamics serve SCENE.lua [--port N] [--host ADDR]`: the live viewer (docs/cli.md, `dynamics serve`). Runs the
/// scene in real time and serves a page that shows it and lets a person touch it; reloads it
/// when the file or a plugin it uses changes. Stops on Ctrl-C.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve a scene live in the browser: touch it, tune it, edit it.")

    @Argument(help: "The scene script.")
    var scene: String

    @Option(parsing: .unconditional, help: "The port (default 8420; 0 picks a free one).")
    var port: Int = 8420

    @Option(help: "The address to listen on (default 127.0.0.1: this machine only).")
    var host: String = "127.0.0.1"

    @OptionGroup var lua: LuaOptions

    func validate() throws {
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
        let session = LiveSession(scenePath: scene, limits: lua.limits)
        if let error = session.error { printError("error: \(error) (serving anyway; save the file to reload)") }
        // An IPv6 address as URLs write it ([::1], as the printed address shows it) is taken too.
        let host = self.host.hasPrefix("[") && self.host.hasSuffix("]") && self.host.count > 2
            ? String(self.host.dropFirst().dropLast()) : self.host
        let server = LiveServer(session: session, host: host, port: port)
        let shown = LiveServer.urlHost(host)
        let scene = self.scene
        let finished = DispatchSemaphore(value: 0)
        let failure = ErrorBox()
        Task {
            do {
                try await server.run { port in
                    writeRaw(1, "serving \(ShownText.line(scene)) at http://\(shown):\(port)/\n")
                    // Once listening (it warned, then failed to listen on an address not this
                    // machine's).
                    if !LiveServer.isLoopback(host) {
                        printError("warning: serving on \(host): anyone who can reach this address can see and drive the scene")
                    }
                }
            } catch {
                failure.error = error
            }
            finished.signal()
        }
        // Errors after the start (a reload, a callback) show in the terminal too, not only in
        // the page: each new one once.
        Thread.detachNewThread {
            var shown = session.error
            while true {
                Thread.sleep(forTimeInterval: 0.25)
                let now = session.error
                if now != shown, let now { printError("error: \(now)") }
                shown = now
            }
        }
        finished.wait()
        if let error = failure.error {
            printError("error: \(error)")
            throw ExitCode(1)
        }
    }
}

/// Carries an error out of the server's task.
private final class ErrorBox: @unchecked Sendable {
    var error: Error?
}
