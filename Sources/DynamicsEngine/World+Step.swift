// The step: pairs, manifolds, solver, write-back, sleeping islands.

extension World {
    /// Advances the world by one step of `h` seconds. Forces accumulated with `applyForce`
    /// act over this step and are cleared after it. Touch events are appended to
    /// `beginEvents`/`endEvents`; the caller drains them.
    /// Complexity: O(n + c) for n awake bodies and c candidate pairs, plus O(n log n) when
    /// the set of shapes changed.
    public func step(_ h: Double) {
        guard h > 0, !contactsOverflowed else { return }
        collectAwakeBodies()
        updatePairs(h: h)
        // Too many pairs (see `maximumContacts`): the world stops before the work that
        // grows with them, and the bodies keep the state of the last step.
        if contactsOverflowed { return }
        collide(h: h)
        wakeJointedBodies()
        collectAwakeBodies() // collide and joints may have woken bodies that awake ones touch
        solve(h: h)
        finalizeBodies(h: h)
        stepVelocitiesGiven = false
        solveContinuous()
        keepInContainers()
        updateRestTimes(h: h)
        if sleepEnabled { updateSleep(h: h) }
    }

    func collectAwakeBodies() {
        awakeBodies.removeAll()
        for i in 0..<infos.count where infos[i].alive && infos[i].type == .dynamic && infos[i].isAwake {
            awakeBodies.append(Int32(i))
        }
    }

    private func finalizeBodies(h: Double) {
        let limits = SpeedLimits(h: h)
        let keepsRest = sleepEnabled
        for bi in awakeBodies {
            let b = Int(bi)
            // The velocities the step leaves (after the relax passes) within the limits
            // too, so that nothing a script reads between steps is huge or NaN.
            limits.clamp(&states[b].v, &states[b].w)
            let st = states[b]
            var sim = sims[b]
            sim.center += st.dp
            let q = st.dq.mul(sim.transform.q)
            let inv = 1 / (q.c * q.c + q.s * q.s).squareRoot()
            sim.transform.q = Rot(c: q.c * inv, s: q.s * inv)
            sim.transform.p = sim.center - sim.transform.q.rotate(sim.localCenter)
            if keepsRest {
                // Squared, and the turn's share apart: no square root per body and step.
                let given = sim.gravity + sim.invMass * sim.force + (1 / h) * sim.stepVelocity
                rests[b].acceleration = given.lengthSquared
                rests[b].angularAcceleration = sim.invInertia * abs(sim.torque) * sim.maxExtent
            }
            sim.force = .zero
            sim.torque = 0
            sim.stepVelocity = .zero
            sims[b] = sim
        }
    }

    /// Each awake body's rest timer, once continuous collision and containers have put back
    /// what they put back (`dp` is then the step's net displacement): a body rests while its
    /// speeds and its displacement over the step stay under its threshold. The displacement
    /// counts because a soft contact pushing overlapping items apart moves them while the
    /// relax pass takes the push out of their velocity, which then reads 0 (items made
    /// overlapping fell asleep, and the animator paused, 204 pt deep inside an anchored box);
    /// a stack resting under its load does not move. And an item a stiff spring pulls into a
    /// wall every step, put back every step, rests: a put-back does not restart its timer.
    private func updateRestTimes(h: Double) {
        for bi in awakeBodies {
            let b = Int(bi)
            let st = states[b]
            let wExtent = st.w * sims[b].maxExtent
            let threshold = infos[b].sleepThreshold
            infos[b].sleepThreshold = Tuning.sleepLinearThreshold
            rests[b].threshold = threshold
            let threshold2 = threshold * threshold
            if st.v.lengthSquared > threshold2 || wExtent * wExtent > threshold2 || st.dp.lengthSquared > threshold2 * h * h {
                infos[b].sleepTime = 0
                rests[b].restBreak = .speed
            } else {
                // Slow, but creeping the same way step after step (a field's pull held
                // back by resistance) is not rest: `updateSleep` restarts the timer of a
                // body that moved the rest tolerance since it started. The drift counts
                // from the timer's start (whoever restarted it: a wake, a new velocity).
                rests[b].drift = infos[b].sleepTime == 0 ? st.dp : rests[b].drift + st.dp
                infos[b].sleepTime += h
            }
        }
    }

    /// Groups awake bodies into islands (connected by joints and touching contacts) with a
    /// union-find, and puts to sleep every island whose bodies have all rested for
    /// `Tuning.timeToSleep`. The union-find arrays are reused from step to step, and left
    /// clean for the next one.
    private func updateSleep(h: Double) {
        if awakeBodies.isEmpty { return }
        let stamp = sleepScratch.begin(bodies: infos.count)
        for bi in awakeBodies {
            sleepScratch.parent[Int(bi)] = bi
            sleepScratch.minSleep[Int(bi)] = .greatestFiniteMagnitude
        }
        joinIslands(stamp: stamp)
        if restIslands(stamp: stamp) { putRestedIslandsToSleep() }
        for bi in awakeBodies { sleepScratch.parent[Int(bi)] = -1 }
    }

