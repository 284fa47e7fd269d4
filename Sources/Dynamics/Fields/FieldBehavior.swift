import DynamicsEngine
import Foundation

/// A force field over its items (UIFieldBehavior). Make one with a factory:
/// `dragField()`, `vortexField()`, `radialGravityField(position:)`,
/// `linearGravityField(direction:)`, `velocityField(direction:)`,
/// `noiseField(smoothness:animationSpeed:)`, `turbulenceField(smoothness:animationSpeed:)`,
/// `springField()`, `electricField()`, `magneticField()` or `field(evaluationBlock:)`.
///
/// The field is evaluated once per item per internal fixed step, before the solver, with the
/// item's state at the start of the step. An item feels it when the item is one of the
/// field's `items` and its center, relative to `position`, is in `region`. Forces of several
/// fields on one item add up. The force laws (docs/units.md, "Fields") work in metres (100 pt = 1 m), with
/// p the item center relative to the field, r = |p|, f = max(r, minimumRadius)^(−falloff),
/// and give forces in UIKit Newtons (a = 100·F/mass pt/s²). Anchored items feel nothing.
/// Where a law is singular (r = 0 with a positive falloff and `minimumRadius` 0) or
/// overflows, the field exerts no force.
///
/// A force acts as the velocity change it makes over the step (Δv = 100·F·dt/mass pt/s),
/// given at the start of the step, so spring fields and orbits keep their energy. Like
/// gravity, a field lets resting items fall asleep; animated noise and custom fields keep
/// their items awake, and changing a field's properties or items wakes them.
///
/// ```swift
/// let field = FieldBehavior.radialGravityField(position: CGPoint(x: 160, y: 284))
/// field.region = Region(radius: 200)
/// field.strength = 50
/// field.addItem(ball)
/// animator.addBehavior(field)
/// ```
open class FieldBehavior: DynamicBehavior, CustomBehavior {
    /// See `DynamicBehavior.savedState()`.
    override func savedState() -> () -> Void {
        let base = super.savedState()
        let list = self.list, noise = self.noise, position = self.position, region = self.region, strength = self.strength, falloff = self.falloff, minimumRadius = self.minimumRadius, direction = self.direction, smoothness = self.smoothness, animationSpeed = self.animationSpeed
        return { [self] in
            base()
            self.list = list
            self.noise = noise
            self.position = position
            self.region = region
            self.strength = strength
            self.falloff = falloff
            self.minimumRadius = minimumRadius
            self.direction = direction
            self.smoothness = smoothness
            self.animationSpeed = animationSpeed
        }
    }

    /// The block of `field(evaluationBlock:)`: (field, item center relative to the field
    /// position in points, velocity in pt/s, mass, charge, simulated time in seconds) →
    /// force in UIKit Newtons.
    public typealias EvaluationBlock = (FieldBehavior, CGPoint, CGVector, CGFloat, CGFloat, TimeInterval) -> CGVector

    /// Which force law the field follows.
    enum Kind {
        case drag, vortex, radialGravity, linearGravity, velocity, noise, turbulence, spring, electric, magnetic
        case custom(EvaluationBlock)
        case batch(BatchEvaluationBlock)
    }

    /// The kind's name as the factories spell it (`drag`, `radialGravity`; `custom` for a
    /// block of either form), for descriptions in bindings.
    package final var kindName: String {
        switch kind {
        case .drag: "drag"
        case .vortex: "vortex"
        case .radialGravity: "radialGravity"
        case .linearGravity: "linearGravity"
        case .velocity: "velocity"
        case .noise: "noise"
        case .turbulence: "turbulence"
        case .spring: "spring"
        case .electric: "electric"
        case .magnetic: "magnetic"
        case .custom, .batch: "custom"
        }
    }

