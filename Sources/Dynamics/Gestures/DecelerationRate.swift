import Foundation

/// How quickly a flicked view slows down (UIScrollView.DecelerationRate): the fraction of
/// its velocity left after each millisecond. `Gesture.project` uses it to say where a flick
/// would come to rest.
public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
    /// The fraction of velocity kept per millisecond, in 0…1 (exclusive).
    public let rawValue: CGFloat

    /// A rate in 0…1 (exclusive). Other values are reported as invalid input (a trap by
    /// default, an error inside `InvalidInput.catching`); if the host's handler returns,
    /// the rate is `.normal`.
    public init(rawValue: CGFloat) {
        guard rawValue.isFinite, rawValue > 0, rawValue < 1 else {
            InvalidInput.report(DynamicsError(owner: "DecelerationRate", property: "rawValue",
                                              message: "must be in 0…1 (exclusive: the fraction of velocity kept each millisecond; normal 0.998, fast 0.99), got \(Validate.shown(rawValue))"))
            self.rawValue = 0.998
            return
        }
        self.rawValue = rawValue
    }

    /// UIScrollView's normal rate, 0.998.
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// UIScrollView's fast rate, 0.99.
    public static let fast = DecelerationRate(rawValue: 0.99)
}
