// The soft-step solver (after Box2D v3): per step, contacts are prepared once; then each
// sub-step integrates velocities, warm starts, solves with a soft positional bias,
// integrates positions and relaxes without bias; restitution runs once at the end.
// Soft constraints (a mass-spring-damper per contact, stiffness tied to the sub-step) keep
// stacks standing without the jitter of Baumgarte stabilization, and sub-stepping buys
// accuracy for far less than extra iterations would cost. The warm start, solve and relax
// passes run four contacts at a time (World+WideSolver.swift); preparation, restitution and
// the impulses kept for the next step are here, in double precision.

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

/// A prepared contact. Its points live in `World.constraintPoints[2 * i ..< 2 * i + 2]`, so
/// the solver loops touch small structs through pointers and never copy a whole manifold.
struct ContactConstraint {
    var contactIndex: Int32 = 0
    var a: Int32 = 0
    var b: Int32 = 0
    var pointCount: Int32 = 0
    var normal = Vec2.zero
    var friction = 0.0
    var restitution = 0.0
    var invMassA = 0.0, invIA = 0.0, invMassB = 0.0, invIB = 0.0
    var softness = Softness()
    /// Inverse of the 2×2 normal mass matrix of a two-point manifold (block solve), when
    /// it is well conditioned; `useBlock` false otherwise (points solved one by one).
    var invK11 = 0.0, invK12 = 0.0, invK22 = 0.0
    var useBlock = false
}

/// Bias velocity and soft scales of a contact point at separation `s`: a speculative point
/// (s > 0) may close its gap within the sub-step but no further; an overlapping one is pushed
/// out softly in the biased pass and not at all in the relax pass.
@inline(__always)
private func contactBias(_ s: Double, _ soft: Softness, _ inv_h: Double, _ useBias: Bool)
    -> (bias: Double, massScale: Double, impulseScale: Double) {
    if s > 0 { return (s * inv_h, 1, 0) }
    if useBias { return (max(soft.biasRate * s, -Tuning.contactPushMaxVelocity), soft.massScale, soft.impulseScale) }
    return (0, 1, 0)
}

/// Adds `impulse` to a point's accumulated normal impulse, clamped so the total never pulls;
/// returns the increment actually applied.
@inline(__always)
private func accumulateNormal(_ cp: UnsafeMutablePointer<ContactConstraintPoint>, _ impulse: Double) -> Double {
    let old = cp.pointee.normalImpulse
    let total = max(old + impulse, 0)
    cp.pointee.normalImpulse = total
    let applied = total - old
    cp.pointee.maxNormalImpulse = max(cp.pointee.maxNormalImpulse, applied)
    return applied
}

/// The velocity change of an impulse P at anchors rA (−P) and rB (+P).
@inline(__always)
private func applyImpulse(_ P: Vec2, _ rA: Vec2, _ rB: Vec2, _ vA: inout Vec2, _ wA: inout Double, _ vB: inout Vec2,
                          _ wB: inout Double, _ mA: Double, _ iA: Double, _ mB: Double, _ iB: Double) {
    vA = vA - mA * P; wA -= iA * cross(rA, P)
    vB = vB + mB * P; wB += iB * cross(rB, P)
}

