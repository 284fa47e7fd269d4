import DynamicsEngine
import Foundation
import Testing

@Suite("Engine: containers")
struct ContainerTests {
    /// A 4 m box as a closed chain around (0, 0)…(4, 4), made a container.
    func boxedWorld(filter: Filter = Filter()) -> (World, BodyID) {
        let world = World()
        let walls = world.createBody(type: .static, position: .zero, angle: 0)
        let p = [Vec2(0, 0), Vec2(4, 0), Vec2(4, 4), Vec2(0, 4)]
        for i in 0..<4 {
            world.addChainSegment(to: walls, ghost1: p[(i + 3) % 4], p[i], p[(i + 1) % 4], ghost2: p[(i + 2) % 4],
                                  friction: 0, restitution: 0.5, filter: filter)
        }
        world.setContainer(walls, box: AABB(lower: Vec2(0, 0), upper: Vec2(4, 4)), filter: filter, restitution: 0.5)
        return (world, walls)
    }

    @Test("A body whose center ends a step outside its container is put back inside, its outward speed reflected")
    func putsBack() {
        let (world, _) = boxedWorld()
        // Behind the right wall, moving away from it: the one-sided chain never acts on it.
        let b = addBox(world, at: Vec2(4.2, 2), half: 0.05, gravity: false)
        world.setVelocity(b, linear: Vec2(3, 0), angular: 0)
        world.step(1.0 / 120)
        let c = world.centerOfMass(of: b)
        #expect(c.x <= 4 && c.x >= 3.99, "back inside: \(c)")
        #expect(abs(world.linearVelocity(of: b).x + 1.5) < 1e-9, "3 m/s out, 1.5 m/s back in: \(world.linearVelocity(of: b))")
        #expect(world.containedCount == 1)
    }

    @Test("Bodies that do not collide with the walls, and bodies inside, are left alone")
    func leavesOthersAlone() {
        let (world, walls) = boxedWorld(filter: Filter(categoryBits: 2, maskBits: ~0, groupIndex: 0))
        let other = addBox(world, at: Vec2(6, 2), half: 0.05, filter: Filter(categoryBits: 1, maskBits: 1, groupIndex: 0), gravity: false)
        let inside = addBox(world, at: Vec2(2, 2), half: 0.05, gravity: false)
        world.setVelocity(inside, linear: Vec2(1, 0), angular: 0)
        world.step(1.0 / 120)
        #expect(world.centerOfMass(of: other) == Vec2(6, 2))
        #expect(abs(world.centerOfMass(of: inside).x - (2 + 1.0 / 120)) < 1e-9)
        #expect(world.containedCount == 0)
        // Destroying the walls removes the container.
        world.destroyBody(walls)
        let outside = addBox(world, at: Vec2(5, 2), half: 0.05, gravity: false)
        world.step(1.0 / 120)
        #expect(world.centerOfMass(of: outside) == Vec2(5, 2))
    }
}
