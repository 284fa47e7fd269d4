import ArgumentParser
import DynamicsLua
import Foundation

/// `dynamics test [PATH ...] [--filter TEXT] [--junit FILE] [--jobs N]`
struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run Lua script-driven tests (*_test.lua); ends with \"N passed, N failed\".")

    @Argument(help: "Test files or folders (default Tests/Scenes).")
    var paths: [String] = []

    @Option(help: "Run only the tests whose name contains this text.")
    var filter: String?

    @Option(help: "Also write a JUnit XML report to this file.")
    var junit: String?

    @Option(help: "Test files run in parallel (default 1).")
    var jobs: Int = 1

    @OptionGroup var lua: LuaOptions

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be ≥ 1, got \(jobs)") }
        for p in paths where !FileManager.default.fileExists(atPath: p) { throw ValidationError("no such file or folder: \(p)") }
    }

    func run() throws {
        let roots = paths.isEmpty ? ["Tests/Scenes"] : paths
        let runner = LuaTestRunner(limits: lua.limits)
        let files = runner.testFiles(in: roots)
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
        let filter = self.filter
        for (i, file) in files.enumerated() {
            queue.addOperation {
                let results = runner.run(file: file, filter: filter)
                collected.lock.lock(); collected.byFile[i] = results; collected.lock.unlock()
            }
        }
        queue.waitUntilAllOperationsAreFinished()
        let results = collected.byFile.flatMap { $0 }
        for r in results { print(r.line) }
        let failed = results.filter { !$0.passed }.count
        print("\(results.count - failed) passed, \(failed) failed")
        if let junit { try junitXML(results).write(toFile: junit, atomically: true, encoding: .utf8) }
        if failed > 0 { throw ExitCode(1) }
    }

    private func junitXML(_ results: [LuaTestRunner.Result]) -> String {
        func escape(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let failures = results.filter { !$0.passed }.count
        xml += "<testsuites tests=\"\(results.count)\" failures=\"\(failures)\">\n"
        for (file, group) in Dictionary(grouping: results, by: \.file).sorted(by: { $0.key < $1.key }) {
            let name = escape((file as NSString).lastPathComponent)
            xml += "  <testsuite name=\"\(name)\" tests=\"\(group.count)\" failures=\"\(group.filter { !$0.passed }.count)\">\n"
            for r in group {
                xml += "    <testcase classname=\"\(name)\" name=\"\(escape(r.name))\""
                if let f = r.failure { xml += ">\n      <failure message=\"\(escape(f))\"/>\n    </testcase>\n" } else { xml += "/>\n" }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }
}
