import DynamicsLua
import DynamicsLuaTesting
import DynamicsTestSupport
import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A JUnit report parsed with FoundationXML: each test case's suite, name, failure (message
/// and body) and system-out.
struct JUnitReport {
    struct Case: Equatable {
        var suite: String
        var name: String
        var failureMessage: String?
        var failureBody: String?
        var systemOut: String?
        var skipped: Bool
    }
    var suites: [String] = []
    var cases: [Case] = []

    init(path: String) throws {
        let document = try XMLDocument(data: Data(contentsOf: URL(fileURLWithPath: path)), options: [])
        let root = try #require(document.rootElement())
        func attribute(_ name: String, of e: XMLElement) -> String? {
            e.attributes?.first { ($0.localName ?? $0.name) == name }?.stringValue
        }
        func children(_ e: XMLElement, _ name: String) -> [XMLElement] {
            (e.children ?? []).compactMap { $0 as? XMLElement }.filter { ($0.localName ?? $0.name) == name }
        }
        for suite in children(root, "testsuite") {
            let suiteName = attribute("name", of: suite) ?? ""
            suites.append(suiteName)
            for c in children(suite, "testcase") {
                let failure = children(c, "failure").first
                cases.append(Case(suite: suiteName, name: attribute("name", of: c) ?? "",
                                  failureMessage: failure.flatMap { attribute("message", of: $0) },
                                  failureBody: failure?.stringValue, systemOut: children(c, "system-out").first?.stringValue,
                                  skipped: !children(c, "skipped").isEmpty))
            }
        }
    }
}

@Suite("dynamics test: budgets, output, shards, located failures, bounded results")
struct TestRunnerCommandTests {
    /// A looping test took the case's 30 s ("kept as 1 s" in its message), and a file of
    /// four of them hit the 60 s file timeout, which lost every result of the file.
    @Test("A looping test fails at its budget (about 1 s), and the file's other results are kept")
    func loopingTestFailsAtItsBudget() throws {
        let file = try temporaryFile("loop_test.lua", """
            test("before", function() expect(1):toBe(1) end)
            test("loops forever", function() while true do end end)
            test("after", function() expect(2):toBe(2) end)
            """)
        let start = Date()
        let r = try runDynamics(["test", file])
        let seconds = Date().timeIntervalSince(start)
        #expect(seconds < 5, "took \(seconds) s")
        print("looping test, default budget: \(String(format: "%.2f", seconds)) s for the file")
        #expect(r.status == 1)
        #expect(r.stdout.contains("ok before\nFAIL loops forever — "), "\(r.stdout)")
        #expect(r.stdout.contains("loop_test.lua:2: instruction budget exceeded (100000000 instructions per call, kept as 1 s of wall-clock time)\nok after\n"), "\(r.stdout)")
        #expect(r.stdout.hasSuffix("2 passed, 1 failed\n"))

        // A smaller budget is the limit that applies, not the 30 s wall-clock bound.
        let fast = Date()
        let small = try runDynamics(["test", file, "--lua-budget", "1e7"])
        #expect(Date().timeIntervalSince(fast) < 3)
        #expect(small.stdout.contains(":2: instruction budget exceeded (10000000 instructions per call, kept as 100 ms of wall-clock time)"), "\(small.stdout)")
    }

