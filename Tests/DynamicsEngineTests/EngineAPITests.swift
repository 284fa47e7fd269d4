import DynamicsEngine
import Foundation
import Testing

// The engine on its own, through its public id-based API (metres, seconds, y down as the
// model uses it: gravity is +y).

/// A world with a static floor (a 20 m segment at y = 0 seen from above, i.e. y < 0 is above).
func worldWithFloor() -> (World, BodyID) {
    let world = World()
    let ground = world.createBody(type: .static, position: .zero, angle: 0)
    world.addSegment(to: ground, Vec2(-10, 0), Vec2(10, 0), friction: 0.6, restitution: 0, filter: Filter())
    return (world, ground)
}

/// A dynamic box of half-size `h` m at `p`.
@discardableResult
func addBox(_ world: World, at p: Vec2, half h: Double = 0.5, filter: Filter = Filter(), gravity: Bool = true) -> BodyID {
    let b = world.createBody(type: .dynamic, position: p, angle: 0)
    world.addPolygon(to: b, vertices: [Vec2(-h, -h), Vec2(h, -h), Vec2(h, h), Vec2(-h, h)], density: 1, friction: 0.6,
                     restitution: 0, filter: filter)
    if gravity { world.setGravity(b, Vec2(0, 10)) }
    return b
}

@Suite("Engine: ids")
struct EngineIDTests {
    @Test("A destroyed body's id goes stale; its slot is reused with a new generation")
    func generations() {
        let world = World()
        let a = world.createBody(type: .dynamic, position: .zero, angle: 0)
        #expect(world.isValid(a))
        world.destroyBody(a)
        #expect(!world.isValid(a))
        let b = world.createBody(type: .dynamic, position: .zero, angle: 0)
        #expect(b.index == a.index && b.generation != a.generation)
        #expect(world.isValid(b) && !world.isValid(a))
        world.destroyBody(a) // stale: ignored, b survives
        #expect(world.isValid(b))
    }

    @Test("Shape ids go stale with their body; a shape knows its body and user data")
    func shapes() {
        let world = World()
        let body = addBox(world, at: .zero)
        let shape = world.shapeIDs(of: body)[0]
        #expect(world.body(of: shape) == body)
        let circle = world.addCircle(to: body, center: Vec2(1, 0), radius: 0.25, density: 1, friction: 0, restitution: 0,
                                     filter: Filter(), userData: 7)
        #expect(world.userData(of: circle) == 7 && world.shapeIDs(of: body).count == 2)
        world.destroyShape(circle)
        #expect(!world.isValid(circle) && world.shapeIDs(of: body) == [shape])
        world.destroyBody(body)
        #expect(!world.isValid(shape))
        #expect(world.counts.bodies == 0 && world.counts.shapes == 0)
    }

    @Test("Mass follows the shapes: a 1 m box of density 1 weighs 1 kg, a circle πr²")
    func mass() {
        let world = World()
        let box = addBox(world, at: .zero)
        #expect(abs(world.mass(of: box) - 1) < 1e-12)
        let ball = world.createBody(type: .dynamic, position: .zero, angle: 0)
        world.addCircle(to: ball, center: .zero, radius: 0.4, density: 1, friction: 0, restitution: 0, filter: Filter())
        #expect(abs(world.mass(of: ball) - Double.pi * 0.16) < 1e-9)
    }
}

