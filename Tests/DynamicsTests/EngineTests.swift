import Dynamics
import DynamicsScenes
import DynamicsTestSupport
import Foundation
import Testing

@Suite("Stacks, piles and rest")
struct StackingTests {
    @Test("A stack of 10 boxes stands, rests and the animator pauses")
    func stackOfTen() {
        let scene = StandardScenes.stack(10)
        let recorder = AnimatorRecorder()
        scene.animator.delegate = recorder
        let frames = scene.animator.run(seconds: 10) { !scene.animator.isRunning }
        #expect(recorder.pauses == 1, "paused after \(frames) frames")
        #expect(!scene.animator.isRunning)
        for (i, box) in scene.items.enumerated() {
            let expectedY = 600 - 20 - CGFloat(i) * 40
            #expect(abs(box.center.x - 200) < 0.5, "box \(i) drifted to x = \(box.center.x)")
            // At most 0.5 pt of overlap per contact below it.
            #expect(abs(box.center.y - expectedY) <= 0.5 * CGFloat(i + 1), "box \(i) at y = \(box.center.y)")
            #expect(abs(angle(of: box)) < 0.01)
        }
    }

    /// A 1 pt box bouncing at 5000 pt/s spins so fast off a corner hit that it carried its
    /// center past a wall within one step (4 of these 40 throws escaped in a second; a 20 pt
    /// box at 39 000 pt/s did too). The bounds are a container now (docs/engine.md).
    @Test("Small fast boxes never leave boundsAsBoundary (40 throws, 1 pt at 5000 pt/s)")
    func smallFastBoxesStayInside() {
        var escaped: [Int] = []
        for trial in 1...40 {
            let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
            let box = DynamicView(center: CGPoint(x: 500, y: 500), size: CGSize(width: 1, height: 1))
            box.transform = CGAffineTransform(rotationAngle: Double(trial) * 0.37)
            let collision = CollisionBehavior(items: [box])
            collision.translatesReferenceBoundsIntoBoundary = true
            collision.boundaryElasticity = 1
            let props = DynamicItemBehavior(items: [box])
            props.elasticity = 1; props.resistance = 0; props.friction = 0
            let angle = Double(trial) * 0.7
            props.addLinearVelocity(CGPoint(x: 5000 * cos(angle), y: 5000 * sin(angle)), for: box)
            animator.addBehavior(collision); animator.addBehavior(props)
            for _ in 0..<60 {
                animator.step(1.0 / 60)
                if !(0...1000).contains(box.center.x) || !(0...1000).contains(box.center.y) { escaped.append(trial); break }
            }
        }
        #expect(escaped.isEmpty, "escaped in throws \(escaped)")
    }

    @Test("pyramid(20) stands for 10 s and rests")
    func pyramid() {
        let scene = StandardScenes.pyramid(20)
        let start = scene.items.map(\.center)
        scene.run()
        #expect(!scene.animator.isRunning)
        for (i, box) in scene.items.enumerated() {
            // Names are "r<row>c<column>"; row 0 is on the floor.
            let row = CGFloat(Int(box.name!.dropFirst().prefix { $0 != "c" })!)
            #expect(abs(box.center.x - start[i].x) < 1, "\(box) moved sideways from \(start[i])")
            #expect(box.center.y - start[i].y <= 0.5 * (row + 1), "\(box) sank more than 0.5 pt per contact below it")
            #expect(abs(angle(of: box)) < 0.02)
        }
    }

    @Test("boxes(1000) keeps every box inside and comes to rest")
    func boxes1000() {
        let scene = StandardScenes.boxes(1000)
        let recorder = AnimatorRecorder()
        scene.animator.delegate = recorder
        scene.run()
        // Up to 10 s more to rest.
        scene.animator.run(seconds: 10, dt: 1.0 / 120) { !scene.animator.isRunning }
        #expect(!scene.animator.isRunning, "still running after 20 s")
        #expect(recorder.pauses == 1)
        let bounds = CGRect(x: 0, y: 0, width: 1000, height: 1000).insetBy(dx: -0.5, dy: -0.5)
        let outside = scene.items.filter { !bounds.contains(frame(of: $0)) }
        #expect(outside.isEmpty, "\(outside.count) boxes outside, e.g. \(outside.first.map { "\($0)" } ?? "")")
    }

    @Test("A plank carrying 24 boxes (more contacts than graph colours) holds them all")
    func manyContactsOnOneBody() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 700, height: 400))
        let plank = DynamicView(center: CGPoint(x: 350, y: 390), size: CGSize(width: 680, height: 20), name: "plank")
        let boxes = (0..<24).map { i in
            DynamicView(center: CGPoint(x: 35 + CGFloat(i) * 27.5, y: 365), size: CGSize(width: 25, height: 30), name: "b\(i)")
        }
        let all: [DynamicItem] = [plank] + boxes
        let collision = CollisionBehavior(items: all)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(GravityBehavior(items: all))
        animator.addBehavior(collision)
        animator.run(seconds: 5) { !animator.isRunning }
        #expect(!animator.isRunning)
        #expect(abs(plank.center.y - 390) <= 0.5)
        for b in boxes { #expect(abs(b.center.y - 365) <= 1 && abs(angle(of: b)) < 0.01, "\(b)") }
    }

    @Test("The same scene twice gives bit-identical states")
    func determinism() {
        let a = StandardScenes.boxes(300), b = StandardScenes.boxes(300)
        a.run(); b.run()
        #expect(stateHash(a.items) == stateHash(b.items))
    }
}
