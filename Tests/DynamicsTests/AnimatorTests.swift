import Dynamics
import DynamicsTestSupport
import Foundation
import Testing

@Suite("Animator and behavior tree")
struct AnimatorTests {
    @Test("Items join with their behaviors and leave with them")
    func itemsFollowBehaviors() {
        let animator = DynamicAnimator()
        let a = DynamicView(center: .zero, size: CGSize(width: 10, height: 10), name: "a")
        let b = DynamicView(center: CGPoint(x: 100, y: 0), size: CGSize(width: 10, height: 10), name: "b")
        let g = GravityBehavior(items: [a, b])
        animator.addBehavior(g)
        #expect(animator.isRunning)
        animator.step(1.0 / 60)
        #expect(animator.items(in: CGRect(x: -20, y: -20, width: 40, height: 40)).map { ($0 as! DynamicView).name } == ["a"])
        #expect(animator.items(in: CGRect(x: -1000, y: -1000, width: 2000, height: 2000)).count == 2)
        g.removeItem(b)
        animator.step(1.0 / 60)
        #expect(animator.linearVelocity(of: b) == nil)
        let yB = b.center.y
        animator.step(1.0 / 60)
        #expect(b.center.y == yB, "a removed item no longer moves")
        animator.removeBehavior(g)
        #expect(animator.behaviors.isEmpty && g.dynamicAnimator == nil)
        animator.step(1.0 / 60)
        #expect(!animator.isRunning)
        #expect(animator.items(in: CGRect(x: -1000, y: -1000, width: 2000, height: 2000)).isEmpty)
    }

