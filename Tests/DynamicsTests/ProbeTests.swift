import Dynamics
import DynamicsTestSupport
import Foundation
import Testing

@Test func probeBounce() {
    let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 600))
    let item = DynamicView(center: CGPoint(x: 200, y: 100), size: CGSize(width: 40, height: 40), name: "box")
    let collision = CollisionBehavior(items: [item]); let rec = CollisionRecorder(); collision.collisionDelegate = rec
    collision.translatesReferenceBoundsIntoBoundary = true
    let props = DynamicItemBehavior(items: [item])
    props.elasticity = 0.8
    props.resistance = 0
    animator.addBehavior(GravityBehavior(items: [item]))
    animator.addBehavior(collision)
    animator.addBehavior(props)
    var out = ""
    for f in 0..<200 {
        animator.step(1.0/120)
        if f >= 114 && f < 122 { out += "PROBE \(f) y \(item.center.y) v \(animator.linearVelocity(of: item)!.y) x \(item.center.x) angle \(angle(of: item)) ev \(rec.events) \(rec.points)\n" }
    }
    print(out)
}
