import DynamicsEngine
import Foundation
import Testing

// DeterministicMath against the platform's libm (glibc here, correctly rounded or within
// a hair of it for these functions): the largest error over each range, in units in the last
// place (ulp) of libm's result, must stay within the bound stated in DeterministicMath.swift.
// The samples come from a fixed generator, so a failure repeats.

/// SplitMix64: the same samples on every run.
struct Samples {
    var state: UInt64 = 0x9e37_79b9_7f4a_7c15
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
    /// Uniform in [a, b].
    mutating func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * Double(next() >> 11) * 0x1p-53 }
    /// Magnitude log-uniform in [a, b] (a > 0), random sign.
    mutating func logUniform(_ a: Double, _ b: Double) -> Double {
        let m = Foundation.exp(uniform(Foundation.log(a), Foundation.log(b)))
        return next() & 1 == 0 ? m : -m
    }
}

/// |value − reference| in ulps of the reference.
func ulps(_ value: Double, _ reference: Double) -> Double {
    if value == reference { return 0 }
    return Swift.abs(value - reference) / (reference == 0 ? Double.leastNonzeroMagnitude : reference.ulp)
}

/// The largest error of `f` against `reference` over `count` samples of `sample`.
func maximumError(_ sample: (inout Samples) -> Double, _ f: (Double) -> Double, _ reference: (Double) -> Double, count: Int = 200_000) -> (ulps: Double, at: Double) {
    var samples = Samples(), worst = (ulps: 0.0, at: 0.0)
    for _ in 0..<count {
        let x = sample(&samples)
        let e = ulps(f(x), reference(x))
        if e > worst.ulps { worst = (e, x) }
    }
    return worst
}

@Suite("DeterministicMath: accuracy against libm")
struct DeterministicMathAccuracyTests {
    typealias M = DeterministicMath

    @Test("sin and cos: within 1 ulp on ±2π and near 0, 2 ulp on ±10⁵; cosSin is bit for bit cos and sin")
    func sinCos() {
        for (a, b, bound) in [(-2 * Double.pi, 2 * Double.pi, 1.0), (-1e5, 1e5, 2), (-1e-3, 1e-3, 1)] {
            let s = maximumError({ $0.uniform(a, b) }, M.sin, Foundation.sin)
            let c = maximumError({ $0.uniform(a, b) }, M.cos, Foundation.cos)
            print("sin on [\(a), \(b)]: \(s.ulps) ulp at \(s.at); cos: \(c.ulps) ulp at \(c.at)")
            #expect(s.ulps <= bound && c.ulps <= bound, "sin \(s), cos \(c) on [\(a), \(b)]")
        }
        var samples = Samples()
        for _ in 0..<10_000 {
            let x = samples.uniform(-100, 100), (c, s) = M.cosSin(x)
            #expect(c.bitPattern == M.cos(x).bitPattern && s.bitPattern == M.sin(x).bitPattern, "\(x)")
        }
    }

    @Test("tan: within 3 ulp on ±1.5 and ±10⁴")
    func tan() {
        for (a, b) in [(-1.5, 1.5), (-1e4, 1e4)] {
            let t = maximumError({ $0.uniform(a, b) }, M.tan, Foundation.tan)
            print("tan on [\(a), \(b)]: \(t.ulps) ulp at \(t.at)")
            #expect(t.ulps <= 3, "tan \(t) on [\(a), \(b)]")
        }
    }

    @Test("atan and atan2: within 1 ulp over 10⁻¹⁰…10¹⁰ and every direction; signed zeros and infinities as libm")
    func atan() {
        let a = maximumError({ $0.logUniform(1e-10, 1e10) }, M.atan, Foundation.atan)
        print("atan: \(a.ulps) ulp at \(a.at)")
        #expect(a.ulps <= 1, "atan \(a)")
        var samples = Samples(), worst = 0.0
        for _ in 0..<200_000 {
            let r = samples.logUniform(1e-6, 1e6), theta = samples.uniform(-Double.pi, Double.pi)
            let (y, x) = (r * Foundation.sin(theta), r * Foundation.cos(theta))
            worst = Swift.max(worst, ulps(M.atan2(y, x), Foundation.atan2(y, x)))
        }
        print("atan2: \(worst) ulp")
        #expect(worst <= 1, "atan2 \(worst) ulp")
        let subnormal = Double.leastNormalMagnitude / 2.5e7 // about 8.9e-316, a subnormal
        let specials: [Double] = [0, -0.0, 1, -1, .infinity, -.infinity, subnormal, -1e300]
        for y in specials { for x in specials {
            #expect(M.atan2(y, x).bitPattern == Foundation.atan2(y, x).bitPattern, "atan2(\(y), \(x))")
        } }
        #expect(M.atan2(.nan, 1).isNaN && M.atan2(1, .nan).isNaN && M.atan(.nan).isNaN)
    }

