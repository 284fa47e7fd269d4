import ArgumentParser
import Dynamics
import DynamicsLua
import Foundation

/// `--lua-budget N` and `--lua-memory MB`, shared by run, test and check.
///
/// Numeric options of every command are parsed `.unconditional`: the word after the option
/// is its value even when it starts with a dash, so `--seconds -1` reaches the range check
/// (not "Missing value for '--seconds <seconds>'", as when the parser takes -1 for a flag). The
/// cost: `--seconds --fps 10` takes `--fps` for the value and says it is not a number.
struct LuaOptions: ParsableArguments {
    @Option(name: .customLong("lua-budget"), parsing: .unconditional, help: "Lua instructions per call into Lua (default 100000000; 1e8 also reads).")
    var budgetArgument = WholeNumber(100_000_000)
    var budget: Int { budgetArgument.value }

    @Option(name: .customLong("lua-memory"), parsing: .unconditional, help: "Memory cap of the Lua state, in MB (default 64).")
    var memory: Int = 64

    func validate() throws {
        guard (1_000...1_000_000_000_000).contains(budget) else {
            throw ValidationError("--lua-budget must be a whole number in 1000…1000000000000 instructions, got \(budgetArgument.text)")
        }
        guard (1...65_536).contains(memory) else { throw ValidationError("--lua-memory must be in 1…65536 MB, got \(memory)") }
    }

    var limits: LuaLimits { LuaLimits(instructionBudget: budget, memoryCap: memory << 20) }
}

/// A whole number written in digits, with a fraction of zeros, or in exponent form (`1e12`,
/// `1000.0`): `--lua-budget`'s range reads 1000…10¹² in the docs and 10^12 in its own error, and
/// "1e12" was refused as no number. Only digits, one fraction and an exponent are taken (no
/// `0x`), read exactly (`9.99999999999999999e11` is no whole number), and a whole number past
/// `Int` is kept as its text, so the range check can name it.
struct WholeNumber: ExpressibleByArgument {
    var value: Int
    var text: String

    init(_ value: Int) { self.value = value; text = "\(value)" }

    init?(argument: String) {
        text = argument
        if let n = Int(argument) { value = n; return }
        let allowed = Set("0123456789.eE+-")
        guard let first = argument.first, first.isASCII, first.isNumber || first == "-", argument.allSatisfy(allowed.contains),
              let d = Decimal(string: argument, locale: Locale(identifier: "en_US_POSIX")), d.isFinite else { return nil }
        var exact = d, whole = Decimal()
        NSDecimalRound(&whole, &exact, 0, .plain)
        guard whole == d else { return nil }
        // Past Int: the range check refuses it by its text (`value` is only out of range).
        value = whole > Decimal(Int.max) ? Int.max : whole < Decimal(Int.min) ? Int.min : NSDecimalNumber(decimal: whole).intValue
    }

    var defaultValueDescription: String { text }
}

/// Writes to standard error, as every line the CLI shows: control and bidirectional
/// characters other than newline and tab as "?" (`ShownText.lines`). Messages carry what
/// scripts wrote (an error's text, a misspelled key, a file name), and an escape sequence in
/// one reached the terminal raw.
func printError(_ text: String) {
    writeRaw(2, ShownText.lines(text) + "\n")
}

/// Writes a line to standard output (as `print` does, buffered), with control and
/// bidirectional characters other than newline and tab as "?" (`ShownText.lines`). Text from
/// scripts and file names in it should be `ShownText.line` already, so a newline in one
/// cannot forge a line.
func printOut(_ text: String) {
    print(ShownText.lines(text))
}

/// Writes `text` to a file descriptor (1 or 2) whole; false if it could not. Foundation's
/// `FileHandle.write` traps when the write fails, so a full disk or a closed standard error
/// crashed every command that had something to say (SIGILL), and a running `serve` at its
/// first error message.
@discardableResult
func writeRaw(_ fd: Int32, _ text: String) -> Bool {
    Data(text.utf8).withUnsafeBytes { writeAll(fd, $0) }
}

/// Writes all of `bytes` to `fd`, going on after interruptions; false (with `errno` set) if
/// a write fails. The one write loop of the CLI's outputs.
func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
        if n < 0 {
            if errno == EINTR { continue }
            return false
        }
        offset += n
    }
    return true
}

/// Whether standard error is a terminal (progress is shown only then).
var stderrIsTerminal: Bool { isatty(2) != 0 }

/// A script error in the CLI's format: the message (file:line first) and the traceback.
func report(_ error: LuaError) {
    printError("error: \(error.message)")
    if let traceback = error.traceback { printError(traceback) }
}

/// `--timeout S`: a wall-clock bound on the whole command, loading included, whatever runs
/// when time is up (a script's budget may be larger). Shared by run, check and behaviors.
struct TimeoutOption: ParsableArguments {
    @Option(parsing: .unconditional, help: "Stop with an error when the command takes longer than this (wall-clock seconds).")
    var timeout: Double?

    func validate() throws {
        if let timeout {
            guard timeout.isFinite, timeout > 0, timeout <= 86_400 else {
                throw ValidationError("--timeout must be in (0, 86400] seconds, got \(timeout)")
            }
        }
    }

    /// Starts the clock: after `timeout` (or `fallback`) seconds the process prints that
    /// `what` timed out and exits with status 1.
    func arm(_ what: String, fallback: Double? = nil) {
        guard let seconds = timeout ?? fallback else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
            printError("error: \(what): timed out after \(String(format: "%g", seconds)) s")
            _exit(1)
        }
    }
}
