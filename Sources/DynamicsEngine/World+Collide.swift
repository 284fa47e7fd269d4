import CDynamicsSIMD
// Broad phase (fat boxes, sort and sweep) and narrow phase (manifolds, touch events).

/// What the narrow phase reads of a body: its frame, its centre of mass and its extent (the
/// 56 bytes of `BodySim` it needs, instead of a copy of all 168 per contact).
struct BodyPose {
    var transform: Transform
    var center: Vec2
    var maxExtent: Double

    @inline(__always)
    init(_ sim: BodySim) {
        transform = sim.transform
        center = sim.center
        maxExtent = sim.maxExtent
    }
}

extension World {
    static func computeAABB(_ s: ShapeData, _ xf: Transform, _ vertices: UnsafePointer<Vec2>) -> AABB {
        switch s.kind {
        case .circle:
            let c = xf.apply(s.center)
            return AABB(lower: Vec2(c.x - s.radius, c.y - s.radius), upper: Vec2(c.x + s.radius, c.y + s.radius))
        case .chainSegment:
            let p1 = xf.apply(vertices[Int(s.vertexStart) + 1]), p2 = xf.apply(vertices[Int(s.vertexStart) + 2])
            return AABB(lower: vmin(p1, p2), upper: vmax(p1, p2))
        case .polygon:
            let v = vertices + Int(s.vertexStart)
            var lo = xf.apply(v[0]), hi = lo
            for k in 1..<Int(s.vertexCount) {
                let p = xf.apply(v[k])
                lo = vmin(lo, p); hi = vmax(hi, p)
            }
            return AABB(lower: lo, upper: hi)
        }
    }

    /// Recomputes a shape's boxes from its body's current transform (no sweep).
    func updateStaticAABB(_ i: Int) {
        let s = shapes[i]
        let box = World.computeAABB(s, sims[Int(s.body)].transform, vertices.data)
        shapes[i].aabb = box
        shapes[i].fatAABB = box.expanded(by: infos[Int(s.body)].type == .static ? Tuning.linearSlop
                                                : World.fatMargin(sims[Int(s.body)].maxExtent))
    }

    /// Fat box margin of a moving body's shapes (m): an eighth of the body's extent, at most
    /// 0.05 m (Box2D v3's current `B2_AABB_MARGIN_FRACTION` and `B2_MAX_AABB_MARGIN`): about
    /// 1.8 pt around a 20 pt item. A larger margin re-inserts a moving shape less often, but
    /// every pair of fat boxes that overlap while the shapes are apart costs a visit of the
    /// contact loop each step, which is the larger cost in piles: half the extent (the margin
    /// before) kept 9 500 pairs for 3 200 touching ones in `boxes1000`, this margin 5 000, and
    /// `boxes4000` with sleeping off ran about 10 % faster.
    @inline(__always)
    static func fatMargin(_ maxExtent: Double) -> Double {
        min(Tuning.maxAABBMargin, Tuning.aabbMarginFraction * maxExtent)
    }

    /// How much further than its start velocities may carry it a body can move within a
    /// step of `h` because of its gravity and the forces and torque applied for the step (m):
    /// the swept boxes and speculative distances add it. Without it a body at rest pushed
    /// by a large force for one step had no start velocity, and no contact was looked for
    /// before it had passed a boundary. Velocities change linearly over the step, so this
    /// bounds the extra distance at every sub-step. A reach within the speculative distance
    /// every contact already has counts as none (ordinary gravity: 3 mm at 60 Hz), so
    /// scenes without large forces compute exactly what they did.
    @inline(__always)
    static func forcedReach(_ sim: BodySim, _ h: Double, dynamic: Bool) -> Double {
        guard dynamic else { return 0 }
        let dv = (h * (sim.gravity + sim.invMass * sim.force)).length
        let dw = abs(h * sim.invInertia * sim.torque)
        let reach = h * (min(dv, 2 * Tuning.maxLinearSpeed) + min(dw, Tuning.maxAngularSpeed) * sim.maxExtent)
        return reach < Tuning.speculativeDistance ? 0 : reach
    }

    /// Sweeps awake shapes' boxes over the coming step and finds new pairs for the shapes
    /// that left their fat boxes. Complexity: O(n) to update boxes; then O(m log n + k) for m
    /// moved shapes with k pairs (a full O(n log n + pairs) rebuild only when the set of
    /// shapes, their filters or a placement changed).
    func updatePairs(h: Double) {
        var moved: [Int32] = []
        let sh = shapes.data, inf = infos.data, simp = sims.data, stp = states.data
        for bi in awakeBodies {
            let b = Int(bi)
            let xf = simp[b].transform
            let margin = World.fatMargin(simp[b].maxExtent)
            let d = h * stp[b].v
            let sweep = Tuning.speculativeDistance + h * abs(stp[b].w) * simp[b].maxExtent
                + World.forcedReach(simp[b], h, dynamic: inf[b].type == .dynamic)
            var si = inf[b].firstShape
            while si >= 0 {
                let s = sh + Int(si)
                let index = si
                si = s.pointee.nextShape
                guard s.pointee.filter.collidesWithAnything else { continue }
                let box = World.computeAABB(s.pointee, xf, vertices.data)
                let swept = box.union(box.translated(d)).expanded(by: sweep)
                s.pointee.aabb = swept
                if !s.pointee.fatAABB.contains(swept) {
                    s.pointee.fatAABB = swept.expanded(by: margin)
                    moved.append(index)
                }
            }
        }
        if pairsDirty {
            rebuildPairs()
        } else if !moved.isEmpty {
            updateMovedPairs(moved)
        }
    }

