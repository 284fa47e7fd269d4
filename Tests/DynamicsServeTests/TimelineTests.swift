import Dynamics
import DynamicsLua
import DynamicsLuaTesting
import DynamicsRecording
@testable import DynamicsServe
import DynamicsTestSupport
import Foundation
import Testing

/// The viewer's timeline and recordings: seeking re-simulates to the exact state, playing
/// on applies the inputs ahead, a new input forks the run; Record writes a `.dynrec` that
/// replays; `--replay` opens one.
@Suite("dynamics serve: the timeline and recordings")
struct TimelineTests {
    /// The box's place and velocity now (its full precision), and the frame shown.
    static func box(_ session: LiveSession) -> (step: Int, x: Double, y: Double) {
        let s = session.state()
        let b = s.items.first { $0.name == "box" }!
        return (s.step, b.x, b.y)
    }

    /// `leadIn` frames, a drag of the box over 20 frames, a slider move, then 40 frames more.
    static func drag(_ session: LiveSession, leadIn: Int = 30) async throws {
        for _ in 0..<leadIn { try await session.perform(.control(.step)) }
        try await session.perform(.pointer(.began, x: 100, y: 370))
        for k in 1...20 {
            try await session.perform(.pointer(.moved, x: 100 + 4 * Double(k), y: 370 - 8 * Double(k)))
            try await session.perform(.control(.step))
        }
        try await session.perform(.pointer(.ended, x: 180, y: 210))
        try await session.perform(.param(name: "gravity", value: 0.5))
        for _ in 0..<40 { try await session.perform(.control(.step)) }
    }

    @Test("Seeking back shows the exact state of that frame; forward again the exact end; a new input forks the run")
    func seek() async throws {
        let path = try sceneFile("box.lua", boxScene)
        let session = await LiveSession(scenePath: path, limits: LuaLimits())
        try await session.perform(.control(.pause))
        for _ in 0..<20 { try await session.perform(.control(.step)) }
        let before = Self.box(session)
        try await Self.drag(session, leadIn: 10)
        let end = Self.box(session)
        #expect(end.step == 90 && end.y < before.y - 20, "the drag lifted the box: \(before) → \(end)")

        let reloads = session.state().reloads
        let back = try await session.perform(.timeline(.seek(20)))
        #expect(back.steps == 20 && back.end == 90)
        #expect(session.state().reloads == reloads, "frame 0's snapshot was restored, not the scene loaded again")
        let again = Self.box(session)
        #expect(again.step == 20 && again.x == before.x && again.y == before.y, "\(again) against \(before)")
        #expect(session.state().params.first?.value == 1, "the slider is back at its value of frame 20")
        // Forward to the end: the drag and the slider move are applied again on their frames.
        try await session.perform(.timeline(.seek(90)))
        let replayed = Self.box(session)
        #expect(replayed.x == end.x && replayed.y == end.y, "\(replayed) against \(end)")
        #expect(session.state().params.first?.value == 0.5)
        // One frame back and forward.
        #expect(try await session.perform(.timeline(.back)).steps == 89)
        #expect(try await session.perform(.timeline(.forward)).steps == 90)
        #expect(Self.box(session).y == end.y)
        // From frame 40 (mid-drag), a new input replaces the rest of the run.
        try await session.perform(.timeline(.seek(40)))
        try await session.perform(.pointer(.cancelled, x: 0, y: 0))
        let forked = try await session.perform(.timeline(.forward))
        #expect(forked.end == 41, "the timeline ends where the new run is: \(String(describing: forked.end))")
        // Out of range and without a scene: errors.
        await #expect(throws: CommandError.self) { try await session.perform(.timeline(.seek(500))) }
    }

    @Test("A script's own state is in no snapshot: the seek sees the frame differ and re-simulates from the load")
    func scriptStateFallsBack() async throws {
        // A timer whose count, a Lua local, sets gravity: a restored snapshot has the timer's
        // due time but not the count.
        let path = try sceneFile("counting.lua", boxScene.replacingOccurrences(of: "animator:addBehavior(gravity)", with: """
            animator:addBehavior(gravity)
            local n = 0
            animator:every(0.1, function() n = n + 1; gravity.magnitude = 1 + (n % 3) end)
            """))
        let session = await LiveSession(scenePath: path, limits: LuaLimits())
        #expect(session.error == nil, "\(session.error ?? "")")
        try await session.perform(.control(.pause))
        for _ in 0..<40 { try await session.perform(.control(.step)) }
        let at40 = Self.box(session)
        for _ in 0..<80 { try await session.perform(.control(.step)) }
        let reloads = session.state().reloads
        try await session.perform(.timeline(.seek(40)))
        let again = Self.box(session)
        #expect(again.x == at40.x && again.y == at40.y, "\(again) against \(at40)")
        #expect(session.state().reloads == reloads + 1, "the scene was loaded again")
    }

