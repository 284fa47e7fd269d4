// The soft-step solver (after Box2D v3): per step, contacts are prepared once; then each
// sub-step integrates velocities, warm starts, solves with a soft positional bias,
// integrates positions and relaxes without bias; restitution runs once at the end.
// Soft constraints (a mass-spring-damper per contact, stiffness tied to the sub-step) keep
// stacks standing without the jitter of Baumgarte stabilization, and sub-stepping buys
// accuracy for far less than extra iterations would cost. The warm start, solve and relax
// passes run four contacts at a time (World+WideSolver.swift), which also prepares the
// contacts straight into those batches (masses computed in double precision, stored as
// float); restitution (on a double-precision copy of the bouncing contacts) and the
// impulses kept for the next step are here.

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

/// The speed clamps of one sub-step of `h` seconds, as Box2D clamps: a linear speed limit
/// and at most a quarter turn per sub-step. An infinite or NaN velocity comes out finite.
/// Applied when velocities are integrated, again before every displacement (the joint and
/// contact passes come after the first clamp) and at the end of the step.
struct SpeedLimits {
    let maxSpeed2: Double, maxAngularSpeed: Double
    let maxSpeed2f: Float, maxAngularSpeedf: Float

    init(h: Double) {
        maxSpeed2 = Tuning.maxLinearSpeed * Tuning.maxLinearSpeed
        maxAngularSpeed = Tuning.maxRotation / h
        maxSpeed2f = Float(maxSpeed2)
        maxAngularSpeedf = Float(maxAngularSpeed)
    }

    /// A body's velocity (m/s) and angular velocity (rad/s), in double precision.
    @inline(__always)
    func clamp(_ v: inout Vec2, _ w: inout Double) {
        if !(v.lengthSquared <= maxSpeed2) { v = World.clampedSpeed(v, Tuning.maxLinearSpeed) } // also inf and NaN
        if !(abs(w) <= maxAngularSpeed) { w = w.isNaN ? 0 : (w > 0 ? maxAngularSpeed : -maxAngularSpeed) }
    }

