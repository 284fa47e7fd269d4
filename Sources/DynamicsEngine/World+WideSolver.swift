import CDynamicsSIMD

// The wide contact solver: four contacts at a time in SIMD lanes (after Box2D v3's).
//
// Gauss-Seidel is sequential: a contact sees the velocities its predecessors left. Contacts
// that share no moving body are independent, so a greedy graph colouring groups them, and
// the contacts of one colour are solved four at a time with single-precision SIMD4 lanes
// (4-wide on any x86-64 or ARM64 baseline). For the whole step the bodies in contact live in
// a float copy (`solverBodies`, as Box2D's b2BodyState), integrated there too, and loaded from
// and stored to the double-precision states once per step; bodies without contacts never leave
// double precision (joints act in double on those states, so the few bodies in contact that
// joints also move are copied around the joint passes, and their displacements are
// integrated in double, where the joint passes read them). A contact that
// finds no free colour ("overflow") gets a batch of its own. Restitution stays scalar (it
// runs on the few contacts that bounce).

typealias FloatW = SIMD4<Float>

/// A body's solver state in single precision: 32 bytes, two vectors, so the wide passes load
/// a body with two aligned loads and transpose four of them into lanes (as Box2D's
/// b2GatherBodies) instead of assembling lanes from scalar loads.
struct SolverBody {
    /// (vx, vy, w, 0): velocity (m/s) and angular velocity (rad/s).
    var v = SIMD4<Float>()
    /// (dpx, dpy, qc, qs): displacement over the step so far (m) and its rotation.
    var p = SIMD4<Float>(0, 0, 1, 0)
}
typealias MaskW = SIMDMask<SIMD4<Int32>>

/// Four contact constraints, structure-of-arrays (800 bytes). Padding lanes point at a zero
/// dummy body and have zero masses. The passes read it through a pointer and write back only
/// the impulses.
struct WideConstraint {
    // Laid out in the order the passes read: the warm start reads only the first 320 bytes
    // (bodies, normal, masses, impulses, lever arms), five of the batch's thirteen cache
    // lines; in declaration order it touched nearly all of them, and in manyPyramids (10 000
    // batches, 8 MB, past the L2 cache) it waited on those loads.
    var a = SIMD4<Int32>(repeating: -1), b = SIMD4<Int32>(repeating: -1)
    var nx = FloatW(), ny = FloatW()
    var mA = FloatW(), iA = FloatW(), mB = FloatW(), iB = FloatW()
    var normalImpulse1 = FloatW(), normalImpulse2 = FloatW(), tangentImpulse1 = FloatW(), tangentImpulse2 = FloatW()
    /// Each anchor's lever arm about the normal and the tangent (r × n, r × t, in m): a
    /// point's relative velocity along n or t is the centres' relative velocity along it plus
    /// wB·(rB × d) − wA·(rA × d), and an impulse j along d turns a body by i·j·(r × d). With
    /// them the passes evaluate the velocities once per lane and apply each body's impulses
    /// at once (see `wideSolvePass`).
    var rnA1 = FloatW(), rnB1 = FloatW(), rtA1 = FloatW(), rtB1 = FloatW()
    var rnA2 = FloatW(), rnB2 = FloatW(), rtA2 = FloatW(), rtB2 = FloatW()
    // The rest, for the solve and relax passes. The anchors (point 2's are zero where a lane
    // has one point, with zero masses, so it never pushes), for the current separation.
    var rAx1 = FloatW(), rAy1 = FloatW(), rBx1 = FloatW(), rBy1 = FloatW()
    var rAx2 = FloatW(), rAy2 = FloatW(), rBx2 = FloatW(), rBy2 = FloatW()
    var base1 = FloatW(), base2 = FloatW()
    var biasRate = FloatW(), massScale = FloatW(repeating: 1), impulseScale = FloatW()
    var normalMass1 = FloatW(), normalMass2 = FloatW()
    /// Two-point lanes: the inverse normal mass matrix (block solve, where `block`), and the
    /// rows' coupling k12, with which the sequential solve of point 2 sees point 1's impulse
    /// without evaluating the velocities again.
    var invK11 = FloatW(), invK12 = FloatW(), invK22 = FloatW(), k12 = FloatW()
    /// The normal mass matrix's diagonal (block lanes), for the LCP's "both released" test.
    var k11 = FloatW(), k22 = FloatW()
    var block = MaskW(repeating: false)
    var maxNormalImpulse1 = FloatW(), maxNormalImpulse2 = FloatW()
    var friction = FloatW(), tangentMass1 = FloatW(), tangentMass2 = FloatW()
    /// The tangent rows' coupling (as k12 for the normal rows): the change of point 2's
    /// tangent velocity per unit friction impulse at point 1 (1/kg).
    var kt12 = FloatW()
    /// The scalar constraint of each lane (−1 for padding), to copy impulses back.
    var source = SIMD4<Int32>(repeating: -1)
    /// Whether each lane's contact was touching when prepared: the impulse store then only
    /// writes to the contacts, which it visits in lane order (scattered in memory), and
    /// never waits on a load from them.
    var touching = MaskW(repeating: false)
}

