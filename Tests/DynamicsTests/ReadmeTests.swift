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

    @Test("The interaction example: a flick lands in the projected corner, and the task hears it")
    func interaction() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 375, height: 667))
        let pip = DynamicView(center: CGPoint(x: 100, y: 300), size: CGSize(width: 90, height: 160))
        let corners = [CGPoint(x: 61, y: 96), CGPoint(x: 314, y: 96), CGPoint(x: 61, y: 571), CGPoint(x: 314, y: 571)]
        animator.addBehavior(DynamicItemBehavior(items: [pip]))
        var landed: CGPoint?

        let release = ReleaseBehavior(item: pip, targets: corners)          // project, pick, spring there
        release.spring = Spring(response: 0.4, dampingFraction: 0.8)         // any dialect of spring
        animator.addBehavior(release)
        animator.drag(DragGesture(item: pip, offset: CGVector(dx: 150, dy: -100), duration: 0.2))  // a flick
        animator.spawn { task in
            task.waitForRest(items: [pip]) { _ in landed = pip.center }
        }

        for _ in 0..<(60 * 4) { animator.step(1.0 / 60) }
        #expect(release.target == CGPoint(x: 314, y: 96))
        #expect(landed.map { abs($0.x - 314) < 0.5 && abs($0.y - 96) < 0.5 } == true, "\(String(describing: landed))")
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

    @Test("The springs and gesture helpers example runs, with the values its comments give")
    func springsAndGestures() {
        let box = DynamicView(frame: CGRect(x: 135, y: 100, width: 50, height: 50))
        let snap = SnapBehavior(item: box, snapTo: CGPoint(x: 100, y: 100))

        let feel = Spring(response: 0.4, dampingFraction: 0.8)     // as SwiftUI writes it
        #expect(abs(feel.frequency - 2.5) < 1e-12)
        #expect(abs(feel.tension - ((pow(2 * .pi / 0.4, 2) - 194) / 3.62 + 30)) < 1e-9)
        #expect(feel.settlingTime() > 0 && feel.settlingTime() < 1)
        let spring = AttachmentBehavior(item: box, attachedToAnchor: CGPoint(x: 160, y: 300))
        spring.length = 0
        spring.spring = feel                                         // frequency 2.5, damping 0.8
        #expect(abs(spring.frequency - 2.5) < 1e-12 && abs(spring.damping - 0.8) < 1e-12)
        snap.spring = Spring(duration: 0.3, bounce: 0.2)             // a snap's pace and damping
        #expect(abs(snap.damping - 0.8) < 1e-12)

        let flick = CGPoint(x: 900, y: -1200)                        // pt/s, at release
        let rest = Gesture.project(flick, decelerationRate: .normal) // (449.1, -598.8): 0.998 per ms
        #expect(abs(rest.x - 449.1) < 1e-9 && abs(rest.y + 598.8) < 1e-9)
        let corners = [CGPoint(x: 30, y: 60), CGPoint(x: 290, y: 60), CGPoint(x: 30, y: 500), CGPoint(x: 290, y: 500)]
        let target = Gesture.nearest(to: CGPoint(x: box.center.x + rest.x, y: box.center.y + rest.y), in: corners)
        #expect(target?.index == 1)
        let pulled = Gesture.rubberBand(120, dimension: 568)        // 59.1 pt for 120 pt past an edge
        #expect(abs(pulled - 59.1) < 0.05)
    }
}
