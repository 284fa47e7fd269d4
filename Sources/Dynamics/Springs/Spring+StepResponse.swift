import DynamicsEngine
import Foundation

// The spring's step response: released from rest at a displacement of 1, how it returns to
// 0. Exact, from the closed-form solution of m·ẍ + c·ẋ + k·x = 0 with x(0) = 1, ẋ(0) = 0
// (ω = √(k/m), ζ = c / (2√(k·m))):
//   ζ < 1:  x = e^(−ζωt)·(cos ω_d t + ζω/ω_d · sin ω_d t),  ω_d = ω√(1 − ζ²)
//   ζ = 1:  x = (1 + ωt)·e^(−ωt)
//   ζ > 1:  x = (s₂e^(s₁t) − s₁e^(s₂t)) / (s₂ − s₁),  s₁,₂ = −ω(ζ ∓ √(ζ² − 1))

extension Spring {
    /// Damping ratios within this of 1 are taken as critical (the two other forms lose
    /// their precision there; the settling time is continuous across ζ = 1).
    static let criticalBand = 1e-9

    /// The displacement left at `time` (s) after release from rest at a displacement of 1
    /// (a fraction of the initial displacement; negative past the target).
    public func displacement(at time: TimeInterval) -> CGFloat {
        CGFloat(Spring.stepResponse(omega: omega, ratio: Double(dampingRatio), time))
    }

    static func stepResponse(omega w: Double, ratio z: Double, _ t: Double) -> Double {
        if abs(z - 1) <= criticalBand { return (1 + w * t) * DeterministicMath.exp(-w * t) }
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            return DeterministicMath.exp(-z * w * t) * (DeterministicMath.cos(wd * t) + z * w / wd * DeterministicMath.sin(wd * t))
        }
        let root = (z * z - 1).squareRoot()
        // The slow root as −ω/(ζ + √(ζ² − 1)): −ω(ζ − √(ζ² − 1)) cancels for large ζ.
        let s1 = -w / (z + root), s2 = -w * (z + root)
        return (s2 * DeterministicMath.exp(s1 * t) - s1 * DeterministicMath.exp(s2 * t)) / (s2 - s1)
    }

    /// How long the step response takes to settle, seconds: the last time its
    /// displacement is `tolerance` (a fraction of the initial displacement, in 0…1,
    /// exclusive; default 0.01) away from the target, after which it stays closer. Exact
    /// (the crossing is solved on the closed form, to the last bits), not the envelope's
    /// estimate 4/(ζω): for an oscillating spring it is where the last swing larger than
    /// the tolerance comes back inside, so it jumps as a swing's peak passes the tolerance.
    /// Infinite for an undamped spring. Invalid tolerances are reported as the
    /// initializers' input is, and give NaN.
    public func settlingTime(tolerance: CGFloat = 0.01) -> TimeInterval {
        guard tolerance.isFinite, tolerance > 0, tolerance < 1 else {
            InvalidInput.report(DynamicsError(owner: "Spring", property: "settlingTime(tolerance)",
                                              message: "must be a fraction of the displacement in 0…1 (exclusive), got \(Validate.shown(tolerance))"))
            return .nan
        }
        let w = omega, z = Double(dampingRatio), tol = Double(tolerance)
        if z == 0 { return .infinity }
        let x = { (t: Double) in Spring.stepResponse(omega: w, ratio: z, t) }
        if z < 1 && abs(z - 1) > Spring.criticalBand {
            // |x| peaks at t_n = nπ/ω_d at e^(−ζωt_n) = e^(−n·δ), δ = πζ/√(1 − ζ²), and
            // falls monotonically from each peak to the next zero, (φ + π/2 + nπ)/ω_d with
            // φ = atan(ζ/√(1 − ζ²)). The last peak above the tolerance is n = ⌈ln(1/tol)/δ⌉ − 1;
            // the crossing lies between it and its zero.
            let root = (1 - z * z).squareRoot()
            let wd = w * root
            let delta = Double.pi * z / root
            var n = (DeterministicMath.log(1 / tol) / delta).rounded(.up) - 1
            // A damping ratio so small that no double counts its swings (n = ∞, or n + 1 = n)
            // never settles as far as time can tell.
            guard n.isFinite else { return .infinity }
            // Beyond 10¹² swings the crossing lies within the last one, a 10⁻¹² part of the
            // time: the last peak's time is the answer to double precision.
            if n > 1e12 { return n * .pi / wd }
            // The rounding of the logarithm: at most a step either way.
            if n > 0 && DeterministicMath.exp(-n * delta) <= tol { n -= 1 }
            if DeterministicMath.exp(-(n + 1) * delta) > tol { n += 1 }
            let peak = n * .pi / wd
            let zero = (DeterministicMath.atan2(z, root) + .pi / 2 + n * .pi) / wd
            return Spring.crossing(from: peak, to: zero) { abs(x($0)) - tol }
        }
        // Critical and overdamped: x falls monotonically from 1 to 0.
        var upper = 1 / w
        while x(upper) > tol { upper *= 2 }
        return Spring.crossing(from: 0, to: upper) { x($0) - tol }
    }

    /// Where `f` crosses 0 between `a` (f > 0) and `b` (f ≤ 0), f monotone there: bisection
    /// to the last representable time.
    static func crossing(from a: Double, to b: Double, _ f: (Double) -> Double) -> Double {
        var lo = a, hi = b
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            guard mid > lo && mid < hi else { break }
            if f(mid) > 0 { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// How far the step response passes the target, as a fraction of the initial
    /// displacement: e^(−πζ/√(1 − ζ²)) below critical damping (1 when undamped), else 0.
    public var overshoot: CGFloat {
        let z = Double(dampingRatio)
        guard z < 1 else { return 0 }
        return CGFloat(DeterministicMath.exp(-Double.pi * z / (1 - z * z).squareRoot()))
    }

    /// The period of the damped oscillation, 2π/ω_d = 1 / (frequency·√(1 − ζ²)), seconds;
    /// infinite when the spring does not oscillate (ζ ≥ 1).
    public var period: TimeInterval {
        let z = Double(dampingRatio)
        guard z < 1 else { return .infinity }
        return 2 * .pi / (omega * (1 - z * z).squareRoot())
    }
}
