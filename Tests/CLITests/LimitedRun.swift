import DynamicsTestSupport
import Foundation

/// The built `dynamics` executable (next to the test bundle, or a few folders up).
let dynamicsBinary: URL = {
    var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    var binary = dir.appendingPathComponent("dynamics")
    for _ in 0..<5 where !FileManager.default.isExecutableFile(atPath: binary.path) {
        dir = dir.deletingLastPathComponent()
        binary = dir.appendingPathComponent("dynamics")
    }
    return binary
}()

/// How a bounded run of the CLI ended.
struct LimitedOutcome: Sendable {
    enum End: Sendable, Equatable {
        case exited(Int32)
        case signal(Int32)
        case hung(seconds: Double)
    }
    var end: End
    var stdout: String
    var stderr: String
    var seconds: Double
    var output: String { stdout + stderr }

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
        let outcome = try runLimitedNow(arguments, in: directory, timeout: timeout, memoryCeilingKB: memoryCeilingKB)
        await ProcessPool.shared.release()
        return outcome
    } catch {
        await ProcessPool.shared.release()
        throw error
    }
}

private func runLimitedNow(_ arguments: [String], in directory: URL, timeout: Double,
                           memoryCeilingKB: Int) throws -> LimitedOutcome {
    let scratch = testScratch.appendingPathComponent("dynamics-limited-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("stdout"), errURL = scratch.appendingPathComponent("stderr")
    // A file that could not be made fails the FileHandle below.
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
    defer { try? out.close(); try? err.close() }

    let process = Process()
    // `exec` replaces the shell, so the pid we kill is the CLI itself.
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "ulimit -v \(memoryCeilingKB) 2>/dev/null; exec \"$0\" \"$@\"", dynamicsBinary.path] + arguments
    process.currentDirectoryURL = directory
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    let start = Date()
    try process.run()
    var hung = false
    while process.isRunning {
        if Date().timeIntervalSince(start) > timeout {
            kill(process.processIdentifier, SIGKILL)
            hung = true
            break
        }
        usleep(10_000)
    }
    process.waitUntilExit()
    let seconds = Date().timeIntervalSince(start)
    let stdout = String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self)
    let stderr = String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self)
    let end: LimitedOutcome.End
    if hung { end = .hung(seconds: timeout) }
    else if process.terminationReason == .uncaughtSignal { end = .signal(process.terminationStatus) }
    else { end = .exited(process.terminationStatus) }
    return LimitedOutcome(end: end, stdout: stdout, stderr: stderr, seconds: seconds)
}
