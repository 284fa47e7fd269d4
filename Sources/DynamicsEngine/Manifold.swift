// Contact manifolds: up to two points where two convex shapes touch or may touch soon.
//
// Every shape is a convex polygon (a boundary segment is a two-sided, two-vertex polygon)
// or a circle. Manifolds are computed in shape A's frame to limit round-off and carry
// speculative points: a point is kept while its separation is below `speculativeDistance`,
// and the solver lets the bodies close that gap within the step but no further. The
// distance grows with the pair's relative speed, which is how fast items never tunnel
// through boundaries or thin items (no separate time-of-impact pass is needed).

/// One contact point. Anchors are relative to each body's centre of mass, in world axes.

struct ManifoldPoint: Sendable {
    var anchorA = Vec2.zero
    var anchorB = Vec2.zero
    /// World position of the point (midway between the surfaces).
    var point = Vec2.zero
    /// Negative when overlapping.
    var separation = 0.0
    /// The separation when the manifold was last computed; a recycled contact adds the
    /// bodies' relative motion since then (see `World.collide`).
    var cachedSeparation = 0.0
    /// Accumulated impulses of the last step, for warm starting.
    var normalImpulse = 0.0
    var tangentImpulse = 0.0
    /// Feature key that matches points across steps for warm starting.
    var id: UInt16 = 0
    /// Which body carries the point while its contact is recycled (see `World.recycle`).
    var carrier = PointCarrier.a
    /// The carrier's anchor when the manifold was computed (recycling moves the anchors).
    var cachedAnchor = Vec2.zero
}

/// What a contact point stays attached to while its manifold is recycled: the feature
/// that made it. A point clipped to the reference face's side plane sits at that face's
/// end, so it moves with the reference body, while an incident vertex moves with its own
/// body. A point on a circle stays where the normal meets the circle, whatever the spin.
/// Moving each point with its carrier keeps the lever arms right as bodies slide: a square
/// sliding along the end of a barrier is pushed at the barrier's end, not at a point that
/// slid past it (which held it in place in a port test).
enum PointCarrier: UInt8 {
    case a, b
    /// B's centre, without B's rotation (circles).
    case bCentre
}


struct Manifold: Sendable {
    /// First, so that the passes that only ask whether there is a manifold read the
    /// contact's first cache line.
    var pointCount = 0
    /// From A to B, world axes.
    var normal = Vec2.zero
    var p0 = ManifoldPoint()
    var p1 = ManifoldPoint()

    @inline(__always) subscript(i: Int) -> ManifoldPoint {
        get { i == 0 ? p0 : p1 }
        set { if i == 0 { p0 = newValue } else { p1 = newValue } }
    }
}

@inline(__always) func makeID(_ a: Int, _ b: Int) -> UInt16 { UInt16(truncatingIfNeeded: (a & 0xFF) << 8 | (b & 0xFF)) }

/// A convex polygon seen through a pointer into the world's vertex pools.

struct PolygonRef {
    var vertices: UnsafePointer<Vec2>
    var normals: UnsafePointer<Vec2>
    var count: Int
}

enum Collide {
    /// Fills in the world-space anchors of a manifold computed in A's local frame.
    @inline(__always)
    static func finish(_ m: inout Manifold, _ xfA: Transform, _ xfB: Transform, origin: Vec2, maxSeparation: Double) {
        m.normal = xfA.q.rotate(m.normal)
        var kept = 0
        for i in 0..<m.pointCount {
            var mp = m[i]
            if mp.separation > maxSeparation { continue }
            mp.anchorA = xfA.q.rotate(mp.anchorA + origin)
            mp.anchorB = mp.anchorA + (xfA.p - xfB.p)
            mp.point = xfA.p + mp.anchorA
            m[kept] = mp
            kept += 1
        }
        m.pointCount = kept
    }

