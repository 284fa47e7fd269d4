import Foundation

// Joints: the closed set of constraints between two bodies (or a body and the static
// ground), dispatched by `switch` in the solver. Each is a soft constraint in the soft-step
// scheme: rigid parts use the joint softness (stiff, tied to the sub-step) only in the
// biased pass; springs use their own frequency and damping ratio in every pass.

enum JointKind: UInt8, Sendable {
    /// Spring (frequency > 0), rigid rod (frequency 0) or rope (upper limit only).
    case distance
    /// Pin: a shared point, free rotation with optional friction and angle limits.
    case revolute
    /// Fixed: a shared point and a fixed relative angle.
    case weld
    /// Sliding: translation along an axis only, with optional limits.
    case prismatic
    /// Snap: a damped spring pulling a point of B to a target, and B's angle to 0.
    case snap
}

struct JointID: Hashable, Sendable {
    var index: Int32
    var generation: UInt32
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
    /// Spring frequency (Hz) and damping ratio (also snap's).
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
    /// Snap: the angular spring's frequency (Hz) and the distance (m) below which the turn
    /// toward the line of travel fades out (see `SnapBehavior`'s law).
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
    /// Snap's angular spring.
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
}

/// Angle of qA⁻¹·qB in (−π, π].
@inline(__always)
func relativeAngle(_ qB: Rot, _ qA: Rot) -> Double {
    atan2(qA.c * qB.s - qA.s * qB.c, qA.c * qB.c + qA.s * qB.s)
}

/// Solves the symmetric 2×2 system K x = b.
@inline(__always)
func solve22(_ k11: Double, _ k12: Double, _ k22: Double, _ b: Vec2) -> Vec2 {
    var det = k11 * k22 - k12 * k12
    if det != 0 { det = 1 / det }
    return Vec2(det * (k22 * b.x - k12 * b.y), det * (k11 * b.y - k12 * b.x))
}
