import Dynamics
import DynamicsLua
import DynamicsRender
import Foundation

extension LiveSession {
    /// `GET /state` (docs/cli.md, `dynamics serve`) as last published: what the session
    /// showed at the end of its last tick, command or load.
    public nonisolated func state() -> SessionState {
        SessionState(published.withLock { $0.state })
    }

    /// `GET /state` as JSON, from the published state (never waiting for the session: a
    /// slider's `apply` or a slow frame does not hold it up), built by `stateCache` one at a
    /// time and kept until the state changes, so pollers of an unchanged state share one
    /// answer (20 000 items cost 1 s of encoding a request, and 100 clients asking at once
    /// held 300 MB).
    public nonisolated func stateJSON() async -> String {
        await stateCache.json { self.published.withLock { $0.state } }
    }

    /// `GET /state`'s JSON now, from the published state, built on the caller's thread (for
    /// tests and tools on a thread of their own).
    nonisolated func stateJSONNow() -> String {
        LiveSession.stateText(published.withLock { $0.state })
    }

    /// `GET /state` answers built so far (for tests).
    nonisolated var stateBuilds: Int { get async { await stateCache.builds } }

    /// Copies what `GET /state` shows, unless this version is published already: the items'
    /// places (five numbers each) and the session's flags; names, shapes and sliders are
    /// shared with the session (copied on write). Tells `errors` when the error changed.
    func publishState() {
        let (shown, previousError) = published.withLock { ($0.state.version, $0.state.error) }
        guard shown != version else { return }
        var s = StateSnapshot()
        s.version = version
        let held = scene.flatMap { $0.bridge.draggedItem(on: $0.animator) }
        if let h = held, let i = items.firstIndex(where: { $0 === h }) { s.dragging = itemNames[i] }
        s.error = loadError ?? callbackError
        s.generation = generation
        s.names = itemNames
        s.shapes = itemShapes
        s.places.reserveCapacity(5 * items.count)
        for item in items {
            let c = item.center, t = item.transform, b = item.bounds
            s.places.append(Double(c.x)); s.places.append(Double(c.y)); s.places.append(Double(atan2(t.b, t.a)))
            s.places.append(Double(b.width)); s.places.append(Double(b.height))
        }
        s.params = currentParams
        s.paused = paused
        s.recording = recording != nil
        s.reloads = reloads
        s.resting = !(scene?.animator.isRunning ?? false)
        s.running = !paused && scene != nil
        s.speed = speed
        s.steps = steps
        s.time = scene?.animator.elapsedTime ?? 0
        let error = s.error
        published.withLock { $0.state = s }
        if error != previousError { tellError(error) }
    }

    /// A published state as JSON text, written directly (keys sorted, as `SessionState`
    /// encodes them): 20 000 items took 0.9 s through dictionaries and JSONSerialization.
    static func stateText(_ s: StateSnapshot) -> String {
        var out = JSONText()
        out.raw("{\"dragging\":")
        if let d = s.dragging { out.string(d) } else { out.raw("null") }
        out.raw(",\"error\":")
        if let e = s.error { out.string(e) } else { out.raw("null") }
        out.raw(",\"generation\":\(s.generation),\"items\":[")
        for i in s.names.indices {
            let p = 5 * i
            if i > 0 { out.raw(",") }
            out.raw("{\"angle\":"); out.number(s.places[p + 2])
            out.raw(",\"height\":"); out.number(s.places[p + 4])
            out.raw(",\"name\":"); out.string(s.names[i])
            out.raw(",\"shape\":"); out.string(s.shapes[i])
            out.raw(",\"width\":"); out.number(s.places[p + 3])
            out.raw(",\"x\":"); out.number(s.places[p])
            out.raw(",\"y\":"); out.number(s.places[p + 1])
            out.raw("}")
        }
        out.raw("],\"params\":[")
        for (i, p) in s.params.enumerated() {
            if i > 0 { out.raw(",") }
            out.raw("{\"max\":"); out.number(p.max)
            out.raw(",\"min\":"); out.number(p.min)
            out.raw(",\"name\":"); out.string(p.name)
            out.raw(",\"step\":"); out.number(p.step)
            out.raw(",\"value\":"); out.number(p.value)
            out.raw("}")
        }
        out.raw("],\"paused\":\(s.paused),\"recording\":\(s.recording),\"reloads\":\(s.reloads)")
        out.raw(",\"resting\":\(s.resting),\"running\":\(s.running)")
        out.raw(",\"speed\":"); out.number(s.speed)
        out.raw(",\"step\":\(s.steps),\"time\":"); out.number(s.time)
        out.raw("}")
        return out.text
    }
}