    /// Restores the sweep order (insertion sort: linear for the nearly sorted order of a
    /// smooth motion) and returns the widest fat box of the ordered shapes.
    private func sortSweepOrder(_ bp: inout BroadPhase) -> Double {
        let n = bp.order.count
        var maxWidth = 0.0
        let sh = shapes.data
        bp.order.withUnsafeMutableBufferPointer { order in
            if n > 1 {
                for i in 1..<n {
                    let s = order[i]
                    let x = sh[Int(s)].fatAABB.lower.x
                    var j = i - 1
                    while j >= 0 {
                        let o = order[j]
                        let ox = sh[Int(o)].fatAABB.lower.x
                        if ox < x || (ox == x && o < s) { break }
                        order[j + 1] = o
                        j -= 1
                    }
                    order[j + 1] = s
                }
            }
            if bp.lowerX.count != n { bp.lowerX = [Double](repeating: 0, count: n) }
            if bp.position.count < shapes.count { bp.position = [Int32](repeating: -1, count: shapes.count) }
            bp.lowerX.withUnsafeMutableBufferPointer { lx in
                bp.position.withUnsafeMutableBufferPointer { pos in
                    for i in 0..<n {
                        let box = sh[Int(order[i])].fatAABB
                        lx[i] = box.lower.x
                        pos[Int(order[i])] = Int32(i)
                        maxWidth = max(maxWidth, box.upper.x - box.lower.x)
                    }
                }
            }
        }
        return maxWidth
    }

    @inline(__always)
    private func pairAllowed(_ sa: ShapeData, _ sb: ShapeData, _ inf: UnsafeMutablePointer<BodyInfo>) -> Bool {
        if sa.fatAABB.lower.y > sb.fatAABB.upper.y || sb.fatAABB.lower.y > sa.fatAABB.upper.y { return false }
        if sa.fatAABB.lower.x > sb.fatAABB.upper.x || sb.fatAABB.lower.x > sa.fatAABB.upper.x { return false }
        if sa.body == sb.body { return false }
        if inf[Int(sa.body)].type == .static && inf[Int(sb.body)].type == .static { return false }
        guard Filter.shouldCollide(sa.filter, sb.filter) else { return false }
        // Bodies joined by a joint do not collide (as in Box2D, and so in UIKit: attached
        // items overlap freely where they are joined).
        if inf[Int(sa.body)].jointCount > 0 && inf[Int(sb.body)].jointCount > 0
            && jointedPairs.contains(pairKey(sa.body, sb.body)) { return false }
        return true
    }

    /// Pairs a sweep may test per step before the trees take over: linear in the shapes.
    /// Ordinary scenes stay far below (`boxes4000` tests about 26 a shape in a step); a
    /// column of shapes, or one very wide shape, goes past it at once.
    static func sweepBudget(shapes n: Int) -> Int { 256 * n + 4096 }

