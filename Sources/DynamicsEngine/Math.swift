// Engine math: small value types in metres and radians. The engine never sees points;
// the model converts at the boundary (100 pt = 1 m, UIKit's own ratio), so every tolerance
// below (slop, sleep thresholds, speculative distance) is tuned for metre-sized bodies.

import Foundation

/// A 2D vector in metres (or metres per second).

public struct Vec2: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double

    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public static let zero = Vec2(0, 0)

    @inlinable public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    @inlinable public static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
    @inlinable public static func * (s: Double, a: Vec2) -> Vec2 { Vec2(s * a.x, s * a.y) }
    @inlinable public static func += (a: inout Vec2, b: Vec2) { a.x += b.x; a.y += b.y }
    @inlinable public static func -= (a: inout Vec2, b: Vec2) { a.x -= b.x; a.y -= b.y }

    @inlinable public var lengthSquared: Double { x * x + y * y }
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
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

@inlinable public func dot(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.x + a.y * b.y }
@inlinable public func cross(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.y - a.y * b.x }
/// cross(w, r) for a scalar angular velocity: w × r = (−w r.y, w r.x).
@inlinable public func cross(_ w: Double, _ r: Vec2) -> Vec2 { Vec2(-w * r.y, w * r.x) }
@inlinable public func lerp(_ a: Vec2, _ b: Vec2, _ t: Double) -> Vec2 { Vec2(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)) }
@inlinable public func vmin(_ a: Vec2, _ b: Vec2) -> Vec2 { Vec2(Swift.min(a.x, b.x), Swift.min(a.y, b.y)) }
@inlinable public func vmax(_ a: Vec2, _ b: Vec2) -> Vec2 { Vec2(Swift.max(a.x, b.x), Swift.max(a.y, b.y)) }

/// A rotation stored as cosine and sine (no trigonometry in the hot loop).

public struct Rot: Equatable, Sendable {
    public var c: Double
    public var s: Double
    @inlinable public init(c: Double, s: Double) { self.c = c; self.s = s }
    @inlinable public init(angle: Double) { (c, s) = DeterministicMath.cosSin(angle) }
    public static let identity = Rot(c: 1, s: 0)

    @inlinable public var angle: Double { DeterministicMath.atan2(s, c) }
    @inlinable public func rotate(_ v: Vec2) -> Vec2 { Vec2(c * v.x - s * v.y, s * v.x + c * v.y) }
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
    public var p: Vec2
    public var q: Rot
    @inlinable public init(p: Vec2, q: Rot) { self.p = p; self.q = q }
    public static let identity = Transform(p: .zero, q: .identity)

    @inlinable public func apply(_ v: Vec2) -> Vec2 { q.rotate(v) + p }
    @inlinable public func invApply(_ v: Vec2) -> Vec2 { q.invRotate(v - p) }
    /// self⁻¹ ∘ b: maps b's local frame into self's local frame.
    @inlinable public func invMul(_ b: Transform) -> Transform {
        Transform(p: q.invRotate(b.p - p), q: q.invMul(b.q))
    }
}

/// An axis-aligned box.

public struct AABB: Equatable, Sendable {
    public var lower: Vec2
    public var upper: Vec2
    @inlinable public init(lower: Vec2, upper: Vec2) { self.lower = lower; self.upper = upper }

    @inlinable public func overlaps(_ b: AABB) -> Bool {
        !(b.lower.x > upper.x || b.lower.y > upper.y || lower.x > b.upper.x || lower.y > b.upper.y)
    }
    @inlinable public func contains(_ b: AABB) -> Bool {
        lower.x <= b.lower.x && lower.y <= b.lower.y && b.upper.x <= upper.x && b.upper.y <= upper.y
    }
    @inlinable public func union(_ b: AABB) -> AABB { AABB(lower: vmin(lower, b.lower), upper: vmax(upper, b.upper)) }
    @inlinable public func expanded(by m: Double) -> AABB {
        AABB(lower: Vec2(lower.x - m, lower.y - m), upper: Vec2(upper.x + m, upper.y + m))
    }
    @inlinable public func translated(_ d: Vec2) -> AABB { AABB(lower: lower + d, upper: upper + d) }
}
