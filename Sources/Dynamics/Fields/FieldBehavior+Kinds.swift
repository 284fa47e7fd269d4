import DynamicsEngine
import Foundation

// The factories and force laws of FieldBehavior (docs/units.md, "Fields"). Notation: p = item center −
// field position and v = item velocity, both in metres (m/s); r = |p|, p̂ = p / r;
// f = max(r, minimumRadius)^(−falloff); S = strength; m = mass; q = charge. Forces are in
// UIKit Newtons, so a = 100·F/m pt/s².

extension FieldBehavior {
    /// Slows items down: F = −S·u·‖u‖·f with u = v − direction (quadratic in the speed
    /// relative to a medium moving at `direction` m/s). Falloff 0.
    public static func dragField() -> FieldBehavior { FieldBehavior(kind: .drag, falloff: 0) }

    /// Spins items around the position: F = S·(−p̂y, p̂x)·f / m, clockwise on screen for
    /// S > 0 (y down). Falloff 0.
    public static func vortexField() -> FieldBehavior { FieldBehavior(kind: .vortex, falloff: 0) }

    /// Attracts items toward `position` (points): F = −S·m·p̂·f, so a = 100·S/r² pt/s² (r in metres) at the
    /// default falloff 2.
    public static func radialGravityField(position: CGPoint) -> FieldBehavior {
        let field = FieldBehavior(kind: .radialGravity, falloff: 2)
        field.position = position
        return field
    }

    /// A uniform acceleration of 100·S·direction pt/s² for any mass: F = S·m·direction·f.
    /// Falloff 0.
    public static func linearGravityField(direction: CGVector) -> FieldBehavior {
        let field = FieldBehavior(kind: .linearGravity, falloff: 0)
        field.direction = direction
        return field
    }

    /// Sets the velocity of items in the region to 100·direction pt/s every step (strength
    /// and falloff do not scale it; strength 0 switches it off).
    public static func velocityField(direction: CGVector) -> FieldBehavior {
        let field = FieldBehavior(kind: .velocity, falloff: 0)
        field.direction = direction
        return field
    }

    /// Random-looking, smooth, time-varying forces, independent of mass:
    /// F = S·f·∇N, with N the seeded gradient noise sampled at
    /// (x / L, y / L, t·animationSpeed), L = 25 pt × 20^smoothness, and ∇ taken in noise
    /// cells (so |∇N| is of order 1 whatever L). Falloff 0.
    public static func noiseField(smoothness: CGFloat, animationSpeed: CGFloat) -> FieldBehavior {
        let field = FieldBehavior(kind: .noise, falloff: 0)
        field.smoothness = smoothness
        field.animationSpeed = animationSpeed
        return field
    }

    /// Noise that only moving items feel: the noise force times m·‖v‖² (v in m/s). Falloff 0.
    public static func turbulenceField(smoothness: CGFloat, animationSpeed: CGFloat) -> FieldBehavior {
        let field = FieldBehavior(kind: .turbulence, falloff: 0)
        field.smoothness = smoothness
        field.animationSpeed = animationSpeed
        return field
    }

    /// Pulls items toward the position with Hooke's law, not scaled by mass: F = −S·p̂·f,
    /// which is −S·p at the default falloff −1 (an item of mass m oscillates with period
    /// 2π·√(m/S) s).
    public static func springField() -> FieldBehavior { FieldBehavior(kind: .spring, falloff: -1) }

    /// Pushes charged items away from the position (attracts opposite charges for S > 0):
    /// F = S·q·p̂·f. Falloff 1. Set charges with `DynamicItemBehavior.charge`.
    public static func electricField() -> FieldBehavior { FieldBehavior(kind: .electric, falloff: 1) }

    /// Turns moving charged items: F = S·(vy, −vx)·f for q ≠ 0 (the charge's sign and size do
    /// not matter, as measured on UIKit). Falloff 1.
    public static func magneticField() -> FieldBehavior { FieldBehavior(kind: .magnetic, falloff: 1) }

    /// A field computed by `block`: it receives the field, the item center relative to
    /// `position` (points), its velocity (pt/s), mass, charge and the simulated time (s),
    /// and returns a force in UIKit Newtons (a = 100·F/m pt/s²). Strength and falloff do not
    /// scale the result, but strength 0 switches the field off. A non-finite result traps.
    ///
    /// ```swift
    /// let pull = FieldBehavior.field { field, position, velocity, mass, charge, time in
    ///     CGVector(dx: -position.x / 100, dy: -position.y / 100)
    /// }
    /// ```
    public static func field(evaluationBlock block: @escaping EvaluationBlock) -> FieldBehavior {
        FieldBehavior(kind: .custom(block), falloff: 0)
    }

    /// A field computed for all its items inside the region in one call per internal step:
    /// for bindings that would otherwise cross into another language once per item.
    /// Strength 0 switches it off; its items stay awake while it acts.
    public static func field(batchEvaluationBlock block: @escaping BatchEvaluationBlock) -> FieldBehavior {
        FieldBehavior(kind: .batch(block), falloff: 0)
    }

    /// The force (UIKit Newtons) on an item with center `p` relative to the field (points),
    /// velocity `velocity` (pt/s), mass `m` > 0 and charge `q` at simulated time `time`; zero
    /// where the law is singular or overflows. Not for velocity fields, which set velocities.
    public func force(at p: CGPoint, velocity: CGPoint, mass m: CGFloat, charge q: CGFloat, time: TimeInterval) -> CGVector {
        if case .custom(let block) = kind {
            let force = block(self, p, CGVector(dx: velocity.x, dy: velocity.y), m, q, time)
            require { try Validate.finite(force, "FieldBehavior", "evaluationBlock") }
            return force
        }
        let px = Double(p.x) / 100, py = Double(p.y) / 100
        let vx = Double(velocity.x) / 100, vy = Double(velocity.y) / 100
        let mass = Double(m), s = Double(strength)
        let r = (px * px + py * py).squareRoot()
        let (ux, uy) = r > 0 ? (px / r, py / r) : (0, 0)
        let f = DeterministicMath.pow(max(r, Double(minimumRadius) / 100), -Double(falloff))
        let fx: Double, fy: Double
        switch kind {
        case .linearGravity:
            (fx, fy) = (s * mass * Double(direction.dx) * f, s * mass * Double(direction.dy) * f)
        case .radialGravity:
            (fx, fy) = (-s * mass * ux * f, -s * mass * uy * f)
        case .electric:
            (fx, fy) = (s * Double(q) * ux * f, s * Double(q) * uy * f)
        case .magnetic:
            (fx, fy) = q == 0 ? (0, 0) : (s * vy * f, -s * vx * f)
        case .spring:
            (fx, fy) = (-s * ux * f, -s * uy * f)
        case .vortex:
            (fx, fy) = (-s * uy * f / mass, s * ux * f / mass)
        case .drag:
            let wx = vx - Double(direction.dx), wy = vy - Double(direction.dy)
            let speed = (wx * wx + wy * wy).squareRoot()
            (fx, fy) = (-s * wx * speed * f, -s * wy * speed * f)
        case .noise, .turbulence:
            let length = 0.25 * DeterministicMath.pow(20, Double(smoothness))
            let g = noise.gradient(px / length, py / length, time * Double(animationSpeed))
            let scale = if case .turbulence = kind { s * f * mass * (vx * vx + vy * vy) } else { s * f }
            (fx, fy) = (scale * g.dx, scale * g.dy)
        case .velocity, .custom, .batch:
            return .zero
        }
        guard fx.isFinite, fy.isFinite else { return .zero }
        return CGVector(dx: fx, dy: fy)
    }
}