    /// Every pair from scratch: the static tree is built again, then the moving shapes are
    /// swept (or, once the sweep has gone over budget, put in their tree and queried); each
    /// moving shape queries the static tree. Complexity: O(n log n + pairs).
    private func rebuildPairs() {
        var bp = broadPhase
        broadPhase = BroadPhase()
        bp.staticTree.removeAll()
        bp.order.removeAll(keepingCapacity: true)
        bp.proxy.removeAll(keepingCapacity: true)
        bp.proxy.append(contentsOf: repeatElement(-1, count: shapes.count))
        bp.position.removeAll(keepingCapacity: true)
        bp.position.append(contentsOf: repeatElement(-1, count: shapes.count))
        // The categories each side has: a moving shape whose mask meets none of the moving
        // shapes' categories (and no positive group) can collide with no moving shape, so it
        // stays out of the sweep and the moving tree; the same for the static side. Items of
        // a `boundaries` collision all overlapping in one spot were tested pair by pair
        // (20 000 of them: 2.2 s a step), and every segment of a boundary the items do not
        // collide with against every item.
        bp.movingCategories = 0
        bp.staticCategories = 0
        var moving: [Int32] = []
        for i in shapes.indices where shapes[i].alive && shapes[i].filter.collidesWithAnything {
            if infos[Int(shapes[i].body)].type == .static {
                bp.proxy[i] = bp.staticTree.insert(shape: Int32(i), box: shapes[i].fatAABB)
                bp.staticCategories |= shapes[i].filter.categoryBits
            } else {
                moving.append(Int32(i))
                bp.movingCategories |= shapes[i].filter.categoryBits
            }
        }
        for s in moving where BroadPhase.meets(shapes[Int(s)].filter, bp.movingCategories) { bp.order.append(s) }
        bp.order.sort { shapes[Int($0)].fatAABB.lower.x < shapes[Int($1)].fatAABB.lower.x || (shapes[Int($0)].fatAABB.lower.x == shapes[Int($1)].fatAABB.lower.x && $0 < $1) }
        pairsDirty = false
        _ = sortSweepOrder(&bp)
        let n = bp.order.count
        let limit = maximumContacts
        var overflowed = false
        var found = bp.found
        bp.found = []
        let sh = UnsafeBufferPointer(shapes.buffer), inf = infos.data
        if !bp.usesTree {
            bp.keys.removeAll(keepingCapacity: true)
            var budget = World.sweepBudget(shapes: n)
            bp.order.withUnsafeBufferPointer { order in
            bp.lowerX.withUnsafeBufferPointer { lx in
                for i in 0..<n where !bp.usesTree {
                    let a = Int(order[i])
                    let sa = sh[a]
                    var j = i + 1
                    while j < n && lx[j] <= sa.fatAABB.upper.x {
                        let b = Int(order[j])
                        j += 1
                        if pairAllowed(sa, sh[b], inf) { bp.keys.append(pairKey(Int32(a), Int32(b))) }
                    }
                    budget -= j - i
                    if budget < 0 { bp.usesTree = true }
                    if bp.keys.count > limit { overflowed = true; break }
                }
            }}
        }
        if bp.usesTree {
            bp.keys.removeAll(keepingCapacity: true)
            bp.buildMovingTree(sh)
            // A pair within the tree is kept from the query of its lower shape.
            overflowed = !treePairs(bp.order, &bp.movingTree, sh, inf, &found, &bp.keys, limit: limit, keep: { a, b in b > a })
        }
        let staticCategories = bp.staticCategories
        if !bp.staticTree.isEmpty && !overflowed {
            overflowed = !treePairs(moving, &bp.staticTree, sh, inf, &found, &bp.keys, limit: limit,
                                    from: { BroadPhase.meets(sh[Int($0)].filter, staticCategories) })
        }
        bp.found = found
        if overflowed { contactsOverflowed = true }
        sortKeys(&bp)
        mergeContacts(newKeys: bp.keys, moved: nil)
        // Every contact of a destroyed shape has ended now: its slot may be reused.
        if !pendingFreeShapes.isEmpty {
            freeShapes.append(contentsOf: pendingFreeShapes)
            pendingFreeShapes.removeAll()
        }
        broadPhase = bp
    }