    /// A solver body's (vx, vy, w, 0), in single precision.
    @inline(__always)
    func clamp(_ v: inout SIMD4<Float>) {
        if !(v[0] * v[0] + v[1] * v[1] <= maxSpeed2f) {
            let c = World.clampedSpeed(Vec2(Double(v[0]), Double(v[1])), Tuning.maxLinearSpeed)
            v[0] = Float(c.x); v[1] = Float(c.y)
        }
        let w = v[2]
        if !(abs(w) <= maxAngularSpeedf) { v[2] = w.isNaN ? 0 : (w > 0 ? maxAngularSpeedf : -maxAngularSpeedf) }
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

/// A contact that bounces, prepared in double precision for the restitution passes (the
/// solver proper runs on the wide batches).
struct ContactConstraint {
    /// Where the contact's impulses are in the wide batches: 4 · batch + lane.
    var lane: Int32 = 0
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
    /// Coupling of a two-point manifold's normal rows: the change of point 2's normal
    /// velocity per unit impulse at point 1 (1/kg).
    var k12 = 0.0
}

/// A bouncing contact and its points.
struct BouncingConstraint {
    var constraint: ContactConstraint
    var p0: ContactConstraintPoint
    var p1: ContactConstraintPoint
}

/// Adds `impulse` to a point's accumulated normal impulse, clamped so the total never pulls;
/// returns the increment actually applied.
@inline(__always)
private func accumulateNormal(_ cp: inout ContactConstraintPoint, _ impulse: Double) -> Double {
    let old = cp.normalImpulse
    let total = max(old + impulse, 0)
    cp.normalImpulse = total
    let applied = total - old
    cp.maxNormalImpulse = max(cp.maxNormalImpulse, applied)
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
    /// One step of length h: gravity and forces, contacts, sub-stepping, restitution.
    /// Contacts and joints are prepared once per step; each of the `substepCount` sub-steps
    /// then integrates velocities, warm starts, solves with a soft positional bias,
    /// integrates positions and relaxes without bias (`solveSubstep`); restitution runs once
    /// at the end, and the impulses are kept for the next step's warm start.
    func solve(h: Double) {
        let n = max(1, substepCount)
        let hs = h / Double(n)
        let contactHertz = min(Tuning.contactHertz, 0.25 / hs)
        let soft = Softness(hertz: contactHertz, dampingRatio: Tuning.contactDampingRatio, h: hs)
        let staticSoft = Softness(hertz: min(4 * contactHertz, 0.25 / hs), dampingRatio: Tuning.contactDampingRatio, h: hs)
        prepareWideContacts(soft: soft, staticSoft: staticSoft, h: h)
        if !bouncingConstraints.isEmpty { rememberStartVelocities() }
        dampAwakeBodies(h: h)
        prepareJoints(h: hs)
        let jointSoft = Softness(hertz: min(2 * contactHertz, 0.25 / hs), dampingRatio: Tuning.jointDampingRatio, h: hs)
        loadSolverBodies(h: hs)
        for _ in 0..<n { solveSubstep(h: hs, jointSoft: jointSoft) }
        storeSolverBodies()
        if !bouncingConstraints.isEmpty { solveRestitution(h: h) }
        storeImpulses()
    }

    /// Damping once per step (docs/units.md: v ← v / (1 + h·resistance)), and the step's
    /// displacements reset.
    private func dampAwakeBodies(h: Double) {
        for bi in awakeBodies {
            let b = Int(bi)
            states[b].v = (1 / (1 + h * sims[b].linearDamping)) * states[b].v
            states[b].w = states[b].w / (1 + h * sims[b].angularDamping)
            states[b].dp = .zero
            states[b].dq = .identity
        }
    }

    /// One sub-step of `h` seconds. Bodies in no contact stay in double precision, bodies in
    /// contact in float (`solverBodies`); joints act in double, so the bodies in contact that
    /// joints also move (`bridgeBodies`) are copied across around the joint passes, and keep
    /// their displacements in double precision, integrated there, where the joint passes
    /// read them.
    private func solveSubstep(h: Double, jointSoft: Softness) {
        let jointsActive = !activeJoints.isEmpty
        let wide = wideConstraints.buffer, bodies = solverBodies.data
        let inv_h = Float(1 / h)
        integrateVelocities(looseBodies, h)
        integrateSolverVelocities(h: h)
        if jointsActive {
            copySolverVelocitiesToStates(bridgeBodies)
            applySpringForces(states.data, h: h)
            warmStartJoints(states.data)
            solveJoints(states.data, h: h, soft: jointSoft, useBias: true)
            copyStatesToSolver(bridgeBodies)
        }
        wideWarmStart(wide, bodies)
        wideSolve(wide, bodies, inv_h, useBias: true)
        integratePositions(looseBodies, h)
        integrateSolverPositions(h: h)
        if jointsActive {
            copySolverVelocitiesToStates(bridgeBodies)
            integratePositions(bridgeBodies, h)
            solveJoints(states.data, h: h, soft: jointSoft, useBias: false)
            copyStatesToSolver(bridgeBodies)
        }
        wideSolve(wide, bodies, inv_h, useBias: false)
    }

    /// The restitution passes over the bouncing contacts, in double precision, from the
    /// impulses the lanes solved. Sequential impulses on a two-point manifold undershoot in
    /// one pass (each point alone also sets the item spinning); a few passes converge to the
    /// bounce velocity. Clusters that would gain energy are scaled back (World+Restitution).
    private func solveRestitution(h: Double) {
        let wide = wideConstraints.buffer, bouncing = bouncingConstraints.buffer
        for i in 0..<bouncing.count {
            let l = Int(bouncing[i].constraint.lane)
            let wc = wide[l >> 2], j = l & 3
            bouncing[i].p0.normalImpulse = Double(wc.normalImpulse1[j])
            bouncing[i].p0.maxNormalImpulse = Double(wc.maxNormalImpulse1[j])
            bouncing[i].p1.normalImpulse = Double(wc.normalImpulse2[j])
            bouncing[i].p1.maxNormalImpulse = Double(wc.maxNormalImpulse2[j])
        }
        var scratch = restitutionScratch
        restitutionScratch = RestitutionScratch()
        beginRestitutionBound(bouncing, wide, states.data, scratch: &scratch)
        for _ in 0..<Tuning.restitutionIterations {
            applyRestitution(bouncing, states.data)
        }
        endRestitutionBound(bouncing, states.data, h: h, scratch: &scratch)
        restitutionScratch = scratch
        // Whether each point pushed, back in the lanes for the impulse store (1 or 0: a tiny
        // double impulse could round to a float 0).
        for i in 0..<bouncing.count {
            let l = Int(bouncing[i].constraint.lane)
            let j = l & 3
            wide[l >> 2].maxNormalImpulse1[j] = bouncing[i].p0.maxNormalImpulse > 0 ? 1 : 0
            wide[l >> 2].maxNormalImpulse2[j] = bouncing[i].p1.maxNormalImpulse > 0 ? 1 : 0
        }
    }

    /// Stores the impulses for the next step's warm start, straight from the lanes (the
    /// bounces' normal impulses from their double-precision copies). A contact that pushed
    /// during this step touched, even if it started the step apart (a fast item closing a
    /// speculative gap): it begins now, not a frame late. The contacts are visited in lane
    /// order, scattered in memory (with 22 000 bodies, 14 MB of contacts): the loop only
    /// stores to them, so no load waits on a cache miss. A one-point lane's second point has
    /// zero impulses, stored into the unused p1.
    private func storeImpulses() {
        var begins: [Int32] = []
        let cs = contacts.data, batches = wideConstraints.data
        for i in 0..<wideConstraints.count {
            let wc = UnsafePointer(batches + i) // no copy of the whole batch
            for lane in 0..<4 where wc.pointee.source[lane] >= 0 {
                let ci = wc.pointee.source[lane]
                let c = cs + Int(ci)
                c.pointee.manifold.p0.normalImpulse = Double(wc.pointee.normalImpulse1[lane])
                c.pointee.manifold.p0.tangentImpulse = Double(wc.pointee.tangentImpulse1[lane])
                c.pointee.manifold.p1.normalImpulse = Double(wc.pointee.normalImpulse2[lane])
                c.pointee.manifold.p1.tangentImpulse = Double(wc.pointee.tangentImpulse2[lane])
                let pushed = wc.pointee.maxNormalImpulse1[lane] > 0 || wc.pointee.maxNormalImpulse2[lane] > 0
                if pushed && !wc.pointee.touching[lane] { begins.append(ci) }
            }
        }
        for bc in bouncingConstraints {
            let c = cs + Int(bc.constraint.contactIndex)
            c.pointee.manifold.p0.normalImpulse = bc.p0.normalImpulse
            if bc.constraint.pointCount > 1 { c.pointee.manifold.p1.normalImpulse = bc.p1.normalImpulse }
        }
        // Events in contact order, as before the lanes.
        if begins.count > 1 { begins.sort() }
        for ci in begins { beginTouch(Int(ci), afterSolve: true) }
    }

    @inline(__always)
    private func integrateVelocities(_ awake: HotArray<Int32>, _ h: Double) {
        // With the model's input limits (`Limits`) every product here stays finite, so the
        // clamps (`SpeedLimits`) keep the world finite whatever finite forces act.
        let limits = SpeedLimits(h: h)
        for bi in awake {
            let b = Int(bi)
            let sim = sims[b]
            var st = states[b]
            st.v = st.v + h * (sim.gravity + sim.invMass * sim.force)
            st.w = st.w + h * sim.invInertia * sim.torque
            limits.clamp(&st.v, &st.w)
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
    private func integratePositions(_ awake: HotArray<Int32>, _ h: Double) {
        // The speeds are clamped again here: the joint passes run after the clamp in
        // `integrateVelocities`, and a joint with a long lever on a light body (a pin 5·10⁵ pt
        // from a 0.01 pt item) gave 10⁸ pt/s in a frame and NaN in a few seconds. With the
        // clamp before every displacement, positions grow at most maxLinearSpeed · h per
        // sub-step. It changes nothing below the limits.
        let limits = SpeedLimits(h: h)
        for bi in awake {
            let b = Int(bi)
            var st = states[b]
            limits.clamp(&st.v, &st.w)
            st.dq = st.dq.integrated(h * st.w)
            st.dp = st.dp + h * st.v
            states[b] = st
        }
    }

    @inline(__always)
    private func applyRestitution(_ bouncing: UnsafeMutableBufferPointer<BouncingConstraint>,
                                  _ states: UnsafeMutablePointer<BodyState>) {
        let threshold = Tuning.restitutionThreshold
        for i in 0..<bouncing.count {
            let bc = bouncing.baseAddress! + i
            let cc = bc.pointee.constraint
            let sA = states + Int(cc.a), sB = states + Int(cc.b)
            var vA = sA.pointee.v, wA = sA.pointee.w, vB = sB.pointee.v, wB = sB.pointee.w
            let n = cc.normal
            let mA = cc.invMassA, iA = cc.invIA, mB = cc.invMassB, iB = cc.invIB
            @inline(__always)
            func bounce(_ cp: inout ContactConstraintPoint) {
                if cp.relativeVelocity > -threshold || cp.maxNormalImpulse == 0 { return }
                let rA = cp.anchorA, rB = cp.anchorB
                let dv = (vB + cross(wB, rB)) - (vA + cross(wA, rA))
                let vn = dot(dv, n)
                let impulse = accumulateNormal(&cp, -cp.normalMass * (vn + cc.restitution * cp.relativeVelocity))
                applyImpulse(impulse * n, rA, rB, &vA, &wA, &vB, &wB, mA, iA, mB, iB)
            }
            bounce(&bc.pointee.p0)
            if cc.pointCount > 1 { bounce(&bc.pointee.p1) }
            if mA > 0 { sA.pointee.v = vA; sA.pointee.w = wA }
            if mB > 0 { sB.pointee.v = vB; sB.pointee.w = wB }
        }
    }
}
