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

    /// A bound on what the recording holds and writes, by estimate (bytes): 128 per item per
    /// sample plus its name (the CSV repeats it on every row), 200 per sample for the SVG's
    /// time readout, and with `debug` 32 per contact point and 48 per overlay behavior. Samples stop when the next would pass it, and
    /// `isTruncated` turns true. Default 256 MiB: a scene of 25 000 items traced for a minute
    /// needed 4.3 GB and aborted the process; 1000 items with 4 KB names grew it by 2.5 GB.
    public var maximumBytes = 256 << 20
    /// True once a sample was dropped for `maximumBytes`: the recording ends early.
    public private(set) var isTruncated = false
    /// The estimate so far (see `maximumBytes`).
    public private(set) var estimatedBytes = 0
    /// Bytes per sample for the items: 128 each plus the names.
    private lazy var itemBytesPerSample: Int = items.count * 128 + names.reduce(0) { $0 + $1.utf8.count }

    /// The behaviors the debug overlay draws, in the order first seen (debug recording only).
    private(set) var overlayBehaviors: [DynamicBehavior] = []
    private var overlayIndex: [ObjectIdentifier: Int] = [:]
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
        let overlayCount = debug ? TraceRecorder.overlayBehaviors(of: animator).count : 0
        let bytes = itemBytesPerSample + TraceRecorder.readoutBytesPerSample + 32 * contacts.count + 48 * overlayCount
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
            overlayFrames.append(currentOverlay())
        }
        frames.append(frame)
    }

    // MARK: The overlay's behaviors

    /// One overlay behavior present at a sample: its index in `overlayBehaviors`, and its
    /// anchor (item–anchor attachments), snap point or field position (zero otherwise).
    struct OverlaySample: Equatable {
        var behavior: Int
        var point: CGPoint
    }

    /// The behaviors of `animator`'s tree the overlay draws (collision, attachment, snap,
    /// field), depth-first, each with its anchor (item–anchor attachments), snap point or
    /// field position (zero otherwise).
    static func overlayBehaviors(of animator: DynamicAnimator) -> [(behavior: DynamicBehavior, point: CGPoint)] {
        var out: [(behavior: DynamicBehavior, point: CGPoint)] = []
        func visit(_ b: DynamicBehavior) {
            switch b {
            case is CollisionBehavior: out.append((b, .zero))
            case let a as AttachmentBehavior: out.append((b, a.attachedBehaviorType == .anchor ? a.anchorPoint : .zero))
            case let s as SnapBehavior: out.append((b, s.snapPoint))
            case let f as FieldBehavior: out.append((b, f.position))
            default: break
            }
            for child in b.childBehaviors { visit(child) }
        }
        for b in animator.behaviors { visit(b) }
        return out
    }

    /// The overlay behaviors now, registered in `overlayBehaviors`.
    private func currentOverlay() -> [OverlaySample] {
        TraceRecorder.overlayBehaviors(of: animator).map { b, point in
            let key = ObjectIdentifier(b)
            if let i = overlayIndex[key] { return OverlaySample(behavior: i, point: point) }
            overlayIndex[key] = overlayBehaviors.count
            overlayBehaviors.append(b)
            return OverlaySample(behavior: overlayBehaviors.count - 1, point: point)
        }
    }
}
