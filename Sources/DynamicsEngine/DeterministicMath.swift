// Deterministic elementary functions: the same bits on every machine of an architecture.
//
// The platform's `sin`, `atan2`, `exp`, `pow`… come from its C library, and glibc, musl and
// Apple's libm round their last bits differently, so a step that called them would diverge
// between a Mac and Linux CI (a chaotic scene entirely). These are built from operations IEEE
// 754 rounds correctly everywhere (+ − × ÷, `squareRoot()`, `rounded()`, exact scaling by 2ᵏ),
// evaluated in a fixed order (Swift never contracts a·b + c into a fused multiply-add), so
// their results depend on the inputs alone. The polynomials and reductions are fdlibm's (Sun's
// freely distributable libm, the ancestor of most C libraries' own), in double precision.
//
// Accuracy against glibc over the ranges of Tests/DynamicsEngineTests/DeterministicMathTests.swift
// (measured there; the test checks these bounds): sin and cos within 1 ulp on ±2π and 2 ulp on
// ±10⁵ (the reduction is exact below 2²⁰·π/2; past it the error grows with |x|, still
// deterministic), tan within 3 ulp, atan, atan2, exp, log and hypot within 1 ulp, whole powers
// within 4 ulp and other powers within (5 + |y·ln x|) ulp.

/// Elementary functions whose results are the same on every machine of an architecture (see
/// docs/engine.md, "Determinism"). The engine and the model's step call these, never the
/// platform's.
public enum DeterministicMath {
    // π/2 in three parts: the first two of 33 bits, so k·part is exact for |k| < 2²⁰.
    @usableFromInline static let twoOverPi = 6.36619772367581382433e-01
    @usableFromInline static let piOver2Part1 = 1.57079632673412561417e+00
    @usableFromInline static let piOver2Part2 = 6.07710050630396597660e-11
    @usableFromInline static let piOver2Part3 = 2.02226624879595063154e-21

    /// x reduced to r in [−π/4, π/4] with x = r + n·π/2, and n mod 4.
    @inline(__always)
    static func reduced(_ x: Double) -> (r: Double, quadrant: Int) {
        if Swift.abs(x) <= 0.785398163397448279 { return (x, 0) }
        let n = (x * twoOverPi).rounded(.toNearestOrEven)
        let r = ((x - n * piOver2Part1) - n * piOver2Part2) - n * piOver2Part3
        // n fits an Int for every finite x below 2⁶³·π/2; larger ones only lose accuracy.
        let q = Swift.abs(n) < 9.0e18 ? Int(n) : 0
        return (r, q & 3)
    }

    /// sin on [−π/4, π/4] (fdlibm's __kernel_sin).
    @inline(__always)
    static func kernelSin(_ x: Double) -> Double {
        let z = x * x, w = z * z
        let r = 8.33333333332248946124e-03 + z * (-1.98412698298579493134e-04 + z * 2.75573137070700676789e-06)
            + z * w * (-2.50507602534068634195e-08 + z * 1.58969099521155010221e-10)
        let v = z * x
        return x + v * (-1.66666666666666324348e-01 + z * r)
    }

    /// cos on [−π/4, π/4] (fdlibm's __kernel_cos).
    @inline(__always)
    static func kernelCos(_ x: Double) -> Double {
        let z = x * x, w = z * z
        let r = z * (4.16666666666666019037e-02 + z * (-1.38888888888741095749e-03 + z * 2.48015872894767294178e-05))
            + w * w * (-2.75573143513906633035e-07 + z * (2.08757232129817482790e-09 + z * -1.13596475577881948265e-11))
        let hz = 0.5 * z
        let c = 1 - hz
        return c + (((1 - c) - hz) + z * r)
    }

    /// The sine of `x` (radians). NaN for ±∞ and NaN.
    public static func sin(_ x: Double) -> Double {
        guard x.isFinite else { return .nan }
        let (r, q) = reduced(x)
        switch q {
        case 0: return kernelSin(r)
        case 1: return kernelCos(r)
        case 2: return -kernelSin(r)
        default: return -kernelCos(r)
        }
    }

    /// The cosine of `x` (radians). NaN for ±∞ and NaN.
    public static func cos(_ x: Double) -> Double {
        guard x.isFinite else { return .nan }
        let (r, q) = reduced(x)
        switch q {
        case 0: return kernelCos(r)
        case 1: return -kernelSin(r)
        case 2: return -kernelCos(r)
        default: return kernelSin(r)
        }
    }

