import DynamicsEngine
import Foundation

// Step 1 of a frame: turn the behavior tree into engine state. Runs only when something
// changed (`needsUpdate`); the per-step loop itself never walks the tree.

extension DynamicAnimator {
    func update() {
        needsUpdate = false

        // Walk the tree depth-first, in order.
        var flat: [DynamicBehavior] = []
        func visit(_ b: DynamicBehavior) { flat.append(b); for c in b.childBehaviors { visit(c) } }
        for b in behaviors { visit(b) }
        flatBehaviors = flat

        var order = ItemList([])
        var gravity: [ObjectIdentifier: CGVector] = [:]
        var properties: [ObjectIdentifier: ItemProperties] = [:]
        var memberships: [ObjectIdentifier: (items: UInt64, boundaries: UInt64)] = [:]
        var collisions: [CollisionBehavior] = []
        var customs: [CustomBehavior] = []
        for b in flat {
            for item in b.ownItems { order.insert(item) }
            if let customBehavior = b as? CustomBehavior {
                customs.append(customBehavior)
                for item in customBehavior.items { order.insert(item) }
            }
            switch b {
            case let g as GravityBehavior:
                let d = g.gravityDirection
                for item in g.items {
                    let k = ObjectIdentifier(item)
                    let old = gravity[k] ?? CGVector(dx: 0, dy: 0)
                    gravity[k] = CGVector(dx: old.dx + d.dx, dy: old.dy + d.dy)
                }
            case let c as CollisionBehavior:
                guard collisions.count < DynamicAnimator.maximumCollisionBehaviors else {
                    // Behaviors added through addBehavior/addChildBehavior are counted there;
                    // this only guards the engine's filter.
                    invalidInputHandler(DynamicsError(owner: "CollisionBehavior", property: "animator",
                                                      message: "at most \(DynamicAnimator.maximumCollisionBehaviors) collision behaviors per animator; this one is ignored"))
                    continue
                }
                let bit = UInt64(1) << UInt64(collisions.count)
                collisions.append(c)
                for item in c.items {
                    let k = ObjectIdentifier(item)
                    var m = memberships[k] ?? (0, 0)
                    if c.collisionMode.contains(.items) { m.items |= bit }
                    if c.collisionMode.contains(.boundaries) { m.boundaries |= bit }
                    memberships[k] = m
                }
            case let ib as DynamicItemBehavior:
                for item in ib.items {
                    let k = ObjectIdentifier(item)
                    var p = properties[k] ?? .defaults
                    p.apply(ib.overrides)
                    properties[k] = p
                }
            default:
                break
            }
        }
        collisionBehaviors = collisions
        if !openContacts.isEmpty { closeUncoveredContacts() }

        // New items first, then removals, so slots freed now are not reused until the
        // next update (touch events of this frame may still name them).
        var keep = Set<ObjectIdentifier>()
        var newRecords: [ItemRecord] = []
        var members = Set<ObjectIdentifier>()
        for case let group as DynamicItemGroup in order.items { for m in group.items { members.insert(ObjectIdentifier(m)) } }
        for item in order.items {
            let k = ObjectIdentifier(item)
            if members.contains(k) {
                if recordIndex[k] == nil {
                    invalidInputHandler(DynamicsError(owner: Validate.owner(of: item), property: "group",
                                                      message: "is a member of a DynamicItemGroup in this animator; add the group, not the member"))
                }
                continue
            }
            keep.insert(k)
            if recordIndex[k] != nil { continue }
            if let r = makeRecord(for: item) { newRecords.append(r) } else { keep.remove(k) }
        }
        var survivors: [ItemRecord] = []
        survivors.reserveCapacity(records.count + newRecords.count)
        for r in records {
            if keep.contains(ObjectIdentifier(r.item)) { survivors.append(r) } else {
                world.destroyBody(r.body)
                ItemOwnership.release(r.item, from: self)
            }
        }
        if !newRecords.isEmpty || survivors.count != records.count { itemSetVersion &+= 1 }
        survivors.append(contentsOf: newRecords)
        records = survivors
        recordsGeneration &+= 1
        recordIndex.removeAll(keepingCapacity: true)
        for i in records.indices {
            recordIndex[ObjectIdentifier(records[i].item)] = i
            world.setUserData(i, of: records[i].body)
        }

        // Per-item engine state; only what changed is touched (and woken).
        for i in records.indices {
            let k = ObjectIdentifier(records[i].item)
            let m = memberships[k] ?? (0, 0)
            apply(properties: properties[k] ?? .defaults, gravity: gravity[k] ?? CGVector(dx: 0, dy: 0),
                  filter: CollisionBits.itemFilter(items: m.items, boundaries: m.boundaries), toRecordAt: i)
        }

        updateBoundaries()
        updateJoints(flat)

        plugins = customs.map { c in
            let inWorld = c.items.filter { recordIndex[ObjectIdentifier($0)] != nil }
            let slots = inWorld.map { recordIndex[ObjectIdentifier($0)]! }
            return (c, slots.map { records[$0].body }, inWorld, slots.map { Double(records[$0].properties.charge) })
        }

        // Velocity changes requested before the items were in the world.
        for b in flat {
            guard let ib = b as? DynamicItemBehavior else { continue }
            let linear = ib.pendingLinear, angular = ib.pendingAngular
            ib.pendingLinear = [:]; ib.pendingAngular = [:]
            // One sum per item: the order among items does not change what each gets.
            for (item, v) in linear.values { addLinearVelocity(v, to: item) }
            for (item, w) in angular.values { addAngularVelocity(w, to: item) }
        }
        needsUpdate = false
    }

