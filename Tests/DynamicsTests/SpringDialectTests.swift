import Dynamics
import Foundation
import Testing

/// `a` equals `b` to `relative` of |b| (and to 1e-12 absolutely, for zeros).
func close(_ a: Double, _ b: Double, _ relative: Double = 1e-12) -> Bool {
    abs(a - b) <= max(relative * abs(b), 1e-12)
}

/// A spring's (mass, stiffness, damping) as Doubles.
func mkc(_ s: Spring) -> (m: Double, k: Double, c: Double) { (Double(s.mass), Double(s.stiffness), Double(s.damping)) }

/// The conversions against values computed by hand from each dialect's published formula
/// (independently, in Python, from the formulas in the docs' table), to 1e-12 relative
/// unless stated.
@Suite("Spring dialects")
struct SpringDialectTests {
    @Test("UIKit attachment: frequency 2 Hz, damping ratio 0.3 → m 1, k (4π)², c 2·0.3·4π")
    func uikit() {
        let s = Spring(frequency: 2, dampingRatio: 0.3)
        #expect(close(mkc(s).k, 157.91367041742973) && close(mkc(s).c, 7.5398223686155035) && s.mass == 1)
        #expect(close(Double(s.frequency), 2) && close(Double(s.dampingRatio), 0.3))
    }

    @Test("SwiftUI: response 0.5 s, dampingFraction 0.8 → k = (2π/0.5)² = 157.9137, c = 4π·0.8/0.5 = 20.1062")
    func swiftUI() {
        let s = Spring(response: 0.5, dampingFraction: 0.8)
        #expect(close(mkc(s).k, 157.91367041742973) && close(mkc(s).c, 20.106192982974676) && s.mass == 1)
        #expect(close(s.response, 0.5) && close(Double(s.dampingFraction), 0.8))
    }

    @Test("SwiftUI 17: Apple's two examples — (duration 0.5, bounce 0.3) = (1, 157.9, 17.6); (1, 100, 10) reads (0.63, 0.5)")
    func swiftUI17() {
        let s = Spring(duration: 0.5, bounce: 0.3)
        #expect(s.mass == 1 && close(mkc(s).k, 157.91367041742973) && close(mkc(s).c, 17.59291886010284))
        // Apple's documentation rounds to one decimal.
        #expect(abs(mkc(s).k - 157.9) < 0.05 && abs(mkc(s).c - 17.6) < 0.05)
        let t = Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(close(t.duration, 0.6283185307179586) && abs(t.duration - 0.63) < 0.005 && close(Double(t.bounce), 0.5))
        // The overdamped branch: bounce −0.5 is damping ratio 1/(1 − 0.5) = 2.
        let o = Spring(duration: 0.4, bounce: -0.5)
        #expect(close(mkc(o).k, 246.74011002723395) && close(mkc(o).c, 62.83185307179586) && close(Double(o.dampingRatio), 2))
        #expect(close(Double(o.bounce), -0.5) && close(o.duration, 0.4))
        // The ends: bounce 0 is critical, bounce 1 undamped.
        #expect(close(Double(Spring(duration: 1, bounce: 0).dampingRatio), 1) && Spring(duration: 1, bounce: 1).damping == 0)
    }

    @Test("Mass, stiffness, damping are kept as given; the motion is k/m and c/m")
    func physical() {
        let s = Spring(mass: 2, stiffness: 200, damping: 10)
        #expect(s.mass == 2 && s.stiffness == 200 && s.damping == 10)
        #expect(close(Double(s.frequency), 10 / (2 * .pi)) && close(Double(s.dampingRatio), 10 / (2 * 20.0)))
        let d = Spring(stiffness: 100, damping: 10) // mass 1 by default, as Core Animation's
        #expect(d.mass == 1 && close(Double(d.dampingRatio), 0.5))
    }

    @Test("Android SpringForce: stiffness 1500 (STIFFNESS_MEDIUM), dampingRatio 0.5 → c = 2·0.5·√1500 = 38.7298")
    func android() {
        let s = Spring(stiffness: 1500, dampingRatio: 0.5)
        #expect(s.mass == 1 && s.stiffness == 1500 && close(mkc(s).c, 38.72983346207417))
        #expect(close(Double(s.dampingRatio), 0.5))
    }

    @Test("Origami: tension 40, friction 7 (Rebound's default) → k = (40 − 30)·3.62 + 194 = 230.2, c = (7 − 8)·3 + 25 = 22")
    func origami() {
        let s = Spring(tension: 40, friction: 7)
        #expect(s.mass == 1 && close(mkc(s).k, 230.2) && close(mkc(s).c, 22))
        #expect(close(Double(s.tension), 40) && close(Double(s.friction), 7))
        #expect(close(Double(s.dampingRatio), 0.7250033703747418))
        // Rebound converts an Origami value of 0 to 0: friction 0 is undamped.
        #expect(Spring(tension: 40, friction: 0).damping == 0 && Spring(tension: 40, friction: 0).friction == 0)
    }

