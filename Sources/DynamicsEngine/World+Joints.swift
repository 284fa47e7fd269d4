import Foundation

// Joint bookkeeping and the joint solver (after Box2D v3's distance, revolute, weld,
// prismatic and mouse joints, in double precision: joints are few).

extension World {
    /// A static body at the origin, made on first use, for joints to world anchors and
    /// targets (its user data is −1).
    public var groundBody: BodyID {
        if groundIndex < 0 || !infos[Int(groundIndex)].alive {
            groundIndex = createBody(type: .static, position: .zero, angle: 0, userData: -1).index
        }
        return BodyID(index: groundIndex, generation: infos[Int(groundIndex)].generation)
    }

    /// True when `id` names a live joint of this world (its slot's generation matches).
    public func isValid(_ id: JointID) -> Bool {
        id.index >= 0 && Int(id.index) < joints.count && joints[Int(id.index)].alive
            && joints[Int(id.index)].generation == id.generation
    }

    /// Adds a joint between two live, distinct bodies; wakes them. Bodies joined by a joint do
    /// not collide with each other. O(1).
    public func createJoint(_ def: JointDef) -> JointID {
        _ = checked(def.bodyA); _ = checked(def.bodyB)
        precondition(def.bodyA != def.bodyB, "a joint joins two different bodies")
        var j = Joint()
        j.setDefinition(def)
        let index: Int32
        if let free = freeJoints.popLast() { index = free } else { index = Int32(joints.count); joints.append(Joint()) }
        j.generation = joints[Int(index)].generation &+ 1
        j.alive = true
        joints[Int(index)] = j
        linkJoint(j, +1)
        wake(body: Int(j.bodyA)); wake(body: Int(j.bodyB))
        return JointID(index: index, generation: j.generation)
    }

    /// Removes a joint and wakes its bodies. A stale id is ignored.
    public func destroyJoint(_ id: JointID) {
        guard isValid(id) else { return }
        let j = joints[Int(id.index)]
        wake(body: Int(j.bodyA)); wake(body: Int(j.bodyB))
        joints[Int(id.index)].alive = false
        linkJoint(j, -1)
        freeJoints.append(id.index)
    }

    /// Counts a joint on its bodies and their pair (bodies joined do not collide).
    private func linkJoint(_ j: Joint, _ delta: Int) {
        infos[Int(j.bodyA)].jointCount += Int32(delta)
        infos[Int(j.bodyB)].jointCount += Int32(delta)
        let key = pairKey(j.bodyA, j.bodyB)
        let count = (jointedPairCounts[key] ?? 0) + delta
        jointedPairCounts[key] = count > 0 ? count : nil
        if count > 0 { jointedPairs.insert(key) } else { jointedPairs.remove(key) }
        pairsDirty = true
    }

    /// The joint's definition.
    public func definition(of id: JointID) -> JointDef {
        precondition(isValid(id), "stale or invalid joint id \(id)")
        return joints[Int(id.index)].definition(infos)
    }

    /// Gives a joint new parameters on the same bodies, keeping its accumulated impulses (so
    /// a stack held by it does not sag), and wakes its bodies. New bodies need a new joint.
    public func setDefinition(_ def: JointDef, of id: JointID) {
        precondition(isValid(id), "stale or invalid joint id \(id)")
        let i = Int(id.index)
        precondition(def.bodyA.index == joints[i].bodyA && def.bodyB.index == joints[i].bodyB,
                     "a joint's bodies cannot change; destroy it and create another")
        joints[i].setDefinition(def)
        wake(body: Int(joints[i].bodyA)); wake(body: Int(joints[i].bodyB))
    }

    /// Wakes a sleeping body jointed to an awake one (a joint joins their islands).
    func wakeJointedBodies() {
        for j in joints where j.alive {
            let a = Int(j.bodyA), b = Int(j.bodyB)
            let awakeA = infos[a].type == .dynamic && infos[a].isAwake
            let awakeB = infos[b].type == .dynamic && infos[b].isAwake
            if awakeA && !awakeB { wake(body: b) } else if awakeB && !awakeA { wake(body: a) }
        }
    }

