// Engine math: small value types in metres and radians. The engine never sees points;
// the model converts at the boundary (100 pt = 1 m, UIKit's own ratio), so every tolerance
// below (slop, sleep thresholds, speculative distance) is tuned for metre-sized bodies.

import Foundation

/// A 2D vector in metres (or metres per second).
public struct Vec2: Equatable, Hashable, Sendable {
    /// The x component (m, or m/s for a velocity).
    public var x: Double
    /// The y component (m, or m/s for a velocity); y grows downward in the model's frame.
    public var y: Double

    /// A vector from its components (m, or m/s).
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    /// The zero vector.
    public static let zero = Vec2(0, 0)

    /// Component-wise sum.
    @inlinable public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    /// Component-wise difference.
    @inlinable public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    /// The opposite vector.
    @inlinable public static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
    /// The vector scaled by `s` (a factor, or seconds to turn a velocity into a displacement).
    @inlinable public static func * (s: Double, a: Vec2) -> Vec2 { Vec2(s * a.x, s * a.y) }
    /// Adds `b` to `a` in place.
    @inlinable public static func += (a: inout Vec2, b: Vec2) { a.x += b.x; a.y += b.y }
    /// Subtracts `b` from `a` in place.
    @inlinable public static func -= (a: inout Vec2, b: Vec2) { a.x -= b.x; a.y -= b.y }

    /// The squared length (m²): no square root, for comparisons.
    @inlinable public var lengthSquared: Double { x * x + y * y }
    /// The Euclidean length (m, or m/s).
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    /// True when both components are finite (neither NaN nor ±infinity).
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

    /// Unit vector, or zero for a (near) zero vector.
    @inlinable public var normalized: Vec2 {
        let l = length
        return l < 1e-12 ? .zero : Vec2(x / l, y / l)
    }
    /// Perpendicular (−y, x): a quarter turn from x toward y.
    @inlinable public var leftPerp: Vec2 { Vec2(-y, x) }
    /// Perpendicular (y, −x).
    @inlinable public var rightPerp: Vec2 { Vec2(y, -x) }
}

/// Dot product of two vectors (m² for two positions).
@inlinable public func dot(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.x + a.y * b.y }
/// 2D cross product a.x b.y − a.y b.x, the z of the 3D one (m² for two positions):
/// positive when b lies less than a half turn from a toward y.
@inlinable public func cross(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.y - a.y * b.x }
/// cross(w, r) for a scalar angular velocity: w × r = (−w r.y, w r.x).
@inlinable public func cross(_ w: Double, _ r: Vec2) -> Vec2 { Vec2(-w * r.y, w * r.x) }
/// Linear interpolation: `a` at `t` = 0, `b` at `t` = 1 (t is not clamped).
@inlinable public func lerp(_ a: Vec2, _ b: Vec2, _ t: Double) -> Vec2 { Vec2(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)) }
/// Component-wise minimum.
@inlinable public func vmin(_ a: Vec2, _ b: Vec2) -> Vec2 { Vec2(Swift.min(a.x, b.x), Swift.min(a.y, b.y)) }
/// Component-wise maximum.
@inlinable public func vmax(_ a: Vec2, _ b: Vec2) -> Vec2 { Vec2(Swift.max(a.x, b.x), Swift.max(a.y, b.y)) }

/// A rotation stored as cosine and sine (no trigonometry in the hot loop).
public struct Rot: Equatable, Sendable {
    /// Cosine of the angle.
    public var c: Double
    /// Sine of the angle.
    public var s: Double
    /// A rotation from its cosine and sine, taken as given (the caller keeps c² + s² = 1).
    @inlinable public init(c: Double, s: Double) { self.c = c; self.s = s }
    /// A rotation by `angle` radians (positive turns x toward y), by the engine's
    /// deterministic cosine and sine.
    @inlinable public init(angle: Double) { (c, s) = DeterministicMath.cosSin(angle) }
    /// No rotation (angle 0).
    public static let identity = Rot(c: 1, s: 0)

