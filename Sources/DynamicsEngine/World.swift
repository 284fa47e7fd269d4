// The rigid-body world: contiguous storage addressed by ids, with hot per-step state apart
// from cold bookkeeping (after Box2D v3). The world knows nothing of behaviors or items: the
// model layer sets per-body gravity, forces and collision filters, then calls `step(_:)`.
// The public API (World+API.swift) takes ids and checks their generation on every call; the
// storage and the per-step passes below are internal to the engine.

/// A body handle: slot index plus a generation that changes when the slot is reused, so a
/// stale id is detected instead of silently addressing another body.
public struct BodyID: Hashable, Sendable {
    /// Slot index in the world's body storage.
    public let index: Int32
    /// Generation of the slot when the id was issued; a reused slot has another, so a stale
    /// id is caught.
    public let generation: UInt32
    init(index: Int32, generation: UInt32) { self.index = index; self.generation = generation }
}

/// A shape handle (index + generation), as `BodyID`.
public struct ShapeID: Hashable, Sendable {
    /// Slot index in the world's shape storage.
    public let index: Int32
    /// Generation of the slot when the id was issued; a reused slot has another, so a stale
    /// id is caught.
    public let generation: UInt32
    init(index: Int32, generation: UInt32) { self.index = index; self.generation = generation }
}

/// How a body moves: not at all, or under forces and contacts.
public enum BodyType: UInt8, Sendable {
    /// Never moves (ground, walls, anything pinned in place).
    case `static`
    /// Moves under forces and contacts.
    case dynamic
}

/// Which pairs of shapes may collide: Box2D's filter. Two shapes collide when each one's
/// category has a bit in the other's mask, unless they share a non-zero group: a positive
/// group always collides, a negative one never. A shape whose category or mask is zero
/// collides with nothing and stays out of the broad phase. The test is two ANDs per pair.
public struct Filter: Equatable, Hashable, Sendable {
    /// What this shape is (usually one bit).
    public var categoryBits: UInt64
    /// What it collides with.
    public var maskBits: UInt64
    /// Shapes of the same non-zero group always (> 0) or never (< 0) collide, whatever the bits.
    public var groupIndex: Int32

    /// Default: category 1, collides with everything, no group (Box2D's `b2DefaultFilter`).
    public init(categoryBits: UInt64 = 1, maskBits: UInt64 = .max, groupIndex: Int32 = 0) {
        self.categoryBits = categoryBits
        self.maskBits = maskBits
        self.groupIndex = groupIndex
    }

    /// Collides with nothing.
    public static let none = Filter(categoryBits: 0, maskBits: 0)

    /// False when the category or mask is zero: the shape then collides with nothing and
    /// stays out of the broad phase.
    public var collidesWithAnything: Bool { categoryBits != 0 && maskBits != 0 }

    /// Whether shapes with filters `a` and `b` may collide: the group rule first, then each
    /// category against the other's mask.
    @inlinable
    public static func shouldCollide(_ a: Filter, _ b: Filter) -> Bool {
        if a.groupIndex == b.groupIndex && a.groupIndex != 0 { return a.groupIndex > 0 }
        return (a.maskBits & b.categoryBits) != 0 && (a.categoryBits & b.maskBits) != 0
    }
}

/// Hot per-step body data, read and written by the solver.
@usableFromInline
struct BodySim {
    /// Frame of the body's shapes (the body origin), world coordinates.
    @usableFromInline var transform = Transform.identity
    /// Centre of mass, world coordinates.
    @usableFromInline var center = Vec2.zero
    /// Centre of mass in the body frame.
    @usableFromInline var localCenter = Vec2.zero
    @usableFromInline var invMass = 0.0
    @usableFromInline var invInertia = 0.0
    /// Constant acceleration applied every step (m/s²): per-body gravity.
    @usableFromInline var gravity = Vec2.zero
    /// Force and torque accumulated for the current step (N, N·m); cleared after it.
    @usableFromInline var force = Vec2.zero
    @usableFromInline var torque = 0.0
    /// Velocity change of the forces given for this step as one impulse at its start
    /// (`applyStepForce`, m/s): already in the velocity; a contact tells it apart from the
    /// body's approach, as it does gravity's. Cleared after the step.
    @usableFromInline var stepVelocity = Vec2.zero
    /// Per-second damping rates: v ← v / (1 + h·rate) once per step of length h.
    @usableFromInline var linearDamping = 0.0
    @usableFromInline var angularDamping = 0.0
    /// Furthest shape point from the centre of mass (m), for sleep and speculation.
    @usableFromInline var maxExtent = 0.0
    /// Shortest distance from the centre of mass to the outside of its shapes (m): a body
    /// that moves more than half of it in a step is fast (World+Continuous.swift).
    @usableFromInline var minExtent = 0.0
}

/// Velocity and per-step displacement, the solver's working set.
@usableFromInline
struct BodyState {
    @usableFromInline var v = Vec2.zero
    @usableFromInline var w = 0.0
    @usableFromInline var dp = Vec2.zero
    @usableFromInline var dq = Rot.identity
}