    /// Prepares the joints that have an awake body for this step of sub-step `h`.
    func prepareJoints(h: Double) {
        // Through a pointer: no copies of whole joints.
        activeJoints.removeAll()
        let js = joints.data, inf = infos.data, simp = sims.data
        for ji in 0..<joints.count where js[ji].alive {
            let j = js + ji
            let a = Int(j.pointee.bodyA), b = Int(j.pointee.bodyB)
            let awakeA = inf[a].type == .dynamic && inf[a].isAwake
            let awakeB = inf[b].type == .dynamic && inf[b].isAwake
            if !awakeA && !awakeB { continue }
            let simA = simp[a], simB = simp[b]
            let qA = simA.transform.q, qB = simB.transform.q
            j.pointee.rA = qA.rotate(j.pointee.localAnchorA - simA.localCenter)
            j.pointee.rB = qB.rotate(j.pointee.localAnchorB - simB.localCenter)
            j.pointee.deltaCenter = simB.center - simA.center
            // The angle only where a constraint reads it: a pin without limits (most joints)
            // skips the three transcendental calls.
            if j.pointee.kind == .weld || j.pointee.kind == .prismatic || (j.pointee.kind == .revolute && j.pointee.enableLimit) {
                let delta = relativeAngle(qB, qA) - j.pointee.referenceAngle
                let (c, s) = DeterministicMath.cosSin(delta)
                j.pointee.deltaAngle = DeterministicMath.atan2(s, c)
            }
            let mA = simA.invMass, iA = simA.invInertia, mB = simB.invMass, iB = simB.invInertia
            let k = iA + iB
            j.pointee.angularMass = k > 0 ? 1 / k : 0
            // A part switched off since the last step (friction set to 0, a range removed)
            // starts again from zero: its last impulse would otherwise be warm-started on
            // every step for good (Box2D resets it in the setter). A pin whose friction was
            // set back to 0 stayed held.
            if j.pointee.kind == .revolute ? j.pointee.maxFrictionTorque <= 0 : j.pointee.maxFrictionForce <= 0 {
                j.pointee.frictionImpulse = 0
            }
            if !j.pointee.enableLimit { j.pointee.lowerImpulse = 0; j.pointee.upperImpulse = 0 }
            switch j.pointee.kind {
            case .distance:
                let d = j.pointee.deltaCenter + j.pointee.rB - j.pointee.rA
                let axis = d.normalized
                let crA = cross(j.pointee.rA, axis), crB = cross(j.pointee.rB, axis)
                let kk = mA + mB + iA * crA * crA + iB * crB * crB
                j.pointee.axialMass = kk > 0 ? 1 / kk : 0
                j.pointee.springSoftness = Softness(hertz: j.pointee.hertz, dampingRatio: j.pointee.dampingRatio, h: h)
                j.pointee.explicitSpring = j.pointee.enableSpring && j.pointee.hertz > 0 && 2 * Double.pi * j.pointee.hertz * h <= 0.5
                j.pointee.pointLike = !j.pointee.enableSpring && !j.pointee.enableLimit && j.pointee.length < Tuning.linearSlop
                if j.pointee.enableSpring && j.pointee.hertz > 0 {
                    // A damped spring creeps to its rest point: an overdamped one (ratio ζ > 1)
                    // at the rate of its slow mode, ω(ζ − √(ζ² − 1)). Below the usual resting
                    // speed it would still be up to speed / rate away (a 0.5 Hz spring of
                    // ζ = 2 under gravity paused 6.6 pt short of its rest point), so its bodies
                    // rest only below rate × slop: at most the slop from where they stop.
                    let omega = 2 * Double.pi * j.pointee.hertz, zeta = j.pointee.dampingRatio
                    let rate = zeta > 1 ? omega * (zeta - (zeta * zeta - 1).squareRoot()) : omega
                    let threshold = rate * Tuning.linearSlop
                    if threshold < inf[a].sleepThreshold { inf[a].sleepThreshold = threshold }
                    if threshold < inf[b].sleepThreshold { inf[b].sleepThreshold = threshold }
                }
            case .prismatic:
                j.pointee.axisA = qA.rotate(j.pointee.localAxisA)
                let d = j.pointee.deltaCenter + j.pointee.rB - j.pointee.rA
                let a1 = cross(d + j.pointee.rA, j.pointee.axisA), a2 = cross(j.pointee.rB, j.pointee.axisA)
                let kk = mA + mB + iA * a1 * a1 + iB * a2 * a2
                j.pointee.axialMass = kk > 0 ? 1 / kk : 0
            case .target:
                j.pointee.springSoftness = Softness(hertz: j.pointee.hertz, dampingRatio: j.pointee.dampingRatio, h: h)
                j.pointee.angularSoftness = Softness(hertz: j.pointee.angularHertz, dampingRatio: j.pointee.dampingRatio, h: h)
                j.pointee.deltaAngle = targetAngleError(j.pointee, simB.transform)
            case .revolute, .weld:
                break
            }
            activeJoints.append(Int32(ji))
        }
    }

