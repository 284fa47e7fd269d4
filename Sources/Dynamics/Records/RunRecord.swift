import DynamicsEngine
import Foundation

/// A record of every frame of a run: per frame its simulated time, and per item its center,
/// angle, velocity and angular velocity, kept in flat arrays of numbers (48 bytes an item a
/// frame, 8 bytes a frame), plus each item's outline once. Tests query it afterwards
/// (`track(of:)`, `track(named:)`: a track's `at(_:)`, `maximum(_:)`, settling, overshoot,
/// leaving a rectangle, overlapping another item).
///
/// ```swift
/// let record = RunRecord(animator: animator)       // the state now is the first frame
/// for _ in 0..<120 { animator.step(1.0 / 60); record.capture() }
/// let box = record.track(of: boxView)!
/// print(box.at(1.0).center, box.maximum(.speed), record.restedAt ?? .nan)
/// ```
///
/// Items are every item in the animator's world, in its order, then any that join later
/// (from the frame they joined). An item that leaves the world keeps being recorded where
/// it stays (its own `center` and `transform`, at rest), so every track runs from the frame
/// its item joined to the last frame. A frame whose time did not advance (an animator that
/// has paused steps nothing) is not recorded again.
///
/// Not thread-safe: use it on the animator's thread. It holds its animator and items.
public final class RunRecord: HostCharged, CustomStringConvertible {
    package var hostCharge: AnyObject? // see `HostCharged`

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
    /// What the record holds, by estimate: 8 bytes a frame, 48 an item a frame, 64 an item
    /// plus its outline's points (16 each) and name.
    public private(set) var estimatedBytes = 0

    /// Numbers kept per item per frame: x, y, angle, vx, vy, angular velocity.
    static let valuesPerFrame = 6
    /// Per item: the frame at which it joined.
    var firstFrames: [Int] = []
    /// Per item: `valuesPerFrame` numbers per frame from `firstFrames` on (points, radians,
    /// pt/s, rad/s). The angle is unwrapped: continuous from frame to frame, so a turn and a
    /// half reads 3π, not −π.
    @exclusivity(unchecked) var values: [[Double]] = []
    /// Per item: its outline in its own axes (points), from the animator's shapes.
    var outlines: [Outline] = []

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
        let bytes = 8 + items.count * 8 * RunRecord.valuesPerFrame
        // The first frame always: a record has at least one.
        guard times.isEmpty || estimatedBytes + bytes <= maximumBytes else {
            isTruncated = true
            // Items that joined with this frame have none: they leave the record.
            while let last = firstFrames.last, last == times.count {
                indexOf[ObjectIdentifier(items.removeLast())] = nil
                names.removeLast(); slots.removeLast(); firstFrames.removeLast(); values.removeLast(); outlines.removeLast()
            }
            mappedGeneration = -1
            return
        }
        estimatedBytes += bytes
        let frame = times.count
        times.append(time)
        let world = animator.world
        animator.records.withUnsafeBufferPointer { records in
            for i in slots.indices {
                let slot = slots[i]
                var x: Double, y: Double, angle: Double, vx = 0.0, vy = 0.0, w = 0.0
                if slot >= 0 {
                    let body = records[slot].body
                    let xf = world.transform(of: body)
                    let v = world.originVelocity(of: body)
                    x = xf.p.x * Units.pointsPerMeter; y = xf.p.y * Units.pointsPerMeter
                    angle = atan2(xf.q.s, xf.q.c)
                    vx = v.x * Units.pointsPerMeter; vy = v.y * Units.pointsPerMeter
                    w = world.angularVelocity(of: body)
                } else {
                    let item = items[i], c = item.center, t = item.transform
                    x = Double(c.x); y = Double(c.y); angle = Double(atan2(t.b, t.a))
                }
                if frame > firstFrames[i] {
                    // Unwrapped: the turn closest to the previous frame's angle.
                    let previous = values[i][values[i].count - RunRecord.valuesPerFrame + 2]
                    let turns = ((previous - angle) / (2 * .pi)).rounded()
                    if turns.isFinite { angle += turns * 2 * .pi }
                }
                values[i].append(x); values[i].append(y); values[i].append(angle)
                values[i].append(vx); values[i].append(vy); values[i].append(w)
            }
        }
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
            let outline = Outline(r.geometry)
            let name = (r.item as? DynamicView)?.name ?? "item\(items.count + 1)"
            indexOf[key] = items.count
            items.append(r.item)
            names.append(name)
            slots.append(slot)
            firstFrames.append(times.count)
            values.append([])
            outlines.append(outline)
            estimatedBytes += 64 + 16 * outline.pointCount + name.utf8.count
        }
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