    /// One item as a batch-evaluated field sees it: center relative to the field (pt),
    /// velocity (pt/s), mass and charge. Six Doubles, laid out in this order.
    public struct Sample: Sendable {
        public var position: CGPoint
        public var velocity: CGVector
        public var mass: CGFloat
        public var charge: CGFloat
    }

    /// Fills `forces[i]` (UIKit Newtons) for `samples[i]`, for all the field's items inside
    /// its region at once, at simulated time `time`. Returning leaves the forces as filled;
    /// a non-finite force skips its item.
    public typealias BatchEvaluationBlock = (FieldBehavior, UnsafeBufferPointer<Sample>,
                                             UnsafeMutableBufferPointer<CGVector>, TimeInterval) -> Void

    let kind: Kind
    private var list = ItemList([])
    /// Scratch of batch evaluation, reused every step.
    private var batchSamples: [Sample] = []
    private var batchIndices: [Int32] = []
    private var batchForces: [CGVector] = []
    /// The noise of noise and turbulence fields (its seed is `seed`).
    private(set) var noise = GradientNoise(seed: 0)

    init(kind: Kind, falloff: CGFloat) {
        self.kind = kind
        self.falloff = falloff
        super.init()
    }

    // MARK: Items

    /// The items the field acts on (they join the animator with the field).
    public var items: [DynamicItem] { list.items }
    override var ownItems: [DynamicItem] { list.items }

    public func addItem(_ item: DynamicItem) {
        if list.insert(item) { changed() }
    }

    public func removeItem(_ item: DynamicItem) {
        if list.remove(item) { setNeedsUpdate() }
    }

    // MARK: Properties

    /// Where the field is, in the animator's coordinates (points). Default (0, 0).
    public var position: CGPoint = .zero {
        didSet {
            guard accept({ try Validate.finite(position, "FieldBehavior", "position") }) else { position = oldValue; return }
            changed()
        }
    }

    /// Where the field acts, relative to `position` (points). Default `.infinite`.
    public var region: Region = .infinite {
        didSet { changed() }
    }

    /// Scales the force (any sign; a negative radial gravity repels). Default 1. Strength 0
    /// switches any field off, custom fields included.
    public var strength: CGFloat = 1 {
        didSet {
            guard accept({ try Validate.finite(strength, "FieldBehavior", "strength") }) else { strength = oldValue; return }
            changed()
        }
    }

    /// Exponent of the distance law: forces scale by max(r, minimumRadius)^(−falloff), r in
    /// metres. Defaults: 2 for radial gravity, 1 for electric and magnetic, −1 for spring, 0
    /// otherwise. Not used by velocity and custom fields.
    public var falloff: CGFloat {
        didSet {
            guard accept({ try Validate.finite(falloff, "FieldBehavior", "falloff") }) else { falloff = oldValue; return }
            changed()
        }
    }

    /// The distance (points, ≥ 0) below which the falloff stops growing: r is clamped up to
    /// it. Default 0.
    public var minimumRadius: CGFloat = 0 {
        didSet {
            guard accept({ try Validate.nonNegative(minimumRadius, "FieldBehavior", "minimumRadius") }) else { minimumRadius = oldValue; return }
            changed()
        }
    }

    /// For linear gravity, the acceleration in multiples of 100 pt/s²; for velocity fields,
    /// the velocity in multiples of 100 pt/s (1 m/s); for drag, the velocity of the medium
    /// (same unit). Default (0, 0).
    public var direction: CGVector = .zero {
        didSet {
            guard accept({ try Validate.finite(direction, "FieldBehavior", "direction") }) else { direction = oldValue; return }
            changed()
        }
    }

    /// Noise and turbulence: how large the noise's features are, ≥ 0. The noise varies over
    /// a length L = 25 pt × 20^smoothness: 25 pt at 0 (noisy), 500 pt at 1 (smooth), and
    /// larger above 1. Default 0.
    public var smoothness: CGFloat = 0 {
        didSet {
            guard accept({ try Validate.nonNegative(smoothness, "FieldBehavior", "smoothness") }) else { smoothness = oldValue; return }
            changed()
        }
    }