    /// Explicit spring forces for this sub-step (symplectic Euler: velocities first, from the
    /// current stretch and stretch rate), for the distance springs marked `explicitSpring`.
    func applySpringForces(_ states: UnsafeMutablePointer<BodyState>, h: Double) {
        let js = joints.data, simp = sims.data
        for ji in activeJoints where js[Int(ji)].explicitSpring {
            let j = js[Int(ji)]
            let a = Int(j.bodyA), b = Int(j.bodyB)
            let sA = states + a, sB = states + b
            let rA = sA.pointee.dq.rotate(j.rA), rB = sB.pointee.dq.rotate(j.rB)
            let d = (sB.pointee.dp - sA.pointee.dp) + j.deltaCenter + rB - rA
            let axis = d.normalized
            let omega = 2 * Double.pi * j.hertz
            // The rate the sub-step started with (the velocities here already hold this
            // sub-step's gravity and forces; damping only the rate with them, explicitly,
            // held a hanging item up by 2ζωh of its stretch: 2.6 % at 1 Hz, ζ = 1).
            let simA = simp[a], simB = simp[b]
            // (Only moving bodies were integrated: a static or anchored one keeps its velocity.)
            let dvA = simA.invMass > 0 ? h * (simA.gravity + simA.invMass * simA.force) : .zero
            let dvB = simB.invMass > 0 ? h * (simB.gravity + simB.invMass * simB.force) : .zero
            let dwA = h * simA.invInertia * simA.torque, dwB = h * simB.invInertia * simB.torque
            let vr = (sB.pointee.v - dvB + cross(sB.pointee.w - dwB, rB)) - (sA.pointee.v - dvA + cross(sA.pointee.w - dwA, rA))
            // The rate now, with this sub-step's gravity and forces.
            let vNow = (sB.pointee.v + cross(sB.pointee.w, rB)) - (sA.pointee.v + cross(sA.pointee.w, rA))
            // Force on B: −m·(ω²·C + 2ζω·Ċ) along the axis, m the axial effective mass,
            // with Ċ the mean of the rate before the sub-step's forces and the rate after
            // this impulse (trapezoidal damping; solved for the impulse, the factor
            // 1/(1 + ζωh)). Damping on the rate before alone (explicit) decays each
            // sub-step by √(1 − 2ζωh) instead of e^(−ζωh): 4 % too much for Android's
            // default spring (6.2 Hz, ζ = 0.5), which settled 2.7 % early; trapezoidal,
            // the decay is right to third order in ζωh. The rate after includes the
            // forces, so a hanging item still rests at its stretch g/ω².
            let impulse = -h * j.axialMass * (omega * omega * (d.length - j.length)
                + j.dampingRatio * omega * (dot(axis, vr) + dot(axis, vNow))) / (1 + j.dampingRatio * omega * h)
            let P = impulse * axis
            let mA = simp[a].invMass, iA = simp[a].invInertia, mB = simp[b].invMass, iB = simp[b].invInertia
            if mA > 0 || iA > 0 { sA.pointee.v = sA.pointee.v - mA * P; sA.pointee.w -= iA * cross(rA, P) }
            if mB > 0 || iB > 0 { sB.pointee.v = sB.pointee.v + mB * P; sB.pointee.w += iB * cross(rB, P) }
        }
    }

