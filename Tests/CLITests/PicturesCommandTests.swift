import DynamicsRender
import DynamicsTestSupport
import Foundation
import Testing

/// Issue 25, "Pictures": `run --svg-at T` and `test --artifacts DIR`.
@Suite("dynamics run --svg-at, dynamics test --artifacts")
struct PicturesCommandTests {
    static let fallingBox = """
        local dyn = require "dynamics"
        local a = dyn.animator{ bounds = {0, 0, 200, 300} }
        local box = dyn.item{ name = "box", center = {100, 40}, size = {30, 30} }
        a:addBehavior(dyn.gravity{ items = {box} })
        a:addBehavior(dyn.collision{ items = {box}, boundsAsBoundary = true })
        return { animator = a, seconds = 1 }
        """

    /// The still's readout text and the box's translate.
    func still(_ svg: String) -> (readout: [String], box: String?) {
        func all(_ pattern: String) -> [String] {
            let re = try! NSRegularExpression(pattern: pattern)
            return re.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map { String(svg[Range($0.range(at: 1), in: svg)!]) }
        }
        return (all(#"<text [^>]*data-time="[^"]*">([^<]*)</text>"#), all(#"id="item-box"[^>]*transform="translate\(([^)]*)\)""#).first)
    }

    @Test("run --svg-at T writes the frame at T as a still, with its time; the same place as the trace's")
    func stillFrame() throws {
        let scene = try temporaryFile("box.lua", Self.fallingBox)
        let dir = (scene as NSString).deletingLastPathComponent
        let svg = dir + "/still.svg", json = dir + "/trace.json"
        let r = try runDynamics(["run", scene, "--svg", svg, "--svg-at", "0.5", "--trace", json])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(!text.contains("<animate") && !text.contains("<set"), "a still has no animation")
        let shown = still(text)
        #expect(shown.readout == ["t = 0.500 s"])
        // The trace's sample at 0.5 s (30 a second) has the box where the still draws it.
        let trace = try JSONDecoder().decode(Trace.self, from: Data(contentsOf: URL(fileURLWithPath: json)))
        let at = try #require(trace.samples.first { abs($0.time - 0.5) < 1e-9 })
        let state = try #require(at.items.first)
        let x = state.x, y = state.y
        let xy = try #require(shown.box).split(separator: " ").map { Double($0)! }
        #expect(abs(xy[0] - x) <= 0.006 && abs(xy[1] - y) <= 0.006, "still \(xy) vs trace (\(x), \(y))")
        #expect(y > 40, "the box has fallen by 0.5 s")
        // Between frames (10 fps: 0.5, 0.6): the frame on screen at 0.55 s is the one at 0.5 s.
        let between = try runDynamics(["run", scene, "--fps", "10", "--svg", svg, "--svg-at", "0.55"])
        #expect(between.status == 0, "\(between.stderr)")
        #expect(still(try String(contentsOfFile: svg, encoding: .utf8)).readout == ["t = 0.500 s"])
        // The first and the last moment of the run.
        for (t, shown) in [("0", "t = 0.000 s"), ("1", "t = 1.000 s")] {
            #expect(try runDynamics(["run", scene, "--svg", svg, "--svg-at", t]).status == 0)
            #expect(still(try String(contentsOfFile: svg, encoding: .utf8)).readout == [shown])
        }
    }

    @Test("--svg-at that is no time of the run, or without --svg, is bad usage (exit 2) saying why")
    func stillFrameBadInput() throws {
        let scene = try temporaryFile("box.lua", Self.fallingBox)
        let svg = (scene as NSString).deletingLastPathComponent + "/still.svg"
        for (value, message) in [("nan", "--svg-at must be a simulated time in 0…86400 s"), ("-1", "--svg-at must be a simulated time in 0…86400 s"),
                                 ("inf", "--svg-at must be a simulated time in 0…86400 s"), ("1e9", "--svg-at must be a simulated time"),
                                 ("soon", "--svg-at"), ("1.5", "--svg-at 1.5: the run covers 0…1 s of simulated time")] {
            let r = try runDynamics(["run", scene, "--svg", svg, "--svg-at", value])
            #expect(r.status == 2 && r.stderr.contains(message), "\(value): \(r.status) \(r.stderr)")
        }
        // A scene that stepped itself before returning: the run's clock starts where it left it.
        let ahead = try temporaryFile("ahead.lua", Self.fallingBox.replacingOccurrences(of: "return {", with: "a:run{ seconds = 1 }\nreturn {"))
        let early = try runDynamics(["run", ahead, "--svg", svg, "--svg-at", "0.5"])
        #expect(early.status == 2 && early.stderr.contains("--svg-at 0.5: the run covers 1…2 s"), "\(early.stderr)")
        #expect(try runDynamics(["run", ahead, "--svg", svg, "--svg-at", "1.5"]).status == 0)
        #expect(still(try String(contentsOfFile: svg, encoding: .utf8)).readout == ["t = 1.500 s"])
        try FileManager.default.removeItem(atPath: svg)
        let alone = try runDynamics(["run", scene, "--svg-at", "0.5"])
        #expect(alone.status == 2 && alone.stderr.contains("--svg-at needs --svg FILE"), "\(alone.stderr)")
        #expect(!FileManager.default.fileExists(atPath: svg), "nothing written")
    }

    static let failingTests = """
        local dyn = require "dynamics"
        local function fallingBox()
          local a = dyn.animator{ bounds = {0, 0, 200, 300} }
          local box = dyn.item{ name = "box", center = {100, 40}, size = {30, 30} }
          a:addBehavior(dyn.gravity{ items = {box} })
          a:addBehavior(dyn.collision{ items = {box}, boundsAsBoundary = true })
          return a, box
        end
        test("box stays up: ✗/?", function()
          local a, box = fallingBox()
          a:run{ seconds = 0.5 }
          a:run{ seconds = 1 }
          expect(box.center.y, "box y"):toBeLessThan(100)
        end)
        test("box falls", function()
          local a, box = fallingBox()
          a:run{ seconds = 0.5 }
          expect(box.center.y):toBeGreaterThan(40)
        end)
        test("no animator", function() expect(1):toBe(2) end)
        test("two animators", function()
          local a = fallingBox()
          local b = fallingBox()
          for _ = 1, 20 do a:step(); b:step() end
          expect(false):toBeTruthy()
        end)
        """

    @Test("test --artifacts DIR writes an SVG of the last run of each failing test that ran an animator, and says where")
    func artifacts() throws {
        let file = try temporaryFile("fall_test.lua", Self.failingTests)
        let folder = (file as NSString).deletingLastPathComponent
        let out = folder + "/pictures/new"
        let r = try runDynamics(["test", file, "--artifacts", out])
        #expect(r.status == 1 && r.stdout.contains("1 passed, 3 failed"), "\(r.stdout)\(r.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(names == ["fall_test__box_stays_up_____.svg", "fall_test__two_animators-2.svg", "fall_test__two_animators.svg"], "\(names)")
        let line = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("FAIL box stays up") })
        #expect(line.contains("(picture of the last run: \(out)/fall_test__box_stays_up_____.svg)"), "\(line)")
        #expect(r.stdout.split(separator: "\n").first { $0.hasPrefix("FAIL no animator") }?.contains("picture") == false)
        // The last run: the second `run` (0.5 s → 1.5 s), animated, with the time shown.
        let svg = try String(contentsOfFile: out + "/fall_test__box_stays_up_____.svg", encoding: .utf8)
        #expect(svg.contains("class=\"time-readout\"") && svg.contains("<animateTransform"))
        #expect(svg.contains(">t = 0.500 s<") && svg.contains(">t = 1.500 s<") && !svg.contains(">t = 0.467 s<"), "from 0.5 s to 1.5 s only")
        // Steps continue a recording: 20 frames of 1/60 s from t = 0.
        let stepped = try String(contentsOfFile: out + "/fall_test__two_animators.svg", encoding: .utf8)
        #expect(stepped.contains(">t = 0.000 s<") && stepped.contains(">t = 0.333 s<"))
        // Run again: the pictures are replaced, not added to; a passing run writes none.
        let again = try runDynamics(["test", file, "--artifacts", out])
        #expect(again.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).count == 3)
        let passing = try runDynamics(["test", file, "--filter", "falls", "--artifacts", folder + "/none"])
        #expect(passing.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/none").isEmpty)
    }

