import DynamicsTestSupport
import Foundation

/// The built `dynamics` executable (see `builtExecutable`).
let dynamicsBinary: URL = {
    do { return try builtExecutable("dynamics") } catch { fatalError("\(error)") }
}()

/// How a bounded run of the CLI ended.
typealias LimitedOutcome = SubprocessResult

extension SubprocessResult {
    /// A short description for failure messages: the end and the tail of the output.
    var summary: String {
        // A host failure's own line (a Swift trap, an abort from Lua) comes first: the tail of a
        // crash is mostly a backtrace.
        let markers = ["Fatal error", "unprotected Lua error", "Simultaneous accesses", "Precondition failed", "error:"]
        let lines = output.split(separator: "\n")
        var cause = lines.first { line in markers.contains { line.contains($0) } }.map { [$0] } ?? []
        // The Swift backtracer's crashing frames, up to the first one in this package's sources.
        if let crashed = lines.firstIndex(where: { $0.hasPrefix("Thread ") && $0.hasSuffix(" crashed:") }) {
            let frames = lines[(crashed + 1)...].prefix(12)
            cause += frames.prefix { !$0.isEmpty && !$0.hasPrefix("...") }.prefix(1)
            if let own = frames.first(where: { $0.contains("/Sources/") }) { cause.append(own) }
        }
        let tail = (cause.isEmpty ? "" : cause.joined(separator: "\n") + "\n…\n") + String(output.suffix(1200))
        switch end {
        case .exited(let s): return "exit status \(s) after \(String(format: "%.2f", seconds)) s; output ends:\n\(tail)"
        case .signal(let s): return "crashed: signal \(s) after \(String(format: "%.2f", seconds)) s; output ends:\n\(tail)"
        case .hung(let limit): return "hung: killed after \(limit) s; output ends:\n\(tail)"
        }
    }
}

/// At most `slots` CLI subprocesses at a time across all the attack and fuzz tests (the
/// machine is shared: a small pool keeps the total time reasonable without oversubscribing).
actor ProcessPool {
    static let shared = ProcessPool(slots: max(1, Int(ProcessInfo.processInfo.environment["ATTACK_JOBS"] ?? "") ?? 3))
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []
    init(slots: Int) { free = slots }

    func acquire() async {
        if free > 0 { free -= 1; return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
    }
}

/// Runs `dynamics ARGS` from `directory` with a hard wall-clock limit (SIGKILL on overrun)
/// and a virtual-memory ceiling (a safety net for the machine, far above any cap a script
/// should reach). Output goes to files, so a chatty script cannot block on a full pipe.
func runLimited(_ arguments: [String], in directory: URL, timeout: Double,
                memoryCeilingKB: Int = 3_000_000) async throws -> LimitedOutcome {
    await ProcessPool.shared.acquire()
    do {
        let outcome = try runSubprocess(dynamicsBinary, arguments, in: directory, timeout: timeout, memoryCeilingKB: memoryCeilingKB)
        await ProcessPool.shared.release()
        return outcome
    } catch {
        await ProcessPool.shared.release()
        throw error
    }
}
