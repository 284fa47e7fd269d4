#if !canImport(CoreGraphics)
import Foundation

/// A two-dimensional vector, with CoreGraphics' shape, for platforms whose Foundation lacks it
/// (Linux). On Apple platforms CoreGraphics' own `CGVector` is used instead.
///
/// Units depend on use: a gravity direction is in multiples of 1000 pt/s², a push or field
/// force in UIKit Newtons (1 accelerates a mass-1 item at 100 pt/s²), an offset in points.
public struct CGVector: Equatable, Hashable, Sendable, Codable {
    /// The x component (positive to the right).
    public var dx: CGFloat
    /// The y component (positive downward on screen).
    public var dy: CGFloat

    /// The zero vector.
    @inlinable public init() {
        self.dx = 0
        self.dy = 0
    }

    /// A vector with the given components.
    @inlinable public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    /// A vector with the given components.
    @inlinable public init(dx: Double, dy: Double) {
        self.dx = CGFloat(dx)
        self.dy = CGFloat(dy)
    }

    /// A vector with the given components.
    @inlinable public init(dx: Int, dy: Int) {
        self.dx = CGFloat(dx)
        self.dy = CGFloat(dy)
    }

    /// The vector whose components are both zero.
    public static let zero = CGVector(dx: 0 as CGFloat, dy: 0 as CGFloat)

    /// Decodes `[dx, dy]`, the unkeyed form CoreGraphics uses.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let dx = try container.decode(CGFloat.self)
        let dy = try container.decode(CGFloat.self)
        self.init(dx: dx, dy: dy)
    }

    /// Encodes `[dx, dy]`, the unkeyed form CoreGraphics uses.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(dx)
        try container.encode(dy)
    }
}
#endif