/// What the rest rule keeps per body beyond its timer (docs/engine.md, "Rest"), apart from
/// `BodyInfo`, which every step's awake-body scan walks: read and written only by the steps'
/// rest passes, for awake bodies.
@usableFromInline
struct BodyRest {
    /// Net displacement (m) since the rest timer last started: a body creeping under a
    /// damped force moves slowly but steadily, and must not rest on its way.
    @usableFromInline var drift = Vec2.zero
    /// The squared linear acceleration ((m/s²)²) of the forces given for the last step,
    /// gravity included, and the angular one at the body's furthest point (m/s²): a body that
    /// nothing holds rests only when neither would move it past the rest tolerance
    /// (`World.updateSleep`). Kept only while sleep is on.
    @usableFromInline var acceleration = 0.0
    @usableFromInline var angularAcceleration = 0.0
    /// Why the rest timer last restarted: what `World.restStates()` reports while the timer
    /// is at 0. Written where the timer restarts, so the report cannot disagree with it.
    @usableFromInline var restBreak = RestBreak.woken
    /// The resting speed (m/s) the last rest pass held the body to (`BodyInfo.sleepThreshold`
    /// is reset after the pass).
    @usableFromInline var threshold = Tuning.sleepLinearThreshold
}

/// Cold bookkeeping.
@usableFromInline
struct BodyInfo {
    @usableFromInline var generation: UInt32 = 0
    @usableFromInline var alive = false
    @usableFromInline var type = BodyType.dynamic
    @usableFromInline var isAwake = true
    @usableFromInline var allowsRotation = true
    @usableFromInline var mass = 0.0
    @usableFromInline var inertia = 0.0
    /// Joints attached to this body (their bodies do not collide with each other).
    @usableFromInline var jointCount: Int32 = 0
    @usableFromInline var sleepTime = 0.0
    /// This step's resting speed (m/s): `Tuning.sleepLinearThreshold`, or less for a body a
    /// damped spring holds (set by `prepareJoints`, reset after the step).
    @usableFromInline var sleepThreshold = Tuning.sleepLinearThreshold
    /// First shape of this body; the rest follow `ShapeData.nextShape`. −1 for none.
    @usableFromInline var firstShape: Int32 = -1
    /// Sleeping island: the next body in the island's list, or −1.
    @usableFromInline var islandNext: Int32 = -1
    @usableFromInline var islandID: Int32 = -1
    /// The caller's handle (the model stores an item's record slot).
    @usableFromInline var userData = 0
}

enum ShapeKind: UInt8 {
    /// A segment of a path boundary with its neighbours' ghost vertices (ChainSegment.swift).
    /// Pairs order shapes by kind: a chain segment is shape A, a circle shape B.
    case chainSegment
    case polygon
    case circle
}

struct ShapeData {
    var generation: UInt32 = 0
    var alive = false
    var kind = ShapeKind.polygon
    var body: Int32 = -1
    /// Next shape of the same body, or −1.
    var nextShape: Int32 = -1
    /// Polygon vertices and outward normals live in the world pools, body frame.
    var vertexStart: Int32 = 0
    var vertexCount: Int32 = 0
    /// Circle centre in the body frame, and radius (m).
    var center = Vec2.zero
    var radius = 0.0
    var density = 1.0
    var friction = 0.2
    var restitution = 0.0
    var filter = Filter()
    /// Tight box of the current step (swept) and the fat box the broad phase keeps.
    var aabb = AABB(lower: .zero, upper: .zero)
    var fatAABB = AABB(lower: .zero, upper: .zero)
    /// The caller's handle for the shape.
    var userData = 0
}

/// Reused union-find arrays of the sleep pass, indexed by body.
final class SleepScratch {
    /// Each awake body's parent in its island's tree (a root is its own parent); −1 for a
    /// body outside the pass (static, asleep), and for every body between passes.
    let parent = HotArray<Int32>()
    /// At an island's root: the shortest rest time of its bodies (s).
    let minSleep = HotArray<Double>()
    /// Bodies in a touching contact this step (with anything, static bodies included): the
    /// body's entry equals `stamp`, which each pass advances, so nothing is cleared.
    let touching = HotArray<UInt32>()
    var stamp: UInt32 = 0
    /// At an island's root, while it is put to sleep: its sleeping island's id; else −1.
    let islandOf = HotArray<Int32>()

    /// Readies the arrays for `n` bodies and advances the touching stamp; returns it.
    func begin(bodies n: Int) -> UInt32 {
        if parent.count < n {
            parent.reset(count: n, to: -1)
            minSleep.reset(count: n, to: .greatestFiniteMagnitude)
            islandOf.reset(count: n, to: -1)
            touching.reset(count: n, to: 0)
        }
        if stamp == .max { stamp = 0; touching.reset(count: touching.count, to: 0) }
        stamp += 1
        return stamp
    }

    /// The root of `x`'s island, compressing the path on the way (every body on it then points
    /// at the root).
    func find(_ x: Int32) -> Int32 {
        let parent = parent.data
        var r = x
        while parent[Int(r)] != r { r = parent[Int(r)] }
        var y = x
        while parent[Int(y)] != r { let next = parent[Int(y)]; parent[Int(y)] = r; y = next }
        return r
    }
}

