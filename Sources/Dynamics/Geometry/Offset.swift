import Foundation

/// A horizontal and vertical offset, in points: the shape of UIKit's `UIOffset`.
///
/// Used for attachment points measured from an item's center (positive `horizontal` to the
/// right, positive `vertical` downward, in the item's own unrotated frame).
public struct Offset: Equatable, Hashable, Sendable, Codable {
    /// The horizontal offset in points (positive to the right).
    public var horizontal: CGFloat
    /// The vertical offset in points (positive downward).
    public var vertical: CGFloat

    /// An offset of `horizontal` and `vertical` points.
    @inlinable public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// No offset.
    public static let zero = Offset(horizontal: 0, vertical: 0)
}
