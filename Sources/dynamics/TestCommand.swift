import ArgumentParser
import Dynamics
import DynamicsLua
import DynamicsLuaTesting
import Foundation

/// `dynamics test [PATH ...] [--filter TEXT] [--junit FILE] [--jobs N] [--timeout S] [--verbose] [--shard I/N] [--artifacts DIR] [--update-goldens]`
///
/// Each test file runs in its own worker process (this executable, re-run as the hidden
/// `test-worker` command), supervised: a file that hangs past `--timeout` is killed and
/// reported as `FAIL file — timed out after S s`, one that crashes as `FAIL file —
/// crashed (signal N)`, with the results of its cases that completed, and the run goes on.
/// `--jobs` workers run at once.
struct Test: AsyncParsableCommand {
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

    @Flag(help: "Show what every test printed (a failing test's output is always shown), and the traceback of each failure.")
    var verbose = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Run only slice I of N of the test files (1-based; file k of the sorted paths goes to slice k mod N + 1).", valueName: "I/N"))
    var shard: Shard?

    @Option(help: "Write an animated SVG of the last run of every failing test that ran an animator into this folder (made if missing).")
    var artifacts: String?

    @Flag(help: "Write the goldens (__goldens__/NAME.json) that are missing or differ, instead of failing.")
    var updateGoldens = false

    @OptionGroup var lua: LuaOptions

    func validate() throws {
        if let problem = shard?.problem { throw ValidationError(problem) }
        guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be in 1…64, got \(jobs)") }
        guard timeout.isFinite, timeout > 0, timeout <= 86_400 else {
            throw ValidationError("--timeout must be in (0, 86400] seconds, got \(timeout)")
        }
        for p in paths where !FileManager.default.fileExists(atPath: p) { throw ValidationError("no such file or folder: \(p)") }
        if paths.isEmpty && !FileManager.default.fileExists(atPath: "Tests/Scenes") {
            throw ValidationError("no paths given, and there is no Tests/Scenes folder here to run by default")
        }
        if let artifacts {
            do { _ = try ArtifactPictures.prepareFolder(artifacts) } catch { throw ValidationError("\(error)") }
        }
        if let junit {
            do { try OutputFile.check(junit, option: "--junit", inputs: paths, outputs: ["<?xml", "<testsuites"]) } catch { throw ValidationError("\(error)") }
        }
    }

