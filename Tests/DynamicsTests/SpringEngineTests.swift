import Dynamics
import Foundation
import Testing

/// An item released from rest 200 pt from the rest point of an anchored spring attachment
/// set to `spring`, with no gravity and no resistance, stepped at 1/60 s. Returns when it
/// settled (its displacement stays within `tolerance` of the 200 pt for good): on the
/// trajectory between frames, interpolated with each frame's position and velocity (cubic
/// Hermite, fourth order), and at the frames themselves (the first frame after which every
/// frame is inside).
func engineSettlingTime(_ spring: Spring, tolerance: Double = 0.01) -> (interpolated: Double, frame: Double) {
    let item = DynamicView(center: CGPoint(x: 200, y: 400), size: CGSize(width: 100, height: 100))
    let (animator, props) = weightless(item)
    let attachment = AttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 200, y: 100))
    attachment.length = 100 // rest at y = 200: 200 pt away
    attachment.spring = spring
    animator.addBehavior(attachment)
    let dt = 1.0 / 60, displacement = 200.0
    var x: [Double] = [1], v: [Double] = [0]
    let frames = Int(((spring.settlingTime(tolerance: CGFloat(tolerance)) * 1.5 + 1) / dt).rounded(.up))
    for _ in 0..<frames {
        animator.step(dt)
        x.append((Double(item.center.y) - 200) / displacement)
        v.append(Double(props.linearVelocity(for: item).y) / displacement)
    }
    let lastOut = x.lastIndex { abs($0) > tolerance } ?? 0
    let frame = Double(lastOut + 1) * dt
    // Between frames k and k + 1: the Hermite cubic through (x, v) at both ends.
    func hermite(_ k: Int, _ s: Double) -> Double {
        let s2 = s * s, s3 = s2 * s
        return (2 * s3 - 3 * s2 + 1) * x[k] + (s3 - 2 * s2 + s) * dt * v[k]
            + (-2 * s3 + 3 * s2) * x[k + 1] + (s3 - s2) * dt * v[k + 1]
    }
    // The last sample (64 per frame) outside, then bisection to its crossing.
    var last: (k: Int, s: Double)?
    for k in 0..<(x.count - 1) {
        for i in 0..<64 where abs(hermite(k, Double(i) / 64)) > tolerance { last = (k, Double(i) / 64) }
    }
    guard let (k, s0) = last else { return (0, frame) }
    var lo = s0, hi = s0 + 1.0 / 64
    for _ in 0..<60 {
        let mid = (lo + hi) / 2
        if abs(hermite(k, mid)) > tolerance { lo = mid } else { hi = mid }
    }
    return ((Double(k) + hi) * dt, frame)
}

@Suite("Springs in the engine")
struct SpringEngineTests {
    /// One spring from each dialect (and SwiftUI 17's critical and overdamped ends), each
    /// with its last swing clearly above or below the 1 % band (see the settling-time jump
    /// test: at SwiftUI's default spring or Pop's default, a 0.1 % change of the damping
    /// moves the settling time by a third).
    static let springs: [(String, Spring)] = [
        ("UIKit frequency 2, damping 0.3", Spring(frequency: 2, dampingRatio: 0.3)),
        ("SwiftUI response 0.5, dampingFraction 0.7", Spring(response: 0.5, dampingFraction: 0.7)),
        ("SwiftUI 17 duration 0.5, bounce 0.3", Spring(duration: 0.5, bounce: 0.3)),
        ("SwiftUI 17 duration 0.5, bounce 0", Spring(duration: 0.5, bounce: 0)),
        ("SwiftUI 17 duration 0.4, bounce -0.5", Spring(duration: 0.4, bounce: -0.5)),
        ("mass 1, stiffness 100, damping 10", Spring(mass: 1, stiffness: 100, damping: 10)),
        ("Android stiffness 1500, dampingRatio 0.5", Spring(stiffness: 1500, dampingRatio: 0.5)),
        ("Origami tension 40, friction 7", Spring(tension: 40, friction: 7)),
        ("Pop bounciness 8, speed 12", Spring(bounciness: 8, speed: 12)),
    ]

    @Test("A spring from each dialect settles in the engine within 2 % of its computed settling time (1/60 s frames)",
          arguments: SpringEngineTests.springs.indices)
    func settles(_ index: Int) {
        let (name, spring) = SpringEngineTests.springs[index]
        let computed = spring.settlingTime()
        let measured = engineSettlingTime(spring)
        let error = (measured.interpolated - computed) / computed
        print(String(format: "settling %@: computed %.4f s, engine %.4f s (%+.2f %%), at frames %.4f s (%+.2f %%)",
                     name, computed, measured.interpolated, 100 * error, measured.frame, 100 * (measured.frame - computed) / computed))
        #expect(abs(error) <= 0.02, "\(name): computed \(computed) s, engine \(measured.interpolated) s")
    }
}
