import ArgumentParser
import Dynamics
import DynamicsLua
import Foundation

/// The host CLI (docs/cli.md): run, test, check, bench, behaviors. Exit status: 0 on success,
/// 1 on a failed test or a script error, 2 on bad usage.
@main
struct DynamicsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dynamics",
        abstract: "Run, test and benchmark Dynamics scenes.",
        subcommands: [Run.self, Replay.self, Test.self, Check.self, Bench.self, Behaviors.self, Types.self, Serve.self, TestWorker.self, DeterminismWorker.self]
    )

    static func main() async {
        // Scripts are untrusted: a check the model makes outside a call from a script (a
        // frame the CLI steps, a viewer's drag) prints its error instead of trapping.
        InvalidInput.uncaughtHandler = { error in
            printError("error: \(error)")
        }
        // Swift hands the arguments over as Strings, each byte that is not UTF-8 replaced by
        // U+FFFD, so a file named with such bytes cannot be reached through its argument
        // (`run $'\xffbad.lua'` said "no such scene file: �bad.lua" beside the file). Said
        // plainly, as bad usage; keeping the raw bytes through every path is not worth it.
        if let bad = nonUTF8Argument() {
            writeRaw(2, "Error: file names and other arguments must be valid UTF-8, got \(bad) (the bytes shown as \u{FFFD} are not)\n")
            Foundation.exit(2)
        }
        do {
            // `test` waits for its workers asynchronously; the other commands run straight.
            var command = try parseAsRoot()
            if var waiting = command as? AsyncParsableCommand {
                try await waiting.run()
            } else {
                try command.run()
            }
            // What `print` buffered is written now: a full disk or a closed pipe is a failure
            // (`types > file` on a full disk made an empty file and exited 0).
            if fflush(nil) != 0 {
                writeRaw(2, "error: could not write the output: \(String(cString: strerror(errno)))\n")
                Foundation.exit(1)
            }
        } catch {
            // Written here rather than by ArgumentParser's exit(withError:), which writes
            // through FileHandle and so trapped when standard error could not be written
            // (`run bad.lua 2>/dev/full` ended in SIGILL). Help goes to standard output, and
            // fails the command (exit 1) if it cannot be written there.
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            fflush(nil)
            if code == .success {
                if !message.isEmpty, !writeRaw(1, message + "\n") { Foundation.exit(1) }
                Foundation.exit(0)
            }
            if !message.isEmpty { printError(message) }
            // ArgumentParser reports bad usage as 64 (EX_USAGE); the contract says 2.
            Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }

    /// The first command-line argument whose bytes are not valid UTF-8, as Swift decodes it
    /// (U+FFFD for the bad bytes, control characters escaped); nil when all are.
    static func nonUTF8Argument() -> String? {
        for i in 1..<Int(CommandLine.argc) {
            guard let raw = CommandLine.unsafeArgv[i] else { continue }
            let bytes = UnsafeRawBufferPointer(start: raw, count: strlen(raw))
            if String(validating: bytes, as: UTF8.self) == nil {
                return ShownText.line(String(decoding: bytes, as: UTF8.self))
            }
        }
        return nil
    }
}
