import Dynamics
import Foundation
import Testing

/// The last time `x` (a function of time) is above `tolerance` in magnitude, by a scan every
/// `dt` up to `end` and bisection: an independent check of `settlingTime`, which finds the
/// last peak by formula instead.
func scannedSettlingTime(_ x: (Double) -> Double, tolerance: Double, end: Double, dt: Double = 1e-4) -> Double {
    var last = 0.0
    var t = 0.0
    while t <= end {
        if abs(x(t)) > tolerance { last = t }
        t += dt
    }
    var lo = last, hi = last + dt
    for _ in 0..<100 {
        let mid = (lo + hi) / 2
        if abs(x(mid)) > tolerance { lo = mid } else { hi = mid }
    }
    return hi
}

@Suite("Spring step response")
struct SpringResponseTests {
    @Test("Settling times to 1 %, against hand values from the closed form (1e-9 s): under-, critically and overdamped")
    func settlingHandValues() {
        // Computed in Python by a dense scan of the closed form and bisection.
        let cases: [(Spring, Double)] = [
            (Spring(frequency: 2, dampingRatio: 0.3), 1.139913318619919),
            (Spring(frequency: 1, dampingRatio: 0.5), 1.3974702789431706),
            (Spring(frequency: 1, dampingRatio: 1), 1.056526545605521),
            (Spring(frequency: 1, dampingRatio: 2), 2.7796066972380595),
            (Spring(response: 0.55, dampingFraction: 0.825), 0.5045667104512906),
        ]
        for (s, expected) in cases {
            #expect(abs(s.settlingTime() - expected) < 1e-9, "\(s): \(s.settlingTime()) vs \(expected)")
        }
    }

    @Test("Settling time equals a scan of the closed form for 60 springs and 3 tolerances (1e-7 s)")
    func settlingScan() {
        for f in [0.5, 1.3, 4.0] as [CGFloat] {
            for z in [0.02, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99, 0.999999, 1, 1.000001, 1.01, 1.5, 3, 10, 0.05, 0.2, 0.6, 0.8, 0.95, 2] as [CGFloat] {
                let s = Spring(frequency: f, dampingRatio: z)
                for tol in [0.01, 0.05, 0.002] as [CGFloat] {
                    let computed = s.settlingTime(tolerance: tol)
                    let end = computed * 1.2 + 1
                    let scanned = scannedSettlingTime({ Double(s.displacement(at: $0)) }, tolerance: Double(tol), end: end,
                                                      dt: min(1e-3, Double(s.period) / 200))
                    #expect(abs(computed - scanned) < 1e-7, "f \(f) ζ \(z) tol \(tol): \(computed) vs scan \(scanned)")
                }
            }
        }
    }

    @Test("The step response starts at 1 at rest, and a critically damped spring never passes 0")
    func stepResponse() {
        for z in [0.3, 1, 2] as [CGFloat] {
            let s = Spring(frequency: 1.5, dampingRatio: z)
            #expect(abs(s.displacement(at: 0) - 1) < 1e-15)
            let h = 1e-6
            #expect(abs((s.displacement(at: h) - s.displacement(at: 0)) / h) < 1e-4, "released from rest")
        }
        let critical = Spring(frequency: 1, dampingRatio: 1)
        #expect((0..<1000).allSatisfy { critical.displacement(at: Double($0) * 0.01) >= 0 })
    }

    @Test("Overshoot e^(−πζ/√(1 − ζ²)) and period 1/(f√(1 − ζ²)), against the closed form's own extremes")
    func overshootAndPeriod() {
        let s = Spring(frequency: 1, dampingRatio: 0.5)
        #expect(abs(s.overshoot - 0.16303353482158048) < 1e-12)
        #expect(abs(s.period - 1.1547005383792517) < 1e-12)
        // The first minimum of the response is at half the period, at −overshoot.
        #expect(abs(s.displacement(at: s.period / 2) + s.overshoot) < 1e-12)
        #expect(Spring(frequency: 1, dampingRatio: 1).overshoot == 0 && Spring(frequency: 1, dampingRatio: 1).period == .infinity)
        #expect(Spring(frequency: 1, dampingRatio: 3).period == .infinity)
        let undamped = Spring(frequency: 2, dampingRatio: 0)
        #expect(undamped.overshoot == 1 && abs(undamped.period - 0.5) < 1e-15 && undamped.settlingTime() == .infinity)
    }

    @Test("A nearly undamped spring's settling time needs no walk over its swings (1e-13, 1e-300: the last peak's time; 1e-310: infinite)")
    func nearlyUndamped() {
        // So few swings decay per second that their count overflows: never settles.
        // A subnormal ratio (about 2.2e-310), made at run time: a literal that small loses precision.
        #expect(Spring(frequency: 1, dampingRatio: CGFloat.leastNormalMagnitude / 100).settlingTime() == .infinity)
        let huge = Spring(frequency: 1, dampingRatio: 1e-300).settlingTime()
        #expect(abs(huge - log(100) / (Double.pi * 1e-300) * 0.5) / huge < 1e-9)
        // n = ⌈ln 100 / (π·10⁻¹³)⌉ − 1 swings of half a period each (0.5 s at 1 Hz).
        let n = (log(100) / (Double.pi * 1e-13)).rounded(.up) - 1
        let t = Spring(frequency: 1, dampingRatio: 1e-13).settlingTime()
        #expect(abs(t - n * 0.5) / t < 1e-9, "\(t) vs \(n * 0.5)")
        // Just below 10¹² swings the crossing is still solved: within the last half period.
        let s = Spring(frequency: 1, dampingRatio: 2e-12)
        let m = (log(100) / (Double.pi * 2e-12)).rounded(.up) - 1
        #expect(s.settlingTime() >= m * 0.5 && s.settlingTime() < (m + 1) * 0.5)
    }

    @Test("A settling time jumps where a swing's peak passes the tolerance (overshoot 1.02 % vs 0.93 % at 1 %)")
    func settlingJumps() {
        // SwiftUI's default spring (response 0.55, dampingFraction 0.825) overshoots 1.019 %:
        // it settles after that swing comes back; a little more damping skips it.
        let bouncy = Spring(response: 0.55, dampingFraction: 0.825)
        let damped = Spring(response: 0.55, dampingFraction: 0.83)
        #expect(bouncy.overshoot > 0.01 && damped.overshoot < 0.01)
        // Closed form, scanned in Python: 0.50456 s and 0.37060 s.
        #expect(abs(bouncy.settlingTime() - 0.50456) < 1e-5 && abs(damped.settlingTime() - 0.37060) < 1e-5,
                "\(bouncy.settlingTime()) vs \(damped.settlingTime())")
    }
}
