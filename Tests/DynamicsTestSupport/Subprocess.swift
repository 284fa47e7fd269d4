import Foundation

/// The package's root folder (this file is `Tests/DynamicsTestSupport/Subprocess.swift`).
public let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// An executable the package builds (`dynamics`, `FallingBoxes`) was not found.
public struct ExecutableNotFound: Error, CustomStringConvertible {
    public var name: String
    public var searched: [String]
    public var variable: String?
    public var description: String {
        "\(name) executable not found near \(searched); build it" + (variable.map { " or set \($0)" } ?? "")
    }
}

/// An executable the package builds, found in the folder of the test binary or up to five
/// folders above it, or at the path in the environment variable `variable` when that is set.
/// Linux runs the tests from `…/debug/<Package>PackageTests.xctest` (an executable); macOS
/// from a bundle `…/debug/<Package>PackageTests.xctest/Contents/MacOS/…` run by xctest, so
/// the loaded bundles are searched too.
public func builtExecutable(_ name: String, variable: String? = nil) throws -> URL {
    if let variable, let path = ProcessInfo.processInfo.environment[variable] {
        return URL(fileURLWithPath: path)
    }
    let fm = FileManager.default
    let candidates = [URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()] + Bundle.allBundles.map(\.bundleURL)
    for start in candidates {
        var dir = start.deletingLastPathComponent()
        for _ in 0...5 {
            let url = dir.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if fm.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue, fm.isExecutableFile(atPath: url.path) {
                return url
            }
            dir = dir.deletingLastPathComponent()
        }
    }
    throw ExecutableNotFound(name: name, searched: candidates.map(\.path), variable: variable)
}

/// How a subprocess ended and what it wrote.
public struct SubprocessResult: Sendable {
    public enum End: Sendable, Equatable {
        case exited(Int32)
        case signal(Int32)
        /// Killed (SIGKILL) once it ran past the timeout, in seconds.
        case hung(seconds: Double)
    }
    public var end: End
    public var stdout: String
    public var stderr: String
    /// Wall-clock time from start to end (s).
    public var seconds: Double

    /// The exit status; for a process ended by a signal, the signal's number.
    public var status: Int32 {
        switch end {
        case .exited(let s), .signal(let s): s
        case .hung: SIGKILL
        }
    }
    public var output: String { stdout + stderr }

    public init(end: End, stdout: String, stderr: String, seconds: Double) {
        self.end = end; self.stdout = stdout; self.stderr = stderr; self.seconds = seconds
    }
}

/// Runs `executable` with `arguments` and waits for it: the tests' one way to run a program.
///
/// - directory: its working folder (default: the tests').
/// - environment: variables added to (or replacing those of) the tests' environment.
/// - standardOutput, standardError: a path to write to instead (`/dev/full`); the result's
///   text is then empty. Otherwise output goes to files in `testScratch`, so a process that
///   writes much to both streams cannot block on a full pipe.
/// - timeout: seconds after which it is killed (SIGKILL) and the result is `.hung`.
/// - memoryCeilingKB: a virtual-memory ceiling (`ulimit -v`), set by `/bin/sh`, which then
///   `exec`s the program (so the process killed on a timeout is the program itself).
public func runSubprocess(_ executable: URL, _ arguments: [String], in directory: URL? = nil,
                          environment: [String: String] = [:], standardOutput: String? = nil,
                          standardError: String? = nil, timeout: Double? = nil,
                          memoryCeilingKB: Int? = nil) throws -> SubprocessResult {
    let scratch = testScratch.appendingPathComponent("subprocess-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    func sink(_ path: String?, _ name: String) throws -> (handle: FileHandle, captured: URL?) {
        if let path {
            guard let handle = FileHandle(forWritingAtPath: path) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
            return (handle, nil)
        }
        let url = scratch.appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        return (try FileHandle(forWritingTo: url), url)
    }
    let out = try sink(standardOutput, "stdout"), err = try sink(standardError, "stderr")
    defer { try? out.handle.close(); try? err.handle.close() }

    let process = Process()
    if let memoryCeilingKB {
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -v \(memoryCeilingKB) 2>/dev/null; exec \"$0\" \"$@\"", executable.path] + arguments
    } else {
        process.executableURL = executable
        process.arguments = arguments
    }
    if let directory { process.currentDirectoryURL = directory }
    if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
    process.standardOutput = out.handle
    process.standardError = err.handle
    process.standardInput = FileHandle.nullDevice
    let start = Date()
    try process.run()
    var hung = false
    if let timeout {
        while process.isRunning {
            if Date().timeIntervalSince(start) > timeout {
                kill(process.processIdentifier, SIGKILL)
                hung = true
                break
            }
            usleep(10_000)
        }
    }
    process.waitUntilExit()
    let seconds = Date().timeIntervalSince(start)
    func text(_ url: URL?) -> String {
        url.map { String(decoding: (try? Data(contentsOf: $0)) ?? Data(), as: UTF8.self) } ?? ""
    }
    let end: SubprocessResult.End
    if hung, let timeout { end = .hung(seconds: timeout) }
    else if process.terminationReason == .uncaughtSignal { end = .signal(process.terminationStatus) }
    else { end = .exited(process.terminationStatus) }
    return SubprocessResult(end: end, stdout: text(out.captured), stderr: text(err.captured), seconds: seconds)
}

/// A program left running while a test talks to it (`dynamics serve`): its standard output on
/// a pipe, its standard error discarded. Stopped (SIGTERM, then waited for) when released.
public final class RunningSubprocess {
    public let process = Process()
    private let output = Pipe()

    public init(_ executable: URL, _ arguments: [String]) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// What it writes to standard output up to the end of its first line (or of its output).
    public func firstLine() -> String {
        var line = Data()
        while !line.contains(10) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        return String(decoding: line, as: UTF8.self)
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }
}