/// A contact began or ended touching.
public struct ContactEvent: Sendable {
    /// The first shape of the pair.
    public var shapeA: ShapeID
    /// The second shape of the pair.
    public var shapeB: ShapeID
    /// The body of `shapeA`.
    public var bodyA: BodyID
    /// The body of `shapeB`.
    public var bodyB: BodyID
    /// Contact point (m, world), for `began`.
    public var point: Vec2
    /// From A toward B.
    public var normal: Vec2
    /// The event's place among all the world's begin and end events (increasing): merging the
    /// two lists by it gives the order in which contacts began and ended.
    public var sequence: Int = 0
}

/// The physics world. Not thread-safe: use it from one thread.
///
/// Storage: every per-step array (bodies, shapes, contacts, joints, the solver's batches and
/// lists) is a `HotArray` held in a `let`, which reads and writes its elements in place with no
/// run-time exclusivity check and no copy; the passes below loop over them directly. The
/// remaining stored `var`s (settings, counters, flags, the broad phase, the sleep and
/// restitution scratch) are `@exclusivity(unchecked)`: Swift would otherwise check each access
/// to a class's stored `var` at run time (a thread-local access set, ~10 ns a time), which made
/// a single `setVelocity` from a script spend a quarter of its time in checks. The world is
/// single-threaded and its methods never hold a pointer into an array while calling something
/// that appends to the same array; the engine's tests run in debug builds, where `HotArray`
/// asserts every index.
public final class World {
    // Bodies: three parallel arrays indexed by BodyID.index.
    @usableFromInline let sims = HotArray<BodySim>()
    @usableFromInline let states = HotArray<BodyState>()
    @usableFromInline let infos = HotArray<BodyInfo>()
    /// The rest rule's per-body state, beside `infos` (same indices).
    let rests = HotArray<BodyRest>()
    let freeBodies = HotArray<Int32>()

    let shapes = HotArray<ShapeData>()
    let freeShapes = HotArray<Int32>()
    /// Shapes destroyed since the contacts were last merged: their slots are reused only
    /// after that merge has ended their contacts. Reused at once, a slot gave a new shape the
    /// old one's pair keys, so the old contact lived on under the new shape (still touching,
    /// never ended) and its end event named the new shape's generation.
    let pendingFreeShapes = HotArray<Int32>()
    /// Polygon vertex and normal pools. Freed ranges are not compacted; the pools are
    /// rebuilt when more than half is garbage.
    let vertices = HotArray<Vec2>()
    let normals = HotArray<Vec2>()
    @exclusivity(unchecked) var garbageVertices = 0

    /// Contacts live in slots (reused through `freeContacts`); `contactIndex` lists them
    /// sorted by pair key (lower shape index in the high half), so merging a new pair list
    /// with the old contacts is a linear merge, with no hashing and a deterministic order.
    let contacts = HotArray<Contact>()
    let freeContacts = HotArray<Int32>()
    let contactIndex = HotArray<ContactRef>()
    @exclusivity(unchecked) var broadPhase = BroadPhase()

    /// Most contacts the world keeps (pairs of shapes whose fat boxes overlap); default no
    /// limit. Shapes piled on one spot make a contact per pair, n²/2 for n shapes: a host
    /// running untrusted scenes sets a limit from its memory budget. Once a step finds more
    /// pairs, the extra ones are not made, `contactsOverflowed` turns true and the world
    /// stops: that step and every later one leave the bodies as they are. Checked once per
    /// shape of the pair search and once per new contact.
    @exclusivity(unchecked) public var maximumContacts = Int.max
    /// Contact slots the world holds, touching or not: the most pairs it held at once since
    /// it was made (freed slots are kept for reuse). What its contacts hold in memory (slots,
    /// manifolds, solver rows) grows with it.
    public var heldContactCount: Int { contacts.count }
    /// True once a step found more pairs than `maximumContacts`; stays true (the world has
    /// stopped).
    @exclusivity(unchecked) public internal(set) var contactsOverflowed = false

    /// Solver sub-steps per step (soft step).
    @exclusivity(unchecked) public var substepCount = 4
    /// Whether resting islands are put to sleep (Box2D's `enableSleep`).
    @exclusivity(unchecked) public var sleepEnabled = true
    /// Whether contacts whose bodies barely moved keep their manifolds (contact recycling,
    /// Box2D v3's `contactRecycleDistance`; see `World.recycle`). On by default.
    @exclusivity(unchecked) public var contactRecyclingEnabled = true
    /// Contacts that kept their manifold in the last step (contact recycling).
    @exclusivity(unchecked) public internal(set) var recycledContactCount = 0
    /// Contacts whose manifold the last step computed afresh (see `recycledContactCount`).
    @exclusivity(unchecked) public internal(set) var updatedContactCount = 0

