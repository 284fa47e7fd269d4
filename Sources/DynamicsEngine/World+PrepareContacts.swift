import CDynamicsSIMD

// The preparation of the wide contact solver (World+WideSolver.swift), once per step: the
// touching contacts with an awake body go straight into the four-lane batches, as Box2D's
// b2PrepareContactsTask writes its SIMD constraints. Four steps:
//
// 1. `colorContacts`: greedy graph colouring, so that the contacts of one colour share no
//    moving body and can be solved four at a time.
// 2. `listSolverBodies`: the awake bodies, by what moves them this step.
// 3. `layOutBatches`: each colour's batches in colour order, each contact's lane, padding.
// 4. `fillBatches`: each lane from its contact's manifold, with the masses, anchors and
//    block-solve coefficients computed in double precision and stored as float.
//
// There is no scalar intermediate: a contact's prepared data is written once, into its lane.
// Contacts that approach fast enough to bounce also get a scalar double-precision copy
// (`bouncingConstraints`) for the restitution passes.

/// One contact's two bodies as the lane fill reads them: inverse masses (1/kg, 1/(kg·m²)) and
/// the velocities of their approach (m/s, rad/s).
private struct LaneBodies {
    var a: Int, b: Int
    var mA: Double, iA: Double, mB: Double, iB: Double
    var vA: Vec2, wA: Double, vB: Vec2, wB: Double
}

/// A manifold point as the lane fill prepares it: its lever arms about the normal and the
/// tangent (r × n, r × t, in m) and its scalar constraint point.
private struct PreparedPoint {
    var rnA: Double, rnB: Double, rtA: Double, rtB: Double
    var point: ContactConstraintPoint
}

extension World {
    static let graphColorCount = 16
    /// The colour of a solver candidate between two resting bodies: no lane.
    static let skippedColor = UInt8.max

    /// Prepares the touching contacts with an awake body straight into the wide batches (the
    /// four steps above). Complexity: O(c) for c contacts (a contact's colour comes from its
    /// bodies' colour masks in a few instructions), plus O(bodies) to clear the masks.
    func prepareWideContacts(soft: Softness, staticSoft: Softness, h: Double) {
        colorContacts()
        listSolverBodies()
        layOutBatches()
        fillBatches(soft: soft, staticSoft: staticSoft, h: h)
    }

    /// Colours the solver candidates in contact order (the order of a scalar solver): each
    /// takes the lowest colour neither of its moving bodies has yet, read from the two bodies'
    /// colour masks, or the overflow colour (`graphColorCount`) when all are taken; a contact
    /// between two resting bodies is skipped. Writes each candidate's colour (`colorScratch`),
    /// each colour's count (`colorTally`), flags the moving bodies in contact
    /// (`bodyInContact`) and zeroes the solver copies of the bodies that do not move. Greedy
    /// colouring does not find the fewest colours, but it is one pass and a contact's colour
    /// depends only on the contacts before it, so the batches are the same on every run.
    private func colorContacts() {
        let colors = World.graphColorCount
        let allColors: UInt64 = colors >= 64 ? ~0 : (1 << UInt64(colors)) - 1
        // One mask per body of the colours it already has (bit c: colour c).
        colorBits.reset(count: infos.count, to: 0)
        // The solver copies: one per body plus a zero dummy for padding lanes.
        let dummy = infos.count
        if solverBodies.count != dummy + 1 { solverBodies.reset(count: dummy + 1, to: SolverBody()) }
        solverBodies[dummy] = SolverBody()
        if bodyInContact.count != dummy { bodyInContact.reset(count: dummy, to: false) }
        // Per colour (the last one is the overflow): its count, then (`layOutBatches`) the
        // next lane it fills. The batches are laid out from these counts, with no list per
        // colour; the arrays keep their storage from step to step.
        colorScratch.reset(count: solverCandidates.count, to: World.skippedColor)
        colorTally.reset(count: 2 * (colors + 1), to: 0)

        let candidates = solverCandidates.data, inf = infos.data, sb = solverBodies.data
        let bits = colorBits.data, flags = bodyInContact.data
        let assignedColors = colorScratch.data, counts = colorTally.data
        for k in 0..<solverCandidates.count {
            let candidate = candidates[k]
            let a = Int(candidate.bodyA), b = Int(candidate.bodyB)
            let awakeA = inf[a].type == .dynamic && inf[a].isAwake
            let awakeB = inf[b].type == .dynamic && inf[b].isAwake
            if !awakeA && !awakeB { continue }
            // Moving: a positive inverse mass, which `updateMass` gives exactly the dynamic
            // bodies of positive mass (read here from the info already loaded).
            let dynA = awakeA ? inf[a].mass > 0 : inf[a].type == .dynamic && inf[a].mass > 0
            let dynB = awakeB ? inf[b].mass > 0 : inf[b].type == .dynamic && inf[b].mass > 0
            // The lowest colour neither moving body has yet (what a scan of the colours in
            // order finds), from the two bodies' masks.
            var assigned = colors // overflow
            var used: UInt64 = 0
            if dynA { used |= bits[a] }
            if dynB { used |= bits[b] }
            let free = ~used & allColors
            if free != 0 {
                assigned = free.trailingZeroBitCount
                let bit: UInt64 = 1 << UInt64(assigned)
                if dynA { bits[a] |= bit }
                if dynB { bits[b] |= bit }
            }
            assignedColors[k] = UInt8(assigned)
            counts[assigned] += 1
            if dynA { flags[a] = true } else { sb[a] = SolverBody() }
            if dynB { flags[b] = true } else { sb[b] = SolverBody() }
        }
    }