    @Test("A paused animator resumes for an item added while paused, although items(in:) applied the change before the next frame")
    func resumesForChangesAppliedEarly() {
        let animator = DynamicAnimator()
        let a = DynamicView(center: .zero, size: CGSize(width: 10, height: 10), name: "a")
        animator.addBehavior(AttachmentBehavior(item: a, attachedToAnchor: .zero))
        var frames = 0
        while animator.isRunning && frames < 600 { animator.step(1.0 / 60); frames += 1 }
        #expect(!animator.isRunning && frames < 600, "a resting item pauses the animator: \(frames) frames")
        // A new item 120 pt below its spring's anchor; a query applies the change at once.
        let b = DynamicView(center: CGPoint(x: 100, y: 120), size: CGSize(width: 10, height: 10), name: "b")
        let spring = AttachmentBehavior(item: b, attachedToAnchor: CGPoint(x: 100, y: 0))
        spring.length = 0
        spring.frequency = 1.5
        spring.damping = 0.7
        animator.addBehavior(spring)
        #expect(animator.items(in: CGRect(x: 90, y: 110, width: 20, height: 20)).count == 1)
        #expect(animator.isRunning, "the change applied early still has the new item to move")
        frames = 0
        while animator.isRunning && frames < 600 { animator.step(1.0 / 60); frames += 1 }
        #expect(abs(b.center.y) < 0.5 && abs(b.center.x - 100) < 0.5 && frames < 600,
                "on its anchor after \(frames) frames: \(b.center)")
        // A change applied early that leaves nothing to move does not keep it running.
        animator.removeBehavior(spring)
        _ = animator.items(in: CGRect(x: -1000, y: -1000, width: 2000, height: 2000))
        #expect(!animator.isRunning)
    }

    @Test("Child behaviors contribute, and willMove(to:) brackets membership")
    func childBehaviors() {
        final class Composite: DynamicBehavior {
            var moves: [Bool] = []
            override func willMove(to dynamicAnimator: DynamicAnimator?) { moves.append(dynamicAnimator != nil) }
        }
        let animator = DynamicAnimator()
        let item = DynamicView(center: .zero, size: CGSize(width: 10, height: 10))
        let composite = Composite()
        let gravity = GravityBehavior(items: [item])
        composite.addChildBehavior(gravity)
        #expect(composite.childBehaviors.count == 1)
        animator.addBehavior(composite)
        animator.addBehavior(composite) // once per animator
        #expect(animator.behaviors.count == 1)
        #expect(gravity.dynamicAnimator === animator)
        animator.step(0.5)
        #expect(item.center.y > 100)
        composite.removeChildBehavior(gravity)
        #expect(gravity.dynamicAnimator == nil)
        let v = animator.linearVelocity(of: item)
        #expect(v != nil, "the item stays until the next frame applies the change")
        animator.step(1.0 / 60)
        #expect(animator.linearVelocity(of: item) == nil)
        animator.removeAllBehaviors()
        #expect(composite.moves == [true, false])
    }

    @Test("action runs once per frame, after collision callbacks, and sees written-back positions")
    func actionOrder() {
        final class Log: CollisionBehaviorDelegate {
            var entries: [String] = []
            func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem, withBoundaryIdentifier identifier: AnyHashable?, at point: CGPoint) {
                entries.append("began")
            }
        }
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 100, height: 100))
        let item = DynamicView(center: CGPoint(x: 50, y: 80), size: CGSize(width: 10, height: 10))
        let collision = CollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        let log = Log()
        collision.collisionDelegate = log
        let composite = DynamicBehavior()
        composite.addChildBehavior(GravityBehavior(items: [item]))
        composite.addChildBehavior(collision)
        var frames = 0
        var seen: [CGFloat] = []
        composite.action = { frames += 1; seen.append(item.center.y); log.entries.append("action") }
        animator.addBehavior(composite)
        animator.run(seconds: 0.5)
        #expect(frames == 30 || (frames < 30 && !animator.isRunning))
        let firstBegan = log.entries.firstIndex(of: "began")!
        #expect(firstBegan > 0 && log.entries[firstBegan + 1] == "action", "began comes before the same frame's action")
        #expect(seen.first! > 80, "the action sees the frame's new position")
    }

    @Test("The animator pauses when everything rests and resumes on a change")
    func pauseAndResume() {
        let scene = DynamicsTestScene.restingBox()
        let recorder = AnimatorRecorder()
        scene.animator.delegate = recorder
        scene.animator.run(seconds: 3) { !scene.animator.isRunning }
        #expect(recorder.pauses == 1 && recorder.resumes == 1)
        let elapsed = scene.animator.elapsedTime
        scene.animator.run(seconds: 1)
        #expect(scene.animator.elapsedTime == elapsed, "no time passes while paused")
        scene.props.addLinearVelocity(CGPoint(x: 0, y: -300), for: scene.box)
        #expect(scene.animator.isRunning)
        scene.animator.step(1.0 / 60)
        #expect(recorder.resumes == 2)
        #expect(scene.box.center.y < 580)
        scene.animator.run(seconds: 5) { !scene.animator.isRunning }
        #expect(recorder.pauses == 2)
    }

    @Test("updateItem(usingCurrentState:) moves, turns and resizes an item")
    func updateItem() {
        let scene = DynamicsTestScene.restingBox()
        scene.animator.run(seconds: 3) { !scene.animator.isRunning }
        scene.box.center = CGPoint(x: 100, y: 300)
        scene.box.bounds.size = CGSize(width: 80, height: 20)
        scene.box.transform = CGAffineTransform(rotationAngle: 0.3)
        scene.animator.updateItem(usingCurrentState: scene.box)
        #expect(scene.animator.isRunning)
        scene.animator.run(seconds: 5) { !scene.animator.isRunning }
        #expect(abs(scene.box.center.y - 590) <= 0.5, "the 20 pt tall box lies flat on the floor: \(scene.box.center)")
        #expect(abs(angle(of: scene.box)) < 0.01 || abs(abs(angle(of: scene.box)) - .pi) < 0.01)
        #expect(scene.animator.mass(of: scene.box).map { abs($0 - 0.16) < 1e-12 } == true)
    }

    @Test("Frames of any length give the same result through the fixed step")
    func accumulator() {
        let a = DynamicsTestScene.restingBox(), b = DynamicsTestScene.restingBox()
        for _ in 0..<120 { a.animator.step(1.0 / 120) }
        for _ in 0..<40 { b.animator.step(1.0 / 40) }
        #expect(a.box.center == b.box.center)
        #expect(abs(a.animator.elapsedTime - 1) < 1e-9 && abs(b.animator.elapsedTime - 1) < 1e-9)
    }

    @Test("The real-time driver advances the animator on its queue")
    func realTimeDriver() async throws {
        let queue = DispatchQueue(label: "driver")
        nonisolated(unsafe) let scene = DynamicsTestScene.restingBox()
        let startTime = DispatchTime.now().uptimeNanoseconds
        queue.sync { scene.animator.start(on: queue, framesPerSecond: 120) }
        try await Task.sleep(nanoseconds: 300_000_000)
        let (elapsed, driven) = queue.sync { () -> (Double, Bool) in
            let r = (scene.animator.elapsedTime, scene.animator.isDriven)
            scene.animator.stop()
            return r
        }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - startTime) / 1e9
        #expect(driven)
        // Simulated time follows the wall clock (a tick catches up at most 0.1 s at once).
        #expect(elapsed > 0.05 && elapsed <= wall + 0.1, "elapsed \(elapsed) in \(wall) s of wall time")
        let after = queue.sync { scene.animator.elapsedTime }
        try await Task.sleep(nanoseconds: 50_000_000)
        #expect(queue.sync { scene.animator.elapsedTime } == after, "stopped")
    }
}