    /// Contacts that began touching since the caller last called `clearEvents()`.
    @exclusivity(unchecked) public internal(set) var beginEvents: [ContactEvent] = []
    /// Contacts that stopped touching since the caller last called `clearEvents()`.
    @exclusivity(unchecked) public internal(set) var endEvents: [ContactEvent] = []
    /// The next event's `sequence`.
    @exclusivity(unchecked) var eventSequence = 0
    /// Bodies put to sleep since the caller last called `clearEvents()` (indices).
    let fellAsleep = HotArray<Int32>()

    /// Set when anything changed that requires new pairs (shapes, filters, body types).
    @exclusivity(unchecked) var pairsDirty = true
    /// Set when a shape's friction or restitution changed: the contacts' mixed values are
    /// refreshed before the next narrow phase (instead of per contact every step).
    @exclusivity(unchecked) var materialsDirty = false

    /// Sleeping islands: the first body of each, by island id; −1 for a free slot.
    let islandHeads = HotArray<Int32>()
    let freeIslands = HotArray<Int32>()

    // Scratch buffers reused every step.
    let scratchA = UnsafeMutablePointer<Vec2>.allocate(capacity: 2 * Tuning.maxPolygonVertices)
    let scratchB = UnsafeMutablePointer<Vec2>.allocate(capacity: 2 * Tuning.maxPolygonVertices)
    let awakeBodies = HotArray<Int32>()
    /// Rectangles that dynamic bodies must not leave (see `setContainer`).
    let containers = HotArray<Container>()
    /// Bodies put back inside a container since the world was made (see `setContainer`).
    @exclusivity(unchecked) public internal(set) var containedCount = 0
    /// How many times a fast body was put back in front of a static edge its centre crossed
    /// (World+Continuous.swift), since the world was made.
    @exclusivity(unchecked) public internal(set) var continuousCount = 0
    @exclusivity(unchecked) var continuousScratch: [Int32] = []
    /// How many clusters of bouncing bodies had their restitution scaled back so as not to
    /// gain energy (World+Restitution.swift), since the world was made.
    @exclusivity(unchecked) public internal(set) var restitutionScaledCount = 0
    @exclusivity(unchecked) var restitutionScratch = RestitutionScratch()

    /// Velocities of the bodies in contact when the step began, in steps with a bouncing
    /// contact (indexed by body).
    let stepStartVelocities = HotArray<(v: Vec2, w: Double)>()
    /// Whether any body was given a step force (`applyStepForce`) for this step: without
    /// one, the contacts' preparation reads no `stepVelocity`.
    @exclusivity(unchecked) var stepVelocitiesGiven = false
    let sleepScratch = SleepScratch()
    /// Contacts that approach fast enough to bounce (restitution > 0), in double precision:
    /// the only ones the restitution passes visit.
    let bouncingConstraints = HotArray<BouncingConstraint>()
    /// The wide solver's batches (see World+WideSolver.swift) and the colouring's scratch.
    let wideConstraints = HotArray<WideConstraint>()
    let colorBits = HotArray<UInt64>()
    /// Scratch of `prepareWideContacts`: each solver candidate's colour.
    let colorScratch = HotArray<UInt8>()
    /// Scratch of `prepareWideContacts`: per colour, its count and its next lane.
    let colorTally = HotArray<Int>()
    /// Per solver candidate, its lane in `wideConstraints` this step (4 · batch + lane), or −1.
    let contactLanes = HotArray<Int32>()
    /// What `collide` found for after its pass: sleeping bodies an awake one touches, and
    /// contacts that came within the slop (they begin once every manifold is computed).
    let bodiesToWake = HotArray<Int32>()
    let contactsBeginning = HotArray<Int32>()
    /// The live contacts with manifold points after `collide`, in contact order (the
    /// preparation of the solver walks these, not every pair of the broad phase).
    let solverCandidates = HotArray<SolverCandidate>()
    let solverBodies = HotArray<SolverBody>()
    /// Joints in slots (see Joint.swift); the ones with an awake body this step.
    let joints = HotArray<Joint>()
    let freeJoints = HotArray<Int32>()
    let activeJoints = HotArray<Int32>()
    /// Body pairs (pairKey of body indices) joined by at least one joint, with how many.
    @exclusivity(unchecked) var jointedPairs: Set<UInt64> = []
    @exclusivity(unchecked) var jointedPairCounts: [UInt64: Int] = [:]
    /// The static body at the origin that anchors hang from (−1 until needed).
    @exclusivity(unchecked) var groundIndex: Int32 = -1
    /// Moving bodies with at least one contact this step, and the flags that collect them.
    let contactBodies = HotArray<Int32>()
    let bodyInContact = HotArray<Bool>()
    /// Awake bodies in no contact (integrated in double precision), and the bodies in contact
    /// that joints also act on (their float solver state is copied around the joint passes).
    let looseBodies = HotArray<Int32>()
    let bridgeBodies = HotArray<Int32>()
    /// Per body in contact: the velocity change of one sub-step from gravity and forces,
    /// (dvx, dvy, dw, 0) in m/s and rad/s.
    let solverDeltas = HotArray<SIMD4<Float>>()

    /// An empty world: no bodies, shapes or joints, nothing to step.
    public init() {
        // A sentinel so the pools are never empty (their base addresses are then non-nil).
        vertices.append(.zero)
        normals.append(.zero)
    }