extension World {
    /// Builds constraints for touching contacts with an awake body.
    func prepareContacts(h: Double, soft: Softness, staticSoft: Softness) {
        constraints.removeAll(keepingCapacity: true)
        constraintPoints.removeAll(keepingCapacity: true)
        var ccs = constraints, cps = constraintPoints, bouncing = bouncingConstraints
        constraints = []; constraintPoints = []; bouncingConstraints = []
        bouncing.removeAll(keepingCapacity: true)
        contacts.withUnsafeBufferPointer { cs in
        shapes.withUnsafeBufferPointer { sh in
        infos.withUnsafeBufferPointer { inf in
        sims.withUnsafeBufferPointer { simp in
        states.withUnsafeBufferPointer { stp in
            for ci in 0..<cs.count {
                let c = cs.baseAddress! + ci
                if !c.pointee.alive || c.pointee.manifold.pointCount == 0 { continue }
                let a = Int(sh[Int(c.pointee.shapeA)].body), b = Int(sh[Int(c.pointee.shapeB)].body)
                let awakeA = inf[a].type == .dynamic && inf[a].isAwake
                let awakeB = inf[b].type == .dynamic && inf[b].isAwake
                if !awakeA && !awakeB { continue }
                let m = c.pointee.manifold
                var cc = ContactConstraint()
                cc.contactIndex = Int32(ci)
                cc.a = Int32(a); cc.b = Int32(b)
                cc.normal = m.normal
                cc.friction = c.pointee.friction
                cc.restitution = c.pointee.restitution
                cc.invMassA = simp[a].invMass; cc.invIA = simp[a].invInertia
                cc.invMassB = simp[b].invMass; cc.invIB = simp[b].invInertia
                cc.softness = (inf[a].type == .static || inf[b].type == .static) ? staticSoft : soft
                cc.pointCount = Int32(m.pointCount)
                let n = m.normal, t = n.rightPerp
                let vA = stp[a].v, wA = stp[a].w, vB = stp[b].v, wB = stp[b].w
                var rn = (0.0, 0.0, 0.0, 0.0)
                for k in 0..<2 {
                    let mp = k < m.pointCount ? m[k] : ManifoldPoint()
                    var cp = ContactConstraintPoint()
                    cp.anchorA = mp.anchorA
                    cp.anchorB = mp.anchorB
                    cp.normalImpulse = mp.normalImpulse
                    cp.tangentImpulse = mp.tangentImpulse
                    cp.baseSeparation = mp.separation - dot(mp.anchorB - mp.anchorA, n)
                    let rnA = cross(mp.anchorA, n), rnB = cross(mp.anchorB, n)
                    if k == 0 { rn.0 = rnA; rn.1 = rnB } else { rn.2 = rnA; rn.3 = rnB }
                    let kn = cc.invMassA + cc.invMassB + cc.invIA * rnA * rnA + cc.invIB * rnB * rnB
                    cp.normalMass = kn > 0 ? 1 / kn : 0
                    let rtA = cross(mp.anchorA, t), rtB = cross(mp.anchorB, t)
                    let kt = cc.invMassA + cc.invMassB + cc.invIA * rtA * rtA + cc.invIB * rtB * rtB
                    cp.tangentMass = kt > 0 ? 1 / kt : 0
                    let dv = (vB + cross(wB, mp.anchorB)) - (vA + cross(wA, mp.anchorA))
                    cp.relativeVelocity = dot(n, dv)
                    cps.append(cp)
                }
                if m.pointCount == 2 {
                    let k11 = cc.invMassA + cc.invMassB + cc.invIA * rn.0 * rn.0 + cc.invIB * rn.1 * rn.1
                    let k22 = cc.invMassA + cc.invMassB + cc.invIA * rn.2 * rn.2 + cc.invIB * rn.3 * rn.3
                    let k12 = cc.invMassA + cc.invMassB + cc.invIA * rn.0 * rn.2 + cc.invIB * rn.1 * rn.3
                    let det = k11 * k22 - k12 * k12
                    // Nearly parallel rows (points almost on top of each other): one by one.
                    if k11 * k11 < 1000 * det && det > 0 {
                        cc.useBlock = true
                        cc.invK11 = k22 / det
                        cc.invK22 = k11 / det
                        cc.invK12 = -k12 / det
                    }
                }
                let approach = min(cps[cps.count - 2].relativeVelocity, m.pointCount == 2 ? cps[cps.count - 1].relativeVelocity : 0)
                if cc.restitution > 0 && approach < -Tuning.restitutionThreshold { bouncing.append(Int32(ccs.count)) }
                ccs.append(cc)
            }
        }}}}}
        constraints = ccs
        constraintPoints = cps
        bouncingConstraints = bouncing
    }

