import Foundation

/// A closed range of values (UIFloatRange): an attachment's angle or translation range.
public struct FloatRange: Equatable, Sendable {
    public var minimum: CGFloat
    public var maximum: CGFloat

    public init(minimum: CGFloat, maximum: CGFloat) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// No limit.
    public static let infinite = FloatRange(minimum: -.infinity, maximum: .infinity)
    public static let zero = FloatRange(minimum: 0, maximum: 0)

    public var isInfinite: Bool { minimum == -.infinity && maximum == .infinity }
}