    /// Creates, updates or removes the engine joints of attachment and snap behaviors.
    private func updateJoints(_ flat: [DynamicBehavior]) {
        var live = Set<ObjectIdentifier>()
        func body(_ item: DynamicItem) -> BodyID? {
            recordIndex[ObjectIdentifier(item)].map { records[$0].body }
        }
        for b in flat {
            let wanted: JointDef?
            switch b {
            case let a as AttachmentBehavior:
                if let bodyB = body(a.items[0]) {
                    let bodyA = a.items.count == 2 ? body(a.items[1]) : world.groundBody
                    wanted = bodyA.map { a.joint(bodyA: $0, bodyB: bodyB) }
                } else { wanted = nil }
            case let s as SnapBehavior:
                wanted = body(s.item).map { s.joint(ground: world.groundBody, body: $0) }
            case let r as ReleaseBehavior:
                wanted = body(r.item).flatMap { r.joint(ground: world.groundBody, body: $0) }
            default:
                continue
            }
            let key = ObjectIdentifier(b)
            guard let joint = wanted else { continue }
            live.insert(key)
            if let id = jointRecords[key], world.isValid(id) {
                let old = world.definition(of: id)
                if old.bodyA == joint.bodyA && old.bodyB == joint.bodyB {
                    // Same bodies: refresh the parameters, keep the accumulated impulses.
                    if old != joint { world.setDefinition(joint, of: id) }
                    continue
                }
                world.destroyJoint(id)
                jointRecords[key] = world.createJoint(joint)
            } else {
                if let id = jointRecords[key] { world.destroyJoint(id) }
                jointRecords[key] = world.createJoint(joint)
            }
        }
        for (key, id) in jointRecords where !live.contains(key) {
            world.destroyJoint(id)
            jointRecords[key] = nil
        }
    }

