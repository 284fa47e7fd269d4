import DynamicsEngine
import Foundation
import Testing

@Suite("Engine: continuous collision against static edges")
struct ContinuousTests {
    /// A 1 cm ball at `p`, no gravity.
    func ball(_ world: World, at p: Vec2) -> BodyID {
        let b = world.createBody(type: .dynamic, position: p, angle: 0)
        world.addCircle(to: b, center: .zero, radius: 0.01, density: 1, friction: 0, restitution: 1, filter: Filter())
        return b
    }

    /// A ball at rest 10 cm above a wall (y = 0.1, y down) is knocked toward it by a ball
    /// arriving diagonally at 200 m/s: at rest it had no contact with the wall, and within the
    /// step it covers far more than the 10 cm. Its centre ended the step past the wall before.
    func knock(_ wall: (World, BodyID) -> Void) -> (world: World, knocked: BodyID) {
        let world = World()
        let walls = world.createBody(type: .static, position: .zero, angle: 0)
        _ = walls
        wall(world, walls)
        let striker = ball(world, at: Vec2(-0.5, -0.5))
        let knocked = ball(world, at: Vec2(0, 0))
        world.setVelocity(striker, linear: Vec2(141, 141), angular: 0)
        return (world, knocked)
    }

    @Test("A ball knocked across a boundary segment within one step stops in front of it, keeping its velocity")
    func segment() {
        let (world, knocked) = knock { world, walls in
            world.addSegment(to: walls, Vec2(-1, 0.1), Vec2(3, 0.1), friction: 0, restitution: 1, filter: Filter())
        }
        // The first step: put back a radius and a slop in front, still heading for the wall.
        world.step(1.0 / 60)
        let c = world.centerOfMass(of: knocked), v = world.linearVelocity(of: knocked)
        #expect(abs(c.y - (0.1 - 0.01 - 0.005)) < 1e-6, "in front of the wall: \(c)")
        #expect(v.y > 50, "still heading for the wall: \(v)")
        #expect(world.continuousCount == 1)
        // The next steps bounce it off the wall, and it never crosses.
        var crossed = false
        for _ in 0..<60 {
            world.step(1.0 / 60)
            if world.centerOfMass(of: knocked).y > 0.1 { crossed = true }
        }
        #expect(!crossed, "the centre went past the wall: \(world.centerOfMass(of: knocked))")
        #expect(world.centerOfMass(of: knocked).y < 0)
    }

    @Test("The same across a chain segment, either way round, into a static box and into a static disc")
    func chainAndPolygon() {
        for reversed in [false, true] {
            let (world, knocked) = knock { world, walls in
                let (p1, p2) = reversed ? (Vec2(3, 0.1), Vec2(-1, 0.1)) : (Vec2(-1, 0.1), Vec2(3, 0.1))
                world.addChainSegment(to: walls, ghost1: p1, p1, p2, ghost2: p2, friction: 0, restitution: 1, filter: Filter())
            }
            for _ in 0..<60 { world.step(1.0 / 60) }
            #expect(world.centerOfMass(of: knocked).y < 0.1, "reversed \(reversed): \(world.centerOfMass(of: knocked))")
            #expect(world.continuousCount >= 1)
        }
        let (world, knocked) = knock { world, walls in
            world.addPolygon(to: walls, vertices: [Vec2(-1, 0.1), Vec2(3, 0.1), Vec2(3, 0.2), Vec2(-1, 0.2)],
                             density: 0, friction: 0, restitution: 1, filter: Filter())
        }
        for _ in 0..<60 { world.step(1.0 / 60) }
        #expect(world.centerOfMass(of: knocked).y < 0.1, "inside the box: \(world.centerOfMass(of: knocked))")
        // A static disc on its course (an anchored round item: 40 of 40 balls
        // were knocked through one without it): entered from outside, it stops the ball in front.
        let disc = Vec2(0.5, 0.5)
        let (round, ball) = knock { world, walls in
            world.addCircle(to: walls, center: disc, radius: 0.2, density: 0, friction: 0, restitution: 1, filter: Filter())
        }
        for _ in 0..<60 {
            round.step(1.0 / 60)
            #expect((round.centerOfMass(of: ball) - disc).length > 0.2, "inside the disc: \(round.centerOfMass(of: ball))")
        }
        #expect(round.continuousCount >= 1)
    }

    @Test("Walls the ball does not collide with, and courses past a segment's end, are left alone")
    func leavesOthersAlone() {
        let (world, knocked) = knock { world, walls in
            world.addSegment(to: walls, Vec2(-1, 0.1), Vec2(3, 0.1), friction: 0, restitution: 1,
                             filter: Filter(categoryBits: 2, maskBits: 2, groupIndex: 0))
            // Its course (along (1, 1) from the origin) crosses y = 0.3 at x = 0.3, past this end.
            world.addSegment(to: walls, Vec2(-1, 0.3), Vec2(0.2, 0.3), friction: 0, restitution: 1, filter: Filter())
        }
        for _ in 0..<10 { world.step(1.0 / 60) }
        #expect(world.centerOfMass(of: knocked).y > 0.3, "passes the wall it ignores and the short one it misses")
        #expect(world.continuousCount == 0)
    }

    @Test("Ordinary scenes never need it: a box dropped on the ground, a resting stack")
    func quietScenes() {
        let (world, _) = worldWithFloor()
        let boxes = (0..<10).map { addBox(world, at: Vec2(0, -0.5 - Double($0)), half: 0.5) }
        let dropped = addBox(world, at: Vec2(5, -20), half: 0.05)
        for _ in 0..<240 { world.step(1.0 / 60) }
        #expect(world.continuousCount == 0)
        #expect(abs(world.centerOfMass(of: dropped).y + 0.05) < 0.01, "the dropped box rests on the ground")
        #expect(abs(world.centerOfMass(of: boxes[9]).y + 9.5) < 0.05)
    }
}
