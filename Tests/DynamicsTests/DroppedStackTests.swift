import Dynamics
import DynamicsTestSupport
import Foundation
import Testing

@Suite("Dropped stack")
struct DroppedStackTests {
    /// Ten 40 pt boxes, one above the other with 5 pt gaps (the lowest 5 pt above the floor),
    /// default properties (elasticity 0.2, friction 0.2), default gravity: they fall, land
    /// one on another and rest. Box2D v3 on the same drop rests within 0.001 rad.
    static func drop() -> (DynamicAnimator, [DynamicView]) {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 600))
        let boxes = (0..<10).map { i in
            DynamicView(center: CGPoint(x: 200, y: 600 - 5 - 20 - CGFloat(i) * 45),
                        size: CGSize(width: 40, height: 40), name: "box\(i)")
        }
        let collision = CollisionBehavior(items: boxes)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(GravityBehavior(items: boxes))
        animator.addBehavior(collision)
        return (animator, boxes)
    }

    /// Measured: 0.00009 rad (it was 0.005 before two-point lanes with one soft and one rigid
    /// point were solved point by point instead of as a block).
    @Test("Every box of a dropped ten-stack rests within 0.002 rad of upright")
    func droppedStackRestsUpright() {
        let (animator, boxes) = Self.drop()
        animator.run(seconds: 10) { !animator.isRunning }
        let tilts = boxes.map { abs(angle(of: $0)) }
        let worst = tilts.max()!

        #expect(!animator.isRunning, "comes to rest")
        #expect(worst <= 0.002, "tilts \(tilts)")
        for (i, box) in boxes.enumerated() {
            #expect(abs(box.center.x - 200) < 0.5, "box \(i) drifted to x = \(box.center.x)")
            #expect(abs(box.center.y - (600 - 20 - CGFloat(i) * 40)) <= 0.5 * CGFloat(i + 1), "box \(i) at y = \(box.center.y)")
        }
    }
}
