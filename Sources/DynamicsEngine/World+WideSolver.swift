// The wide contact solver: four contacts at a time in SIMD lanes (after Box2D v3's).
//
// Gauss-Seidel is sequential: a contact sees the velocities its predecessors left. Contacts
// that share no moving body are independent, so a greedy graph colouring groups them, and
// the contacts of one colour are solved four at a time with single-precision SIMD4 lanes
// (4-wide on any x86-64 or ARM64 baseline). During the passes the bodies in contact live in
// a float copy (`solverBodies`), synchronized with the double-precision states around the
// integration steps; bodies without contacts never leave double precision. A contact that
// finds no free colour ("overflow") gets a batch of its own. Restitution stays scalar (it
// runs on the few contacts that bounce).

typealias FloatW = SIMD4<Float>

/// A body's solver state in single precision: 32 bytes.
struct SolverBody {
    var vx: Float = 0, vy: Float = 0, w: Float = 0
    var dpx: Float = 0, dpy: Float = 0, qc: Float = 1, qs: Float = 0
    var pad: Float = 0
}
typealias MaskW = SIMDMask<SIMD4<Int32>>

/// Four contact constraints, structure-of-arrays. Padding lanes point at a zero dummy body
/// and have zero masses.
struct WideConstraint {
    var a = SIMD4<Int32>(repeating: -1), b = SIMD4<Int32>(repeating: -1)
    /// The scalar constraint of each lane (−1 for padding), to copy impulses back.
    var source = SIMD4<Int32>(repeating: -1)
    var nx = FloatW(), ny = FloatW(), friction = FloatW()
    var mA = FloatW(), iA = FloatW(), mB = FloatW(), iB = FloatW()
    var biasRate = FloatW(), massScale = FloatW(repeating: 1), impulseScale = FloatW()
    // Point 1.
    var rAx1 = FloatW(), rAy1 = FloatW(), rBx1 = FloatW(), rBy1 = FloatW()
    var base1 = FloatW(), normalMass1 = FloatW(), tangentMass1 = FloatW()
    var normalImpulse1 = FloatW(), tangentImpulse1 = FloatW(), maxNormalImpulse1 = FloatW()
    // Point 2 (zero masses where a lane has one point, so it never pushes).
    var rAx2 = FloatW(), rAy2 = FloatW(), rBx2 = FloatW(), rBy2 = FloatW()
    var base2 = FloatW(), normalMass2 = FloatW(), tangentMass2 = FloatW()
    var normalImpulse2 = FloatW(), tangentImpulse2 = FloatW(), maxNormalImpulse2 = FloatW()
    // Block solve of two-point lanes.
    var invK11 = FloatW(), invK12 = FloatW(), invK22 = FloatW()
    var block = MaskW(repeating: false)
}

/// Gathered body state of four lanes.
struct WideBody {
    var vx = FloatW(), vy = FloatW(), w = FloatW()
    var dpx = FloatW(), dpy = FloatW(), qc = FloatW(repeating: 1), qs = FloatW()
}

extension World {
    static let graphColorCount = 16

