import ArgumentParser
import Dynamics
import Foundation

/// The host CLI (docs/cli.md): run, test, check, bench, behaviors. Exit status: 0 on success,
/// 1 on a failed test or a script error, 2 on bad usage.
@main
struct DynamicsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dynamics",
        abstract: "Run, test and benchmark Dynamics scenes.",
        subcommands: [Run.self, Test.self, Check.self, Bench.self, Behaviors.self, Types.self, Serve.self, TestWorker.self]
    )

    static func main() {
        // Scripts are untrusted: a check the model makes outside a call from a script (a
        // frame the CLI steps, a viewer's drag) prints its error instead of trapping.
        InvalidInput.uncaughtHandler = { error in
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            // ArgumentParser reports bad usage as 64 (EX_USAGE); the contract says 2.
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