    static func circles(centerA: Vec2, radiusA: Double, _ xfA: Transform,
                        centerB: Vec2, radiusB: Double, _ xfB: Transform, speculative: Double) -> Manifold {
        var m = Manifold()
        let xf = xfA.invMul(xfB)
        let pA = centerA, pB = xf.apply(centerB)
        let d = pB - pA
        let dist = d.length
        let sep = dist - radiusA - radiusB
        if sep > speculative { return m }
        let n = dist > 1e-12 ? Vec2(d.x / dist, d.y / dist) : Vec2(0, 1)
        let cA = pA + radiusA * n, cB = pB - radiusB * n
        m.normal = n
        m.p0.anchorA = lerp(cA, cB, 0.5)
        m.p0.separation = sep
        m.p0.carrier = .bCentre
        m.pointCount = 1
        finish(&m, xfA, xfB, origin: .zero, maxSeparation: speculative)
        return m
    }

    static func polygonAndCircle(_ poly: PolygonRef, _ xfA: Transform,
                                 center: Vec2, radius: Double, _ xfB: Transform, speculative: Double) -> Manifold {
        var m = Manifold()
        let xf = xfA.invMul(xfB)
        let c = xf.apply(center)
        var normalIndex = 0
        var separation = -Double.greatestFiniteMagnitude
        for i in 0..<poly.count {
            let s = dot(poly.normals[i], c - poly.vertices[i])
            if s > separation { separation = s; normalIndex = i }
        }
        if separation > radius + speculative { return m }
        let v1 = poly.vertices[normalIndex]
        let v2 = poly.vertices[normalIndex + 1 < poly.count ? normalIndex + 1 : 0]
        let u1 = dot(c - v1, v2 - v1)
        let u2 = dot(c - v2, v1 - v2)
        if (u1 < 0 || u2 < 0) && separation > 1e-9 {
            // The centre is in a vertex region, safely outside.
            let v = u1 < 0 ? v1 : v2
            let d = c - v
            let dist = d.length
            if dist - radius > speculative { return m }
            let n = Vec2(d.x / dist, d.y / dist)
            let cB = c - radius * n
            m.normal = n
            m.p0.anchorA = lerp(v, cB, 0.5)
            m.p0.separation = dist - radius
        } else {
            // Face region; the centre may be inside.
            let n = poly.normals[normalIndex]
            let cA = c - dot(c - v1, n) * n
            let cB = c - radius * n
            m.normal = n
            m.p0.anchorA = lerp(cA, cB, 0.5)
            m.p0.separation = separation - radius
        }
        m.p0.carrier = .bCentre
        m.pointCount = 1
        finish(&m, xfA, xfB, origin: .zero, maxSeparation: speculative)
        return m
    }

    /// Largest separation of `b` from `a` along `a`'s edge normals, or the first one above
    /// `limit` (the caller then drops the pair, so which axis separates more is moot).
    /// An axis stops being measured once it can no longer beat the best so far: its
    /// separation only falls as more of `b`'s vertices are tried.
    @inline(__always)
    private static func maxSeparation(_ a: UnsafePointer<Vec2>, _ an: UnsafePointer<Vec2>, _ ac: Int,
                                      _ b: UnsafePointer<Vec2>, _ bc: Int, limit: Double) -> (edge: Int, separation: Double) {
        var best = 0
        var maxSep = -Double.greatestFiniteMagnitude
        for i in 0..<ac {
            let n = an[i], v = a[i]
            var si = Double.greatestFiniteMagnitude
            var beaten = false
            for j in 0..<bc {
                let s = dot(n, b[j] - v)
                if s < si {
                    si = s
                    if si <= maxSep { beaten = true; break }
                }
            }
            if beaten { continue }
            maxSep = si; best = i
            if si > limit { break }
        }
        return (best, maxSep)
    }