    deinit {
        scratchA.deallocate()
        scratchB.deallocate()
    }

    // MARK: Bodies

    /// True when `id` names a live body of this world (its slot's generation matches).
    @inlinable
    public func isValid(_ id: BodyID) -> Bool {
        let i = Int(id.index)
        return i >= 0 && i < infos.count && infos[i].alive && infos[i].generation == id.generation
    }

    /// Creates a body with no shapes (no mass until one is added). O(1).
    public func createBody(type: BodyType, position: Vec2, angle: Double, userData: Int = 0) -> BodyID {
        let index: Int32
        if let free = freeBodies.popLast() {
            index = free
        } else {
            index = Int32(sims.count)
            sims.append(BodySim()); states.append(BodyState()); infos.append(BodyInfo()); rests.append(BodyRest())
        }
        let i = Int(index)
        let generation = infos[i].generation &+ 1
        sims[i] = BodySim()
        sims[i].transform = Transform(p: position, q: Rot(angle: angle))
        sims[i].center = position
        states[i] = BodyState()
        infos[i] = BodyInfo()
        rests[i] = BodyRest()
        infos[i].generation = generation
        infos[i].alive = true
        infos[i].type = type
        infos[i].userData = userData
        pairsDirty = true
        return BodyID(index: index, generation: generation)
    }

    /// Destroys a body with its shapes and joints; what rested on it wakes. A stale id is
    /// ignored. O(contacts + joints).
    public func destroyBody(_ id: BodyID) {
        guard isValid(id) else { return }
        let i = Int(id.index)
        wake(body: i)
        // Whatever rested on it must notice it is gone (a static body has no island).
        for ref in contactIndex {
            let c = contacts[Int(ref.slot)]
            guard c.manifold.pointCount > 0 else { continue }
            let a = Int(shapes[Int(c.shapeA)].body), b = Int(shapes[Int(c.shapeB)].body)
            if a == i { wake(body: b) } else if b == i { wake(body: a) }
        }
        if infos[i].jointCount > 0 {
            for j in joints.indices where joints[j].alive && (Int(joints[j].bodyA) == i || Int(joints[j].bodyB) == i) {
                destroyJoint(JointID(index: Int32(j), generation: joints[j].generation))
            }
        }
        for s in shapeList(of: i) { destroyShape(at: Int(s)) }
        containers.removeAll { $0.body == id.index }
        infos[i].alive = false
        freeBodies.append(id.index)
        pairsDirty = true
    }

    func setType(_ type: BodyType, of body: Int) {
        guard infos[body].type != type else { return }
        wake(body: body) // while still dynamic: leaves its sleeping island cleanly
        infos[body].type = type
        infos[body].isAwake = true
        states[body] = BodyState()
        updateMass(body)
        wake(body: body)
        pairsDirty = true
    }

    /// Places a body; its velocity is kept.
    func setTransform(_ body: Int, position: Vec2, angle: Double) {
        sims[body].transform = Transform(p: position, q: Rot(angle: angle))
        sims[body].center = sims[body].transform.apply(sims[body].localCenter)
        for s in shapeList(of: body) { updateStaticAABB(Int(s)) }
        wake(body: body)
        pairsDirty = true
    }

    func setAllowsRotation(_ allows: Bool, of body: Int) {
        infos[body].allowsRotation = allows
        updateMass(body)
        if !allows { states[body].w = 0 }
    }

    // MARK: Shapes

    private func allocateShape(body: Int, _ fill: (inout ShapeData) -> Void) -> ShapeID {
        let index: Int32
        if let free = freeShapes.popLast() { index = free } else { index = Int32(shapes.count); shapes.append(ShapeData()) }
        let i = Int(index)
        var s = ShapeData()
        s.generation = shapes[i].generation &+ 1
        s.alive = true
        s.body = Int32(body)
        s.nextShape = infos[body].firstShape
        fill(&s)
        shapes[i] = s
        infos[body].firstShape = index
        if s.density == 0 {
            // A massless shape (a wall's chain segment) changes neither mass, centre nor
            // inertia, only the extent: widen it here instead of walking every shape of the
            // body, which made a wall of n segments cost O(n²) (300 000 points: minutes).
            // Same result bit for bit: the extent is a max over the same vertices.
            extendExtent(of: body, by: s)
        } else {
            updateMass(body)
        }
        updateStaticAABB(i)
        pairsDirty = true
        return ShapeID(index: index, generation: s.generation)
    }

    /// Adds a convex polygon (counter-clockwise in the math sense, i.e. positive signed
    /// area with y down; at most `Tuning.maxPolygonVertices`), in the body frame.
    @discardableResult
    public func addPolygon(to bodyID: BodyID, vertices v: [Vec2], density: Double, friction: Double,
                           restitution: Double, filter: Filter, userData: Int = 0) -> ShapeID {
        let body = checked(bodyID)
        precondition(v.count >= 2 && v.count <= Tuning.maxPolygonVertices, "a polygon has 2…\(Tuning.maxPolygonVertices) vertices")
        let start = Int32(vertices.count)
        for i in 0..<v.count {
            vertices.append(v[i])
            let e = v[i + 1 < v.count ? i + 1 : 0] - v[i]
            normals.append(e.rightPerp.normalized)
        }
        return allocateShape(body: body) {
            $0.kind = .polygon
            $0.vertexStart = start
            $0.vertexCount = Int32(v.count)
            $0.density = density
            $0.friction = friction
            $0.restitution = restitution
            $0.filter = filter
            $0.userData = userData
        }
    }

