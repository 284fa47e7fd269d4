import Dynamics
import DynamicsTestSupport
import Foundation
import Testing

@Suite("Collisions, bounces and delegates")
struct CollisionTests {
    /// A box dropped onto the bottom of a 400×600 area.
    func drop(elasticity: CGFloat, from y: CGFloat = 100, shape: DynamicItemCollisionBoundsType = .rectangle)
        -> (DynamicAnimator, DynamicView, CollisionBehavior, CollisionRecorder) {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 600))
        let item = DynamicView(center: CGPoint(x: 200, y: y), size: CGSize(width: 40, height: 40),
                               collisionBoundsType: shape, name: "box")
        let collision = CollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        let recorder = CollisionRecorder()
        collision.collisionDelegate = recorder
        let props = DynamicItemBehavior(items: [item])
        props.elasticity = elasticity
        props.resistance = 0
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.addBehavior(collision)
        animator.addBehavior(props)
        return (animator, item, collision, recorder)
    }

    /// Heights (pt above the rest position) of the apexes after each bounce.
    func apexes(_ animator: DynamicAnimator, _ item: DynamicView, rest: CGFloat, seconds: Double) -> [CGFloat] {
        var result: [CGFloat] = []
        var prevY = item.center.y, goingUp = false, minY = CGFloat.infinity
        animator.run(seconds: seconds, dt: 1.0 / 120) {
            let y = item.center.y
            if y < prevY { goingUp = true; minY = min(minY, y) }
            if goingUp && y > prevY { result.append(rest - minY); goingUp = false; minY = .infinity }
            prevY = y
            return false
        }
        return result
    }

    @Test("Elasticity 1 keeps at least 95 % of the drop height", arguments: [DynamicItemCollisionBoundsType.rectangle, .ellipse])
    func elasticBounce(shape: DynamicItemCollisionBoundsType) {
        let (animator, item, _, _) = drop(elasticity: 1, shape: shape)
        let dropHeight: CGFloat = 580 - 100
        let peaks = apexes(animator, item, rest: 580, seconds: 5)
        #expect(peaks.count >= 2, "bounces: \(peaks)")
        for p in peaks.prefix(2) {
            #expect(p >= 0.95 * dropHeight && p <= 1.01 * dropHeight, "apex \(p) of \(dropHeight)")
        }
    }

    @Test("Elasticity 0 does not bounce and rests on the floor within 0.5 pt")
    func inelastic() {
        let (animator, item, _, recorder) = drop(elasticity: 0)
        var landed = false, maxRebound: CGFloat = 0
        animator.run(seconds: 3) {
            if item.center.y > 579 { landed = true }
            if landed { maxRebound = max(maxRebound, 580 - item.center.y) }
            return false
        }
        #expect(landed)
        #expect(maxRebound < 0.5, "rebounded \(maxRebound) pt")
        #expect(abs(item.center.y - 580) <= 0.5)
        #expect(recorder.events == ["began box nil"], "a resting contact begins once and never ends: \(recorder.events)")
        #expect(!animator.isRunning)
    }

    @Test("A bouncing item reports began and ended in turn, with the contact point")
    func bounceEvents() {
        let (animator, _, _, recorder) = drop(elasticity: 0.8)
        animator.run(seconds: 4.5)
        let began = recorder.count("began"), ended = recorder.count("ended")
        #expect(began >= 2)
        #expect(began - ended == 0 || began - ended == 1)
        for (i, e) in recorder.events.enumerated() { #expect(e == (i % 2 == 0 ? "began box nil" : "ended box nil")) }
        for p in recorder.points {
            #expect(abs(p.y - 600) < 1 && p.x > 179 && p.x < 221, "contact point \(p) of \(recorder.points)")
        }
    }

    @Test("Item–item contacts report both items and a named boundary its identifier")
    func itemAndNamedBoundaryEvents() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 600))
        let lower = DynamicView(center: CGPoint(x: 200, y: 380), size: CGSize(width: 40, height: 40), name: "lower")
        let upper = DynamicView(center: CGPoint(x: 200, y: 200), size: CGSize(width: 40, height: 40), name: "upper")
        let collision = CollisionBehavior(items: [lower, upper])
        collision.addBoundary(withIdentifier: "shelf", from: CGPoint(x: 100, y: 400), to: CGPoint(x: 300, y: 400))
        #expect(collision.boundaryIdentifiers == ["shelf"])
        let recorder = CollisionRecorder()
        collision.collisionDelegate = recorder
        animator.addBehavior(GravityBehavior(items: [lower, upper]))
        animator.addBehavior(collision)
        animator.run(seconds: 3)
        #expect(recorder.events.sorted() == ["began lower shelf", "began upper lower"].sorted() ||
                recorder.events.sorted() == ["began lower shelf", "began lower upper"].sorted(), "\(recorder.events)")
        #expect(abs(lower.center.y - 380) <= 0.5)
        #expect(abs(upper.center.y - 340) <= 1)
        let shelfPoint = recorder.points[recorder.events.firstIndex(of: "began lower shelf")!]
        #expect(abs(shelfPoint.y - 400) < 1)
    }

    /// Each `began` gets its `ended`, whatever ends the contact: a delegate that counts open
    /// contacts leaked when an item or boundary left the behavior, the mode changed or
    /// the behavior was removed while two items touched (the engine ended the contact, but no
    /// behavior held both parties any more, so nobody was told).
    @Test("Every began gets its ended when an item, boundary, mode or behavior goes", arguments: [
        "removeItem(lower)", "removeItem(upper)", "mode = .boundaries", "mode = .items", "removeBoundary",
        "removeBehavior", "removeBehavior (another still collides them)", "delegate set after began",
    ])
    func beganAlwaysEnds(change: String) {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 600))
        let lower = DynamicView(center: CGPoint(x: 200, y: 380), size: CGSize(width: 40, height: 40), name: "lower")
        let upper = DynamicView(center: CGPoint(x: 200, y: 320), size: CGSize(width: 40, height: 40), name: "upper")
        let collision = CollisionBehavior(items: [lower, upper])
        collision.addBoundary(withIdentifier: "shelf", from: CGPoint(x: 100, y: 400), to: CGPoint(x: 300, y: 400))
        let recorder = CollisionRecorder()
        if change != "delegate set after began" { collision.collisionDelegate = recorder }
        animator.addBehavior(GravityBehavior(items: [lower, upper]))
        animator.addBehavior(collision)
        let other = CollisionBehavior(items: [lower, upper])
        other.collisionMode = .items
        if change.hasSuffix("(another still collides them)") { animator.addBehavior(other) }
        animator.run(seconds: 2)
        let opened = recorder.events.filter { $0.hasPrefix("began") }.count
        switch change {
        case "removeItem(lower)": collision.removeItem(lower)
        case "removeItem(upper)": collision.removeItem(upper)
        case "mode = .boundaries": collision.collisionMode = .boundaries
        case "mode = .items": collision.collisionMode = .items
        case "removeBoundary": collision.removeBoundary(withIdentifier: "shelf")
        case "delegate set after began": collision.collisionDelegate = recorder; collision.removeItem(lower)
        default: animator.removeBehavior(collision)
        }
        animator.run(seconds: 0.5)
        let ended = recorder.events.filter { $0.hasPrefix("ended") }
        // What each change closes (the shelf contact is "lower shelf", the pair "lower upper" either way round).
        let expectedEnded: [String: [String]] = [
            "removeItem(lower)": ["lower shelf", "pair"], "removeItem(upper)": ["pair"],
            "mode = .boundaries": ["pair"], "mode = .items": ["lower shelf"], "removeBoundary": ["lower shelf"],
            "removeBehavior": ["lower shelf", "pair"], "removeBehavior (another still collides them)": ["lower shelf", "pair"],
            "delegate set after began": [],
        ]
        func kind(_ e: String) -> String { e.hasSuffix("shelf") ? "lower shelf" : "pair" }
        #expect(opened == (change == "delegate set after began" ? 0 : 2), "\(recorder.events)")
        #expect(ended.map { kind(String($0.dropFirst(6))) }.sorted() == expectedEnded[change]!.sorted(), "\(recorder.events)")
        // Nothing ended that had not begun, and no contact ended twice.
        #expect(Set(ended.map { kind(String($0.dropFirst(6))) }).count == ended.count)
    }

    /// Each change to a collision's boundaries rebuilt them all, and an item resting
    /// on the bounds was told began again (no ended between): the old contact ended and a new
    /// one began within the frame. Both are now dropped, as for any contact that ends and
    /// begins again between the same parties within one frame.
    @Test("Changing boundaries elsewhere tells a resting contact nothing; it still ends once")
    func boundaryChangesKeepRestingContact() {
        let (animator, box, collision, recorder) = drop(elasticity: 0, from: 580) // resting on the floor
        animator.run(seconds: 1)
        #expect(recorder.events == ["began box nil"])
        collision.addBoundary(withIdentifier: "far", from: CGPoint(x: 10, y: 10), to: CGPoint(x: 60, y: 10))
        animator.run(seconds: 0.1)
        collision.addBoundary(withIdentifier: "far", from: CGPoint(x: 10, y: 20), to: CGPoint(x: 60, y: 20))
        collision.boundaryFriction = 0.3
        animator.run(seconds: 0.1)
        collision.removeBoundary(withIdentifier: "far")
        animator.run(seconds: 0.1)
        #expect(recorder.events == ["began box nil"], "\(recorder.events)")
        collision.removeItem(box)
        animator.run(seconds: 0.1)
        #expect(recorder.events == ["began box nil", "ended box nil"], "\(recorder.events)")
    }

    /// An item in a corner touches the bounds with two shapes (floor and wall) and
    /// was told began twice; the delegate hears one contact per pair of parties.
    @Test("An item resting in a corner of the bounds begins once with them, and ends once")
    func cornerIsOneContact() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 400))
        let box = DynamicView(center: CGPoint(x: 25, y: 300), size: CGSize(width: 40, height: 40), name: "box")
        let collision = CollisionBehavior(items: [box])
        collision.translatesReferenceBoundsIntoBoundary = true
        let recorder = CollisionRecorder()
        collision.collisionDelegate = recorder
        let gravity = GravityBehavior(items: [box])
        gravity.gravityDirection = CGVector(dx: -1, dy: 1) // into the lower-left corner
        animator.addBehavior(gravity)
        animator.addBehavior(collision)
        animator.run(seconds: 2)
        #expect(abs(box.center.x - 20) < 1 && abs(box.center.y - 380) < 1, "in the corner: \(box.center)")
        #expect(recorder.events == ["began box nil"], "\(recorder.events)")
        collision.removeItem(box)
        animator.run(seconds: 0.1)
        #expect(recorder.events == ["began box nil", "ended box nil"], "\(recorder.events)")
    }

    @Test("Mode .items: items pass through boundaries but not each other")
    func itemsMode() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 600))
        let a = DynamicView(center: CGPoint(x: 200, y: 500), size: CGSize(width: 40, height: 40), name: "a")
        let b = DynamicView(center: CGPoint(x: 200, y: 300), size: CGSize(width: 40, height: 40), name: "b")
        let collision = CollisionBehavior(items: [a, b])
        collision.collisionMode = .items
        collision.translatesReferenceBoundsIntoBoundary = true
        let props = DynamicItemBehavior(items: [a]); props.isAnchored = true
        animator.addBehavior(GravityBehavior(items: [b]))
        animator.addBehavior(collision); animator.addBehavior(props)
        animator.run(seconds: 2)
        #expect(abs(b.center.y - 460) <= 0.5, "b rests on the anchored a: \(b.center.y)")
        #expect(a.center == CGPoint(x: 200, y: 500), "anchored items do not move")

        let lone = DynamicView(center: CGPoint(x: 100, y: 500), size: CGSize(width: 40, height: 40))
        collision.addItem(lone)
        (animator.behaviors[0] as! GravityBehavior).addItem(lone)
        animator.run(seconds: 1)
        #expect(lone.center.y > 700, "the bounds are no boundary in .items mode")
    }

    @Test("Mode .boundaries: items pass through each other but not boundaries")
    func boundariesMode() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 600))
        let a = DynamicView(center: CGPoint(x: 200, y: 500), size: CGSize(width: 40, height: 40))
        let b = DynamicView(center: CGPoint(x: 200, y: 300), size: CGSize(width: 40, height: 40))
        let collision = CollisionBehavior(items: [a, b])
        collision.collisionMode = .boundaries
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(GravityBehavior(items: [a, b]))
        animator.addBehavior(collision)
        animator.run(seconds: 3)
        #expect(abs(a.center.y - 580) <= 0.5 && abs(b.center.y - 580) <= 0.5)
    }

    @Test("Items in different collision behaviors do not collide")
    func separateBehaviors() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 600))
        let a = DynamicView(center: CGPoint(x: 200, y: 500), size: CGSize(width: 40, height: 40))
        let b = DynamicView(center: CGPoint(x: 200, y: 300), size: CGSize(width: 40, height: 40))
        let ca = CollisionBehavior(items: [a]), cb = CollisionBehavior(items: [b])
        ca.translatesReferenceBoundsIntoBoundary = true
        cb.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(GravityBehavior(items: [a, b]))
        animator.addBehavior(ca); animator.addBehavior(cb)
        animator.run(seconds: 3)
        #expect(abs(a.center.y - 580) <= 0.5 && abs(b.center.y - 580) <= 0.5)
    }

    @Test("Insets move the reference-bounds boundary")
    func insets() {
        let (animator, item, collision, _) = drop(elasticity: 0)
        collision.setTranslatesReferenceBoundsIntoBoundary(with: EdgeInsets(top: 0, left: 0, bottom: 100, right: 0))
        animator.run(seconds: 3)
        #expect(abs(item.center.y - 480) <= 0.5)
    }

    @Test("Boundaries can be listed, read back, replaced and removed")
    func boundaryBookkeeping() {
        let c = CollisionBehavior()
        c.addBoundary(withIdentifier: "a", from: .zero, to: CGPoint(x: 10, y: 0))
        c.addBoundary(withIdentifier: "b", for: BezierPath(ovalIn: CGRect(x: 0, y: 0, width: 10, height: 10)))
        c.addBoundary(withIdentifier: "a", from: .zero, to: CGPoint(x: 20, y: 0))
        #expect(c.boundaryIdentifiers == ["b", "a"])
        #expect(c.boundary(withIdentifier: "a")?.bounds.width == 20)
        c.removeBoundary(withIdentifier: "b")
        #expect(c.boundaryIdentifiers == ["a"])
        c.removeAllBoundaries()
        #expect(c.boundaryIdentifiers.isEmpty && c.boundary(withIdentifier: "a") == nil)
    }

    @Test("A curved path boundary holds a ball in a bowl")
    func bowl() {
        let animator = DynamicAnimator()
        let ball = DynamicView(center: CGPoint(x: 150, y: 0), size: CGSize(width: 20, height: 20), collisionBoundsType: .ellipse)
        let bowl = BezierPath()
        bowl.move(to: CGPoint(x: 0, y: 0))
        bowl.addQuadCurve(to: CGPoint(x: 200, y: 0), controlPoint: CGPoint(x: 100, y: 200))
        let collision = CollisionBehavior(items: [ball])
        collision.addBoundary(withIdentifier: "bowl", for: bowl)
        let props = DynamicItemBehavior(items: [ball])
        props.resistance = 1
        props.angularResistance = 1
        animator.addBehavior(props)
        animator.addBehavior(GravityBehavior(items: [ball]))
        animator.addBehavior(collision)
        animator.run(seconds: 10) { !animator.isRunning }
        #expect(abs(ball.center.x - 100) < 2, "settles at the bottom: \(ball.center)")
        #expect(abs(ball.center.y - 90) < 1.5, "on the curve's lowest point (y = 100) minus the radius: \(ball.center)")
    }
}