    @Test("After an inspector's edit the timeline starts at it: seeking before it is an error")
    func editStartsTheTimeline() async throws {
        let path = try sceneFile("box.lua", boxScene)
        let session = await LiveSession(scenePath: path, limits: LuaLimits())
        try await session.perform(.control(.pause))
        for _ in 0..<30 { try await session.perform(.control(.step)) }
        try await session.perform(.edit(item: "ball", property: "velocity", value: [200, 0]))
        for _ in 0..<20 { try await session.perform(.control(.step)) }
        let at50 = Self.box(session)
        for _ in 0..<20 { try await session.perform(.control(.step)) }
        do {
            _ = try await session.perform(.timeline(.seek(10)))
            Issue.record("sought before the edit")
        } catch {
            #expect(error.message.contains("must be within 30…70") && error.message.contains("inspector's last edit"), "\(error.message)")
        }
        try await session.perform(.timeline(.seek(50)))
        let again = Self.box(session)
        #expect(again.x == at50.x && again.y == at50.y, "\(again) against \(at50)")
    }

    @Test("Record, then stop recording, writes NAME.dynrec beside the scene, which replays frame for frame")
    func recordAndStop() async throws {
        let path = try sceneFile("box.lua", boxScene)
        let session = await LiveSession(scenePath: path, limits: LuaLimits())
        try await session.perform(.control(.pause))
        try await session.perform(.param(name: "gravity", value: 1.5))
        try await session.perform(.control(.record))
        #expect(session.state().recording)
        try await Self.drag(session)
        let reply = try await session.perform(.control(.stopRecording))
        let file = try #require(reply.file)
        #expect(file == session.recordingPath && file.hasSuffix("box.dynrec") && reply.steps == 90 && reply.events == 23, "\(reply)")
        #expect(!session.state().recording)
        let reader = try RecordingReader(path: file)
        #expect(reader.header.host == "serve" && reader.header.scene == "box.lua" && reader.header.params.map(\.value) == [1.5])
        let replayer = try Replayer(reader: reader, scenePath: path, limits: LuaLimits()) { Issue.record("\($0)") }
        let outcome = try replayer.run(validate: true)
        #expect(outcome.complete && outcome.difference == nil && outcome.frames == 91, "\(String(describing: outcome.difference))")
        await #expect(throws: CommandError.self) { try await session.perform(.control(.stopRecording)) }
        // A file there that is not a recording is never replaced.
        try "notes\n".write(toFile: file, atomically: true, encoding: .utf8)
        try await session.perform(.control(.record))
        try await session.perform(.control(.step))
        await #expect(throws: CommandError.self) { try await session.perform(.control(.stopRecording)) }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "notes\n")
    }

    @Test("Seeking back while recording keeps the frames up to there; the recording still replays")
    func recordAcrossASeek() async throws {
        let path = try sceneFile("box.lua", boxScene)
        let session = await LiveSession(scenePath: path, limits: LuaLimits())
        try await session.perform(.control(.pause))
        try await session.perform(.record(.start))
        try await Self.drag(session)
        try await session.perform(.timeline(.seek(35)))
        try await session.perform(.pointer(.ended, x: 150, y: 300))
        for _ in 0..<30 { try await session.perform(.control(.step)) }
        let file = try #require(try await session.perform(.control(.stopRecording)).file)
        let reader = try RecordingReader(path: file)
        let outcome = try Replayer(reader: reader, scenePath: path, limits: LuaLimits()) { Issue.record("\($0)") }.run(validate: true)
        #expect(outcome.complete && outcome.difference == nil && outcome.frames == 66, "\(outcome.frames) \(String(describing: outcome.difference))")
    }