    /// Colours the prepared constraints and packs them four to a `WideConstraint`.
    /// Complexity: O(c · k) for c constraints trying k colours each (k is small: a body
    /// touches a handful of others), plus O(colours · bodies / 64) to clear the bitsets.
    func packWideConstraints() {
        wideConstraints.removeAll(keepingCapacity: true)
        overflowConstraints.removeAll(keepingCapacity: true)
        let words = (infos.count + 63) / 64
        let colors = World.graphColorCount
        if colorBits.count < colors * words { colorBits = [UInt64](repeating: 0, count: colors * words) }
        for i in 0..<(colors * words) { colorBits[i] = 0 }
        if colorMembers.count < colors { colorMembers = [[Int32]](repeating: [], count: colors) }
        for c in 0..<colors { colorMembers[c].removeAll(keepingCapacity: true) }
        // The solver copies: one per body plus a zero dummy for padding lanes.
        let dummy = infos.count
        if solverBodies.count != dummy + 1 { solverBodies = [SolverBody](repeating: SolverBody(), count: dummy + 1) }
        solverBodies[dummy] = SolverBody()
        if bodyInContact.count != dummy { bodyInContact = [Bool](repeating: false, count: dummy) }

        // Work on locals: class properties touched in a loop pay an exclusivity check each time.
        var members = colorMembers, overflow = overflowConstraints, inContact = bodyInContact, bitsArray = colorBits
        colorMembers = []; overflowConstraints = []; bodyInContact = []; colorBits = []
        constraints.withUnsafeBufferPointer { ccs in
        bitsArray.withUnsafeMutableBufferPointer { bits in
        inContact.withUnsafeMutableBufferPointer { flags in
            for i in 0..<ccs.count {
                let cc = ccs[i]
                let a = Int(cc.a), b = Int(cc.b)
                let dynA = cc.invMassA > 0, dynB = cc.invMassB > 0
                var assigned = -1
                for c in 0..<colors {
                    let base = c * words
                    if dynA && bits[base + a >> 6] & (1 << UInt64(a & 63)) != 0 { continue }
                    if dynB && bits[base + b >> 6] & (1 << UInt64(b & 63)) != 0 { continue }
                    if dynA { bits[base + a >> 6] |= 1 << UInt64(a & 63) }
                    if dynB { bits[base + b >> 6] |= 1 << UInt64(b & 63) }
                    assigned = c
                    break
                }
                if assigned >= 0 { members[assigned].append(Int32(i)) } else { overflow.append(Int32(i)) }
                if dynA { flags[a] = true }
                if dynB { flags[b] = true }
            }
        }}}
        colorMembers = members; overflowConstraints = overflow; bodyInContact = inContact; colorBits = bitsArray

        contactBodies.removeAll(keepingCapacity: true)
        for b in bodyInContact.indices where bodyInContact[b] {
            contactBodies.append(Int32(b))
            bodyInContact[b] = false
        }
        for cc in constraints {
            if cc.invMassA == 0 { solverBodies[Int(cc.a)] = SolverBody() }
            if cc.invMassB == 0 { solverBodies[Int(cc.b)] = SolverBody() }
        }
        // Overflow contacts each get a batch of their own (one lane), after the colours.
        colorMembers.append([])
        let empty = ContactConstraint(), emptyPoint = ContactConstraintPoint()
        constraints.withUnsafeBufferPointer { ccs in
        constraintPoints.withUnsafeBufferPointer { pts in
            for c in 0...colors {
                let members = c < colors ? colorMembers[c] : overflowConstraints
                let lanesPerBatch = c < colors ? 4 : 1
                var k = 0
                while k < members.count {
                    // Four lanes; missing ones are an empty constraint (zero masses).
                    func member(_ j: Int) -> Int32 { j < lanesPerBatch && k + j < members.count ? members[k + j] : -1 }
                    let idx = SIMD4<Int32>(member(0), member(1), member(2), member(3))
                    let c0 = ccs[Int(idx[0])]
                    let c1 = idx[1] >= 0 ? ccs[Int(idx[1])] : empty
                    let c2 = idx[2] >= 0 ? ccs[Int(idx[2])] : empty
                    let c3 = idx[3] >= 0 ? ccs[Int(idx[3])] : empty
                    func point(_ lane: Int, _ k: Int) -> ContactConstraintPoint {
                        let i = Int(idx[lane])
                        return i >= 0 ? pts[2 * i + k] : emptyPoint
                    }
                    let p10 = point(0, 0), p11 = point(1, 0), p12 = point(2, 0), p13 = point(3, 0)
                    let p20 = point(0, 1), p21 = point(1, 1), p22 = point(2, 1), p23 = point(3, 1)
                    func lanes(_ f: (ContactConstraint) -> Double) -> FloatW {
                        FloatW(Float(f(c0)), Float(f(c1)), Float(f(c2)), Float(f(c3)))
                    }
                    func lanes1(_ f: (ContactConstraintPoint) -> Double) -> FloatW {
                        FloatW(Float(f(p10)), Float(f(p11)), Float(f(p12)), Float(f(p13)))
                    }
                    // A lane's second point counts only if its manifold has two.
                    let two = SIMD4<Int32>(c0.pointCount, c1.pointCount, c2.pointCount, c3.pointCount) .== 2
                    func lanes2(_ f: (ContactConstraintPoint) -> Double, otherwise: Float = 0) -> FloatW {
                        FloatW(Float(f(p20)), Float(f(p21)), Float(f(p22)), Float(f(p23)))
                            .replacing(with: otherwise, where: .!two)
                    }
                    var wc = WideConstraint()
                    wc.source = idx
                    wc.a = SIMD4<Int32>(c0.a, c1.a, c2.a, c3.a).replacing(with: Int32(dummy), where: idx .< 0)
                    wc.b = SIMD4<Int32>(c0.b, c1.b, c2.b, c3.b).replacing(with: Int32(dummy), where: idx .< 0)
                    wc.nx = lanes { $0.normal.x }; wc.ny = lanes { $0.normal.y }
                    wc.friction = lanes { $0.friction }
                    wc.mA = lanes { $0.invMassA }; wc.iA = lanes { $0.invIA }
                    wc.mB = lanes { $0.invMassB }; wc.iB = lanes { $0.invIB }
                    wc.biasRate = lanes { $0.softness.biasRate }
                    wc.massScale = lanes { $0.softness.massScale }
                    wc.impulseScale = lanes { $0.softness.impulseScale }
                    wc.rAx1 = lanes1 { $0.anchorA.x }; wc.rAy1 = lanes1 { $0.anchorA.y }
                    wc.rBx1 = lanes1 { $0.anchorB.x }; wc.rBy1 = lanes1 { $0.anchorB.y }
                    wc.base1 = lanes1 { $0.baseSeparation }
                    wc.normalMass1 = lanes1 { $0.normalMass }; wc.tangentMass1 = lanes1 { $0.tangentMass }
                    wc.normalImpulse1 = lanes1 { $0.normalImpulse }; wc.tangentImpulse1 = lanes1 { $0.tangentImpulse }
                    wc.rAx2 = lanes2 { $0.anchorA.x }; wc.rAy2 = lanes2 { $0.anchorA.y }
                    wc.rBx2 = lanes2 { $0.anchorB.x }; wc.rBy2 = lanes2 { $0.anchorB.y }
                    wc.base2 = lanes2({ $0.baseSeparation }, otherwise: 1) // never speculative, never pushes
                    wc.normalMass2 = lanes2 { $0.normalMass }; wc.tangentMass2 = lanes2 { $0.tangentMass }
                    wc.normalImpulse2 = lanes2 { $0.normalImpulse }; wc.tangentImpulse2 = lanes2 { $0.tangentImpulse }
                    wc.block = SIMD4<Int32>(c0.useBlock ? 1 : 0, c1.useBlock ? 1 : 0, c2.useBlock ? 1 : 0, c3.useBlock ? 1 : 0) .== 1
                    wc.block = wc.block .& two
                    wc.invK11 = lanes { $0.invK11 }; wc.invK12 = lanes { $0.invK12 }; wc.invK22 = lanes { $0.invK22 }
                    wideConstraints.append(wc)
                    k += lanesPerBatch
                }
            }
        }}
        colorMembers.removeLast()
    }