    /// Validates an item and creates its body; nil (after reporting) if it is invalid.
    private func makeRecord(for item: DynamicItem) -> ItemRecord? {
        let geometry: [PlacedShape]
        let center = item.center, t = item.transform
        do {
            try Validate.finite(center, Validate.owner(of: item), "center")
            guard [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite) else {
                throw DynamicsError(owner: Validate.owner(of: item), property: "transform", message: "must be finite, got \(t)")
            }
            geometry = try ItemShape.placedShapes(for: item)
            guard ItemOwnership.claim(item, for: self) else {
                throw DynamicsError(owner: Validate.owner(of: item), property: "animator",
                                    message: "is already in another animator; an item can be in one animator at a time")
            }
        } catch let error as DynamicsError {
            invalidInputHandler(error)
            return nil
        } catch {
            preconditionFailure("Dynamics: \(error)")
        }
        let body = world.createBody(type: .dynamic, position: Units.meters(center),
                                    angle: Double(DeterministicMath.atan2(t.b, t.a)), userData: records.count)
        let props = ItemProperties.defaults
        let shapes = geometry.map { addShape($0, to: body, properties: props, filter: .none) }
        return ItemRecord(item: item, view: (item as? DynamicView).map { Unmanaged.passUnretained($0) }, body: body, shapes: shapes, geometry: geometry, size: item.bounds.size,
                          properties: props, gravity: CGVector(dx: 0, dy: 0), filter: .none,
                          isGroup: item is DynamicItemGroup)
    }

    /// An item's shape; its user data is −1 (a boundary's is its owner's index).
    private func addShape(_ placed: PlacedShape, to body: BodyID, properties p: ItemProperties, filter: Filter) -> ShapeID {
        let q = Rot(angle: placed.angle)
        switch placed.shape {
        case .polygon(let v):
            let vertices = placed.offset == .zero && placed.angle == 0 ? v : v.map { q.rotate($0) + placed.offset }
            return world.addPolygon(to: body, vertices: vertices, density: Double(p.density), friction: Double(p.friction),
                                    restitution: Double(p.elasticity), filter: filter, userData: -1)
        case .circle(let r):
            return world.addCircle(to: body, center: placed.offset, radius: r, density: Double(p.density),
                                   friction: Double(p.friction), restitution: Double(p.elasticity), filter: filter, userData: -1)
        }
    }

    private func apply(properties p: ItemProperties, gravity: CGVector, filter: Filter, toRecordAt i: Int) {
        var r = records[i]
        let b = r.body
        if !r.configured || r.properties != p {
            for shape in r.shapes {
                world.setMaterial(shape, friction: Double(p.friction), restitution: Double(p.elasticity),
                                  density: Double(p.density))
            }
            world.setDamping(b, linear: Double(p.resistance), angular: Double(p.angularResistance))
            world.setAllowsRotation(p.allowsRotation, of: b)
            world.setType(p.isAnchored ? .static : .dynamic, of: b)
            r.properties = p
            world.wake(b)
        }
        if !r.configured || r.gravity != gravity {
            world.setGravity(b, Vec2(Double(gravity.dx) * Units.gravity, Double(gravity.dy) * Units.gravity))
            r.gravity = gravity
            world.wake(b)
        }
        if !r.configured || r.filter != filter {
            for shape in r.shapes { world.setFilter(shape, filter) }
            r.filter = filter
        }
        r.configured = true
        records[i] = r
    }

    /// Re-reads an item's center, rotation and size.
    func refresh(recordAt i: Int) {
        let r = records[i]
        let item = r.item
        let center = item.center, t = item.transform
        let geometry: [PlacedShape]
        do {
            try Validate.finite(center, Validate.owner(of: item), "center")
            guard [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite) else {
                throw DynamicsError(owner: Validate.owner(of: item), property: "transform", message: "must be finite, got \(t)")
            }
            geometry = try ItemShape.placedShapes(for: item)
        } catch let error as DynamicsError {
            invalidInputHandler(error)
            return
        } catch {
            preconditionFailure("Dynamics: \(error)")
        }
        let b = r.body
        if geometry != r.geometry {
            for shape in r.shapes { world.destroyShape(shape) }
            records[i].shapes = geometry.map { addShape($0, to: b, properties: r.properties, filter: r.filter) }
            records[i].geometry = geometry
            records[i].size = item.bounds.size
        }
        world.setTransform(b, position: Units.meters(center), angle: Double(DeterministicMath.atan2(t.b, t.a)))
        setNeedsResume()
    }