    /// Cosine and sine of `x` (radians) from one reduction: bit for bit `cos(x)` and `sin(x)`.
    public static func cosSin(_ x: Double) -> (cos: Double, sin: Double) {
        guard x.isFinite else { return (.nan, .nan) }
        let (r, q) = reduced(x)
        let s = kernelSin(r), c = kernelCos(r)
        switch q {
        case 0: return (c, s)
        case 1: return (-s, c)
        case 2: return (-c, -s)
        default: return (s, -c)
        }
    }

    /// The tangent of `x` (radians): sin/cos of the reduced argument. NaN for ±∞ and NaN.
    public static func tan(_ x: Double) -> Double {
        guard x.isFinite else { return .nan }
        let (r, q) = reduced(x)
        let s = kernelSin(r), c = kernelCos(r)
        return q & 1 == 0 ? s / c : -c / s
    }

    /// The arc tangent of `x`, in [−π/2, π/2] (fdlibm's atan).
    public static func atan(_ x: Double) -> Double {
        if x.isNaN { return x }
        let ax = Swift.abs(x)
        if ax >= 0x1p66 { return x < 0 ? -1.57079632679489655800e+00 : 1.57079632679489655800e+00 }
        var t = ax
        var id = -1
        if ax < 0.4375 {
            if ax < 0x1p-27 { return x }
        } else if ax < 1.1875 {
            if ax < 0.6875 { id = 0; t = (2 * ax - 1) / (2 + ax) } else { id = 1; t = (ax - 1) / (ax + 1) }
        } else if ax < 2.4375 {
            id = 2; t = (ax - 1.5) / (1 + 1.5 * ax)
        } else {
            id = 3; t = -1 / ax
        }
        let z = t * t, w = z * z
        let s1 = z * (3.33333333333329318027e-01 + w * (1.42857142725034663711e-01 + w * (9.09088713343650656196e-02
            + w * (6.66107313738753120669e-02 + w * (4.97687799461593236017e-02 + w * 1.62858201153657823623e-02)))))
        let s2 = w * (-1.99999999998764832476e-01 + w * (-1.11111104054623557880e-01 + w * (-7.69187620504482999495e-02
            + w * (-5.83357013379057348645e-02 + w * -3.65315727442169155270e-02))))
        if id < 0 { return x - x * (s1 + s2) }
        let hi: Double, lo: Double
        switch id {
        case 0: (hi, lo) = (4.63647609000806093515e-01, 2.26987774529616870924e-17)
        case 1: (hi, lo) = (7.85398163397448278999e-01, 3.06161699786838301793e-17)
        case 2: (hi, lo) = (9.82793723247329054082e-01, 1.39033110312309984516e-17)
        default: (hi, lo) = (1.57079632679489655800e+00, 6.12323399573676603587e-17)
        }
        let r = hi - ((t * (s1 + s2) - lo) - t)
        return x < 0 ? -r : r
    }

    /// The angle of the point (x, y) from the positive x axis, in [−π, π] (fdlibm's atan2,
    /// with its signed zeros and infinities).
    public static func atan2(_ y: Double, _ x: Double) -> Double {
        let pi = 3.1415926535897931160e+00, piLow = 1.2246467991473531772e-16
        let piOver2 = 1.5707963267948965580e+00, piOver4 = 7.8539816339744827900e-01
        if x.isNaN || y.isNaN { return x + y }
        if x == 1 { return atan(y) }
        let m = (y.sign == .minus ? 1 : 0) | (x.sign == .minus ? 2 : 0)
        if y == 0 {
            switch m {
            case 0, 1: return y
            case 2: return pi
            default: return -pi
            }
        }
        if x == 0 { return y < 0 ? -piOver2 : piOver2 }
        if x.isInfinite {
            if y.isInfinite {
                switch m {
                case 0: return piOver4
                case 1: return -piOver4
                case 2: return 3 * piOver4
                default: return -3 * piOver4
                }
            }
            switch m {
            case 0: return 0
            case 1: return -0.0
            case 2: return pi
            default: return -pi
            }
        }
        if y.isInfinite { return y < 0 ? -piOver2 : piOver2 }
        let k = Int(y.exponent) - Int(x.exponent)
        var z: Double
        var quadrant = m
        if k > 60 {
            z = piOver2 + 0.5 * piLow
            quadrant &= 1
        } else if x < 0 && k < -60 {
            z = 0
        } else {
            z = atan(Swift.abs(y / x))
        }
        switch quadrant {
        case 0: return z
        case 1: return -z
        case 2: return pi - (z - piLow)
        default: return (z - piLow) - pi
        }
    }

