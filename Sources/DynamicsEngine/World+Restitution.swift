import Foundation

// Restitution never creates energy.
//
// Restitution runs once, after the sub-steps, on what the contacts did in between: a bouncing
// point reverses its approach speed at impact, estimated from the speed it had when the step
// began (Box2D's rule) carried over its gap by gravity, forces and fields. When a body meets
// several things within one step, that speed can be stale. A 2 pt ball at 5000 pt/s covers
// 80 pt a step: knocked by another ball and then caught against a wall within one step, it
// bounced off the wall at its speed of before the knock; pressed into a corner by a second
// ball, the ball–ball and ball–wall bounces each restored the full speed they were hit with.
// Sixty such balls with elasticity 1 went from 5000 to 22 000 pt/s in 10 s (energy ×19).
// Box2D's speculative contacts reach only 2 cm, so its fast balls mostly pass through each
// other instead; ours reach as far as the step's motion, and meet.
//
// So the bounce of each cluster of bodies that bounced together in the step (linked by
// bouncing contacts and by the contacts they pushed against) is bounded by energy: their
// kinetic energy after restitution may not exceed what they had when the step began plus the
// work of gravity, forces, torques and fields over the step's displacements. Where it would,
// the cluster's restitution impulses are scaled by the largest λ ≤ 1 that meets the bound
// (kinetic energy is quadratic in λ). One ball on a wall, two balls meeting in the open, a
// ball falling onto the floor: the bound holds with room and nothing changes. What adds
// energy on purpose widens the bound instead of lifting it (an exemption brought the ×19
// back: a 0.001 Hz spring on each ball, or an elasticity of 1.0001): a spring joint may
// release the energy it held when the step began (½·k·x²), and an elasticity e above 1 may
// multiply the cluster's energy by e². Only a cluster that a target joint drives (the
// pointer's drag, snap) or that holds a massless moving body is left alone.

/// Per-step scratch of the energy bound, kept between steps (no allocation in steady state).
struct RestitutionScratch {
    /// Per body: its index in `bodies`, or −1 (all −1 between steps).
    var slot: [Int32] = []
    /// The dynamic bodies of the bouncing contacts and their neighbours, and per listed body:
    /// its union-find parent, and its velocities after the solver.
    var bodies: [Int32] = []
    var parent: [Int32] = []
    var solved: [(v: Vec2, w: Double)] = []
    /// Per cluster root: the cluster's energies (2·E, kg·m²/s²), its largest elasticity, and
    /// whether it is exempt.
    var allowed: [Double] = [], before: [Double] = [], a: [Double] = [], b: [Double] = []
    var elasticity: [Double] = []
    var exempt: [Bool] = []
}

extension World {
    /// Keeps the velocities of the bodies in contact at the start of the step, when there is
    /// anything to bounce (after `prepareWideContacts`, before the sub-steps). A field's
    /// velocity change of the step (`applyStepForce`) is left out and counted as work, as
    /// gravity is.
    func rememberStartVelocities() {
        if stepStartVelocities.count < infos.count {
            stepStartVelocities.append(contentsOf: repeatElement((v: Vec2.zero, w: 0.0), count: infos.count - stepStartVelocities.count))
        }
        for bi in contactBodies {
            let b = Int(bi)
            stepStartVelocities[b] = (states[b].v - sims[b].stepVelocity, states[b].w)
        }
    }

    /// Lists the bodies of the bouncing contacts and those they pushed against in the step
    /// (the energy a bounce gives back may have gone into a neighbour first), with their
    /// velocities after the solver, and joins them into clusters. Call after the solver,
    /// before the restitution passes. Complexity: O(bouncing contacts + lanes).
    func beginRestitutionBound(_ bouncing: UnsafeMutableBufferPointer<BouncingConstraint>,
                               _ wide: UnsafeMutableBufferPointer<WideConstraint>,
                               _ states: UnsafeMutablePointer<BodyState>, scratch sc: inout RestitutionScratch) {
        if sc.slot.count < infos.count { sc.slot.append(contentsOf: repeatElement(-1, count: infos.count - sc.slot.count)) }
        sc.bodies.removeAll(keepingCapacity: true)
        sc.parent.removeAll(keepingCapacity: true)
        sc.solved.removeAll(keepingCapacity: true)
        func listed(_ body: Int32) -> Int32 {
            let b = Int(body)
            if sc.slot[b] >= 0 { return sc.slot[b] }
            let k = Int32(sc.bodies.count)
            sc.slot[b] = k
            sc.bodies.append(body)
            sc.parent.append(k)
            sc.solved.append((states[b].v, states[b].w))
            return k
        }
        func join(_ a: Int32, _ b: Int32) {
            let moving = { (body: Int32) in Int(body) < self.infos.count && self.infos[Int(body)].type == .dynamic }
            let ka = moving(a) ? listed(a) : -1, kb = moving(b) ? listed(b) : -1
            guard ka >= 0 && kb >= 0 else { return }
            let ra = sc.find(ka), rb = sc.find(kb)
            if ra != rb { sc.parent[Int(max(ra, rb))] = min(ra, rb) }
        }
        for i in 0..<bouncing.count { join(bouncing[i].constraint.a, bouncing[i].constraint.b) }
        // Their neighbours: lanes that pushed in the step with a listed body.
        for w in 0..<wide.count {
            let c = wide[w]
            for lane in 0..<4 where c.source[lane] >= 0 && (c.maxNormalImpulse1[lane] > 0 || c.maxNormalImpulse2[lane] > 0) {
                let a = c.a[lane], b = c.b[lane]
                let la = Int(a) < sc.slot.count && sc.slot[Int(a)] >= 0, lb = Int(b) < sc.slot.count && sc.slot[Int(b)] >= 0
                if la || lb { join(a, b) }
            }
        }
    }