@Suite("Engine: filter and broad phase")
struct EngineBroadPhaseTests {
    @Test("Filter.shouldCollide follows Box2D: category meets mask both ways; groups override")
    func filterRule() {
        let a = Filter(categoryBits: 0b01, maskBits: 0b10), b = Filter(categoryBits: 0b10, maskBits: 0b01)
        #expect(Filter.shouldCollide(a, b) && Filter.shouldCollide(b, a))
        let oneWay = Filter(categoryBits: 0b10, maskBits: 0b10)  // a's category is not in its mask
        #expect(!Filter.shouldCollide(a, oneWay) && !Filter.shouldCollide(oneWay, a))
        #expect(!Filter.shouldCollide(Filter(groupIndex: -3), Filter(groupIndex: -3)))
        #expect(Filter.shouldCollide(Filter(categoryBits: 1, maskBits: 0, groupIndex: 2),
                                     Filter(categoryBits: 2, maskBits: 0, groupIndex: 2)))
        #expect(Filter.shouldCollide(Filter(groupIndex: -3), Filter(groupIndex: -4)), "different groups: the bits decide")
        #expect(!Filter.none.collidesWithAnything && Filter().collidesWithAnything)
    }

    @Test("Overlapping boxes pair only when their filters agree; a new filter takes effect on the next step")
    func filteredPairs() {
        let world = World()
        let a = addBox(world, at: Vec2(0, 0), filter: Filter(categoryBits: 1, maskBits: 1), gravity: false)
        let b = addBox(world, at: Vec2(0.5, 0), filter: Filter(categoryBits: 2, maskBits: 2), gravity: false)
        world.step(1.0 / 60)
        #expect(world.counts.contacts == 0 && world.beginEvents.isEmpty)
        world.setFilter(world.shapeIDs(of: b)[0], Filter(categoryBits: 2, maskBits: 1))
        world.setFilter(world.shapeIDs(of: a)[0], Filter(categoryBits: 1, maskBits: 2))
        world.step(1.0 / 60)
        #expect(world.counts.contacts == 1 && world.beginEvents.count == 1)
        let e = world.beginEvents[0]
        #expect(Set([e.bodyA, e.bodyB]) == Set([a, b]))
    }

    @Test("Only boxes whose fat boxes overlap pair: a row of separated boxes has none, a touching row has n − 1")
    func pairs() {
        let world = World()
        for i in 0..<10 { addBox(world, at: Vec2(Double(i) * 2, 0), gravity: false) }   // 1 m gaps
        world.step(1.0 / 60)
        #expect(world.counts.contacts == 0)
        let touching = World()
        for i in 0..<10 { addBox(touching, at: Vec2(Double(i) * 1.0, 0), gravity: false) }  // edge to edge
        touching.step(1.0 / 60)
        #expect(touching.counts.contacts == 9 && touching.touchingContactCount == 9)
    }

    @Test("A body moved onto another by setTransform pairs with it on the next step")
    func teleport() {
        let world = World()
        let a = addBox(world, at: Vec2(0, 0), gravity: false)
        let b = addBox(world, at: Vec2(50, 0), gravity: false)
        world.step(1.0 / 60)
        #expect(world.counts.contacts == 0)
        world.setTransform(b, position: Vec2(0.9, 0), angle: 0)
        world.step(1.0 / 60)
        #expect(world.counts.contacts == 1)
        #expect(world.linearVelocity(of: a).x < 0 && world.linearVelocity(of: b).x > 0, "the overlap is pushed apart")
    }
}

@Suite("Engine: contact limit")
struct EngineContactLimitTests {
    /// 40 boxes on one spot, 1.5 m above a floor: 780 pairs among them.
    private func pile(limit: Int) -> (World, [BodyID]) {
        let (world, _) = worldWithFloor()
        world.maximumContacts = limit
        let boxes = (0..<40).map { _ in addBox(world, at: Vec2(0, -2)) }
        return (world, boxes)
    }

    @Test("Under the limit the pile moves apart; over it the world stops before any work and stays stopped")
    func limit() {
        let (free, freeBoxes) = pile(limit: 780)
        free.step(1.0 / 60)
        #expect(!free.contactsOverflowed)
        #expect(free.transform(of: freeBoxes[0]).p != Vec2(0, -2), "the pile pushes its boxes apart")

        let (stopped, boxes) = pile(limit: 779)
        for _ in 0..<3 { stopped.step(1.0 / 60) }
        #expect(stopped.contactsOverflowed)
        #expect(boxes.allSatisfy { stopped.transform(of: $0).p == Vec2(0, -2) }, "no step moved a box")
        #expect(stopped.touchingContactCount == 0)
    }