@Suite("Item properties")
struct ItemPropertyTests {
    @Test("Defaults follow UIKit on devices")
    func defaults() {
        let p = DynamicItemBehavior()
        #expect(p.elasticity == 0.2 && p.friction == 0.2 && p.density == 1 && p.resistance == 0.1)
        #expect(p.angularResistance == 0.1 && p.allowsRotation && !p.isAnchored && p.charge == 0)
    }

    @Test("Mass is density × area / 10 000, with the true area for ellipses and paths")
    func masses() {
        let animator = DynamicAnimator()
        let box = DynamicView(center: .zero, size: CGSize(width: 100, height: 100))
        let circle = DynamicView(center: CGPoint(x: 300, y: 0), size: CGSize(width: 100, height: 100), collisionBoundsType: .ellipse)
        let ellipse = DynamicView(center: CGPoint(x: 600, y: 0), size: CGSize(width: 200, height: 100), collisionBoundsType: .ellipse)
        let triangle = DynamicView(center: CGPoint(x: 900, y: 0), size: CGSize(width: 100, height: 100), collisionBoundsType: .path)
        let path = BezierPath()
        path.move(to: CGPoint(x: -50, y: 50)); path.addLine(to: CGPoint(x: 50, y: 50)); path.addLine(to: CGPoint(x: 0, y: -50)); path.close()
        triangle.collisionBoundingPath = path
        let props = DynamicItemBehavior(items: [box, circle, ellipse, triangle])
        props.density = 2
        animator.addBehavior(props)
        animator.step(1.0 / 60)
        #expect(abs(animator.mass(of: box)! - 2) < 1e-12)
        #expect(abs(animator.mass(of: circle)! - 2 * .pi / 4) < 1e-12)
        #expect(abs(animator.mass(of: ellipse)! - 2 * .pi / 2) < 1e-9)
        #expect(abs(animator.mass(of: triangle)! - 1) < 1e-12)
    }

