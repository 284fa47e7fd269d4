import Foundation

/// A damped spring's motion, made and read in the dialect of any toolkit that describes
/// springs: UIKit attachments (frequency, damping ratio), SwiftUI (response and damping
/// fraction; duration and bounce), Core Animation, `UISpringTimingParameters` and CSS
/// libraries (mass, stiffness, damping), Android's `SpringForce` (stiffness, damping ratio)
/// and Facebook's Origami and Pop (tension and friction; bounciness and speed).
///
/// A spring is its mass m, stiffness k and damping coefficient c, the values the
/// mass–stiffness–damping dialect gives (every other dialect makes a spring of mass 1); each
/// dialect converts with its published formula (see the initializers). Its motion depends on
/// k/m and c/m only: the natural angular frequency ω = √(k/m) and the damping ratio
/// ζ = c / (2√(k·m)). Where a behavior takes a spring (`AttachmentBehavior.spring`,
/// `SnapBehavior.spring`) it takes that motion, frequency ω/2π and ratio ζ, whatever the
/// items' own masses, as a SwiftUI spring animates any view.
///
/// Invalid input (NaN, ±∞, a value out of the dialect's range) is reported as
/// `DynamicsError` with the initializer's own parameter name, through `InvalidInput` as
/// every setter of the model reports it (a trap by default, an error inside
/// `InvalidInput.catching`); if the host's handler returns, the spring is `Spring.fallback`.
/// Equality compares m, k and c exactly: two dialects' descriptions of the same motion may
/// differ in the last bits, and a spring of mass 2 is not equal to its mass-1 twin.
public struct Spring: Sendable, Equatable, Hashable {
    /// The mass m on the spring (1 unless made with the mass–stiffness–damping dialect).
    public let mass: CGFloat
    /// The stiffness k (force per unit of displacement; k/m in s⁻²).
    public let stiffness: CGFloat
    /// The damping coefficient c (force per unit of speed; c/m in s⁻¹). Not the damping
    /// ratio: that is `dampingRatio`.
    public let damping: CGFloat

    /// The range of natural frequencies a spring may have, Hz: from one cycle in 1000 s to
    /// `AttachmentBehavior.frequency`'s largest value. A slower spring would underflow its
    /// stiffness in some dialects; a faster one cannot be stepped.
    public static let frequencyRange: ClosedRange<CGFloat> = 0.001...10_000
    /// The largest damping ratio (10⁴: a SwiftUI bounce of −0.9999).
    public static let maximumDampingRatio: CGFloat = 10_000

    /// What an initializer given invalid input makes when the host's invalid-input handler
    /// returns: SwiftUI's default spring (response 0.55 s, damping fraction 0.825).
    public static let fallback = Spring(unchecked: 1, (2 * .pi / 0.55) * (2 * .pi / 0.55), 4 * .pi * 0.825 / 0.55)

    init(unchecked mass: CGFloat, _ stiffness: CGFloat, _ damping: CGFloat) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// The spring `make` builds, or `fallback` after reporting its error.
    init(reporting make: () throws -> Spring) {
        do {
            self = try make()
        } catch let error as DynamicsError {
            InvalidInput.report(error)
            self = .fallback
        } catch {
            InvalidInput.report(DynamicsError(owner: "Spring", property: "input", message: "\(error)"))
            self = .fallback
        }
    }

    /// Mass, stiffness and damping (Core Animation's `CASpringAnimation`,
    /// `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`, CSS animation
    /// libraries; mass 1 by default, as theirs): the equation of motion is
    /// m·ẍ = −k·x − c·ẋ. Mass and stiffness > 0, damping ≥ 0, each at most 10⁹; the
    /// frequency √(k/m)/2π within `frequencyRange` and the damping ratio at most
    /// `maximumDampingRatio`.
    public init(mass: CGFloat = 1, stiffness: CGFloat, damping: CGFloat) {
        self.init { try Spring.physical(mass: mass, stiffness: stiffness, damping: damping) }
    }