    /// Sorts the awake bodies by what moves them this step: those in no contact
    /// (`looseBodies`, integrated in double precision), those in contact (`contactBodies`, in
    /// the float solver state for the whole step) and, of these, the jointed ones
    /// (`bridgeBodies`, copied between the two around the joint passes). Clears the in-contact
    /// flags for the next step.
    private func listSolverBodies() {
        contactBodies.removeAll()
        looseBodies.removeAll()
        bridgeBodies.removeAll()
        let flags = bodyInContact.data
        for bi in awakeBodies where !flags[Int(bi)] { looseBodies.append(bi) }
        for b in 0..<bodyInContact.count where flags[b] {
            contactBodies.append(Int32(b))
            if infos[b].jointCount > 0 { bridgeBodies.append(Int32(b)) }
            flags[b] = false
        }
    }

    /// Lays out the batches: each colour's, four lanes each, in colour order; then one batch
    /// of one lane per overflow contact. A colour's lanes are consecutive (4 · batch + lane)
    /// from its first batch on, and within a colour the contacts take them in contact order,
    /// so each candidate's lane (`contactLanes`, −1 for none) follows from the colour counts
    /// in one pass. Unused lanes (the end of each colour's last batch, lanes 1–3 of an
    /// overflow batch) are padding: the dummy body and zero masses.
    private func layOutBatches() {
        let colors = World.graphColorCount
        let tally = colorTally.data
        var batchCount = 0
        for c in 0...colors {
            tally[colors + 1 + c] = 4 * batchCount
            batchCount += c < colors ? (tally[c] + 3) / 4 : tally[c]
        }
        if wideConstraints.count > batchCount { wideConstraints.removeLast(wideConstraints.count - batchCount) }
        if wideConstraints.count < batchCount {
            wideConstraints.append(repeating: WideConstraint(), count: batchCount - wideConstraints.count)
        }
        contactLanes.reset(count: colorScratch.count, to: -1)

        let lanes = contactLanes.data, assignedColors = colorScratch.data, batches = wideConstraints.data
        let next = tally + colors + 1
        for k in 0..<colorScratch.count where assignedColors[k] != World.skippedColor {
            let c = Int(assignedColors[k])
            lanes[k] = Int32(next[c])
            next[c] += c < colors ? 1 : 4
        }
        let dummy = Int32(infos.count)
        for c in 0..<colors {
            while next[c] % 4 != 0 {
                World.fillEmptyLane(batches + next[c] / 4, next[c] % 4, dummy: dummy)
                next[c] += 1
            }
        }
        for b in (next[colors] - 4 * tally[colors]) / 4..<batchCount {
            for j in 1..<4 { World.fillEmptyLane(batches + b, j, dummy: dummy) }
        }
    }

