// The engine's public API: every call takes an id and checks its generation before it
// touches storage (Box2D's `b2GetBodyFullId` checks). A stale or foreign id traps with a
// message, as Box2D's B2_ASSERT does: the caller (the model) owns its ids and never passes a
// stale one, so a trap here is a bug in the caller, not bad user input; user input is
// validated by the model before it reaches the engine. Destroy calls ignore stale ids.
// Units: metres, seconds, kilograms, radians; y is whatever the caller's y is (the model's
// points-down screen axes), since the engine has no preferred up.

extension World {
    /// The storage index of a live body; traps on a stale id.
    @inlinable @inline(__always)
    func checked(_ id: BodyID) -> Int {
        precondition(isValid(id), "stale or invalid body id \(id)")
        return Int(id.index)
    }

    /// The storage index of a live shape; traps on a stale id.
    @inline(__always)
    func checked(_ id: ShapeID) -> Int {
        precondition(isValid(id), "stale or invalid shape id \(id)")
        return Int(id.index)
    }

    /// True when `id` names a live shape of this world (its slot's generation matches).
    public func isValid(_ id: ShapeID) -> Bool {
        id.index >= 0 && Int(id.index) < shapes.count && shapes[Int(id.index)].alive
            && shapes[Int(id.index)].generation == id.generation
    }

    /// The id of the body at a storage index (nil if none lives there).
    func bodyID(_ index: Int32) -> BodyID? {
        let i = Int(index)
        guard i >= 0 && i < infos.count && infos[i].alive else { return nil }
        return BodyID(index: index, generation: infos[i].generation)
    }

    func shapeID(_ index: Int32) -> ShapeID {
        ShapeID(index: index, generation: shapes[Int(index)].generation)
    }

    // MARK: Bodies

    /// Whether the body is static or dynamic.
    @inlinable public func type(of id: BodyID) -> BodyType { infos[checked(id)].type }

    /// Makes a body static or dynamic (its velocity is reset; it wakes).
    public func setType(_ type: BodyType, of id: BodyID) { setType(type, of: checked(id)) }

    /// The body's frame: the position of its origin and its rotation.
    @inlinable public func transform(of id: BodyID) -> Transform { sims[checked(id)].transform }

    /// Places the body's origin and rotation; its velocity is kept, and it wakes.
    public func setTransform(_ id: BodyID, position: Vec2, angle: Double) {
        setTransform(checked(id), position: position, angle: angle)
    }

    /// The centre of mass, world coordinates (m).
    @inlinable public func centerOfMass(of id: BodyID) -> Vec2 { sims[checked(id)].center }

    /// Velocity of the centre of mass (m/s).
    @inlinable public func linearVelocity(of id: BodyID) -> Vec2 { states[checked(id)].v }

    /// Angular velocity (rad/s).
    @inlinable public func angularVelocity(of id: BodyID) -> Double { states[checked(id)].w }

    /// Velocity of the body's origin (m/s), which differs from the centre of mass's when the
    /// body turns and the two are apart.
    @inlinable public func originVelocity(of id: BodyID) -> Vec2 {
        let b = checked(id)
        let r = sims[b].transform.p - sims[b].center
        return states[b].v + cross(states[b].w, r)
    }

    /// The body's transform, its origin's velocity (m/s) and its angular velocity (rad/s), read
    /// with one check of its id (a recorder reads them for every body, every frame).
    @inlinable public func motion(of id: BodyID) -> (transform: Transform, originVelocity: Vec2, angularVelocity: Double) {
        let b = checked(id)
        let xf = sims[b].transform, center = sims[b].center
        let v = states[b].v, w = states[b].w
        return (xf, v + cross(w, xf.p - center), w)
    }

    /// Sets the centre of mass's velocity (m/s) and the angular velocity (rad/s; ignored for a
    /// body that does not rotate). Clamped to the engine's speed limits; wakes the body.
    /// Static bodies ignore it.
    public func setVelocity(_ id: BodyID, linear: Vec2, angular: Double) {
        setVelocity(checked(id), linear: linear, angular: angular)
    }

    /// Sets the velocity of the body's origin (m/s) and the angular velocity (rad/s): the
    /// centre of mass then moves at `v − w × (origin − centre)`.
    public func setVelocity(_ id: BodyID, atOrigin v: Vec2, angular: Double) {
        setVelocity(checked(id), atOrigin: v, angular: angular)
    }

    /// Sets the velocity of the body's origin (m/s), keeping its angular velocity: what
    /// `setVelocity(_:atOrigin:angular:)` does with `angularVelocity(of:)`, with one id check
    /// (a script may set every item's velocity every frame).
    public func setVelocity(_ id: BodyID, atOrigin v: Vec2) {
        let b = checked(id)
        setVelocity(b, atOrigin: v, angular: states[b].w)
    }