    /// A UIKit attachment's spring: `frequency` in Hz (the undamped oscillation,
    /// `AttachmentBehavior.frequency`; here > 0, within `frequencyRange`) and the damping
    /// ratio (`AttachmentBehavior.damping`: 0 undamped, 1 critical, above 1 overdamped).
    /// Mass 1, k = (2π·frequency)², c = 2·ζ·2π·frequency.
    public init(frequency: CGFloat, dampingRatio: CGFloat) {
        self.init {
            try Spring.check(frequency, "frequency", in: Spring.frequencyRange, unit: " Hz")
            try Spring.checkRatio(dampingRatio, "dampingRatio")
            return Spring.natural(omega: 2 * .pi * Double(frequency), ratio: Double(dampingRatio))
        }
    }

    /// The spring of mass 1 with natural angular frequency `omega` (rad/s) and damping ratio
    /// `ratio`: k = ω², c = 2ζω.
    static func natural(omega: Double, ratio: Double) -> Spring {
        Spring(unchecked: 1, CGFloat(omega * omega), CGFloat(2 * ratio * omega))
    }

    /// m, k and c, checked: each in range, and the motion they make within the limits.
    static func physical(mass: CGFloat, stiffness: CGFloat, damping: CGFloat,
                         names: (mass: String, stiffness: String, damping: String) = ("mass", "stiffness", "damping")) throws -> Spring {
        try Validate.positive(mass, "Spring", names.mass)
        try Validate.positive(stiffness, "Spring", names.stiffness)
        try Validate.nonNegative(damping, "Spring", names.damping)
        let spring = Spring(unchecked: mass, stiffness, damping)
        let f = spring.frequency
        guard frequencyRange.contains(f) else {
            throw DynamicsError(owner: "Spring", property: names.stiffness,
                                message: "gives a frequency √(k/m)/2π of \(f) Hz (k = \(stiffness), m = \(mass)); it must be within \(frequencyRange.lowerBound)…\(frequencyRange.upperBound) Hz")
        }
        let z = spring.dampingRatio
        guard z <= maximumDampingRatio else {
            throw DynamicsError(owner: "Spring", property: names.damping,
                                message: "gives a damping ratio c/(2√(k·m)) of \(z) (c = \(damping)); it must be at most \(maximumDampingRatio)")
        }
        return spring
    }

    /// A finite `value` within `range` (the message names the property and the range).
    static func check(_ value: CGFloat, _ property: String, in range: ClosedRange<CGFloat>, unit: String = "") throws {
        guard value.isFinite, range.contains(value) else {
            throw DynamicsError(owner: "Spring", property: property,
                                message: "must be a finite number in \(range.lowerBound)…\(range.upperBound)\(unit), got \(Validate.shown(value))")
        }
    }

    /// A damping ratio: 0…`maximumDampingRatio`.
    static func checkRatio(_ value: CGFloat, _ property: String) throws {
        try check(value, property, in: 0...maximumDampingRatio)
    }

    // MARK: The UIKit attachment's dialect, and the motion every dialect shares

    /// ω = √(k/m), rad/s.
    var omega: Double { (Double(stiffness) / Double(mass)).squareRoot() }

    /// The natural (undamped) frequency √(k/m)/2π, Hz: a UIKit attachment's `frequency`.
    public var frequency: CGFloat { CGFloat(omega / (2 * .pi)) }

    /// The damping ratio ζ = c / (2√(k·m)): 0 undamped, below 1 it oscillates, 1 critical,
    /// above 1 overdamped. A UIKit attachment's `damping`, SwiftUI's `dampingFraction` and
    /// `dampingRatio`, Android's `dampingRatio`.
    public var dampingRatio: CGFloat {
        // √k·√m rather than √(k·m): the product of a tiny mass and stiffness underflows.
        CGFloat(Double(damping) / (2 * Double(stiffness).squareRoot() * Double(mass).squareRoot()))
    }
}