    /// Fills every candidate's lane from its contact, walking the contacts in their own order
    /// (the order of their lanes within each colour): the contacts (~360 bytes each) are read
    /// in one forward sweep instead of once per colour in scattered order, and the writes go
    /// to one open batch per colour (a few kilobytes). With 22 000 bodies (manyPyramids) a
    /// colour-order walk misses the cache on most contacts, a quarter of the step. Bouncing
    /// contacts are listed in contact order too, the order the restitution passes run in.
    private func fillBatches(soft: Softness, staticSoft: Softness, h: Double) {
        bouncingConstraints.removeAll()
        let restitutionThreshold = Tuning.restitutionThreshold
        let fields = stepVelocitiesGiven
        let candidates = solverCandidates.data, count = solverCandidates.count
        let lanes = contactLanes.data, batches = wideConstraints.data, batchCount = wideConstraints.count
        let cs = contacts.data, inf = infos.data, simp = sims.data, stp = states.data
        for k in 0..<count {
            if k + World.prefetchDistance < count {
                let ahead = k + World.prefetchDistance
                World.prefetchLane(candidates[ahead], lane: lanes[ahead], cs, inf, simp, stp, batches, batchCount: batchCount)
            }
            let ci = Int(candidates[k].contact)
            if lanes[k] < 0 { continue }
            let batch = Int(lanes[k]) >> 2, j = Int(lanes[k]) & 3
            let c = cs + ci
            let a = Int(c.pointee.bodyA), b = Int(c.pointee.bodyB)
            let sf = (inf[a].type == .static || inf[b].type == .static) ? staticSoft : soft
            // The approach, without what this step's field forces added at its start (counted
            // with gravity, as accelerations, by `bouncingConstraint`).
            let bodies = LaneBodies(
                a: a, b: b, mA: simp[a].invMass, iA: simp[a].invInertia, mB: simp[b].invMass, iB: simp[b].invInertia,
                vA: fields ? stp[a].v - simp[a].stepVelocity : stp[a].v, wA: stp[a].w,
                vB: fields ? stp[b].v - simp[b].stepVelocity : stp[b].v, wB: stp[b].w)
            let (p1, p2) = World.fillLane(batches + batch, j, contact: c, index: ci, bodies, sf)

            let pointCount = c.pointee.manifold.pointCount
            let approach = min(p1.relativeVelocity, pointCount == 2 ? p2.relativeVelocity : 0)
            if c.pointee.restitution > 0 && approach < -restitutionThreshold {
                bouncingConstraints.append(bouncingConstraint(c, index: ci, bodies, lane: Int32(4 * batch + j), p1, p2, h: h))
            }
        }
    }

    /// How many contacts ahead `fillBatches` asks for the memory of a contact, its bodies and
    /// its batch. The fill reads five cache lines of each contact (flags, normal and both
    /// points), and in manyPyramids those loads were most of the preparation's time: 16
    /// ahead instead of 6 took a tenth off it (timing the preparation alone).
    static let prefetchDistance = 16

    /// Asks for the memory the fill of a candidate will touch, so that the arithmetic of
    /// one contact overlaps the loads of the next ones: the contact's first lines, its bodies'
    /// lines (22 000 bodies in manyPyramids, 6 MB in three arrays; asked for with the contact
    /// instead of after it arrives: manyPyramids −4 %), and the colour's next batch when the
    /// contact starts one. Lanes are written one by one, and each store to a line not yet in
    /// the cache waited for it: without any write prefetch the preparation takes half as long
    /// again. One batch further than the contact's own, since the colour's three other lanes
    /// come between: 5 % less than fetching the batch the contact starts.
    @inline(__always)
    private static func prefetchLane(_ nc: SolverCandidate, lane: Int32, _ contacts: UnsafeMutablePointer<Contact>,
                                     _ infos: UnsafeMutablePointer<BodyInfo>, _ sims: UnsafeMutablePointer<BodySim>,
                                     _ states: UnsafeMutablePointer<BodyState>,
                                     _ batches: UnsafeMutablePointer<WideConstraint>, batchCount: Int) {
        let span = MemoryLayout<Contact>.offset(of: \Contact.cachedRotationA) ?? 256
        let simOffset = MemoryLayout<BodySim>.offset(of: \BodySim.invMass) ?? 0
        let typeOffset = MemoryLayout<BodyInfo>.offset(of: \BodyInfo.type) ?? 0
        let next = UnsafeRawPointer(contacts + Int(nc.contact))
        var offset = 0
        while offset < span { dyn_prefetch(next + offset); offset += 64 }
        let ba = Int(nc.bodyA), bb = Int(nc.bodyB)
        dyn_prefetch(UnsafeRawPointer(sims + ba) + simOffset)
        dyn_prefetch(UnsafeRawPointer(states + ba))
        dyn_prefetch(UnsafeRawPointer(infos + ba) + typeOffset)
        dyn_prefetch(UnsafeRawPointer(sims + bb) + simOffset)
        dyn_prefetch(UnsafeRawPointer(states + bb))
        dyn_prefetch(UnsafeRawPointer(infos + bb) + typeOffset)
        if lane >= 0 && lane & 3 == 0 && Int(lane >> 2) + 1 < batchCount {
            let batch = UnsafeRawPointer(batches + Int(lane >> 2) + 1)
            var offset = 0
            while offset < MemoryLayout<WideConstraint>.stride { dyn_prefetch_write(batch + offset); offset += 64 }
        }
    }

