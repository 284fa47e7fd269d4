import Foundation

// Joints: the closed set of constraints between two bodies (or a body and the static
// ground), dispatched by `switch` in the solver. Each is a soft constraint in the soft-step
// scheme: rigid parts use the joint softness (stiff, tied to the sub-step) only in the
// biased pass; springs use their own frequency and damping ratio in every pass.

/// The kinds of joint the engine solves, a closed set dispatched by `switch` in the solver.
public enum JointKind: UInt8, Sendable {
    /// Spring (frequency > 0), rigid rod (frequency 0) or rope (upper limit only).
    case distance
    /// Pin: a shared point, free rotation with optional friction and angle limits.
    case revolute
    /// Fixed: a shared point and a fixed relative angle.
    case weld
    /// Sliding: translation along an axis only, with optional limits.
    case prismatic
    /// Target (Box2D's mouse joint, with an angular part): a damped spring pulling B's anchor
    /// to a world target, and an angular spring turning B upright that leans B into its
    /// travel while it is farther than `turnFadeLength` from the target. With `angularHertz`
    /// 0 there is no angular part: B turns freely (a release spring).
    case target
}

/// A joint handle (index + generation), as `BodyID`.
public struct JointID: Hashable, Sendable {
    /// Slot index in the world's joint storage.
    public let index: Int32
    /// Generation of the slot when the id was issued; a reused slot has another, so a stale
    /// id is caught.
    public let generation: UInt32
    init(index: Int32, generation: UInt32) { self.index = index; self.generation = generation }
}

/// What a joint is: its kind, bodies and parameters (Box2D's joint definitions in one
/// struct; each kind reads its own fields). Lengths in metres, angles in radians, springs in
/// Hz and damping ratios.
public struct JointDef: Equatable, Sendable {
    /// Which joint this is; each kind reads its own fields below.
    public var kind: JointKind
    /// The first body (A); `World.groundBody` for a joint to a fixed point.
    public var bodyA: BodyID
    /// The second body (B).
    public var bodyB: BodyID
    /// A's anchor in A's frame (from A's origin), metres. For a static body at the origin
    /// (`World.groundBody`) that is the anchor's world position.
    public var localAnchorA = Vec2.zero
    /// B's anchor in B's frame (from B's origin), metres.
    public var localAnchorB = Vec2.zero
    /// Distance joint: the rest length (m).
    public var length = 0.0
    /// Distance joint: the least length (m) when `enableLimit` is on.
    public var minLength = 0.0
    /// Distance joint: the greatest length (m) when `enableLimit` is on (a rope sets only this one).
    public var maxLength = Double.greatestFiniteMagnitude
    /// Distance joint: a spring of `hertz` and `dampingRatio` instead of a rigid rod.
    public var enableSpring = false
    /// Distance joint: `minLength`/`maxLength` apply; revolute and prismatic: `lower`/`upper` apply.
    public var enableLimit = false
    /// Spring frequency (Hz) of distance and target joints.
    public var hertz = 0.0
    /// Spring damping ratio (dimensionless; 1 = critical) of distance and target joints.
    public var dampingRatio = 0.0
    /// B's angle minus A's angle that the joint holds (weld, prismatic) or measures from.
    public var referenceAngle = 0.0
    /// Sliding axis in A's frame (unit).
    public var localAxisA = Vec2(1, 0)
    /// Lower angle (revolute, rad) or translation (prismatic, m) limit, active with `enableLimit`.
    public var lower = -Double.greatestFiniteMagnitude
    /// Upper angle (revolute, rad) or translation (prismatic, m) limit, active with `enableLimit`.
    public var upper = Double.greatestFiniteMagnitude
    /// Friction torque of a revolute joint (N·m); 0 = free.
    public var maxFrictionTorque = 0.0
    /// Friction force of a prismatic joint along its axis (N); 0 = free.
    public var maxFrictionForce = 0.0
    /// Target joint: the angular spring's frequency (Hz); 0 = no angular part.
    public var angularHertz = 0.0
    /// Target joint: the distance (m) within which the lean into the line of travel fades out.
    public var turnFadeLength = 0.0

    /// A joint of `kind` between `bodyA` and `bodyB`, every other field at its default (no
    /// limits, no spring, no friction).
    public init(kind: JointKind, bodyA: BodyID, bodyB: BodyID) {
        self.kind = kind
        self.bodyA = bodyA
        self.bodyB = bodyB
    }
}

struct Joint {
    var generation: UInt32 = 0
    var alive = false
    var kind = JointKind.distance
    var bodyA: Int32 = -1
    var bodyB: Int32 = -1
    /// Anchors in each body's frame (from the body origin), metres. For the ground (a
    /// static body at the origin) this is the anchor's world position.
    var localAnchorA = Vec2.zero
    var localAnchorB = Vec2.zero

