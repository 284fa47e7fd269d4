import DynamicsLua
import DynamicsLuaTesting
import DynamicsTestSupport
import Foundation
import Testing

/// The Lua test API beyond the basic matchers: labels, `toEqual`, `.never`, describe blocks
/// with hooks, skipped and focused cases (Tests/Scenes/testapi_test.lua has the passing side).
@Suite("Lua test API")
struct TestAPITests {
    func run(limits: LuaLimits = LuaLimits(), _ source: String, filter: String? = nil) throws -> (file: String, results: [LuaTestRunner.Result]) {
        let file = testScratch.appendingPathComponent("testapi_\(UUID().uuidString)_test.lua")
        try source.write(to: file, atomically: true, encoding: .utf8)
        return (file.path, LuaTestRunner(limits: limits).run(file: file.path, filter: filter))
    }

    @Test("Failure messages name the label, the key path and the negation, at the test's line")
    func messages() throws {
        let (file, results) = try run("""
            test("label", function()
              expect(0.75, "sheet.y"):toBeLessThan(0.3)
            end)
            test("deep", function()
              expect({ items = { { x = 1 }, { x = 4 } } }, "list"):toEqual({ items = { { x = 1 }, { x = 3 } } })
            end)
            test("never", function()
              expect(3).never:toBe(3)
            end)
            test("misused", function()
              expect(1, "speed").never:toBeCloseTo(1, -1)
            end)
            """)
        // Lua shortens a long path from the left ("...tail").
        let shown = file.count <= 59 ? file : "..." + file.suffix(56)
        #expect(results.map(\.line) == [
            "FAIL label — \(shown):2: sheet.y: expected less than 0.3, got 0.75",
            "FAIL deep — \(shown):5: list: at .items[2].x: expected 3, got 4",
            "FAIL never — \(shown):8: expected not 3",
            "FAIL misused — \(shown):11: speed: toBeCloseTo: the tolerance must be a finite number >= 0, got -1",
        ], "\(results.map(\.line))")
    }

    @Test("describe joins names; before_each and after_each run around each case of their block")
    func describeAndHooks() throws {
        let (_, results) = try run("""
            local log = {}
            before_each(function() log[#log + 1] = "file" end)
            describe("sheet", function()
              after_each(function() log[#log + 1] = "cleanup" end)
              describe("release", function()
                before_each(function() error("no scene") end)
                it("lands on half", function() log[#log + 1] = "never runs" end)
              end)
              it("fails in after_each", function()
                after_each = nil -- the file's own global: the API keeps its own
              end)
            end)
            describe("teardown", function()
              after_each(function() error("teardown broke") end)
              it("fails", function() end)
            end)
            test("log", function()
              expect(log):toEqual({ "file", "cleanup", "file", "cleanup", "file", "file" })
            end)
            """)
        #expect(results.map(\.name) == ["sheet › release › lands on half", "sheet › fails in after_each", "teardown › fails", "log"])
        // A failing before_each fails the case without running it; after_each still runs.
        #expect(results[0].failure?.hasSuffix(":6: no scene") == true, "\(results[0].line)")
        #expect(results[1].passed && results[3].passed, "\(results.map(\.line))")
        #expect(results[2].failure?.hasSuffix(":14: teardown broke") == true, "\(results[2].line)")
    }

    @Test("test.skip and it.skip are reported skipped; with test.only in a file, only those run")
    func skipAndOnly() throws {
        let (_, skipped) = try run("""
            test.skip("later", function() error("ran") end)
            it.skip("also later", function() error("ran") end)
            test("now", function() end)
            """)
        #expect(skipped.map(\.line) == ["skip later", "skip also later", "ok now"])
        #expect(skipped.map(\.skipped) == [true, true, false] && skipped.allSatisfy(\.passed))
        let (_, focused) = try run("""
            test("other", function() error("ran") end)
            describe("block", function()
              it.only("focused", function() end)
              test.only("focused but failing", function() expect(1):toBe(2) end)
              test.skip("skip wins", function() error("ran") end)
            end)
            """)
        #expect(focused.map(\.line).map { $0.replacingOccurrences(of: #" — .*"#, with: "", options: .regularExpression) }
                == ["skip other", "ok block › focused", "FAIL block › focused but failing", "skip block › skip wins"], "\(focused.map(\.line))")
        // The filter matches full names.
        let (_, filtered) = try run("describe(\"a\", function() it(\"b\", function() end) end)\ntest(\"c\", function() end)\n", filter: "a › b")
        #expect(filtered.map(\.line) == ["ok a › b"])
    }

    @Test("Misdeclared cases, hooks and labels are errors at the file's line")
    func declarationErrors() throws {
        for (source, message) in [
            ("describe(\"x\")", ":1: describe(name, fn): expected a string and a function"),
            ("test.only(1, function() end)", ":1: test.only(name, fn): expected a string and a function"),
            ("before_each(42)", ":1: before_each(fn): expected a function, got number"),
            ("test.skip = function() end", ":1: test.skip: the test API cannot be changed"),
            ("for i = 1, 101 do after_each(function() end) end", ":1: after_each: a file declares at most 100 before_each and after_each hooks"),
        ] {
            let (_, results) = try run(source + "\ntest(\"x\", function() end)\n")
            #expect(results.count == 1 && results[0].failure?.contains(message) == true, "\(source): \(results.map(\.line))")
        }
    }

    @Test("A scene cannot replace the new names of the test API")
    func sceneCannotReplace() throws {
        let folder = testScratch.appendingPathComponent("testapi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["describe", "it", "before_each", "after_each"] {
            try "\(name) = function() end\nreturn dynamics.animator{}\n".write(to: folder.appendingPathComponent("\(name).lua"), atomically: true, encoding: .utf8)
        }
        let file = folder.appendingPathComponent("scene_test.lua")
        try """
            for _, name in ipairs{"describe", "it", "before_each", "after_each"} do
              test(name, function() loadScene(name .. ".lua") end)
            end
            """.write(to: file, atomically: true, encoding: .utf8)
        let results = LuaTestRunner().run(file: file.path)
        #expect(results.count == 4)
        for (r, name) in zip(results, ["describe", "it", "before_each", "after_each"]) {
            #expect(r.failure?.contains("a scene cannot replace the test API's '\(name)'") == true, "\(r.line)")
        }
    }

    /// Tables that share subtables differently pair each with each: without a bound,
    /// k tables of k entries cost k³ comparisons.
    @Test("toEqual is bounded: a million-entry cyclic table compares in time; a cross-linked pair gives up with a clear error")
    func toEqualBounded() throws {
        let started = Date()
        // A budget of 10 s of the case's own Lua time: the bound, not the budget, is tested
        // (the budget is wall-clock time, and this machine may be loaded).
        let (_, results) = try run(limits: LuaLimits(instructionBudget: 1_000_000_000), """
            test("big cycle", function()
              local a, b = {}, {}
              for i = 1, 1000000 do a[i] = a; b[i] = b end
              expect(a):toEqual(b)
            end)
            test("cross-linked", function()
              local k = 400
              local as, bs = {}, {}
              for i = 1, k do as[i] = {}; bs[i] = {} end
              for i = 1, k do
                for j = 1, k do as[i][j] = as[j]; bs[i][j] = bs[(i + j) % k + 1] end
              end
              expect(as[1]):toEqual(bs[1])
            end)
            test("deep chain", function()
              local a, b = {}, {}
              local x, y = a, b
              for i = 1, 50000 do x.next = {}; y.next = {}; x, y = x.next, y.next end
              x.v, y.v = 1, 2
              expect(a):toEqual(b)
            end)
            """)
        let seconds = Date().timeIntervalSince(started)
        #expect(results.map(\.passed) == [true, false, false], "\(results.map(\.line))")
        #expect(results[1].failure?.contains("toEqual: compared 2500000 entries without reaching the end; compare smaller parts of these tables") == true, "\(results[1].line)")
        // The path of a deep difference is shortened in the report, not lost.
        #expect(results[2].failure?.contains(": at .next.next.next.next.next.next.next.next.next.next...(49970 more)...")
                == true && results[2].failure?.hasSuffix(".next.v: expected 2, got 1") == true, "\(results[2].line)")
        #expect(seconds < 20, "took \(seconds) s")
    }

    @Test("The annotations declare the test API's globals, test.skip/test.only, toEqual and never")
    func annotated() {
        let text = LuaBridge.luaAnnotations
        for declaration in ["function describe(name, fn)", "function before_each(fn)", "function after_each(fn)",
                            "function TestDeclarer.skip(name, fn)", "function TestDeclarer.only(name, fn)",
                            "---@type dynamics.TestDeclarer\ntest = nil", "---@type dynamics.TestDeclarer\nit = nil",
                            "function Expectation:toEqual(expected)", "---@field never dynamics.Expectation",
                            "function expect(value, label)"] {
            #expect(text.contains(declaration), "\(declaration)")
        }
    }
}