    /// A manifold point's anchors, masses and approach speed along the normal `n`.
    @inline(__always)
    private static func preparePoint(_ mp: ManifoldPoint, _ n: Vec2, _ t: Vec2, _ m: LaneBodies) -> PreparedPoint {
        let mA = m.mA, iA = m.iA, mB = m.mB, iB = m.iB
        var cp = ContactConstraintPoint()
        cp.anchorA = mp.anchorA
        cp.anchorB = mp.anchorB
        cp.normalImpulse = mp.normalImpulse
        cp.tangentImpulse = mp.tangentImpulse
        cp.baseSeparation = mp.separation - dot(mp.anchorB - mp.anchorA, n)
        let rnA = cross(mp.anchorA, n), rnB = cross(mp.anchorB, n)
        let kn = mA + mB + iA * rnA * rnA + iB * rnB * rnB
        cp.normalMass = kn > 0 ? 1 / kn : 0
        let rtA = cross(mp.anchorA, t), rtB = cross(mp.anchorB, t)
        let kt = mA + mB + iA * rtA * rtA + iB * rtB * rtB
        cp.tangentMass = kt > 0 ? 1 / kt : 0
        let dv = (m.vB + cross(m.wB, mp.anchorB)) - (m.vA + cross(m.wA, mp.anchorA))
        cp.relativeVelocity = dot(n, dv)
        return PreparedPoint(rnA: rnA, rnB: rnB, rtA: rtA, rtB: rtB, point: cp)
    }