@Suite("Shapes")
struct ShapeTests {
    @Test("A closed oval boundary keeps a bouncing item inside")
    func ovalBoundary() {
        let animator = DynamicAnimator()
        let ball = DynamicView(center: CGPoint(x: 200, y: 150), size: CGSize(width: 30, height: 30), collisionBoundsType: .ellipse)
        let collision = CollisionBehavior(items: [ball])
        collision.addBoundary(withIdentifier: "ring", for: BezierPath(ovalIn: CGRect(x: 100, y: 100, width: 200, height: 200)))
        let props = DynamicItemBehavior(items: [ball]); props.elasticity = 0.9; props.resistance = 0
        props.addLinearVelocity(CGPoint(x: 700, y: -300), for: ball)
        animator.addBehavior(GravityBehavior(items: [ball])); animator.addBehavior(collision); animator.addBehavior(props)
        var worst: CGFloat = 0
        animator.run(seconds: 5) {
            let d = hypot(ball.center.x - 200, ball.center.y - 200) + 15
            worst = max(worst, d)
            return false
        }
        #expect(worst <= 100.5, "reached \(worst) pt from the centre of a 100 pt ring")
    }

    @Test("Circles stack in a channel and rest touching (within 0.5 pt per contact)")
    func circleStack() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 41, height: 400))
        let balls = (0..<5).map { i in
            DynamicView(center: CGPoint(x: 20.5, y: 380 - CGFloat(i) * 50), size: CGSize(width: 40, height: 40),
                        collisionBoundsType: .ellipse, name: "ball\(i)")
        }
        let collision = CollisionBehavior(items: balls)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(GravityBehavior(items: balls)); animator.addBehavior(collision)
        animator.run(seconds: 8) { !animator.isRunning }
        #expect(!animator.isRunning)
        for (i, b) in balls.enumerated() {
            #expect(abs(b.center.y - (380 - CGFloat(i) * 40)) <= 0.5 * CGFloat(i + 1), "\(b)")
        }
    }

    @Test("Path items collide with their true outline")
    func triangleOnFloor() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 600))
        let wedge = DynamicView(center: CGPoint(x: 200, y: 300), size: CGSize(width: 100, height: 100), collisionBoundsType: .path)
        let path = BezierPath()
        path.move(to: CGPoint(x: -50, y: 50)); path.addLine(to: CGPoint(x: 50, y: 50)); path.addLine(to: CGPoint(x: 0, y: -50)); path.close()
        wedge.collisionBoundingPath = path
        let collision = CollisionBehavior(items: [wedge])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(GravityBehavior(items: [wedge])); animator.addBehavior(collision)
        animator.run(seconds: 4) { !animator.isRunning }
        // Resting on its base: the base (50 pt below the center) is on the floor.
        #expect(abs(wedge.center.y - 550) <= 0.5 && abs(angle(of: wedge)) < 0.01, "\(wedge.center) \(angle(of: wedge))")
    }
}

