import DynamicsTestSupport
import Foundation
import Testing

/// Every line the CLI prints and every report it writes shows control and bidirectional
/// characters as "?" (`ShownText`): C1 controls (U+009B CSI, U+0085 NEL, U+009D OSC) reached
/// the terminal raw in test names, failure messages, test file names and the `behaviors`
/// listing, `check` and `run` printed file names with raw ESC sequences, and U+202E passed
/// everywhere.
@Suite("Terminal output: one sanitiser on every path")
struct ShownTextCLITests {
    /// ESC[2J, CSI, NEL, OSC and RIGHT-TO-LEFT OVERRIDE, as Lua escapes and as text.
    static let luaHostile = "\\27[2J\\u{9B}\\u{85}\\u{9D}\\u{202E}"
    static let hostile = "\u{1B}[2J\u{9B}\u{85}\u{9D}\u{202E}"
    static let shown = "?[2J????"

    /// No control or bidirectional character but newline and tab in `text`.
    static func clean(_ text: String) -> Bool {
        !text.unicodeScalars.contains { u in
            u != "\n" && u != "\t" && (u.value < 0x20 || (0x7F...0x9F).contains(u.value) || [0x61C, 0x200E, 0x200F].contains(u.value)
                || (0x202A...0x202E).contains(u.value) || (0x2066...0x2069).contains(u.value))
        }
    }

    static func folder() throws -> URL {
        let dir = testScratch.appendingPathComponent("shown-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test("c1ControlsReachTheTerminalInTests: names, failures, file names and JUnit")
    func c1ControlsReachTheTerminalInTests() throws {
        let dir = try Self.folder()
        let file = dir.appendingPathComponent("x\(Self.hostile)_test.lua")
        try """
            test("name \(Self.luaHostile)", function() end)
            test("fails", function() error("message \(Self.luaHostile)", 0) end)
            test("expects", function() expect("\(Self.luaHostile)"):toBe(1) end)
            """.write(to: file, atomically: true, encoding: .utf8)
        let broken = dir.appendingPathComponent("y\(Self.hostile)_test.lua")
        try "this is not Lua".write(to: broken, atomically: true, encoding: .utf8)
        let junit = dir.appendingPathComponent("report.xml").path
        let r = try runDynamics(["test", dir.path, "--junit", junit])
        #expect(r.status == 1)
        #expect(Self.clean(r.stdout) && Self.clean(r.stderr), "\(r.stdout.debugDescription) \(r.stderr.debugDescription)")
        #expect(r.stdout.contains("ok name \(Self.shown)"), "\(r.stdout)")
        #expect(r.stdout.contains("FAIL fails — ") && r.stdout.contains(": message \(Self.shown)\n"), "\(r.stdout)")
        #expect(r.stdout.contains("x\(Self.shown)_test.lua:3:"), "\(r.stdout)")
        #expect(r.stdout.contains("FAIL y\(Self.shown)_test.lua — "), "\(r.stdout)")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(Self.clean(xml), "\(xml.debugDescription)")
        #expect(xml.contains("name=\"name \(Self.shown)\"") && xml.contains("x\(Self.shown)_test.lua\" tests=") && xml.contains("<testsuite name=\"\(dir.path)/x\(Self.shown)_test.lua\""), "\(xml)")
    }

    @Test("c1ControlsReachTheTerminalInListings: behaviors, check and run file names, errors")
    func c1ControlsReachTheTerminalInListings() throws {
        let dir = try Self.folder()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("behaviors"), withIntermediateDirectories: true)
        try "return { name = 'odd', params = { label = \"\(Self.luaHostile)\" } }\n"
            .write(to: dir.appendingPathComponent("behaviors/odd.lua"), atomically: true, encoding: .utf8)
        try "error(\"broken \(Self.luaHostile)\")\n".write(to: dir.appendingPathComponent("behaviors/broken.lua"), atomically: true, encoding: .utf8)
        let listing = try runDynamics(["behaviors", "--scene", dir.path])
        #expect(Self.clean(listing.stdout) && Self.clean(listing.stderr), "\(listing.stdout.debugDescription)")
        #expect(listing.stdout.contains("label = \"\\027[2J\\u{9B}\\u{85}\\u{9D}\\u{202E}\""), "\(listing.stdout)")
        #expect(listing.stdout.contains("broken \(Self.shown)"), "\(listing.stdout)")

        let scene = dir.appendingPathComponent("sc\(Self.hostile).lua")
        try "local dyn = require 'dynamics'\nprint('ran')\nreturn dyn.animator{}\n".write(to: scene, atomically: true, encoding: .utf8)
        let check = try runDynamics(["check", scene.path])
        #expect(check.status == 0 && Self.clean(check.stdout), "\(check.stdout.debugDescription)")
        #expect(check.stdout.contains("ok \(dir.path)/sc\(Self.shown).lua"), "\(check.stdout)")
        let run = try runDynamics(["run", scene.path, "--seconds", "0.1"])
        #expect(run.status == 0 && Self.clean(run.stdout) && Self.clean(run.stderr), "\(run.stdout.debugDescription)")
        #expect(run.stdout.contains("sc\(Self.shown).lua: 0 items"), "\(run.stdout)")

        let failing = dir.appendingPathComponent("fails\(Self.hostile).lua")
        try "error(\"raised \(Self.luaHostile)\")\n".write(to: failing, atomically: true, encoding: .utf8)
        for command in [["run", failing.path], ["check", failing.path]] {
            let r = try runDynamics(command)
            #expect(r.status == 1 && Self.clean(r.stdout) && Self.clean(r.stderr), "\(command[0]): \(r.stderr.debugDescription)")
            #expect(r.stderr.contains("fails\(Self.shown).lua:1: raised \(Self.shown)"), "\(command[0]): \(r.stderr)")
        }
        // Bad usage names the file as given, through the same sanitiser.
        let missing = try runDynamics(["run", dir.appendingPathComponent("missing\(Self.hostile).lua").path])
        #expect(missing.status == 2 && Self.clean(missing.stderr) && missing.stderr.contains("missing\(Self.shown).lua"), "\(missing.stderr.debugDescription)")
    }
}