    func warmStartJoints(_ states: UnsafeMutablePointer<BodyState>) {
        let js = joints.data, simp = sims.data
        for ji in activeJoints {
            let j = UnsafePointer(js + Int(ji)) // no copy of the whole joint
            let a = Int(j.pointee.bodyA), b = Int(j.pointee.bodyB)
            let mA = simp[a].invMass, iA = simp[a].invInertia, mB = simp[b].invMass, iB = simp[b].invInertia
            let sA = states + a, sB = states + b
            let rA = sA.pointee.dq.rotate(j.pointee.rA), rB = sB.pointee.dq.rotate(j.pointee.rB)
            var P = j.pointee.linearImpulse
            var L = j.pointee.angularImpulse
            switch j.pointee.kind {
            case .distance:
                if !j.pointee.pointLike {
                    let d = (sB.pointee.dp - sA.pointee.dp) + j.pointee.deltaCenter + rB - rA
                    P = (j.pointee.axialImpulse + j.pointee.lowerImpulse - j.pointee.upperImpulse) * d.normalized
                }
                L = 0
            case .revolute:
                L = j.pointee.frictionImpulse + j.pointee.lowerImpulse - j.pointee.upperImpulse
            case .prismatic:
                let axis = sA.pointee.dq.rotate(j.pointee.axisA)
                let d = (sB.pointee.dp - sA.pointee.dp) + j.pointee.deltaCenter + rB - rA
                let perp = axis.leftPerp
                let a1 = cross(d + rA, axis), a2 = cross(rB, axis)
                let s1 = cross(d + rA, perp), s2 = cross(rB, perp)
                let axial = j.pointee.frictionImpulse + j.pointee.lowerImpulse - j.pointee.upperImpulse
                let Pv = j.pointee.linearImpulse.x * perp + axial * axis
                let LA = j.pointee.linearImpulse.x * s1 + j.pointee.linearImpulse.y + axial * a1
                let LB = j.pointee.linearImpulse.x * s2 + j.pointee.linearImpulse.y + axial * a2
                if mA > 0 || iA > 0 { sA.pointee.v = sA.pointee.v - mA * Pv; sA.pointee.w -= iA * LA }
                if mB > 0 || iB > 0 { sB.pointee.v = sB.pointee.v + mB * Pv; sB.pointee.w += iB * LB }
                continue
            case .weld, .target:
                break
            }
            if mA > 0 || iA > 0 {
                sA.pointee.v = sA.pointee.v - mA * P
                sA.pointee.w -= iA * (cross(rA, P) + L)
            }
            if mB > 0 || iB > 0 {
                sB.pointee.v = sB.pointee.v + mB * P
                sB.pointee.w += iB * (cross(rB, P) + L)
            }
        }
    }