    @Test("Four looping tests in one file each fail at the budget; the file does not time out")
    func fourLoopingTests() throws {
        let file = try temporaryFile("loops_test.lua", (1...4).map { "test(\"loop \($0)\", function() while true do end end)\n" }.joined()
                                     + "test(\"after\", function() end)\n")
        let start = Date()
        let r = try runDynamics(["test", file, "--lua-budget", "1e7", "--timeout", "10"])
        #expect(Date().timeIntervalSince(start) < 5)
        for i in 1...4 { #expect(r.stdout.contains("FAIL loop \(i) — "), "\(r.stdout)") }
        #expect(!r.stdout.contains("timed out") && !r.stdout.contains("script is stopped"), "\(r.stdout)")
        #expect(r.stdout.hasSuffix("ok after\n1 passed, 4 failed\n"), "\(r.stdout)")
    }

    /// A worker killed at --timeout lost every result of its file.
    @Test("A file that times out keeps the results of its completed cases and names the running one")
    func timedOutFileKeepsCompletedResults() throws {
        let file = try temporaryFile("hang_test.lua", """
            test("before", function() end)
            test("fails first", function() expect(1):toBe(2) end)
            test("hangs", function() while true do end end)
            test("never runs", function() end)
            """)
        let junit = (file as NSString).deletingLastPathComponent + "/hang.xml"
        let r = try runDynamics(["test", file, "--timeout", "1", "--lua-budget", "1e10", "--junit", junit])
        #expect(r.status == 1)
        #expect(r.stdout.hasPrefix("ok before\nFAIL fails first — "), "\(r.stdout)")
        #expect(r.stdout.contains("FAIL hang_test.lua — timed out after 1 s while running 'hangs' (2 completed results kept)\n"), "\(r.stdout)")
        #expect(!r.stdout.contains("never runs") && r.stdout.hasSuffix("1 passed, 2 failed\n"), "\(r.stdout)")
        let report = try JUnitReport(path: junit)
        #expect(report.cases.map(\.name) == ["before", "fails first", "hang_test.lua"])
    }

    @Test("What a test prints is shown under its failure (every test's with --verbose) and goes into JUnit's <system-out>")
    func printedOutput() throws {
        let file = try temporaryFile("print_test.lua", """
            local function check(v)
              expect(v, "speed"):toBeLessThan(1)
            end
            test("prints and fails", function()
              print("speed is", 5, nil)
              print("escape \\27[2J here")
              check(5)
            end)
            test("prints and passes", function() print("quiet") end)
            test("floods", function()
              print("first")
              local s = ("x"):rep(100000)
              for i = 1, 100 do print(s) end
              print("last")
              error("flooded")
            end)
            """)
        let junit = (file as NSString).deletingLastPathComponent + "/print.xml"
        let r = try runDynamics(["test", file, "--junit", junit])
        #expect(r.status == 1)
        #expect(r.stdout.contains("print_test.lua:2: speed: expected less than 1, got 5\n  | speed is\t5\tnil\n  | escape ?[2J here\nok prints and passes\nFAIL floods"),
                "\(r.stdout)")
        #expect(!r.stdout.contains("quiet"))
        // Bounded: the first and last 4 KiB of a case's output.
        #expect(r.stdout.contains("  | first\n  | xxx") && r.stdout.contains("bytes of output not shown") && r.stdout.contains("xxx\n  | last\n"), "\(r.stdout.prefix(300))")
        #expect(r.stdout.utf8.count < 12_000, "\(r.stdout.utf8.count) bytes printed")

        let verbose = try runDynamics(["test", file, "--verbose"])
        #expect(verbose.stdout.contains("ok prints and passes\n  | quiet\n"), "\(verbose.stdout)")
        // --verbose also shows a failure's script frames.
        #expect(verbose.stdout.contains("  stack traceback:\n    ") && verbose.stdout.contains("print_test.lua:7: in function <"), "\(verbose.stdout)")

        let report = try JUnitReport(path: junit)
        let cases = Dictionary(uniqueKeysWithValues: report.cases.map { ($0.name, $0) })
        let failing = try #require(cases["prints and fails"])
        #expect(failing.systemOut == "speed is\t5\tnil\nescape ?[2J here")
        #expect(failing.failureMessage?.hasSuffix(":2: speed: expected less than 1, got 5") == true)
        // The body: the message, then the script's frames (file:line), innermost first.
        let body = try #require(failing.failureBody)
        let lines = body.split(separator: "\n").map(String.init)
        #expect(lines.first == failing.failureMessage && lines.dropFirst().first == "stack traceback:", "\(body)")
        #expect(lines.count == 4 && lines[2].contains("print_test.lua:2: in ") && lines[3].contains("print_test.lua:7: in function <"), "\(body)")
        #expect(cases["prints and passes"]?.systemOut == "quiet" && cases["prints and passes"]?.failureMessage == nil)
        #expect(cases["floods"]?.systemOut?.contains("bytes of output not shown") == true)
    }