    /// New pairs of the shapes that left their fat boxes: found by scanning their
    /// neighbourhood in the sweep order (or, with the tree, by moving them in it and
    /// querying it), and by querying the static tree. Complexity: O(n + m·k) for m moved
    /// shapes with k neighbours each in the sweep, within the sweep budget; O(m log n + k)
    /// with the tree.
    private func updateMovedPairs(_ moved: [Int32]) {
        var bp = broadPhase
        broadPhase = BroadPhase()
        let keyLimit = maximumContacts >= Int.max / 2 ? Int.max : 2 * maximumContacts
        var overflowed = false
        if bp.movedFlags.count < shapes.count { bp.movedFlags = [Bool](repeating: false, count: shapes.count) }
        var found = bp.found
        bp.found = []
        let sh = UnsafeBufferPointer(shapes.buffer), inf = infos.data
        if !bp.usesTree {
            let maxWidth = sortSweepOrder(&bp)
            let n = bp.order.count
            bp.keys.removeAll(keepingCapacity: true)
            var budget = World.sweepBudget(shapes: n)
            bp.order.withUnsafeBufferPointer { order in
            bp.lowerX.withUnsafeBufferPointer { lx in
                for m in moved {
                    let sm = sh[Int(m)]
                    let p = Int(bp.position[Int(m)])
                    if p < 0 { continue } // it collides with no moving shape
                    var j = p + 1
                    while j < n && lx[j] <= sm.fatAABB.upper.x {
                        let o = order[j]
                        j += 1
                        if pairAllowed(sm, sh[Int(o)], inf) { bp.keys.append(pairKey(m, o)) }
                    }
                    budget -= j - p
                    j = p - 1
                    let reach = sm.fatAABB.lower.x - maxWidth
                    while j >= 0 && lx[j] >= reach {
                        let o = order[j]
                        j -= 1
                        if pairAllowed(sm, sh[Int(o)], inf) { bp.keys.append(pairKey(m, o)) }
                    }
                    budget -= p - j
                    if budget < 0 {
                        // Over budget: this step's pairs come from the tree, and so do
                        // every later step's.
                        bp.usesTree = true
                        break
                    }
                    // Twice the limit: two moved neighbours find each other twice.
                    if bp.keys.count > keyLimit { overflowed = true; break }
                }
            }}
            if bp.usesTree { bp.buildMovingTree(sh) }
        } else {
            // All moved shapes first, so that two moved shapes find each other.
            for m in moved where bp.proxy[Int(m)] >= 0 { bp.movingTree.move(bp.proxy[Int(m)], to: sh[Int(m)].fatAABB) }
        }
        if bp.usesTree {
            bp.keys.removeAll(keepingCapacity: true)
            let proxy = bp.proxy
            overflowed = !treePairs(moved, &bp.movingTree, sh, inf, &found, &bp.keys, limit: keyLimit,
                                    from: { proxy[Int($0)] >= 0 }, keep: { m, o in o != m })
        }
        let staticCategories = bp.staticCategories
        if !bp.staticTree.isEmpty && !overflowed {
            overflowed = !treePairs(moved, &bp.staticTree, sh, inf, &found, &bp.keys, limit: keyLimit,
                                    from: { BroadPhase.meets(sh[Int($0)].filter, staticCategories) })
        }
        for m in moved { bp.movedFlags[Int(m)] = true }
        bp.found = found
        if overflowed { contactsOverflowed = true }
        sortKeys(&bp)
        // Two moved neighbours find each other twice.
        var unique = 0
        for i in bp.keys.indices where i == 0 || bp.keys[i] != bp.keys[i - 1] {
            bp.keys[unique] = bp.keys[i]
            unique += 1
        }
        bp.keys.removeLast(bp.keys.count - unique)
        mergeContacts(newKeys: bp.keys, moved: bp.movedFlags)
        for m in moved { bp.movedFlags[Int(m)] = false }
        broadPhase = bp
    }

    /// Appends the allowed pairs of each shape of `shapesToQuery` that `from` accepts with the
    /// shapes `tree` finds over its fat box; `keep` drops the pairs found another way (a shape
    /// with itself, a pair of one tree met from both ends). False once `keys` passed `limit`.
    @inline(__always)
    private func treePairs(_ shapesToQuery: [Int32], _ tree: inout AABBTree, _ sh: UnsafeBufferPointer<ShapeData>,
                           _ inf: UnsafeMutablePointer<BodyInfo>, _ found: inout [Int32], _ keys: inout [UInt64],
                           limit: Int, from: (Int32) -> Bool = { _ in true },
                           keep: (Int32, Int32) -> Bool = { _, _ in true }) -> Bool {
        for a in shapesToQuery where from(a) {
            let sa = sh[Int(a)]
            found.removeAll(keepingCapacity: true)
            tree.query(sa.fatAABB, into: &found)
            for b in found where keep(a, b) && pairAllowed(sa, sh[Int(b)], inf) { keys.append(pairKey(a, b)) }
            if keys.count > limit { return false }
        }
        return true
    }

    private func sortKeys(_ bp: inout BroadPhase) {
        var bits = 1
        while (1 << bits) < shapes.count { bits += 1 }
        radixSortPairKeys(&bp.keys, scratch: &bp.radixScratch, bits: bits)
    }

    /// Merges sorted new pair keys into the sorted contact index. New pairs get a fresh
    /// slot; kept pairs keep theirs (and their manifold, for warm starting). With `moved`
    /// nil (a full rebuild) every old pair missing from `newKeys` ends; otherwise an old
    /// pair ends only if one of its shapes moved and the two fat boxes no longer overlap.
    /// Only the 16-byte index entries move; contacts stay in their slots.
    private func mergeContacts(newKeys: [UInt64], moved: [Bool]?) {
        var merged: [ContactRef] = []
        merged.reserveCapacity(max(newKeys.count, contactIndex.count))
        var j = 0
        let old = contactIndex
        func keepOrRetire(_ ref: ContactRef) {
            guard let moved else { retireContact(Int(ref.slot)); return }
            let c = contacts[Int(ref.slot)]
            if moved[Int(c.shapeA)] || moved[Int(c.shapeB)],
               !shapes[Int(c.shapeA)].fatAABB.overlaps(shapes[Int(c.shapeB)].fatAABB) {
                retireContact(Int(ref.slot))
            } else {
                merged.append(ref)
            }
        }
        for key in newKeys {
            while j < old.count && old[j].key < key {
                keepOrRetire(old[j])
                j += 1
            }
            if j < old.count && old[j].key == key {
                merged.append(old[j])
                j += 1
            } else if merged.count >= maximumContacts {
                contactsOverflowed = true
            } else {
                var a = Int32(truncatingIfNeeded: key >> 32), b = Int32(truncatingIfNeeded: key & 0xFFFF_FFFF)
                if shapes[Int(a)].kind.rawValue > shapes[Int(b)].kind.rawValue { swap(&a, &b) }
                var c = Contact(key: key, shapeA: a, shapeB: b)
                let sa = shapes[Int(a)], sb = shapes[Int(b)]
                c.bodyA = sa.body; c.bodyB = sb.body
                c.friction = (sa.friction * sb.friction).squareRoot()
                c.restitution = max(sa.restitution, sb.restitution)
                let slot: Int32
                if let free = freeContacts.popLast() { slot = free; contacts[Int(free)] = c } else {
                    slot = Int32(contacts.count); contacts.append(c)
                }
                merged.append(ContactRef(key: key, slot: slot))
            }
        }
        while j < old.count { keepOrRetire(old[j]); j += 1 }
        contactIndex.replaceAll(with: merged)
    }