    @Test("A recording opened with --replay fills the timeline: seeking to its end shows the recorded end")
    func openRecording() async throws {
        let path = try sceneFile("box.lua", boxScene)
        let recorder = await LiveSession(scenePath: path, limits: LuaLimits())
        try await recorder.perform(.control(.pause))
        try await recorder.perform(.param(name: "gravity", value: 2))
        try await recorder.perform(.control(.record))
        try await Self.drag(recorder)
        let end = Self.box(recorder)
        let file = try #require(try await recorder.perform(.control(.stopRecording)).file)

        let viewer = await LiveSession(scenePath: path, limits: LuaLimits())
        #expect(try await viewer.openRecording(file) == nil)
        let opened = viewer.state()
        #expect(opened.paused && opened.step == 0 && opened.params.first?.value == 2)
        let reply = try await viewer.perform(.timeline(.seek(90)))
        #expect(reply.end == 90)
        let shown = Self.box(viewer)
        #expect(shown.x == end.x && shown.y == end.y, "\(shown) against \(end)")
        // A changed scene is said to have changed.
        try (boxScene + "\n-- edited\n").write(toFile: path, atomically: true, encoding: .utf8)
        let changed = await LiveSession(scenePath: path, limits: LuaLimits())
        #expect(try await changed.openRecording(file)?.contains("changed since the recording") == true)
        // Not a recording: an error naming the line.
        try "{}\n".write(toFile: file, atomically: true, encoding: .utf8)
        do {
            _ = try await changed.openRecording(file)
            Issue.record("an empty object opened as a recording")
        } catch {
            #expect(error.description.contains("line 1: not a recording"), "\(error)")
        }
    }

    @Test("Save as test writes a test that replays the recording; it passes, and fails once the recording is edited")
    func saveAsTestReplays() async throws {
        let path = try sceneFile("box.lua", boxScene)
        let session = await LiveSession(scenePath: path, limits: LuaLimits())
        try await session.perform(.control(.pause))
        try await session.perform(.record(.start))
        try await Self.drag(session)
        let test = try #require(try await session.perform(.record(.save)).file)
        let source = try String(contentsOfFile: test, encoding: .utf8)
        #expect(source.contains("replayRecording(\"box.dynrec\")"), "\(source)")
        let runner = LuaTestRunner(limits: LuaLimits())
        let passed = runner.run(file: test)
        #expect(passed.count == 1 && passed.allSatisfy { $0.failure == nil }, "\(passed)")
        // One hash changed: the test fails at that frame.
        let recording = session.recordingPath
        var lines = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[51] = lines[51].replacingOccurrences(of: "\"hash\":\"", with: "\"hash\":\"f").replacingOccurrences(of: #"("hash":"f.{15}).""#, with: "$1\"", options: .regularExpression)
        try (lines.joined(separator: "\n") + "\n").write(toFile: recording, atomically: true, encoding: .utf8)
        let failed = runner.run(file: test)
        #expect(failed.count == 1 && failed[0].failure?.contains("replayRecording: box.dynrec: frame 50") == true, "\(failed)")
    }

    @Test("Bad timeline commands are clear errors")
    func badCommands() throws {
        #expect(try Command.parse("timeline", body: Data(#"{"action":"seek","frame":12}"#.utf8)) == .timeline(.seek(12)))
        #expect(try Command.parse("timeline", body: Data(#"{"action":"back"}"#.utf8)) == .timeline(.back))
        for (body, fragment) in [
            (#"{"action":"seek"}"#, "timeline.frame: expected a whole number"),
            (#"{"action":"seek","frame":1.5}"#, "timeline.frame: expected a whole number"),
            (#"{"action":"seek","frame":-3}"#, "timeline.frame: expected a whole number"),
            (#"{"action":"seek","frame":"3"}"#, "timeline.frame: expected a number"),
            (#"{"action":"seek","frame":1e400}"#, "timeline.frame: must be a finite number"),
            (#"{"action":"seek","frame":99999999}"#, "timeline.frame: must be a finite number within ±36000"),
            (#"{"action":"forward","frame":3}"#, "timeline.frame: only \"seek\" takes a frame"),
            (#"{"action":"rewind"}"#, "timeline.action: expected one of"),
            (#"{"action":"back","extra":1}"#, "timeline: unknown key \"extra\""),
        ] {
            do {
                _ = try Command.parse("timeline", body: Data(body.utf8))
                Issue.record("\(body) was taken")
            } catch {
                #expect(error.message.contains(fragment), "\(body): \(error.message)")
            }
        }
    }
}
