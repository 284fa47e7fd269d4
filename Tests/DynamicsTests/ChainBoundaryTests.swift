import Dynamics
import DynamicsTestSupport
import Foundation
import Testing

/// Path boundaries collide as chains of one-sided smooth segments (Box2D v3's chain
/// shapes): a flattened curve's interior vertices do not catch items, from inside or outside.
@Suite("Chain boundaries")
struct ChainBoundaryTests {
    /// A box pushed along the inside of a rounded rectangle (gravity toward the wall it slides
    /// on, a constant push along it) passes the rounded corners and goes round.
    @Test("A box slides round the inside of a rounded rect without stopping at its corners")
    func boxSlidesRoundRoundedRect() {
        let animator = DynamicAnimator()
        let rect = CGRect(x: 0, y: 0, width: 400, height: 300)
        let box = DynamicView(center: CGPoint(x: 200, y: 280), size: CGSize(width: 30, height: 30))
        let collision = CollisionBehavior(items: [box])
        collision.addBoundary(withIdentifier: "frame", for: BezierPath(roundedRect: rect, cornerRadius: 60))
        let props = DynamicItemBehavior(items: [box])
        props.friction = 0
        props.resistance = 0
        props.allowsRotation = false
        // A field toward the outside: from the rect's center outward (a centrifuge), so the box
        // presses on whatever wall it is at, and a push along the wall (counterclockwise on
        // screen: tangent = (dy, -dx) of the outward direction).
        let center = CGPoint(x: 200, y: 150)
        let drive = DynamicBehavior()
        drive.action = {
            let dx = box.center.x - center.x, dy = box.center.y - center.y
            let r = max(hypot(dx, dy), 1)
            animator.applyForce(CGVector(dx: 0.09 * (4 * dx / r + dy / r * 2),
                                         dy: 0.09 * (4 * dy / r - dx / r * 2)), to: box)
        }
        animator.addBehavior(collision)
        animator.addBehavior(props)
        animator.addBehavior(drive)
        var angleTravelled = 0.0
        var last = atan2(Double(box.center.y - center.y), Double(box.center.x - center.x))
        var minSpeedAfterStart = Double.infinity
        for frame in 0..<600 {
            animator.step(1.0 / 60)
            let a = atan2(Double(box.center.y - center.y), Double(box.center.x - center.x))
            var d = a - last
            if d > .pi { d -= 2 * .pi } else if d < -.pi { d += 2 * .pi }
            angleTravelled += d
            last = a
            if frame > 60, let v = animator.linearVelocity(of: box) { minSpeedAfterStart = min(minSpeedAfterStart, Double(hypot(v.x, v.y))) }
        }

        #expect(abs(angleTravelled) > 4 * .pi, "goes round at least twice in 10 s (travelled \(angleTravelled) rad)")
        #expect(minSpeedAfterStart > 20, "never stops at a corner (min speed \(minSpeedAfterStart) pt/s)")
        #expect(CGRect(x: -1, y: -1, width: 402, height: 302).contains(frame(of: box)), "stays inside: \(frame(of: box))")
    }

    @Test("A ball rolls round the inside of an oval and keeps rolling")
    func ballRollsInOval() {
        let animator = DynamicAnimator()
        let oval = CGRect(x: 0, y: 0, width: 400, height: 300)
        let ball = DynamicView(center: CGPoint(x: 200, y: 270), size: CGSize(width: 40, height: 40))
        ball.collisionBoundsType = .ellipse
        let collision = CollisionBehavior(items: [ball])
        collision.addBoundary(withIdentifier: "oval", for: BezierPath(ovalIn: oval))
        let props = DynamicItemBehavior(items: [ball])
        props.resistance = 0
        props.angularResistance = 0
        props.elasticity = 0
        props.addLinearVelocity(CGPoint(x: 300, y: 0), for: ball)
        animator.addBehavior(collision)
        animator.addBehavior(props)
        animator.addBehavior(GravityBehavior(items: [ball]))
        // Rolls like a pendulum in the bottom of the oval: speed at the bottom stays high.
        var bottomSpeeds: [Double] = []
        var speeds: [Double] = []
        for _ in 0..<600 {
            animator.step(1.0 / 60)
            let v = animator.linearVelocity(of: ball)!
            speeds.append(Double(hypot(v.x, v.y)))
            if abs(ball.center.x - 200) < 10 { bottomSpeeds.append(Double(hypot(v.x, v.y))) }
        }

        #expect(animator.isRunning, "still rolling after 10 s")
        #expect((bottomSpeeds.last ?? 0) > 150, "keeps rolling through the bottom (\(bottomSpeeds.suffix(3)))")
        #expect(CGRect(x: -1, y: -1, width: 402, height: 302).contains(frame(of: ball)))
    }
}
