import DynamicsLua
import DynamicsLuaTesting
import DynamicsRecording
import DynamicsTestSupport
import Foundation
import Testing

/// `replayRecording(path)` in a test: passes on a recording of its scene, fails at the line
/// that called it with the frame, item and property, and refuses bad paths and files.
@Suite("replayRecording")
struct ReplayRecordingTests {
    static let scene = """
        local dyn = require "dynamics"
        local a = dyn.animator{ bounds = {0, 0, 300, 300} }
        local b = dyn.item{ center = {150, 50}, size = {30, 30}, name = "b" }
        a:addBehavior(dyn.gravity{ items = {b} })
        a:addBehavior(dyn.collision{ items = {b}, boundsAsBoundary = true })
        return a
        """

    /// A folder with `drop.lua` and `drop.dynrec`, a recording of 90 frames with a press.
    static func folder() throws -> String {
        let folder = testScratch.appendingPathComponent("replay-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let scene = folder + "/drop.lua"
        try Self.scene.write(toFile: scene, atomically: true, encoding: .utf8)
        let header = RecordingHeader(scene: "drop.lua", sceneSHA256: SHA256.hex(ofFile: scene)!, fps: 60, build: RecordingBuild.current, host: "run")
        let writer = try RecordingFileWriter(path: folder + "/drop.dynrec", header: header)
        let recorder = Recorder(header: header) { try writer.append($0) }
        let loaded = try RecordedScene(path: scene, host: .run, limits: LuaLimits()) { _ in }
        try recorder.endFrame(loaded.animator)
        for f in 1..<90 {
            if f == 20 {
                recorder.add(.pointer(phase: "began", x: 150, y: 100), at: loaded.animator.elapsedTime)
                try loaded.apply(.pointer(phase: "began", x: 150, y: 100))
            }
            loaded.animator.step(1.0 / 60)
            try recorder.endFrame(loaded.animator)
        }
        try writer.finish(frames: recorder.frames)
        return folder
    }

    func run(_ source: String, in folder: String) throws -> [LuaTestRunner.Result] {
        let file = folder + "/replay_test.lua"
        try source.write(toFile: file, atomically: true, encoding: .utf8)
        return LuaTestRunner(limits: LuaLimits()).run(file: file)
    }

    @Test("A recording of the scene replays; the returned table counts its frames")
    func passes() throws {
        let folder = try Self.folder()
        let results = try run("""
            test("replays", function()
              local r = replayRecording("drop.dynrec")
              expect(r.frames):toBe(90)
              -- The box comes to rest and the animator pauses: its clock stands from then.
              expect(r.time > 0.5 and r.time <= 89 / 60, "time"):toBe(true)
            end)
            """, in: folder)
        #expect(results.count == 1 && results[0].failure == nil, "\(results)")
    }

    @Test("An edited keyframe fails at the calling line, naming frame, item and property")
    func editedFails() throws {
        let folder = try Self.folder()
        let path = folder + "/drop.dynrec"
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[61] = lines[61].replacingOccurrences(of: "\"vx\":0.0", with: "\"vx\":0.5")
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let results = try run("""
            test("replays", function()
              replayRecording("drop.dynrec")
            end)
            """, in: folder)
        let failure = results.first?.failure ?? ""
        #expect(failure.contains("replay_test.lua:2: replayRecording: drop.dynrec: frame 60") && failure.contains("item #1 'b' vx is 0.0, recorded 0.5"),
                "\(failure)")
    }

    @Test(arguments: [
        ("replayRecording(5)", "replayRecording(path): expected a string, got number"),
        ("replayRecording('/tmp/x.dynrec')", "absolute paths are not allowed"),
        ("replayRecording('drop.lua')", "expected a .dynrec file"),
        ("replayRecording('missing.dynrec')", "replayRecording: missing.dynrec: no such file"),
        ("replayRecording('../outside.dynrec')", "is outside the folders scripts may read"),
        ("replayRecording('cut.dynrec')", "replayRecording: cut.dynrec: line 4: the file ends inside this line"),
    ])
    func badPaths(call: String, expected: String) throws {
        let folder = try Self.folder()
        let text = try String(contentsOfFile: folder + "/drop.dynrec", encoding: .utf8)
        let cut = text.split(separator: "\n").prefix(3).joined(separator: "\n") + "\n{\"frame\":2"
        try cut.write(toFile: folder + "/cut.dynrec", atomically: true, encoding: .utf8)
        try text.write(toFile: (folder as NSString).deletingLastPathComponent + "/outside.dynrec", atomically: true, encoding: .utf8)
        let results = try run("test(\"bad\", function()\n  \(call)\nend)\n", in: folder)
        let failure = results.first?.failure ?? ""
        #expect(failure.contains("replay_test.lua:2:") && failure.contains(expected), "\(failure)")
    }
}