    /// Adds a two-sided segment (a two-vertex polygon), in the body frame.
    @discardableResult
    public func addSegment(to bodyID: BodyID, _ p1: Vec2, _ p2: Vec2, friction: Double, restitution: Double,
                           filter: Filter, userData: Int = 0) -> ShapeID {
        addEdge(to: checked(bodyID), kind: .polygon, [p1, p2], normal: (p2 - p1).rightPerp.normalized,
                friction: friction, restitution: restitution, filter: filter, userData: userData)
    }

    /// Adds a chain segment p1→p2 whose path continues before it at `ghost1` and after it at
    /// `ghost2` (pass the end point itself for a free end of an open path), in the body
    /// frame. Static bodies only.
    @discardableResult
    public func addChainSegment(to bodyID: BodyID, ghost1: Vec2, _ p1: Vec2, _ p2: Vec2, ghost2: Vec2, friction: Double,
                                restitution: Double, filter: Filter, userData: Int = 0) -> ShapeID {
        let body = checked(bodyID)
        precondition(infos[body].type == .static, "chain segments belong to static bodies")
        return addEdge(to: body, kind: .chainSegment, [ghost1, p1, p2, ghost2], normal: (p2 - p1).rightPerp.normalized,
                       friction: friction, restitution: restitution, filter: filter, userData: userData)
    }

    /// A massless edge shape: its points in the vertex pool, and in the parallel normals pool
    /// the edge's normal and its opposite, alternating (a segment's two faces; for a chain
    /// segment only the first two are read).
    private func addEdge(to body: Int, kind: ShapeKind, _ points: [Vec2], normal n: Vec2, friction: Double,
                         restitution: Double, filter: Filter, userData: Int) -> ShapeID {
        let start = Int32(vertices.count)
        for (k, p) in points.enumerated() {
            vertices.append(p)
            normals.append(k % 2 == 0 ? n : -n)
        }
        return allocateShape(body: body) {
            $0.kind = kind
            $0.vertexStart = start
            $0.vertexCount = Int32(points.count)
            $0.density = 0
            $0.friction = friction
            $0.restitution = restitution
            $0.filter = filter
            $0.userData = userData
        }
    }

    /// Adds a circle of `radius` (m) centred at `center` in the body frame, with `density`
    /// (kg/m²), friction and restitution (dimensionless). The body's mass is recomputed:
    /// O(shapes of the body).
    @discardableResult
    public func addCircle(to bodyID: BodyID, center: Vec2, radius: Double, density: Double, friction: Double,
                          restitution: Double, filter: Filter, userData: Int = 0) -> ShapeID {
        let body = checked(bodyID)
        return allocateShape(body: body) {
            $0.kind = .circle
            $0.center = center
            $0.radius = radius
            $0.density = density
            $0.friction = friction
            $0.restitution = restitution
            $0.filter = filter
            $0.userData = userData
        }
    }

    /// The shapes of a body (cold paths only; hot loops follow `nextShape`).
    func shapeList(of body: Int) -> [Int32] {
        var list: [Int32] = []
        var s = infos[body].firstShape
        while s >= 0 { list.append(s); s = shapes[Int(s)].nextShape }
        return list
    }

    /// Destroys a shape and unlinks it from its body.
    func destroyShape(at i: Int) {
        guard shapes[i].alive else { return }
        let body = Int(shapes[i].body)
        if infos[body].firstShape == Int32(i) {
            infos[body].firstShape = shapes[i].nextShape
        } else {
            var s = infos[body].firstShape
            while s >= 0 {
                if shapes[Int(s)].nextShape == Int32(i) { shapes[Int(s)].nextShape = shapes[i].nextShape; break }
                s = shapes[Int(s)].nextShape
            }
        }
        shapes[i].alive = false
        garbageVertices += Int(shapes[i].vertexCount)
        pendingFreeShapes.append(Int32(i))
        pairsDirty = true
        if garbageVertices > 1024 && garbageVertices * 2 > vertices.count { compactVertexPools() }
    }

    private func compactVertexPools() {
        var nv: [Vec2] = [], nn: [Vec2] = []
        nv.reserveCapacity(vertices.count - garbageVertices)
        nn.reserveCapacity(vertices.count - garbageVertices)
        for i in shapes.indices where shapes[i].alive && shapes[i].kind != .circle {
            let start = Int(shapes[i].vertexStart), count = Int(shapes[i].vertexCount)
            shapes[i].vertexStart = Int32(nv.count)
            nv.append(contentsOf: vertices[start..<start + count])
            nn.append(contentsOf: normals[start..<start + count])
        }
        vertices.replaceAll(with: nv); normals.replaceAll(with: nn); garbageVertices = 0
    }

