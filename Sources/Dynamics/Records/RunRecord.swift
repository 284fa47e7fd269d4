import DynamicsEngine
import Foundation

/// A record of every frame of a run: per frame its simulated time, and per item its center,
/// angle, velocity and angular velocity, kept in one flat array of numbers (48 bytes an item
/// a frame, 16 bytes a frame), plus each item's shapes once. Tests query it afterwards
/// (`track(of:)`, `track(named:)`: a track's `at(_:)`, `maximum(_:)`, settling, overshoot,
/// leaving a rectangle, overlapping another item).
///
/// ```swift
/// let record = RunRecord(animator: animator)       // the state now is the first frame
/// for _ in 0..<120 { animator.step(1.0 / 60); record.capture() }
/// let box = record.track(of: boxView)!
/// print(box.at(1.0)!.center, box.maximum(.speed).value, record.restedAt ?? .nan)
/// ```
///
/// Items are every item in the animator's world, in its order, then any that join later
/// (from the frame they joined). An item that leaves the world keeps being recorded where
/// it stays (its own `center` and `transform`, at rest), so every track runs from the frame
/// its item joined to the last frame. A frame whose time did not advance (an animator that
/// has paused steps nothing) is not recorded again.
///
/// Not thread-safe: use it on the animator's thread. It holds its animator and items.
public final class RunRecord: EmbedderSlotted, CustomStringConvertible {
    package var embedder = EmbedderSlot() // see `EmbedderSlot`

    /// The animator recorded.
    public let animator: DynamicAnimator
    /// The recorded items, in the order they joined the record.
    public private(set) var items: [DynamicItem] = []
    /// The items' names: `DynamicView.name` when it has one, else "item1", "item2"… by
    /// position in `items`.
    public private(set) var names: [String] = []
    /// Each frame's time: the animator's `elapsedTime` (s), increasing.
    public private(set) var times: [TimeInterval] = []
    /// The time from which the animator stayed paused to the end of the record (its
    /// `isRunning` false), or nil when it was running at the last frame.
    public private(set) var restedAt: TimeInterval?

    /// Bytes the record may hold, by estimate (`estimatedBytes`); the frame that would pass
    /// it is not recorded and `isTruncated` turns true. Default 256 MiB.
    public var maximumBytes = 256 << 20
    /// True once a frame was dropped for `maximumBytes`: the record ends early.
    public private(set) var isTruncated = false
    /// What the record holds, by estimate: 16 bytes a frame, 48 an item a frame, 64 an item
    /// plus 16 a shape and its name.
    public private(set) var estimatedBytes = 0

    /// Numbers kept per item per frame: x, y, angle, vx, vy, angular velocity.
    static let valuesPerFrame = 6
    /// Per item: the frame at which it joined (items join in order, so these never decrease).
    var firstFrames: [Int] = []
    /// Every frame's numbers, frame after frame: frame f holds `valuesPerFrame` numbers for each
    /// item that joined by then, in order, from `frameStarts[f]` (points, radians, pt/s,
    /// rad/s). The angle is unwrapped: continuous from frame to frame, so a turn and a half
    /// reads 3π, not −π. One array: a frame of 1000 items is one append, not 6000.
    @exclusivity(unchecked) var values: [Double] = []
    var frameStarts: [Int] = []
    /// Per item: its shapes as the animator placed them (turned into an `Outline` when a query
    /// first needs it: most records are only read for positions).
    var geometries: [[PlacedShape]] = []
    private var outlineCache: [Outline?] = []

    /// Per item: its slot in the animator's records now, or −1 when it is not in the world,
    /// valid for the animator's `recordsGeneration` in `mappedGeneration`.
    private var slots: [Int] = []
    private var mappedGeneration = -1
    private var indexOf: [ObjectIdentifier: Int] = [:]

    /// A record of `animator` whose first frame is its state now (changes made since its last
    /// frame, such as behaviors added, are applied first, as the next `step` would).
    public init(animator: DynamicAnimator, maximumBytes: Int = 256 << 20) {
        self.animator = animator
        self.maximumBytes = maximumBytes
        // Whether it runs is read first: applying the changes settles what the next step
        // would find, and a new scene counts as running until that step.
        let running = animator.isRunning
        if animator.needsUpdate && !animator.isStepping { animator.update() }
        capture(running: running)
    }

    /// Makes room for `frames` more frames of the items recorded now, so that a run whose
    /// length is known does not grow (and copy) its arrays on the way: 2 s of 1000 items are
    /// 6 MB. At most what `maximumBytes` leaves room for.
    public func reserveCapacity(frames: Int) {
        let perFrame = 16 + items.count * 8 * RunRecord.valuesPerFrame
        let room = max(0, min(frames, (maximumBytes - estimatedBytes) / perFrame))
        times.reserveCapacity(times.count + room)
        frameStarts.reserveCapacity(frameStarts.count + room)
        values.reserveCapacity(values.count + room * items.count * RunRecord.valuesPerFrame)
    }

    /// The number of frames recorded.
    public var frameCount: Int { times.count }

    /// "61 frames, 2 items, 0 … 1 s".
    public var description: String {
        func n(_ v: Double) -> String { String(format: "%.10g", v) }
        return "\(frameCount) frame\(frameCount == 1 ? "" : "s"), \(items.count) item\(items.count == 1 ? "" : "s"), \(n(times.first ?? 0)) … \(n(times.last ?? 0)) s"
    }

