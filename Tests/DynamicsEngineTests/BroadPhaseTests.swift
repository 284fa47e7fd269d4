@testable import DynamicsEngine
import Testing

// The broad phase's tree against brute force, and the sweep and the tree against each other
// (they must find the same pairs, so the same world comes out of either).

/// A small deterministic generator (the tests must not depend on the system's): SplitMix64,
/// uniform in [0, 1).
struct SplitMix {
    var state: UInt64
    mutating func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
    /// A box of side 0.01…`size` anywhere in `span`².
    mutating func box(span: Double, size: Double) -> AABB {
        let x = next() * span, y = next() * span
        return AABB(lower: Vec2(x, y), upper: Vec2(x + 0.01 + next() * size, y + 0.01 + next() * size))
    }
}

@Suite("Engine: broad phase")
struct BroadPhaseTreeTests {
    @Test("Tree queries find exactly the overlapping boxes, after inserts and moves (2 000 boxes)")
    func treeMatchesBruteForce() {
        var random = SplitMix(state: 42)
        var tree = AABBTree()
        var boxes: [AABB] = []
        var proxies: [Int32] = []
        for i in 0..<2000 {
            // Mixed sizes, some boxes sharing edges exactly, some 10⁶ m away.
            var b = random.box(span: 100, size: i % 50 == 0 ? 40 : 2)
            if i > 0 && i % 97 == 0 { b = boxes[i - 1] }
            if i % 211 == 0 { b = AABB(lower: Vec2(1e6, 1e6), upper: Vec2(1e6 + 1, 1e6 + 1)) }
            boxes.append(b)
            proxies.append(tree.insert(shape: Int32(i), box: b))
        }
        func check(_ round: Int) {
            var found: [Int32] = []
            for q in 0..<300 {
                let query = q < 200 ? random.box(span: 100, size: 10) : boxes[q]
                found.removeAll()
                tree.query(query, into: &found)
                let expected = boxes.indices.filter { boxes[$0].overlaps(query) }.map(Int32.init)
                // The float boxes are rounded outwards: a query may also find a box that
                // misses by less than a float's rounding, which the broad phase then drops.
                let exact = found.filter { boxes[Int($0)].overlaps(query) }
                #expect(exact.sorted() == expected, "round \(round), query \(q)")
                #expect(found.count - exact.count <= 2, "round \(round), query \(q): \(found.count - exact.count) extra")
            }
        }
        check(0)
        for round in 1...3 {
            for i in stride(from: round, to: 2000, by: 3) {
                boxes[i] = random.box(span: 100, size: 2)
                tree.move(proxies[i], to: boxes[i])
            }
            check(round)
        }
    }

    /// Boxes in a pile falling into a container, with a column on the side: the sweep runs
    /// the pile, and `forceTree` makes the tree run it instead.
    private func pile(forceTree: Bool) -> (World, [BodyID]) {
        let world = World()
        let ground = world.createBody(type: .static, position: .zero, angle: 0)
        for (a, b) in [(Vec2(0, 0), Vec2(6, 0)), (Vec2(0, 0), Vec2(0, -20)), (Vec2(6, 0), Vec2(6, -20))] {
            world.addSegment(to: ground, a, b, friction: 0.6, restitution: 0, filter: Filter())
        }
        if forceTree { world.broadPhase.usesTree = true }
        var bodies: [BodyID] = []
        for i in 0..<120 {
            let p = Vec2(0.5 + Double(i % 10) * 0.5, -0.5 - Double(i / 10) * 0.5)
            bodies.append(addBox(world, at: p, half: 0.2))
        }
        return (world, bodies)
    }

    @Test("The sweep and the tree give bit-identical piles over 3 s")
    func sweepAndTreeAgree() {
        let (sweep, a) = pile(forceTree: false)
        let (tree, b) = pile(forceTree: true)
        for _ in 0..<180 { sweep.step(1.0 / 60); tree.step(1.0 / 60) }
        #expect(!sweep.broadPhase.usesTree && tree.broadPhase.usesTree)
        for (x, y) in zip(a, b) {
            #expect(sweep.transform(of: x) == tree.transform(of: y))
        }
        #expect(sweep.touchingContactCount == tree.touchingContactCount && sweep.touchingContactCount > 100)
    }

    @Test("A column of 3 000 bodies is too much for a sweep along x: the tree takes over, with the same pairs")
    func columnSwitchesToTree() {
        let world = World()
        var bodies: [BodyID] = []
        for i in 0..<3000 { bodies.append(addBox(world, at: Vec2(0, -Double(i) * 0.21), half: 0.1)) }
        world.step(1.0 / 60)
        #expect(world.broadPhase.usesTree)
        // Neighbours 1 cm apart are pairs (fat boxes overlap); none touch yet.
        #expect(world.counts.contacts == 2999)
        for _ in 0..<30 { world.step(1.0 / 60) }
        #expect(world.counts.contacts == 2999)
    }

    /// Shapes that cannot collide with one another (a `boundaries` collision: masks
    /// that meet no moving category), all on one spot, were tested pair by pair: 20 000 of
    /// them cost 2.2 s a step. They stay out of the sweep and the moving tree now; they still
    /// find the static shapes they may meet.
    @Test("Shapes whose masks meet no moving shape stay out of the sweep, and still land on the floor")
    func masksThatMeetNoMovingShape() {
        let (world, _) = worldWithFloor()
        // Category 2, mask 1: the floor (category 1) only.
        let onlyFloor = Filter(categoryBits: 2, maskBits: 1)
        var bodies: [BodyID] = []
        for _ in 0..<3000 { bodies.append(addBox(world, at: Vec2(0, -5), half: 0.1, filter: onlyFloor)) }
        for _ in 0..<180 { world.step(1.0 / 60) }
        #expect(world.broadPhase.order.isEmpty && !world.broadPhase.usesTree)
        // No pair among them; each rests on the floor (y = −0.1 m).
        #expect(world.counts.contacts == 3000)
        #expect(bodies.allSatisfy { abs(world.transform(of: $0).p.y + 0.1) < 0.01 })
    }

    @Test("Moving shapes find boundary segments through the static tree (a 10 000-segment wall)")
    func manyStaticSegments() {
        let world = World()
        let wall = world.createBody(type: .static, position: .zero, angle: 0)
        for i in 0..<10_000 {
            world.addSegment(to: wall, Vec2(Double(i) * 0.1, 0), Vec2(Double(i + 1) * 0.1, 0), friction: 0.6, restitution: 0, filter: Filter())
        }
        let box = addBox(world, at: Vec2(500, -1), half: 0.1)
        for _ in 0..<120 { world.step(1.0 / 60) }
        // It lands on the wall and rests there, on the segments under it (499.9…500.1 m: two,
        // and the two whose ends it touches), with no pair for any other segment.
        #expect(abs(world.transform(of: box).p.y - (-0.1)) < 0.01)
        #expect(world.touchingContactCount >= 2 && world.touchingContactCount <= 4, "\(world.touchingContactCount)")
        #expect(world.counts.contacts <= 4, "\(world.counts.contacts)")
    }
}