/// Gathered body state of four lanes.
struct WideBody {
    var vx = FloatW(), vy = FloatW(), w = FloatW()
    var dpx = FloatW(), dpy = FloatW(), qc = FloatW(repeating: 1), qs = FloatW()
}

extension World {
    /// Loads the bodies in contact into their float solver state for the step: velocity,
    /// zero displacement, and the velocity change of a sub-step of `h` seconds from gravity,
    /// forces and torques. They stay in single precision until `storeSolverBodies` (as
    /// Box2D's b2BodyState), so the sub-steps convert nothing.
    func loadSolverBodies(h: Double) {
        if solverDeltas.count != solverBodies.count { solverDeltas.reset(count: solverBodies.count, to: .zero) }
        let st = states.data, simp = sims.data, dv = solverDeltas.data, sb = solverBodies.data
        for bi in contactBodies {
            let b = Int(bi)
            let s = st[b], sim = simp[b]
            sb[b].v = SIMD4<Float>(Float(s.v.x), Float(s.v.y), Float(s.w), 0)
            sb[b].p = SIMD4<Float>(0, 0, 1, 0)
            let a = sim.gravity + sim.invMass * sim.force
            dv[b] = SIMD4<Float>(Float(h * a.x), Float(h * a.y), Float(h * sim.invInertia * sim.torque), 0)
        }
    }

    /// Copies the float solver state of the bodies in contact back into the double-precision
    /// states: velocities and the step's displacements.
    func storeSolverBodies() {
        // Bridge bodies (in contact and jointed) have their displacements in the double
        // states already, integrated in double; only their velocities come back.
        let jointsActive = !activeJoints.isEmpty
        let st = states.data, sb = solverBodies.data, inf = infos.data
        for bi in contactBodies {
            let b = Int(bi)
            let v = sb[b].v, p = sb[b].p
            st[b].v = Vec2(Double(v[0]), Double(v[1]))
            st[b].w = Double(v[2])
            if jointsActive && inf[b].jointCount > 0 { continue }
            st[b].dp = Vec2(Double(p[0]), Double(p[1]))
            st[b].dq = Rot(c: Double(p[2]), s: Double(p[3]))
        }
    }

    /// Solver velocities → double states for `bodies` (their displacements stay as they are).
    func copySolverVelocitiesToStates(_ bodies: HotArray<Int32>) {
        let st = states.data, sb = solverBodies.data
        for bi in bodies {
            let b = Int(bi)
            let v = sb[b].v
            st[b].v = Vec2(Double(v[0]), Double(v[1]))
            st[b].w = Double(v[2])
        }
    }

