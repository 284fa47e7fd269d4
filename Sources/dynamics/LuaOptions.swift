import ArgumentParser
import DynamicsLua
import Foundation

/// `--lua-budget N` and `--lua-memory MB`, shared by run, test and check.
struct LuaOptions: ParsableArguments {
    @Option(name: .customLong("lua-budget"), help: "Lua instructions per call into Lua (default 100000000).")
    var budget: Int = 100_000_000

    @Option(name: .customLong("lua-memory"), help: "Memory cap of the Lua state, in MB (default 64).")
    var memory: Int = 64

    func validate() throws {
        guard (1_000...1_000_000_000_000).contains(budget) else {
            throw ValidationError("--lua-budget must be in 1000…10^12 instructions, got \(budget)")
        }
        guard (1...65_536).contains(memory) else { throw ValidationError("--lua-memory must be in 1…65536 MB, got \(memory)") }
    }

    var limits: LuaLimits { LuaLimits(instructionBudget: budget, memoryCap: memory << 20) }
}

/// Writes to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Whether standard error is a terminal (progress is shown only then).
var stderrIsTerminal: Bool { isatty(2) != 0 }

/// A script error in the CLI's format: the message (file:line first) and the traceback.
func report(_ error: LuaError) {
    printError("error: \(error.message)")
    if let traceback = error.traceback { printError(traceback) }
}
