import DynamicsEngine
import Foundation

/// What an item does when a person lets go of it: the pattern of UIKit's sheets, cards and
/// picture-in-picture windows. On the release of a drag (the animator's pointer `ended` on
/// the item), it projects where the fling would carry the item (`decelerationRate`, as
/// UIScrollView decelerates), picks a target (the nearest of `targets`, or what `chooseTarget`
/// returns for the projected point), and springs the item's center there with a damped
/// spring of `frequency` and `damping` in both axes (a snap's spring without its turning: the
/// item keeps its own spin), starting from the release velocity. When the item comes to rest
/// there, `onSettled` hears the target. Grabbing the item again removes the spring.
///
/// A gesture the pointer's handler takes (no default drag) does not release the item: call
/// `release(velocity:)` from the handler instead.
open class ReleaseBehavior: DynamicBehavior {
    /// See `DynamicBehavior.savedState()`.
    override func savedState() -> () -> Void {
        let base = super.savedState()
        let storedFrequency = self.storedFrequency, storedDamping = self.storedDamping, storedDecelerationRate = self.storedDecelerationRate, target = self.target, projectedPoint = self.projectedPoint, isSettled = self.isSettled, storedTargets = self.storedTargets, isSpringing = self.isSpringing, watch = self.watch
        return { [self] in
            base()
            self.storedFrequency = storedFrequency
            self.storedDamping = storedDamping
            self.storedDecelerationRate = storedDecelerationRate
            self.target = target
            self.projectedPoint = projectedPoint
            self.isSettled = isSettled
            self.storedTargets = storedTargets
            self.isSpringing = isSpringing
            self.watch = watch
        }
    }

    public let item: DynamicItem
    override var ownItems: [DynamicItem] { [item] }

    /// Where the item may come to rest (points; at most `maximumTargets`). Ignored while
    /// `chooseTarget` is set.
    public var targets: [CGPoint] {
        get { storedTargets }
        set {
            guard accept({
                guard newValue.count <= ReleaseBehavior.maximumTargets else {
                    throw DynamicsError(owner: "ReleaseBehavior", property: "targets", message: "at most \(ReleaseBehavior.maximumTargets) points, got \(newValue.count)")
                }
                for (i, p) in newValue.enumerated() { try Validate.finite(p, "ReleaseBehavior", "targets[\(i + 1)]") }
            }) else { return }
            storedTargets = newValue
        }
    }
    /// Most `targets` (each release looks at every one).
    public static let maximumTargets = 10_000
    /// Picks the target from the projected point (the nearest of `targets` when nil).
    public var chooseTarget: ((CGPoint) -> CGPoint)?
    /// The spring's frequency (Hz) and damping ratio (default: SwiftUI's default spring,
    /// response 0.55 s and damping fraction 0.825).
    public var frequency: CGFloat {
        get { storedFrequency }
        set {
            guard accept({ try ReleaseBehavior.checkFrequency(newValue) }) else { return }
            storedFrequency = newValue
            setNeedsUpdate()
        }
    }
    public var damping: CGFloat {
        get { storedDamping }
        set {
            guard accept({ try ReleaseBehavior.checkDamping(newValue) }) else { return }
            storedDamping = newValue
            setNeedsUpdate()
        }
    }
    private var storedFrequency: CGFloat = 1 / 0.55
    private var storedDamping: CGFloat = 0.825
    /// Frequency (Hz): > 0, at most 1000.
    static func checkFrequency(_ f: CGFloat) throws { try Validate.positive(f, "ReleaseBehavior", "frequency", max: 1000) }
    /// Damping ratio: 0…1000.
    static func checkDamping(_ d: CGFloat) throws { try Validate.nonNegative(d, "ReleaseBehavior", "damping", max: 1000) }