    /// Double states → solver state for `bodies` (after a joint pass moved them).
    func copyStatesToSolver(_ bodies: HotArray<Int32>) {
        let st = states.data, sb = solverBodies.data
        for bi in bodies {
            let b = Int(bi)
            let s = st[b]
            sb[b].v = SIMD4<Float>(Float(s.v.x), Float(s.v.y), Float(s.w), 0)
            sb[b].p = SIMD4<Float>(Float(s.dp.x), Float(s.dp.y), Float(s.dq.c), Float(s.dq.s))
        }
    }

    /// Integrates the velocities of the bodies in contact over a sub-step, with the speed
    /// clamps of `integrateVelocities`.
    func integrateSolverVelocities(h: Double) {
        let limits = SpeedLimits(h: h)
        let dv = solverDeltas.data, sb = solverBodies.data
        for bi in contactBodies {
            let b = Int(bi)
            var v = sb[b].v + dv[b]
            limits.clamp(&v)
            sb[b].v = v
        }
    }

    /// Integrates the displacements of the bodies in contact over a sub-step (as
    /// `integratePositions`: first-order rotation, renormalized).
    func integrateSolverPositions(h: Double) {
        let hf = Float(h)
        // Clamped again before the displacement, as in `integratePositions` (the contact and
        // joint passes run after the clamp of the velocities).
        let limits = SpeedLimits(h: h)
        let sb = solverBodies.data
        for bi in contactBodies {
            let b = Int(bi)
            var v = sb[b].v
            let p = sb[b].p
            limits.clamp(&v)
            sb[b].v = v
            let da = hf * v[2]
            let c2 = p[2] - da * p[3], s2 = p[3] + da * p[2]
            let inv = 1 / (c2 * c2 + s2 * s2).squareRoot()
            sb[b].p = SIMD4<Float>(p[0] + hf * v[0], p[1] + hf * v[1], c2 * inv, s2 * inv)
        }
    }
}

/// Gathered body state of four lanes (the velocity half).
struct WideVelocity {
    var vx: FloatW, vy: FloatW, w: FloatW
}

/// Transposes four rows into four columns with unpack shuffles, as Box2D's b2GatherBodies
/// (see CDynamicsSIMD for why they come from C).
@inline(__always)
private func transpose(_ r0: FloatW, _ r1: FloatW, _ r2: FloatW, _ r3: FloatW) -> (FloatW, FloatW, FloatW, FloatW) {
    let t0 = dyn_unpacklo(r0, r1), t1 = dyn_unpacklo(r2, r3) // (r0.0, r1.0, r0.1, r1.1), (r2.0, r3.0, r2.1, r3.1)
    let t2 = dyn_unpackhi(r0, r1), t3 = dyn_unpackhi(r2, r3) // the same of elements 2 and 3
    return (dyn_movelh(t0, t1), dyn_movehl(t0, t1), dyn_movelh(t2, t3), dyn_movehl(t2, t3))
}

/// The lanes' velocities (vx, vy, w).
@inline(__always)
private func gatherVelocity(_ index: SIMD4<Int32>, _ bodies: UnsafePointer<SolverBody>) -> WideVelocity {
    let (vx, vy, w, _) = transpose(bodies[Int(index[0])].v, bodies[Int(index[1])].v,
                                   bodies[Int(index[2])].v, bodies[Int(index[3])].v)
    return WideVelocity(vx: vx, vy: vy, w: w)
}

/// The lanes' displacements (dpx, dpy, qc, qs).
@inline(__always)
private func gatherPosition(_ index: SIMD4<Int32>, _ bodies: UnsafePointer<SolverBody>)
    -> (dpx: FloatW, dpy: FloatW, qc: FloatW, qs: FloatW) {
    let (dpx, dpy, qc, qs) = transpose(bodies[Int(index[0])].p, bodies[Int(index[1])].p,
                                       bodies[Int(index[2])].p, bodies[Int(index[3])].p)
    return (dpx, dpy, qc, qs)
}

