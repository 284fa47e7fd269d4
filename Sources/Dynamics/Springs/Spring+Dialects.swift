import Foundation

// SwiftUI's two dialects and Android's. Each initializer converts with the dialect's
// published formula, and each property reads any spring back in it.

extension Spring {
    /// The range of SwiftUI's `response` and `duration`, seconds: 1 / `frequencyRange`.
    public static let responseRange: ClosedRange<TimeInterval> =
        TimeInterval(1 / frequencyRange.upperBound)...TimeInterval(1 / frequencyRange.lowerBound)

    /// SwiftUI's `.spring(response:dampingFraction:)` and `Spring(response:dampingRatio:)`:
    /// `response` is the period of the undamped oscillation in seconds, and the damping
    /// fraction is the damping ratio. Mass 1, k = (2π/response)², c = 4π·dampingFraction/response
    /// (Apple's SwiftUI documentation, `Spring`; `response` within `responseRange`).
    public init(response: TimeInterval, dampingFraction: CGFloat) {
        self.init {
            try Spring.check(CGFloat(response), "response", in: CGFloat(Spring.responseRange.lowerBound)...CGFloat(Spring.responseRange.upperBound), unit: " s")
            try Spring.checkRatio(dampingFraction, "dampingFraction")
            return Spring.natural(omega: 2 * .pi / response, ratio: Double(dampingFraction))
        }
    }

    /// SwiftUI's `Spring(duration:bounce:)` (iOS 17): `duration` is the perceptual duration,
    /// the same number as `response`; `bounce` is 0 for critical damping, up to 1 for none
    /// (damping ratio 1 − bounce), and down toward −1 for overdamping (damping ratio
    /// 1 / (1 + bounce)). Mass 1, k = (2π/duration)². Apple documents the ends of `bounce`
    /// and the example Spring(duration: 0.5, bounce: 0.3) = (mass 1, stiffness 157.9,
    /// damping 17.6); the negative branch is Flutter's `SpringDescription.withDurationAndBounce`,
    /// which states it matches SwiftUI. `bounce` within −0.9999…1 (a damping ratio up to
    /// `maximumDampingRatio`).
    public init(duration: TimeInterval, bounce: CGFloat) {
        self.init {
            try Spring.check(CGFloat(duration), "duration", in: CGFloat(Spring.responseRange.lowerBound)...CGFloat(Spring.responseRange.upperBound), unit: " s")
            try Spring.check(bounce, "bounce", in: (1 / Spring.maximumDampingRatio - 1)...1)
            let ratio = bounce > 0 ? 1 - Double(bounce) : 1 / (1 + Double(bounce))
            return Spring.natural(omega: 2 * .pi / duration, ratio: ratio)
        }
    }

    /// Android's `SpringForce(stiffness, dampingRatio)` (androidx.dynamicanimation): mass 1,
    /// k = stiffness, ζ = dampingRatio, so c = 2·dampingRatio·√stiffness. Stiffness > 0 (its
    /// frequency √k/2π within `frequencyRange`), damping ratio ≥ 0, as `SpringForce` checks.
    public init(stiffness: CGFloat, dampingRatio: CGFloat) {
        self.init {
            try Validate.positive(stiffness, "Spring", "stiffness")
            try Spring.checkRatio(dampingRatio, "dampingRatio")
            let omega = Double(stiffness).squareRoot()
            try Spring.check(CGFloat(omega / (2 * .pi)), "stiffness", in: Spring.frequencyRange, unit: " Hz (the frequency √stiffness/2π)")
            return Spring(unchecked: 1, stiffness, CGFloat(2 * Double(dampingRatio) * omega))
        }
    }

    /// SwiftUI's `response`: 2π√(m/k) = 1 / `frequency`, seconds.
    public var response: TimeInterval { 2 * .pi / omega }

    /// SwiftUI's `dampingFraction`: the damping ratio.
    public var dampingFraction: CGFloat { dampingRatio }

    /// SwiftUI's `duration` (iOS 17): the same number as `response`, seconds.
    public var duration: TimeInterval { response }

    /// SwiftUI's `bounce` (iOS 17): 1 − ζ below critical damping, 1/ζ − 1 above it
    /// (−1 < bounce ≤ 1).
    public var bounce: CGFloat {
        let z = dampingRatio
        return z < 1 ? 1 - z : 1 / z - 1
    }
}