    @Test("A pile formed by moving boxes together stops the world on the step that finds the pairs")
    func movedPairs() {
        let (world, _) = worldWithFloor()
        world.maximumContacts = 200
        let boxes = (0..<40).map { addBox(world, at: Vec2(Double($0) * 3 - 60, -2)) }
        world.step(1.0 / 60)
        #expect(!world.contactsOverflowed)
        for b in boxes { world.setTransform(b, position: Vec2(0, -5), angle: 0) }
        world.step(1.0 / 60)
        #expect(world.contactsOverflowed)
        let after = boxes.map { world.transform(of: $0).p }
        world.step(1.0 / 60)
        #expect(boxes.map { world.transform(of: $0).p } == after)
    }
}

@Suite("Engine: manifolds")
struct EngineManifoldTests {
    @Test("A box resting on the floor has a two-point manifold at its corners, within the slop")
    func boxOnFloor() {
        let (world, _) = worldWithFloor()
        let box = addBox(world, at: Vec2(0, -0.5))
        for _ in 0..<60 { world.step(1.0 / 60) }
        let points = world.touchingContactPoints
        #expect(points.count == 2)
        let xs = points.map(\.x).sorted()
        #expect(abs(xs[0] + 0.5) < 1e-6 && abs(xs[1] - 0.5) < 1e-6, "\(points)")
        // Resting penetration within Box2D's linear slop (0.005 m).
        #expect(abs(world.transform(of: box).p.y + 0.5) < 0.005, "\(world.transform(of: box).p)")
    }

    @Test("A tilted box meets the floor at one corner first; a circle touches at one point under its centre")
    func onePoint() {
        let (world, _) = worldWithFloor()
        let box = world.createBody(type: .dynamic, position: Vec2(-3, -2), angle: 0.6)
        world.addPolygon(to: box, vertices: [Vec2(-0.5, -0.5), Vec2(0.5, -0.5), Vec2(0.5, 0.5), Vec2(-0.5, 0.5)],
                         density: 1, friction: 0.6, restitution: 0, filter: Filter())
        world.setGravity(box, Vec2(0, 10))
        let ball = world.createBody(type: .dynamic, position: Vec2(3, -0.4), angle: 0)
        world.addCircle(to: ball, center: .zero, radius: 0.4, density: 1, friction: 0.6, restitution: 0, filter: Filter())
        world.setGravity(ball, Vec2(0, 10))
        var firstBoxTouch: [Vec2]?
        for _ in 0..<120 {
            world.clearEvents()
            world.step(1.0 / 60)
            if firstBoxTouch == nil, world.beginEvents.contains(where: { $0.bodyA == box || $0.bodyB == box }) {
                firstBoxTouch = world.touchingContactPoints.filter { $0.x < 0 }
            }
        }
        #expect(firstBoxTouch?.count == 1, "\(String(describing: firstBoxTouch))")
        let ballPoints = world.touchingContactPoints.filter { $0.x > 1 }
        #expect(ballPoints.count == 1 && abs(ballPoints[0].x - world.transform(of: ball).p.x) < 1e-6)
    }

    @Test("A fast box does not tunnel through a thin static segment (speculative contact)")
    func noTunnel() {
        let (world, _) = worldWithFloor()
        let box = addBox(world, at: Vec2(0, -3), half: 0.1)
        world.setVelocity(box, linear: Vec2(0, 300), angular: 0)   // 5 m per 60 Hz step
        for _ in 0..<30 { world.step(1.0 / 60) }
        #expect(world.transform(of: box).p.y < 0, "\(world.transform(of: box).p)")
    }

    /// A box at rest pushed by a large force for one step at a time: its start velocity is
    /// zero, so swept boxes and speculative distances from the start velocity alone found no
    /// floor, and it went through (the force's whole effect lies within the step).
    @Test("A box driven by a large force within the step does not tunnel through a static segment")
    func noTunnelUnderForce() {
        let (world, _) = worldWithFloor()
        let box = addBox(world, at: Vec2(0, -0.3), half: 0.1, gravity: false)
        for _ in 0..<20 {
            // 4000 m/s² (400 g) on 0.04 kg: from rest, 0.69 m in one 60 Hz step, through the
            // floor 0.2 m away and past it.
            world.applyForce(box, Vec2(0, 160), at: world.transform(of: box).p)
            world.step(1.0 / 60)
            #expect(world.transform(of: box).p.y < 0, "\(world.transform(of: box).p)")
        }
    }
}

