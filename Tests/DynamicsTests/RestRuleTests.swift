import Dynamics
import DynamicsTestSupport
import Foundation
import Testing

/// The rest rule (docs/engine.md, "Rest"): an item sleeps only when it is slow and has moved
/// less than the rest tolerance (0.5 pt) for the rest time (0.5 s); a force wakes a sleeping
/// item only when it would move it past that tolerance within the rest time. One rule for
/// every force: built-in fields, custom fields, pushes, Swift plugins.
@Suite struct RestRuleTests {
    /// Steps at 60 Hz until the animator pauses (or `limit` seconds pass); returns the time.
    @discardableResult
    private func runUntilPaused(_ animator: DynamicAnimator, limit: Double = 30) -> Double? {
        animator.step(0)
        for _ in 0..<Int(limit * 60) {
            animator.step(1.0 / 60)
            if !animator.isRunning { return animator.elapsedTime }
        }
        return nil
    }

    /// A 60×60 item, no gravity, in an abstract animator.
    private func item(at center: CGPoint) -> DynamicView {
        DynamicView(center: center, size: CGSize(width: 60, height: 60))
    }

    @Test func springFieldWithResistancePausesOnlyAtItsPoint() {
        // A spring field under heavy resistance pulls slowly: the item crept under the
        // resting speed and slept 36 pt short of the spring's point, and "paused" was reported.
        let animator = DynamicAnimator()
        let box = item(at: CGPoint(x: 100, y: 100))
        let spring = FieldBehavior.springField()
        spring.position = CGPoint(x: 300, y: 100)
        spring.addItem(box)
        let props = DynamicItemBehavior(items: [box])
        props.resistance = 10
        animator.addBehavior(spring)
        animator.addBehavior(props)
        let paused = runUntilPaused(animator, limit: 60)
        #expect(paused != nil)
        // The rule stops it where the field's pull (strength·d/m pt/s² at d pt from the point)
        // would move it less than 0.5 pt in 0.5 s: d ≤ 4·m/strength = 1.44 pt for m = 0.36.
        #expect(abs(box.center.x - 300) < 1.44, "paused at x = \(box.center.x)")
        #expect(abs(box.center.y - 100) < 1e-6)
    }

    @Test func customFieldWithANegligibleForceLetsItsItemRest() {
        // A custom field of 1e-6 N restarted its item's rest timer every step: the animator
        // never paused, where a built-in field of the same force let it.
        let animator = DynamicAnimator()
        let box = item(at: CGPoint(x: 100, y: 100))
        let field = FieldBehavior.field { _, _, _, _, _, _ in CGVector(dx: 1e-6, dy: 0) }
        field.addItem(box)
        animator.addBehavior(field)
        animator.step(0)
        #expect(animator.setVelocity(CGPoint(x: 50, y: 0), for: box))
        let props = DynamicItemBehavior(items: [box])
        props.resistance = 5
        animator.addBehavior(props)
        let paused = runUntilPaused(animator)
        #expect(paused != nil)
        #expect(paused.map { $0 < 5 } == true, "paused at \(paused ?? -1) s")
    }

    @Test func customFieldThatWouldMoveItsItemKeepsItAwake() {
        // The other half of the rule: a force that moves the item past the tolerance keeps
        // the animator running, and the item keeps moving.
        let animator = DynamicAnimator()
        let box = item(at: CGPoint(x: 100, y: 100))
        let field = FieldBehavior.field { _, _, _, _, _, _ in CGVector(dx: 0.05, dy: 0) }
        field.addItem(box)
        animator.addBehavior(field)
        #expect(runUntilPaused(animator, limit: 3) == nil)
        #expect(box.center.x > 110)
    }

    @Test func continuousPushTooWeakToMoveLetsTheAnimatorPause() {
        // 1e-6 N on a 0.36 kg item: 3e-4 pt/s², 4e-5 pt in 0.5 s.
        let animator = DynamicAnimator()
        let box = item(at: CGPoint(x: 100, y: 100))
        let push = PushBehavior(items: [box], mode: .continuous)
        push.pushDirection = CGVector(dx: 1e-6, dy: 0)
        animator.addBehavior(push)
        animator.step(0)
        #expect(animator.setVelocity(CGPoint(x: 20, y: 0), for: box))
        let props = DynamicItemBehavior(items: [box])
        props.resistance = 5
        animator.addBehavior(props)
        #expect(runUntilPaused(animator) != nil)
    }

    @Test func stackUnderGravityStillRests() {
        // Forces held by contacts (gravity on a resting stack) do not move the items: they rest.
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 320, height: 480))
        let boxes = (0..<5).map { i in DynamicView(center: CGPoint(x: 160, y: 455 - CGFloat(i) * 50), size: CGSize(width: 50, height: 50)) }
        animator.addBehavior(GravityBehavior(items: boxes))
        let c = CollisionBehavior(items: boxes)
        c.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(c)
        let paused = runUntilPaused(animator, limit: 10)
        #expect(paused != nil)
        #expect(paused.map { $0 < 3 } == true, "paused at \(paused ?? -1) s")
    }
}