    private func retireContact(_ slot: Int) {
        endIfTouching(contacts[slot])
        contacts[slot].alive = false
        contacts[slot].manifold.pointCount = 0
        freeContacts.append(Int32(slot))
    }

    private func endIfTouching(_ c: Contact) {
        guard c.touching else { return }
        endEvents.append(contactEvent(c.shapeA, c.shapeB, point: .zero, normal: .zero))
    }

    /// An event naming the shapes and bodies with the generations they have now (a shape
    /// destroyed since keeps its last generation, so its id is simply stale: its slot is not
    /// reused before its contacts have ended, see `pendingFreeShapes`).
    func contactEvent(_ a: Int32, _ b: Int32, point: Vec2, normal: Vec2) -> ContactEvent {
        let bodyA = shapes[Int(a)].body, bodyB = shapes[Int(b)].body
        return ContactEvent(shapeA: ShapeID(index: a, generation: shapes[Int(a)].generation),
                            shapeB: ShapeID(index: b, generation: shapes[Int(b)].generation),
                            bodyA: BodyID(index: bodyA, generation: infos[Int(bodyA)].generation),
                            bodyB: BodyID(index: bodyB, generation: infos[Int(bodyB)].generation),
                            point: point, normal: normal, sequence: nextEventSequence())
    }

    private func nextEventSequence() -> Int {
        eventSequence += 1
        return eventSequence
    }

    /// Updates every contact with an awake body, in slot order: new manifold (or the last
    /// one, recycled), warm-start impulses matched by feature id, touch events; then wakes the
    /// sleeping bodies that awake ones touch and records the contacts that began. Lists the
    /// contacts with points (`solverCandidates`, in contact order): the solver's preparation
    /// walks these instead of every pair of the broad phase, most of which are apart.
    /// Complexity: O(c) for c contacts, a manifold for each pair whose swept boxes overlap.
    func collide(h: Double) {
        if materialsDirty { refreshContactMaterials() }
        solverCandidates.removeAll()
        bodiesToWake.removeAll()
        contactsBeginning.removeAll()
        let recycling = contactRecyclingEnabled
        var recycled = 0, updated = 0
        let count = contacts.count, cs = contacts.data
        for ci in 0..<count {
            if ci + World.collidePrefetchDistance < count { prefetchContact(cs + ci + World.collidePrefetchDistance) }
            let c = cs + ci
            if !c.pointee.alive { continue }
            switch updateContact(c, index: ci, h: h, recycling: recycling) {
            case .recycled: recycled += 1
            case .updated: updated += 1
            case .unchanged: break
            }
        }
        recycledContactCount = recycled
        updatedContactCount = updated
        for b in bodiesToWake { wake(body: Int(b)) }
        for ci in contactsBeginning { beginTouch(Int(ci)) }
    }

    /// What `updateContact` did with a contact's manifold.
    private enum ContactUpdate { case unchanged, recycled, updated }

    /// How many contacts ahead `collide` asks for a contact's memory. Contacts are ~360 bytes
    /// and the loop touches their first line and, for pairs that overlap, the recycling pose
    /// near their end: the loads of these two lines were a third of collide's time in
    /// boxes4000 before they were fetched ahead.
    static let collidePrefetchDistance = 8

    @inline(__always)
    private func prefetchContact(_ c: UnsafeMutablePointer<Contact>) {
        let poseOffset = MemoryLayout<Contact>.offset(of: \Contact.cachedRotationA) ?? 0
        let next = UnsafeRawPointer(c)
        dyn_prefetch(next); dyn_prefetch(next + 56)
        dyn_prefetch(next + poseOffset)
    }

