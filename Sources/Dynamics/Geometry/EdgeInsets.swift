import Foundation

/// Insets for each edge of a rectangle, in points: the shape of UIKit's `UIEdgeInsets`.
///
/// Positive values shrink a rectangle (see `CGRect.inset(by:)`); negative values grow it.
public struct EdgeInsets: Equatable, Hashable, Sendable, Codable {
    /// The inset of the top edge, in points (moves it down).
    public var top: CGFloat
    /// The inset of the left edge, in points (moves it right).
    public var left: CGFloat
    /// The inset of the bottom edge, in points (moves it up).
    public var bottom: CGFloat
    /// The inset of the right edge, in points (moves it left).
    public var right: CGFloat

    /// Insets of `top`, `left`, `bottom` and `right` points.
    @inlinable public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No insets.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

extension CGRect {
    /// The rectangle with each edge moved inward by the matching inset, in points, as UIKit's
    /// `CGRect.inset(by: UIEdgeInsets)`: the origin moves by (`left`, `top`), the width shrinks by
    /// `left + right` and the height by `top + bottom`. Nothing is clamped, so insets larger than
    /// the rectangle give a negative size.
    public func inset(by insets: EdgeInsets) -> CGRect {
        CGRect(
            x: origin.x + insets.left,
            y: origin.y + insets.top,
            width: size.width - (insets.left + insets.right),
            height: size.height - (insets.top + insets.bottom)
        )
    }
}
