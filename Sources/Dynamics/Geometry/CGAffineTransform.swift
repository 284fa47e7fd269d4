#if !canImport(CoreGraphics)
import DynamicsEngine
import Foundation

/// A 2D affine transform with CoreGraphics' shape and semantics, for platforms whose Foundation
/// lacks it (Linux). On Apple platforms CoreGraphics' own `CGAffineTransform` is used instead.
///
/// Points are row vectors, as in CoreGraphics: a point (x, y) maps to
/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`, i.e. `[x y 1] · M` with
///
///     M = | a  b  0 |
///         | c  d  0 |
///         | tx ty 1 |
///
/// Lengths (`tx`, `ty`) are in points; angles in radians. With y growing downward (the screen
/// convention Dynamics uses), a positive rotation turns clockwise on screen.
public struct CGAffineTransform: Equatable, Sendable, Codable {
    /// The entry at row 1, column 1 (x scale when there is no rotation).
    public var a: CGFloat
    /// The entry at row 1, column 2.
    public var b: CGFloat
    /// The entry at row 2, column 1.
    public var c: CGFloat
    /// The entry at row 2, column 2 (y scale when there is no rotation).
    public var d: CGFloat
    /// The x translation, in points.
    public var tx: CGFloat
    /// The y translation, in points.
    public var ty: CGFloat

    /// The identity transform.
    @inlinable public init() {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    }

    /// A transform with the given matrix entries.
    @inlinable public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// A transform with the given matrix entries.
    @inlinable public init(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat) {
        self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }

    /// The transform that rotates by `angle` radians about the origin:
    /// `a = cos θ, b = sin θ, c = −sin θ, d = cos θ`. It maps (1, 0) to (cos θ, sin θ).
    public init(rotationAngle angle: CGFloat) {
        let (cosine, sine) = DeterministicMath.cosSin(Double(angle))
        let s = CGFloat(sine), k = CGFloat(cosine)
        self.init(a: k, b: s, c: -s, d: k, tx: 0, ty: 0)
    }

    /// The transform that scales x by `sx` and y by `sy`.
    @inlinable public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// The transform that translates by (`tx`, `ty`) points.
    @inlinable public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// The identity transform.
    public static let identity = CGAffineTransform()

    /// Whether this is the identity transform.
    @inlinable public var isIdentity: Bool {
        a == 1 && b == 0 && c == 0 && d == 1 && tx == 0 && ty == 0
    }

    /// The transform that applies `self`, then `t2` (the matrix product `self · t2`).
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t2.a + b * t2.c,
            b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c,
            d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx,
            ty: tx * t2.b + ty * t2.d + t2.ty
        )
    }

    /// A rotation by `angle` radians applied before `self` (CoreGraphics' `CGAffineTransformRotate`).
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// A scale by (`sx`, `sy`) applied before `self` (CoreGraphics' `CGAffineTransformScale`).
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
    }

    /// A translation by (`tx`, `ty`) points applied before `self`
    /// (CoreGraphics' `CGAffineTransformTranslate`).
    public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: tx, y: ty).concatenating(self)
    }

    /// Decodes `[a, b, c, d, tx, ty]`, the unkeyed form CoreGraphics uses.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let a = try container.decode(CGFloat.self)
        let b = try container.decode(CGFloat.self)
        let c = try container.decode(CGFloat.self)
        let d = try container.decode(CGFloat.self)
        let tx = try container.decode(CGFloat.self)
        let ty = try container.decode(CGFloat.self)
        self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }

    /// Encodes `[a, b, c, d, tx, ty]`, the unkeyed form CoreGraphics uses.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for value in [a, b, c, d, tx, ty] { try container.encode(value) }
    }

    /// The inverse transform, so that `t.concatenating(t.inverted())` is the identity (up to
    /// rounding). A transform that cannot be inverted (zero determinant) is returned unchanged,
    /// as CoreGraphics does.
    public func inverted() -> CGAffineTransform {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return self }
        let ia = d / det
        let ib = -b / det
        let ic = -c / det
        let id = a / det
        return CGAffineTransform(
            a: ia, b: ib, c: ic, d: id,
            tx: -(tx * ia + ty * ic),
            ty: -(tx * ib + ty * id)
        )
    }
}

extension CGPoint {
    /// The point mapped by `t`: (a·x + c·y + tx, b·x + d·y + ty), in points.
    @inlinable public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size mapped by the linear part of `t` (no translation):
    /// (a·width + c·height, b·width + d·height). The result may be negative.
    @inlinable public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest rectangle that contains the four corners of this rectangle mapped by `t`
    /// (CoreGraphics' `CGRectApplyAffineTransform`). The null and the infinite rectangle are
    /// returned unchanged.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull || isInfinite { return self }
        let r = standardized
        let corners = [
            CGPoint(x: r.minX, y: r.minY).applying(t),
            CGPoint(x: r.maxX, y: r.minY).applying(t),
            CGPoint(x: r.maxX, y: r.maxY).applying(t),
            CGPoint(x: r.minX, y: r.maxY).applying(t),
        ]
        var minX = corners[0].x, maxX = corners[0].x
        var minY = corners[0].y, maxY = corners[0].y
        for p in corners.dropFirst() {
            minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
#endif