    /// One contact of `collide`. A pair between two resting bodies keeps its manifold (a body
    /// woken later brings it to the solver). A pair whose swept boxes are apart cannot touch
    /// within the step: its manifold is cleared, and nothing is written unless it touched in
    /// the last step (most pairs of the broad phase). Otherwise the manifold is recycled when
    /// the bodies barely moved relative to each other (`recycle`), or computed afresh.
    @inline(__always)
    private func updateContact(_ c: UnsafeMutablePointer<Contact>, index ci: Int, h: Double,
                               recycling: Bool) -> ContactUpdate {
        let inf = infos.data
        let a = Int(c.pointee.bodyA), b = Int(c.pointee.bodyB)
        let awakeA = inf[a].type == .dynamic && inf[a].isAwake
        let awakeB = inf[b].type == .dynamic && inf[b].isAwake
        if !awakeA && !awakeB {
            if c.pointee.manifold.pointCount > 0 { solverCandidates.append(SolverCandidate(ci, a, b)) }
            return .unchanged
        }
        let pa = shapes.data + Int(c.pointee.shapeA), pb = shapes.data + Int(c.pointee.shapeB)
        if !pa.pointee.aabb.overlaps(pb.pointee.aabb) {
            if c.pointee.manifold.pointCount != 0 { c.pointee.manifold = Manifold() }
            if c.pointee.poseCached { c.pointee.poseCached = false } // no store to most of them
            if c.pointee.touching {
                c.pointee.touching = false
                endEvents.append(contactEvent(c.pointee.shapeA, c.pointee.shapeB, point: .zero, normal: .zero))
            }
            return .unchanged
        }
        let simp = sims.data
        let simA = BodyPose(simp[a]), simB = BodyPose(simp[b])
        let vRel = states[b].v - states[a].v
        let motion = h * (vRel.length + abs(states[a].w) * simA.maxExtent + abs(states[b].w) * simB.maxExtent)
            + World.forcedReach(simp[a], h, dynamic: awakeA) + World.forcedReach(simp[b], h, dynamic: awakeB)
        if recycling && c.pointee.poseCached
            && World.recycle(c, simA, simB, staticA: inf[a].type == .static, staticB: inf[b].type == .static,
                             motion: motion) {
            touchEvents(c, index: ci, awakeA: awakeA, awakeB: awakeB)
            if c.pointee.manifold.pointCount > 0 { solverCandidates.append(SolverCandidate(ci, a, b)) }
            return .recycled
        }
        var m = Manifold()
        computeManifold(&m, c, pa, pb, simA, simB, speculative: Tuning.speculativeDistance + motion)
        World.carryOver(into: &m, from: c, simA, simB)
        c.pointee.manifold = m
        touchEvents(c, index: ci, awakeA: awakeA, awakeB: awakeB)
        if m.pointCount > 0 { solverCandidates.append(SolverCandidate(ci, a, b)) }
        return .updated
    }

    /// A fresh manifold `m` for the pair of contact `c`, by the shapes' kinds, with points up
    /// to `speculative` (m) apart. A chain segment first finds the side of its path the item
    /// is on, and keeps it while they touch. Written in place and read through the shapes'
    /// pointers: copies of the manifold (232 bytes) and of the shapes showed in the profile.
    @inline(__always)
    private func computeManifold(_ m: inout Manifold, _ c: UnsafeMutablePointer<Contact>,
                                 _ pa: UnsafeMutablePointer<ShapeData>, _ pb: UnsafeMutablePointer<ShapeData>,
                                 _ simA: BodyPose, _ simB: BodyPose, speculative: Double) {
        let verts = vertices.data, norms = normals.data
        let sa = UnsafePointer(pa).pointee, sb = UnsafePointer(pb).pointee
        if sa.kind == .chainSegment && (!c.pointee.touching || c.pointee.manifold.pointCount == 0) {
            c.pointee.chainReversed = !Collide.chainSide(verts + Int(sa.vertexStart),
                                                          simA.transform.invApply(simB.center))
        }
        switch (sa.kind, sb.kind) {
        case (.chainSegment, .polygon):
            m = Collide.chainSegmentAndPolygon(
                verts + Int(sa.vertexStart), reversed: c.pointee.chainReversed, simA.transform,
                PolygonRef(vertices: verts + Int(sb.vertexStart), normals: norms + Int(sb.vertexStart), count: Int(sb.vertexCount)),
                simB.transform, speculative: speculative, scratch: scratchB, segmentScratch: scratchA)
        case (.chainSegment, .circle):
            m = Collide.chainSegmentAndCircle(verts + Int(sa.vertexStart), reversed: c.pointee.chainReversed, simA.transform,
                                              center: sb.center, radius: sb.radius, simB.transform, speculative: speculative)
        case (.chainSegment, .chainSegment), (.polygon, .chainSegment), (.circle, .chainSegment):
            break // boundaries are static: they never pair with each other
        case (.polygon, .polygon):
            m = Collide.polygons(
                PolygonRef(vertices: verts + Int(sa.vertexStart), normals: norms + Int(sa.vertexStart), count: Int(sa.vertexCount)),
                simA.transform,
                PolygonRef(vertices: verts + Int(sb.vertexStart), normals: norms + Int(sb.vertexStart), count: Int(sb.vertexCount)),
                simB.transform, speculative: speculative, scratch: scratchB, scratchA: scratchA)
        case (.polygon, .circle):
            m = Collide.polygonAndCircle(
                PolygonRef(vertices: verts + Int(sa.vertexStart), normals: norms + Int(sa.vertexStart), count: Int(sa.vertexCount)),
                simA.transform, center: sb.center, radius: sb.radius, simB.transform, speculative: speculative)
        case (.circle, .circle):
            m = Collide.circles(centerA: sa.center, radiusA: sa.radius, simA.transform,
                                centerB: sb.center, radiusB: sb.radius, simB.transform, speculative: speculative)
        case (.circle, .polygon):
            preconditionFailure("contacts are ordered polygon before circle")
        }
    }

