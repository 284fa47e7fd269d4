import DynamicsLua
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
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("report_test.lua")
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

    @Test("loadScene and toFail errors name the test's line, not the test API's own chunk")
    func apiErrorLocations() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("api_\(UUID().uuidString)_test.lua")
        try """
            test("missing scene", function()
              loadScene("nope.lua")
            end)
            test("bad pattern", function()
              expect(function() error("x") end):toFail("[")
            end)
            """.write(to: file, atomically: true, encoding: .utf8)
        let lines = LuaTestRunner().run(file: file.path).map(\.line)
        #expect(lines == [
            "FAIL missing scene — \(file.path):2: loadScene: nope.lua: cannot read the file",
            "FAIL bad pattern — \(file.path):5: toFail: bad pattern \"[\": malformed pattern (missing ']')",
        ], "\(lines)")
    }
}