    @Test("For each property the last behavior in depth-first order that set it wins")
    func combination() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 600))
        let item = DynamicView(center: CGPoint(x: 200, y: 100), size: CGSize(width: 40, height: 40), name: "box")
        let first = DynamicItemBehavior(items: [item])
        first.elasticity = 1
        first.resistance = 0
        let second = DynamicItemBehavior(items: [item])
        second.density = 4 // sets density only: elasticity 1 from `first` stays
        let root = DynamicBehavior()
        root.addChildBehavior(first)
        root.addChildBehavior(second)
        let collision = CollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(root)
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.addBehavior(collision)
        animator.step(1.0 / 60)
        #expect(abs(animator.mass(of: item)! - 0.64) < 1e-12, "density 4 from the second behavior")
        // Elastic bounce proves elasticity 1 from the first behavior survived.
        var minY = CGFloat.infinity, bounced = false
        animator.run(seconds: 2.5) {
            if animator.linearVelocity(of: item)!.y < 0 { bounced = true }
            if bounced { minY = min(minY, item.center.y) }
            return false
        }
        #expect(minY < 100 + 0.05 * 480, "rebounded to \(minY)")
        // A later behavior that sets elasticity wins.
        let third = DynamicItemBehavior(items: [item])
        third.elasticity = 0
        animator.addBehavior(third)
        animator.run(seconds: 4)
        #expect(abs(item.center.y - 580) <= 0.5 && !animator.isRunning)
    }

    @Test("allowsRotation false keeps an item upright; anchored items stay put")
    func rotationAndAnchoring() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 600))
        let ramp = DynamicView(center: CGPoint(x: 200, y: 400), size: CGSize(width: 300, height: 10))
        ramp.transform = CGAffineTransform(rotationAngle: 0.4)
        let box = DynamicView(center: CGPoint(x: 200, y: 300), size: CGSize(width: 40, height: 40))
        let anchored = DynamicItemBehavior(items: [ramp]); anchored.isAnchored = true
        let upright = DynamicItemBehavior(items: [box]); upright.allowsRotation = false; upright.friction = 0
        let collision = CollisionBehavior(items: [ramp, box])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(anchored); animator.addBehavior(upright); animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: [ramp, box]))
        var maxX: CGFloat = 0, maxTurn = 0.0
        animator.run(seconds: 3) {
            maxX = max(maxX, box.center.x); maxTurn = max(maxTurn, abs(angle(of: box)))
            return false
        }
        #expect(ramp.center == CGPoint(x: 200, y: 400) && abs(angle(of: ramp) - 0.4) < 1e-12)
        #expect(maxTurn < 1e-12, "never turned")
        #expect(maxX > 375, "slid down the ramp to the right wall (x = 380 − 20): \(maxX)")
    }

    @Test("Velocities added before the behavior joins an animator apply when it does")
    func pendingVelocity() {
        let animator = DynamicAnimator()
        let item = DynamicView(center: .zero, size: CGSize(width: 10, height: 10))
        let props = DynamicItemBehavior(items: [item])
        props.resistance = 0
        props.angularResistance = 0
        props.addLinearVelocity(CGPoint(x: 60, y: 0), for: item)
        props.addAngularVelocity(2, for: item)
        #expect(props.linearVelocity(for: item) == CGPoint(x: 60, y: 0))
        animator.addBehavior(props)
        animator.run(seconds: 0.5)
        #expect(abs(item.center.x - 30) < 1e-9)
        // Rotation integrates to first order and renormalizes (as Box2D): 6e-6 rad of drift per radian.
        #expect(abs(angle(of: item) - 1) < 1e-5)
        #expect(abs(props.angularVelocity(for: item) - 2) < 1e-12)
    }
}

/// Small scenes for these tests.
enum DynamicsTestScene {
    struct RestingBox {
        let animator: DynamicAnimator
        let box: DynamicView
        let props: DynamicItemBehavior
    }

    /// A 40×40 box dropped from y = 500 onto the floor of a 400×600 area.
    static func restingBox() -> RestingBox {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 600))
        let box = DynamicView(center: CGPoint(x: 200, y: 500), size: CGSize(width: 40, height: 40), name: "box")
        let collision = CollisionBehavior(items: [box])
        collision.translatesReferenceBoundsIntoBoundary = true
        let props = DynamicItemBehavior(items: [box])
        animator.addBehavior(GravityBehavior(items: [box]))
        animator.addBehavior(collision)
        animator.addBehavior(props)
        return RestingBox(animator: animator, box: box, props: props)
    }
}

