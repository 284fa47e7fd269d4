@testable import Dynamics
import DynamicsTestSupport
import Foundation
import Testing

@Suite("Bad input")
struct BadInputTests {
    /// An animator that collects errors instead of trapping, with one healthy item.
    func animator() -> (DynamicAnimator, DynamicView, GravityBehavior, ErrorBox) {
        let errors = ErrorBox()
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 600))
        animator.invalidInputHandler = { errors.list.append($0) }
        let healthy = DynamicView(center: CGPoint(x: 50, y: 50), size: CGSize(width: 10, height: 10), name: "healthy")
        let gravity = GravityBehavior(items: [healthy])
        animator.addBehavior(gravity)
        return (animator, healthy, gravity, errors)
    }

    final class ErrorBox { var list: [DynamicsError] = [] }

    @Test("A collision path of more than Limits.pathPoints points is refused, naming the path; 2048 are taken")
    func pathPoints() throws {
        func circle(_ n: Int) -> BezierPath {
            let p = BezierPath()
            for i in 0..<n {
                let t = 2 * Double.pi * Double(i) / Double(n)
                let q = CGPoint(x: 20 * cos(t), y: 20 * sin(t))
                if i == 0 { p.move(to: q) } else { p.addLine(to: q) }
            }
            p.close()
            return p
        }
        let view = DynamicView(center: CGPoint(x: 100, y: 100), size: CGSize(width: 40, height: 40),
                               collisionBoundsType: .path, name: "round")
        view.collisionBoundingPath = circle(Limits.pathPoints)
        try view.checkCollisionShape()
        view.collisionBoundingPath = circle(Limits.pathPoints + 1)
        #expect(throws: DynamicsError(owner: "item \"round\"", property: "collisionBoundingPath",
                                      message: "has more than 2048 points (curves flattened)")) { try view.checkCollisionShape() }
    }

    @Test("Outside catching, invalid input goes to InvalidInput.uncaughtHandler when one is set; the setter refuses it")
    func uncaughtHandler() {
        let field = FieldBehavior.noiseField(smoothness: 1, animationSpeed: 1)
        var seen: [DynamicsError] = []
        InvalidInput.uncaughtHandler = { seen.append($0) }
        defer { InvalidInput.uncaughtHandler = nil }
        field.strength = .nan
        #expect(seen.map(\.property) == ["strength"])
        #expect(field.strength == 1, "the value is refused")
    }

    @Test("Forces applied many times in a frame hold one entry per item and act as their sum (within 1e-9)")
    func heldForcesMerge() {
        func spin(_ times: Int) -> (CGPoint, CGFloat, Int) {
            let animator = DynamicAnimator()
            let box = DynamicView(center: CGPoint(x: 100, y: 100), size: CGSize(width: 20, height: 10))
            animator.addBehavior(DynamicItemBehavior(items: [box]))
            animator.step(0)
            // One force at an offset, whole (the unmerged path) or in parts (merged).
            for _ in 0..<times {
                animator.applyForce(CGVector(dx: 30 / CGFloat(times), dy: 20 / CGFloat(times)), to: box, atOffset: CGVector(dx: 3, dy: 5))
            }
            let held = animator.heldForces.count
            animator.step(1.0 / 60)
            return (animator.linearVelocity(of: box)!, animator.angularVelocity(of: box)!, held)
        }
        let (v1, w1, held1) = spin(1), (v1000, w1000, held1000) = spin(1000)
        #expect(held1 == 1 && held1000 == 1, "one entry per item")
        #expect(abs(v1.x - v1000.x) < 1e-9 && abs(v1.y - v1000.y) < 1e-9, "\(v1) \(v1000)")
        #expect(abs(w1 - w1000) < 1e-9 && abs(w1) > 0.1, "\(w1) \(w1000)")
    }

    @Test("Items piled on one spot past maximumContacts stop the animator with an error; 0 is refused")
    func tooManyContacts() throws {
        let (animator, _, _, errors) = animator()
        #expect(animator.maximumContacts == Int.max, "no limit by default")
        #expect(throws: DynamicsError.self) { try InvalidInput.catching { animator.maximumContacts = 0 } }
        animator.maximumContacts = 100
        let pile = (0..<30).map { DynamicView(center: CGPoint(x: 200, y: 300), size: CGSize(width: 10, height: 10), name: "p\($0)") }
        animator.addBehavior(CollisionBehavior(items: pile)) // 435 pairs
        animator.addBehavior(GravityBehavior(items: pile))
        animator.step(1.0 / 60)
        #expect(errors.list.map(\.property) == ["maximumContacts"], "\(errors.list)")
        #expect(errors.list.first?.message.contains("more than 100 pairs") == true)
        #expect(animator.hasTooManyContacts && !animator.isRunning)
        let time = animator.elapsedTime
        animator.step(1.0 / 60)
        #expect(animator.elapsedTime == time && errors.list.count == 1, "later frames do nothing")
        #expect(pile.allSatisfy { $0.center == CGPoint(x: 200, y: 300) })
    }

    @Test("The contact bound's message says which pairs: one item on a long path boundary is not a pile")
    func contactBoundNamesItsPairs() throws {
        let (animator, _, _, errors) = animator()
        animator.maximumContacts = 50
        // A 300 pt item falling onto a floor of 1 pt segments touches a few hundred of them.
        let plank = DynamicView(center: CGPoint(x: 400, y: 280), size: CGSize(width: 300, height: 20), name: "plank")
        let floor = BezierPath()
        floor.move(to: CGPoint(x: 0, y: 300))
        for x in stride(from: 1, through: 800, by: 1) { floor.addLine(to: CGPoint(x: CGFloat(x), y: 300)) }
        let collision = CollisionBehavior(items: [plank])
        collision.addBoundary(withIdentifier: "floor", for: floor)
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: [plank]))
        for _ in 0..<60 where errors.list.isEmpty { animator.step(1.0 / 60) }
        let message = try #require(errors.list.first?.message)
        // It counted a pile's worth of items ("a pile of about 5 items") for one plank.
        #expect(message.contains("(found: 0 between items, ") && message.contains("of items with boundary segments"), "\(message)")
        #expect(!message.contains("pile of about"))
    }

    static let badSizes: [(String, CGSize)] = [
        ("zero", CGSize(width: 0, height: 10)), ("negative", CGSize(width: 10, height: -5)),
        ("nan", CGSize(width: CGFloat.nan, height: 10)), ("infinite", CGSize(width: 10, height: CGFloat.infinity)),
    ]

    @Test("Zero, negative and non-finite sizes name the item and bounds.size", arguments: badSizes.map(\.0))
    func badSize(label: String) {
        let size = Self.badSizes.first { $0.0 == label }!.1
        let (animator, healthy, gravity, errors) = animator()
        let bad = DynamicView(center: CGPoint(x: 100, y: 100), size: CGSize(width: 10, height: 10), name: "bad-\(label)")
        bad.bounds.size = size
        gravity.addItem(bad)
        animator.run(seconds: 0.5)
        #expect(errors.list.count == 1)
        #expect(errors.list.first?.property == "bounds.size")
        #expect(errors.list.first?.owner.contains("bad-\(label)") == true, "\(errors.list)")
        #expect(animator.linearVelocity(of: bad) == nil, "left out of the world")
        #expect(healthy.center.y > 100 && healthy.center.y.isFinite, "the rest keeps running")
    }

    @Test("A non-finite center or transform is refused")
    func badCenterAndTransform() {
        let (animator, _, gravity, errors) = animator()
        let nanCenter = DynamicView(center: CGPoint(x: CGFloat.nan, y: 0), size: CGSize(width: 10, height: 10), name: "c")
        let infTransform = DynamicView(center: .zero, size: CGSize(width: 10, height: 10), name: "t")
        infTransform.transform = CGAffineTransform(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        gravity.addItem(nanCenter); gravity.addItem(infTransform)
        animator.step(1.0 / 60)
        #expect(errors.list.map(\.property) == ["center", "transform"])
        #expect(errors.list[0].message.contains("nan"))
    }

    /// Rounds 22 and 23: errors named items by their Swift description, then by a name that
    /// could end its own quote, and an unnamed item by 17 digits.
    @Test("Errors name an item by its escaped name, or by where it is")
    func itemOwners() {
        let quoted = DynamicView(center: .zero, size: CGSize(width: 1, height: 1), name: "q\"uote\nx")
        #expect(Validate.owner(of: quoted) == #"item "q\"uote\nx""#)
        let empty = DynamicView(center: CGPoint(x: 0, y: -1234566.9668), size: CGSize(width: 1, height: 1), name: "")
        #expect(Validate.owner(of: empty) == "item at (0.0, -1234567.0)")
    }

    @Test("A non-convex collision path is refused, naming collisionBoundingPath")
    func nonConvexPath() {
        let (animator, _, gravity, errors) = animator()
        let star = DynamicView(center: CGPoint(x: 200, y: 200), size: CGSize(width: 100, height: 100),
                               collisionBoundsType: .path, name: "arrow")
        let p = BezierPath()
        p.move(to: CGPoint(x: -50, y: -50)); p.addLine(to: CGPoint(x: 50, y: -50))
        p.addLine(to: CGPoint(x: 0, y: 0)) // the notch
        p.addLine(to: CGPoint(x: 50, y: 50)); p.addLine(to: CGPoint(x: -50, y: 50)); p.close()
        star.collisionBoundingPath = p
        let flat = DynamicView(center: CGPoint(x: 300, y: 200), size: CGSize(width: 100, height: 100),
                               collisionBoundsType: .path, name: "flat")
        let line = BezierPath(); line.move(to: CGPoint(x: -50, y: 0)); line.addLine(to: CGPoint(x: 50, y: 0))
        flat.collisionBoundingPath = line
        // A self-crossing "bowtie": every point on its hull, so only the order tells (it
        // was simulated as the full square).
        let bowtie = DynamicView(center: CGPoint(x: 100, y: 200), size: CGSize(width: 20, height: 20),
                                 collisionBoundsType: .path, name: "bowtie")
        let b = BezierPath()
        b.move(to: CGPoint(x: -10, y: -10)); b.addLine(to: CGPoint(x: 10, y: 10))
        b.addLine(to: CGPoint(x: 10, y: -10)); b.addLine(to: CGPoint(x: -10, y: 10)); b.close()
        bowtie.collisionBoundingPath = b
        // The same corners in order, either way round, are a square.
        let square = DynamicView(center: CGPoint(x: 100, y: 100), size: CGSize(width: 20, height: 20),
                                 collisionBoundsType: .path, name: "square")
        let q = BezierPath()
        q.move(to: CGPoint(x: -10, y: -10)); q.addLine(to: CGPoint(x: -10, y: 10))
        q.addLine(to: CGPoint(x: 10, y: 10)); q.addLine(to: CGPoint(x: 10, y: -10)); q.close()
        square.collisionBoundingPath = q
        gravity.addItem(star); gravity.addItem(flat); gravity.addItem(bowtie); gravity.addItem(square)
        animator.step(1.0 / 60)
        #expect(errors.list.count == 3, "\(errors.list)")
        #expect(errors.list.allSatisfy { $0.property == "collisionBoundingPath" })
        #expect(errors.list[0].message.contains("convex") && errors.list[0].owner.contains("arrow"))
        #expect(errors.list[1].message.contains("area") && errors.list[1].owner.contains("flat"))
        #expect(errors.list[2].message.contains("crosses itself") && errors.list[2].owner.contains("bowtie"))
    }

    @Test("An item can be in one animator at a time")
    func sharedItem() {
        let (first, healthy, _, _) = animator()
        first.step(1.0 / 60)
        let (second, _, gravity2, errors2) = animator()
        gravity2.addItem(healthy)
        second.step(1.0 / 60)
        #expect(errors2.list.count == 1 && errors2.list[0].property == "animator")
        #expect(errors2.list[0].owner.contains("healthy"))
        #expect(second.linearVelocity(of: healthy) == nil && first.linearVelocity(of: healthy) != nil)
    }

    @Test("A non-finite frame length is refused and changes nothing")
    func badStep() {
        let (animator, healthy, _, errors) = animator()
        animator.step(1.0 / 60)
        let before = healthy.center
        animator.step(.nan)
        animator.step(-1)
        #expect(errors.list.map(\.property) == ["step(dt)", "step(dt)"])
        #expect(healthy.center == before)
    }

    @Test("Setters trap with a message naming the behavior and the property")
    func setterTraps() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            DynamicItemBehavior().density = .nan
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("DynamicItemBehavior.density"), "\(text)")
        }
        await #expect(processExitsWith: .failure) { DynamicItemBehavior().density = -1 }
        await #expect(processExitsWith: .failure) { DynamicItemBehavior().elasticity = -0.5 }
        await #expect(processExitsWith: .failure) { DynamicItemBehavior().friction = .infinity }
        await #expect(processExitsWith: .failure) { GravityBehavior().magnitude = .nan }
        await #expect(processExitsWith: .failure) { GravityBehavior().gravityDirection = CGVector(dx: CGFloat.nan, dy: 0) }
        await #expect(processExitsWith: .failure) {
            CollisionBehavior().addBoundary(withIdentifier: "x", from: CGPoint(x: CGFloat.nan, y: 0), to: .zero)
        }
        await #expect(processExitsWith: .failure) {
            let item = DynamicView(center: .zero, size: CGSize(width: 1, height: 1))
            DynamicItemBehavior(items: [item]).addLinearVelocity(CGPoint(x: CGFloat.infinity, y: 0), for: item)
        }
    }

    @Test("Reference-bounds insets: each within ±Limits.coordinate, and leaving room in the bounds at set time or when the behavior joins")
    func referenceInsets() throws {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 400))
        let collision = CollisionBehavior()
        #expect(throws: DynamicsError.self) {
            try InvalidInput.catching { collision.setTranslatesReferenceBoundsIntoBoundary(with: EdgeInsets(top: 1e9, left: 0, bottom: 0, right: 0)) }
        }
        #expect(collision.referenceInsets == nil, "refused")
        // Too large for bounds not known yet: taken, and refused when it joins.
        collision.setTranslatesReferenceBoundsIntoBoundary(with: EdgeInsets(top: 0, left: 250, bottom: 0, right: 250))
        #expect {
            try InvalidInput.catching { animator.addBehavior(collision) }
        } throws: { "\($0)".contains("CollisionBehavior.insets") && "\($0)".contains("leave no room") }
        #expect(animator.behaviors.isEmpty)
        collision.setTranslatesReferenceBoundsIntoBoundary(with: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10))
        animator.addBehavior(collision)
        #expect(throws: DynamicsError.self) {
            try InvalidInput.catching { collision.setTranslatesReferenceBoundsIntoBoundary(with: EdgeInsets(top: 200, left: 0, bottom: 200, right: 0)) }
        }
        #expect(collision.referenceInsets == EdgeInsets(top: 10, left: 10, bottom: 10, right: 10))
    }
}
