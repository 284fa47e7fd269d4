import ArgumentParser
import Dynamics
import DynamicsLua
import Foundation

/// `dynamics test [PATH ...] [--filter TEXT] [--junit FILE] [--jobs N] [--timeout S]`
///
/// Each test file runs in its own worker process (this executable, re-run as the hidden
/// `test-worker` command), supervised: a file that hangs past `--timeout` is killed and
/// reported as `FAIL file — timed out after S s`, one that crashes as `FAIL file —
/// crashed (signal N)`, and the run goes on. `--jobs` workers run at once.
struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run Lua script-driven tests (*_test.lua); ends with \"N passed, N failed\".")

    @Argument(help: "Test files or folders (default Tests/Scenes).")
    var paths: [String] = []

    @Option(help: "Run only the tests whose name contains this text.")
    var filter: String?

    @Option(help: "Also write a JUnit XML report to this file.")
    var junit: String?

    @Option(parsing: .unconditional, help: "Test files run in parallel (default 1).")
    var jobs: Int = 1

    @Option(parsing: .unconditional, help: "Seconds each test file may take before its worker is killed (default 60).")
    var timeout: Double = 60

    @OptionGroup var lua: LuaOptions

    func validate() throws {
        guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be in 1…64, got \(jobs)") }
        guard timeout.isFinite, timeout > 0, timeout <= 86_400 else {
            throw ValidationError("--timeout must be in (0, 86400] seconds, got \(timeout)")
        }
        for p in paths where !FileManager.default.fileExists(atPath: p) { throw ValidationError("no such file or folder: \(p)") }
        if paths.isEmpty && !FileManager.default.fileExists(atPath: "Tests/Scenes") {
            throw ValidationError("no paths given, and there is no Tests/Scenes folder here to run by default")
        }
        if let junit {
            do { try OutputFile.check(junit, option: "--junit", inputs: paths, outputs: ["<?xml", "<testsuites"]) } catch { throw ValidationError("\(error)") }
        }
    }

    func run() throws {
        let roots = paths.isEmpty ? ["Tests/Scenes"] : paths
        let runner = LuaTestRunner(limits: lua.limits)
        let files = runner.testFiles(in: roots)
        // What the tests may read besides their own folders (LuaReadableFolders).
        let runFolders = LuaTestRunner.folders(of: roots)
        // A folder without test files is no passing run ("0 passed, 0 failed" read as one).
        if files.isEmpty {
            printError("error: no test files (named *_test.lua) in \(roots.map { ShownText.line($0) }.joined(separator: ", "))")
            throw ExitCode(2)
        }
        // Each file has its own Lua state, so files run in parallel safely; results keep
        // the files' order.
        final class Collected: @unchecked Sendable {
            let lock = NSLock()
            var byFile: [[LuaTestRunner.Result]]
            init(_ n: Int) { byFile = Array(repeating: [], count: n) }
        }
        let collected = Collected(files.count)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = jobs
        var workerArguments = ["--lua-budget", "\(lua.budget)", "--lua-memory", "\(lua.memory)"]
        // One argument each (a filter or file starting with "-" is not taken for an option).
        // An empty filter matches every test: the worker gets none ("--filter=" alone is
        // an option without its value to the worker's parser).
        if let filter, !filter.isEmpty { workerArguments += ["--filter=\(filter)"] }
        workerArguments += runFolders.map { "--run-folder=\($0.isEmpty ? "." : $0)" }
        let arguments = workerArguments, timeout = self.timeout
        for (i, file) in files.enumerated() {
            queue.addOperation {
                let results = Worker.run(file: file, arguments: arguments, timeout: timeout)
                collected.lock.lock(); collected.byFile[i] = results; collected.lock.unlock()
            }
        }
        queue.waitUntilAllOperationsAreFinished()
        let results = collected.byFile.flatMap { $0 }
        // A filter that matches nothing is no passing run either: a mistyped one passed in CI.
        if let filter, !filter.isEmpty, results.isEmpty {
            printError("error: no test matches --filter '\(ShownText.line(filter))' in \(files.count) file\(files.count == 1 ? "" : "s")")
            throw ExitCode(1)
        }
        for r in results { printOut(r.line) }
        let failed = results.filter { !$0.passed }.count
        let skipped = results.filter(\.skipped).count
        printOut("\(results.count - failed - skipped) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : ""))
        if let junit { try OutputFile.write(junitXML(results), to: junit, option: "--junit") }
        if failed > 0 { throw ExitCode(1) }
    }

    private func junitXML(_ results: [LuaTestRunner.Result]) -> String {
        // Control characters are not allowed in XML 1.0 (nor U+FFFE, U+FFFF): a test named
        // "bad\u{1}" made the whole report unreadable. They are escaped as in the text lines
        // (`ShownText.line`: C1 and bidirectional controls too, which a report's reader shows).
        func escape(_ s: String) -> String {
            var clean = String.UnicodeScalarView()
            for u in ShownText.line(s).unicodeScalars {
                clean.append(u.value == 0xFFFE || u.value == 0xFFFF ? "?" : u)
            }
            return String(clean).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let failures = results.filter { !$0.passed }.count
        xml += "<testsuites tests=\"\(results.count)\" failures=\"\(failures)\" skipped=\"\(results.filter(\.skipped).count)\">\n"
        for (file, group) in Dictionary(grouping: results, by: \.file).sorted(by: { $0.key < $1.key }) {
            let name = escape((file as NSString).lastPathComponent)
            let time = String(format: "%.3f", group.reduce(0) { $0 + $1.seconds })
            xml += "  <testsuite name=\"\(name)\" tests=\"\(group.count)\" failures=\"\(group.filter { !$0.passed }.count)\""
                + " skipped=\"\(group.filter(\.skipped).count)\" time=\"\(time)\">\n"
            for r in group {
                xml += "    <testcase classname=\"\(name)\" name=\"\(escape(r.name))\" time=\"\(String(format: "%.3f", r.seconds))\""
                if let f = r.failure {
                    xml += ">\n      <failure message=\"\(escape(f))\"/>\n    </testcase>\n"
                } else if r.skipped {
                    xml += ">\n      <skipped/>\n    </testcase>\n"
                } else {
                    xml += "/>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }
}

/// `dynamics test-worker FILE`: runs one test file and prints its results as JSON (the
/// supervisor's side of `dynamics test`; not for direct use).
struct TestWorker: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "test-worker", shouldDisplay: false)

    @Argument var file: String
    @Option var filter: String?
    /// The folders the run was given, which the file's tests may read (LuaReadableFolders).
    @Option var runFolder: [String] = []
    /// Where the report goes (standard output when absent). The supervisor passes a file of
    /// its own, so what the script prints never mixes with the report.
    @Option var report: String?
    @OptionGroup var lua: LuaOptions

    func run() throws {
        let results = LuaTestRunner(limits: lua.limits, runFolders: runFolder).run(file: file, filter: filter)
        let data = try JSONEncoder().encode(results)
        if let report {
            try data.write(to: URL(fileURLWithPath: report))
        } else {
            writeRaw(1, String(decoding: data, as: UTF8.self))
        }
    }
}

/// Runs a test file in a worker process and turns what happened into results.
enum Worker {
    /// This executable (re-run as the worker).
    static let executable: URL = {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        #endif
        return Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    }()

    static func run(file: String, arguments: [String], timeout: Double) -> [LuaTestRunner.Result] {
        let name = (file as NSString).lastPathComponent
        let started = DispatchTime.now().uptimeNanoseconds
        func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 }
        func failed(_ why: String) -> [LuaTestRunner.Result] {
            [LuaTestRunner.Result(file: file, name: name, failure: why, seconds: elapsed())]
        }
        // The report comes back in a file of the supervisor's, not on the worker's output:
        // what a script prints (discarded, as before) can neither forge the report nor fill
        // the supervisor's memory (3000 prints of 1 MB made the supervisor hold 3 GB, and the
        // file was reported as crashed).
        // In a folder of its own that only this user can enter (mkdtemp, mode 0700): a name
        // in the shared temporary folder could be made first by another user, who would then
        // write the results.
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("dynamics-test-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            return failed("cannot make a private temporary folder: \(String(cString: strerror(errno)))")
        }
        let folder = URL(fileURLWithPath: String(cString: made))
        let report = folder.appendingPathComponent("report.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["test-worker", "--report=\(report.path)"] + arguments + ["--", file]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        do { try process.run() } catch { return failed("cannot start a worker: \(error)") }
        if done.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            if done.wait(timeout: .now() + 1) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                done.wait()
            }
            return failed("timed out after \(String(format: "%g", timeout)) s")
        }
        if process.terminationReason == .uncaughtSignal {
            return failed("crashed (signal \(process.terminationStatus))")
        }
        guard let data = try? Data(contentsOf: report),
              let results = try? JSONDecoder().decode([LuaTestRunner.Result].self, from: data) else {
            return failed("crashed (exit status \(process.terminationStatus), no report)")
        }
        return results
    }
}