    /// One step of length h: gravity and forces, contacts, sub-stepping, restitution.
    func solve(h: Double) {
        let n = max(1, substepCount)
        let hs = h / Double(n)
        let contactHertz = min(Tuning.contactHertz, 0.25 / hs)
        let soft = Softness(hertz: contactHertz, dampingRatio: Tuning.contactDampingRatio, h: hs)
        let staticSoft = Softness(hertz: min(4 * contactHertz, 0.25 / hs), dampingRatio: Tuning.contactDampingRatio, h: hs)
        prepareContacts(h: h, soft: soft, staticSoft: staticSoft)

        // Damping once per step (docs/units.md: v ← v / (1 + h·resistance)); reset displacements.
        sims.withUnsafeBufferPointer { simp in
            states.withUnsafeMutableBufferPointer { stp in
                for bi in awakeBodies {
                    let b = Int(bi)
                    stp[b].v = (1 / (1 + h * simp[b].linearDamping)) * stp[b].v
                    stp[b].w = stp[b].w / (1 + h * simp[b].angularDamping)
                    stp[b].dp = .zero
                    stp[b].dq = .identity
                }
            }
        }

        packWideConstraints()
        prepareJoints(h: hs)
        let jointSoft = Softness(hertz: min(4 * contactHertz, 0.25 / hs), dampingRatio: Tuning.jointDampingRatio, h: hs)
        let inv_hs = Float(1 / hs)
        for _ in 0..<n {
            sims.withUnsafeMutableBufferPointer { simp in
                states.withUnsafeMutableBufferPointer { stp in
                    awakeBodies.withUnsafeBufferPointer { integrateVelocities($0, simp, stp, hs) }
                }
            }
            if !activeJoints.isEmpty {
                states.withUnsafeMutableBufferPointer { stp in
                    applySpringForces(stp.baseAddress!, h: hs)
                    warmStartJoints(stp.baseAddress!)
                    solveJoints(stp.baseAddress!, h: hs, soft: jointSoft, useBias: true)
                }
            }
            syncToSolver(positions: true)
            wideConstraints.withUnsafeMutableBufferPointer { wide in
                solverBodies.withUnsafeMutableBufferPointer { sb in
                    wideWarmStart(wide, sb.baseAddress!)
                    wideSolve(wide, sb.baseAddress!, inv_hs, useBias: true)
                }
            }
            syncFromSolver()
            states.withUnsafeMutableBufferPointer { stp in
                awakeBodies.withUnsafeBufferPointer { integratePositions($0, stp, hs) }
                if !activeJoints.isEmpty { solveJoints(stp.baseAddress!, h: hs, soft: jointSoft, useBias: false) }
            }
            syncToSolver(positions: true)
            wideConstraints.withUnsafeMutableBufferPointer { wide in
                solverBodies.withUnsafeMutableBufferPointer { sb in
                    wideSolve(wide, sb.baseAddress!, inv_hs, useBias: false)
                }
            }
            syncFromSolver()
        }
        unpackWideConstraints()
        // Sequential impulses on a two-point manifold undershoot in one pass (each point alone
        // also sets the item spinning); a few passes converge to the bounce velocity.
        if !bouncingConstraints.isEmpty {
            states.withUnsafeMutableBufferPointer { stp in
            constraints.withUnsafeBufferPointer { ccp in
            constraintPoints.withUnsafeMutableBufferPointer { pts in
            bouncingConstraints.withUnsafeBufferPointer { bouncing in
                for _ in 0..<Tuning.restitutionIterations {
                    applyRestitution(ccp, bouncing, pts.baseAddress!, stp.baseAddress!)
                }
            }}}}
        }

        // Store impulses for next step's warm start. A contact that pushed during this step
        // touched, even if it started the step apart (a fast item closing a speculative gap):
        // it begins now, not a frame late.
        var begins: [Int32] = []
        contacts.withUnsafeMutableBufferPointer { cs in
        constraints.withUnsafeBufferPointer { ccs in
        constraintPoints.withUnsafeBufferPointer { pts in
            for i in 0..<ccs.count {
                let c = cs.baseAddress! + Int(ccs[i].contactIndex)
                let p0 = pts[2 * i], p1 = pts[2 * i + 1]
                c.pointee.manifold.p0.normalImpulse = p0.normalImpulse
                c.pointee.manifold.p0.tangentImpulse = p0.tangentImpulse
                var pushed = p0.maxNormalImpulse > 0
                if ccs[i].pointCount > 1 {
                    c.pointee.manifold.p1.normalImpulse = p1.normalImpulse
                    c.pointee.manifold.p1.tangentImpulse = p1.tangentImpulse
                    pushed = pushed || p1.maxNormalImpulse > 0
                }
                if pushed && !c.pointee.touching { begins.append(ccs[i].contactIndex) }
            }
        }}}
        for ci in begins { beginTouch(Int(ci), afterSolve: true) }
    }