/// Writes the lanes' velocities back (four aligned stores). A moving body is in at most one
/// lane of a batch; a static body or the dummy may be in several, but their velocities never
/// change (zero masses), so every lane writes back what it read.
@inline(__always)
private func scatter(_ index: SIMD4<Int32>, _ v: WideVelocity, _ bodies: UnsafeMutablePointer<SolverBody>) {
    let (r0, r1, r2, r3) = transpose(v.vx, v.vy, v.w, FloatW())
    bodies[Int(index[0])].v = r0
    bodies[Int(index[1])].v = r1
    bodies[Int(index[2])].v = r2
    bodies[Int(index[3])].v = r3
}

@inline(__always)
private func fmax0(_ x: FloatW) -> FloatW { x.replacing(with: 0, where: x .< 0) }
// The standard library's pointwiseMin/Max are generic calls here; these inline.
@inline(__always)
private func wmax(_ a: FloatW, _ b: FloatW) -> FloatW { a.replacing(with: b, where: a .< b) }
@inline(__always)
private func wmin(_ a: FloatW, _ b: FloatW) -> FloatW { a.replacing(with: b, where: b .< a) }

/// Lanes' velocities of two bodies.
struct WideVelocities {
    var vAx: FloatW, vAy: FloatW, wA: FloatW
    var vBx: FloatW, vBy: FloatW, wB: FloatW

    @inline(__always)
    init(_ A: WideVelocity, _ B: WideVelocity) {
        vAx = A.vx; vAy = A.vy; wA = A.w
        vBx = B.vx; vBy = B.vy; wB = B.w
    }

    var a: WideVelocity { WideVelocity(vx: vAx, vy: vAy, w: wA) }
    var b: WideVelocity { WideVelocity(vx: vBx, vy: vBy, w: wB) }

    /// Applies impulses of sum (px, py), −P to A and +P to B, whose moments about the bodies'
    /// centres add up to `turnA` and `turnB` (Σ j·(r × d)).
    @inline(__always)
    mutating func push(_ px: FloatW, _ py: FloatW, turnA: FloatW, turnB: FloatW,
                       _ mA: FloatW, _ iA: FloatW, _ mB: FloatW, _ iB: FloatW) {
        vAx -= mA * px; vAy -= mA * py; wA -= iA * turnA
        vBx += mB * px; vBy += mB * py; wB += iB * turnB
    }
}

extension World {
    /// Applies the accumulated impulses of the wide constraints (warm start).
    func wideWarmStart(_ wcs: UnsafeMutableBufferPointer<WideConstraint>, _ states: UnsafeMutablePointer<SolverBody>) {
        guard let base = wcs.baseAddress else { return }
        for i in 0..<wcs.count {
            let c = UnsafePointer(base + i)
            var v = WideVelocities(gatherVelocity(c.pointee.a, states), gatherVelocity(c.pointee.b, states))
            let nx = c.pointee.nx, ny = c.pointee.ny
            let mA = c.pointee.mA, iA = c.pointee.iA, mB = c.pointee.mB, iB = c.pointee.iB
            // Both points' impulses at once: P = (jn1 + jn2)·n + (jt1 + jt2)·t with t = (ny, −nx),
            // and each body turns by the sum of the points' moments (r × P = jn·(r × n) + jt·(r × t)).
            let jn1 = c.pointee.normalImpulse1, jt1 = c.pointee.tangentImpulse1
            let jn2 = c.pointee.normalImpulse2, jt2 = c.pointee.tangentImpulse2
            let jn: FloatW = jn1 + jn2, jt: FloatW = jt1 + jt2
            let px: FloatW = jn * nx + jt * ny
            let py: FloatW = jn * ny - jt * nx
            let turnA: FloatW = (jn1 * c.pointee.rnA1 + jt1 * c.pointee.rtA1) + (jn2 * c.pointee.rnA2 + jt2 * c.pointee.rtA2)
            let turnB: FloatW = (jn1 * c.pointee.rnB1 + jt1 * c.pointee.rtB1) + (jn2 * c.pointee.rnB2 + jt2 * c.pointee.rtB2)
            v.push(px, py, turnA: turnA, turnB: turnB, mA, iA, mB, iB)
            scatter(c.pointee.a, v.a, states)
            scatter(c.pointee.b, v.b, states)
        }
    }