    /// Noise and turbulence: how fast the noise changes, in noise cells per second (0 freezes
    /// it). Default 0.
    public var animationSpeed: CGFloat = 0 {
        didSet {
            guard accept({ try Validate.finite(animationSpeed, "FieldBehavior", "animationSpeed") }) else { animationSpeed = oldValue; return }
            changed()
        }
    }

    /// Noise and turbulence: picks the noise pattern. Fields with equal seeds and settings
    /// push alike; the same seed gives the same forces run after run. Default 0. (Not in
    /// UIKit, whose noise is not reproducible.)
    public var seed: UInt64 {
        get { noise.seed }
        set { noise.seed = newValue; changed() }
    }

    // MARK: Evaluation

    /// Acts on the items once per internal step (the `CustomBehavior` hook).
    public func step(_ context: inout DynamicBehaviorContext) {
        if strength == 0 { return }
        if case .batch(let block) = kind { return stepBatch(&context, block) }
        let wakes = changesWithTime
        for i in 0..<context.count {
            guard let (p, mass) = affected(i, in: context) else { continue }
            if case .velocity = kind {
                // Setting a velocity wakes the item: skip it when already there, so that
                // items held still by a zero velocity field can rest.
                let v = CGPoint(x: direction.dx * 100, y: direction.dy * 100)
                if context.velocity(i) != v { context.setVelocity(v, for: i) }
                continue
            }
            var force: CGVector
            if case .magnetic = kind {
                force = magneticForce(at: p, velocity: context.velocity(i), mass: mass, charge: context.charge(i), dt: context.dt)
            } else {
                force = self.force(at: p, velocity: context.velocity(i), mass: mass,
                                   charge: context.charge(i), time: context.time)
                if case .drag = kind { force = dragLimited(force, velocity: context.velocity(i), mass: mass, dt: context.dt) }
            }
            if force != .zero { context.applyFieldForce(force, to: i, wake: wakes) }
        }
    }

    /// The drag force as the step applies it: the law's force, scaled down when its velocity
    /// change over the step would be larger than the item's speed relative to the medium.
    /// An explicit step of −k·w with k·dt/m > 2 flips and grows the relative velocity (a
    /// 5 pt item under the default drag would run up to the 40 000 pt/s clamp); limited, the
    /// step at most stops the item relative to the medium, never reverses it. Fields apply
    /// their forces one after another within a step, each seeing the velocity the ones
    /// before left, so several drag fields on an item cannot overshoot together either.
    /// Below the limit (every ordinary case) the force is the law's, unchanged.
    private func dragLimited(_ force: CGVector, velocity: CGPoint, mass m: CGFloat, dt: Double) -> CGVector {
        guard dt > 0, m > 0 else { return force }
        let wx = Double(velocity.x) - Double(direction.dx) * 100, wy = Double(velocity.y) - Double(direction.dy) * 100
        let w = (wx * wx + wy * wy).squareRoot()
        // Δv = 100·F·dt/m pt/s.
        let k = 100 * dt / Double(m)
        let dv = k * (Double(force.dx) * Double(force.dx) + Double(force.dy) * Double(force.dy)).squareRoot()
        guard dv > w, dv > 0 else { return force }
        let scale = w / dv
        return CGVector(dx: Double(force.dx) * scale, dy: Double(force.dy) * scale)
    }