    @Test("Pop: bounciness and speed through BouncyConversion, then Origami's converter (4/12, 10/20, 0/12, 8/12)")
    func pop() {
        // (bounciness, speed) → (k, c), from BouncyConversion.java and
        // OrigamiValueConverter.java as Rebound computes them.
        let cases: [(CGFloat, CGFloat, Double, Double)] = [
            (4, 12, 342.10058823529414, 30.486979648244255),
            (10, 20, 512.0276470588235, 26.748228928148347),
            (0, 12, 342.10058823529414, 36.92588091728196),
            (8, 12, 342.10058823529414, 24.684019245284347),
        ]
        for (b, sp, k, c) in cases {
            let s = Spring(bounciness: b, speed: sp)
            #expect(s.mass == 1 && close(mkc(s).k, k) && close(mkc(s).c, c), "bounciness \(b), speed \(sp): \(mkc(s))")
            // And back (the quadratic ease is inverted with a square root: 1e-9).
            #expect(close(Double(s.bounciness ?? -1), Double(b), 1e-9) && close(Double(s.speed ?? -1), Double(sp), 1e-9),
                    "read back \(String(describing: s.bounciness)), \(String(describing: s.speed))")
        }
    }

    @Test("Every dialect reads back from every other: round trips to 1e-9 (Pop: within its range)")
    func roundTrips() {
        let springs: [Spring] = [
            Spring(frequency: 2, dampingRatio: 0.3), Spring(response: 0.55, dampingFraction: 0.825),
            Spring(duration: 0.4, bounce: -0.5), Spring(mass: 3, stiffness: 200, damping: 30),
            Spring(stiffness: 1500, dampingRatio: 0.5), Spring(tension: 40, friction: 7),
            Spring(bounciness: 4, speed: 12), Spring(frequency: 0.5, dampingRatio: 0),
        ]
        for s in springs {
            let ω = Double(s.frequency) * 2 * .pi, ζ = Double(s.dampingRatio)
            func same(_ t: Spring, _ what: String) {
                #expect(close(Double(t.frequency) * 2 * .pi, ω, 1e-9) && close(Double(t.dampingRatio), ζ, 1e-9), "\(what) of \(s)")
            }
            same(Spring(frequency: s.frequency, dampingRatio: s.dampingRatio), "UIKit")
            same(Spring(response: s.response, dampingFraction: s.dampingFraction), "SwiftUI")
            same(Spring(duration: s.duration, bounce: s.bounce), "SwiftUI 17")
            same(Spring(mass: s.mass, stiffness: s.stiffness, damping: s.damping), "mass–stiffness–damping")
            same(Spring(stiffness: s.stiffness / s.mass, dampingRatio: s.dampingRatio), "Android")
            same(Spring(tension: s.tension, friction: s.friction), "Origami")
            if let b = s.bounciness, let sp = s.speed { same(Spring(bounciness: b, speed: sp), "Pop") }
        }
    }

    @Test("Pop's range: nil for springs it cannot express (slower than speed 0, bouncier than 42.5, or undamped)")
    func popRange() {
        #expect(Spring(frequency: 1, dampingRatio: 0.5).speed == nil, "1 Hz is below speed 0 (1.486 Hz)")
        #expect(Spring(frequency: 3, dampingRatio: 0).bounciness == nil, "undamped")
        #expect(Spring(frequency: 3, dampingRatio: 0.9).bounciness != nil)
        // The ends of the range read back as themselves. At the top the inverse's square root
        // of 1 − ease turns a rounding of 1e-16 into 1e-8: 1e-7 there.
        let top = Spring(bounciness: Spring.maximumBounciness, speed: 0)
        #expect(close(Double(top.bounciness ?? -1), 42.5, 1e-7) && close(Double(top.speed ?? -1), 0, 1e-9))
    }

    @Test("Readback of SwiftUI 17's bounce on both sides of critical: 1 − ζ, then 1/ζ − 1")
    func bounceReadback() {
        #expect(close(Double(Spring(frequency: 1, dampingRatio: 0.25).bounce), 0.75))
        #expect(close(Double(Spring(frequency: 1, dampingRatio: 4).bounce), -0.75))
        #expect(close(Double(Spring(frequency: 1, dampingRatio: 1).bounce), 0))
    }
}
