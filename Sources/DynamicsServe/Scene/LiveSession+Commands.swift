import Dynamics
import DynamicsLua
import Foundation

extension LiveSession {
    /// Applies a command on the session and answers it, or throws a bad request. `viewer`
    /// names the WebSocket a pointer event comes from (nil: an HTTP request).
    @discardableResult
    public nonisolated func perform(_ command: Command, viewer: UUID? = nil) async throws(CommandError) -> CommandReply {
        // Read on arrival: a load that ends while this request waits answers a restart.
        let attemptsBefore = loadAttempts
        pending.add(1, ordering: .relaxed)
        return try await handle(command, attemptsBefore: attemptsBefore, viewer: viewer)
    }

    /// A viewer went while its pointer was down: its press is cancelled (no fling), unless
    /// another viewer has pressed since (the viewers share the scene's one pointer).
    nonisolated func viewerLeft(_ viewer: UUID, at x: Double, _ y: Double) async {
        _ = try? await perform(.pointer(.cancelled, x: x, y: y), viewer: viewer)
    }

    /// `attemptsBefore`: the loads finished when the request arrived.
    private func handle(_ command: Command, attemptsBefore: Int, viewer: UUID?) throws(CommandError) -> CommandReply {
        pending.subtract(1, ordering: .relaxed)
        defer { publishState() }
        version += 1
        // A load tried while this request waited, with no step since: the scene is as fresh
        // as a restart would make it. Many clients restarting at once then cost one load, not
        // one each (a scene that loops takes its whole budget to fail).
        // A recording needs the scene unstepped (its events count steps from the load); a
        // restart is answered by any load that ended after it was asked for, even if the
        // stepping task ran a frame of it first.
        let loadedMeanwhile = loadAttempts != attemptsBefore
        let asLoaded = pristine && !filesChanged
        switch command {
        case let .pointer(phase, x, y):
            guard let scene else { throw CommandError("no scene is running: \(loadError ?? "?")") }
            if phase == .began { pointerViewer = viewer }
            // A leaving viewer's cancel applies only to its own press.
            if phase == .cancelled, let viewer, pointerViewer != viewer { return CommandReply(handled: false) }
            if phase == .ended || phase == .cancelled { pointerViewer = nil }
            noteInput(.pointer(phase: phase.rawValue, x: x, y: y))
            pristine = false
            return CommandReply(handled: scene.bridge.pointer(phase, at: CGPoint(x: x, y: y), on: scene.animator))
        case let .param(name, value):
            try setParam(name, value)
            return CommandReply(name: name, value: value)
        case .control(.pause):
            paused = true
        case .control(.resume):
            paused = false
            accumulator = 0
        case .control(.step):
            paused = true
            step()
        case .control(.restart):
            if loadedMeanwhile || asLoaded || load() { recording = nil }
            if let loadError { throw CommandError("restart: the scene does not load: \(loadError)") }
        case let .speed(v):
            speed = v
        case .record(.start), .control(.record):
            // A recording counts frames from a load: the scene as loaded, or loaded again.
            if !asLoaded { _ = load() }
            try startRecording()
        case .record(.stop):
            recording = nil
        case .control(.stopRecording):
            return try writeRecording()
        case .record(.save):
            return try saveRecording()
        case let .edit(item, property, value):
            return try applyEdit(item: item, property: property, value: value)
        case let .timeline(action):
            return try timeline(action)
        }
        return CommandReply()
    }

    /// A slider's new value, checked against its range and applied by the scene.
    private func setParam(_ name: String, _ value: Double) throws(CommandError) {
        guard let p = scene?.params.first(where: { $0.name == name }), let scene else {
            throw CommandError("param: no parameter named \"\(LuaBridge.shown(name))\" (\(LiveSession.someNames((scene?.params ?? []).map(\.name))))")
        }
        guard value >= p.min, value <= p.max else {
            throw CommandError("param.value: \(LuaBridge.shown(name)) must be between \(p.min) and \(p.max), got \(value)")
        }
        pristine = false
        // A value whose `apply` fails (an error, its budget, a stopped script) is answered
        // as the failure it is, and the slider keeps its last good value.
        if let e = scene.bridge.apply(p, value: value) {
            callbackError = e.message
            throw CommandError(e.message)
        }
        if callbackError?.hasPrefix("params.\(name).") == true { callbackError = nil }
        paramValues[name] = value
        noteInput(.param(name: name, value: value))
    }

    /// Names listed in an error at most: an error names a few of the sliders and counts
    /// the rest (the whole list of 10 000 sliders made a 38 MB answer).
    static let namesInErrors = 5

    /// "parameters: a, b, c" or "parameters: a, b, c, d, e and 195 more", each name shortened.
    static func someNames(_ names: [String]) -> String {
        guard !names.isEmpty else { return "the scene has no parameters" }
        let shown = names.prefix(namesInErrors).map { LuaBridge.shown($0) }.joined(separator: ", ")
        return "parameters: " + shown + (names.count > namesInErrors ? " and \(names.count - namesInErrors) more" : "")
    }

    /// Where "save as test" writes: `NAME_test.lua` beside the scene.
    public nonisolated var testPath: String {
        let base = (fileName as NSString).deletingPathExtension
        return (folderPath(of: scenePath) as NSString).appendingPathComponent("\(base)_test.lua")
    }
}