    /// Clips the incident edge against the reference edge's side planes.
    @inline(__always)
    static func clip(_ v1: UnsafePointer<Vec2>, _ n1: UnsafePointer<Vec2>, _ c1: Int, _ e1: Int,
                             _ v2: UnsafePointer<Vec2>, _ c2: Int, _ e2: Int, flip: Bool) -> Manifold {
        var m = Manifold()
        let i11 = e1, i12 = e1 + 1 < c1 ? e1 + 1 : 0
        let i21 = e2, i22 = e2 + 1 < c2 ? e2 + 1 : 0
        let normal = n1[i11]
        let v11 = v1[i11], v12 = v1[i12]
        let v21 = v2[i21], v22 = v2[i22]
        let tangent = normal.leftPerp
        let lower1 = 0.0, upper1 = dot(v12 - v11, tangent)
        // The incident edge runs against the tangent (both polygons wind the same way).
        let upper2 = dot(v21 - v11, tangent), lower2 = dot(v22 - v11, tangent)
        var vLower = v22, vUpper = v21
        let lowerClipped = lower2 < lower1 && upper2 - lower2 > 1e-12
        let upperClipped = upper2 > upper1 && upper2 - lower2 > 1e-12
        if lowerClipped {
            vLower = lerp(v22, v21, (lower1 - lower2) / (upper2 - lower2))
        }
        if upperClipped {
            vUpper = lerp(v22, v21, (upper1 - lower2) / (upper2 - lower2))
        }
        // A clipped point sits at the reference face's end (polygon 1); the others are
        // polygon 2's vertices. Polygon 1 is the contact's A unless `flip`.
        let reference: PointCarrier = flip ? .b : .a, incident: PointCarrier = flip ? .a : .b
        let sLower = dot(vLower - v11, normal), sUpper = dot(vUpper - v11, normal)
        vLower = vLower - (0.5 * sLower) * normal
        vUpper = vUpper - (0.5 * sUpper) * normal
        if !flip {
            m.normal = normal
            m.p0.anchorA = vLower; m.p0.separation = sLower; m.p0.id = makeID(i11, i22)
            m.p1.anchorA = vUpper; m.p1.separation = sUpper; m.p1.id = makeID(i12, i21)
            m.p0.carrier = lowerClipped ? reference : incident
            m.p1.carrier = upperClipped ? reference : incident
        } else {
            m.normal = -normal
            m.p0.anchorA = vUpper; m.p0.separation = sUpper; m.p0.id = makeID(i21, i12)
            m.p1.anchorA = vLower; m.p1.separation = sLower; m.p1.id = makeID(i22, i11)
            m.p0.carrier = upperClipped ? reference : incident
            m.p1.carrier = lowerClipped ? reference : incident
        }
        m.pointCount = 2
        return m
    }

    /// Closest points of segments p1q1 and p2q2 (Ericson 5.1.9): fractions and squared distance.
    @inline(__always)
    private static func segmentDistance(_ p1: Vec2, _ q1: Vec2, _ p2: Vec2, _ q2: Vec2) -> (f1: Double, f2: Double, d2: Double) {
        let d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2
        let dd1 = dot(d1, d1), dd2 = dot(d2, d2), rd1 = dot(r, d1), rd2 = dot(r, d2)
        var f1 = 0.0, f2 = 0.0
        if dd1 < 1e-18 || dd2 < 1e-18 {
            if dd1 >= 1e-18 { f1 = min(max(-rd1 / dd1, 0), 1) } else if dd2 >= 1e-18 { f2 = min(max(rd2 / dd2, 0), 1) }
        } else {
            let d12 = dot(d1, d2)
            let denom = dd1 * dd2 - d12 * d12
            f1 = denom != 0 ? min(max((d12 * rd2 - rd1 * dd2) / denom, 0), 1) : 0
            f2 = (d12 * f1 + rd2) / dd2
            if f2 < 0 { f2 = 0; f1 = min(max(-rd1 / dd1, 0), 1) }
            else if f2 > 1 { f2 = 1; f1 = min(max((d12 - rd1) / dd1, 0), 1) }
        }
        let c1 = p1 + f1 * d1, c2 = p2 + f2 * d2
        return (f1, f2, (c1 - c2).lengthSquared)
    }

