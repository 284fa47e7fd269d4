import DynamicsTestSupport
import Foundation
import Testing

/// `dynamics run --record` and `dynamics replay`: every example's recording replays to the
/// same hashes; an edited recording fails naming its frame, item and property; a changed
/// scene is warned of; a bad recording is a clear error.
@Suite("dynamics run --record, dynamics replay")
struct ReplayCommandTests {
    /// Every example copied into a folder of its own, with the plugins and modules it uses.
    static func examplesCopy() throws -> String {
        let folder = testScratch.appendingPathComponent("replay-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: packageRoot.appendingPathComponent("Examples").path, toPath: folder)
        return folder
    }

    @Test("Every example recorded with run --record replays with --validate, frame for frame")
    func examplesReplay() throws {
        let folder = try Self.examplesCopy()
        let scenes = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".lua") }.sorted()
        #expect(scenes.count >= 12, "\(scenes)")
        for scene in scenes {
            let rec = (scene as NSString).deletingPathExtension + ".dynrec"
            let run = try runDynamics(["run", scene, "--seconds", "2", "--record", rec], in: folder)
            #expect(run.status == 0, "\(scene): \(run.stderr)")
            let replay = try runDynamics(["replay", rec, "--validate"], in: folder)
            #expect(replay.status == 0 && replay.stdout.contains("every frame as recorded") && replay.stderr.isEmpty,
                    "\(scene): \(replay.stdout)\(replay.stderr)")
        }
    }

    /// The recording of pendulum.lua over 2 s, its lines.
    static func pendulumRecording() throws -> (folder: String, lines: [String]) {
        let folder = try examplesCopy()
        let run = try runDynamics(["run", "pendulum.lua", "--seconds", "2", "--record", "p.dynrec"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let text = try String(contentsOfFile: folder + "/p.dynrec", encoding: .utf8)
        return (folder, text.split(separator: "\n").map(String.init))
    }

    @Test("A changed hash fails at its frame; the next keyframe names the item and property only if they differ")
    func editedHash() throws {
        let (folder, lines) = try Self.pendulumRecording()
        var edited = lines
        // Frame 30 is line 32; its hash's first digit changed.
        let line = edited[31]
        let range = try #require(line.range(of: "\"hash\":\""))
        let digit = line[range.upperBound]
        edited[31] = line.replacingCharacters(in: range.upperBound...range.upperBound, with: digit == "0" ? "1" : "0")
        try (edited.joined(separator: "\n") + "\n").write(toFile: folder + "/edited.dynrec", atomically: true, encoding: .utf8)
        let r = try runDynamics(["replay", "edited.dynrec", "--validate"], in: folder)
        #expect(r.status == 1)
        #expect(r.stderr.contains("frame 30 (t = 0.5000 s, line 32): the state differs from the recording"), "\(r.stderr)")
        // Without --validate: a warning, and the whole recording replays.
        let plain = try runDynamics(["replay", "edited.dynrec"], in: folder)
        #expect(plain.status == 0 && plain.stderr.contains("warning: edited.dynrec: the replay differs from the recording from frame 30"),
                "\(plain.stderr)")
        #expect(plain.stdout.contains("replayed 121 frames"), "\(plain.stdout)")
    }

    @Test("A changed keyframe value fails naming the frame, the item, the property and both values")
    func editedKeyframe() throws {
        let (folder, lines) = try Self.pendulumRecording()
        var edited = lines
        // Frame 60's keyframe (line 62): the first item's y, moved by 0.25 pt.
        let line = edited[61]
        let regex = try Regex(#""y":(-?[0-9.e+-]+)"#)
        let match = try #require(line.firstMatch(of: regex))
        let value = try #require(Double(String(line[match.range].dropFirst(4))))
        edited[61] = line.replacingCharacters(in: match.range, with: "\"y\":\(value + 0.25)")
        try (edited.joined(separator: "\n") + "\n").write(toFile: folder + "/edited.dynrec", atomically: true, encoding: .utf8)
        let r = try runDynamics(["replay", "edited.dynrec", "--validate"], in: folder)
        #expect(r.status == 1)
        #expect(r.stderr.contains("frame 60 (t = 1.0000 s, line 62)") && r.stderr.contains("the keyframe differs")
                && r.stderr.contains("item #1") && r.stderr.contains("y is \(value), recorded \(value + 0.25)"), "\(r.stderr)")
    }

    @Test("A keyframe with an item too many does not fit the scene: an error naming its line")
    func keyframeDoesNotFit() throws {
        let (folder, lines) = try Self.pendulumRecording()
        var edited = lines
        edited[1] = edited[1].replacingOccurrences(of: "\"items\":[", with: "\"items\":[{\"name\":\"ghost\",\"x\":0,\"y\":0,\"angle\":0,\"vx\":0,\"vy\":0,\"w\":0,\"sleeping\":false},")
        try (edited.joined(separator: "\n") + "\n").write(toFile: folder + "/edited.dynrec", atomically: true, encoding: .utf8)
        for validating in [true, false] {
            let r = try runDynamics(["replay", "edited.dynrec"] + (validating ? ["--validate"] : []), in: folder)
            #expect(r.status == 1 && r.stderr.contains("edited.dynrec: line 2: the keyframe of frame 0 has"), "\(r.stderr)")
        }
    }

    @Test("A scene changed since the recording is warned of and still replays; --validate then names the difference")
    func changedScene() throws {
        let (folder, _) = try Self.pendulumRecording()
        let scene = folder + "/pendulum.lua"
        try (String(contentsOfFile: scene, encoding: .utf8) + "\n-- a comment changes the file, not the run\n").write(toFile: scene, atomically: true, encoding: .utf8)
        let r = try runDynamics(["replay", "p.dynrec", "--validate"], in: folder)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("warning: p.dynrec: the scene") && r.stderr.contains("changed since the recording (its SHA-256 differs); replaying anyway"),
                "\(r.stderr)")
    }

    @Test("replay writes a trace and an SVG, stops at --seconds, and takes --scene")
    func outputs() throws {
        let (folder, _) = try Self.pendulumRecording()
        try FileManager.default.moveItem(atPath: folder + "/p.dynrec", toPath: testScratch.appendingPathComponent("moved-\(UUID().uuidString).dynrec").path)
        let run = try runDynamics(["run", "pendulum.lua", "--seconds", "2", "--record", "p.dynrec"], in: folder)
        #expect(run.status == 0)
        let r = try runDynamics(["replay", "p.dynrec", "--seconds", "1", "--trace", "t.csv", "--svg", "t.svg"], in: folder)
        #expect(r.status == 0 && r.stdout.contains("replayed 61 frames, 1.000 s simulated"), "\(r.stdout)\(r.stderr)")
        let csv = try String(contentsOfFile: folder + "/t.csv", encoding: .utf8)
        #expect(csv.hasPrefix("time,item"))
        #expect(try String(contentsOfFile: folder + "/t.svg", encoding: .utf8).contains("<svg"))
        // Elsewhere, with the scene named.
        let other = testScratch.appendingPathComponent("other-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: folder + "/p.dynrec", toPath: other + "/p.dynrec")
        let missing = try runDynamics(["replay", "p.dynrec"], in: other)
        #expect(missing.status == 1 && missing.stderr.contains("cannot be read (give it with --scene PATH)"), "\(missing.stderr)")
        let named = try runDynamics(["replay", "p.dynrec", "--validate", "--scene", folder + "/pendulum.lua"], in: other)
        #expect(named.status == 0, "\(named.stderr)")
    }

    @Test("Bad usage and bad recordings: status 2 or 1 with a clear message, never a crash")
    func badInput() throws {
        let folder = try Self.examplesCopy()
        #expect(try runDynamics(["replay", "nope.dynrec"], in: folder).status == 2)
        #expect(try runDynamics(["replay", "x.dynrec", "--seconds", "nan"], in: folder).status == 2)
        try "{\"format\":\"dynamics-recording\",\"version\":9}\n".write(toFile: folder + "/v9.dynrec", atomically: true, encoding: .utf8)
        let r = try runDynamics(["replay", "v9.dynrec"], in: folder)
        #expect(r.status == 1 && r.stderr.contains("v9.dynrec: line 1:"), "\(r.stderr)")
        // run --record refuses to write over a scene or a file that is not a recording.
        let over = try runDynamics(["run", "pendulum.lua", "--record", "blockman.lua"], in: folder)
        #expect(over.status == 2, "\(over.stderr)")
    }
}