    /// The magnetic force as the step applies it: the law S·(v_y, −v_x)·f turns the velocity
    /// at the rate ω = S·f/m (rad/s) without changing its length, so instead of the force
    /// itself (an explicit step, which multiplies the speed by √(1 + (ω·h)²) every step:
    /// 250 → 266 pt/s per turn at ω·h = 0.05) this returns the force whose velocity change
    /// over the step is the exact rotation of v by ω·h. The speed is then kept to rounding,
    /// and the field still sums with the others. ω is taken at the step's start (position
    /// and mass), as every field's force is.
    private func magneticForce(at p: CGPoint, velocity: CGPoint, mass m: CGFloat, charge q: CGFloat, dt: Double) -> CGVector {
        guard q != 0, dt > 0 else { return .zero }
        let px = Double(p.x) / 100, py = Double(p.y) / 100
        let r = (px * px + py * py).squareRoot()
        let f = DeterministicMath.pow(max(r, Double(minimumRadius) / 100), -Double(falloff))
        let angle = Double(strength) * f / Double(m) * dt
        guard angle.isFinite else { return .zero }
        let (c, s) = DeterministicMath.cosSin(angle)
        let vx = Double(velocity.x), vy = Double(velocity.y)
        // v' = R(−ω·h)·v: dv/dt = ω·(v_y, −v_x) integrated exactly.
        let dvx = (vx * c + vy * s) - vx, dvy = (vy * c - vx * s) - vy
        // Δv = 100·F·dt/m pt/s  ⇒  F = m·Δv / (100·dt) UIKit Newtons.
        let k = Double(m) / (100 * dt)
        return CGVector(dx: dvx * k, dy: dvy * k)
    }

    /// Item `i`'s center relative to the field and its mass, if the field acts on it (a
    /// moving item inside the region).
    @inline(__always)
    private func affected(_ i: Int, in context: DynamicBehaviorContext) -> (CGPoint, CGFloat)? {
        let mass = context.mass(i)
        guard mass > 0 else { return nil }
        let center = context.center(i)
        let p = CGPoint(x: center.x - position.x, y: center.y - position.y)
        return region.contains(p) ? (p, mass) : nil
    }

    /// Gathers the items inside the region, evaluates them in one call, applies the forces.
    private func stepBatch(_ context: inout DynamicBehaviorContext, _ block: BatchEvaluationBlock) {
        batchSamples.removeAll(keepingCapacity: true)
        batchIndices.removeAll(keepingCapacity: true)
        for i in 0..<context.count {
            guard let (p, mass) = affected(i, in: context) else { continue }
            let v = context.velocity(i)
            batchSamples.append(Sample(position: p, velocity: CGVector(dx: v.x, dy: v.y), mass: mass, charge: context.charge(i)))
            batchIndices.append(Int32(i))
        }
        if batchSamples.isEmpty { return }
        if batchForces.count < batchSamples.count {
            batchForces = [CGVector](repeating: .zero, count: batchSamples.count)
        }
        let n = batchSamples.count
        batchSamples.withUnsafeBufferPointer { samples in
            batchForces.withUnsafeMutableBufferPointer { forces in
                for k in 0..<n { forces[k] = .zero }
                block(self, samples, UnsafeMutableBufferPointer(rebasing: forces[0..<n]), context.time)
            }
        }
        for k in 0..<n {
            let f = batchForces[k]
            guard f.dx.isFinite, f.dy.isFinite, f != .zero else { continue }
            context.applyFieldForce(f, to: Int(batchIndices[k]), wake: true)
        }
    }

    /// Whether the force on an item at rest can change with time alone (animated noise, or
    /// a custom block, which may read the time): then the field keeps its items awake. Other
    /// fields act like gravity and let resting items sleep.
    var changesWithTime: Bool {
        switch kind {
        case .custom, .batch: return true
        case .noise: return animationSpeed != 0
        default: return false
        }
    }

    /// Wakes the field's resting items when it joins an animator. Overrides must call super.
    open override func willMove(to dynamicAnimator: DynamicAnimator?) {
        super.willMove(to: dynamicAnimator)
        dynamicAnimator?.wake(list.items)
    }

    /// A change that may move the items: update the animator and wake them.
    private func changed() {
        setNeedsUpdate()
        dynamicAnimator?.wake(list.items)
    }
}
