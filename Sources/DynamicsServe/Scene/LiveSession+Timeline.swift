import Dynamics
import DynamicsLua
import DynamicsRecording
import Foundation

/// The session's run since its last load as what re-makes it: the slider values it started
/// with and every input on the frame it reached the scene in. Seeking re-simulates from the
/// load with these inputs; playing on from a frame before the end applies the inputs still
/// ahead, and a new input there replaces them (the run forks).
struct Timeline {
    /// Most frames a timeline holds: 10 minutes at 60 frames a second (a seek back
    /// re-simulates from the load, so a longer timeline is a slower seek). Past it the scene
    /// runs on, but the timeline ends there.
    static let maximumFrames = 36_000
    /// Frames between the in-memory snapshots a seek back restores.
    static let snapshotInterval = 60
    /// Most bytes the snapshots take together; past it no more are taken (a seek back then
    /// re-simulates from the last one, or from the load).
    static let maximumSnapshotBytes = 64 << 20
    var startParams: [(name: String, value: Double)] = []
    /// Inputs with the frame whose step follows them (`step`: the steps done before), in order.
    var inputs: [(step: Int, input: TimedInput)] = []
    /// The last frame the timeline reaches.
    var end = 0
    /// The first frame it reaches back to: 0, or the frame of an inspector's edit (which no
    /// re-simulation from the load repeats).
    var start = 0
    /// Every frame's state hash (`RecordedState`), by frame: what a seek's result is checked
    /// against.
    var hashes: [UInt64] = []
    /// Snapshots every `snapshotInterval` frames, with the sliders' values then.
    var snapshots: [(step: Int, snapshot: AnimatorSnapshot, params: [String: Double])] = []
    var snapshotBytes = 0

    /// The inputs applied before the step from frame `step`.
    func inputs(before step: Int) -> ArraySlice<(step: Int, input: TimedInput)> {
        var lo = 0, hi = inputs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if inputs[mid].step < step { lo = mid + 1 } else { hi = mid }
        }
        var stop = lo
        while stop < inputs.count, inputs[stop].step == step { stop += 1 }
        return inputs[lo..<stop]
    }

    /// Forgets everything after frame `step` (a new input there replaces what came next).
    mutating func cut(at step: Int) {
        inputs.removeAll { $0.step >= step }
        end = step
        if hashes.count > step + 1 { hashes.removeLast(hashes.count - step - 1) }
        snapshots.removeAll { $0.step > step }
        snapshotBytes = snapshots.reduce(0) { $0 + $1.snapshot.byteCount }
    }

    /// Keeps a snapshot of frame `step`, unless the snapshots' bytes are at their bound.
    mutating func keep(_ snapshot: AnimatorSnapshot, at step: Int, params: [String: Double]) {
        guard snapshotBytes + snapshot.byteCount <= Timeline.maximumSnapshotBytes else { return }
        snapshots.append((step, snapshot, params))
        snapshotBytes += snapshot.byteCount
    }
}

extension LiveSession {
    /// An input that reaches the scene now: kept on the timeline (cutting what was ahead of
    /// this frame) and in the recording, if one runs.
    func noteInput(_ input: RecordedInput) {
        guard let scene else { return }
        let time = scene.animator.elapsedTime
        if steps < timeline.end { timeline.cut(at: steps) }
        if steps < Timeline.maximumFrames { timeline.inputs.append((steps, TimedInput(time: time, input: input))) }
        guard let recording else { return }
        if recording.events >= recordingLimit {
            self.recording = nil
            callbackError = "record: stopped after \(recordingLimit) events, the most a recording keeps (record a shorter session)"
            return
        }
        recording.add(input, at: time)
    }

    /// Applies the timeline's inputs for the coming step (a run played again from a seek).
    func applyTimelineInputs() {
        guard steps < timeline.end, let scene else { return }
        for (_, timed) in timeline.inputs(before: steps) {
            switch timed.input {
            case let .pointer(phase, x, y):
                scene.bridge.pointer(PointerPhase(rawValue: phase) ?? .cancelled, at: CGPoint(x: x, y: y), on: scene.animator)
            case let .param(name, value):
                guard let p = scene.params.first(where: { $0.name == name }) else { continue }
                if let e = scene.bridge.apply(p, value: value) { callbackError = e.message } else { paramValues[name] = value }
            }
            recording?.add(timed.input, at: timed.time)
        }
    }

    /// Called after a load: frame 0's hash and snapshot.
    func timelineBegan() {
        guard let scene else { return }
        timeline.hashes = [RecordedState.capture(scene.animator, keyframe: false).hash]
        timeline.keep(scene.animator.snapshot(), at: 0, params: paramValues)
    }

