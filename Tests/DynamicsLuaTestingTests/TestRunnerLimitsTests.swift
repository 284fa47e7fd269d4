import DynamicsLua
import DynamicsLuaTesting
import DynamicsTestSupport
import Foundation
import Testing

/// The test runner's limits: a case's own Lua time against the per-call budget, engine time
/// against the case's wall-clock limit; located failures; captured output; results bounded
/// in bytes.
@Suite("Lua test runner: budgets, output and bounds")
struct TestRunnerLimitsTests {
    func file(_ source: String) throws -> String {
        let url = testScratch.appendingPathComponent("runner_\(UUID().uuidString)_test.lua")
        try source.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// A runner with a budget of 10⁷ instructions (0.1 s) and cases limited to `caseLimit` s.
    func budgeted(caseLimit: TimeInterval) -> LuaTestRunner {
        var runner = LuaTestRunner(limits: LuaLimits(instructionBudget: 10_000_000))
        runner.caseLimit = caseLimit
        return runner
    }

    /// A looping case took the case's 30 s and was reported as the budget ("kept as 1 s").
    @Test("A loop in a case stops at the per-call budget, not at the case's limit")
    func loopingCaseStopsAtItsBudget() throws {
        let runner = budgeted(caseLimit: 20)
        let path = try file("test(\"loops\", function() while true do end end)\n")
        let start = Date()
        let results = runner.run(file: path)
        let seconds = Date().timeIntervalSince(start)
        #expect(seconds < 2, "the loop stopped after \(seconds) s")
        #expect(results.count == 1 && results[0].failure?.hasSuffix(
            ":1: instruction budget exceeded (10000000 instructions per call, kept as 100 ms of wall-clock time)") == true,
                "\(results.map(\.line))")
    }

    /// (A loop of `a:step()` on a scene at rest is mostly the loop's own time: it stops at
    /// the budget.)
    @Test("Engine time in animator:step/run counts against the case's limit only; past it the message names the limit")
    func engineTimeCountsAgainstTheLimit() throws {
        let runner = budgeted(caseLimit: 4)
        let path = try file("""
            local dyn = require "dynamics"
            local function scene()
              local a = dyn.animator{ bounds = {0, 0, 1000, 1000} }
              local items = {}
              for i = 1, 150 do items[i] = dyn.item{ center = {20 + (i % 15) * 60, 20 + (i // 15) * 60}, size = {50, 50} } end
              a:addBehavior(dyn.gravity{ items = items })
              a:addBehavior(dyn.collision{ items = items, boundsAsBoundary = true })
              return a
            end
            test("runs a simulation longer than the budget", function()
              local a = scene()
              local frames = 0
              local c = os.clock()
              while os.clock() - c < 0.3 do a:step(); frames = frames + 1 end
              a:run{ seconds = frames / 60 }
              print(frames)
            end)
            test("runs forever", function()
              local a = scene()
              while true do a:run{ seconds = 10 } end
            end)
            test("runs after", function() end)
            """)
        let start = Date()
        let results = runner.run(file: path)
        let seconds = Date().timeIntervalSince(start)
        #expect(results.count == 3, "\(results.map(\.line))")
        guard results.count == 3 else { return }
        // About 0.6 s of engine time (os.clock is CPU time: at least that much wall time),
        // six times the budget.
        #expect(results[0].passed && results[0].seconds > 0.4, "\(results[0].line), \(results[0].seconds) s")
        #expect(results[1].failure?.hasSuffix(":20: time limit exceeded (4 s of wall-clock time, the engine's included)") == true,
                "\(results[1].line)")
        #expect(results[1].seconds > 3.9 && results[1].seconds < 6, "\(results[1].seconds) s")
        #expect(results[2].passed, "\(results[2].line)")
        #expect(seconds < 12)
    }

    @Test("Host calls other than the engine's count as the case's own time; a looping action is stopped at its own budget")
    func hostCallsAndCallbacksKeepTheBudget() throws {
        let runner = budgeted(caseLimit: 20)
        let path = try file("""
            local dyn = require "dynamics"
            test("sets a property forever", function()
              local b = dyn.item{ size = {10, 10} }
              while true do b.center = {1, 2} end
            end)
            test("an action loops", function()
              local a = dyn.animator{}
              local b = dyn.item{ size = {10, 10} }
              a:addBehavior(dyn.gravity{ items = {b} })
              a:addBehavior(dyn.behavior{ items = {b}, action = function() while true do end end })
              a:run{ seconds = 1 }
            end)
            """)
        let start = Date()
        let results = runner.run(file: path)
        #expect(Date().timeIntervalSince(start) < 3)
        #expect(results.count == 2, "\(results.map(\.line))")
        guard results.count == 2 else { return }
        #expect(results[0].failure?.contains(":4: instruction budget exceeded (10000000 instructions per call") == true, "\(results[0].line)")
        #expect(results[0].seconds < 1, "\(results[0].seconds) s")
        #expect(results[1].failure?.contains(":10: instruction budget exceeded (10000000 instructions per call") == true, "\(results[1].line)")
    }

    /// The fourth looping case of a file was refused ("the script is stopped") with every
    /// case after it: each case is bounded on its own.
    @Test("Four looping cases each fail at the budget; the cases after them run")
    func loopingCasesDoNotStopTheFile() throws {
        let runner = LuaTestRunner(limits: LuaLimits(instructionBudget: 10_000_000))
        let path = try file((1...4).map { "test(\"loop \($0)\", function() while true do end end)\n" }.joined()
                            + "test(\"after\", function() expect(1):toBe(1) end)\n")
        let start = Date()
        let results = runner.run(file: path)
        #expect(Date().timeIntervalSince(start) < 3)
        #expect(results.map(\.name) == ["loop 1", "loop 2", "loop 3", "loop 4", "after"])
        for (i, r) in results.prefix(4).enumerated() {
            #expect(r.failure?.contains(":\(i + 1): instruction budget exceeded") == true, "\(r.line)")
        }
        #expect(results.last?.passed == true, "\(results.last?.line ?? "")")
    }

    /// `test("x", error)` failed with "(error object is a nil value)" and no line.
    @Test("A case whose function is a C function, and a case out of memory, fail at the case's declaration line")
    func failuresWithoutALineNameTheDeclaration() throws {
        let path = try file("""
            test("fine", function() end)
            test("c function", error)
            test("memory", function()
              local t = {}
              for i = 1, 1e9 do t[i] = ("x"):rep(64) .. i end
            end)
            test("c function with a value", pcall)
            """)
        let results = LuaTestRunner(limits: LuaLimits(memoryCap: 8 << 20)).run(file: path)
        #expect(results.count == 4, "\(results.map(\.line))")
        guard results.count == 4 else { return }
        // Lua names a long path by its last 60 bytes.
        let name = (path as NSString).lastPathComponent
        #expect(results[1].failure?.hasSuffix("\(name):2: (error object is a nil value)") == true, "\(results[1].line)")
        #expect(results[2].failure?.contains("\(name):3: not enough memory") == true, "\(results[2].line)")
        #expect(results[3].failure?.contains("\(name):7: ") == true, "\(results[3].line)")
    }

    @Test("What a case prints is kept with its result: head and tail within 8 KiB, and later callback errors")
    func outputIsCaptured() throws {
        let path = try file("""
            print("declaring")
            test("prints", function() print("a", 1, nil, true); print() end)
            test("quiet", function() end)
            test("floods", function()
              print("first")
              local s = ("x"):rep(1000000)
              for i = 1, 50 do print(s) end
              print("last")
            end)
            """)
        let results = LuaTestRunner().run(file: path)
        #expect(results.map(\.output) == ["declaring\na\t1\tnil\ttrue\n\n", nil, results[2].output])
        let flood = try #require(results[2].output)
        #expect(flood.hasPrefix("first\nxxx") && flood.hasSuffix("xxx\nlast\n"))
        #expect(flood.contains("bytes of output not shown"))
        #expect(flood.utf8.count <= LuaTestRunner.CapturedOutput.maximumBytes + 200)
        let left = 6 + 50 * 1_000_001 + 5 - LuaTestRunner.CapturedOutput.maximumBytes
        #expect(flood.contains("… (\(left) bytes of output not shown"), "\(flood.prefix(100))")
    }

    /// 10 000 failing cases with 8 KB messages made 80 MB of result text (+353 MB in all).
    @Test("A file's results are kept within ResultBound.fileBytes; the cut ones say so")
    func resultsBoundedInBytes() throws {
        let path = try file("""
            local big = ("m"):rep(8000)
            for i = 1, 3000 do test("case " .. i, function() print(big); error(big, 0) end) end
            """)
        let results = LuaTestRunner().run(file: path)
        #expect(results.count == 3000 && results.allSatisfy { !$0.passed })
        let total = results.reduce(0) { $0 + $1.name.utf8.count + ($1.failure?.utf8.count ?? 0) + ($1.output?.utf8.count ?? 0) + ($1.traceback?.utf8.count ?? 0) }
        // Whole results up to the bound, then at most a cut name and message each.
        #expect(total <= LuaTestRunner.ResultBound.fileBytes + 3000 * 512, "\(total) bytes")
        let cut = results.filter { $0.cutBytes > 0 }
        #expect(cut.count > 2000 && results.first?.cutBytes == 0 && results.first?.output != nil)
        #expect(cut.allSatisfy { $0.output == nil && $0.failure!.hasSuffix("(cut: the report keeps at most 4 MiB of result text)") })
    }

    @Test("ResultBound keeps whole results within its total and cuts the rest")
    func resultBound() {
        var bound = LuaTestRunner.ResultBound(bytes: 100)
        let small = LuaTestRunner.Result(file: "f", name: "n", failure: String(repeating: "a", count: 50))
        #expect(bound.admit(small) == small)
        let long = LuaTestRunner.Result(file: "f", name: String(repeating: "é", count: 100), failure: String(repeating: "b", count: 1000),
                                        output: "out", traceback: "tb")
        let cut = bound.admit(long)
        #expect(cut.name.utf8.count <= LuaTestRunner.ResultBound.cutNameBytes + 3 && cut.name.contains("…") && cut.name.hasSuffix("é"))
        #expect(cut.failure?.hasPrefix(String(repeating: "b", count: 256) + "… (cut: the report keeps at most 100 bytes") == true)
        #expect(cut.output == nil && cut.traceback == nil && cut.cutBytes > 0)
        #expect(bound.cutResults == 1 && bound.droppedBytes == cut.cutBytes)
        // A passing result with a short name is whole even past the total.
        let pass = LuaTestRunner.Result(file: "f", name: "p", failure: nil)
        #expect(bound.admit(pass) == pass && bound.cutResults == 1)
    }
}