    @Test("Test files of one name in two folders get pictures of distinct names")
    func artifactsOfSameNamedFiles() throws {
        let a = try temporaryFile("x_test.lua", Self.failingTests)
        let root = (a as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        try Self.failingTests.write(toFile: root + "/sub/x_test.lua", atomically: true, encoding: .utf8)
        let r = try runDynamics(["test", "x_test.lua", "sub/x_test.lua", "--filter", "stays up", "--artifacts", "out"], in: root)
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: root + "/out").sorted()
        #expect(names == ["sub_x_test__box_stays_up_____.svg", "x_test__box_stays_up_____.svg"], "\(names)")
    }

    @Test("--artifacts naming a file, a symbolic link or a folder that cannot be made is bad usage (exit 2)")
    func artifactsBadFolder() throws {
        let file = try temporaryFile("fall_test.lua", Self.failingTests)
        let folder = (file as NSString).deletingLastPathComponent
        let plain = folder + "/plain", link = folder + "/link", real = folder + "/real"
        #expect(FileManager.default.createFile(atPath: plain, contents: Data("x".utf8)))
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        for (dir, message) in [(plain, "exists and is not a folder"), (link, "is a symbolic link"),
                               (plain + "/sub", "cannot make the folder"), ("", "expected a folder")] {
            let r = try runDynamics(["test", file, "--artifacts", dir])
            #expect(r.status == 2 && r.stderr.contains("--artifacts") && r.stderr.contains(message), "\(dir): \(r.status) \(r.stderr)")
            #expect(!r.stdout.contains("passed"), "no test ran")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: real).isEmpty, "nothing written through the link")
        #expect(try String(contentsOfFile: plain, encoding: .utf8) == "x")
    }
}