    @inline(__always)
    private func integrateVelocities(_ awake: UnsafeBufferPointer<Int32>, _ sims: UnsafeMutableBufferPointer<BodySim>,
                                     _ states: UnsafeMutableBufferPointer<BodyState>, _ h: Double) {
        // Speeds are clamped as Box2D clamps them: a linear speed limit, and at most a
        // quarter turn per sub-step. With the model's input limits (`Limits`) every product
        // here stays finite, so the clamps keep the world finite whatever finite forces act.
        let maxSpeed2 = Tuning.maxLinearSpeed * Tuning.maxLinearSpeed
        let maxAngularSpeed = Tuning.maxRotation / h
        for bi in awake {
            let b = Int(bi)
            let sim = sims[b]
            var st = states[b]
            st.v = st.v + h * (sim.gravity + sim.invMass * sim.force)
            st.w = st.w + h * sim.invInertia * sim.torque
            let s2 = st.v.lengthSquared
            if !(s2 <= maxSpeed2) { st.v = World.clampedSpeed(st.v, Tuning.maxLinearSpeed) } // also catches inf and NaN
            if !(abs(st.w) <= maxAngularSpeed) { st.w = st.w.isNaN ? 0 : (st.w > 0 ? maxAngularSpeed : -maxAngularSpeed) }
            states[b] = st
        }
    }

    /// `v` scaled down to `limit` (m/s), keeping its direction; an infinite component counts
    /// as the largest and a NaN one as 0, so the result is always finite.
    static func clampedSpeed(_ v: Vec2, _ limit: Double) -> Vec2 {
        func finite(_ x: Double) -> Double { x.isNaN ? 0 : (x.isInfinite ? (x > 0 ? 1e300 : -1e300) : x) }
        let x = finite(v.x), y = finite(v.y)
        let m = max(abs(x), abs(y))
        guard m > 0 else { return Vec2(0, 0) }
        let ux = x / m, uy = y / m // no overflow: components in −1…1
        let s = (ux * ux + uy * uy).squareRoot()
        return Vec2(limit * ux / s, limit * uy / s)
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
    private func applyRestitution(_ ccs: UnsafeBufferPointer<ContactConstraint>, _ bouncing: UnsafeBufferPointer<Int32>,
                                  _ pts: UnsafeMutablePointer<ContactConstraintPoint>, _ states: UnsafeMutablePointer<BodyState>) {
        let threshold = Tuning.restitutionThreshold
        for ib in bouncing {
            let i = Int(ib)
            let cc = ccs[i]
            let sA = states + Int(cc.a), sB = states + Int(cc.b)
            var vA = sA.pointee.v, wA = sA.pointee.w, vB = sB.pointee.v, wB = sB.pointee.w
            let n = cc.normal
            let mA = cc.invMassA, iA = cc.invIA, mB = cc.invMassB, iB = cc.invIB
            for k in 0..<Int(cc.pointCount) {
                let cp = pts + (2 * i + k)
                if cp.pointee.relativeVelocity > -threshold || cp.pointee.maxNormalImpulse == 0 { continue }
                let rA = cp.pointee.anchorA, rB = cp.pointee.anchorB
                let dv = (vB + cross(wB, rB)) - (vA + cross(wA, rA))
                let vn = dot(dv, n)
                let impulse = accumulateNormal(cp, -cp.pointee.normalMass * (vn + cc.restitution * cp.pointee.relativeVelocity))
                applyImpulse(impulse * n, rA, rB, &vA, &wA, &vB, &wB, mA, iA, mB, iB)
            }
            if mA > 0 { sA.pointee.v = vA; sA.pointee.w = wA }
            if mB > 0 { sB.pointee.v = vB; sB.pointee.w = wB }
        }
    }
}
