import Foundation

// Facebook's Origami and Pop dialects, converted as Facebook's Rebound does
// (facebook/rebound, rebound-core: OrigamiValueConverter.java, BouncyConversion.java,
// SpringConfig.fromOrigamiTensionAndFriction and fromBouncinessAndSpeed; Pop's
// POPSpringAnimation converts bounciness and speed the same way). Rebound's spring
// accelerates by tension·(end − x) − friction·v: mass 1, k = tension, c = friction in its
// physical units.

extension Spring {
    /// Origami's tension (an Origami value) as Rebound's physical tension, k:
    /// (value − 30)·3.62 + 194, and 0 for 0 (`OrigamiValueConverter.tensionFromOrigamiValue`).
    static func reboundTension(origami value: Double) -> Double { value == 0 ? 0 : (value - 30) * 3.62 + 194 }
    /// Origami's friction as Rebound's physical friction, c: (value − 8)·3 + 25, and 0 for 0.
    static func reboundFriction(origami value: Double) -> Double { value == 0 ? 0 : (value - 8) * 3 + 25 }
    /// The inverses (`origamiValueFromTension`, `origamiValueFromFriction`), 0 for 0 as Rebound's.
    static func origamiTension(rebound k: Double) -> Double { k == 0 ? 0 : (k - 194) / 3.62 + 30 }
    static func origamiFriction(rebound c: Double) -> Double { c == 0 ? 0 : (c - 25) / 3 + 8 }

    /// Facebook Origami's (and React Native `Animated.spring`'s) tension and friction,
    /// Origami values: mass 1, k = (tension − 30)·3.62 + 194, c = (friction − 8)·3 + 25
    /// (Rebound's `OrigamiValueConverter`; as there, a value of 0 converts to 0, so
    /// friction 0 is undamped and tension 0 is no spring). Any tension that makes k > 0
    /// (tension > −23.59) and friction that makes c ≥ 0 (friction ≥ −1/3) is taken; the
    /// spring's frequency and damping ratio must be within the limits. Origami's default is
    /// tension 40, friction 7.
    public init(tension: CGFloat, friction: CGFloat) {
        self.init {
            try Validate.finite(tension, "Spring", "tension")
            try Validate.finite(friction, "Spring", "friction")
            let k = Spring.reboundTension(origami: Double(tension))
            guard k > 0 else {
                throw DynamicsError(owner: "Spring", property: "tension",
                                    message: tension == 0 ? "must not be 0 (Origami's tension 0 converts to no stiffness)"
                                        : "must make a positive stiffness (tension − 30)·3.62 + 194, so be above −23.59, got \(tension)")
            }
            let c = Spring.reboundFriction(origami: Double(friction))
            guard c >= 0 else {
                throw DynamicsError(owner: "Spring", property: "friction",
                                    message: "must make a damping (friction − 8)·3 + 25 ≥ 0, so be at least −1/3, got \(friction)")
            }
            return try Spring.physical(mass: 1, stiffness: CGFloat(k), damping: CGFloat(c),
                                       names: ("mass", "tension", "friction"))
        }
    }

    /// Origami's tension: (k/m − 194)/3.62 + 30 (negative for springs slower than 1.47 Hz).
    public var tension: CGFloat { CGFloat(Spring.origamiTension(rebound: Double(stiffness) / Double(mass))) }

    /// Origami's friction: (c/m − 25)/3 + 8; 0 for an undamped spring. (Rebound's inverse
    /// reads c/m = 1 as 0 too, which converts back to undamped: the one spring that does not
    /// round-trip.)
    public var friction: CGFloat { CGFloat(Spring.origamiFriction(rebound: Double(damping) / Double(mass))) }

    // MARK: Pop's bounciness and speed

    /// The largest bounciness: where `BouncyConversion`'s quadratic ease reaches its top
    /// (bounciness/1.7/20·0.8 = 1); beyond it two bouncinesses would make one spring.
    public static let maximumBounciness: CGFloat = 42.5

    /// `BouncyConversion.b3_nobounce`: the Origami friction of a spring of Origami tension
    /// `tension` that does not bounce (three cubic fits, by range of tension).
    static func b3NoBounce(_ tension: Double) -> Double {
        func cube(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
            a * tension * tension * tension - b * tension * tension + c * tension + d
        }
        if tension <= 18 { return cube(0.0007, 0.031, 0.64, 1.28) }
        if tension <= 44 { return cube(0.000044, 0.006, 0.36, 2) }
        return cube(0.00000045, 0.000332, 0.1078, 5.84)
    }

    /// Pop's and Rebound's bounciness and speed (`POPSpringAnimation.springBounciness` and
    /// `springSpeed`, `SpringConfig.fromBouncinessAndSpeed`), converted as
    /// `BouncyConversion` does: b = bounciness/1.7/20·0.8, s = speed/1.7/20,
    /// tension T = 0.5 + s·199.5, friction F = (2b − b²)·0.01 + (1 − (2b − b²))·b3_nobounce(T),
    /// both Origami values, then k and c as `init(tension:friction:)` converts them.
    /// Bounciness 0…`maximumBounciness` (Pop documents 0…20, default 4), speed ≥ 0 (Pop:
    /// 0…20, default 12; below 0 the no-bounce friction turns negative); the spring's
    /// frequency must be within the limits.
    public init(bounciness: CGFloat, speed: CGFloat) {
        self.init {
            try Spring.check(bounciness, "bounciness", in: 0...Spring.maximumBounciness)
            try Validate.nonNegative(speed, "Spring", "speed")
            let b = Double(bounciness) / 1.7 / 20 * 0.8
            let s = Double(speed) / 1.7 / 20
            let t = 0.5 + s * (200 - 0.5)
            let ease = 2 * b - b * b
            let f = ease * 0.01 + (1 - ease) * Spring.b3NoBounce(t)
            return try Spring.physical(mass: 1, stiffness: CGFloat(Spring.reboundTension(origami: t)),
                                       damping: CGFloat(Spring.reboundFriction(origami: f)),
                                       names: ("mass", "speed", "bounciness"))
        }
    }

    /// The bounciness and speed that make this spring, or nil when none do: a spring slower
    /// than speed 0 (below 1.486 Hz), more damped than Pop's no-bounce curve, or bouncier
    /// than `maximumBounciness`. Inverts `init(bounciness:speed:)`; rounding within 10⁻⁹ of
    /// an end of the range counts as the end.
    var bouncinessAndSpeed: (bounciness: CGFloat, speed: CGFloat)? {
        let t = Spring.origamiTension(rebound: Double(stiffness) / Double(mass))
        var speed = (t - 0.5) / (200 - 0.5) * 20 * 1.7
        if speed < 0 && speed > -1e-9 { speed = 0 }
        guard speed >= 0 else { return nil }
        let f = Spring.origamiFriction(rebound: Double(damping) / Double(mass))
        let noBounce = Spring.b3NoBounce(t)
        var ease = (noBounce - f) / (noBounce - 0.01)
        if ease < 0 && ease > -1e-9 { ease = 0 }
        if ease > 1 && ease < 1 + 1e-9 { ease = 1 }
        guard ease >= 0, ease <= 1 else { return nil }
        let b = 1 - (1 - ease).squareRoot()
        return (CGFloat(b / 0.8 * 20 * 1.7), CGFloat(speed))
    }

    /// Pop's bounciness (see `bouncinessAndSpeed` for when it is nil).
    public var bounciness: CGFloat? { bouncinessAndSpeed?.bounciness }

    /// Pop's speed (nil together with `bounciness`).
    public var speed: CGFloat? { bouncinessAndSpeed?.speed }
}