@Suite("Engine: joints")
struct EngineJointTests {
    @Test("A revolute joint keeps its anchors together while a pendulum swings, and its bodies do not collide")
    func pendulum() {
        let world = World()
        let pivot = world.groundBody
        let bob = addBox(world, at: Vec2(1, 0), half: 0.6)   // overlaps the pivot's neighbourhood
        var def = JointDef(kind: .revolute, bodyA: pivot, bodyB: bob)
        def.localAnchorA = Vec2(0, 0)
        def.localAnchorB = Vec2(-1, 0)
        let joint = world.createJoint(def)
        #expect(world.definition(of: joint) == def)
        var lowest = -1.0
        for _ in 0..<120 {
            world.step(1.0 / 60)
            let anchor = world.transform(of: bob).apply(Vec2(-1, 0))
            #expect(anchor.length < 0.01, "anchor drifted \(anchor)")
            lowest = max(lowest, world.transform(of: bob).p.y)
        }
        #expect(lowest > 0.9, "the bob swung down to \(lowest)")
    }

    @Test("Destroying a body removes its joints; destroying a joint lets its bodies collide again")
    func destroy() {
        let world = World()
        let a = addBox(world, at: Vec2(0, 0), gravity: false)
        let b = addBox(world, at: Vec2(0.5, 0), gravity: false)
        let c = addBox(world, at: Vec2(5, 0), gravity: false)
        let ab = world.createJoint(JointDef(kind: .weld, bodyA: a, bodyB: b))
        let bc = world.createJoint(JointDef(kind: .distance, bodyA: b, bodyB: c))
        world.step(1.0 / 60)
        #expect(world.counts.contacts == 0, "jointed bodies do not pair")
        world.destroyJoint(ab)
        world.step(1.0 / 60)
        #expect(world.counts.contacts == 1)
        world.destroyBody(b)
        #expect(!world.isValid(bc) && world.counts.joints == 0)
        #expect(world.isValid(a) && world.isValid(c))
    }

    @Test("setDefinition changes a spring's parameters in place; a distance joint's spring oscillates at its frequency")
    func spring() {
        let world = World()
        let anchor = world.groundBody
        let box = addBox(world, at: Vec2(0, 1), gravity: false)
        var def = JointDef(kind: .distance, bodyA: anchor, bodyB: box)
        def.length = 0.5
        def.enableSpring = true
        def.hertz = 1
        let id = world.createJoint(def)
        def.hertz = 2
        world.setDefinition(def, of: id)
        #expect(world.definition(of: id).hertz == 2)
        // Released 0.5 m past rest: the first return through rest comes a quarter period later.
        var crossing: Int?
        for step in 1...240 where crossing == nil {
            world.step(1.0 / 240)
            if world.transform(of: box).p.y < 0.5 { crossing = step }
        }
        let quarter = Double(crossing ?? 0) / 240
        #expect(abs(quarter - 0.125) < 0.01, "quarter period \(quarter) s, expected 0.125 s at 2 Hz")
    }
}

@Suite("Engine: free fall and sleep")
struct EngineMotionTests {
    @Test("Free fall: y = g t²/2 within 1 % after 1 s (semi-implicit Euler at 240 Hz)")
    func freeFall() {
        let world = World()
        let box = addBox(world, at: .zero)
        for _ in 0..<240 { world.step(1.0 / 240) }
        let y = world.transform(of: box).p.y
        #expect(abs(y - 5) < 0.05, "fell \(y) m")
        #expect(abs(world.linearVelocity(of: box).y - 10) < 1e-9)
    }

    @Test("A resting box falls asleep after the rest time; with sleep off it never does")
    func sleep() {
        let (world, _) = worldWithFloor()
        let box = addBox(world, at: Vec2(0, -0.5))
        for _ in 0..<90 { world.step(1.0 / 60) }
        #expect(!world.isAwake(box) && !world.hasAwakeBodies)
        let (awake, _) = worldWithFloor()
        awake.sleepEnabled = false
        let other = addBox(awake, at: Vec2(0, -0.5))
        for _ in 0..<90 { awake.step(1.0 / 60) }
        #expect(awake.isAwake(other))
    }
}