    /// The angle in radians, in (−π, π], by the engine's deterministic atan2.
    @inlinable public var angle: Double { DeterministicMath.atan2(s, c) }
    /// Rotates `v` by this rotation.
    @inlinable public func rotate(_ v: Vec2) -> Vec2 { Vec2(c * v.x - s * v.y, s * v.x + c * v.y) }
    /// Rotates `v` by the inverse of this rotation.
    @inlinable public func invRotate(_ v: Vec2) -> Vec2 { Vec2(c * v.x + s * v.y, -s * v.x + c * v.y) }
    /// self ∘ other.
    @inlinable public func mul(_ q: Rot) -> Rot { Rot(c: c * q.c - s * q.s, s: s * q.c + c * q.s) }
    /// self⁻¹ ∘ other.
    @inlinable public func invMul(_ q: Rot) -> Rot { Rot(c: c * q.c + s * q.s, s: c * q.s - s * q.c) }

    /// Advances by a small angle `da` and renormalizes (first-order, as Box2D's integrator).
    @inlinable public func integrated(_ da: Double) -> Rot {
        let c2 = c - da * s, s2 = s + da * c
        let inv = 1 / (c2 * c2 + s2 * s2).squareRoot()
        return Rot(c: c2 * inv, s: s2 * inv)
    }
}

/// A rigid transform: rotate, then translate.
public struct Transform: Equatable, Sendable {
    /// Translation: the origin of the local frame in the parent frame (m).
    public var p: Vec2
    /// Rotation of the local frame.
    public var q: Rot
    /// A transform from its translation (m) and rotation.
    @inlinable public init(p: Vec2, q: Rot) { self.p = p; self.q = q }
    /// No rotation and no translation.
    public static let identity = Transform(p: .zero, q: .identity)

    /// Maps a point from the local frame to the parent frame (m): rotate, then translate.
    @inlinable public func apply(_ v: Vec2) -> Vec2 { q.rotate(v) + p }
    /// Maps a point from the parent frame to the local frame (m): the inverse of `apply`.
    @inlinable public func invApply(_ v: Vec2) -> Vec2 { q.invRotate(v - p) }
    /// self⁻¹ ∘ b: maps b's local frame into self's local frame.
    @inlinable public func invMul(_ b: Transform) -> Transform {
        Transform(p: q.invRotate(b.p - p), q: q.invMul(b.q))
    }
}

/// An axis-aligned box.
public struct AABB: Equatable, Sendable {
    /// The corner with the least x and y (m).
    public var lower: Vec2
    /// The corner with the greatest x and y (m).
    public var upper: Vec2
    /// A box from its corners (m); `lower` should not exceed `upper` on either axis.
    @inlinable public init(lower: Vec2, upper: Vec2) { self.lower = lower; self.upper = upper }

    /// True when the boxes overlap or touch.
    @inlinable public func overlaps(_ b: AABB) -> Bool {
        !(b.lower.x > upper.x || b.lower.y > upper.y || lower.x > b.upper.x || lower.y > b.upper.y)
    }
    /// True when `b` lies inside this box (touching edges count as inside).
    @inlinable public func contains(_ b: AABB) -> Bool {
        lower.x <= b.lower.x && lower.y <= b.lower.y && b.upper.x <= upper.x && b.upper.y <= upper.y
    }
    /// The smallest box holding both.
    @inlinable public func union(_ b: AABB) -> AABB { AABB(lower: vmin(lower, b.lower), upper: vmax(upper, b.upper)) }
    /// The box grown by the margin `m` (m) on every side.
    @inlinable public func expanded(by m: Double) -> AABB {
        AABB(lower: Vec2(lower.x - m, lower.y - m), upper: Vec2(upper.x + m, upper.y + m))
    }
    /// The box moved by `d` (m).
    @inlinable public func translated(_ d: Vec2) -> AABB { AABB(lower: lower + d, upper: upper + d) }
}