    @Test("exp and log: within 1 ulp over their whole range; overflow, underflow and domain as libm")
    func expLog() {
        let e = maximumError({ $0.uniform(-745, 709.7) }, M.exp, Foundation.exp)
        let e1 = maximumError({ $0.uniform(-1, 1) }, M.exp, Foundation.exp)
        let l = maximumError({ Swift.abs($0.logUniform(1e-307, 1e307)) }, M.log, Foundation.log)
        let l1 = maximumError({ $0.uniform(0.5, 2) }, M.log, Foundation.log)
        print("exp: \(e.ulps) ulp at \(e.at) (on ±1: \(e1.ulps)); log: \(l.ulps) ulp at \(l.at) (on 0.5…2: \(l1.ulps))")
        #expect(e.ulps <= 1 && e1.ulps <= 1 && l.ulps <= 1 && l1.ulps <= 1, "exp \(e) \(e1), log \(l) \(l1)")
        #expect(M.exp(710) == .infinity && M.exp(-746) == 0 && M.exp(0) == 1 && M.exp(-.infinity) == 0)
        #expect(M.log(0) == -.infinity && M.log(-1).isNaN && M.log(1) == 0 && M.log(.infinity) == .infinity)
        // Subnormal arguments and results.
        #expect(ulps(M.log(.leastNonzeroMagnitude), Foundation.log(.leastNonzeroMagnitude)) <= 1 && ulps(M.exp(-740), Foundation.exp(-740)) <= 1)
    }

    @Test("pow: whole powers by squaring within 4 ulp, others within 5 + |y·ln x| ulp; signs and edges as libm")
    func pow() {
        var samples = Samples(), worstWhole = 0.0, worstExcess = 0.0
        for _ in 0..<200_000 {
            let x = samples.logUniform(1e-3, 1e3)
            let n = Double(Int(samples.uniform(-8, 8)))
            worstWhole = Swift.max(worstWhole, ulps(M.pow(x, n), Foundation.pow(x, n)))
            let y = samples.uniform(-10, 10), ax = Swift.abs(x)
            let e = ulps(M.pow(ax, y), Foundation.pow(ax, y))
            worstExcess = Swift.max(worstExcess, e - Swift.abs(y * Foundation.log(ax)))
        }
        print("pow: whole powers \(worstWhole) ulp; others \(worstExcess) ulp beyond |y·ln x|")
        #expect(worstWhole <= 4 && worstExcess <= 5, "whole \(worstWhole), others \(worstExcess)")
        #expect(M.pow(-2, 3) == -8 && M.pow(-2, 2) == 4 && M.pow(-2, 0.5).isNaN && M.pow(0, -1) == .infinity)
        #expect(M.pow(0, 2) == 0 && M.pow(.nan, 0) == 1 && M.pow(1, .nan) == 1 && M.pow(10, 400) == .infinity)
        #expect(ulps(M.pow(-3, 65), Foundation.pow(-3, 65)) <= 80 && M.pow(-3, 66) > 0 && M.pow(0.5, .infinity) == 0 && M.pow(2, -.infinity) == 0)
    }

    @Test("hypot: within 1 ulp, with no overflow or underflow on the way")
    func hypot() {
        var samples = Samples(), worst = 0.0
        for _ in 0..<200_000 {
            let x = samples.logUniform(1e-300, 1e300), y = x * samples.logUniform(1e-5, 1e5)
            worst = Swift.max(worst, ulps(M.hypot(x, y), Foundation.hypot(x, y)))
        }
        print("hypot: \(worst) ulp")
        #expect(worst <= 1, "hypot \(worst) ulp")
        #expect(M.hypot(3, 4) == 5 && M.hypot(1e308, 1e308) == Foundation.hypot(1e308, 1e308) && M.hypot(-.infinity, .nan) == .infinity)
    }

    /// The results themselves, bit for bit: any machine of any architecture computes these
    /// (only correctly rounded operations, in a fixed order), so a change here is a change of
    /// the functions, or a compiler fusing a multiply and an add.
    @Test("Fixed inputs give the committed bits")
    func committedBits() {
        let got: [UInt64] = [M.sin(1), M.cos(1), M.tan(1), M.atan(0.7), M.atan2(-3, -4), M.exp(2.5), M.log(10), M.pow(20, 0.3), M.hypot(1, 2),
                             M.sin(1e5), M.cos(-33.3)].map(\.bitPattern)
        print("committed bits:", got.map { "0x" + String($0, radix: 16) }.joined(separator: ", "))
        #expect(got == Self.committed, "\(got.map { "0x" + String($0, radix: 16) })")
    }

    static let committed: [UInt64] = [0x3feaed548f090cee, 0x3fe14a280fb5068c, 0x3ff8eb245cbee3a5, 0x3fe38b112d7bd4ad,
                                      0xc003fc176b7a8560, 0x40285d6fd931e0bb, 0x40026bb1bbb55516, 0x4003a6d26e432ad1,
                                      0x4001e3779b97f4a8, 0x3fa24daa9c527e96, 0xbfd3b92fe29aaf22]
}