    /// Completes a fresh manifold from contact `c`'s last one: anchors relative to the centres
    /// of mass, warm-start impulses from the old points with the same feature id (read in
    /// place: no copy of the old manifold), and the pose and separations that `recycle`
    /// measures the next steps' motion against.
    @inline(__always)
    private static func carryOver(into m: inout Manifold, from c: UnsafeMutablePointer<Contact>,
                                  _ simA: BodyPose, _ simB: BodyPose) {
        let oldCount = c.pointee.manifold.pointCount
        func warm(_ p: inout ManifoldPoint) {
            p.anchorA = p.point - simA.center
            p.anchorB = p.point - simB.center
            if oldCount > 0 && c.pointee.manifold.p0.id == p.id {
                p.normalImpulse = c.pointee.manifold.p0.normalImpulse
                p.tangentImpulse = c.pointee.manifold.p0.tangentImpulse
            } else if oldCount > 1 && c.pointee.manifold.p1.id == p.id {
                p.normalImpulse = c.pointee.manifold.p1.normalImpulse
                p.tangentImpulse = c.pointee.manifold.p1.tangentImpulse
            }
        }
        if m.pointCount > 0 { warm(&m.p0) }
        if m.pointCount > 1 { warm(&m.p1) }
        @inline(__always)
        func cache(_ p: inout ManifoldPoint) {
            p.cachedSeparation = p.separation
            p.cachedAnchor = p.carrier == .a ? p.anchorA : p.anchorB
        }
        cache(&m.p0)
        cache(&m.p1)
        c.pointee.cachedCenterDelta = simA.center - simB.center
        c.pointee.poseCached = true
        c.pointee.cachedRotationA = simA.transform.q
        c.pointee.cachedRotationB = simB.transform.q
        c.pointee.cachedRelativePose = simA.transform.invMul(simB.transform)
    }

    /// After a contact's manifold was computed or recycled: the sleeping bodies it touches
    /// are to wake (`bodiesToWake`), a contact that came within the slop begins
    /// (`contactsBeginning`, recorded after the pass), and one left without points ends now.
    /// Reads the manifold through the pointer: a copy of it (232 bytes) per contact showed.
    @inline(__always)
    private func touchEvents(_ c: UnsafeMutablePointer<Contact>, index ci: Int, awakeA: Bool, awakeB: Bool) {
        let pointCount = c.pointee.manifold.pointCount
        let a = Int(c.pointee.bodyA), b = Int(c.pointee.bodyB)
        if pointCount > 0 {
            if !awakeA && infos[a].type == .dynamic { bodiesToWake.append(Int32(a)) }
            if !awakeB && infos[b].type == .dynamic { bodiesToWake.append(Int32(b)) }
        }
        let minSeparation = pointCount == 0 ? .greatestFiniteMagnitude
            : pointCount == 1 ? c.pointee.manifold.p0.separation
            : min(c.pointee.manifold.p0.separation, c.pointee.manifold.p1.separation)
        if !c.pointee.touching && minSeparation < Tuning.linearSlop {
            contactsBeginning.append(Int32(ci))
        } else if c.pointee.touching && pointCount == 0 {
            c.pointee.touching = false
            endEvents.append(contactEvent(c.pointee.shapeA, c.pointee.shapeB, point: .zero, normal: .zero))
        }
    }

