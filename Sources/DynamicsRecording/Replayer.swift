import Dynamics
import DynamicsLua
import Foundation

/// Where a replay first left its recording: the frame whose state hash differs, and what
/// the next keyframe (at or after it) shows of the difference.
public struct ReplayDifference: Sendable, CustomStringConvertible {
    public var frame: Int
    public var time: Double
    public var line: Int
    public var hash: UInt64
    public var recordedHash: UInt64
    /// The first item and property that differ at the keyframe, in words, with both values;
    /// or why none is known.
    public var detail: String

    public var description: String {
        let at = String(format: "frame %d (t = %.4f s, line %d)", frame, time, line)
        if hash == recordedHash {
            return "\(at): the state hash is the recorded one (\(RecordingEncoder.hex(hash))) but \(detail)"
        }
        return "\(at): the state differs from the recording (hash \(RecordingEncoder.hex(hash)), recorded \(RecordingEncoder.hex(recordedHash))); \(detail)"
    }
}

/// What a replay did.
public struct ReplayOutcome: Sendable {
    /// Frames replayed (frame 0 included).
    public var frames = 0
    /// The simulated time at the end (s).
    public var time = 0.0
    /// The first difference (nil: every frame replayed checked equal).
    public var difference: ReplayDifference?
    /// Whether the whole recording was replayed (false: `seconds` or a validation stopped it).
    public var complete = false
}

/// Replays a recording on a freshly loaded scene: the header's slider values, then frame by
/// frame the recorded inputs and a step, comparing each frame's state hash with the recorded
/// one and each keyframe's items with the world's, property by property.
public final class Replayer {
    public let reader: RecordingReader
    public let scene: RecordedScene

    /// Loads the scene at `scenePath` as the recording's header says it ran.
    public init(reader: RecordingReader, scenePath: String, limits: LuaLimits, onError: @escaping (LuaError) -> Void) throws {
        self.reader = reader
        scene = try RecordedScene(path: scenePath, host: LuaHost(rawValue: reader.header.host) ?? .run, limits: limits, onError: onError)
        for (name, value) in reader.header.params {
            do { try scene.apply(.param(name: name, value: value)) } catch {
                throw RecordingError(line: 1, message: "header.params: \(error.message)")
            }
        }
    }

    /// The scene path a recording names, relative to the recording's folder.
    public static func scenePath(for header: RecordingHeader, recording: String) -> String {
        if header.scene.hasPrefix("/") { return header.scene }
        let folder = folderPath(of: recording)
        return folder.isEmpty ? header.scene : (folder as NSString).appendingPathComponent(header.scene)
    }

    /// Replays to the end, or until the simulated time passes `seconds`. `validate`: stop at
    /// the first difference (after the keyframe that tells it); otherwise go on, noting it.
    /// `onFrame` sees the animator after each frame. Throws a `RecordingError` for a line that
    /// cannot be read or a keyframe that does not fit the scene.
    public func run(validate: Bool, seconds: Double? = nil, onFrame: (DynamicAnimator) -> Void = { _ in }) throws(RecordingError) -> ReplayOutcome {
        var outcome = ReplayOutcome()
        let animator = scene.animator
        let frameStep = 1 / reader.header.fps
        while let frame = try reader.next() {
            let line = reader.lineNumber
            if let seconds, frame.frame > 0, frame.time > seconds + 1e-9 { return outcome }
            if frame.frame > 0 {
                for (i, input) in frame.inputs.enumerated() {
                    do { try scene.apply(input.input) } catch {
                        throw RecordingError(line: line, message: "inputs[\(i + 1)]: \(error.message)")
                    }
                }
                animator.step(frame.step ?? frameStep)
            }
            let (hash, keyframe) = RecordedState.capture(animator, keyframe: frame.keyframe != nil)
            outcome.frames += 1
            outcome.time = animator.elapsedTime
            onFrame(animator)
            if hash != frame.hash, outcome.difference == nil {
                outcome.difference = ReplayDifference(frame: frame.frame, time: frame.time, line: line, hash: hash, recordedHash: frame.hash,
                                                      detail: "no keyframe follows it in the recording, so the item is not known")
            }
            if let recorded = frame.keyframe, let now = keyframe {
                let found = try Replayer.compare(now, recorded, frame: frame.frame, line: line)
                if let found {
                    if outcome.difference == nil {
                        // The hash agreed and the keyframe does not: the keyframe was changed.
                        outcome.difference = ReplayDifference(frame: frame.frame, time: frame.time, line: line, hash: hash, recordedHash: frame.hash,
                                                              detail: "the keyframe differs (was it edited?): \(found)")
                        outcome.difference!.hash = frame.hash
                    } else if outcome.difference!.detail.hasPrefix("no keyframe") {
                        outcome.difference!.detail = "at the keyframe of frame \(frame.frame) (t = \(String(format: "%.4f", frame.time)) s, line \(line)): \(found)"
                    }
                } else if let d = outcome.difference, d.detail.hasPrefix("no keyframe") {
                    outcome.difference!.detail = "the keyframe of frame \(frame.frame) (line \(line)) agrees again, so the difference is in no item's recorded property (or passed)"
                    _ = d
                }
                if validate, outcome.difference != nil { return outcome }
            }
        }
        outcome.complete = true
        return outcome
    }

    /// The first difference between the world's keyframe and the recorded one, in words
    /// (nil: equal). Items that do not fit (another count, another name) are a `RecordingError`.
    static func compare(_ now: Keyframe, _ recorded: Keyframe, frame: Int, line: Int) throws(RecordingError) -> String? {
        guard now.items.count == recorded.items.count else {
            throw RecordingError(line: line, message: "the keyframe of frame \(frame) has \(recorded.items.count) items, the scene has \(now.items.count) (is it the recording's scene?)")
        }
        for (i, (a, b)) in zip(now.items, recorded.items).enumerated() where a.name != b.name {
            throw RecordingError(line: line, message: "the keyframe of frame \(frame) has item #\(i + 1) named \"\(LuaBridge.shown(b.name))\", the scene's is \"\(LuaBridge.shown(a.name))\" (is it the recording's scene?)")
        }
        for (i, (a, b)) in zip(now.items, recorded.items).enumerated() {
            let name = a.name.isEmpty ? "item #\(i + 1)" : "item #\(i + 1) '\(LuaBridge.shown(a.name))'"
            for ((property, mine), (_, theirs)) in zip(a.numbers, b.numbers) where mine.bitPattern != theirs.bitPattern {
                return "\(name) \(property) is \(mine), recorded \(theirs)"
            }
            if a.sleeping != b.sleeping { return "\(name) sleeping is \(a.sleeping), recorded \(b.sleeping)" }
        }
        return nil
    }
}