    /// Polygon–polygon manifold by the separating axis test and reference-face clipping.
    /// `scratch` must hold 2 × `b.count` vectors.
    static func polygons(_ a: PolygonRef, _ xfA: Transform, _ b: PolygonRef, _ xfB: Transform,
                         speculative: Double, scratch: UnsafeMutablePointer<Vec2>, scratchA: UnsafeMutablePointer<Vec2>) -> Manifold {
        // Work in A's frame shifted to A's first vertex to limit round-off.
        let origin = a.vertices[0]
        let sfA = Transform(p: xfA.p + xfA.q.rotate(origin), q: xfA.q)
        let xf = sfA.invMul(xfB)
        let av = scratchA
        for i in 0..<a.count { av[i] = a.vertices[i] - origin }
        let bv = scratch, bn = scratch + b.count
        for i in 0..<b.count { bv[i] = xf.apply(b.vertices[i]) }
        // Most pairs handed over are apart (their swept boxes overlap, the shapes do not):
        // an axis of A that separates them makes B's axes (and B's rotated normals) unnecessary.
        var (edgeA, sepA) = maxSeparation(av, a.normals, a.count, bv, b.count, limit: speculative)
        if sepA > speculative { return Manifold() }
        for i in 0..<b.count { bn[i] = xf.q.rotate(b.normals[i]) }
        var (edgeB, sepB) = maxSeparation(bv, bn, b.count, av, a.count, limit: speculative)
        if sepB > speculative { return Manifold() }

        // Reference face: the one that separates more (Box2D v3's current rule). The older
        // rule kept A's face unless B's separated more by 0.1 slop; between a tilted box and
        // a flat one both faces separate about as much, so A's face won whichever box A was,
        // and a tilted A pushed along its own tilted normal: sideways forces that a loaded
        // column amplified until it fell (DroppedStackTests). Choosing the flatter contact
        // face keeps the normal of a straight column straight.
        let flip = sepB > sepA
        if !flip {
            let dir = a.normals[edgeA]
            var minDot = Double.greatestFiniteMagnitude
            for i in 0..<b.count { let d = dot(dir, bn[i]); if d < minDot { minDot = d; edgeB = i } }
        } else {
            let dir = bn[edgeB]
            var minDot = Double.greatestFiniteMagnitude
            for i in 0..<a.count { let d = dot(dir, a.normals[i]); if d < minDot { minDot = d; edgeA = i } }
        }

        var m: Manifold
        if sepA > 0.1 * Tuning.linearSlop || sepB > 0.1 * Tuning.linearSlop {
            // Disjoint (Box2D v3's rule): clip the edges; only if the closest features are two
            // vertices and they are clearly further apart than the clipped points, one point
            // along the vertices' axis. The older rule took the vertex pair whenever the
            // closest points were vertices, but parallel edges that overlap have their closest
            // points at a vertex too (any point of the overlap is as close): two boxes stacked
            // exactly got one corner point, depending on round-off, and the landing box spun
            // (a dropped column of boxes fell apart near x = 30 pt and stood at x = 500 pt).
            let i11 = edgeA, i12 = edgeA + 1 < a.count ? edgeA + 1 : 0
            let i21 = edgeB, i22 = edgeB + 1 < b.count ? edgeB + 1 : 0
            let v11 = av[i11], v12 = av[i12], v21 = bv[i21], v22 = bv[i22]
            let r = segmentDistance(v11, v12, v21, v22)
            let dist = r.d2.squareRoot()
            if dist > speculative { return Manifold() }
            m = flip ? clip(bv, bn, b.count, edgeB, av, a.count, edgeA, flip: true)
                     : clip(av, a.normals, a.count, edgeA, bv, b.count, edgeB, flip: false)
            let clippedSeparation = min(m.p0.separation, m.p1.separation)
            let atVertex1 = r.f1 == 0 || r.f1 == 1
            let atVertex2 = r.f2 == 0 || r.f2 == 1
            if atVertex1 && atVertex2 && r.d2 > 1e-18 && dist + 0.1 * Tuning.linearSlop < clippedSeparation {
                let va = r.f1 == 0 ? v11 : v12, vb = r.f2 == 0 ? v21 : v22
                m = Manifold()
                m.normal = Vec2((vb.x - va.x) / dist, (vb.y - va.y) / dist)
                m.p0.anchorA = lerp(va, vb, 0.5)
                m.p0.separation = dist
                m.p0.id = makeID(r.f1 == 0 ? i11 : i12, r.f2 == 0 ? i21 : i22)
                m.pointCount = 1
            }
        } else if flip {
            m = clip(bv, bn, b.count, edgeB, av, a.count, edgeA, flip: true)
        } else {
            m = clip(av, a.normals, a.count, edgeA, bv, b.count, edgeB, flip: false)
        }
        finish(&m, sfA, xfB, origin: .zero, maxSeparation: speculative)
        // `finish` measured anchorA from the shifted origin; re-base it on A's body origin.
        let shift = xfA.q.rotate(origin)
        for i in 0..<m.pointCount {
            m[i].anchorA = m[i].anchorA + shift
        }
        return m
    }
}
