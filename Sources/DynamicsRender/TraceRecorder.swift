import Foundation
import Dynamics

/// Records what an animator's items do, sampled at up to `sampleRate` samples per second of
/// simulated time, and writes it as CSV, JSON or an animated SVG (docs/architecture.md, docs/cli.md).
///
/// Call `record(time:)` after every frame (the recorder decides which frames become samples)
/// and, optionally, `finish(time:)` at the end so that the last state is kept:
///
/// ```swift
/// let recorder = TraceRecorder(animator: animator, items: [box, ball], debug: true)
/// recorder.record(time: 0)
/// for frame in 1...120 {
///     animator.step(1.0 / 60)
///     recorder.record(time: Double(frame) / 60)
/// }
/// recorder.finish(time: 2)
/// try recorder.svg(debug: true).write(toFile: "scene.svg", atomically: true, encoding: .utf8)
/// ```
///
/// With `debug: true` every sample also keeps the contact points (at most
/// `maximumContactsPerSample` of them) and which collision, attachment, snap and field
/// behaviors were in the animator's tree, with their anchor, snap point or field position at
/// that moment, so that the SVG's debug overlay follows behaviors that come, go or move.
///
/// Output is deterministic: the same samples give the same bytes. The recorder holds its
/// animator, items and the behaviors it saw strongly. Not thread-safe: use it on the
/// animator's thread.
public final class TraceRecorder {
    /// One item at one sample: center (points), rotation (radians, clockwise on screen, the
    /// angle of the item's transform) and center velocity (pt/s; 0 when the animator does not
    /// know the item).
    public struct ItemState: Equatable, Sendable {
        public var x: Double
        public var y: Double
        public var angle: Double
        public var vx: Double
        public var vy: Double

        public init(x: Double, y: Double, angle: Double, vx: Double, vy: Double) {
            self.x = x; self.y = y; self.angle = angle; self.vx = vx; self.vy = vy
        }
    }

    /// One sample: the time given to `record(time:)`, the state of every recorded item (in the
    /// order of `items` and `names`) and, when recording for debugging, the contact points.
    public struct Frame: Equatable, Sendable {
        public var time: TimeInterval
        public var items: [ItemState]
        /// Where items touch something (world, points); empty unless `debug` is on.
        public var contacts: [CGPoint]

        public init(time: TimeInterval, items: [ItemState], contacts: [CGPoint] = []) {
            self.time = time; self.items = items; self.contacts = contacts
        }
    }

    public let animator: DynamicAnimator
    /// The recorded items, in the order of the columns of every sample.
    public let items: [DynamicItem]
    /// The items' names: `DynamicView.name`, the name given to the initializer, or
    /// "item1", "item2"… by position.
    public let names: [String]
    /// At most this many samples per second of simulated time (> 0; `.infinity` keeps every
    /// call).
    public let sampleRate: Double
    /// Whether samples keep contacts and the overlay's behaviors (see the type's documentation).
    public let debug: Bool
    /// The cap on the contact points kept per sample.
    public var maximumContactsPerSample = 256

    /// The samples, in time order.
    public internal(set) var frames: [Frame] = []

    /// A bound on what the recording writes (bytes), kept twice:
    /// - while recording, by an estimate of what the writers will emit for each sample, at
    ///   least what any of them does (`SampleCost`): an item's numbers and its name as the
    ///   CSV and JSON write it on every sample (escaped: a control character is six bytes in
    ///   JSON), its group and name in the SVG once, the SVG's time readout, and with `debug`
    ///   each contact point and each overlay behavior's animated values and elements. Samples
    ///   stop when the next would pass it, and `isTruncated` turns true;
    /// - while writing, exactly: the writers stream through a `TraceOutput` with this limit
    ///   and stop at it with a complete file, whatever the estimate missed.
    /// Default 256 MiB: a scene of 25 000 items traced for a minute needed 4.3 GB and aborted
    /// the process; 100 items named with 4 KiB of control characters wrote 1.6 GB of JSON
    /// (3 GB of memory) past a bound that counted their raw bytes, and 50 000 springs drew
    /// a 363 MB SVG past one that counted 48 B for each overlay element.
    public var maximumBytes = 256 << 20
    /// True once a sample was dropped for `maximumBytes`: the recording ends early.
    public private(set) var isTruncated = false
    /// The estimate so far (see `maximumBytes`).
    public private(set) var estimatedBytes = 0
    /// Bytes per sample for the items: `SampleCost.item` each plus their names as the CSV
    /// and JSON write them (the larger of the two).
    private lazy var itemBytesPerSample: Int = items.count * SampleCost.item
        + names.reduce(0) { $0 + max(Format.jsonString($1).utf8.count, Format.csvField($1).utf8.count) }
    /// Bytes written once per item: its name in the JSON's list, its group in the SVG with
    /// its name twice and its shape.
    private lazy var itemBytesOnce: Int = zip(items, names).reduce(0) { total, pair in
        total + Format.jsonString(pair.1).utf8.count + 1
            + SampleCost.itemGroup + 2 * Format.xml(pair.1).utf8.count + SampleCost.shapeBytes(of: pair.0)
    }