    /// Copies the double-precision states of the bodies in contact into the solver copies:
    /// velocities, and with `positions` the step's displacements too.
    func syncToSolver(positions: Bool) {
        states.withUnsafeBufferPointer { st in
        solverBodies.withUnsafeMutableBufferPointer { sb in
            for bi in contactBodies {
                let b = Int(bi)
                let s = st[b]
                sb[b].vx = Float(s.v.x); sb[b].vy = Float(s.v.y); sb[b].w = Float(s.w)
                if positions {
                    sb[b].dpx = Float(s.dp.x); sb[b].dpy = Float(s.dp.y)
                    sb[b].qc = Float(s.dq.c); sb[b].qs = Float(s.dq.s)
                }
            }
        }}
    }

    /// Copies the solver's velocities back into the double-precision states.
    func syncFromSolver() {
        states.withUnsafeMutableBufferPointer { st in
        solverBodies.withUnsafeBufferPointer { sb in
            for bi in contactBodies {
                let b = Int(bi)
                st[b].v = Vec2(Double(sb[b].vx), Double(sb[b].vy))
                st[b].w = Double(sb[b].w)
            }
        }}
    }

    /// Copies the lanes' impulses back into the scalar constraint points.
    func unpackWideConstraints() {
        wideConstraints.withUnsafeBufferPointer { wcs in
        constraintPoints.withUnsafeMutableBufferPointer { pts in
            for wc in wcs {
                for lane in 0..<4 where wc.source[lane] >= 0 {
                    let i = Int(wc.source[lane])
                    pts[2 * i].normalImpulse = Double(wc.normalImpulse1[lane])
                    pts[2 * i].tangentImpulse = Double(wc.tangentImpulse1[lane])
                    pts[2 * i].maxNormalImpulse = Double(wc.maxNormalImpulse1[lane])
                    pts[2 * i + 1].normalImpulse = Double(wc.normalImpulse2[lane])
                    pts[2 * i + 1].tangentImpulse = Double(wc.tangentImpulse2[lane])
                    pts[2 * i + 1].maxNormalImpulse = Double(wc.maxNormalImpulse2[lane])
                }
            }
        }}
    }
}