    /// Writes lane `j` of batch `wc` from contact `c` (slot `ci`): bodies, normal, friction,
    /// masses, softness, each point's anchors, lever arms, masses and warm-start impulses,
    /// and the block solve's coefficients. A one-point contact's second point is zero
    /// (never speculative, never pushes) and its "block" is the scalar solve itself, so the
    /// pass takes its fast path for it too. Returns both points' scalar constraints, for the
    /// restitution passes (the second is zero for a one-point contact).
    @inline(__always)
    private static func fillLane(_ wc: UnsafeMutablePointer<WideConstraint>, _ j: Int,
                                 contact c: UnsafeMutablePointer<Contact>, index ci: Int, _ m: LaneBodies,
                                 _ sf: Softness) -> (ContactConstraintPoint, ContactConstraintPoint) {
        let pointCount = c.pointee.manifold.pointCount
        let n = c.pointee.manifold.normal, t = n.rightPerp
        let mA = m.mA, iA = m.iA, mB = m.mB, iB = m.iB
        wc.pointee.a[j] = Int32(m.a); wc.pointee.b[j] = Int32(m.b)
        wc.pointee.source[j] = Int32(ci)
        wc.pointee.touching[j] = c.pointee.touching
        wc.pointee.nx[j] = Float(n.x); wc.pointee.ny[j] = Float(n.y)
        wc.pointee.friction[j] = Float(c.pointee.friction)
        wc.pointee.mA[j] = Float(mA); wc.pointee.iA[j] = Float(iA)
        wc.pointee.mB[j] = Float(mB); wc.pointee.iB[j] = Float(iB)
        wc.pointee.biasRate[j] = Float(sf.biasRate)
        wc.pointee.massScale[j] = Float(sf.massScale)
        wc.pointee.impulseScale[j] = Float(sf.impulseScale)

        let p1 = preparePoint(c.pointee.manifold.p0, n, t, m)
        wc.pointee.rnA1[j] = Float(p1.rnA); wc.pointee.rnB1[j] = Float(p1.rnB)
        wc.pointee.rtA1[j] = Float(p1.rtA); wc.pointee.rtB1[j] = Float(p1.rtB)
        wc.pointee.rAx1[j] = Float(p1.point.anchorA.x); wc.pointee.rAy1[j] = Float(p1.point.anchorA.y)
        wc.pointee.rBx1[j] = Float(p1.point.anchorB.x); wc.pointee.rBy1[j] = Float(p1.point.anchorB.y)
        wc.pointee.base1[j] = Float(p1.point.baseSeparation)
        wc.pointee.normalMass1[j] = Float(p1.point.normalMass)
        wc.pointee.tangentMass1[j] = Float(p1.point.tangentMass)
        wc.pointee.normalImpulse1[j] = Float(p1.point.normalImpulse)
        wc.pointee.tangentImpulse1[j] = Float(p1.point.tangentImpulse)
        wc.pointee.maxNormalImpulse1[j] = 0
        wc.pointee.maxNormalImpulse2[j] = 0
        var p2 = ContactConstraintPoint()
        var useBlock = false
        var invK11 = 0.0, invK12 = 0.0, invK22 = 0.0, k12 = 0.0, blockK11 = 0.0, blockK22 = 0.0
        if pointCount == 2 {
            let q = preparePoint(c.pointee.manifold.p1, n, t, m)
            p2 = q.point
            wc.pointee.rAx2[j] = Float(p2.anchorA.x); wc.pointee.rAy2[j] = Float(p2.anchorA.y)
            wc.pointee.rBx2[j] = Float(p2.anchorB.x); wc.pointee.rBy2[j] = Float(p2.anchorB.y)
            wc.pointee.base2[j] = Float(p2.baseSeparation)
            wc.pointee.normalMass2[j] = Float(p2.normalMass)
            wc.pointee.tangentMass2[j] = Float(p2.tangentMass)
            wc.pointee.normalImpulse2[j] = Float(p2.normalImpulse)
            wc.pointee.tangentImpulse2[j] = Float(p2.tangentImpulse)
            wc.pointee.rnA2[j] = Float(q.rnA); wc.pointee.rnB2[j] = Float(q.rnB)
            wc.pointee.rtA2[j] = Float(q.rtA); wc.pointee.rtB2[j] = Float(q.rtB)
            wc.pointee.kt12[j] = Float(mA + mB + iA * p1.rtA * q.rtA + iB * p1.rtB * q.rtB)
            let k11 = mA + mB + iA * p1.rnA * p1.rnA + iB * p1.rnB * p1.rnB
            let k22 = mA + mB + iA * q.rnA * q.rnA + iB * q.rnB * q.rnB
            k12 = mA + mB + iA * p1.rnA * q.rnA + iB * p1.rnB * q.rnB
            let det = k11 * k22 - k12 * k12
            // Nearly parallel rows (points almost on top of each other): one by one.
            if k11 * k11 < 1000 * det && det > 0 {
                useBlock = true
                invK11 = k22 / det
                invK22 = k11 / det
                invK12 = -k12 / det
                blockK11 = k11
                blockK22 = k22
            }
        } else {
            // No second point: zero masses, never speculative, never pushes.
            wc.pointee.rAx2[j] = 0; wc.pointee.rAy2[j] = 0
            wc.pointee.rBx2[j] = 0; wc.pointee.rBy2[j] = 0
            wc.pointee.base2[j] = 1
            wc.pointee.normalMass2[j] = 0; wc.pointee.tangentMass2[j] = 0
            wc.pointee.normalImpulse2[j] = 0; wc.pointee.tangentImpulse2[j] = 0
            wc.pointee.rnA2[j] = 0; wc.pointee.rnB2[j] = 0
            wc.pointee.rtA2[j] = 0; wc.pointee.rtB2[j] = 0
            wc.pointee.kt12[j] = 0
            // The "block" of one row: the scalar solve itself, so that the pass takes its
            // fast path (no fallback) for these lanes too.
            useBlock = true
            invK11 = p1.point.normalMass
            blockK11 = p1.point.normalMass > 0 ? 1 / p1.point.normalMass : 0
        }
        wc.pointee.block[j] = useBlock
        wc.pointee.invK11[j] = Float(invK11); wc.pointee.invK12[j] = Float(invK12)
        wc.pointee.invK22[j] = Float(invK22); wc.pointee.k12[j] = Float(k12)
        wc.pointee.k11[j] = Float(blockK11); wc.pointee.k22[j] = Float(blockK22)
        return (p1.point, p2)
    }