    /// One pass over the joints; `useBias` false is the relax pass (springs act in both).
    func solveJoints(_ states: UnsafeMutablePointer<BodyState>, h: Double, soft: Softness, useBias: Bool) {
        let inv_h = 1 / h
        let js = joints.data, simp = sims.data
        for ji in activeJoints {
            let j = js + Int(ji)
            let a = Int(j.pointee.bodyA), b = Int(j.pointee.bodyB)
            let mA = simp[a].invMass, iA = simp[a].invInertia, mB = simp[b].invMass, iB = simp[b].invInertia
            let sA = states + a, sB = states + b
            var vA = sA.pointee.v, wA = sA.pointee.w, vB = sB.pointee.v, wB = sB.pointee.w
            let dqA = sA.pointee.dq, dqB = sB.pointee.dq
            let rA = dqA.rotate(j.pointee.rA), rB = dqB.rotate(j.pointee.rB)
            let d = (sB.pointee.dp - sA.pointee.dp) + j.pointee.deltaCenter + rB - rA
            let M = (mA, iA, mB, iB)

            switch j.pointee.kind {
            case .distance where j.pointee.pointLike:
                solvePoint(j, d, rA, rB, &vA, &wA, &vB, &wB, M, soft, useBias)
            case .distance:
                solveDistance(j, d, rA, rB, &vA, &wA, &vB, &wB, M, soft, inv_h, useBias)
            case .revolute:
                solveRevolute(j, d, dqA, dqB, rA, rB, &vA, &wA, &vB, &wB, M, soft, h, inv_h, useBias)
            case .weld:
                solveWeld(j, d, dqA, dqB, rA, rB, &vA, &wA, &vB, &wB, M, soft, useBias)
            case .prismatic:
                solvePrismatic(j, d, dqA, dqB, rA, rB, &vA, &wA, &vB, &wB, M, soft, h, inv_h, useBias)
            case .target:
                solveTarget(j, d, dqA, dqB, rA, rB, &vA, &wA, &vB, &wB, M)
            }
            if mA > 0 || iA > 0 { sA.pointee.v = vA; sA.pointee.w = wA }
            if mB > 0 || iB > 0 { sB.pointee.v = vB; sB.pointee.w = wB }
        }
    }
}

typealias InverseMasses = (mA: Double, iA: Double, mB: Double, iB: Double)

/// A target joint's angle error for this step: B's angle minus its target. The target turns
/// the body so that the nearest of its axes lies along the line from its origin to the target
/// (the smallest turn, at most π/4 either way), weighted by λ = min(1, distance / fade
/// length) so that it fades to angle 0 as the body arrives. Recomputed once per step from
/// the step's start: the target is held over the sub-steps, as a soft constraint's is.
@inline(__always)
func targetAngleError(_ j: Joint, _ xfB: Transform) -> Double {
    let theta = xfB.q.angle
    let d = j.localAnchorA - xfB.apply(j.localAnchorB)
    let distance = d.length
    let lambda = j.turnFadeLength > 0 ? min(1, distance / j.turnFadeLength) : 0
    if lambda == 0 { return theta }
    // The turn to the nearest axis, in [−π/4, π/4].
    let turn = remainder(DeterministicMath.atan2(d.y, d.x) - theta, Double.pi / 2)
    return theta - lambda * (theta + turn)
}

/// Bias and soft scales of a rigid part at error C: pushed back softly in the biased pass,
/// left alone in the relax pass.
@inline(__always)
private func rigidBias(_ C: Double, _ soft: Softness, _ useBias: Bool) -> (Double, Double, Double) {
    useBias ? (soft.biasRate * C, soft.massScale, soft.impulseScale) : (0, 1, 0)
}

/// Bias and soft scales of a one-sided limit at distance C from it (C > 0: not reached yet,
/// may be closed within the sub-step but no further).
@inline(__always)
private func limitBias(_ C: Double, _ soft: Softness, _ inv_h: Double, _ useBias: Bool) -> (Double, Double, Double) {
    if C > 0 { return (C * inv_h, 1, 0) }
    return rigidBias(C, soft, useBias)
}

@inline(__always)
private func applyLinear(_ P: Vec2, _ rA: Vec2, _ rB: Vec2, _ vA: inout Vec2, _ wA: inout Double,
                         _ vB: inout Vec2, _ wB: inout Double, _ M: InverseMasses) {
    vA = vA - M.mA * P; wA -= M.iA * cross(rA, P)
    vB = vB + M.mB * P; wB += M.iB * cross(rB, P)
}

