import ArgumentParser

/// The host CLI. This release has `bench`; `run`, `test`, `check` and `behaviors` follow
/// the Lua bridge (DESIGN §6).
@main
struct DynamicsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dynamics",
        abstract: "Run, test and benchmark Dynamics scenes.",
        subcommands: [Bench.self]
    )
}