/// `GET /state`'s answers (see `LiveSession.stateJSON`): one build at a time, on the
/// cooperative pool (one of its threads at most), each kept while the state's version is
/// the same.
actor StateCache {
    private var cached: (version: Int, json: String)?
    /// Answers built so far.
    private(set) var builds = 0

    /// The JSON of the state `snapshot` returns when this request's turn comes.
    func json(_ snapshot: @Sendable () -> StateSnapshot) -> String {
        let s = snapshot()
        if let cached, cached.version == s.version { return cached.json }
        builds += 1
        let json = LiveSession.stateText(s)
        cached = (s.version, json)
        return json
    }
}

/// JSON written piece by piece: strings escaped as the JSON traces escape them, numbers in
/// Swift's shortest round-trip form (null if not finite, which the model never lets happen).
struct JSONText {
    private(set) var text = ""

    mutating func raw(_ s: String) { text += s }

    mutating func number(_ d: Double) {
        guard d.isFinite else { text += "null"; return }
        if d == d.rounded(), abs(d) < 1e15 { text += String(Int64(d)) } else { text += "\(d)" }
    }

    mutating func string(_ s: String) { text += Format.jsonString(s) }
}

/// What `GET /state` shows at one moment (see `LiveSession.stateJSON`), kept compact: the
/// items' numbers in one array.
struct StateSnapshot: Sendable {
    /// The session's `version` it was taken at (-1: none yet).
    var version = -1
    var dragging: String?
    var error: String?
    var generation = 0
    var names: [String] = []
    var shapes: [String] = []
    /// x, y, angle, width, height of each item (points, radians).
    var places: [Double] = []
    var params: [LuaSceneParam] = []
    var paused = false
    var recording = false
    var reloads = 0
    var resting = true
    var running = false
    var speed = 1.0
    var steps = 0
    var time = 0.0
}

/// `GET /state` as a value (docs/cli.md, `dynamics serve`): its encoding (keys sorted) is
/// the JSON `LiveSession.stateJSON` writes directly; `dragging` and `error` are `null` when
/// absent, not left out.
public struct SessionState: Codable, Sendable, Equatable {
    public struct Item: Codable, Sendable, Equatable {
        public var name: String
        public var shape: String
        /// Centre (points), rotation (radians), bounds' size (points).
        public var x, y, angle, width, height: Double
    }
    public struct Param: Codable, Sendable, Equatable {
        public var name: String
        public var value, min, max, step: Double
    }
    public var dragging: String?
    public var error: String?
    public var generation: Int
    public var items: [Item]
    public var params: [Param]
    public var paused: Bool
    public var recording: Bool
    public var reloads: Int
    public var resting: Bool
    public var running: Bool
    public var speed: Double
    public var step: Int
    /// The scene's elapsed time (seconds).
    public var time: Double

    init(_ s: StateSnapshot) {
        dragging = s.dragging
        error = s.error
        generation = s.generation
        items = s.names.indices.map { i in
            let p = 5 * i
            return Item(name: s.names[i], shape: s.shapes[i], x: s.places[p], y: s.places[p + 1], angle: s.places[p + 2],
                        width: s.places[p + 3], height: s.places[p + 4])
        }
        params = s.params.map { Param(name: $0.name, value: $0.value, min: $0.min, max: $0.max, step: $0.step) }
        paused = s.paused
        recording = s.recording
        reloads = s.reloads
        resting = s.resting
        running = s.running
        speed = s.speed
        step = s.steps
        time = s.time
    }

    private enum CodingKeys: String, CodingKey {
        case dragging, error, generation, items, params, paused, recording, reloads, resting, running, speed, step, time
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(dragging, forKey: .dragging)
        try c.encode(error, forKey: .error)
        try c.encode(generation, forKey: .generation)
        try c.encode(items, forKey: .items)
        try c.encode(params, forKey: .params)
        try c.encode(paused, forKey: .paused)
        try c.encode(recording, forKey: .recording)
        try c.encode(reloads, forKey: .reloads)
        try c.encode(resting, forKey: .resting)
        try c.encode(running, forKey: .running)
        try c.encode(speed, forKey: .speed)
        try c.encode(step, forKey: .step)
        try c.encode(time, forKey: .time)
    }
}