    /// Contact recycling, after Box2D v3 (b2CollideTask; the idea is Erin Catto's, after the
    /// persistent manifolds of PhysX). A pile at rest spends most of its narrow phase
    /// recomputing manifolds that did not change: when the bodies moved less than
    /// `Tuning.contactRecycleDistance` relative to each other since the manifold was
    /// computed, and turned less than acos(`contactRecycleCosAngle`), the contact keeps its
    /// points, anchors, normal and warm-start impulses, and only the separations move with
    /// the bodies (as the sub-steps move them). Pairs without points use the speculative
    /// distance as tolerance, so a gap found wider than that cannot have closed. Unlike Box2D
    /// (which skips recycling for bodies flagged fast after the step), this step's own motion
    /// `motion` (m) counts against the tolerance, so a pair that can close its gap within
    /// the step always gets a fresh manifold with its speculative points: recycling never
    /// lets anything tunnel. Returns false, changing nothing, when the manifold must be
    /// computed again. In `boxes1000` with sleeping off the narrow phase fell from 4.0 M to 1.5 M
    /// instructions a step (callgrind; a fresh box–box manifold costs about 800).
    @inline(__always)
    static func recycle(_ c: UnsafeMutablePointer<Contact>, _ simA: BodyPose, _ simB: BodyPose,
                        staticA: Bool, staticB: Bool, motion: Double) -> Bool {
        let qA = simA.transform.q, qB = simB.transform.q
        let cqA = c.pointee.cachedRotationA, cqB = c.pointee.cachedRotationB
        let cosA = qA.c * cqA.c + qA.s * cqA.s, cosB = qB.c * cqB.c + qB.s * cqB.s
        if min(cosA, cosB) <= Tuning.contactRecycleCosAngle { return false }
        let xf = simA.transform.invMul(simB.transform), xfc = c.pointee.cachedRelativePose
        let maxExtent = max(staticA ? 0 : simA.maxExtent, staticB ? 0 : simB.maxExtent)
        let turn = xf.q.invMul(xfc.q).s // sin of the relative turn
        let pointCount = c.pointee.manifold.pointCount
        let tolerance = pointCount > 0 ? Tuning.contactRecycleDistance
            : min(Tuning.contactRecycleDistance, Tuning.speculativeDistance)
        if !((xf.p - xfc.p).length + maxExtent * abs(turn) + motion < tolerance) { return false }
        // The rotations since the manifold was computed carry the anchors along: the
        // separation follows the two material points that made the point, and the point
        // itself (where the solver pushes) follows its carrier.
        let dqA = cqA.invMul(qA), dqB = cqB.invMul(qB)
        let n = c.pointee.manifold.normal
        let dc = simB.center - simA.center, d0 = c.pointee.cachedCenterDelta
        @inline(__always)
        func update(_ mp: inout ManifoldPoint) {
            let carrier = mp.carrier
            let a0 = carrier == .a ? mp.cachedAnchor : mp.cachedAnchor - d0
            let b0 = carrier == .a ? mp.cachedAnchor + d0 : mp.cachedAnchor
            let rA = dqA.rotate(a0), rB = carrier == .bCentre ? b0 : dqB.rotate(b0)
            mp.separation = mp.cachedSeparation + dot(dc + (rB - rA), n)
            if carrier == .a {
                mp.anchorA = rA; mp.anchorB = rA - dc; mp.point = simA.center + rA
            } else {
                mp.anchorB = rB; mp.anchorA = rB + dc; mp.point = simB.center + rB
            }
        }
        if pointCount > 0 { update(&c.pointee.manifold.p0) }
        if pointCount > 1 { update(&c.pointee.manifold.p1) }
        return true
    }

    /// Mixes the shapes' friction and restitution into every contact again, after an item
    /// behavior changed a material (a contact gets them when it is created). O(contacts),
    /// only on a step after a change: the narrow phase no longer loads both materials and
    /// takes a square root per contact every step.
    private func refreshContactMaterials() {
        materialsDirty = false
        for ci in 0..<contacts.count where contacts[ci].alive {
            let sa = shapes[Int(contacts[ci].shapeA)], sb = shapes[Int(contacts[ci].shapeB)]
            contacts[ci].friction = (sa.friction * sb.friction).squareRoot()
            contacts[ci].restitution = max(sa.restitution, sb.restitution)
        }
    }

    /// Marks a contact touching and records its `began` event at the centre of the
    /// manifold, placed on B's surface; `afterSolve` also carries it along B's motion of
    /// the step just solved (a contact that began by closing a speculative gap).
    func beginTouch(_ ci: Int, afterSolve: Bool = false) {
        contacts[ci].touching = true
        let c = contacts[ci]
        let m = c.manifold
        func onB(_ p: ManifoldPoint) -> Vec2 { p.point + (0.5 * p.separation) * m.normal }
        // Where they met: the midpoint of two points that touch alike (a flat face), else the
        // closer point (a corner that hit first; the other point is speculative, up to a whole
        // step's travel away: the midpoint of a tilted box that hit at 20 000 pt/s was 5 pt
        // off the floor).
        var point: Vec2
        if m.pointCount < 2 || abs(m.p0.separation - m.p1.separation) <= Tuning.linearSlop {
            point = m.pointCount == 2 ? lerp(onB(m.p0), onB(m.p1), 0.5) : onB(m.p0)
        } else {
            point = onB(m.p0.separation < m.p1.separation ? m.p0 : m.p1)
        }
        let b = Int(shapes[Int(c.shapeB)].body)
        if afterSolve && infos[b].type == .dynamic { point += states[b].dp }
        beginEvents.append(contactEvent(c.shapeA, c.shapeB, point: point, normal: m.normal))
    }
}