    /// Changes a shape's material; takes effect on the next step's contacts.
    func setMaterial(shape i: Int, friction: Double, restitution: Double, density: Double) {
        if shapes[i].friction != friction || shapes[i].restitution != restitution { materialsDirty = true }
        shapes[i].friction = friction
        shapes[i].restitution = restitution
        if shapes[i].density != density {
            shapes[i].density = density
            updateMass(Int(shapes[i].body))
        }
    }

    func setFilter(shape i: Int, _ filter: Filter) {
        guard shapes[i].filter != filter else { return }
        shapes[i].filter = filter
        pairsDirty = true
        wake(body: Int(shapes[i].body))
    }

    // MARK: Mass

    /// Area, centroid and polar moment (about the centroid, per unit density) of a shape.
    func massData(shape s: ShapeData) -> (area: Double, centroid: Vec2, inertiaPerDensity: Double) {
        switch s.kind {
        case .circle:
            let a = Double.pi * s.radius * s.radius
            return (a, s.center, a * 0.5 * s.radius * s.radius)
        case .chainSegment:
            return (0, vertices[Int(s.vertexStart) + 1], 0)
        case .polygon:
            let start = Int(s.vertexStart), n = Int(s.vertexCount)
            if n < 3 { return (0, n > 0 ? vertices[start] : .zero, 0) }
            // Triangle fan from the first vertex (as Box2D's b2ComputePolygonMass).
            let origin = vertices[start]
            var area = 0.0, c = Vec2.zero, I = 0.0
            for i in 1..<(n - 1) {
                let e1 = vertices[start + i] - origin, e2 = vertices[start + i + 1] - origin
                let d = cross(e1, e2)
                let ta = 0.5 * d
                area += ta
                c += (ta / 3) * (e1 + e2)
                let intx2 = e1.x * e1.x + e2.x * e1.x + e2.x * e2.x
                let inty2 = e1.y * e1.y + e2.y * e1.y + e2.y * e2.y
                I += (0.25 / 3 * d) * (intx2 + inty2)
            }
            c = (1 / area) * c
            // I is about `origin`; move it to the centroid.
            let Ic = I - area * c.lengthSquared
            return (area, origin + c, Ic)
        }
    }

    func updateMass(_ body: Int) {
        var info = infos[body]
        var mass = 0.0, center = Vec2.zero, inertia = 0.0
        var parts: [(Double, Vec2, Double)] = []
        var extentShapes: [Int32] = []
        for si in shapeList(of: body) where shapes[Int(si)].alive {
            let s = shapes[Int(si)]
            extentShapes.append(si)
            let md = massData(shape: s)
            let m = s.density * md.area
            mass += m
            center += m * md.centroid
            parts.append((m, md.centroid, s.density * md.inertiaPerDensity))
        }
        // A mass whose inverse overflows (subnormal: the model's limits keep it out) is no
        // mass: the body would otherwise get an infinite inverse mass and a NaN centre.
        if !(1 / mass).isFinite { mass = 0; center = .zero }
        if mass > 0 { center = (1 / mass) * center }
        for (m, c, i) in parts { inertia += i + m * (c - center).lengthSquared }
        info.mass = mass
        info.inertia = inertia
        var sim = sims[body]
        sim.localCenter = mass > 0 ? center : .zero
        sim.center = sim.transform.apply(sim.localCenter)
        if info.type == .dynamic && mass > 0 {
            sim.invMass = 1 / mass
            sim.invInertia = info.allowsRotation && inertia > 0 ? 1 / inertia : 0
        } else {
            sim.invMass = 0
            sim.invInertia = 0
        }
        var extent = 0.0
        for si in extentShapes { extent = max(extent, self.extent(of: shapes[Int(si)], around: sim.localCenter)) }
        sim.maxExtent = extent
        var inner = Double.greatestFiniteMagnitude
        for si in extentShapes { inner = min(inner, minimumExtent(of: shapes[Int(si)], around: sim.localCenter)) }
        sim.minExtent = extentShapes.isEmpty ? 0 : max(0, inner)
        sims[body] = sim
        infos[body] = info
    }

    /// How far a shape reaches from a body's local centre (m).
    private func extent(of s: ShapeData, around localCenter: Vec2) -> Double {
        switch s.kind {
        case .circle: return (s.center - localCenter).length + s.radius
        case .polygon, .chainSegment:
            var extent = 0.0
            for k in 0..<Int(s.vertexCount) {
                extent = max(extent, (vertices[Int(s.vertexStart) + k] - localCenter).length)
            }
            return extent
        }
    }

    /// How far a shape's outside is from a body's local centre at its nearest (m): a circle's
    /// radius less its offset, a polygon's distance to its nearest face line, 0 for an edge
    /// (as Box2D's b2ComputeShapeExtent).
    private func minimumExtent(of s: ShapeData, around localCenter: Vec2) -> Double {
        switch s.kind {
        case .circle: return s.radius - (s.center - localCenter).length
        case .chainSegment: return 0
        case .polygon:
            guard s.vertexCount >= 3 else { return 0 }
            var inner = Double.greatestFiniteMagnitude
            for k in 0..<Int(s.vertexCount) {
                let i = Int(s.vertexStart) + k
                inner = min(inner, dot(normals[i], vertices[i] - localCenter))
            }
            return inner
        }
    }

