import Foundation

/// Seeded three-dimensional gradient noise (Perlin's improved noise, with lattice gradients
/// chosen by hashing the lattice point and the seed instead of a shuffled table), and its
/// exact spatial derivatives.
///
/// Noise and turbulence fields sample it at (x / L, y / L, t · animationSpeed): two
/// dimensions of space and one of time, so the pattern drifts smoothly as time passes. The
/// quintic fade makes the noise twice continuously differentiable, so the force (its
/// gradient) is continuous in position and time. It is pure arithmetic on the inputs and the
/// seed: no random generator, no clock, so the same run gives bit-identical forces.
struct GradientNoise: Sendable, Equatable {
    var seed: UInt64

    /// Coordinates beyond this magnitude have no fractional part left in a `Double`; the
    /// noise there is taken as flat.
    private static let limit = 4.5e15

    /// Perlin's gradients: the 12 edge midpoints of a cube, four repeated to make 16.
    private static let gradients: [(Double, Double, Double)] = [
        (1, 1, 0), (-1, 1, 0), (1, -1, 0), (-1, -1, 0),
        (1, 0, 1), (-1, 0, 1), (1, 0, -1), (-1, 0, -1),
        (0, 1, 1), (0, -1, 1), (0, 1, -1), (0, -1, -1),
        (1, 1, 0), (-1, 1, 0), (0, -1, 1), (0, -1, -1),
    ]

    /// (∂N/∂x, ∂N/∂y) at (x, y, z), in lattice units. The noise N is about −1…1 and varies
    /// over about one lattice unit, so the gradient is of order 1: its length has an rms of
    /// 1 and stays below about 3 (sampled over 2 million points).
    func gradient(_ x: Double, _ y: Double, _ z: Double) -> (dx: Double, dy: Double) {
        guard abs(x) < Self.limit, abs(y) < Self.limit, abs(z) < Self.limit else { return (0, 0) }
        let x0 = x.rounded(.down), y0 = y.rounded(.down), z0 = z.rounded(.down)
        let ix = Int64(x0), iy = Int64(y0), iz = Int64(z0)
        let fx = x - x0, fy = y - y0, fz = z - z0
        let u = fade(fx), v = fade(fy), w = fade(fz)

        // Gradient g and value n = g · (offset from the corner) at the eight corners
        // (in registers: this runs per item per step).
        var gx = SIMD8<Double>(), gy = gx, n = gx
        for c in 0..<8 {
            let i = c & 1, j = (c >> 1) & 1, k = (c >> 2) & 1
            let g = Self.gradients[Int(hash(ix &+ Int64(i), iy &+ Int64(j), iz &+ Int64(k)) & 15)]
            gx[c] = g.0
            gy[c] = g.1
            n[c] = g.0 * (fx - Double(i)) + g.1 * (fy - Double(j)) + g.2 * (fz - Double(k))
        }
        // Corners: 0 = 000, 1 = 100, 2 = 010, 3 = 110, 4 = 001, 5 = 101, 6 = 011, 7 = 111.
        let k1 = n[1] - n[0], k2 = n[2] - n[0]
        let k4 = n[0] - n[1] - n[2] + n[3]
        let k5 = n[0] - n[2] - n[4] + n[6]
        let k6 = n[0] - n[1] - n[4] + n[5]
        let k7 = -n[0] + n[1] + n[2] - n[3] + n[4] - n[5] - n[6] + n[7]
        let dx = trilinear(gx, u, v, w) + fadeDerivative(fx) * (k1 + k4 * v + k6 * w + k7 * v * w)
        let dy = trilinear(gy, u, v, w) + fadeDerivative(fy) * (k2 + k5 * w + k4 * u + k7 * w * u)
        return (dx, dy)
    }

    /// Corner values blended with weights u, v, w (corner order as in `gradient`).
    private func trilinear(_ a: SIMD8<Double>, _ u: Double, _ v: Double, _ w: Double) -> Double {
        let x00 = a[0] + u * (a[1] - a[0]), x10 = a[2] + u * (a[3] - a[2])
        let x01 = a[4] + u * (a[5] - a[4]), x11 = a[6] + u * (a[7] - a[6])
        let y0 = x00 + v * (x10 - x00), y1 = x01 + v * (x11 - x01)
        return y0 + w * (y1 - y0)
    }

    /// 6t⁵ − 15t⁴ + 10t³: 0 and 1 at the ends, with zero first and second derivatives there.
    private func fade(_ t: Double) -> Double { t * t * t * (t * (t * 6 - 15) + 10) }
    private func fadeDerivative(_ t: Double) -> Double { 30 * t * t * (t * (t - 2) + 1) }

    /// A well-mixed 64-bit hash of a lattice point and the seed (SplitMix64's finalizer).
    private func hash(_ i: Int64, _ j: Int64, _ k: Int64) -> UInt64 {
        mix(seed ^ mix(UInt64(bitPattern: i) ^ mix(UInt64(bitPattern: j) ^ mix(UInt64(bitPattern: k)))))
    }

    private func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