    /// An inspector's edit changed the world as no input does: the timeline now starts at
    /// this frame (its snapshot), and what was ahead of it is gone.
    func timelineEdited() {
        guard let scene else { return }
        timeline.cut(at: steps)
        timeline.start = steps
        timeline.inputs = []
        timeline.snapshots = []
        timeline.snapshotBytes = 0
        timeline.keep(scene.animator.snapshot(), at: steps, params: paramValues)
        if timeline.hashes.count > steps { timeline.hashes[steps] = RecordedState.capture(scene.animator, keyframe: false).hash }
    }

    /// Called after every step: the timeline reaches the new frame (its hash, and a snapshot
    /// every `snapshotInterval` frames); a recording takes it.
    func timelineStepped() {
        guard let scene else { return }
        if steps <= Timeline.maximumFrames {
            if steps == timeline.hashes.count { timeline.hashes.append(RecordedState.capture(scene.animator, keyframe: false).hash) }
            if steps % Timeline.snapshotInterval == 0, (timeline.snapshots.last?.step ?? -1) < steps {
                timeline.keep(scene.animator.snapshot(), at: steps, params: paramValues)
            }
        }
        timeline.end = max(timeline.end, min(steps, Timeline.maximumFrames))
        guard let recording else { return }
        if recording.frames.count >= Recording.maximumFrames {
            self.recording = nil
            callbackError = "record: stopped after \(Recording.maximumFrames) frames, the most a recording keeps (record a shorter session)"
            return
        }
        recording.endFrame(scene.animator)
    }

    /// A timeline command: the frame shown after it and the timeline's end.
    func timeline(_ action: Command.TimelineAction) throws(CommandError) -> CommandReply {
        guard scene != nil else { throw CommandError("timeline: no scene is running: \(loadError ?? "?")") }
        let target: Int
        switch action {
        case .seek(let f): target = f
        case .back: target = max(steps - 1, 0)
        case .forward: target = min(steps + 1, max(timeline.end, steps + 1))
        }
        try seek(to: target)
        var reply = CommandReply(steps: steps)
        reply.end = timeline.end
        return reply
    }

    /// Shows frame `target` of the timeline, paused: forward by stepping (with the inputs
    /// ahead); back by restoring the nearest snapshot at or before it and re-simulating with
    /// the timeline's inputs. Snapshots hold no Lua values, so the frame reached is checked
    /// against its recorded hash; when it differs (a script kept state of its own), the scene
    /// is loaded again and re-simulated from frame 0, which repeats everything. A recording
    /// keeps the frames up to `target`.
    func seek(to target: Int) throws(CommandError) {
        guard target >= timeline.start, target <= max(timeline.end, steps + 1) else {
            throw CommandError("timeline.frame: must be within \(timeline.start)…\(timeline.end), got \(target)"
                               + (timeline.start > 0 ? " (the timeline starts at the inspector's last edit)" : ""))
        }
        paused = true
        pristine = false
        if target < steps {
            let held = recording
            recording = nil // re-simulated frames are in the recording already
            defer {
                recording = held
                recording?.keep(through: min(target, steps))
                pristine = false
                refreshItems(force: false)
            }
            if !restoreAndResimulate(to: target) {
                guard timeline.start == 0 else {
                    throw CommandError("timeline: frame \(target) cannot be reached again: its snapshot does not restore it (the scene keeps state in Lua)")
                }
                try reloadAndResimulate(to: target)
            }
        }
        while steps < target { step() }
        version += 1
    }

    /// Restores the last snapshot at or before `target` and steps to it; false (and the world
    /// as it was left) when none restores or the frame reached is not the one recorded.
    private func restoreAndResimulate(to target: Int) -> Bool {
        guard let scene, let kept = timeline.snapshots.last(where: { $0.step <= target }) else { return false }
        do { try scene.animator.restore(kept.snapshot) } catch { return false }
        steps = kept.step
        for (name, value) in kept.params where paramValues[name] != value {
            guard let p = scene.params.first(where: { $0.name == name }) else { continue }
            if let e = scene.bridge.apply(p, value: value) { callbackError = e.message }
        }
        paramValues = kept.params
        while steps < target {
            applyTimelineInputs()
            scene.animator.step(LiveScene.frame)
            steps += 1
        }
        return target < timeline.hashes.count && RecordedState.capture(scene.animator, keyframe: false).hash == timeline.hashes[target]
    }

