import DynamicsLua
import DynamicsTestSupport
import Foundation
import Testing

/// `dynamics test --update-goldens` and what `toMatchGolden` says about missing, differing and
/// broken goldens, each in a folder of its own.
@Suite("dynamics test: goldens")
struct GoldenCommandTests {
    /// A test file dropping a box and throwing a ball at `speed` pt/s, checked against the
    /// golden "drop" (and `extra` Lua after the check, inside the case).
    static func source(speed: Int = 100, extra: String = "") -> String {
        """
        local dyn = require "dynamics"
        test("the drop matches its golden", function()
          local a = dyn.animator{ bounds = {0, 0, 375, 667} }
          local box = dyn.item{ center = {100, 100}, size = {50, 50}, name = "box" }
          local ball = dyn.item{ center = {250, 200}, size = {40, 40}, shape = "ellipse", name = "ball" }
          a:addBehavior(dyn.gravity{ items = {box, ball} })
          a:addBehavior(dyn.collision{ items = {box, ball}, boundsAsBoundary = true })
          local props = dyn.itemBehavior{ items = {ball} }
          a:addBehavior(props)
          a:step(0)
          props:addLinearVelocity(ball, {\(speed), 0})
          local run = a:run{ seconds = 2, record = true }
          expect(run):toMatchGolden("drop", { tolerance = 0.5 })
        \(extra)
        end)

        """
    }