    /// Joins the awake bodies that joints and touching contacts connect, and marks every body
    /// in a touching contact (with anything, static bodies included) with `stamp`.
    private func joinIslands(stamp: UInt32) {
        let sc = sleepScratch, parent = sleepScratch.parent.data, touching = sleepScratch.touching.data
        for j in joints where j.alive {
            if parent[Int(j.bodyA)] < 0 || parent[Int(j.bodyB)] < 0 { continue }
            let ra = sc.find(j.bodyA), rb = sc.find(j.bodyB)
            if ra != rb { if ra < rb { parent[Int(rb)] = ra } else { parent[Int(ra)] = rb } }
        }
        for ci in 0..<contacts.count where contacts[ci].alive && contacts[ci].manifold.pointCount > 0 {
            let a = contacts[ci].bodyA, b = contacts[ci].bodyB
            touching[Int(a)] = stamp
            touching[Int(b)] = stamp
            if parent[Int(a)] < 0 || parent[Int(b)] < 0 { continue } // static or asleep
            let ra = sc.find(a), rb = sc.find(b)
            if ra != rb { if ra < rb { parent[Int(rb)] = ra } else { parent[Int(ra)] = rb } }
        }
    }

    /// Each island's shortest rest time (`minSleep` at its root); true when some island has
    /// rested long enough to sleep. The rest rule beyond speed, for a body that touches
    /// nothing: it does not rest while it creeps (it moved the rest tolerance since its rest
    /// timer started), nor, when nothing holds it (no joint either), while the forces given to
    /// it would move it past that tolerance within the rest time (a·T²/2). A body in contact
    /// rests by speed alone, as in Box2D: the slow creep of a pile is the soft contacts', and
    /// sleep is what ends it.
    private func restIslands(stamp: UInt32) -> Bool {
        let sc = sleepScratch, minSleep = sleepScratch.minSleep.data, touching = sleepScratch.touching.data
        let tolerance2 = Tuning.restTolerance * Tuning.restTolerance
        var anyAsleep = false
        for bi in awakeBodies {
            let b = Int(bi)
            if touching[b] != stamp && infos[b].sleepTime > 0 {
                if rests[b].drift.lengthSquared > tolerance2 {
                    infos[b].sleepTime = 0
                    rests[b].restBreak = .drift
                } else if isPushedFree(b) {
                    infos[b].sleepTime = 0
                    rests[b].restBreak = .unbalancedForce
                }
            }
            let r = Int(sc.find(bi))
            minSleep[r] = min(minSleep[r], infos[b].sleepTime)
            if minSleep[r] >= Tuning.timeToSleep { anyAsleep = true }
        }
        return anyAsleep
    }

    /// The rest rule for a body that touches nothing (`restIslands`): true when nothing joins
    /// it either and the forces given to it over the last step would move it past
    /// `Tuning.restTolerance` within `Tuning.timeToSleep` (a·T²/2), linearly or at its
    /// furthest point. Such a body cannot come to rest while the forces last.
    @inline(__always)
    func isPushedFree(_ b: Int) -> Bool {
        let freeLimit = 2 * Tuning.restTolerance / (Tuning.timeToSleep * Tuning.timeToSleep)
        return infos[b].jointCount == 0
            && (rests[b].acceleration > freeLimit * freeLimit || rests[b].angularAcceleration > freeLimit)
    }

    /// Puts every island that rested `Tuning.timeToSleep` to sleep: its bodies stop, are
    /// linked into a sleeping island (`islandHeads`) and reported in `fellAsleep`.
    private func putRestedIslandsToSleep() {
        let sc = sleepScratch, minSleep = sleepScratch.minSleep.data, islandOf = sleepScratch.islandOf.data
        for bi in awakeBodies {
            let b = Int(bi)
            let r = Int(sc.find(bi))
            guard minSleep[r] >= Tuning.timeToSleep else { continue }
            if islandOf[r] < 0 {
                let id: Int32
                if let free = freeIslands.popLast() { id = free; islandHeads[Int(id)] = -1 } else {
                    id = Int32(islandHeads.count); islandHeads.append(-1)
                }
                islandOf[r] = id
            }
            let id = islandOf[r]
            infos[b].isAwake = false
            fellAsleep.append(Int32(b))
            infos[b].islandID = id
            infos[b].islandNext = islandHeads[Int(id)]
            islandHeads[Int(id)] = Int32(b)
            states[b].v = .zero
            states[b].w = 0
        }
        for bi in awakeBodies { islandOf[Int(sc.find(bi))] = -1 }
    }

    /// Wakes a body and its whole sleeping island, and restarts their rest timers.
    func wake(body b: Int) {
        guard infos[b].alive, infos[b].type == .dynamic else { return }
        rests[b].restBreak = .woken
        if infos[b].isAwake { infos[b].sleepTime = 0; return }
        let id = Int(infos[b].islandID)
        guard id >= 0 else { infos[b].isAwake = true; infos[b].sleepTime = 0; return }
        var cur = islandHeads[id]
        while cur >= 0 {
            let c = Int(cur)
            infos[c].isAwake = true
            infos[c].sleepTime = 0
            rests[c].restBreak = .woken
            infos[c].islandID = -1
            cur = infos[c].islandNext
            infos[c].islandNext = -1
        }
        islandHeads[id] = -1
        freeIslands.append(Int32(id))
    }

    /// Wakes every body.
    func wakeAll() {
        for i in infos.indices where infos[i].alive && infos[i].type == .dynamic && !infos[i].isAwake { wake(body: i) }
    }
}