@inline(__always)
private func gather(_ index: SIMD4<Int32>, _ bodies: UnsafePointer<SolverBody>) -> WideBody {
    let b0 = bodies[Int(index[0])], b1 = bodies[Int(index[1])], b2 = bodies[Int(index[2])], b3 = bodies[Int(index[3])]
    return WideBody(vx: FloatW(b0.vx, b1.vx, b2.vx, b3.vx), vy: FloatW(b0.vy, b1.vy, b2.vy, b3.vy),
                    w: FloatW(b0.w, b1.w, b2.w, b3.w), dpx: FloatW(b0.dpx, b1.dpx, b2.dpx, b3.dpx),
                    dpy: FloatW(b0.dpy, b1.dpy, b2.dpy, b3.dpy), qc: FloatW(b0.qc, b1.qc, b2.qc, b3.qc),
                    qs: FloatW(b0.qs, b1.qs, b2.qs, b3.qs))
}

/// Writes the lanes' velocities back. A moving body is in at most one lane of a batch; a
/// static body or the dummy may be in several, but their velocities never change.
@inline(__always)
private func scatter(_ index: SIMD4<Int32>, _ v: WideBody, _ bodies: UnsafeMutablePointer<SolverBody>) {
    for lane in 0..<4 {
        let i = Int(index[lane])
        bodies[i].vx = v.vx[lane]; bodies[i].vy = v.vy[lane]; bodies[i].w = v.w[lane]
    }
}

@inline(__always)
private func fmax0(_ x: FloatW) -> FloatW { x.replacing(with: 0, where: x .< 0) }
// The standard library's pointwiseMin/Max are generic calls here; these inline.
@inline(__always)
private func wmax(_ a: FloatW, _ b: FloatW) -> FloatW { a.replacing(with: b, where: a .< b) }
@inline(__always)
private func wmin(_ a: FloatW, _ b: FloatW) -> FloatW { a.replacing(with: b, where: b .< a) }

