import Dynamics
import DynamicsLua
import DynamicsRecording
import DynamicsTestSupport
import Foundation
import Testing

/// Recordings made and replayed in process: inputs on their frames reproduce the run bit
/// for bit; a recording of another scene does not fit.
@Suite struct ReplayerTests {
    /// A box dragged by a pointer, with a slider for gravity.
    static let scene = """
        local dyn = require "dynamics"
        local a = dyn.animator{ bounds = {0, 0, 400, 400} }
        local box = dyn.item{ center = {200, 350}, size = {40, 40}, name = "box" }
        local ball = dyn.item{ center = {100, 100}, size = {20, 20}, shape = "ellipse", name = "ball" }
        local g = dyn.gravity{ items = {box, ball} }
        a:addBehavior(g)
        a:addBehavior(dyn.collision{ items = {box, ball}, boundsAsBoundary = true })
        return { animator = a, params = { gravity = { value = 1, min = 0, max = 3, apply = function(v) g.magnitude = v end } } }
        """

    /// Records `frames` frames of the scene at `path` with a drag and a slider move, and
    /// returns the recording's path.
    static func record(_ path: String, frames: Int = 150) throws -> String {
        let header = RecordingHeader(scene: (path as NSString).lastPathComponent, sceneSHA256: SHA256.hex(ofFile: path)!, fps: 60,
                                     params: [("gravity", 2)], build: RecordingBuild.current, host: "serve", keyframeInterval: 20)
        let out = path + ".dynrec"
        let writer = try RecordingFileWriter(path: out, header: header)
        let recorder = Recorder(header: header) { try writer.append($0) }
        let scene = try RecordedScene(path: path, host: .serve, limits: LuaLimits()) { Issue.record("callback error \($0)") }
        try scene.apply(.param(name: "gravity", value: 2))
        try recorder.endFrame(scene.animator)
        for f in 1..<frames {
            var inputs: [RecordedInput] = []
            if f == 40 { inputs.append(.pointer(phase: "began", x: 200, y: 370)) }
            if f > 40 && f < 60 { inputs.append(.pointer(phase: "moved", x: 200 + Double(f - 40) * 3, y: 370 - Double(f - 40) * 9)) }
            if f == 60 { inputs.append(.pointer(phase: "ended", x: 260, y: 190)) }
            if f == 80 { inputs.append(.param(name: "gravity", value: 0.5)) }
            for i in inputs {
                recorder.add(i, at: scene.animator.elapsedTime)
                try scene.apply(i)
            }
            scene.animator.step(1.0 / 60)
            try recorder.endFrame(scene.animator)
        }
        try writer.finish(frames: recorder.frames)
        return out
    }

    static func sceneFile(_ text: String = scene) throws -> String {
        let path = (scratchFolder() as NSString).appendingPathComponent("drag.lua")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aRecordedDragReplaysFrameForFrame() throws {
        let path = try Self.sceneFile()
        let rec = try Self.record(path)
        let reader = try RecordingReader(path: rec)
        let replayer = try Replayer(reader: reader, scenePath: path, limits: LuaLimits()) { Issue.record("callback error \($0)") }
        var ys: [Double] = []
        let outcome = try replayer.run(validate: true) { a in ys.append(Double(StateHash.items(of: a)[0].center.y)) }
        #expect(outcome.difference == nil && outcome.complete && outcome.frames == 150, "\(String(describing: outcome.difference))")
        // The drag lifted the box: it was well above the floor while held.
        #expect(ys[59] < 250, "box at y = \(ys[59]) at the end of the drag")
    }

    @Test func anotherSceneDiffersAndSaysWhere() throws {
        let path = try Self.sceneFile()
        let rec = try Self.record(path)
        // A heavier ball: the same items, another run.
        let changed = try Self.sceneFile(Self.scene.replacingOccurrences(of: "a:addBehavior(g)", with: "a:addBehavior(g)\na:addBehavior(dyn.itemBehavior{ items = {ball}, elasticity = 0.95 })"))
        let replayer = try Replayer(reader: try RecordingReader(path: rec), scenePath: changed, limits: LuaLimits()) { _ in }
        let outcome = try replayer.run(validate: true)
        let d = try #require(outcome.difference)
        #expect(d.detail.contains("'ball'") && d.detail.contains("recorded"), "\(d)")
        #expect(!outcome.complete)
    }

    @Test func aSceneWithOtherItemsDoesNotFit() throws {
        let path = try Self.sceneFile()
        let rec = try Self.record(path)
        let renamed = try Self.sceneFile(Self.scene.replacingOccurrences(of: "name = \"ball\"", with: "name = \"puck\""))
        let replayer = try Replayer(reader: try RecordingReader(path: rec), scenePath: renamed, limits: LuaLimits()) { _ in }
        #expect {
            _ = try replayer.run(validate: false)
        } throws: { error in
            "\(error)".contains("line 2: the keyframe of frame 0 has item #2 named \"ball\", the scene's is \"puck\"")
        }
    }

    @Test func aSliderTheSceneLacksIsAnError() throws {
        let path = try Self.sceneFile()
        let rec = try Self.record(path)
        let other = try Self.sceneFile(Self.scene.replacingOccurrences(of: "params = { gravity", with: "params = { weight"))
        #expect {
            _ = try Replayer(reader: try RecordingReader(path: rec), scenePath: other, limits: LuaLimits()) { _ in }
        } throws: { error in
            "\(error)".contains("header.params: the scene has no parameter named \"gravity\"")
        }
    }

    @Test func theStateHashCoversSleep() throws {
        let path = try Self.sceneFile()
        let scene = try RecordedScene(path: path, host: .run, limits: LuaLimits()) { _ in }
        let before = RecordedState.capture(scene.animator, keyframe: true)
        for _ in 0..<600 { scene.animator.step(1.0 / 60) }
        let items = StateHash.items(of: scene.animator)
        #expect(items.contains { scene.animator.isSleeping($0) == true }, "something sleeps after 10 s at rest")
        let after = RecordedState.capture(scene.animator, keyframe: true)
        #expect(before.hash != after.hash)
        #expect(after.keyframe?.items.contains { $0.sleeping } == true)
    }
}