/// The 2D point constraint of pins and welds: the anchors coincide.
@inline(__always)
private func solvePoint(_ j: UnsafeMutablePointer<Joint>, _ d: Vec2, _ rA: Vec2, _ rB: Vec2, _ vA: inout Vec2, _ wA: inout Double,
                        _ vB: inout Vec2, _ wB: inout Double, _ M: InverseMasses, _ soft: Softness, _ useBias: Bool) {
    let Cdot = (vB + cross(wB, rB)) - (vA + cross(wA, rA))
    var bias = Vec2.zero, ms = 1.0, scale = 0.0
    if useBias { bias = soft.biasRate * d; ms = soft.massScale; scale = soft.impulseScale }
    let k11 = M.mA + M.mB + rA.y * rA.y * M.iA + rB.y * rB.y * M.iB
    let k12 = -rA.y * rA.x * M.iA - rB.y * rB.x * M.iB
    let k22 = M.mA + M.mB + rA.x * rA.x * M.iA + rB.x * rB.x * M.iB
    let x = solve22(k11, k12, k22, Cdot + bias)
    let impulse = Vec2(-ms * x.x - scale * j.pointee.linearImpulse.x, -ms * x.y - scale * j.pointee.linearImpulse.y)
    j.pointee.linearImpulse += impulse
    applyLinear(impulse, rA, rB, &vA, &wA, &vB, &wB, M)
}

@inline(__always)
private func solveDistance(_ j: UnsafeMutablePointer<Joint>, _ d: Vec2, _ rA: Vec2, _ rB: Vec2,
                           _ vA: inout Vec2, _ wA: inout Double, _ vB: inout Vec2, _ wB: inout Double,
                           _ M: InverseMasses, _ soft: Softness, _ inv_h: Double, _ useBias: Bool) {
    let length = d.length
    let axis = d.normalized
    let mass = j.pointee.axialMass
    func cdot() -> Double { dot(axis, (vB + cross(wB, rB)) - (vA + cross(wA, rA))) }

    if j.pointee.enableSpring {
        if j.pointee.hertz > 0 && !j.pointee.explicitSpring {
            let C = length - j.pointee.length
            let s = j.pointee.springSoftness
            let impulse = -s.massScale * mass * (cdot() + s.biasRate * C) - s.impulseScale * j.pointee.axialImpulse
            j.pointee.axialImpulse += impulse
            applyLinear(impulse * axis, rA, rB, &vA, &wA, &vB, &wB, M)
        }
    } else {
        // Rigid rod.
        let (bias, ms, scale) = rigidBias(length - j.pointee.length, soft, useBias)
        let impulse = -ms * mass * (cdot() + bias) - scale * j.pointee.axialImpulse
        j.pointee.axialImpulse += impulse
        applyLinear(impulse * axis, rA, rB, &vA, &wA, &vB, &wB, M)
    }

    if j.pointee.enableLimit {
        // Lower: none at length 0 (a rope). Lengths are never negative, so such a limit can
        // only act as the anchors pass through each other, where its speculative bias (the
        // approach would overshoot 0 within the sub-step) pushed a slack rope's bodies apart.
        if j.pointee.minLength > 0 {
            let (bias, ms, scale) = limitBias(length - j.pointee.minLength, soft, inv_h, useBias)
            let old = j.pointee.lowerImpulse
            let total = max(0, old - ms * mass * (cdot() + bias) - scale * old)
            j.pointee.lowerImpulse = total
            applyLinear((total - old) * axis, rA, rB, &vA, &wA, &vB, &wB, M)
        }
        do { // upper
            let (bias, ms, scale) = limitBias(j.pointee.maxLength - length, soft, inv_h, useBias)
            let old = j.pointee.upperImpulse
            let total = max(0, old - ms * mass * (-cdot() + bias) - scale * old)
            j.pointee.upperImpulse = total
            applyLinear(-(total - old) * axis, rA, rB, &vA, &wA, &vB, &wB, M)
        }
    }
}

