import Dynamics
import DynamicsScenes
import Foundation

/// Records animator delegate calls.
public final class AnimatorRecorder: DynamicAnimatorDelegate {
    public private(set) var pauses = 0
    public private(set) var resumes = 0
    public init() {}
    public func dynamicAnimatorDidPause(_ animator: DynamicAnimator) { pauses += 1 }
    public func dynamicAnimatorWillResume(_ animator: DynamicAnimator) { resumes += 1 }
}

/// Records collision delegate calls as readable strings ("began a b", "ended a nil").
public final class CollisionRecorder: CollisionBehaviorDelegate {
    public private(set) var events: [String] = []
    public private(set) var points: [CGPoint] = []
    public init() {}

    private func name(_ item: DynamicItem) -> String { (item as? DynamicView)?.name ?? "?" }
    private func name(_ id: AnyHashable?) -> String { id.map { "\($0)" } ?? "nil" }

    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem, with item2: DynamicItem, at point: CGPoint) {
        events.append("began \(name(item1)) \(name(item2))"); points.append(point)
    }
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem, with item2: DynamicItem) {
        events.append("ended \(name(item1)) \(name(item2))")
    }
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem, withBoundaryIdentifier identifier: AnyHashable?, at point: CGPoint) {
        events.append("began \(name(item)) \(name(identifier))"); points.append(point)
    }
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem, withBoundaryIdentifier identifier: AnyHashable?) {
        events.append("ended \(name(item)) \(name(identifier))")
    }

    public func count(_ prefix: String) -> Int { events.filter { $0.hasPrefix(prefix) }.count }
}

extension DynamicAnimator {
    /// Steps frames of `dt` until `seconds` pass or `stop` returns true; returns the frames run.
    @discardableResult
    public func run(seconds: Double, dt: Double = 1.0 / 60, until stop: () -> Bool = { false }) -> Int {
        let frames = Int((seconds / dt).rounded())
        for f in 0..<frames {
            step(dt)
            if stop() { return f + 1 }
        }
        return frames
    }
}

/// FNV-1a over the bit patterns of every item's center and rotation: equal hashes mean
/// bit-identical states.
public func stateHash(_ items: [DynamicItem]) -> UInt64 {
    var h = BitHash()
    for item in items {
        h.mix(Double(item.center.x)); h.mix(Double(item.center.y))
        h.mix(Double(item.transform.a)); h.mix(Double(item.transform.b))
    }
    return h.value
}

/// `stateHash(items)` with `animator`'s elapsed time and every item's linear and angular
/// velocity mixed in: equal hashes mean bit-identical motion too.
public func stateHash(_ animator: DynamicAnimator, _ items: [DynamicItem]) -> UInt64 {
    var h = BitHash()
    h.mix(animator.elapsedTime)
    for item in items {
        h.mix(Double(item.center.x)); h.mix(Double(item.center.y))
        h.mix(Double(item.transform.a)); h.mix(Double(item.transform.b))
        if let v = animator.linearVelocity(of: item) { h.mix(Double(v.x)); h.mix(Double(v.y)) }
        if let w = animator.angularVelocity(of: item) { h.mix(Double(w)) }
    }
    return h.value
}

/// FNV-1a over the bit patterns of doubles.
struct BitHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
    mutating func mix(_ v: Double) {
        var bits = v.bitPattern
        for _ in 0..<8 { value = (value ^ (bits & 0xFF)) &* 0x100_0000_01b3; bits >>= 8 }
    }
}

/// An upright box around an item's rotated bounds.
public func frame(of item: DynamicItem) -> CGRect {
    let s = item.bounds.size, t = item.transform
    let ex = abs(t.a) * s.width / 2 + abs(t.c) * s.height / 2
    let ey = abs(t.b) * s.width / 2 + abs(t.d) * s.height / 2
    return CGRect(x: item.center.x - ex, y: item.center.y - ey, width: 2 * ex, height: 2 * ey)
}

/// Rotation angle of an item (radians, positive clockwise on screen).
public func angle(of item: DynamicItem) -> Double { Double(atan2(item.transform.b, item.transform.a)) }

/// One folder per test process for the files tests write (`dynamics-tests-PID` in the
/// system's temporary folder), removed when the process exits: a `make test` leaves nothing
/// behind in /tmp.
public let testScratch: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("dynamics-tests-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: testScratch) }
    return url
}()