    /// Loads the scene again with the timeline's starting sliders and steps to `target`.
    private func reloadAndResimulate(to target: Int) throws(CommandError) {
        let kept = timeline
        paramValues = Dictionary(kept.startParams.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        guard load(), let scene else {
            timeline = kept
            throw CommandError("timeline: the scene does not load: \(loadError ?? "?")")
        }
        timeline = kept
        while steps < target {
            applyTimelineInputs()
            scene.animator.step(LiveScene.frame)
            steps += 1
        }
    }

    /// Starts a recording of the scene as just loaded: frame 0 now.
    func startRecording() throws(CommandError) {
        guard loadError == nil, let scene else {
            throw CommandError("record: the scene does not load: \(loadError ?? "?")")
        }
        let header = RecordingHeader(scene: fileName, sceneSHA256: SHA256.hex(ofFile: scenePath) ?? String(repeating: "0", count: 64),
                                     fps: 1 / LiveScene.frame, params: timeline.startParams, build: RecordingBuild.current, host: "serve")
        let fresh = Recording(header: header)
        fresh.endFrame(scene.animator)
        recording = fresh
        version += 1
    }

    /// Where "stop recording" writes: `NAME.dynrec` beside the scene.
    public nonisolated var recordingPath: String {
        let base = (fileName as NSString).deletingPathExtension
        return (folderPath(of: scenePath) as NSString).appendingPathComponent("\(base).\(RecordingFormat.fileExtension)")
    }

    /// Writes the recording as `recordingPath` and ends it.
    func writeRecording() throws(CommandError) -> CommandReply {
        guard let recording else { throw CommandError("record: nothing is being recorded (start recording first)") }
        let path = recordingPath
        do {
            try Recording.write(recording.text, to: path, opening: RecordingPaths.opening)
        } catch {
            throw CommandError("record: \((path as NSString).lastPathComponent) \(error)")
        }
        self.recording = nil
        version += 1
        return CommandReply(file: path, steps: recording.frames.count - 1, events: recording.events)
    }

    /// "Save as test": writes the recording (`recordingPath`) and `NAME_test.lua` beside the
    /// scene, a test that replays it, and ends the recording.
    func saveRecording() throws(CommandError) -> CommandReply {
        guard let recording else { throw CommandError("record: nothing is being recorded (start recording first)") }
        let path = testPath
        let recordingFile = (recordingPath as NSString).lastPathComponent
        let source = Recording.testSource(sceneFile: fileName, recordingFile: recordingFile, frames: recording.frames.count,
                                          events: recording.events)
        do {
            try Recording.write(source, to: path)
        } catch {
            throw CommandError("record: \((path as NSString).lastPathComponent) \(error)")
        }
        _ = try writeRecording()
        return CommandReply(file: path, steps: recording.frames.count - 1, events: recording.events)
    }

    /// Opens a recording (`dynamics serve SCENE --replay REC`): the scene loads with its
    /// starting slider values, paused at frame 0, and the timeline holds its inputs, so
    /// playing or seeking shows the recorded run. Returns a warning when the scene's SHA-256
    /// is not the recorded one. Only recordings made at 60 frames a second replay here.
    public func openRecording(_ path: String) throws(RecordingError) -> String? {
        let reader = try RecordingReader(path: path)
        let header = reader.header
        guard header.fps == 1 / LiveScene.frame else {
            throw RecordingError(line: 1, message: "header.fps: the viewer steps 60 frames a second, the recording \(header.fps)")
        }
        var inputs: [(step: Int, input: TimedInput)] = []
        var hashes: [UInt64] = []
        var last = 0
        while let frame = try reader.next() {
            guard frame.frame <= Timeline.maximumFrames else {
                throw RecordingError(line: reader.lineNumber, message: "the viewer's timeline holds \(Timeline.maximumFrames) frames at most")
            }
            if frame.step != nil { break } // a last, shorter frame of `run --record`: the viewer's are all 1/60 s
            inputs += frame.inputs.map { (frame.frame - 1, $0) }
            hashes.append(frame.hash)
            last = frame.frame
        }
        paramValues = Dictionary(header.params.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        guard load() else { throw RecordingError(line: 0, message: "the scene does not load: \(loadError ?? "?")") }
        let began = timeline // frame 0's hash and snapshot, from the load
        timeline = Timeline(startParams: header.params, inputs: inputs, end: last)
        // The recording's hashes are what its frames are checked against after a restore
        // (a scene that changed since fails the check, and is re-simulated from its load).
        timeline.hashes = hashes
        timeline.snapshots = began.snapshots
        timeline.snapshotBytes = began.snapshotBytes
        paused = true
        version += 1
        publishState()
        return SHA256.hex(ofFile: scenePath) == header.sceneSHA256 ? nil
            : "the scene \(fileName) changed since the recording (its SHA-256 differs); replaying anyway"
    }
}
