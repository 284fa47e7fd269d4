import Dynamics
import DynamicsTestSupport
import Foundation
import Testing

@Suite("Gravity and resistance")
struct FreeFallTests {
    /// An item under default gravity with resistance 0.
    func fallingItem(size: CGFloat = 100) -> (DynamicAnimator, DynamicView) {
        let animator = DynamicAnimator()
        let item = DynamicView(center: CGPoint(x: 0, y: 0), size: CGSize(width: size, height: size), name: "faller")
        let props = DynamicItemBehavior(items: [item])
        props.resistance = 0
        props.angularResistance = 0
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.addBehavior(props)
        return (animator, item)
    }

    @Test("Free fall covers 500 pt and reaches 1000 pt/s in 1 s (±1 %)")
    func freeFall() {
        let (animator, item) = fallingItem()
        animator.run(seconds: 1)
        #expect(abs(animator.elapsedTime - 1) < 1e-9)
        #expect(abs(item.center.y - 500) <= 5, "fell \(item.center.y) pt")
        #expect(abs(item.center.x) < 1e-9)
        let v = animator.linearVelocity(of: item)!
        #expect(abs(v.y - 1000) <= 10, "speed \(v.y) pt/s")
    }

    @Test("Results do not depend on the frame rate")
    func frameRateIndependent() {
        let (a60, i60) = fallingItem()
        let (a30, i30) = fallingItem()
        a60.run(seconds: 1, dt: 1.0 / 60)
        a30.run(seconds: 1, dt: 1.0 / 30)
        #expect(i60.center == i30.center)
    }

    @Test("Gravity direction, angle and magnitude stay consistent")
    func gravityViews() {
        let g = GravityBehavior()
        #expect(g.gravityDirection == CGVector(dx: 0, dy: 1))
        #expect(abs(g.angle - .pi / 2) < 1e-12)
        #expect(abs(g.magnitude - 1) < 1e-12)
        g.magnitude = 2
        #expect(abs(g.gravityDirection.dy - 2) < 1e-12 && abs(g.gravityDirection.dx) < 1e-12)
        g.angle = 0
        #expect(abs(g.gravityDirection.dx - 2) < 1e-12 && abs(g.gravityDirection.dy) < 1e-12)
        g.gravityDirection = CGVector(dx: 3, dy: 4)
        #expect(abs(g.magnitude - 5) < 1e-12)
        #expect(abs(g.angle - atan2(4, 3)) < 1e-12)
        g.gravityDirection = CGVector(dx: 0, dy: 0)
        g.magnitude = 1
        #expect(abs(g.gravityDirection.dx - 0.6) < 1e-12 && abs(g.gravityDirection.dy - 0.8) < 1e-12,
                "a zero vector keeps the last angle")
    }

    @Test("Sideways gravity of magnitude 0.5 accelerates at 500 pt/s²")
    func sidewaysGravity() {
        let animator = DynamicAnimator()
        let item = DynamicView(center: .zero, size: CGSize(width: 10, height: 10))
        let g = GravityBehavior(items: [item])
        g.setAngle(0, magnitude: 0.5)
        let props = DynamicItemBehavior(items: [item]); props.resistance = 0
        animator.addBehavior(g); animator.addBehavior(props)
        animator.run(seconds: 1)
        #expect(abs(item.center.x - 250) <= 2.5)
        #expect(abs(item.center.y) < 1e-9)
    }

    @Test("Resistance damps as v ← v / (1 + h·resistance) per 1/120 s step")
    func resistanceDecay() {
        let animator = DynamicAnimator()
        let item = DynamicView(center: .zero, size: CGSize(width: 10, height: 10))
        let props = DynamicItemBehavior(items: [item])
        props.resistance = 2
        props.addLinearVelocity(CGPoint(x: 100, y: 0), for: item)
        animator.addBehavior(props)
        animator.run(seconds: 1) // 120 internal steps
        let expected: CGFloat = 100 / pow(1 + 2.0 / 120, 120)
        let v = animator.linearVelocity(of: item)!.x
        #expect(abs(v - expected) < 1e-9 * expected, "v = \(v), expected \(expected)")
    }

    @Test("Angular resistance damps spin the same way")
    func angularResistanceDecay() {
        let animator = DynamicAnimator()
        let item = DynamicView(center: .zero, size: CGSize(width: 10, height: 10))
        let props = DynamicItemBehavior(items: [item])
        props.angularResistance = 1
        props.addAngularVelocity(3, for: item)
        animator.addBehavior(props)
        animator.run(seconds: 0.5)
        let expected: CGFloat = 3 / pow(1 + 1.0 / 120, 60)
        #expect(abs(props.angularVelocity(for: item) - expected) < 1e-9)
    }
}