    // Distance.
    var length = 0.0
    var minLength = 0.0
    var maxLength = Double.greatestFiniteMagnitude
    var enableSpring = false
    var enableLimit = false
    /// Spring frequency (Hz) and damping ratio (also the target joint's).
    var hertz = 0.0
    var dampingRatio = 0.0

    // Angular and sliding.
    /// B's angle minus A's angle that the joint holds (weld, prismatic) or measures from.
    var referenceAngle = 0.0
    /// Sliding axis in A's frame (unit).
    var localAxisA = Vec2(1, 0)
    /// Angle (revolute) or translation (prismatic, m) limits, active with `enableLimit`.
    var lower = -Double.greatestFiniteMagnitude
    var upper = Double.greatestFiniteMagnitude
    /// Friction torque of a pin (N·m); 0 = free.
    var maxFrictionTorque = 0.0
    /// Friction force of a sliding joint (N); 0 = free.
    var maxFrictionForce = 0.0
    /// Target: the angular spring's frequency (Hz) and the distance (m) below which the turn
    /// toward the line of travel fades out.
    var angularHertz = 0.0
    var turnFadeLength = 0.0

    // Prepared each step: anchors from the centres of mass (world axes), centre offset,
    // relative angle, effective masses, axis.
    var rA = Vec2.zero
    var rB = Vec2.zero
    var deltaCenter = Vec2.zero
    var deltaAngle = 0.0
    var axialMass = 0.0
    var angularMass = 0.0
    var axisA = Vec2(1, 0)
    var springSoftness = Softness()
    /// The target joint's angular spring.
    var angularSoftness = Softness()
    /// Springs slow enough for the sub-step (h·ω ≤ 0.5) act as explicit forces, which keep
    /// an undamped spring's energy; stiffer ones use the soft (implicit) form, which is
    /// stable at any frequency but loses some energy every sub-step.
    var explicitSpring = false
    /// A rigid rod shorter than the slop is a pin: its axis is undefined when the points
    /// coincide, so it is solved as a point constraint.
    var pointLike = false

    // Accumulated impulses (warm started).
    var linearImpulse = Vec2.zero
    var angularImpulse = 0.0
    var axialImpulse = 0.0
    var lowerImpulse = 0.0
    var upperImpulse = 0.0
    var frictionImpulse = 0.0

    init() {}

    /// Takes a definition's parameters, keeping generation, liveness and impulses.
    mutating func setDefinition(_ d: JointDef) {
        kind = d.kind
        bodyA = d.bodyA.index; bodyB = d.bodyB.index
        localAnchorA = d.localAnchorA; localAnchorB = d.localAnchorB
        length = d.length; minLength = d.minLength; maxLength = d.maxLength
        enableSpring = d.enableSpring; enableLimit = d.enableLimit
        hertz = d.hertz; dampingRatio = d.dampingRatio
        referenceAngle = d.referenceAngle; localAxisA = d.localAxisA
        lower = d.lower; upper = d.upper; maxFrictionTorque = d.maxFrictionTorque; maxFrictionForce = d.maxFrictionForce
        angularHertz = d.angularHertz; turnFadeLength = d.turnFadeLength
    }

    /// The definition (bodies rebuilt with the generations they have in `infos`).
    func definition(_ infos: HotArray<BodyInfo>) -> JointDef {
        var d = JointDef(kind: kind, bodyA: BodyID(index: bodyA, generation: infos[Int(bodyA)].generation),
                         bodyB: BodyID(index: bodyB, generation: infos[Int(bodyB)].generation))
        d.localAnchorA = localAnchorA; d.localAnchorB = localAnchorB
        d.length = length; d.minLength = minLength; d.maxLength = maxLength
        d.enableSpring = enableSpring; d.enableLimit = enableLimit
        d.hertz = hertz; d.dampingRatio = dampingRatio
        d.referenceAngle = referenceAngle; d.localAxisA = localAxisA
        d.lower = lower; d.upper = upper; d.maxFrictionTorque = maxFrictionTorque; d.maxFrictionForce = maxFrictionForce
        d.angularHertz = angularHertz; d.turnFadeLength = turnFadeLength
        return d
    }
}

/// Angle of qA⁻¹·qB in (−π, π].
@inline(__always)
func relativeAngle(_ qB: Rot, _ qA: Rot) -> Double {
    DeterministicMath.atan2(qA.c * qB.s - qA.s * qB.c, qA.c * qB.c + qA.s * qB.s)
}

/// Solves the symmetric 2×2 system K x = b.
@inline(__always)
func solve22(_ k11: Double, _ k12: Double, _ k22: Double, _ b: Vec2) -> Vec2 {
    var det = k11 * k22 - k12 * k12
    if det != 0 { det = 1 / det }
    return Vec2(det * (k22 * b.x - k12 * b.y), det * (k11 * b.y - k12 * b.x))
}
