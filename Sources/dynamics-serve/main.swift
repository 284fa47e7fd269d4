import Dynamics
import DynamicsLua
import DynamicsServe
import Foundation

// The live viewer's server (docs/cli.md, `dynamics serve`), started by `dynamics serve` with
// its arguments checked: loads the scene, serves the page, the state and the /live WebSocket
// until SIGINT or SIGTERM. Exit status 1 when it cannot listen, 2 on bad arguments.
exit(await ServeMain.run(Array(CommandLine.arguments.dropFirst())))

enum ServeMain {
    /// Serves until stopped; returns the exit status.
    static func run(_ arguments: [String]) async -> Int32 {
        let options: ServeArguments
        do {
            options = try ServeArguments(arguments)
        } catch {
            printError("error: \(error)")
            return 2
        }
        let session = await LiveSession(scenePath: options.scene, limits: options.limits)
        if let replay = options.replay {
            do {
                if let warning = try await session.openRecording(replay) { printError("warning: \(ShownText.line(replay)): \(warning)") }
            } catch {
                printError("error: \(ShownText.line(replay)): \(error)")
                return 1
            }
        }
        let firstError = session.error
        if let firstError { printError("error: \(firstError) (serving anyway; save the file to reload)") }
        // Errors after the start (a reload, a callback) show in the terminal too, not only in
        // the page: each new one once.
        let errorsShown = Task {
            var shown = firstError
            for await now in session.errors {
                if now != shown, let now { printError("error: \(now)") }
                shown = now
            }
        }
        defer { errorsShown.cancel() }
        let server = LiveServer(session: session, host: options.host, port: options.port)
        let shownHost = LiveServer.urlHost(options.host)
        let scene = options.scene, host = options.host
        do {
            try await server.run { port in
                write(FileHandle.standardOutput, "serving \(ShownText.line(scene)) at http://\(shownHost):\(port)/")
                // Once listening (it warned, then failed to listen on an address not this machine's).
                if !LiveServer.isLoopback(host) {
                    printError("warning: serving on \(host): anyone who can reach this address can see and drive the scene")
                }
            }
        } catch {
            printError("error: \(error)")
            return 1
        }
        return 0
    }

    /// A line on standard error, control characters shown as "?" (what scripts wrote reaches it).
    static func printError(_ text: String) {
        write(FileHandle.standardError, text)
    }

    /// Writes a line, control characters other than newline and tab shown as "?", through
    /// the throwing `write(contentsOf:)`: a closed or full output is no crash (the older
    /// `write(_:)` traps).
    static func write(_ file: FileHandle, _ text: String) {
        try? file.write(contentsOf: Data((ShownText.lines(text) + "\n").utf8))
    }
}
