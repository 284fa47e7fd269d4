import DynamicsTestSupport
import Foundation

/// A run of the CLI with the peak resident memory of its process (Linux: read from /proc).
struct MeasuredRun {
    var status: Int32
    var stdout: String
    var stderr: String
    /// Peak resident set size, bytes.
    var peakBytes: Int
    var output: String { stdout + stderr }
}

/// Runs `dynamics ARGS` (paths in them absolute: the child starts in this process's working
/// folder), its output in files, and measures its peak memory. One measured run at a time.
func runMeasured(_ arguments: [String]) throws -> MeasuredRun {
    measuredRunLock.lock()
    defer { measuredRunLock.unlock() }
    let scratch = testScratch.appendingPathComponent("dynamics-measured-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let out = scratch.appendingPathComponent("stdout").path, err = scratch.appendingPathComponent("stderr").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv = ([dynamicsBinary.path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, dynamicsBinary.path, &actions, nil, argv, environ)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
    // The peak is read from the child's own memory map (VmHWM, its high-water mark), polled
    // until it exits: the kernel's ru_maxrss of a spawned child counts the parent's memory too
    // (the spawn shares it until exec).
    var status: Int32 = 0
    var peak = 0
    while true {
        // Read only once the child runs `dynamics`: until its exec it shares this process's memory.
        if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
           text.hasPrefix("Name:\tdynamics\n"),
           let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let kb = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") {
            peak = max(peak, kb * 1024)
        }
        let done = waitpid(pid, &status, WNOHANG)
        if done == pid || (done < 0 && errno != EINTR) { break }
        usleep(2000)
    }
    let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return MeasuredRun(status: exit, stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
                       stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "", peakBytes: peak)
}

private let measuredRunLock = NSLock()

/// Whether `runMeasured` can measure (it reads /proc).
let canMeasurePeakMemory = FileManager.default.fileExists(atPath: "/proc/self/status")