    /// The double-precision copy of a bouncing contact for the restitution passes, with each
    /// point's approach speed at impact under the step's gravity and forces, for a point
    /// still apart: v² = v0² − 2·a·gap. A ball falling onto the floor hits it faster than it
    /// started the step, and one rising to the ceiling slower; bouncing from the start speed,
    /// it would lose height on the floor and gain it on the ceiling.
    private func bouncingConstraint(_ c: UnsafeMutablePointer<Contact>, index ci: Int, _ m: LaneBodies, lane: Int32,
                                    _ p1: ContactConstraintPoint, _ p2: ContactConstraintPoint,
                                    h: Double) -> BouncingConstraint {
        let a = m.a, b = m.b, mA = m.mA, mB = m.mB
        let pointCount = c.pointee.manifold.pointCount
        let n = c.pointee.manifold.normal
        var cc = ContactConstraint()
        cc.contactIndex = Int32(ci)
        cc.a = Int32(a); cc.b = Int32(b)
        cc.pointCount = Int32(pointCount)
        cc.normal = n
        cc.restitution = c.pointee.restitution
        cc.invMassA = mA; cc.invIA = m.iA; cc.invMassB = mB; cc.invIB = m.iB
        cc.lane = lane
        let fieldA = (1 / h) * sims[a].stepVelocity, fieldB = (1 / h) * sims[b].stepVelocity
        let an = dot(n, (sims[b].gravity + mB * sims[b].force + fieldB) - (sims[a].gravity + mA * sims[a].force + fieldA))
        @inline(__always)
        func atImpact(_ cp: inout ContactConstraintPoint, gap: Double) {
            guard cp.relativeVelocity < 0, gap > 0 else { return }
            let v2 = cp.relativeVelocity * cp.relativeVelocity - 2 * an * gap
            cp.relativeVelocity = v2 > 0 ? -v2.squareRoot() : 0
        }
        var q0 = p1, q1 = p2
        atImpact(&q0, gap: c.pointee.manifold.p0.separation)
        if pointCount == 2 { atImpact(&q1, gap: c.pointee.manifold.p1.separation) }
        return BouncingConstraint(constraint: cc, p0: q0, p1: q1)
    }

    /// A padding lane: the dummy body, zero masses, no second point.
    @inline(__always)
    static func fillEmptyLane(_ wc: UnsafeMutablePointer<WideConstraint>, _ j: Int, dummy: Int32) {
        wc.pointee.a[j] = dummy; wc.pointee.b[j] = dummy
        wc.pointee.source[j] = -1
        wc.pointee.touching[j] = false
        wc.pointee.nx[j] = 0; wc.pointee.ny[j] = 0; wc.pointee.friction[j] = 0
        wc.pointee.mA[j] = 0; wc.pointee.iA[j] = 0; wc.pointee.mB[j] = 0; wc.pointee.iB[j] = 0
        wc.pointee.biasRate[j] = 0; wc.pointee.massScale[j] = 1; wc.pointee.impulseScale[j] = 0
        wc.pointee.rAx1[j] = 0; wc.pointee.rAy1[j] = 0; wc.pointee.rBx1[j] = 0; wc.pointee.rBy1[j] = 0
        wc.pointee.base1[j] = 0; wc.pointee.normalMass1[j] = 0; wc.pointee.tangentMass1[j] = 0
        wc.pointee.normalImpulse1[j] = 0; wc.pointee.tangentImpulse1[j] = 0; wc.pointee.maxNormalImpulse1[j] = 0
        wc.pointee.rAx2[j] = 0; wc.pointee.rAy2[j] = 0; wc.pointee.rBx2[j] = 0; wc.pointee.rBy2[j] = 0
        wc.pointee.base2[j] = 1; wc.pointee.normalMass2[j] = 0; wc.pointee.tangentMass2[j] = 0
        wc.pointee.normalImpulse2[j] = 0; wc.pointee.tangentImpulse2[j] = 0; wc.pointee.maxNormalImpulse2[j] = 0
        wc.pointee.invK11[j] = 0; wc.pointee.invK12[j] = 0; wc.pointee.invK22[j] = 0; wc.pointee.k12[j] = 0
        wc.pointee.k11[j] = 0; wc.pointee.k22[j] = 0
        wc.pointee.rnA1[j] = 0; wc.pointee.rnB1[j] = 0; wc.pointee.rtA1[j] = 0; wc.pointee.rtB1[j] = 0
        wc.pointee.rnA2[j] = 0; wc.pointee.rnB2[j] = 0; wc.pointee.rtA2[j] = 0; wc.pointee.rtB2[j] = 0
        wc.pointee.kt12[j] = 0
        wc.pointee.block[j] = true // zero masses: the block solve leaves it at zero
    }
}
