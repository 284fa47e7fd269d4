import Dynamics
import Foundation

// Box2D v3's benchmark scenes (its `benchmark` app: large_pyramid, many_pyramids, joint_grid),
// rebuilt through the public model so the figure is what a user of Dynamics gets. Box2D works
// in metres with y up; the model in points with y down, 100 pt = 1 m, so a Box2D position
// (x, y) m becomes (x0 + 100x, y0 − 100y) pt. Box2D's defaults carry over: density 1 (a
// 100 × 100 pt item weighs 1, as 1 m² at 1 kg/m²), friction 0.6, restitution 0, gravity
// 10 m/s² (magnitude 1), 60 Hz steps of 4 sub-steps, and its step counts.

extension StandardScenes {
    /// Box2D's step: 1/60 s, as its benchmark app (`timeStep = 1.0f / 60.0f`, 4 sub-steps).
    static let box2DStep: TimeInterval = 1.0 / 60

    /// `largePyramid`: Box2D's `large_pyramid`, a pyramid of 100 rows of 1 m boxes (5050 items)
    /// on a static ground 200 m wide; 500 steps at 60 Hz.
    public static func largePyramid(baseCount: Int = 100) -> Scene {
        let extent: CGFloat = 50                                  // half side, pt (0.5 m)
        let width = max(20_000, CGFloat(baseCount) * 2 * extent + 2_000)
        let groundY = CGFloat(baseCount) * 2 * extent + 1_000    // ground top, pt
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: width, height: groundY + 200))
        animator.fixedTimeStep = box2DStep
        let x0 = width / 2
        var items: [DynamicView] = []
        items.reserveCapacity(baseCount * (baseCount + 1) / 2)
        for i in 0..<baseCount {
            let y = CGFloat(2 * i + 1) * extent
            for j in i..<baseCount {
                let x = CGFloat(i + 1) * extent + 2 * CGFloat(j - i) * extent - extent * CGFloat(baseCount)
                items.append(DynamicView(center: CGPoint(x: x0 + x, y: groundY - y),
                                         size: CGSize(width: 2 * extent, height: 2 * extent)))
            }
        }
        let collision = CollisionBehavior(items: items)
        collision.addBoundary(withIdentifier: "ground", from: CGPoint(x: x0 - 10_000, y: groundY),
                              to: CGPoint(x: x0 + 10_000, y: groundY))
        addBox2DDefaults(animator, items, collision)
        return Scene(name: "largePyramid", animator: animator, items: items, frames: 500, frameDuration: box2DStep)
    }

    /// `manyPyramids`: Box2D's `many_pyramids`, a 20 × 20 grid of pyramids with a base of 10
    /// boxes of 1 m (22 000 items), each row of pyramids on its own ground segment; 200 steps
    /// at 60 Hz.
    public static func manyPyramids(rows: Int = 20, columns: Int = 20, baseCount: Int = 10) -> Scene {
        let extent: CGFloat = 50
        let groundDeltaY = 2 * extent * CGFloat(baseCount + 1)
        let groundWidth = 2 * extent * CGFloat(columns * (baseCount + 1))
        let baseWidth = 2 * extent * CGFloat(baseCount)
        let width = groundWidth + 1_000, bottom = CGFloat(rows) * groundDeltaY + 500
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: width, height: bottom + 200))
        animator.fixedTimeStep = box2DStep
        let x0 = width / 2
        var items: [DynamicView] = []
        items.reserveCapacity(rows * columns * baseCount * (baseCount + 1) / 2)
        let collision = CollisionBehavior()
        for r in 0..<rows {
            let groundY = CGFloat(r) * groundDeltaY
            collision.addBoundary(withIdentifier: "ground\(r)", from: CGPoint(x: x0 - groundWidth / 2, y: bottom - groundY),
                                  to: CGPoint(x: x0 + groundWidth / 2, y: bottom - groundY))
            for c in 0..<columns {
                let centerX = -groundWidth / 2 + CGFloat(c) * (baseWidth + 2 * extent) + 2 * extent
                for i in 0..<baseCount {
                    let y = CGFloat(2 * i + 1) * extent + groundY
                    for j in i..<baseCount {
                        let x = CGFloat(i + 1) * extent + 2 * CGFloat(j - i) * extent + centerX - 50
                        items.append(DynamicView(center: CGPoint(x: x0 + x, y: bottom - y),
                                                 size: CGSize(width: 2 * extent, height: 2 * extent)))
                    }
                }
            }
        }
        for item in items { collision.addItem(item) }
        addBox2DDefaults(animator, items, collision)
        return Scene(name: "manyPyramids", animator: animator, items: items, frames: 200, frameDuration: box2DStep)
    }

    /// `jointGrid`: Box2D's `joint_grid`, 100 × 100 balls of radius 0.4 m one metre apart,
    /// each pinned to its neighbour above and to its left (19 800 pins), hanging from seven
    /// anchored balls in the middle of the top row; the balls do not collide. 500 steps at 60 Hz.
    public static func jointGrid(_ n: Int = 100) -> Scene {
        let pitch: CGFloat = 100, radius: CGFloat = 40
        let width = CGFloat(n) * pitch * 3, height = CGFloat(n) * pitch * 3
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: width, height: height))
        animator.fixedTimeStep = box2DStep
        let x0 = CGFloat(n) * pitch, y0: CGFloat = 500
        var items: [DynamicView] = []
        items.reserveCapacity(n * n)
        var anchored: [DynamicView] = []
        var pins: [AttachmentBehavior] = []
        pins.reserveCapacity(2 * n * (n - 1))
        for k in 0..<n {
            for i in 0..<n {
                let ball = DynamicView(center: CGPoint(x: x0 + CGFloat(k) * pitch, y: y0 + CGFloat(i) * pitch),
                                       size: CGSize(width: 2 * radius, height: 2 * radius), collisionBoundsType: .ellipse)
                if k >= n / 2 - 3 && k <= n / 2 + 3 && i == 0 { anchored.append(ball) }
                if i > 0 {
                    let above = items[items.count - 1]
                    pins.append(.pinAttachment(with: above, attachedTo: ball,
                                               attachmentAnchor: CGPoint(x: ball.center.x, y: ball.center.y - pitch / 2)))
                }
                if k > 0 {
                    let left = items[items.count - n]
                    pins.append(.pinAttachment(with: left, attachedTo: ball,
                                               attachmentAnchor: CGPoint(x: ball.center.x - pitch / 2, y: ball.center.y)))
                }
                items.append(ball)
            }
        }
        let gravity = GravityBehavior(items: items)
        let props = DynamicItemBehavior(items: items)
        props.friction = 0.6
        let anchors = DynamicItemBehavior(items: anchored)
        anchors.isAnchored = true
        animator.addBehavior(gravity)
        animator.addBehavior(props)
        animator.addBehavior(anchors)
        let joints = DynamicBehavior()
        for p in pins { joints.addChildBehavior(p) }
        animator.addBehavior(joints)
        return Scene(name: "jointGrid", animator: animator, items: items, frames: 500, frameDuration: box2DStep)
    }

    /// Gravity, Box2D's default friction and restitution, and the collision behavior. (The
    /// model's default elasticity is 0.2; until 2026-11-26 these scenes kept it, so every
    /// contact was also prepared for a bounce that Box2D's scenes never make.)
    private static func addBox2DDefaults(_ animator: DynamicAnimator, _ items: [DynamicView], _ collision: CollisionBehavior) {
        let props = DynamicItemBehavior(items: items)
        props.friction = 0.6
        props.elasticity = 0
        animator.addBehavior(GravityBehavior(items: items))
        animator.addBehavior(props)
        animator.addBehavior(collision)
    }
}