    /// One pass over the wide constraints: normal impulses (two-point lanes as a block where
    /// it stays non-negative, else point by point), then friction. `useBias` false is the
    /// relax pass.
    ///
    /// Both normal solutions come from the same two relative velocities: the sequential one
    /// carries point 1's impulse over to point 2 through the coupling k12 instead of evaluating
    /// the velocities again, so a lane costs two velocity evaluations and two impulse
    /// applications whichever solution it keeps, and no lane pays for both paths.
    func wideSolve(_ wcs: UnsafeMutableBufferPointer<WideConstraint>, _ states: UnsafeMutablePointer<SolverBody>,
                   _ inv_h: Float, useBias: Bool) {
        // One copy of the loop per pass, each with `useBias` a constant: the relax pass then
        // carries no soft scales, bias blends or scale masks.
        if useBias {
            wideSolvePass(wcs, states, inv_h, useBias: true)
        } else {
            wideSolvePass(wcs, states, inv_h, useBias: false)
        }
    }

    @inline(__always)
    private func wideSolvePass(_ wcs: UnsafeMutableBufferPointer<WideConstraint>, _ states: UnsafeMutablePointer<SolverBody>,
                               _ inv_h: Float, useBias: Bool) {
        guard let base = wcs.baseAddress else { return }
        let maxPush = FloatW(repeating: -Float(Tuning.contactPushMaxVelocity))
        let allTrue = MaskW(repeating: true)
        let one = FloatW(repeating: 1), zero = FloatW()
        for i in 0..<wcs.count {
            let c = base + i
            let ia = c.pointee.a, ib = c.pointee.b
            var v = WideVelocities(gatherVelocity(ia, states), gatherVelocity(ib, states))
            let A = gatherPosition(ia, states), B = gatherPosition(ib, states)
            let nx = c.pointee.nx, ny = c.pointee.ny
            let mA = c.pointee.mA, iA = c.pointee.iA, mB = c.pointee.mB, iB = c.pointee.iB
            let dpx: FloatW = B.dpx - A.dpx, dpy: FloatW = B.dpy - A.dpy
            let rAx1 = c.pointee.rAx1, rAy1 = c.pointee.rAy1, rBx1 = c.pointee.rBx1, rBy1 = c.pointee.rBy1
            let rAx2 = c.pointee.rAx2, rAy2 = c.pointee.rAy2, rBx2 = c.pointee.rBx2, rBy2 = c.pointee.rBy2

            /// Current separation of a point from the step's displacements.
            @inline(__always)
            func separation(_ rAx: FloatW, _ rAy: FloatW, _ rBx: FloatW, _ rBy: FloatW, _ base: FloatW) -> FloatW {
                let qrBx: FloatW = B.qc * rBx - B.qs * rBy
                let qrBy: FloatW = B.qs * rBx + B.qc * rBy
                let qrAx: FloatW = A.qc * rAx - A.qs * rAy
                let qrAy: FloatW = A.qs * rAx + A.qc * rAy
                let dx: FloatW = dpx + (qrBx - qrAx)
                let dy: FloatW = dpy + (qrBy - qrAy)
                let sx: FloatW = dx * nx
                let sy: FloatW = dy * ny
                return sx + sy + base
            }
            // Bias and soft scales: speculative lanes close their gap; overlapping ones are
            // pushed softly (biased pass) or not at all (relax).
            let s1 = separation(rAx1, rAy1, rBx1, rBy1, c.pointee.base1)
            let s2 = separation(rAx2, rAy2, rBx2, rBy2, c.pointee.base2)
            let pen1 = s1 .<= 0, pen2 = s2 .<= 0
            var bias1: FloatW = s1 * inv_h, bias2: FloatW = s2 * inv_h
            var ms1 = one, ms2 = one, is1 = zero, is2 = zero
            if useBias {
                let biasRate = c.pointee.biasRate, massScale = c.pointee.massScale, impulseScale = c.pointee.impulseScale
                bias1.replace(with: wmax(biasRate * s1, maxPush), where: pen1)
                bias2.replace(with: wmax(biasRate * s2, maxPush), where: pen2)
                ms1.replace(with: massScale, where: pen1); ms2.replace(with: massScale, where: pen2)
                is1.replace(with: impulseScale, where: pen1); is2.replace(with: impulseScale, where: pen2)
            } else {
                bias1.replace(with: 0, where: pen1)
                bias2.replace(with: 0, where: pen2)
            }
            // The centres' relative velocity along n and t, evaluated once: each point adds its
            // turn, wB·(rB × d) − wA·(rA × d).
            let dvx: FloatW = v.vBx - v.vAx, dvy: FloatW = v.vBy - v.vAy
            let vn0: FloatW = dvx * nx + dvy * ny
            let vt0: FloatW = dvx * ny - dvy * nx
            let rnA1 = c.pointee.rnA1, rnB1 = c.pointee.rnB1, rnA2 = c.pointee.rnA2, rnB2 = c.pointee.rnB2
            let x1: FloatW = vn0 + (v.wB * rnB1 - v.wA * rnA1) + bias1
            let x2: FloatW = vn0 + (v.wB * rnB2 - v.wA * rnA2) + bias2
            let old1 = c.pointee.normalImpulse1, old2 = c.pointee.normalImpulse2

            // Block solve where possible: both points rigid (relax pass, or both speculative)
            // or both soft with the same scales. A lane with one overlapping point (soft) and
            // one speculative point (rigid) keeps the point-by-point solution: scaling the rows
            // of one rigid 2×2 solution by different soft factors is not the solution of the
            // mixed system, and it fed energy into the tilt of resting boxes (a box tilted
            // 0.005 rad in a stack of ten leaned further every step, 0.025 rad after 4 s;
            // dropped ten-stacks rested up to 0.005 rad off upright). Without any block solve
            // the two points of a flat landing share the impulse unevenly, the box spins and
            // friction turns the spin into a sideways drift of a bouncing item.
            let k1: FloatW = c.pointee.invK11 * x1 + c.pointee.invK12 * x2
            let k2: FloatW = c.pointee.invK12 * x1 + c.pointee.invK22 * x2
            var d1: FloatW = useBias ? zero - ms1 * k1 - is1 * old1 : zero - k1
            var d2: FloatW = useBias ? zero - ms2 * k2 - is2 * old2 : zero - k2
            // One-point lanes (and padding) have no second row whose scale could differ.
            let single = c.pointee.normalMass2 .== zero
            let sameScales = useBias ? (pen1 .== pen2) .| single : allTrue
            // A total that is zero but for round-off counts as zero: a soft contact on a static
            // body releasing its whole impulse computes old·(1 − massScale − impulseScale),
            // exactly 0 in reals and −1e-7 in floats, and the point-by-point fallback then
            // kept unequal impulses (a box hitting the floor at 200 m/s stopped 4.8 pt short
            // of it and spun).
            let tolerance = FloatW(repeating: 1e-5)
            let ok = c.pointee.block .& sameScales .& (old1 + d1 .>= zero - tolerance * old1) .& (old2 + d2 .>= zero - tolerance * old2)
            d1 = wmax(d1, zero - old1)
            d2 = wmax(d2, zero - old2)
            // Point by point (Box2D v3's soft step), for lanes the block does not serve.
            let total1 = useBias ? fmax0(old1 - c.pointee.normalMass1 * ms1 * x1 - is1 * old1) : fmax0(old1 - c.pointee.normalMass1 * x1)
            let seq1: FloatW = total1 - old1
            let x2s: FloatW = x2 + c.pointee.k12 * seq1
            let total2 = useBias ? fmax0(old2 - c.pointee.normalMass2 * ms2 * x2s - is2 * old2) : fmax0(old2 - c.pointee.normalMass2 * x2s)
            let seq2: FloatW = total2 - old2
            // Where the block solution would pull and both rows are rigid (relax pass; biased
            // pass with both points apart), the LCP's case of both points released, when their
            // velocities part with no impulse at all. The point-by-point fallback missed it:
            // two flat boxes parting after a landing kept unequal impulses, and the box spun
            // (a dropped stack of two tilted 0.12 rad). The one-point cases of the LCP cost
            // 10 % of the pass and changed no test: point by point serves them.
            let rigid = useBias ? .!pen1 .& .!pen2 : allTrue
            let k12 = c.pointee.k12
            let w1none: FloatW = x1 - c.pointee.k11 * old1 - k12 * old2
            let w2none: FloatW = x2 - k12 * old1 - c.pointee.k22 * old2
            let release = c.pointee.block .& rigid .& .!ok .& (w1none .>= 0) .& (w2none .>= 0)
            d1.replace(with: seq1, where: .!ok)
            d2.replace(with: seq2, where: .!ok)
            d1.replace(with: zero - old1, where: release)
            d2.replace(with: zero - old2, where: release)
            let n1: FloatW = old1 + d1, n2: FloatW = old2 + d2
            c.pointee.normalImpulse1 = n1
            c.pointee.normalImpulse2 = n2
            c.pointee.maxNormalImpulse1 = wmax(c.pointee.maxNormalImpulse1, d1)
            c.pointee.maxNormalImpulse2 = wmax(c.pointee.maxNormalImpulse2, d2)
            // Both normal impulses at once. Along n they change the centres' relative velocity
            // along n only, so vt0 still holds for friction.
            let dn: FloatW = d1 + d2
            let pnx: FloatW = dn * nx, pny: FloatW = dn * ny
            v.push(pnx, pny, turnA: d1 * rnA1 + d2 * rnA2, turnB: d1 * rnB1 + d2 * rnB2, mA, iA, mB, iB)

            // Friction, point by point, within the cone of the new normal impulses. Point 2 sees
            // point 1's impulse through the coupling kt12 (as the normal rows through k12), and
            // both are applied together: the same result as applying and evaluating again.
            let friction = c.pointee.friction
            let rtA1 = c.pointee.rtA1, rtB1 = c.pointee.rtB1, rtA2 = c.pointee.rtA2, rtB2 = c.pointee.rtB2
            let oldT1 = c.pointee.tangentImpulse1, oldT2 = c.pointee.tangentImpulse2
            let vt1: FloatW = vt0 + (v.wB * rtB1 - v.wA * rtA1)
            let limit1: FloatW = friction * n1
            let t1 = wmin(wmax(oldT1 - c.pointee.tangentMass1 * vt1, zero - limit1), limit1)
            let e1: FloatW = t1 - oldT1
            let vt2: FloatW = vt0 + (v.wB * rtB2 - v.wA * rtA2) + c.pointee.kt12 * e1
            let limit2: FloatW = friction * n2
            let t2 = wmin(wmax(oldT2 - c.pointee.tangentMass2 * vt2, zero - limit2), limit2)
            let e2: FloatW = t2 - oldT2
            c.pointee.tangentImpulse1 = t1
            c.pointee.tangentImpulse2 = t2
            let et: FloatW = e1 + e2
            let ptx: FloatW = et * ny, pty: FloatW = zero - et * nx
            v.push(ptx, pty, turnA: e1 * rtA1 + e2 * rtA2, turnB: e1 * rtB1 + e2 * rtB2, mA, iA, mB, iB)

            scatter(ia, v.a, states)
            scatter(ib, v.b, states)
        }
    }
}