    func run() async throws {
        let roots = paths.isEmpty ? ["Tests/Scenes"] : paths
        let runner = LuaTestRunner(limits: lua.limits)
        let found = runner.testFiles(in: roots)
        // What the tests may read besides their own folders (LuaReadableFolders).
        let runFolders = LuaTestRunner.folders(of: roots)
        // A folder without test files is no passing run ("0 passed, 0 failed" read as one).
        if found.isEmpty {
            printError("error: no test files (named *_test.lua) in \(roots.map { ShownText.line($0) }.joined(separator: ", "))")
            throw ExitCode(2)
        }
        // A slice may hold no file (more slices than files): it runs nothing and passes.
        let files = shard?.slice(found) ?? found
        var workerArguments = ["--lua-budget", "\(lua.budget)", "--lua-memory", "\(lua.memory)"]
        // One argument each (a filter or file starting with "-" is not taken for an option).
        // An empty filter matches every test: the worker gets none ("--filter=" alone is
        // an option without its value to the worker's parser).
        if let filter, !filter.isEmpty { workerArguments += ["--filter=\(filter)"] }
        if updateGoldens { workerArguments.append("--update-goldens") }
        workerArguments += runFolders.map { "--run-folder=\($0.isEmpty ? "." : $0)" }
        let arguments = workerArguments, timeout = self.timeout
        let pictures = artifacts.map { ArtifactPictures.workerArguments(folder: $0, files: files) }
        // Each file has its own worker process, so files run in parallel safely: at most
        // `jobs` at once, a child task each, and results keep the files' order. The results
        // of the whole run are kept within `ResultBound.runBytes` of text, admitted in the
        // order files finish (each worker keeps its file's within `ResultBound.fileBytes`).
        var byFile = [[LuaTestRunner.Result]](repeating: [], count: files.count)
        var bound = LuaTestRunner.ResultBound(bytes: LuaTestRunner.ResultBound.runBytes)
        await withTaskGroup(of: (Int, [LuaTestRunner.Result]).self) { group in
            var next = 0
            func start() {
                guard next < files.count else { return }
                let i = next, file = files[i]
                next += 1
                group.addTask { (i, await Worker.run(file: file, arguments: arguments + (pictures?[i] ?? []), timeout: timeout)) }
            }
            for _ in 0..<jobs { start() }
            while let (i, results) = await group.next() {
                byFile[i] = results.map { bound.admit($0) }
                start()
            }
        }
        let results = byFile.flatMap { $0 }
        // A filter that matches nothing is no passing run either: a mistyped one passed in CI.
        // (In one slice of a sharded run it may match in the others.)
        if let filter, !filter.isEmpty, results.isEmpty, shard == nil {
            printError("error: no test matches --filter '\(ShownText.line(filter))' in \(files.count) file\(files.count == 1 ? "" : "s")")
            throw ExitCode(1)
        }
        for r in results { print(TestReport.text(of: r, verbose: verbose), terminator: "") }
        let failed = results.filter { !$0.passed }.count
        let skipped = results.filter(\.skipped).count
        let cut = results.filter { $0.cutBytes > 0 }
        if !cut.isEmpty {
            print("note: \(cut.count) result\(cut.count == 1 ? " was" : "s were") cut to keep the results within their bound "
                  + "(\(LuaTestRunner.ResultBound.shown(LuaTestRunner.ResultBound.fileBytes)) of text per file, "
                  + "\(LuaTestRunner.ResultBound.shown(LuaTestRunner.ResultBound.runBytes)) per run): "
                  + "\(cut.reduce(0) { $0 + $1.cutBytes }) bytes of names, messages, tracebacks and output left out")
        }
        let sliced = shard.map { " (shard \($0.description): \(files.count) of \(found.count) files)" } ?? ""
        print("\(results.count - failed - skipped) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "") + sliced)
        if let junit { try OutputFile.write(TestReport.junitXML(results), to: junit, option: "--junit") }
        if failed > 0 { throw ExitCode(1) }
    }
}

/// `dynamics test-worker FILE`: runs one test file and writes its results as JSON lines
/// (`WorkerReportLine`) as its cases start and end (the worker's side of `dynamics test`;
/// not for direct use).
struct TestWorker: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "test-worker", shouldDisplay: false)

    @Argument var file: String
    @Option var filter: String?
    /// The folders the run was given, which the file's tests may read (LuaReadableFolders).
    @Option var runFolder: [String] = []
    /// Where the report goes (standard output when absent). The supervisor passes a file of
    /// its own, so what the script prints never mixes with the report.
    @Option var report: String?
    /// `--artifacts` (the folder, checked by the supervisor) and the pictures' file-name prefix.
    @Option var artifacts: String?
    @Option(name: .customLong("artifacts-name")) var artifactsName: String?
    @Flag var updateGoldens = false
    @OptionGroup var lua: LuaOptions

    func run() throws {
        // Line by line as cases start and end (`WorkerReportLine`), so a worker killed at
        // the file's timeout leaves the results of the cases that completed.
        var fd: Int32 = 1
        if let report {
            fd = open(report, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw ValidationError("cannot write the report \(report): \(String(cString: strerror(errno)))") }
        }
        defer { if fd != 1 { close(fd) } }
        let writer = WorkerReportLine.Writer(fd: fd)
        let pictures = artifacts.map { ArtifactPictures(folder: $0, prefix: artifactsName ?? (file as NSString).lastPathComponent) }
        var runner = LuaTestRunner(limits: lua.limits, runFolders: runFolder)
        runner.updateGoldens = updateGoldens
        runner.run(file: file, filter: filter, observer: pictures,
                   starting: { writer.write(WorkerReportLine(running: $0)) },
                   finished: { writer.write(WorkerReportLine(result: $0)) })
        writer.write(WorkerReportLine(finished: true))
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

    static func run(file: String, arguments: [String], timeout: Double) async -> [LuaTestRunner.Result] {
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
        // The cases that completed, and the file's failure after them, naming the case
        // that was running.
        func completed(_ why: String) -> [LuaTestRunner.Result] {
            let (results, running, _) = WorkerReportLine.read((try? Data(contentsOf: report)) ?? Data())
            var detail = ""
            if let running { detail += " while running '\(running)'" }
            if !results.isEmpty { detail += " (\(results.count) completed result\(results.count == 1 ? "" : "s") kept)" }
            return results + failed(why + detail)
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["test-worker", "--report=\(report.path)"] + arguments + ["--", file]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let exit = ProcessExit()
        process.terminationHandler = { _ in exit.signal() }
        do { try process.run() } catch { return failed("cannot start a worker: \(error)") }
        if await exit.wait(orEnd: process.processIdentifier, after: timeout) {
            return completed("timed out after \(String(format: "%g", timeout)) s")
        }
        if process.terminationReason == .uncaughtSignal {
            return completed("crashed (signal \(process.terminationStatus))")
        }
        let (results, running, finished) = WorkerReportLine.read((try? Data(contentsOf: report)) ?? Data())
        guard process.terminationStatus == 0, finished else {
            return completed("crashed (exit status \(process.terminationStatus)\(results.isEmpty && running == nil ? ", no report" : ""))")
        }
        return results
    }
}