    /// The behaviors the debug overlay draws, in the order first seen (debug recording only).
    private(set) var overlayElements: [DebugOverlay.Element] = []
    private var overlayIndex: [ObjectIdentifier: Int] = [:]
    /// Each overlay behavior's point at the last sample it was in (by its index).
    private var overlayLastPoints: [CGPoint] = []
    /// Per frame (debug recording only): which overlay behaviors were in the tree, and their point.
    private(set) var overlayFrames: [[OverlaySample]] = []

    /// The start of the sampling grid (the first sample's time) and the next slot.
    private var nextSlot = 0
    private var lastTime: TimeInterval = -.infinity

    /// A recorder of `items` (every item whose trace you want, in output order).
    /// - Parameters:
    ///   - names: overrides the names (one per item); by default `DynamicView.name`, or
    ///     "item1", "item2"… for items without one.
    ///   - sampleRate: at most this many samples per second of simulated time (default 30).
    ///   - debug: also keep, at every sample, contact points and the overlay's behaviors.
    public init(animator: DynamicAnimator, items: [DynamicItem], names: [String]? = nil,
                sampleRate: Double = 30, debug: Bool = false) {
        precondition(sampleRate > 0 && !sampleRate.isNaN, "DynamicsRender: TraceRecorder.sampleRate must be > 0, got \(sampleRate)")
        precondition(names == nil || names!.count == items.count,
                     "DynamicsRender: TraceRecorder needs one name per item (\(items.count)), got \(names?.count ?? 0)")
        self.animator = animator
        self.items = items
        self.sampleRate = sampleRate
        self.debug = debug
        self.names = names ?? items.enumerated().map { i, item in
            if let view = item as? DynamicView, let name = view.name { return name }
            return "item\(i + 1)"
        }
    }

    /// The length of a sampling slot (s).
    private var period: Double { sampleRate.isInfinite ? 0 : 1 / sampleRate }

    /// Offers the animator's state at simulated time `time` (s): it becomes a sample if it is
    /// the first, or if `time` reached the next slot of a grid of `1 / sampleRate` s that
    /// starts at the first sample. Times that do not increase are ignored. Call it after
    /// every frame, and once before the first to record the starting state.
    public func record(time: TimeInterval) {
        guard time.isFinite, time > lastTime else { return }
        guard let first = frames.first else {
            sample(at: time)
            nextSlot = 1
            return
        }
        let p = period
        if p > 0 {
            // A tolerance of a millionth of a slot absorbs the rounding of summed frame times.
            let position = (time - first.time) / p
            guard position >= Double(nextSlot) - 1e-6 else { return }
            nextSlot = Int((position + 1e-6).rounded(.down)) + 1
        }
        sample(at: time)
    }

    /// Records the state at `time` as a last sample, whatever the sampling grid says (unless a
    /// sample at `time` exists), so that the trace ends with the final state.
    public func finish(time: TimeInterval) {
        guard time.isFinite, time > lastTime else { return }
        sample(at: time)
    }

    /// The duration the samples cover (s): last sample time − first sample time.
    public var duration: TimeInterval {
        guard let first = frames.first, let last = frames.last else { return 0 }
        return last.time - first.time
    }

    private func sample(at time: TimeInterval) {
        guard !isTruncated else { return }
        var contacts: [CGPoint] = []
        if debug {
            contacts = animator.contactPoints
            if contacts.count > maximumContactsPerSample { contacts.removeLast(contacts.count - maximumContactsPerSample) }
        }
        var bytes = itemBytesPerSample + TraceRecorder.readoutBytesPerSample + SampleCost.contact * contacts.count + (frames.isEmpty ? itemBytesOnce : 0)
        let overlay = debug ? DebugOverlay.elements(of: animator) : []
        for e in overlay {
            let b = e.behavior, point = e.trackedPoint
            // A behavior first seen costs its elements; its point's discrete animation
            // grows only when the point moved.
            if let i = overlayIndex[ObjectIdentifier(b)] {
                bytes += SampleCost.perSample(of: b, pointMoved: overlayLastPoints[i] != point)
            } else {
                bytes += SampleCost.once(of: b) + SampleCost.perSample(of: b, pointMoved: true)
            }
        }
        guard estimatedBytes + bytes <= maximumBytes else {
            isTruncated = true
            return
        }
        estimatedBytes += bytes
        lastTime = time
        var states: [ItemState] = []
        states.reserveCapacity(items.count)
        for item in items {
            let c = item.center, t = item.transform
            let v = animator.linearVelocity(of: item) ?? .zero
            states.append(ItemState(x: Double(c.x), y: Double(c.y), angle: Double(atan2(t.b, t.a)),
                                    vx: Double(v.x), vy: Double(v.y)))
        }
        var frame = Frame(time: time, items: states)
        if debug {
            frame.contacts = contacts
            overlayFrames.append(register(overlay))
        }
        frames.append(frame)
    }