@Suite("Tunneling")
struct TunnelingTests {
    func shot(velocity: CGPoint, size: CGFloat = 10, wall: (CGPoint, CGPoint), thinItem: Bool) -> DynamicView {
        let animator = DynamicAnimator()
        let bullet = DynamicView(center: CGPoint(x: 100, y: 100), size: CGSize(width: size, height: size), name: "bullet")
        let collision = CollisionBehavior(items: [bullet])
        if thinItem {
            let (p, q) = wall
            let thin = DynamicView(frame: CGRect(x: min(p.x, q.x), y: min(p.y, q.y) - 1, width: abs(q.x - p.x), height: 2), name: "thin")
            collision.addItem(thin)
            let anchor = DynamicItemBehavior(items: [thin]); anchor.isAnchored = true
            animator.addBehavior(anchor)
        } else {
            collision.addBoundary(withIdentifier: "wall", from: wall.0, to: wall.1)
        }
        let props = DynamicItemBehavior(items: [bullet])
        props.resistance = 0
        props.elasticity = 0.5
        props.addLinearVelocity(velocity, for: bullet)
        animator.addBehavior(collision)
        animator.addBehavior(props)
        animator.run(seconds: 1)
        return bullet
    }

    @Test("A 10×10 item at 5000 pt/s does not cross a segment boundary")
    func fastIntoSegment() {
        let b = shot(velocity: CGPoint(x: 0, y: 5000), wall: (CGPoint(x: -1000, y: 300), CGPoint(x: 1000, y: 300)), thinItem: false)
        #expect(b.center.y < 300, "ended at \(b.center)")
    }

    @Test("A 10×10 item at 5000 pt/s at an angle does not cross a segment boundary")
    func fastDiagonal() {
        let b = shot(velocity: CGPoint(x: 3000, y: 4000), wall: (CGPoint(x: -1000, y: 700), CGPoint(x: 3000, y: 300)), thinItem: false)
        // Below the line y = 700 − 0.1·(x + 1000) means crossed.
        let lineY = 700 - 0.1 * (b.center.x + 1000)
        #expect(b.center.y < lineY, "ended at \(b.center)")
    }

    @Test("A 10×10 item at 5000 pt/s does not cross a 2 pt thin anchored item")
    func fastIntoThinItem() {
        let b = shot(velocity: CGPoint(x: 0, y: 5000), wall: (CGPoint(x: -1000, y: 300), CGPoint(x: 1000, y: 300)), thinItem: true)
        #expect(b.center.y < 300, "ended at \(b.center)")
    }
}
