import ArgumentParser
import Foundation

/// The host CLI. This release has `bench`; `run`, `test`, `check` and `behaviors` follow
/// the Lua bridge (DESIGN §6). Exit status: 0 on success, 1 on a failure, 2 on bad usage.
@main
struct DynamicsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dynamics",
        abstract: "Run, test and benchmark Dynamics scenes.",
        subcommands: [Bench.self]
    )

    static func main() {
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