@inline(__always)
private func solveRevolute(_ j: UnsafeMutablePointer<Joint>, _ d: Vec2, _ dqA: Rot, _ dqB: Rot, _ rA: Vec2, _ rB: Vec2,
                           _ vA: inout Vec2, _ wA: inout Double, _ vB: inout Vec2, _ wB: inout Double,
                           _ M: InverseMasses, _ soft: Softness, _ h: Double, _ inv_h: Double, _ useBias: Bool) {
    let mass = j.pointee.angularMass
    if j.pointee.maxFrictionTorque > 0 {
        // Friction: a motor of speed 0 whose torque is capped.
        let old = j.pointee.frictionImpulse
        let cap = j.pointee.maxFrictionTorque * h
        let total = min(max(old - mass * (wB - wA), -cap), cap)
        j.pointee.frictionImpulse = total
        wA -= M.iA * (total - old); wB += M.iB * (total - old)
    }
    if j.pointee.enableLimit {
        let angle = j.pointee.deltaAngle + relativeAngle(dqB, dqA)
        do {
            let (bias, ms, scale) = limitBias(angle - j.pointee.lower, soft, inv_h, useBias)
            let old = j.pointee.lowerImpulse
            let total = max(0, old - ms * mass * ((wB - wA) + bias) - scale * old)
            j.pointee.lowerImpulse = total
            wA -= M.iA * (total - old); wB += M.iB * (total - old)
        }
        do {
            let (bias, ms, scale) = limitBias(j.pointee.upper - angle, soft, inv_h, useBias)
            let old = j.pointee.upperImpulse
            let total = max(0, old - ms * mass * ((wA - wB) + bias) - scale * old)
            j.pointee.upperImpulse = total
            wA += M.iA * (total - old); wB -= M.iB * (total - old)
        }
    }
    solvePoint(j, d, rA, rB, &vA, &wA, &vB, &wB, M, soft, useBias)
}

@inline(__always)
private func solveWeld(_ j: UnsafeMutablePointer<Joint>, _ d: Vec2, _ dqA: Rot, _ dqB: Rot, _ rA: Vec2, _ rB: Vec2,
                       _ vA: inout Vec2, _ wA: inout Double, _ vB: inout Vec2, _ wB: inout Double,
                       _ M: InverseMasses, _ soft: Softness, _ useBias: Bool) {
    let C = j.pointee.deltaAngle + relativeAngle(dqB, dqA)
    let (bias, ms, scale) = rigidBias(C, soft, useBias)
    let impulse = -ms * j.pointee.angularMass * ((wB - wA) + bias) - scale * j.pointee.angularImpulse
    j.pointee.angularImpulse += impulse
    wA -= M.iA * impulse; wB += M.iB * impulse
    solvePoint(j, d, rA, rB, &vA, &wA, &vB, &wB, M, soft, useBias)
}

