import DynamicsEngine
import Foundation
import Testing

// Contact recycling (World.recycle): contacts whose bodies barely moved keep their manifold
// and update only its separations. Each test runs the same scene with recycling on and off.

/// A world with recycling on or off, gravity on its boxes, sleep off (every step moves).
private func world(recycling: Bool) -> (World, BodyID) {
    let (world, ground) = worldWithFloor()
    world.contactRecyclingEnabled = recycling
    world.sleepEnabled = false
    return (world, ground)
}

@Suite("Engine: contact recycling")
struct ContactRecyclingTests {
    @Test("A resting box keeps its floor contact: recycled every step, resting within the slop")
    func restingBoxRecycles() {
        let (world, _) = world(recycling: true)
        let box = addBox(world, at: Vec2(0, -0.5))
        var recycledSteps = 0
        for step in 0..<120 {
            world.step(1.0 / 60)
            if step >= 10 {
                #expect(world.recycledContactCount + world.updatedContactCount == 1)
                recycledSteps += world.recycledContactCount
            }
        }
        #expect(recycledSteps == 110, "recycled in \(recycledSteps) of 110 steps")
        // Resting on the floor: the box's bottom within the slop (0.005 m) of y = 0.
        #expect(abs(world.transform(of: box).p.y + 0.5) < 0.005)
        #expect(abs(world.transform(of: box).p.x) < 1e-9)
    }

    @Test("A stack of ten ends where it ends without recycling (within 1 mm and 0.002 rad)")
    func stackAgrees() {
        func run(_ recycling: Bool) -> ([Transform], Int) {
            let (w, _) = world(recycling: recycling)
            let boxes = (0..<10).map { addBox(w, at: Vec2(0.01 * Double($0 % 3), -0.25 - 0.5 * Double($0)), half: 0.25) }
            var recycled = 0
            for _ in 0..<180 { w.step(1.0 / 60); recycled += w.recycledContactCount }
            return (boxes.map { w.transform(of: $0) }, recycled)
        }
        let (on, recycled) = run(true), (off, none) = run(false)
        #expect(none == 0)
        #expect(recycled > 180 * 10 / 2, "most contacts recycled once the stack settles: \(recycled)")
        for (a, b) in zip(on, off) {
            #expect((a.p - b.p).length < 0.001, "\(a.p) vs \(b.p)")
            #expect(abs(atan2(a.q.s, a.q.c) - atan2(b.q.s, b.q.c)) < 0.002)
        }
        // Stacked: box i rests 0.5 m above box i − 1, within two slops (it is still settling).
        for i in 1..<on.count { #expect(abs((on[i - 1].p.y - on[i].p.y) - 0.5) < 0.01) }
    }

    @Test("A fast box never recycles its contacts, so it cannot tunnel through a thin floor")
    func fastBoxDoesNotRecycle() {
        let (world, _) = world(recycling: true)
        let box = addBox(world, at: Vec2(0, -3), half: 0.05)
        world.setVelocity(box, linear: Vec2(0, 80), angular: 0) // 1.3 m per step at 60 Hz
        for _ in 0..<120 {
            let fast = world.linearVelocity(of: box).length > 5
            world.step(1.0 / 60)
            if fast { #expect(world.recycledContactCount == 0) }
        }
        #expect(abs(world.transform(of: box).p.y + 0.05) < 0.005, "the box rests on the floor: \(world.transform(of: box).p)")
    }

    /// A box slides slowly off a ledge. It must tip once its centre passes the ledge's edge,
    /// whether its contact is recycled or not: the recycled contact's clipped point stays at
    /// the edge (it rides with the ledge), instead of sliding out past it with the box.
    @Test("A box sliding off a ledge tips where it tips without recycling (within 5 mm)")
    func ledgeTipsAtTheEdge() {
        func tipX(_ recycling: Bool) -> Double? {
            let world = World()
            world.contactRecyclingEnabled = recycling
            world.sleepEnabled = false
            let ledge = world.createBody(type: .static, position: .zero, angle: 0)
            // Frictionless (the mix of 0.6 and 0 is 0): the box keeps its speed and no torque
            // tips it before it reaches the edge.
            world.addPolygon(to: ledge, vertices: [Vec2(-10, 0), Vec2(0, 0), Vec2(0, 1), Vec2(-10, 1)], density: 0,
                             friction: 0, restitution: 0, filter: Filter())
            let box = addBox(world, at: Vec2(-1, -0.5))
            world.setVelocity(box, linear: Vec2(0.2, 0), angular: 0)
            for _ in 0..<600 {
                let angle = abs(atan2(world.transform(of: box).q.s, world.transform(of: box).q.c))
                if angle > 0.02 { return world.transform(of: box).p.x }
                world.step(1.0 / 60)
            }
            return nil
        }
        let on = tipX(true), off = tipX(false)
        #expect(off != nil && on != nil)
        if let on, let off {
            #expect(off > 0 && off < 0.1, "without recycling the box tips just past the edge: centre at x = \(off)")
            #expect(abs(on - off) < 0.005, "tipped at x = \(on) with recycling, \(off) without")
        }
    }
}
