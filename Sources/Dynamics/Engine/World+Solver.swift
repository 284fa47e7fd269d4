// The soft-step solver (after Box2D v3): per step, contacts are prepared once; then each
// sub-step integrates velocities, warm starts, solves with a soft positional bias,
// integrates positions and relaxes without bias; restitution runs once at the end.
// Soft constraints (a mass-spring-damper per contact, stiffness tied to the sub-step) keep
// stacks standing without the jitter of Baumgarte stabilization, and sub-stepping buys
// accuracy for far less than extra iterations would cost.

/// Soft constraint coefficients for a given stiffness, damping ratio and time step.
struct Softness {
    var biasRate = 0.0
    var massScale = 1.0
    var impulseScale = 0.0

    init() {}
    init(hertz: Double, dampingRatio zeta: Double, h: Double) {
        if hertz == 0 { return }
        let omega = 2 * Double.pi * hertz
        let a1 = 2 * zeta + h * omega
        let a2 = h * omega * a1
        let a3 = 1 / (1 + a2)
        biasRate = omega / a1
        massScale = a2 * a3
        impulseScale = a3
    }
}

struct ContactConstraintPoint {
    var anchorA = Vec2.zero
    var anchorB = Vec2.zero
    /// separation − dot(anchorB − anchorA, normal): the current separation is then
    /// dot(dpB − dpA + qB·rB − qA·rA, normal) + this.
    var baseSeparation = 0.0
    var normalImpulse = 0.0
    var tangentImpulse = 0.0
    var maxNormalImpulse = 0.0
    var normalMass = 0.0
    var tangentMass = 0.0
    var relativeVelocity = 0.0
}

struct ContactConstraint {
    var contactIndex: Int32 = 0
    var a: Int32 = 0
    var b: Int32 = 0
    var normal = Vec2.zero
    var friction = 0.0
    var restitution = 0.0
    var invMassA = 0.0, invIA = 0.0, invMassB = 0.0, invIB = 0.0
    var softness = Softness()
    var p0 = ContactConstraintPoint()
    var p1 = ContactConstraintPoint()
    var pointCount = 0
}

extension World {
    /// Builds constraints for touching contacts with an awake body.
    func prepareContacts(h: Double, soft: Softness, staticSoft: Softness) {
        constraints.removeAll(keepingCapacity: true)
        for ci in contacts.indices {
            let c = contacts[ci]
            let m = c.manifold
            if m.pointCount == 0 { continue }
            let a = Int(shapes[Int(c.shapeA)].body), b = Int(shapes[Int(c.shapeB)].body)
            let awakeA = infos[a].type == .dynamic && infos[a].isAwake
            let awakeB = infos[b].type == .dynamic && infos[b].isAwake
            if !awakeA && !awakeB { continue }
            var cc = ContactConstraint()
            cc.contactIndex = Int32(ci)
            cc.a = Int32(a); cc.b = Int32(b)
            cc.normal = m.normal
            cc.friction = c.friction
            cc.restitution = c.restitution
            cc.invMassA = sims[a].invMass; cc.invIA = sims[a].invInertia
            cc.invMassB = sims[b].invMass; cc.invIB = sims[b].invInertia
            cc.softness = (infos[a].type == .static || infos[b].type == .static) ? staticSoft : soft
            cc.pointCount = m.pointCount
            let n = m.normal, t = n.rightPerp
            let vA = states[a].v, wA = states[a].w, vB = states[b].v, wB = states[b].w
            for k in 0..<m.pointCount {
                let mp = m[k]
                var cp = ContactConstraintPoint()
                cp.anchorA = mp.anchorA
                cp.anchorB = mp.anchorB
                cp.normalImpulse = mp.normalImpulse
                cp.tangentImpulse = mp.tangentImpulse
                cp.baseSeparation = mp.separation - dot(mp.anchorB - mp.anchorA, n)
                let rnA = cross(mp.anchorA, n), rnB = cross(mp.anchorB, n)
                let kn = cc.invMassA + cc.invMassB + cc.invIA * rnA * rnA + cc.invIB * rnB * rnB
                cp.normalMass = kn > 0 ? 1 / kn : 0
                let rtA = cross(mp.anchorA, t), rtB = cross(mp.anchorB, t)
                let kt = cc.invMassA + cc.invMassB + cc.invIA * rtA * rtA + cc.invIB * rtB * rtB
                cp.tangentMass = kt > 0 ? 1 / kt : 0
                let dv = (vB + cross(wB, mp.anchorB)) - (vA + cross(wA, mp.anchorA))
                cp.relativeVelocity = dot(n, dv)
                if k == 0 { cc.p0 = cp } else { cc.p1 = cp }
            }
            constraints.append(cc)
        }
    }