/// r × P for lanes of 2D vectors.
@inline(__always)
private func crossW(_ rx: FloatW, _ ry: FloatW, _ px: FloatW, _ py: FloatW) -> FloatW {
    let a: FloatW = rx * py
    let b: FloatW = ry * px
    return a - b
}

/// Lanes' velocities of two bodies and the dot product of their relative velocity at
/// anchors rA, rB with the direction (dx, dy).
struct WideVelocities {
    var vAx: FloatW, vAy: FloatW, wA: FloatW
    var vBx: FloatW, vBy: FloatW, wB: FloatW

    @inline(__always)
    func relative(_ rAx: FloatW, _ rAy: FloatW, _ rBx: FloatW, _ rBy: FloatW, _ dx: FloatW, _ dy: FloatW) -> FloatW {
        let dvx: FloatW = (vBx - wB * rBy) - (vAx - wA * rAy)
        let dvy: FloatW = (vBy + wB * rBx) - (vAy + wA * rAx)
        let x: FloatW = dvx * dx
        let y: FloatW = dvy * dy
        return x + y
    }

    /// Applies impulse j along (dx, dy) at anchors rA (−) and rB (+).
    @inline(__always)
    mutating func apply(_ j: FloatW, _ dx: FloatW, _ dy: FloatW, _ rAx: FloatW, _ rAy: FloatW, _ rBx: FloatW, _ rBy: FloatW,
                        _ mA: FloatW, _ iA: FloatW, _ mB: FloatW, _ iB: FloatW) {
        let px: FloatW = j * dx
        let py: FloatW = j * dy
        vAx -= mA * px; vAy -= mA * py; wA -= iA * crossW(rAx, rAy, px, py)
        vBx += mB * px; vBy += mB * py; wB += iB * crossW(rBx, rBy, px, py)
    }
}

/// Current separation of a point from the step's displacements.
@inline(__always)
private func separation(_ A: WideBody, _ B: WideBody, _ rAx: FloatW, _ rAy: FloatW, _ rBx: FloatW, _ rBy: FloatW,
                        _ nx: FloatW, _ ny: FloatW, _ base: FloatW) -> FloatW {
    let qrBx: FloatW = B.qc * rBx - B.qs * rBy
    let qrBy: FloatW = B.qs * rBx + B.qc * rBy
    let qrAx: FloatW = A.qc * rAx - A.qs * rAy
    let qrAy: FloatW = A.qs * rAx + A.qc * rAy
    let dx: FloatW = (B.dpx - A.dpx) + (qrBx - qrAx)
    let dy: FloatW = (B.dpy - A.dpy) + (qrBy - qrAy)
    let sx: FloatW = dx * nx
    let sy: FloatW = dy * ny
    return sx + sy + base
}

extension World {
    /// Applies the accumulated impulses of the wide constraints (warm start).
    func wideWarmStart(_ wcs: UnsafeMutableBufferPointer<WideConstraint>, _ states: UnsafeMutablePointer<SolverBody>) {
        for i in 0..<wcs.count {
            let c = wcs[i]
            let A0 = gather(c.a, states), B0 = gather(c.b, states)
            var v = WideVelocities(vAx: A0.vx, vAy: A0.vy, wA: A0.w, vBx: B0.vx, vBy: B0.vy, wB: B0.w)
            let tx = c.ny, ty = -c.nx
            v.apply(c.normalImpulse1, c.nx, c.ny, c.rAx1, c.rAy1, c.rBx1, c.rBy1, c.mA, c.iA, c.mB, c.iB)
            v.apply(c.tangentImpulse1, tx, ty, c.rAx1, c.rAy1, c.rBx1, c.rBy1, c.mA, c.iA, c.mB, c.iB)
            v.apply(c.normalImpulse2, c.nx, c.ny, c.rAx2, c.rAy2, c.rBx2, c.rBy2, c.mA, c.iA, c.mB, c.iB)
            v.apply(c.tangentImpulse2, tx, ty, c.rAx2, c.rAy2, c.rBx2, c.rBy2, c.mA, c.iA, c.mB, c.iB)
            store(v, c, A0, B0, states)
        }
    }

