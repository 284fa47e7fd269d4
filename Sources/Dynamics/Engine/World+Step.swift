// The step: pairs, manifolds, solver, write-back, sleeping islands.

extension World {
    /// Advances the world by one step of `h` seconds. Forces accumulated with `applyForce`
    /// act over this step and are cleared after it. Touch events are appended to
    /// `beginEvents`/`endEvents`; the caller drains them.
    /// Complexity: O(n + c) for n awake bodies and c candidate pairs, plus O(n log n) when
    /// the set of shapes changed.
    func step(_ h: Double) {
        guard h > 0 else { return }
        collectAwakeBodies()
        updatePairs(h: h)
        collide(h: h)
        collectAwakeBodies() // collide may have woken bodies that awake ones touch
        solve(h: h)
        finalizeBodies(h: h)
        updateSleep(h: h)
    }

    func collectAwakeBodies() {
        awakeBodies.removeAll(keepingCapacity: true)
        for i in infos.indices where infos[i].alive && infos[i].type == .dynamic && infos[i].isAwake {
            awakeBodies.append(Int32(i))
        }
    }

    private func finalizeBodies(h: Double) {
        let threshold2 = Tuning.sleepLinearThreshold * Tuning.sleepLinearThreshold
        for bi in awakeBodies {
            let b = Int(bi)
            let st = states[b]
            var sim = sims[b]
            sim.center += st.dp
            let q = st.dq.mul(sim.transform.q)
            let inv = 1 / (q.c * q.c + q.s * q.s).squareRoot()
            sim.transform.q = Rot(c: q.c * inv, s: q.s * inv)
            sim.transform.p = sim.center - sim.transform.q.rotate(sim.localCenter)
            sim.force = .zero
            sim.torque = 0
            sims[b] = sim
            let wExtent = st.w * sim.maxExtent
            if st.v.lengthSquared > threshold2 || wExtent * wExtent > threshold2 {
                infos[b].sleepTime = 0
            } else {
                infos[b].sleepTime += h
            }
        }
    }

    /// Groups awake bodies into islands (connected by touching contacts) with a union-find,
    /// and puts to sleep every island whose bodies have all rested for `Tuning.timeToSleep`.
    private func updateSleep(h: Double) {
        if awakeBodies.isEmpty { return }
        var parent = [Int32](repeating: -1, count: infos.count)
        for bi in awakeBodies { parent[Int(bi)] = bi }
        func find(_ x: Int32) -> Int32 {
            var r = x
            while parent[Int(r)] != r { r = parent[Int(r)] }
            var y = x
            while parent[Int(y)] != r { let next = parent[Int(y)]; parent[Int(y)] = r; y = next }
            return r
        }
        for ci in contacts.indices where contacts[ci].alive && contacts[ci].manifold.pointCount > 0 {
            let a = shapes[Int(contacts[ci].shapeA)].body, b = shapes[Int(contacts[ci].shapeB)].body
            if parent[Int(a)] < 0 || parent[Int(b)] < 0 { continue } // static or asleep
            let ra = find(a), rb = find(b)
            if ra != rb { if ra < rb { parent[Int(rb)] = ra } else { parent[Int(ra)] = rb } }
        }
        var minSleep = [Double](repeating: .greatestFiniteMagnitude, count: infos.count)
        for bi in awakeBodies {
            let r = Int(find(bi))
            minSleep[r] = min(minSleep[r], infos[Int(bi)].sleepTime)
        }
        var islandOf = [Int32](repeating: -1, count: infos.count)
        for bi in awakeBodies {
            let b = Int(bi)
            let r = Int(find(bi))
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
    }

    /// Wakes a body and its whole sleeping island, and restarts their rest timers.
    func wake(body b: Int) {
        guard infos[b].alive, infos[b].type == .dynamic else { return }
        if infos[b].isAwake { infos[b].sleepTime = 0; return }
        let id = Int(infos[b].islandID)
        guard id >= 0 else { infos[b].isAwake = true; infos[b].sleepTime = 0; return }
        var cur = islandHeads[id]
        while cur >= 0 {
            let c = Int(cur)
            infos[c].isAwake = true
            infos[c].sleepTime = 0
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