    /// Widens a body's extent to cover a new massless shape. O(shape's vertices).
    private func extendExtent(of body: Int, by s: ShapeData) {
        sims[body].maxExtent = max(sims[body].maxExtent, extent(of: s, around: sims[body].localCenter))
        sims[body].minExtent = max(0, min(sims[body].minExtent, minimumExtent(of: s, around: sims[body].localCenter)))
    }

    // MARK: Forces and velocities (the model's levers)

    func applyForce(_ body: Int, _ f: Vec2, at point: Vec2) {
        guard infos[body].type == .dynamic else { return }
        let torque = cross(point - sims[body].center, f)
        sims[body].force += f
        sims[body].torque += torque
        nudge(body, acceleration: sims[body].invMass * f.length + sims[body].invInertia * abs(torque) * sims[body].maxExtent)
    }

    func applyTorque(_ body: Int, _ t: Double) {
        guard infos[body].type == .dynamic else { return }
        sims[body].torque += t
        nudge(body, acceleration: sims[body].invInertia * abs(t) * sims[body].maxExtent)
    }

    /// An impulse (N·s) at a world point now. With `wake` false a sleeping body is left alone.
    /// An awake body keeps its rest timer either way (Box2D's `b2Body_ApplyLinearImpulse`):
    /// its motion, not the push, decides when it rests.
    func applyLinearImpulse(_ body: Int, _ j: Vec2, at point: Vec2, wake: Bool = true) {
        guard infos[body].type == .dynamic, wake || infos[body].isAwake else { return }
        let dw = sims[body].invInertia * cross(point - sims[body].center, j)
        let dv = sims[body].invMass * j
        states[body].v += dv
        states[body].w += dw
        limitSpeeds(body)
        if wake && !infos[body].isAwake {
            // An impulse moves the body by Δv·T over the rest time.
            if (dv.length + abs(dw) * sims[body].maxExtent) * Tuning.timeToSleep > Tuning.restTolerance { self.wake(body: body) }
        }
    }

    /// The rest rule for forces (docs/engine.md, "Rest"): a force wakes a sleeping body only
    /// when it would move the body past `Tuning.restTolerance` within `Tuning.timeToSleep`
    /// (a·T²/2, `acceleration` in m/s² at the body's furthest point); it never restarts an
    /// awake body's rest timer, which the body's own motion keeps. So a force too small to
    /// move anything (a script's 1e-6 N field) lets its items rest, and one that would move
    /// them keeps them awake.
    @inline(__always)
    func nudge(_ body: Int, acceleration: Double) {
        if infos[body].isAwake { return }
        if 0.5 * acceleration * Tuning.timeToSleep * Tuning.timeToSleep > Tuning.restTolerance { wake(body: body) }
    }

    /// Sets a dynamic body's velocity within the speed limits and wakes it (a script may call
    /// this for every item every frame).
    func setVelocity(_ body: Int, linear: Vec2, angular: Double) {
        guard infos[body].type == .dynamic else { return }
        let w = infos[body].allowsRotation ? angular : 0
        states[body].v = World.limitedLinear(linear)
        states[body].w = World.limitedAngular(w)
        if infos[body].isAwake { infos[body].sleepTime = 0; rests[body].restBreak = .woken } else { wake(body: body) }
    }

    /// Keeps a velocity set or changed from outside the step (a field's velocity change, an
    /// impulse, a script) within the speed limits, so that nothing computed from it (a drag
    /// field squares it) can overflow before the next step clamps it again.
    func limitSpeeds(_ body: Int) {
        states[body].v = World.limitedLinear(states[body].v)
        states[body].w = World.limitedAngular(states[body].w)
    }

    @inline(__always)
    static func limitedLinear(_ v: Vec2) -> Vec2 {
        v.lengthSquared <= Tuning.maxLinearSpeed * Tuning.maxLinearSpeed ? v : World.clampedSpeed(v, Tuning.maxLinearSpeed)
    }

    @inline(__always)
    static func limitedAngular(_ w: Double) -> Double {
        abs(w) <= Tuning.maxAngularSpeed ? w : (w.isNaN ? 0 : (w > 0 ? Tuning.maxAngularSpeed : -Tuning.maxAngularSpeed))
    }

    /// Velocity of the body's frame origin, which differs from the
    /// centre-of-mass velocity when the two do not coincide.
    @inlinable
    func originVelocity(_ body: Int) -> Vec2 {
        let r = sims[body].transform.p - sims[body].center
        return states[body].v + cross(states[body].w, r)
    }

    /// True while some dynamic body is awake.
    public var hasAwakeBodies: Bool {
        for i in infos.indices where infos[i].alive && infos[i].type == .dynamic && infos[i].isAwake { return true }
        return false
    }
}