@inline(__always)
private func solvePrismatic(_ j: UnsafeMutablePointer<Joint>, _ d: Vec2, _ dqA: Rot, _ dqB: Rot, _ rA: Vec2, _ rB: Vec2,
                            _ vA: inout Vec2, _ wA: inout Double, _ vB: inout Vec2, _ wB: inout Double,
                            _ M: InverseMasses, _ soft: Softness, _ h: Double, _ inv_h: Double, _ useBias: Bool) {
    let axis = dqA.rotate(j.pointee.axisA)
    let translation = dot(axis, d)
    let a1 = cross(d + rA, axis), a2 = cross(rB, axis)
    let mass = j.pointee.axialMass
    if j.pointee.maxFrictionForce > 0 {
        // Friction along the axis: a motor of speed 0 whose force is capped (as the pin's).
        let old = j.pointee.frictionImpulse
        let cap = j.pointee.maxFrictionForce * h
        let total = min(max(old - mass * (dot(axis, vB - vA) + a2 * wB - a1 * wA), -cap), cap)
        let impulse = total - old
        j.pointee.frictionImpulse = total
        vA = vA - (M.mA * impulse) * axis; wA -= M.iA * impulse * a1
        vB = vB + (M.mB * impulse) * axis; wB += M.iB * impulse * a2
    }
    if j.pointee.enableLimit {
        func cdot() -> Double { dot(axis, vB - vA) + a2 * wB - a1 * wA }
        do {
            let (bias, ms, scale) = limitBias(translation - j.pointee.lower, soft, inv_h, useBias)
            let old = j.pointee.lowerImpulse
            let total = max(0, old - ms * mass * (cdot() + bias) - scale * old)
            let impulse = total - old
            j.pointee.lowerImpulse = total
            vA = vA - (M.mA * impulse) * axis; wA -= M.iA * impulse * a1
            vB = vB + (M.mB * impulse) * axis; wB += M.iB * impulse * a2
        }
        do {
            let (bias, ms, scale) = limitBias(j.pointee.upper - translation, soft, inv_h, useBias)
            let old = j.pointee.upperImpulse
            let total = max(0, old - ms * mass * (-cdot() + bias) - scale * old)
            let impulse = total - old
            j.pointee.upperImpulse = total
            vA = vA + (M.mA * impulse) * axis; wA += M.iA * impulse * a1
            vB = vB - (M.mB * impulse) * axis; wB -= M.iB * impulse * a2
        }
    }
    // Perpendicular offset and relative angle, solved as a block.
    let perp = axis.leftPerp
    let s1 = cross(d + rA, perp), s2 = cross(rB, perp)
    let Cdot = Vec2(dot(perp, vB - vA) + s2 * wB - s1 * wA, wB - wA)
    var bias = Vec2.zero, ms = 1.0, scale = 0.0
    if useBias {
        let C = Vec2(dot(perp, d), relativeAngle(dqB, dqA) + j.pointee.deltaAngle)
        bias = soft.biasRate * C; ms = soft.massScale; scale = soft.impulseScale
    }
    let k11 = M.mA + M.mB + M.iA * s1 * s1 + M.iB * s2 * s2
    let k12 = M.iA * s1 + M.iB * s2
    var k22 = M.iA + M.iB
    if k22 == 0 { k22 = 1 } // both bodies have fixed rotation
    let x = solve22(k11, k12, k22, Cdot + bias)
    let impulse = Vec2(-ms * x.x - scale * j.pointee.linearImpulse.x, -ms * x.y - scale * j.pointee.linearImpulse.y)
    j.pointee.linearImpulse += impulse
    let P = impulse.x * perp
    let LA = impulse.x * s1 + impulse.y, LB = impulse.x * s2 + impulse.y
    vA = vA - M.mA * P; wA -= M.iA * LA
    vB = vB + M.mB * P; wB += M.iB * LB
}

/// A damped spring from B's anchor to the target (A is the ground; its anchor is the
/// target) and from B's angle to 0. Springs act in both passes.
@inline(__always)
private func solveTarget(_ j: UnsafeMutablePointer<Joint>, _ d: Vec2, _ dqA: Rot, _ dqB: Rot, _ rA: Vec2, _ rB: Vec2,
                       _ vA: inout Vec2, _ wA: inout Double, _ vB: inout Vec2, _ wB: inout Double, _ M: InverseMasses) {
    let s = j.pointee.springSoftness, sa = j.pointee.angularSoftness
    if j.pointee.angularHertz > 0 {
        // Angle toward the step's target (deltaAngle: the error at the step's start).
        let C = j.pointee.deltaAngle + relativeAngle(dqB, dqA)
        let angular = -sa.massScale * j.pointee.angularMass * ((wB - wA) + sa.biasRate * C) - sa.impulseScale * j.pointee.angularImpulse
        j.pointee.angularImpulse += angular
        wA -= M.iA * angular; wB += M.iB * angular
    }
    // Position.
    let Cdot = (vB + cross(wB, rB)) - (vA + cross(wA, rA))
    let k11 = M.mA + M.mB + rA.y * rA.y * M.iA + rB.y * rB.y * M.iB
    let k12 = -rA.y * rA.x * M.iA - rB.y * rB.x * M.iB
    let k22 = M.mA + M.mB + rA.x * rA.x * M.iA + rB.x * rB.x * M.iB
    let x = solve22(k11, k12, k22, Cdot + s.biasRate * d)
    let impulse = Vec2(-s.massScale * x.x - s.impulseScale * j.pointee.linearImpulse.x,
                       -s.massScale * x.y - s.impulseScale * j.pointee.linearImpulse.y)
    j.pointee.linearImpulse += impulse
    applyLinear(impulse, rA, rB, &vA, &wA, &vB, &wB, M)
}