    // MARK: The overlay's behaviors

    /// One overlay behavior present at a sample: its index in `overlayElements`, and its
    /// anchor (item–anchor attachments), snap point or field position (zero otherwise).
    struct OverlaySample: Equatable {
        var behavior: Int
        var point: CGPoint
    }

    /// `overlay` (the behaviors now, with their points) registered in `overlayElements`,
    /// their points kept as the last seen.
    private func register(_ overlay: [DebugOverlay.Element]) -> [OverlaySample] {
        overlay.map { e in
            let b = e.behavior, point = e.trackedPoint
            let key = ObjectIdentifier(b)
            let i: Int
            if let known = overlayIndex[key] {
                i = known
            } else {
                i = overlayElements.count
                overlayIndex[key] = i
                overlayElements.append(e)
                overlayLastPoints.append(point)
            }
            overlayLastPoints[i] = point
            return OverlaySample(behavior: i, point: point)
        }
    }
}

/// What the writers emit, at most, for each part of a recording (bytes): the estimate that
/// keeps a recording under `TraceRecorder.maximumBytes`. Numbers are counted at their widest
/// (a coordinate within ±10⁷ pt as the SVG writes it is at most 12 characters, a key time 8).
enum SampleCost {
    /// An item's numbers in one sample: the JSON's keys (41 bytes) and five numbers (up to
    /// 24 characters each), more than a CSV row or the SVG's translate and rotate values with
    /// a key time each.
    static let item = 168
    /// A contact point in one sample: `[x,y],` in the JSON, or a circle in the SVG.
    static let contact = 56
    /// An item's group in the SVG beside its name and shape: ids, transforms, the animation
    /// elements' attributes.
    static let itemGroup = 768
    /// An element of a path as the SVG writes it ("L1234567.89 -1234567.89 ").
    static let pathElement = 28

    /// The shape of an item in the SVG: its path's elements, or a group's members'.
    static func shapeBytes(of item: DynamicItem) -> Int {
        if let group = item as? DynamicItemGroup {
            return group.items.reduce(0) { $0 + 160 + shapeBytes(of: $1) }
        }
        return 256 + (item.collisionBoundsType == .path ? item.collisionBoundingPath.elements.count * pathElement : 0)
    }

    /// A value of an animation in one sample: the number (at most 12 characters) and a key
    /// time (8), each with its ";". Every animation element lists every key time.
    static let animatedValue = 22

    /// An overlay behavior in one sample: the values its linear animations add (an
    /// attachment's ends on items, its line's and circles' coordinates; a snap line's item
    /// end), and with `pointMoved` those its discrete ones add (an anchor, a snap point, a
    /// field's position: they list only changes).
    static func perSample(of behavior: DynamicBehavior, pointMoved: Bool) -> Int {
        switch behavior {
        case let a as AttachmentBehavior:
            // Each end: its line coordinates and its circle's, linear on an item, discrete at an anchor.
            return (a.items.count > 1 || pointMoved ? 8 : 4) * animatedValue
        case is SnapBehavior: return (pointMoved ? 5 : 2) * animatedValue
        case is FieldBehavior: return pointMoved ? animatedValue : 0
        default: return 0 // a collision behavior: its visibility, which lists only changes
        }
    }

    /// An overlay behavior once: its elements and their animations' attributes, a
    /// collision behavior's boundary paths, a field's region shapes and arrow grid (at most
    /// 17 × 17 arrows).
    static func once(of behavior: DynamicBehavior) -> Int {
        switch behavior {
        case is AttachmentBehavior: return 1280
        case is SnapBehavior: return 1024
        case let f as FieldBehavior: return 1024 + 17 * 17 * 80 + f.region.nodeCount * 192
        case let c as CollisionBehavior: return 512 + c.boundaryIdentifiers.count * 128 + c.boundaryElementCount * pathElement
        default: return 512
        }
    }
}