    /// e to the power `x` (fdlibm's exp): +∞ above 709.78, 0 below −745.13.
    public static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 7.09782712893383973096e+02 { return .infinity }
        if x < -7.45133219101941108420e+02 { return 0 }
        let ln2High = 6.93147180369123816490e-01, ln2Low = 1.90821492927058770002e-10
        let ax = Swift.abs(x)
        var hi = 0.0, lo = 0.0, k = 0
        var r = x
        if ax > 0.5 * 6.93147180559945309417e-01 {
            k = Int((1.44269504088896338700e+00 * x).rounded(.toNearestOrEven))
            let t = Double(k)
            hi = x - t * ln2High
            lo = t * ln2Low
            r = hi - lo
        } else if ax < 0x1p-28 {
            return 1 + x
        }
        let t = r * r
        let c = r - t * (1.66666666666666019037e-01 + t * (-2.77777777770155933842e-03 + t * (6.61375632143793436117e-05
            + t * (-1.65339022054652515390e-06 + t * 4.13813679705723846039e-08))))
        if k == 0 { return 1 - ((r * c) / (c - 2) - r) }
        let y = 1 - ((lo - (r * c) / (2 - c)) - hi)
        // y·2ᵏ in two exact steps, so that a subnormal result is rounded once.
        if k < -1021 { return y * 0x1p-1000 * Double(sign: .plus, exponent: k + 1000, significand: 1) }
        if k > 1023 { return y * 2 * Double(sign: .plus, exponent: k - 1, significand: 1) }
        return y * Double(sign: .plus, exponent: k, significand: 1)
    }

    /// The natural logarithm of `x` (fdlibm's log): −∞ at 0, NaN below 0.
    public static func log(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x.isInfinite { return x }
        // x = 2ᵏ·m with m in [√2/2, √2).
        var k = Int(x.exponent)
        var m = x.significand
        if m > 1.41421356237309504880 { m *= 0.5; k += 1 }
        let f = m - 1
        let s = f / (2 + f)
        let z = s * s, w = z * z
        let t1 = w * (3.999999999940941908e-01 + w * (2.222219843214978396e-01 + w * 1.531383769920937332e-01))
        let t2 = z * (6.666666666666735130e-01 + w * (2.857142874366239149e-01 + w * (1.818357216161805012e-01 + w * 1.479819860511658591e-01)))
        let hfsq = 0.5 * f * f
        let dk = Double(k)
        return dk * 6.93147180369123816490e-01 - ((hfsq - (s * (hfsq + t2 + t1) + dk * 1.90821492927058770002e-10)) - f)
    }

    /// `x` to the power `y`. An integral y with |y| ≤ 64 multiplies by squaring (x² is x·x
    /// exactly rounded); any other y is e^(y·ln x). A negative x takes an integral y only
    /// (NaN otherwise); 0 to a negative power is +∞, and x⁰ is 1 for every x.
    public static func pow(_ x: Double, _ y: Double) -> Double {
        if y == 0 || x == 1 { return 1 }
        if x.isNaN || y.isNaN { return .nan }
        let integral = y.rounded(.towardZero) == y
        if integral && Swift.abs(y) <= 64 {
            var n = Int(Swift.abs(y)), base = x, result = 1.0
            while true {
                if n & 1 == 1 { result *= base }
                n >>= 1
                if n == 0 { break }
                base *= base
            }
            return y < 0 ? 1 / result : result
        }
        if x < 0 {
            guard integral else { return .nan }
            // |y| > 64 and integral: odd only below 2⁵³.
            let odd = Swift.abs(y) < 0x1p53 && Int(y) & 1 == 1
            let r = pow(-x, y)
            return odd ? -r : r
        }
        if x == 0 { return y < 0 ? .infinity : 0 }
        if x.isInfinite { return y < 0 ? 0 : .infinity }
        if y.isInfinite {
            if x < 1 { return y < 0 ? .infinity : 0 }
            return y < 0 ? 0 : .infinity
        }
        return exp(y * log(x))
    }

    /// √(x² + y²) without overflow or underflow on the way.
    public static func hypot(_ x: Double, _ y: Double) -> Double {
        if x.isInfinite || y.isInfinite { return .infinity }
        if x.isNaN || y.isNaN { return .nan }
        let a = Swift.max(Swift.abs(x), Swift.abs(y)), b = Swift.min(Swift.abs(x), Swift.abs(y))
        if b == 0 { return a }
        if a > 0x1p500 {
            let (sa, sb) = (a * 0x1p-600, b * 0x1p-600)
            return (sa * sa + sb * sb).squareRoot() * 0x1p600
        }
        if b < 0x1p-500 {
            let (sa, sb) = (a * 0x1p600, b * 0x1p600)
            return (sa * sa + sb * sb).squareRoot() * 0x1p-600
        }
        return (a * a + b * b).squareRoot()
    }
}