    /// `test("x", error)` failed with "(error object is a nil value)" and no line; a case out
    /// of memory with none either.
    @Test("A case whose function is a C function, and a case out of memory, name the case's file:line")
    func failuresAreLocated() throws {
        let file = try temporaryFile("located_test.lua", """
            test("passes", function() end)
            test("x", error)
            test("memory", function()
              local t = {}
              for i = 1, 1e9 do t[i] = ("x"):rep(64) .. i end
            end)
            """)
        let r = try runDynamics(["test", file, "--lua-memory", "8"])
        #expect(r.status == 1)
        let name = (file as NSString).lastPathComponent
        #expect(r.stdout.contains("FAIL x — ") && r.stdout.contains("\(name):2: (error object is a nil value)\n"), "\(r.stdout)")
        #expect(r.stdout.contains("FAIL memory — ") && r.stdout.contains("\(name):3: not enough memory"), "\(r.stdout)")
    }

    /// 10 000 failing tests with 8 KB messages made the worker and the supervisor hold and
    /// copy 80 MB of text (+353 MB) and print 81 MB.
    @Test("Results are bounded in total bytes: 10 000 failing tests with 8 KB messages print a few MB and say what was cut")
    func resultsBoundedInBytes() throws {
        let file = try temporaryFile("many_test.lua", """
            local big = ("m"):rep(8000)
            local long = ("n"):rep(4000)
            for i = 1, 10000 do test(long .. i, function() print(big); error(big, 0) end) end
            """)
        let junit = (file as NSString).deletingLastPathComponent + "/many.xml"
        let r = try runDynamics(["test", file, "--junit", junit])
        #expect(r.status == 1 && r.stdout.hasSuffix("0 passed, 10000 failed\n"), "\(r.stdout.suffix(300))")
        // Whole results up to the bound, then at most a cut name and message each.
        #expect(r.stdout.utf8.count < LuaTestRunner.ResultBound.runBytes + 10_000 * 600, "\(r.stdout.utf8.count) bytes printed")
        #expect(r.stdout.contains("(cut: the report keeps at most 4 MiB of result text)"))
        let note = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("note: ") })
        #expect(note.contains(" results were cut to keep the results within their bound (4 MiB of text per file, 8 MiB per run): ")
                && note.hasSuffix(" bytes of names, messages, tracebacks and output left out"), "\(note)")
        let size = try FileManager.default.attributesOfItem(atPath: junit)[.size] as? Int ?? 0
        #expect(size < 2 * LuaTestRunner.ResultBound.runBytes + 10_000 * 1000, "JUnit of \(size) bytes")
        let report = try JUnitReport(path: junit)
        #expect(report.cases.count == 10_000 && Set(report.cases.map(\.name)).count == 10_000)
    }

    /// Sharded runs are merged by CI from their JUnit reports: suites are named by path and
    /// case names are unique within a file, so nothing clashes.
    @Test("--shard I/N runs a deterministic slice; the JUnit of all shards merges without duplicates into the unsharded run")
    func shards() throws {
        let dir = testScratch.appendingPathComponent("shards-\(UUID().uuidString)")
        for sub in ["a", "b"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        // Two files of the same name in two folders; a file with two cases of the same name.
        let files = ["a/one_test.lua", "b/one_test.lua", "a/two_test.lua", "b/three_test.lua", "a/four_test.lua", "b/five_test.lua", "b/six_test.lua"]
        for (k, f) in files.enumerated() {
            try """
                test("same", function() print("\(f)") end)
                test("same", function() expect(\(k)):toBe(\(k)) end)
                test("fails in \(k)", function() expect(\(k)):toBe(-1) end)
                """.write(to: dir.appendingPathComponent(f), atomically: true, encoding: .utf8)
        }
        let whole = try runDynamics(["test", dir.path, "--junit", dir.appendingPathComponent("all.xml").path])
        #expect(whole.stdout.hasSuffix("14 passed, 7 failed\n"), "\(whole.stdout)")
        let all = try JUnitReport(path: dir.appendingPathComponent("all.xml").path)
        var merged: [JUnitReport.Case] = []
        var ran: [[String]] = []
        for i in 1...3 {
            let xml = dir.appendingPathComponent("shard\(i).xml").path
            let r = try runDynamics(["test", dir.path, "--shard", "\(i)/3", "--junit", xml])
            #expect(r.status == 1)
            let report = try JUnitReport(path: xml)
            merged += report.cases
            ran.append(report.suites)
            let count = report.suites.count
            #expect(r.stdout.hasSuffix(" (shard \(i)/3: \(count) of 7 files)\n"), "\(r.stdout)")
            // The same slice every time.
            let again = try runDynamics(["test", dir.path, "--shard", "\(i)/3"])
            #expect(again.stdout == r.stdout)
        }
        // Sorted paths, file k to slice k mod 3 + 1.
        let sorted = files.map { dir.appendingPathComponent($0).path }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for i in 1...3 {
            let expected = sorted.indices.filter { $0 % 3 == i - 1 }.map { sorted[$0] }
            #expect(Set(ran[i - 1]) == Set(expected), "shard \(i)")
        }
        let keys = merged.map { "\($0.suite)\u{0}\($0.name)" }
        #expect(Set(keys).count == keys.count, "duplicate names in the merged reports")
        #expect(merged.count == 21 && Set(all.cases.map { "\($0.suite)\u{0}\($0.name)" }) == Set(keys))
        #expect(Set(merged.map(\.suite)).count == 7 && all.cases.contains { $0.name == "same (2)" })
        // More slices than files: an empty slice passes.
        let empty = try runDynamics(["test", dir.path, "--shard", "9/9"])
        #expect(empty.status == 0 && empty.stdout == "0 passed, 0 failed (shard 9/9: 0 of 7 files)\n", "\(empty.stdout)")
    }

    @Test("Bad --shard values are usage errors (exit 2) that say what is wrong", arguments: [
        ("0/0", "N (the number of slices) must be in 1…10000, got '0/0'"),
        ("3/2", "I (this slice) must be in 1…2 (slices count from 1), got '3/2'"),
        ("0/3", "I (this slice) must be in 1…3 (slices count from 1), got '0/3'"),
        ("1/0", "N (the number of slices) must be in 1…10000, got '1/0'"),
        ("a/b", "--shard must be I/N, two whole numbers with 1 ≤ I ≤ N ≤ 10000 (e.g. 2/3), got 'a/b'"),
        ("-1/2", "--shard must be I/N, two whole numbers with 1 ≤ I ≤ N ≤ 10000 (e.g. 2/3), got '-1/2'"),
        ("1/99999999999999999999999", "N (the number of slices) must be in 1…10000, got '1/99999999999999999999999'"),
        ("1/20000", "N (the number of slices) must be in 1…10000, got '1/20000'"),
        ("2", "--shard must be I/N"),
        ("1/2/3", "--shard must be I/N"),
        ("", "--shard must be I/N"),
        ("1.5/2", "--shard must be I/N"),
    ])
    func badShards(_ value: String, _ message: String) throws {
        let r = try runDynamics(["test", packageRoot.appendingPathComponent("Tests/Scenes").path, "--shard", value])
        #expect(r.status == 2 && r.stderr.contains(message) && r.stdout.isEmpty, "\(value): \(r.stderr)")
    }
}