    /// Scales back the restitution of every cluster whose kinetic energy it raised above the
    /// start of the step's plus the work of gravity, forces, torques and fields, then clears
    /// the scratch. Complexity: O(bouncing contacts + listed bodies).
    func endRestitutionBound(_ bouncing: UnsafeMutableBufferPointer<BouncingConstraint>,
                             _ states: UnsafeMutablePointer<BodyState>, h: Double, scratch sc: inout RestitutionScratch) {
        let n = sc.bodies.count
        guard n > 0 else { return }
        sc.allowed.removeAll(keepingCapacity: true); sc.allowed.append(contentsOf: repeatElement(0, count: n))
        sc.before.removeAll(keepingCapacity: true); sc.before.append(contentsOf: repeatElement(0, count: n))
        sc.a.removeAll(keepingCapacity: true); sc.a.append(contentsOf: repeatElement(0, count: n))
        sc.b.removeAll(keepingCapacity: true); sc.b.append(contentsOf: repeatElement(0, count: n))
        sc.exempt.removeAll(keepingCapacity: true); sc.exempt.append(contentsOf: repeatElement(false, count: n))
        sc.elasticity.removeAll(keepingCapacity: true); sc.elasticity.append(contentsOf: repeatElement(1, count: n))
        for i in 0..<bouncing.count where bouncing[i].constraint.restitution > 1 {
            let cc = bouncing[i].constraint
            let r = Int(sc.find(sc.slot[Int(infos[Int(cc.a)].type == .dynamic ? cc.a : cc.b)]))
            sc.elasticity[r] = max(sc.elasticity[r], cc.restitution)
        }
        var jointed = false
        for k in 0..<n {
            let b = Int(sc.bodies[k])
            let r = Int(sc.find(Int32(k)))
            if sims[b].invMass == 0 { sc.exempt[r] = true }
            if infos[b].jointCount > 0 { jointed = true }
            let m = sims[b].invMass > 0 ? 1 / sims[b].invMass : 0
            let I = sims[b].invInertia > 0 ? 1 / sims[b].invInertia : 0
            let v0 = stepStartVelocities[b], v1 = sc.solved[k]
            // Work of gravity, applied forces and torques over the step's displacement and turn.
            let accel = sims[b].gravity + sims[b].invMass * sims[b].force + (1 / h) * sims[b].stepVelocity
            let turn = DeterministicMath.atan2(states[b].dq.s, states[b].dq.c)
            let work = 2 * (m * dot(accel, states[b].dp) + sims[b].torque * turn)
            sc.allowed[r] += m * v0.v.lengthSquared + I * v0.w * v0.w + work
            sc.before[r] += m * v1.v.lengthSquared + I * v1.w * v1.w
            let dv = states[b].v - v1.v, dw = states[b].w - v1.w
            sc.a[r] += m * dv.lengthSquared + I * dw * dw
            sc.b[r] += 2 * (m * dot(v1.v, dv) + I * v1.w * dw)
        }
        if jointed { addJointEnergies(&sc) }
        for k in 0..<n {
            let r = Int(sc.find(Int32(k)))
            let b = Int(sc.bodies[k])
            sc.slot[b] = -1
            guard !sc.exempt[r], sc.a[r] > 0 else { continue }
            // 2·E(λ) = before + b·λ + a·λ²; the bound with a tolerance for the solver's float
            // round-off.
            let e = sc.elasticity[r]
            let limit = sc.allowed[r] * e * e * (1 + 1e-6) + 1e-12
            guard sc.before[r] + sc.b[r] + sc.a[r] > limit else { continue }
            let c = sc.before[r] - limit
            var lambda = 0.0
            if c < 0 {
                let disc = sc.b[r] * sc.b[r] - 4 * sc.a[r] * c
                lambda = min(1, max(0, (-sc.b[r] + disc.squareRoot()) / (2 * sc.a[r])))
            }
            let v1 = sc.solved[k]
            states[b].v = v1.v + lambda * (states[b].v - v1.v)
            states[b].w = v1.w + lambda * (states[b].w - v1.w)
            if r == k { restitutionScaledCount += 1 }
        }
    }
}

extension World {
    /// The joints of the listed bodies: a target joint exempts its cluster; a spring adds the
    /// energy it held when the step began to what the cluster may have. O(joints).
    private func addJointEnergies(_ sc: inout RestitutionScratch) {
        for j in joints where j.alive {
            let ka = sc.slot[Int(j.bodyA)], kb = sc.slot[Int(j.bodyB)]
            guard ka >= 0 || kb >= 0 else { continue }
            let r = Int(sc.find(ka >= 0 ? ka : kb))
            switch j.kind {
            case .target:
                sc.exempt[r] = true
            case .distance where j.enableSpring && j.hertz > 0:
                // The transforms are still the step's start (the step writes them after).
                let a = Int(j.bodyA), b = Int(j.bodyB)
                let pA = sims[a].transform.apply(j.localAnchorA), pB = sims[b].transform.apply(j.localAnchorB)
                let stretch = (pB - pA).length - j.length
                let inverse = sims[a].invMass + sims[b].invMass
                guard inverse > 0 else { continue }
                let omega = 2 * Double.pi * j.hertz
                sc.allowed[r] += omega * omega / inverse * stretch * stretch // 2 · ½·k·x²
            default:
                continue
            }
        }
    }
}

extension RestitutionScratch {
    /// The cluster of listed body `x` (union-find root).
    func find(_ x: Int32) -> Int32 {
        var r = x
        while parent[Int(r)] != r { r = parent[Int(r)] }
        return r
    }
}