    /// The fling's deceleration per millisecond, in (0, 1): UIScrollView's `.normal` 0.998 or
    /// `.fast` 0.99.
    public var decelerationRate: CGFloat {
        get { storedDecelerationRate }
        set {
            guard accept({
                guard newValue > 0, newValue < 1 else {
                    throw DynamicsError(owner: "ReleaseBehavior", property: "decelerationRate", message: "must be in (0, 1) per millisecond, got \(Validate.shown(newValue))")
                }
            }) else { return }
            storedDecelerationRate = newValue
        }
    }
    private var storedDecelerationRate: CGFloat = 0.998
    /// The spring in any dialect (`Spring`): its frequency and damping ratio, both checked
    /// before either changes (a spring of 5000 Hz, past the release's 1000, left its damping
    /// ratio set and its frequency as it was).
    public var spring: Spring {
        get { Spring(frequency: Double(frequency), dampingRatio: Double(damping)) }
        set {
            let f = CGFloat(newValue.frequency), d = CGFloat(newValue.dampingRatio)
            guard accept({
                try ReleaseBehavior.checkFrequency(f)
                try ReleaseBehavior.checkDamping(d)
            }) else { return }
            storedFrequency = f
            storedDamping = d
            setNeedsUpdate()
        }
    }

    /// Called with the target once the item rests on it.
    public var onSettled: ((CGPoint) -> Void)?

    /// The target of the last release, or nil.
    public private(set) var target: CGPoint?
    /// Where the last release's fling would have carried the item.
    public private(set) var projectedPoint: CGPoint?
    /// True once the item rests on its target (until it is grabbed again).
    public private(set) var isSettled = false

    private var storedTargets: [CGPoint] = []
    /// Whether the spring to `target` holds the item now.
    public private(set) var isSpringing = false
    private var watch: DynamicTask?

    public init(item: DynamicItem, targets: [CGPoint] = []) {
        self.item = item
        super.init()
        self.targets = targets
    }

    /// Where a fling of `velocity` (pt/s) released at `point` comes to rest when it decelerates
    /// by `rate` per millisecond: `point + velocity/1000 · rate/(1 − rate)`.
    public static func projected(_ point: CGPoint, velocity: CGPoint, rate: CGFloat) -> CGPoint {
        let k = rate / (1 - rate) / 1000
        return CGPoint(x: point.x + velocity.x * k, y: point.y + velocity.y * k)
    }

    /// Releases the item with `velocity` (pt/s): projects, picks the target, and springs the
    /// item there keeping its velocity. The pointer calls it when a drag of the item ends.
    public func release(velocity: CGPoint) {
        guard let animator = dynamicAnimator else { return }
        guard accept({ try Validate.finite(CGVector(dx: velocity.x, dy: velocity.y), "ReleaseBehavior", "release(velocity)") }) else { return }
        grab()
        let projected = ReleaseBehavior.projected(item.center, velocity: velocity, rate: decelerationRate)
        projectedPoint = projected
        let chosen: CGPoint
        if let chooseTarget {
            chosen = chooseTarget(projected)
            guard accept({ try Validate.finite(chosen, "ReleaseBehavior", "chooseTarget") }) else { return }
        } else if let nearest = storedTargets.min(by: { distance2($0, projected) < distance2($1, projected) }) {
            chosen = nearest
        } else {
            return // no target: the item flies on
        }
        target = chosen
        isSpringing = true
        setNeedsUpdate()
        if animator.linearVelocity(of: item) != nil { animator.setVelocity(velocity, for: item) }
        let item = self.item
        watch = animator.spawn { [weak self] task in
            task.waitForRest(items: [item]) { _ in
                guard let self, self.isSpringing, self.target == chosen else { return }
                self.isSettled = true
                self.onSettled?(chosen)
            }
        }
    }

    /// Takes the item off its spring (the pointer calls it when a drag of the item begins).
    public func grab() {
        watch?.cancel()
        watch = nil
        isSettled = false
        if isSpringing {
            isSpringing = false
            setNeedsUpdate()
        }
    }

    /// The engine's target joint while springing: the item's center pulled to the target,
    /// with no angular part.
    func joint(ground: BodyID, body: BodyID) -> JointDef? {
        guard isSpringing, let target else { return nil }
        var j = JointDef(kind: .target, bodyA: ground, bodyB: body)
        j.localAnchorA = Units.meters(target)
        j.hertz = Double(frequency)
        j.dampingRatio = Double(damping)
        j.angularHertz = 0
        return j
    }

    private func distance2(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
        (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)
    }
}

extension DynamicAnimator {
    /// The release behaviors in the tree that act on `item`.
    func releaseBehaviors(of item: DynamicItem) -> [ReleaseBehavior] {
        var found: [ReleaseBehavior] = []
        func visit(_ b: DynamicBehavior) {
            if let r = b as? ReleaseBehavior, r.item === item { found.append(r) }
            for c in b.childBehaviors { visit(c) }
        }
        for b in behaviors { visit(b) }
        return found
    }
}