@Suite("Waking")
struct WakingTests {
    @Test("A force applied to a paused animator's item wakes it and acts over the next frame")
    func forceWakes() {
        let scene = DynamicsTestScene.restingBox()
        scene.props.friction = 0
        scene.animator.run(seconds: 3) { !scene.animator.isRunning }
        #expect(!scene.animator.isRunning)
        let x = scene.box.center.x
        // 0.16 mass, 0.16 N sideways → 100 pt/s² for one frame of 1/60 s: Δv ≈ 1.67 pt/s.
        scene.animator.applyForce(CGVector(dx: 0.16, dy: 0), to: scene.box)
        scene.animator.step(1.0 / 60)
        let v = scene.animator.linearVelocity(of: scene.box)!.x
        #expect(abs(v - 100.0 / 60 / (1 + 0.1 / 120) / (1 + 0.1 / 120)) < 0.05, "v = \(v)")
        scene.animator.step(1.0 / 60)
        #expect(scene.box.center.x > x)
    }

    @Test("Removing an anchored item wakes what rests on it")
    func removingSupportWakes() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 600))
        let shelf = DynamicView(center: CGPoint(x: 200, y: 300), size: CGSize(width: 200, height: 10))
        let box = DynamicView(center: CGPoint(x: 200, y: 270), size: CGSize(width: 40, height: 40))
        let anchor = DynamicItemBehavior(items: [shelf]); anchor.isAnchored = true
        let collision = CollisionBehavior(items: [shelf, box])
        collision.translatesReferenceBoundsIntoBoundary = true
        let gravity = GravityBehavior(items: [box])
        animator.addBehavior(anchor); animator.addBehavior(collision); animator.addBehavior(gravity)
        animator.run(seconds: 3) { !animator.isRunning }
        #expect(!animator.isRunning && abs(box.center.y - 275) <= 0.5)
        collision.removeItem(shelf)
        anchor.removeItem(shelf)
        animator.run(seconds: 3) { !animator.isRunning }
        #expect(abs(box.center.y - 580) <= 0.5, "fell to the floor: \(box.center)")
    }

    @Test("A behavior tree has at most 256 levels, however it is built")
    func treeDepthBound() throws {
        // Bottom up: each new composite takes the chain so far as its child.
        var chain = DynamicBehavior()
        for _ in 1..<DynamicBehavior.maximumTreeDepth {
            let parent = DynamicBehavior()
            try InvalidInput.catching { parent.addChildBehavior(chain) }
            chain = parent
        }
        let tooDeep = DynamicBehavior()
        #expect(throws: DynamicsError.self) { try InvalidInput.catching { tooDeep.addChildBehavior(chain) } }
        #expect(chain.parent == nil)

        // Top down: a leaf hung under the deepest node of a full tree.
        var deepest = chain
        while let child = deepest.childBehaviors.first { deepest = child }
        #expect(throws: DynamicsError.self) { try InvalidInput.catching { deepest.addChildBehavior(DynamicBehavior()) } }

        // Joining two trees whose levels add up past the bound, from the middle.
        let top = DynamicBehavior(), middle = DynamicBehavior()
        try InvalidInput.catching { top.addChildBehavior(middle) }
        var half = DynamicBehavior()
        for _ in 1..<(DynamicBehavior.maximumTreeDepth - 2) {
            let p = DynamicBehavior()
            try InvalidInput.catching { p.addChildBehavior(half) }
            half = p
        }
        try InvalidInput.catching { middle.addChildBehavior(half) } // 2 + 254 = 256 levels
        // Under the node at level 255: a leaf fits (256), a two-level subtree does not (257).
        var level255 = half
        while let child = level255.childBehaviors.first, !child.childBehaviors.isEmpty { level255 = child }
        let twoLevels = DynamicBehavior()
        twoLevels.addChildBehavior(DynamicBehavior())
        #expect(throws: DynamicsError.self) { try InvalidInput.catching { level255.addChildBehavior(twoLevels) } }
        try InvalidInput.catching { level255.addChildBehavior(DynamicBehavior()) }

        // A full-depth tree still animates: an item under it falls.
        let animator = DynamicAnimator()
        let item = DynamicView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        top.addChildBehavior(GravityBehavior(items: [item]))
        animator.addBehavior(top)
        animator.step(0.1)
        #expect(item.center.y > 5)
    }
}