    private func setVelocity(_ b: Int, atOrigin v: Vec2, angular: Double) {
        let r = sims[b].transform.p - sims[b].center
        setVelocity(b, linear: v - cross(angular, r), angular: angular)
    }

    /// Adds a force (N) at a world point for the next step (cleared after it); wakes a sleeping
    /// body when the force would move it past the rest tolerance (see `nudge`).
    public func applyForce(_ id: BodyID, _ force: Vec2, at point: Vec2) { applyForce(checked(id), force, at: point) }

    /// Adds a torque (N·m) for the next step; wakes a sleeping body as a force does.
    public func applyTorque(_ id: BodyID, _ torque: Double) { applyTorque(checked(id), torque) }

    /// A force (N) for the coming step of `h` seconds, given at once as its impulse f·h at the
    /// body's centre (symplectic Euler, which keeps a spring field's energy where a force held
    /// over the sub-steps gains it). With `wake` false a sleeping body is left alone; with
    /// `wake` true it is woken when the force would move it (see `nudge`). Contacts
    /// count it as they count gravity, not as an approach: an item resting under a field of
    /// 15 g bounced every step at a fifth of the field's velocity change, and never paused.
    public func applyStepForce(_ id: BodyID, _ force: Vec2, over h: Double, wake: Bool) {
        let b = checked(id)
        guard infos[b].type == .dynamic else { return }
        if !infos[b].isAwake {
            // A force held over the step wakes by the rest rule for forces (`nudge`).
            guard wake else { return }
            nudge(b, acceleration: sims[b].invMass * force.length)
            guard infos[b].isAwake else { return }
        }
        applyLinearImpulse(b, h * force, at: sims[b].center, wake: false)
        sims[b].stepVelocity += (h * sims[b].invMass) * force
        stepVelocitiesGiven = true
    }

    /// Applies an impulse (N·s) at a world point now. With `wake` false a sleeping body is
    /// left alone (Box2D's `b2Body_ApplyLinearImpulse`), which is what a field that must not
    /// wake what it does not move wants.
    public func applyLinearImpulse(_ id: BodyID, _ impulse: Vec2, at point: Vec2, wake: Bool = true) {
        applyLinearImpulse(checked(id), impulse, at: point, wake: wake)
    }

    /// A constant acceleration (m/s²) applied every step (gravity, per body).
    public func setGravity(_ id: BodyID, _ acceleration: Vec2) {
        let b = checked(id)
        if sims[b].gravity != acceleration { sims[b].gravity = acceleration; wake(body: b) }
    }

    /// Velocity damping rates (1/s): v ← v / (1 + h·rate) each step of length h.
    public func setDamping(_ id: BodyID, linear: Double, angular: Double) {
        let b = checked(id)
        sims[b].linearDamping = linear
        sims[b].angularDamping = angular
    }

    /// Whether the body may rotate (Box2D's `fixedRotation`, negated).
    public func setAllowsRotation(_ allows: Bool, of id: BodyID) { setAllowsRotation(allows, of: checked(id)) }

    /// Mass (kg) from the shapes' densities; 0 for a body without area.
    @inlinable public func mass(of id: BodyID) -> Double { infos[checked(id)].mass }

    /// True when the body is dynamic and not asleep (a static body is never awake).
    public func isAwake(_ id: BodyID) -> Bool {
        let b = checked(id)
        return infos[b].type == .dynamic && infos[b].isAwake
    }

    /// Wakes the body and its sleeping island, and restarts their rest timers.
    public func wake(_ id: BodyID) { wake(body: checked(id)) }

    /// Wakes every body.
    public func wakeAllBodies() { wakeAll() }

    /// The caller's handle stored with the body.
    public func userData(of id: BodyID) -> Int { infos[checked(id)].userData }
    /// Stores the caller's handle with the body (the engine never reads it).
    public func setUserData(_ userData: Int, of id: BodyID) { infos[checked(id)].userData = userData }

    /// The body's shapes, most recently added first. O(shapes of the body).
    public func shapeIDs(of id: BodyID) -> [ShapeID] { shapeList(of: checked(id)).map(shapeID) }

    // MARK: Shapes

    /// Destroys a shape (the body's mass is recomputed). A stale id is ignored.
    public func destroyShape(_ id: ShapeID) {
        guard isValid(id) else { return }
        let body = Int(shapes[Int(id.index)].body)
        destroyShape(at: Int(id.index))
        updateMass(body)
        wake(body: body)
    }