    /// One step of length h: gravity and forces, contacts, sub-stepping, restitution.
    func solve(h: Double) {
        let n = max(1, substepCount)
        let hs = h / Double(n)
        let contactHertz = min(Tuning.contactHertz, 0.25 / hs)
        let soft = Softness(hertz: contactHertz, dampingRatio: Tuning.contactDampingRatio, h: hs)
        let staticSoft = Softness(hertz: min(4 * contactHertz, 0.25 / hs), dampingRatio: Tuning.contactDampingRatio, h: hs)
        prepareContacts(h: h, soft: soft, staticSoft: staticSoft)

        // Damping once per step (DESIGN §2: v ← v / (1 + h·resistance)); reset displacements.
        for bi in awakeBodies {
            let b = Int(bi)
            states[b].v = (1 / (1 + h * sims[b].linearDamping)) * states[b].v
            states[b].w = states[b].w / (1 + h * sims[b].angularDamping)
            states[b].dp = .zero
            states[b].dq = .identity
        }

        let inv_hs = 1 / hs
        sims.withUnsafeMutableBufferPointer { simp in
            states.withUnsafeMutableBufferPointer { stp in
                constraints.withUnsafeMutableBufferPointer { ccp in
                    awakeBodies.withUnsafeBufferPointer { awake in
                        for _ in 0..<n {
                            integrateVelocities(awake, simp, stp, hs)
                            warmStart(ccp, stp)
                            solveContacts(ccp, stp, inv_hs, useBias: true)
                            integratePositions(awake, stp, hs)
                            solveContacts(ccp, stp, inv_hs, useBias: false)
                        }
                        applyRestitution(ccp, stp)
                    }
                }
            }
        }

        // Store impulses for next step's warm start.
        for cc in constraints {
            let ci = Int(cc.contactIndex)
            contacts[ci].manifold.p0.normalImpulse = cc.p0.normalImpulse
            contacts[ci].manifold.p0.tangentImpulse = cc.p0.tangentImpulse
            contacts[ci].manifold.p0.maxNormalImpulse = cc.p0.maxNormalImpulse
            contacts[ci].manifold.p0.normalVelocity = cc.p0.relativeVelocity
            if cc.pointCount > 1 {
                contacts[ci].manifold.p1.normalImpulse = cc.p1.normalImpulse
                contacts[ci].manifold.p1.tangentImpulse = cc.p1.tangentImpulse
                contacts[ci].manifold.p1.maxNormalImpulse = cc.p1.maxNormalImpulse
                contacts[ci].manifold.p1.normalVelocity = cc.p1.relativeVelocity
            }
        }
    }

    @inline(__always)
    private func integrateVelocities(_ awake: UnsafeBufferPointer<Int32>, _ sims: UnsafeMutableBufferPointer<BodySim>,
                                     _ states: UnsafeMutableBufferPointer<BodyState>, _ h: Double) {
        let maxSpeed2 = Tuning.maxLinearSpeed * Tuning.maxLinearSpeed
        for bi in awake {
            let b = Int(bi)
            let sim = sims[b]
            var st = states[b]
            st.v = st.v + h * (sim.gravity + sim.invMass * sim.force)
            st.w = st.w + h * sim.invInertia * sim.torque
            let s2 = st.v.lengthSquared
            if s2 > maxSpeed2 { st.v = (Tuning.maxLinearSpeed / s2.squareRoot()) * st.v }
            states[b] = st
        }
    }

    @inline(__always)
    private func integratePositions(_ awake: UnsafeBufferPointer<Int32>, _ states: UnsafeMutableBufferPointer<BodyState>, _ h: Double) {
        for bi in awake {
            let b = Int(bi)
            var st = states[b]
            st.dq = st.dq.integrated(h * st.w)
            st.dp = st.dp + h * st.v
            states[b] = st
        }
    }

    @inline(__always)
    private func warmStart(_ ccs: UnsafeMutableBufferPointer<ContactConstraint>, _ states: UnsafeMutableBufferPointer<BodyState>) {
        for i in 0..<ccs.count {
            let cc = ccs[i]
            let a = Int(cc.a), b = Int(cc.b)
            var sA = states[a], sB = states[b]
            let n = cc.normal, t = n.rightPerp
            for k in 0..<cc.pointCount {
                let cp = k == 0 ? cc.p0 : cc.p1
                let P = cp.normalImpulse * n + cp.tangentImpulse * t
                sA.w -= cc.invIA * cross(cp.anchorA, P)
                sA.v = sA.v - cc.invMassA * P
                sB.w += cc.invIB * cross(cp.anchorB, P)
                sB.v = sB.v + cc.invMassB * P
            }
            if cc.invMassA > 0 || cc.invIA > 0 { states[a].v = sA.v; states[a].w = sA.w }
            if cc.invMassB > 0 || cc.invIB > 0 { states[b].v = sB.v; states[b].w = sB.w }
        }
    }

