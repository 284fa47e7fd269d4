import Dynamics
import DynamicsTestSupport
import Foundation
import Testing

@Suite("Item groups")
struct ItemGroupTests {
    @Test("A group's mass is the sum of its members' and they keep their places")
    func rigidTogether() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 600, height: 600))
        let left = DynamicView(center: CGPoint(x: 200, y: 100), size: CGSize(width: 100, height: 100), name: "left")
        let right = DynamicView(center: CGPoint(x: 400, y: 150), size: CGSize(width: 100, height: 50), name: "right")
        let group = DynamicItemGroup(items: [left, right])
        #expect(group.center == CGPoint(x: 300, y: 112.5))
        let collision = CollisionBehavior(items: [group])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(GravityBehavior(items: [group]))
        animator.addBehavior(collision)
        animator.step(1.0 / 60)
        #expect(abs(animator.mass(of: group)! - 1.5) < 1e-12, "1 + 0.5")
        var worst = 0.0
        animator.run(seconds: 4) {
            // The members stay 200 pt apart along the group's axis, 50 pt across it.
            let t = group.transform
            let dx = Double(right.center.x - left.center.x), dy = Double(right.center.y - left.center.y)
            worst = max(worst, abs(Double(t.a) * dx + Double(t.b) * dy - 200), abs(-Double(t.b) * dx + Double(t.a) * dy - 50))
            return false
        }
        #expect(worst < 1e-6, "members drifted apart by \(worst) pt")
        #expect(right.center.y > 500 && left.center.y > 500, "the group fell and landed: \(left.center) \(right.center)")
        #expect(abs(angle(of: left) - angle(of: group)) < 1e-9)
    }

    @Test("Groups collide as one: a bar resting across two posts")
    func collidesAsOne() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 600, height: 600))
        let post1 = DynamicView(center: CGPoint(x: 150, y: 550), size: CGSize(width: 20, height: 100))
        let post2 = DynamicView(center: CGPoint(x: 450, y: 550), size: CGSize(width: 20, height: 100))
        let a = DynamicView(center: CGPoint(x: 200, y: 300), size: CGSize(width: 150, height: 20))
        let b = DynamicView(center: CGPoint(x: 400, y: 300), size: CGSize(width: 150, height: 20))
        let bar = DynamicItemGroup(items: [a, b]) // a gap of 50 pt between the halves
        let anchored = DynamicItemBehavior(items: [post1, post2]); anchored.isAnchored = true
        let collision = CollisionBehavior(items: [post1, post2, bar])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(anchored)
        animator.addBehavior(GravityBehavior(items: [bar]))
        animator.addBehavior(collision)
        animator.run(seconds: 4) { !animator.isRunning }
        // Each half rests on its own post: together they hold level on top (y = 500 − 10).
        #expect(abs(a.center.y - 490) <= 0.5 && abs(b.center.y - 490) <= 0.5, "\(a.center) \(b.center)")
        #expect(abs(angle(of: a)) < 0.01)
    }

    @Test("A member added on its own next to its group is refused")
    func memberAlone() {
        let animator = DynamicAnimator()
        var errors: [DynamicsError] = []
        animator.invalidInputHandler = { errors.append($0) }
        let a = DynamicView(center: .zero, size: CGSize(width: 10, height: 10), name: "a")
        let b = DynamicView(center: CGPoint(x: 20, y: 0), size: CGSize(width: 10, height: 10))
        let group = DynamicItemGroup(items: [a, b])
        animator.addBehavior(GravityBehavior(items: [group, a]))
        animator.step(1.0 / 60)
        #expect(errors.count == 1 && errors[0].property == "group" && errors[0].owner.contains("\"a\""))
        #expect(animator.linearVelocity(of: a) == nil && animator.linearVelocity(of: group) != nil)
    }
}
