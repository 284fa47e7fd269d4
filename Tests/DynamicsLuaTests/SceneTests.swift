import DynamicsLua
import DynamicsLuaTesting
import DynamicsTestSupport
import Foundation
import Testing

/// The package's Tests/Scenes folder.
let scenesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scenes").path

@Suite("Lua script-driven tests")
struct SceneTests {
    @Test("Every Tests/Scenes/*_test.lua case passes")
    func scenes() {
        let results = LuaTestRunner().run(paths: [scenesFolder])
        #expect(results.count >= 10)
        for r in results { #expect(r.passed, "\(r.file): \(r.line)") }
    }

    @Test("A failing check names file:line, expected and actual")
    func failureReport() throws {
        let file = testScratch.appendingPathComponent("report_test.lua")
        try """
            test("adds", function()
              expect(1 + 1):toBe(2)
            end)
            test("wrong", function()
              local x = 3
              expect(x):toBeCloseTo(4, 0.5)
            end)
            test("raises", function() local t = nil; return t.x end)
            """.write(to: file, atomically: true, encoding: .utf8)
        let results = LuaTestRunner().run(file: file.path)
        #expect(results.map(\.line) == [
            "ok adds",
            // Locations name the file as it was given.
            "FAIL wrong — \(file.path):6: expected 4 ± 0.5, got 3",
            "FAIL raises — \(file.path):8: attempt to index a nil value (local 't')",
        ])
        #expect(LuaTestRunner().run(file: file.path, filter: "add").map(\.name) == ["adds"])
    }

    /// NaN is close to nothing: `expect(0/0):toBeCloseTo(5)` passed (the check was "the
    /// distance is not more than the tolerance"), so a test of positions passed on NaN state.
    @Test("toBeCloseTo fails on NaN values, targets and tolerances; equal infinities pass")
    func closeToNaN() throws {
        let file = testScratch.appendingPathComponent("nan_\(UUID().uuidString)_test.lua")
        try """
            test("nan value", function() expect(0/0):toBeCloseTo(5) end)
            test("nan target", function() expect(5):toBeCloseTo(0/0) end)
            test("nan tolerance", function() expect(1):toBeCloseTo(1000, 0/0) end)
            test("negative tolerance", function() expect(1):toBeCloseTo(1, -1) end)
            test("infinite value", function() expect(math.huge):toBeCloseTo(5, 1e300) end)
            test("equal infinities", function() expect(-math.huge):toBeCloseTo(-math.huge) end)
            test("close", function() expect(1.05):toBeCloseTo(1, 0.1) end)
            test("points", function() expect({x = 3, y = 4}):toBeCloseTo({0, 0}, 5) end)
            test("points apart", function() expect({3, 4}):toBeCloseTo({x = 0, y = 0}, 4.9) end)
            test("nan point", function() expect({x = 0/0, y = 0}):toBeCloseTo({0, 0}, 1) end)
            test("wrapping integers", function() expect(math.mininteger):toBeCloseTo(math.maxinteger, 1) end)
            test("tiny points apart", function() expect({0, 0}):toBeCloseTo({1e-200, 1e-200}, 1e-201) end)
            test("huge points close", function() expect({1e200, 1e200}):toBeCloseTo({-1e200, -1e200}, 1e300) end)
            """.write(to: file, atomically: true, encoding: .utf8)
        let results = LuaTestRunner().run(file: file.path)
        #expect(results.map(\.passed) == [false, false, false, false, false, true, true, true, false, false, false, false, true], "\(results.map(\.line))")
        #expect(results[8].line.hasSuffix(":9: expected {0, 0} ± 4.9, got {3, 4}"), "\(results[8].line)")
        // NaN reads as NaN (C printed Lua's 0/0 as "-nan"), and a NaN target says why it fails.
        #expect(results[0].line.hasSuffix(":1: expected 5 ± 1e-06, got NaN"), "\(results[0].line)")
        #expect(results[1].line.contains("toBeCloseTo: NaN is close to nothing"), "\(results[1].line)")
        #expect(results[2].line.contains("the tolerance must be a finite number >= 0"), "\(results[2].line)")
    }

    /// `expect("b"):toBeGreaterThan("a")` failed with the contradiction
    /// 'expected more than "a", got "b"'.
    @Test("toBeGreaterThan and toBeLessThan compare numbers, and say so when given anything else")
    func orderedComparisons() throws {
        let file = testScratch.appendingPathComponent("order_\(UUID().uuidString)_test.lua")
        try """
            test("string bound", function() expect("b"):toBeGreaterThan("a") end)
            test("table bound", function() expect(1):toBeLessThan({}) end)
            test("more", function() expect(2):toBeGreaterThan(1) end)
            test("less", function() expect(1):toBeLessThan(2) end)
            test("not more", function() expect(1):toBeGreaterThan(1) end)
            """.write(to: file, atomically: true, encoding: .utf8)
        let results = LuaTestRunner().run(file: file.path)
        #expect(results.map(\.passed) == [false, false, true, true, false], "\(results.map(\.line))")
        #expect(results[0].line.contains("toBeGreaterThan: expected a number to compare with, got \"a\""), "\(results[0].line)")
        #expect(results[1].line.contains("toBeLessThan: expected a number to compare with"), "\(results[1].line)")
        #expect(results[4].line.hasSuffix(":5: expected more than 1, got 1"), "\(results[4].line)")
    }

    /// A file whose cases never registered (a misspelt `test`) looked like a pass.
    @Test("A test file that declares no cases fails and says so")
    func noCases() throws {
        let file = testScratch.appendingPathComponent("empty_\(UUID().uuidString)_test.lua")
        try "tset(\"x\", function() end) -- never called: tset is nil\nlocal n = 1\n".replacingOccurrences(of: "tset(", with: "local tset = nil; if tset then tset(")
            .appending(" end\n").write(to: file, atomically: true, encoding: .utf8)
        let results = LuaTestRunner().run(file: file.path)
        #expect(results.count == 1 && !results[0].passed && results[0].line.contains("declares no test cases"), "\(results.map(\.line))")
    }

    /// Read as the stock `lua` reads a file: a byte-order mark and a `#!` first line were
    /// syntax errors; line numbers stay those of the file.
    @Test("Script files may start with a byte-order mark and a #! line")
    func bomAndShebang() throws {
        let file = testScratch.appendingPathComponent("bom_\(UUID().uuidString)_test.lua")
        try Data([0xEF, 0xBB, 0xBF] + Array("#!/usr/bin/env dynamics test\ntest(\"line\", function() error(\"here\") end)\n".utf8)).write(to: file)
        let results = LuaTestRunner().run(file: file.path)
        #expect(results.count == 1 && results[0].line.contains("_test.lua:2: here"), "\(results.map(\.line))")
    }

    @Test("loadScene and toFail errors name the test's line, not the test API's own chunk")
    func apiErrorLocations() throws {
        let file = testScratch.appendingPathComponent("api_\(UUID().uuidString)_test.lua")
        try """
            test("missing scene", function()
              loadScene("nope.lua")
            end)
            test("bad pattern", function()
              expect(function() error("x") end):toFail("[")
            end)
            """.write(to: file, atomically: true, encoding: .utf8)
        let lines = LuaTestRunner().run(file: file.path).map(\.line)
        // Lua shortens a long path from the left ("...tail"); the file's name stays whole.
        let shown = file.path.count <= 59 ? file.path : "..." + file.path.suffix(56)
        #expect(lines == [
            "FAIL missing scene — \(shown):2: loadScene: nope.lua: cannot read the file",
            "FAIL bad pattern — \(shown):5: toFail: bad pattern \"[\": malformed pattern (missing ']')",
        ], "\(lines)")
    }
}