    /// The body the shape is attached to.
    public func body(of id: ShapeID) -> BodyID {
        let body = shapes[checked(id)].body
        return BodyID(index: body, generation: infos[Int(body)].generation)
    }

    /// The caller's handle stored with the shape.
    public func userData(of id: ShapeID) -> Int { shapes[checked(id)].userData }

    /// Changes a shape's material; takes effect on the next step's contacts.
    public func setMaterial(_ id: ShapeID, friction: Double, restitution: Double, density: Double) {
        setMaterial(shape: checked(id), friction: friction, restitution: restitution, density: density)
    }

    /// The shape's collision filter.
    public func filter(of id: ShapeID) -> Filter { shapes[checked(id)].filter }

    /// Changes which shapes this one collides with (pairs are rebuilt on the next step).
    public func setFilter(_ id: ShapeID, _ filter: Filter) { setFilter(shape: checked(id), filter) }

    // MARK: Stepping and events

    /// Forgets the touch events and the bodies that fell asleep, before the next steps.
    public func clearEvents() {
        beginEvents.removeAll(keepingCapacity: true)
        endEvents.removeAll(keepingCapacity: true)
        fellAsleep.removeAll()
    }

    /// Calls `body` for every body that moved in the last step (the awake ones) and every body
    /// that fell asleep since `clearEvents()`, with its frame and user data: what a renderer
    /// or the model writes back (Box2D's body move events). O(awake bodies).
    public func forEachMovedBody(_ body: (BodyID, Transform, Int) -> Void) {
        for bi in awakeBodies {
            let b = Int(bi)
            body(BodyID(index: bi, generation: infos[b].generation), sims[b].transform, infos[b].userData)
        }
        for bi in fellAsleep where infos[Int(bi)].alive {
            let b = Int(bi)
            body(BodyID(index: bi, generation: infos[b].generation), sims[b].transform, infos[b].userData)
        }
    }

    /// The manifold points (world, m) of every touching contact, for debug drawing.
    /// O(contacts).
    public var touchingContactPoints: [Vec2] {
        var points: [Vec2] = []
        for ref in contactIndex {
            let c = contacts[Int(ref.slot)]
            guard c.touching else { continue }
            for k in 0..<c.manifold.pointCount { points.append(c.manifold[k].point) }
        }
        return points
    }

    /// The first touching contact of `body` that `accept` takes, given the body's shape, the
    /// other shape and the other body: its first manifold point (world, m). O(contacts).
    public func touchingContact(of body: BodyID, where accept: (ShapeID, ShapeID, BodyID) -> Bool) -> Vec2? {
        let b = Int32(checked(body))
        for ref in contactIndex {
            let c = contacts[Int(ref.slot)]
            guard c.touching, c.manifold.pointCount > 0, c.bodyA == b || c.bodyB == b else { continue }
            let (mine, other, otherBody) = c.bodyA == b ? (c.shapeA, c.shapeB, c.bodyB) : (c.shapeB, c.shapeA, c.bodyA)
            if accept(shapeID(mine), shapeID(other), BodyID(index: otherBody, generation: infos[Int(otherBody)].generation)) {
                return c.manifold[0].point
            }
        }
        return nil
    }

    /// After `contactsOverflowed`: the pairs of shapes the stopping step had found, by kind —
    /// between two moving bodies, and of a moving body with a static shape (a boundary
    /// segment, an anchored item). O(pairs); for the message that explains the stop.
    public var overflowedPairs: (betweenBodies: Int, withStatic: Int) {
        var between = 0, withStatic = 0
        for key in broadPhase.keys {
            let a = Int(key >> 32), b = Int(key & 0xffff_ffff)
            guard a < shapes.count, b < shapes.count else { continue }
            let ba = Int(shapes[a].body), bb = Int(shapes[b].body)
            guard ba >= 0, bb >= 0, ba < infos.count, bb < infos.count else { continue }
            if infos[ba].type == .static || infos[bb].type == .static { withStatic += 1 } else { between += 1 }
        }
        return (between, withStatic)
    }

    /// How many bodies, shapes, contacts and joints are alive (for tests and tools).
    public var counts: (bodies: Int, shapes: Int, contacts: Int, joints: Int) {
        (infos.lazy.filter(\.alive).count, shapes.lazy.filter(\.alive).count,
         contactIndex.count, joints.lazy.filter(\.alive).count)
    }

    /// How many contacts touch now.
    public var touchingContactCount: Int {
        contactIndex.reduce(0) { $0 + (contacts[Int($1.slot)].touching ? 1 : 0) }
    }
}