    /// Rebuilds the static bodies of collision behaviors whose boundaries changed.
    private func updateBoundaries() {
        var live = Set<ObjectIdentifier>()
        for (bit, c) in collisionBehaviors.enumerated() {
            let k = ObjectIdentifier(c)
            live.insert(k)
            let filter = CollisionBits.boundaryFilter(bit)
            if let set = boundarySets[k], set.version == c.boundaryVersion, set.referenceBounds == referenceBounds {
                // Same geometry; the bit may have moved.
                for body in set.bodies {
                    for s in world.shapeIDs(of: body) { world.setFilter(s, filter) }
                    world.setContainerFilter(of: body, filter)
                }
                continue
            }
            if let old = boundarySets[k] { for body in old.bodies { world.destroyBody(body) } }
            var bodies: [BodyID] = []
            @discardableResult
            func addChain(_ points: [CGPoint], closed: Bool, identifier: AnyHashable?) -> BodyID? {
                guard points.count >= 2 else { return nil }
                let owner = boundaryOwners.count
                boundaryOwners.append((c, identifier))
                let body = world.createBody(type: .static, position: .zero, angle: 0, userData: owner)
                // Chain segments (smooth across interior vertices): drop repeated points,
                // and a closed path's last point when it repeats the first.
                var p: [Vec2] = []
                for point in points {
                    let v = Units.meters(point)
                    if let last = p.last, (v - last).lengthSquared < 1e-12 { continue }
                    p.append(v)
                }
                if closed, p.count > 2, (p[0] - p[p.count - 1]).lengthSquared < 1e-12 { p.removeLast() }
                let n = p.count
                guard n >= 2 else { bodies.append(body); return body }
                let loop = closed && n >= 3
                let segmentCount = loop ? n : n - 1
                for i in 0..<segmentCount {
                    let p1 = p[i], p2 = p[(i + 1) % n]
                    let ghost1 = loop ? p[(i + n - 1) % n] : (i > 0 ? p[i - 1] : p1)
                    let ghost2 = loop ? p[(i + 2) % n] : (i + 2 < n ? p[i + 2] : p2)
                    world.addChainSegment(to: body, ghost1: ghost1, p1, p2, ghost2: ghost2,
                                          friction: Double(c.boundaryFriction), restitution: Double(c.boundaryElasticity),
                                          filter: filter, userData: owner)
                }
                bodies.append(body)
                return body
            }
            if let insets = c.referenceInsets, let bounds = referenceBounds {
                let r = bounds.inset(by: insets)
                let body = addChain([CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                                     CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)], closed: true, identifier: nil)
                // Its items never end a step outside it, whatever the contacts missed
                // (docs/engine.md, "Containers").
                if let body, r.width > 0, r.height > 0 {
                    world.setContainer(body, box: AABB(lower: Units.meters(CGPoint(x: r.minX, y: r.minY)),
                                                       upper: Units.meters(CGPoint(x: r.maxX, y: r.maxY))),
                                       filter: filter, restitution: Double(c.boundaryElasticity))
                }
            }
            for (identifier, path) in c.boundaries {
                for line in path.flattened(tolerance: 0.25) {
                    addChain(line.points, closed: line.isClosed, identifier: identifier)
                }
            }
            boundarySets[k] = BoundarySet(version: c.boundaryVersion, referenceBounds: referenceBounds, bodies: bodies)
            // New walls may cut through resting items: let everything look again.
            world.wakeAllBodies()
        }
        for (k, set) in boundarySets where !live.contains(k) {
            for body in set.bodies { world.destroyBody(body) }
            boundarySets[k] = nil
            world.wakeAllBodies()
        }
    }
}