    /// Records the animator's state now as a frame at its `elapsedTime` (call it after every
    /// `step`). A time that did not advance records nothing (its state is the last frame's),
    /// but still counts for `restedAt`.
    public func capture() { capture(running: animator.isRunning) }

    private func capture(running: Bool) {
        let time = animator.elapsedTime
        if running { restedAt = nil } else if restedAt == nil { restedAt = time }
        guard !isTruncated, time.isFinite else { return }
        if let last = times.last, time <= last { return }
        if mappedGeneration != animator.recordsGeneration { mapItems() }
        let bytes = 16 + items.count * 8 * RunRecord.valuesPerFrame
        // The first frame always: a record has at least one.
        guard times.isEmpty || estimatedBytes + bytes <= maximumBytes else {
            isTruncated = true
            // Items that joined with this frame have none: they leave the record.
            while let last = firstFrames.last, last == times.count {
                indexOf[ObjectIdentifier(items.removeLast())] = nil
                names.removeLast(); slots.removeLast(); firstFrames.removeLast(); geometries.removeLast(); outlineCache.removeLast()
            }
            mappedGeneration = -1
            return
        }
        estimatedBytes += bytes
        let frame = times.count
        let start = values.count, previous = frameStarts.last
        let width = RunRecord.valuesPerFrame
        times.append(time)
        frameStarts.append(start)
        values.append(contentsOf: repeatElement(0, count: items.count * width))
        let world = animator.world
        animator.records.withUnsafeBufferPointer { records in
        values.withUnsafeMutableBufferPointer { v in
            for i in slots.indices {
                let slot = slots[i]
                var x: Double, y: Double, angle: Double, vx = 0.0, vy = 0.0, w = 0.0
                if slot >= 0 {
                    let m = world.motion(of: records[slot].body)
                    x = m.transform.p.x * Units.pointsPerMeter; y = m.transform.p.y * Units.pointsPerMeter
                    angle = m.transform.q.angle
                    vx = m.originVelocity.x * Units.pointsPerMeter; vy = m.originVelocity.y * Units.pointsPerMeter
                    w = m.angularVelocity
                } else {
                    let item = items[i], c = item.center, t = item.transform
                    x = Double(c.x); y = Double(c.y); angle = Double(DeterministicMath.atan2(t.b, t.a))
                }
                if let previous, frame > firstFrames[i] {
                    // Unwrapped: the turn closest to the previous frame's angle.
                    let turns = ((v[previous + i * width + 2] - angle) / (2 * .pi)).rounded()
                    if turns != 0 && turns.isFinite { angle += turns * 2 * .pi }
                }
                let k = start + i * width
                v[k] = x; v[k + 1] = y; v[k + 2] = angle; v[k + 3] = vx; v[k + 4] = vy; v[k + 5] = w
            }
        }}
    }

    /// Matches the animator's records to the record's items, adding those that joined (their
    /// first frame is the one being captured).
    private func mapItems() {
        mappedGeneration = animator.recordsGeneration
        for i in slots.indices { slots[i] = -1 }
        let records = animator.records
        for (slot, r) in records.enumerated() {
            let key = ObjectIdentifier(r.item)
            if let i = indexOf[key] {
                slots[i] = slot
                continue
            }
            let name = (r.item as? DynamicView)?.name ?? "item\(items.count + 1)"
            indexOf[key] = items.count
            items.append(r.item)
            names.append(name)
            slots.append(slot)
            firstFrames.append(times.count)
            geometries.append(r.geometry)
            outlineCache.append(nil)
            estimatedBytes += 64 + 16 * r.geometry.count + name.utf8.count
        }
    }

    /// Item `i`'s outline, made from its shapes on first use.
    func outline(_ i: Int) -> Outline {
        if let o = outlineCache[i] { return o }
        let o = Outline(geometries[i])
        outlineCache[i] = o
        return o
    }

    /// The index in `items` of `item`, or nil when it is not in the record.
    public func index(of item: DynamicItem) -> Int? { indexOf[ObjectIdentifier(item)] }

    /// The track of `item`, or nil when it is not in the record.
    public func track(of item: DynamicItem) -> Track? { index(of: item).map { Track(record: self, index: $0) } }

    /// The track of the one item named `name`: nil when none is, `.ambiguous` when several are.
    public func track(named name: String) -> Lookup {
        var found: Int?
        for (i, n) in names.enumerated() where n == name {
            if found != nil { return .ambiguous(count: names.filter { $0 == name }.count) }
            found = i
        }
        return found.map { .found(Track(record: self, index: $0)) } ?? .missing
    }

    /// What `track(named:)` found.
    public enum Lookup {
        case found(Track)
        case missing
        /// Several items have the name (count of them).
        case ambiguous(count: Int)
    }

    /// Names that identify each item once: `names`, with a second item of a name called
    /// "NAME#2", a third "NAME#3"… (goldens list items by these).
    public var uniqueNames: [String] {
        var seen: [String: Int] = [:]
        var taken = Set(names)
        return names.map { name in
            let n = (seen[name] ?? 0) + 1
            seen[name] = n
            guard n > 1 else { return name }
            var k = n, candidate = "\(name)#\(k)"
            while taken.contains(candidate) { k += 1; candidate = "\(name)#\(k)" }
            taken.insert(candidate)
            return candidate
        }
    }
}