    /// A folder holding drop_test.lua; returns the folder.
    func folder(_ source: String = GoldenCommandTests.source()) throws -> String {
        let dir = testScratch.appendingPathComponent("goldens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try source.write(toFile: dir.appendingPathComponent("drop_test.lua").path, atomically: true, encoding: .utf8)
        return dir.path
    }

    /// `dynamics test drop_test.lua ARGS` run in `dir` (messages name the file as given, and
    /// Lua shortens long paths in locations).
    func test(_ dir: String, _ arguments: String...) throws -> (status: Int32, stdout: String, stderr: String) {
        try runDynamics(["test", "drop_test.lua"] + arguments, in: dir)
    }

    @Test("A missing golden fails with the command that writes it; --update-goldens writes it, and the run passes after")
    func missingThenUpdated() throws {
        let dir = try folder()
        let golden = dir + "/__goldens__/drop.json"
        let first = try test(dir)
        #expect(first.status == 1)
        #expect(first.stdout == "FAIL the drop matches its golden — drop_test.lua:13: no golden 'drop' yet (__goldens__/drop.json); write it with: dynamics test drop_test.lua --update-goldens\n0 passed, 1 failed\n", "\(first.stdout)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/__goldens__"))
        let update = try test(dir, "--update-goldens")
        #expect(update.status == 0, "\(update.stdout)")
        let text = try String(contentsOfFile: golden, encoding: .utf8)
        #expect(text.hasPrefix("{\n  \"format\": \"dynamics-golden\",\n  \"version\": 1,\n  \"tolerance\": 0.5,\n  \"stride\": 2,\n  \"items\": [\"box\", \"ball\"],"))
        #expect(text.split(separator: "\n").count == 8 + 61 + 2)
        let again = try test(dir)
        #expect(again.status == 0 && again.stdout == "ok the drop matches its golden\n1 passed, 0 failed\n", "\(again.stdout)")
        // A golden that still matches is left as it is by another update (a hand-made change
        // within the tolerance stays).
        let nudged = text.replacingOccurrences(of: "[0, 100, 100, 0,", with: "[0, 100.1, 100, 0,")
        #expect(nudged != text)
        try nudged.write(toFile: golden, atomically: true, encoding: .utf8)
        #expect(try test(dir, "--update-goldens").status == 0)
        #expect(try String(contentsOfFile: golden, encoding: .utf8) == nudged)
        // A folder given to the command: paths as found in it.
        let whole = try runDynamics(["test", "."], in: dir)
        #expect(whole.status == 0, "\(whole.stdout)")
    }

    @Test("A mismatch names the first frame, item and property and draws the golden and the run together")
    func mismatch() throws {
        let dir = try folder()
        #expect(try test(dir, "--update-goldens").status == 0)
        try GoldenCommandTests.source(speed: 160).write(toFile: dir + "/drop_test.lua", atomically: true, encoding: .utf8)
        let r = try test(dir)
        #expect(r.status == 1)
        #expect(r.stdout == "FAIL the drop matches its golden — drop_test.lua:13: this run differs from the golden 'drop' (__goldens__/drop.json) at frame 2 of 61 (t = 0.033 s): 'ball'.x is 255.3, the golden has 253.3 (tolerance 0.5); picture: __goldens__/drop.mismatch.svg (the golden ghosted, this run solid); if the change is intended: dynamics test drop_test.lua --update-goldens\n0 passed, 1 failed\n", "\(r.stdout)")
        let picture = dir + "/__goldens__/drop.mismatch.svg"
        let svg = try String(contentsOfFile: picture, encoding: .utf8)
        #expect(svg.contains("<g id=\"golden\" class=\"golden\" opacity=\"0.45\">") && svg.contains("data-name=\"golden: ball\""))
        #expect(svg.contains("<circle class=\"mismatch-run\""))
        // Accepting the change: the golden is written again and the old picture goes.
        #expect(try test(dir, "--update-goldens").status == 0)
        #expect(!FileManager.default.fileExists(atPath: picture))
        #expect(try test(dir).status == 0)
    }

    @Test("Broken goldens are errors at the check's line: truncated, hand-edited, not JSON, huge, links")
    func brokenGoldens() throws {
        let dir = try folder()
        #expect(try test(dir, "--update-goldens").status == 0)
        let golden = dir + "/__goldens__/drop.json"
        let good = try String(contentsOfFile: golden, encoding: .utf8)
        let fix = "check it, or write it again with: dynamics test drop_test.lua --update-goldens"
        // Cut in the middle of line 40, after a number.
        let lines = good.split(separator: "\n", omittingEmptySubsequences: false)
        let cut = lines.prefix(39).joined(separator: "\n") + "\n" + lines[39].prefix(10)
        let cases: [(String, Data, String)] = [
            ("truncated", Data(cut.utf8), "cannot be used: line 40: the file ends inside a frame (is it cut short?); \(fix)"),
            ("hand-edited", Data(good.replacingOccurrences(of: "\"stride\": 2", with: "\"stride\": \"2\"").utf8), "cannot be used: line 5: expected a number, found '\"'; \(fix)"),
            ("not JSON", Data("golden: yes\n".utf8), "cannot be used: line 1: expected '{', found 'g'; \(fix)"),
            ("not UTF-8", Data([0x7B, 0x0A, 0xC3, 0x28]), "cannot be used: it is not UTF-8 text; \(fix)"),
        ]
        for (what, contents, message) in cases {
            try contents.write(to: URL(fileURLWithPath: golden))
            let r = try test(dir)
            #expect(r.status == 1 && r.stdout.contains("— drop_test.lua:13: toMatchGolden: the golden __goldens__/drop.json \(message)\n"), "\(what): \(r.stdout)")
        }
        // Past 16 MB (sparse: nothing that size is written).
        #expect(truncate(golden, off_t(16 << 20) + 1) == 0)
        let huge = try test(dir)
        #expect(huge.stdout.contains("drop_test.lua:13: toMatchGolden: the golden __goldens__/drop.json cannot be used: 16777217 bytes, more than the 16 MB a golden may have; \(fix)\n"), "\(huge.stdout)")
        // --update-goldens replaces a broken golden.
        #expect(try test(dir, "--update-goldens").status == 0)
        #expect(try String(contentsOfFile: golden, encoding: .utf8) == good)
        // A link is never followed, nor written through: neither the golden nor its folder.
        let elsewhere = dir + "/elsewhere.json"
        try good.write(toFile: elsewhere, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: golden)
        try FileManager.default.createSymbolicLink(atPath: golden, withDestinationPath: elsewhere)
        for update in [false, true] {
            let r = update ? try test(dir, "--update-goldens") : try test(dir)
            #expect(r.status == 1 && r.stdout.contains("drop_test.lua:13: toMatchGolden: the golden __goldens__/drop.json cannot be used: it is a symbolic link, not a regular file\n"), "\(r.stdout)")
        }
        try FileManager.default.removeItem(atPath: dir + "/__goldens__")
        let other = testScratch.appendingPathComponent("goldens-other-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/__goldens__", withDestinationPath: other)
        let linked = try test(dir, "--update-goldens")
        #expect(linked.stdout.contains("drop_test.lua:13: toMatchGolden: __goldens__ is a symbolic link; goldens live in a real folder __goldens__ beside the test\n"), "\(linked.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: other).isEmpty)
    }

    @Test("A name is checked by one line of a file; .never compares and never writes")
    func namesAndNegation() throws {
        let dir = try folder(GoldenCommandTests.source(extra: "  expect(run):toMatchGolden(\"drop\", { tolerance = 0.5 })"))
        let r = try test(dir, "--update-goldens")
        #expect(r.stdout.contains("drop_test.lua:14: toMatchGolden: the golden 'drop' is already checked at drop_test.lua:13; give each check its own name\n"), "\(r.stdout)")
        let negated = try folder(GoldenCommandTests.source().replacingOccurrences(of: "expect(run):toMatchGolden", with: "expect(run).never:toMatchGolden"))
        let n = try test(negated, "--update-goldens")
        #expect(n.status == 1 && n.stdout.contains("drop_test.lua:13: no golden 'drop' yet"), "\(n.stdout)")
        #expect(!FileManager.default.fileExists(atPath: negated + "/__goldens__/drop.json"))
    }
}