    @inline(__always)
    private func solveContacts(_ ccs: UnsafeMutableBufferPointer<ContactConstraint>, _ states: UnsafeMutableBufferPointer<BodyState>,
                               _ inv_h: Double, useBias: Bool) {
        for i in 0..<ccs.count {
            var cc = ccs[i]
            let a = Int(cc.a), b = Int(cc.b)
            let sA0 = states[a], sB0 = states[b]
            var vA = sA0.v, wA = sA0.w, vB = sB0.v, wB = sB0.w
            let dp = sB0.dp - sA0.dp
            let qA = sA0.dq, qB = sB0.dq
            let n = cc.normal, t = n.rightPerp
            let mA = cc.invMassA, iA = cc.invIA, mB = cc.invMassB, iB = cc.invIB
            var totalNormalImpulse = 0.0

            for k in 0..<cc.pointCount {
                var cp = k == 0 ? cc.p0 : cc.p1
                let rA = cp.anchorA, rB = cp.anchorB
                // Current separation from the displacements of this step.
                let d = dp + (qB.rotate(rB) - qA.rotate(rA))
                let s = dot(d, n) + cp.baseSeparation
                var bias = 0.0, massScale = 1.0, impulseScale = 0.0
                if s > 0 {
                    bias = s * inv_h // speculative: close the gap, no further
                } else if useBias {
                    bias = max(cc.softness.biasRate * s, -Tuning.contactPushMaxVelocity)
                    massScale = cc.softness.massScale
                    impulseScale = cc.softness.impulseScale
                }
                let dv = (vB + cross(wB, rB)) - (vA + cross(wA, rA))
                let vn = dot(dv, n)
                var impulse = -cp.normalMass * massScale * (vn + bias) - impulseScale * cp.normalImpulse
                let newImpulse = max(cp.normalImpulse + impulse, 0)
                impulse = newImpulse - cp.normalImpulse
                cp.normalImpulse = newImpulse
                cp.maxNormalImpulse = max(cp.maxNormalImpulse, impulse)
                totalNormalImpulse += newImpulse
                let P = impulse * n
                vA = vA - mA * P; wA -= iA * cross(rA, P)
                vB = vB + mB * P; wB += iB * cross(rB, P)
                if k == 0 { cc.p0 = cp } else { cc.p1 = cp }
            }

            for k in 0..<cc.pointCount {
                var cp = k == 0 ? cc.p0 : cc.p1
                let rA = cp.anchorA, rB = cp.anchorB
                let dv = (vB + cross(wB, rB)) - (vA + cross(wA, rA))
                let vt = dot(dv, t)
                var impulse = -cp.tangentMass * vt
                let maxFriction = cc.friction * cp.normalImpulse
                let newImpulse = min(max(cp.tangentImpulse + impulse, -maxFriction), maxFriction)
                impulse = newImpulse - cp.tangentImpulse
                cp.tangentImpulse = newImpulse
                let P = impulse * t
                vA = vA - mA * P; wA -= iA * cross(rA, P)
                vB = vB + mB * P; wB += iB * cross(rB, P)
                if k == 0 { cc.p0 = cp } else { cc.p1 = cp }
            }
            _ = totalNormalImpulse
            ccs[i] = cc
            if mA > 0 || iA > 0 { states[a].v = vA; states[a].w = wA }
            if mB > 0 || iB > 0 { states[b].v = vB; states[b].w = wB }
        }
    }

    @inline(__always)
    private func applyRestitution(_ ccs: UnsafeMutableBufferPointer<ContactConstraint>, _ states: UnsafeMutableBufferPointer<BodyState>) {
        let threshold = Tuning.restitutionThreshold
        for i in 0..<ccs.count {
            var cc = ccs[i]
            if cc.restitution == 0 { continue }
            let a = Int(cc.a), b = Int(cc.b)
            var vA = states[a].v, wA = states[a].w, vB = states[b].v, wB = states[b].w
            let n = cc.normal
            let mA = cc.invMassA, iA = cc.invIA, mB = cc.invMassB, iB = cc.invIB
            for k in 0..<cc.pointCount {
                var cp = k == 0 ? cc.p0 : cc.p1
                if cp.relativeVelocity > -threshold || cp.maxNormalImpulse == 0 { continue }
                let rA = cp.anchorA, rB = cp.anchorB
                let dv = (vB + cross(wB, rB)) - (vA + cross(wA, rA))
                let vn = dot(dv, n)
                var impulse = -cp.normalMass * (vn + cc.restitution * cp.relativeVelocity)
                let newImpulse = max(cp.normalImpulse + impulse, 0)
                impulse = newImpulse - cp.normalImpulse
                cp.normalImpulse = newImpulse
                cp.maxNormalImpulse = max(cp.maxNormalImpulse, impulse)
                let P = impulse * n
                vA = vA - mA * P; wA -= iA * cross(rA, P)
                vB = vB + mB * P; wB += iB * cross(rB, P)
                if k == 0 { cc.p0 = cp } else { cc.p1 = cp }
            }
            ccs[i] = cc
            if mA > 0 || iA > 0 { states[a].v = vA; states[a].w = wA }
            if mB > 0 || iB > 0 { states[b].v = vB; states[b].w = wB }
        }
    }
}