    @inline(__always)
    private func store(_ v: WideVelocities, _ c: WideConstraint, _ A0: WideBody, _ B0: WideBody,
                       _ states: UnsafeMutablePointer<SolverBody>) {
        var A = A0, B = B0
        A.vx = v.vAx; A.vy = v.vAy; A.w = v.wA
        B.vx = v.vBx; B.vy = v.vBy; B.w = v.wB
        scatter(c.a, A, states)
        scatter(c.b, B, states)
    }

    /// One pass over the wide constraints: normal impulses (two-point lanes as a block where
    /// it stays non-negative, else point by point), then friction. `useBias` false is the
    /// relax pass.
    func wideSolve(_ wcs: UnsafeMutableBufferPointer<WideConstraint>, _ states: UnsafeMutablePointer<SolverBody>,
                   _ inv_h: Float, useBias: Bool) {
        let maxPush = FloatW(repeating: -Float(Tuning.contactPushMaxVelocity))
        let allTrue = MaskW(repeating: true)
        let one = FloatW(repeating: 1), zero = FloatW()
        for i in 0..<wcs.count {
            var c = wcs[i]
            let A0 = gather(c.a, states), B0 = gather(c.b, states)
            var v = WideVelocities(vAx: A0.vx, vAy: A0.vy, wA: A0.w, vBx: B0.vx, vBy: B0.vy, wB: B0.w)
            let nx = c.nx, ny = c.ny

            // Bias and soft scales: speculative lanes close their gap; overlapping ones are
            // pushed softly (biased pass) or not at all (relax).
            let s1 = separation(A0, B0, c.rAx1, c.rAy1, c.rBx1, c.rBy1, nx, ny, c.base1)
            let s2 = separation(A0, B0, c.rAx2, c.rAy2, c.rBx2, c.rBy2, nx, ny, c.base2)
            let pen1 = s1 .<= 0, pen2 = s2 .<= 0
            var bias1: FloatW = s1 * inv_h, bias2: FloatW = s2 * inv_h
            var ms1 = one, ms2 = one, is1 = zero, is2 = zero
            if useBias {
                bias1.replace(with: wmax(c.biasRate * s1, maxPush), where: pen1)
                bias2.replace(with: wmax(c.biasRate * s2, maxPush), where: pen2)
                ms1.replace(with: c.massScale, where: pen1); ms2.replace(with: c.massScale, where: pen2)
                is1.replace(with: c.impulseScale, where: pen1); is2.replace(with: c.impulseScale, where: pen2)
            } else {
                bias1.replace(with: 0, where: pen1)
                bias2.replace(with: 0, where: pen2)
            }

            // Block solve where possible: both points rigid (relax pass, or both speculative)
            // or both soft with the same scales. A lane with one overlapping point (soft) and
            // one speculative point (rigid) is solved point by point: scaling the rows of one
            // rigid 2×2 solution by different soft factors is not the solution of the mixed
            // system, and it fed energy into the tilt of resting boxes (a box tilted 0.005
            // rad in a stack of ten leaned further every step, 0.025 rad after 4 s; dropped
            // ten-stacks rested up to 0.005 rad off upright). Point by point is Box2D v3's
            // soft step, which is stable.
            let x1: FloatW = v.relative(c.rAx1, c.rAy1, c.rBx1, c.rBy1, nx, ny) + bias1
            let x2: FloatW = v.relative(c.rAx2, c.rAy2, c.rBx2, c.rBy2, nx, ny) + bias2
            let k1: FloatW = c.invK11 * x1 + c.invK12 * x2
            let k2: FloatW = c.invK12 * x1 + c.invK22 * x2
            var d1: FloatW = zero - ms1 * k1 - is1 * c.normalImpulse1
            var d2: FloatW = zero - ms2 * k2 - is2 * c.normalImpulse2
            let t1: FloatW = c.normalImpulse1 + d1, t2: FloatW = c.normalImpulse2 + d2
            let sameScales = useBias ? (pen1 .== pen2) : allTrue
            let ok = c.block .& sameScales .& (t1 .>= 0) .& (t2 .>= 0)
            let notOK = ok .^ allTrue
            d1.replace(with: 0, where: notOK); d2.replace(with: 0, where: notOK)
            c.normalImpulse1 += d1; c.normalImpulse2 += d2
            c.maxNormalImpulse1 = wmax(c.maxNormalImpulse1, d1)
            c.maxNormalImpulse2 = wmax(c.maxNormalImpulse2, d2)
            v.apply(d1, nx, ny, c.rAx1, c.rAy1, c.rBx1, c.rBy1, c.mA, c.iA, c.mB, c.iB)
            v.apply(d2, nx, ny, c.rAx2, c.rAy2, c.rBx2, c.rBy2, c.mA, c.iA, c.mB, c.iB)

            // Point by point in the other lanes.
            if any(notOK) {
                let vn1 = v.relative(c.rAx1, c.rAy1, c.rBx1, c.rBy1, nx, ny)
                let u1: FloatW = c.normalMass1 * ms1 * (vn1 + bias1)
                var total1 = fmax0(c.normalImpulse1 - u1 - is1 * c.normalImpulse1)
                total1.replace(with: c.normalImpulse1, where: ok)
                let j1 = total1 - c.normalImpulse1
                c.normalImpulse1 = total1
                c.maxNormalImpulse1 = wmax(c.maxNormalImpulse1, j1)
                v.apply(j1, nx, ny, c.rAx1, c.rAy1, c.rBx1, c.rBy1, c.mA, c.iA, c.mB, c.iB)

                let vn2 = v.relative(c.rAx2, c.rAy2, c.rBx2, c.rBy2, nx, ny)
                let u2: FloatW = c.normalMass2 * ms2 * (vn2 + bias2)
                var total2 = fmax0(c.normalImpulse2 - u2 - is2 * c.normalImpulse2)
                total2.replace(with: c.normalImpulse2, where: ok)
                let j2 = total2 - c.normalImpulse2
                c.normalImpulse2 = total2
                c.maxNormalImpulse2 = wmax(c.maxNormalImpulse2, j2)
                v.apply(j2, nx, ny, c.rAx2, c.rAy2, c.rBx2, c.rBy2, c.mA, c.iA, c.mB, c.iB)
            }

            // Friction, point by point.
            let tx = ny, ty = zero - nx
            do {
                let vt = v.relative(c.rAx1, c.rAy1, c.rBx1, c.rBy1, tx, ty)
                let limit: FloatW = c.friction * c.normalImpulse1
                let want: FloatW = c.tangentImpulse1 - c.tangentMass1 * vt
                let total = wmin(wmax(want, zero - limit), limit)
                let j = total - c.tangentImpulse1
                c.tangentImpulse1 = total
                v.apply(j, tx, ty, c.rAx1, c.rAy1, c.rBx1, c.rBy1, c.mA, c.iA, c.mB, c.iB)
            }
            do {
                let vt = v.relative(c.rAx2, c.rAy2, c.rBx2, c.rBy2, tx, ty)
                let limit: FloatW = c.friction * c.normalImpulse2
                let want: FloatW = c.tangentImpulse2 - c.tangentMass2 * vt
                let total = wmin(wmax(want, zero - limit), limit)
                let j = total - c.tangentImpulse2
                c.tangentImpulse2 = total
                v.apply(j, tx, ty, c.rAx2, c.rAy2, c.rBx2, c.rBy2, c.mA, c.iA, c.mB, c.iB)
            }

            wcs[i] = c
            store(v, c, A0, B0, states)
        }
    }
}
