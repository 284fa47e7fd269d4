import Dynamics
import Foundation
import Testing

/// The README's snippets, compiled and run, so the documentation cannot rot.
@Suite("README examples")
struct ReadmeTests {
    @Test("The Swift API example runs and the box bounces to rest inside the bounds")
    func swiftAPI() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 320, height: 568))
        let box = DynamicView(frame: CGRect(x: 135, y: 100, width: 50, height: 50))

        let gravity = GravityBehavior(items: [box])
        gravity.gravityDirection = CGVector(dx: 0, dy: 0.5)

        let collision = CollisionBehavior(items: [box])
        collision.translatesReferenceBoundsIntoBoundary = true

        let props = DynamicItemBehavior(items: [box])
        props.elasticity = 0.75

        animator.addBehavior(gravity)
        animator.addBehavior(collision)
        animator.addBehavior(props)

        for _ in 0..<120 { animator.step(1.0 / 60) }   // two seconds, ticked by hand
        #expect(abs(animator.elapsedTime - 2) < 1e-9)
        #expect(box.center.y <= 568 - 25 + 0.5 && box.center.y > 300)
    }

    @Test("The timers example: after fires at 1.5 s, every until cancelled")
    func timers() {
        let animator = DynamicAnimator()
        let box = DynamicView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let gravity = GravityBehavior(items: [box])
        animator.addBehavior(gravity)
        var ticks = 0
        animator.after(1.5) { gravity.angle = .pi }            // once, when elapsedTime has advanced 1.5 s
        let tick = animator.every(0.25) { ticks += 1; return true }  // false stops it
        for _ in 0..<90 { animator.step(1.0 / 60) }
        tick.cancel()
        #expect(abs(gravity.angle - .pi) < 1e-12 && ticks == 6)
        #expect(animator.pendingTimers.isEmpty)
    }

    final class Wind: DynamicBehavior, CustomBehavior {
        let items: [DynamicItem]
        var force = CGVector(dx: 40, dy: 0)              // UIKit Newtons
        init(items: [DynamicItem]) { self.items = items }
        func step(_ context: inout DynamicBehaviorContext) {
            for i in 0..<context.count { context.applyForce(force, to: i) }
        }
    }

    @Test("The plugin and registry example runs")
    func plugin() throws {
        let registry = BehaviorRegistry()
        try registry.register(BehaviorDefinition(
            name: "wind", summary: "a steady push", parameters: [("strength", .number(40))]
        ) { items, p in
            let wind = Wind(items: items)
            wind.force = CGVector(dx: p["strength"]!.number!, dy: 0)
            return wind
        })
        let box = DynamicView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let wind = try registry.makeBehavior(named: "wind", items: [box], overrides: ["strength": .number(80)])
        #expect((wind as? Wind)?.force == CGVector(dx: 80, dy: 0))
        let animator = DynamicAnimator()
        animator.addBehavior(wind)
        animator.step(1.0 / 60)
        #expect(box.center.x > 50)
    }
}
