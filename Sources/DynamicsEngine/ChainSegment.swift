// Chain segments: the pieces of path boundaries (and of the reference bounds), collided as
// one-sided smooth segments in the manner of Box2D v3's chain shapes.
//
// A path flattened into straight segments has interior vertices. Collided as independent
// two-sided segments, a box sliding along the path meets each vertex as a corner of its own
// and can catch on it: the segment past a convex vertex pushes the box back along the path
// (the known issue of a square snapped from under a closed rectangular barrier, stopped at
// its corner with the snap stretched by 230 pt). A chain segment knows its neighbours (the
// "ghost" vertices before and after it) and admits only contact normals inside the smooth
// cone at each end: at a convex vertex, normals between its own normal and its neighbour's;
// at a concave one, its own normal. Anything else belongs to the neighbour, so a sliding item
// meets one smooth surface.
//
// Box2D's chains are one-sided (a loop collides from outside only). UIKit's path boundaries
// collide from either side — items lie inside a rounded-rect container or outside a barrier
// — so each contact picks a side when it is found and keeps it while touching: the side of
// the path the item's centroid is on, judged by the nearest feature of the segment and its
// neighbours (at a shared vertex, by the sum of the two normals). The segment is then seen
// from that side, i.e. reversed for an item on its left, and collides one-sided from there.
//
// Layout in the world's vertex pool: [ghost1, p1, p2, ghost2]. A free end (the first or last
// point of an open path) has its ghost equal to its end point; there the cone is the end cap
// (normals from the segment's normal round to the segment's direction), so items meet the
// ends of open paths as they meet a segment's end.

/// A chain segment in one frame, seen from its right side (rightPerp of p1→p2).
struct ChainSegmentView {
    var ghost1: Vec2
    var p1: Vec2
    var p2: Vec2
    var ghost2: Vec2

    var hasGhost1: Bool { ghost1 != p1 }
    var hasGhost2: Bool { ghost2 != p2 }

    init(ghost1: Vec2, p1: Vec2, p2: Vec2, ghost2: Vec2) {
        self.ghost1 = ghost1; self.p1 = p1; self.p2 = p2; self.ghost2 = ghost2
    }

    /// The four pool vertices starting at `v`, seen from the right (or, `reversed`, from the left).
    init(_ v: UnsafePointer<Vec2>, reversed: Bool) {
        if reversed { self.init(ghost1: v[3], p1: v[2], p2: v[1], ghost2: v[0]) } else { self.init(ghost1: v[0], p1: v[1], p2: v[2], ghost2: v[3]) }
    }
}

/// Where a normal falls in a segment's smooth cones (the Gauss map of the path near it).
private enum ConeClass {
    /// Outside the cone at a convex vertex: the neighbour owns it.
    case skip
    /// Inside the cone: a normal this segment may push along.
    case admit
    /// Toward a concave vertex: the segment's own normal is the one to use.
    case snap
}

/// The segment's frame relative to p1, with its ends' cones.
private struct SmoothParams {
    var e1: Vec2
    var n1: Vec2
    /// Tail: the neighbour's normal (or the cap direction at a free end) and convexity.
    var n0: Vec2
    var convex1: Bool
    var hasNeighbor1: Bool
    /// Head, likewise.
    var n2: Vec2
    var convex2: Bool
    var hasNeighbor2: Bool

    /// The two sides count as one straight line below this sine of the turn.
    static let convexTolerance = 0.01
    /// Normals this far (sine) outside a cone still count as inside it.
    static let sinTolerance = 0.01

    init(_ s: ChainSegmentView) {
        e1 = (s.p2 - s.p1).normalized
        n1 = e1.rightPerp
        hasNeighbor1 = s.hasGhost1
        if hasNeighbor1 {
            let e0 = (s.p1 - s.ghost1).normalized
            n0 = e0.rightPerp
            convex1 = cross(e0, e1) >= SmoothParams.convexTolerance
        } else {
            n0 = -e1; convex1 = true
        }
        hasNeighbor2 = s.hasGhost2
        if hasNeighbor2 {
            let e2 = (s.ghost2 - s.p2).normalized
            n2 = e2.rightPerp
            convex2 = cross(e1, e2) >= SmoothParams.convexTolerance
        } else {
            n2 = e1; convex2 = true
        }
    }

    /// Classifies `n`, a normal from the segment toward the other shape.
    func classify(_ n: Vec2) -> ConeClass {
        if dot(n, e1) <= 0 {
            if !convex1 { return .snap }
            return cross(n, n0) > SmoothParams.sinTolerance ? .skip : .admit
        }
        if !convex2 { return .snap }
        return cross(n2, n) > SmoothParams.sinTolerance ? .skip : .admit
    }
}

extension Collide {
    /// Whether `c` (same frame as the pool vertices at `v`) lies on the right of the chain
    /// near this segment: the sign of the offset from the nearest point of the segment and
    /// its two neighbours, measured along that piece's normal (at a vertex shared by two
    /// pieces, along the sum of their normals). O(1).
    static func chainSide(_ v: UnsafePointer<Vec2>, _ c: Vec2) -> Bool {
        let s = ChainSegmentView(v, reversed: false)
        // Pieces in chain order: [ghost1, p1], [p1, p2], [p2, ghost2].
        var best = Double.greatestFiniteMagnitude
        var sign = 1.0
        for k in 0..<3 {
            if k == 0 && !s.hasGhost1 { continue }
            if k == 2 && !s.hasGhost2 { continue }
            let a = v[k], b = v[k + 1]
            let d = b - a
            let dd = dot(d, d)
            if dd <= 0 { continue }
            let t = min(max(dot(c - a, d) / dd, 0), 1)
            let q = a + t * d
            let dist2 = (c - q).lengthSquared
            if dist2 >= best { continue }
            best = dist2
            var normal = d.rightPerp.normalized
            // At a vertex shared with the next or previous piece, use the pseudo-normal.
            if t == 1 && k < 2 && (k + 1 < 2 || s.hasGhost2) {
                let next = v[k + 2] - v[k + 1]
                if next.lengthSquared > 0 { normal = normal + next.rightPerp.normalized }
            } else if t == 0 && k > 0 && (k - 1 > 0 || s.hasGhost1) {
                let prev = v[k] - v[k - 1]
                if prev.lengthSquared > 0 { normal = normal + prev.rightPerp.normalized }
            }
            sign = dot(normal, c - q) >= 0 ? 1 : -1
        }
        return sign > 0
    }

    /// A chain segment (pool vertices at `v`, in A's body frame; reversed to see it from
    /// its left) against a convex polygon. The separating axis test runs over the
    /// segment's normal, its convex neighbours' normals (which, when they separate more,
    /// hand the contact to the neighbour) and the polygon's normals admitted by the smooth
    /// cones; the winning face is the reference for clipping, as for two polygons. Work
    /// is in A's frame relative to p1 to limit round-off. `scratch` holds 2 × `b.count`
    /// vectors, `segmentScratch` 4.
    static func chainSegmentAndPolygon(_ v: UnsafePointer<Vec2>, reversed: Bool, _ xfA: Transform,
                                       _ b: PolygonRef, _ xfB: Transform, speculative: Double,
                                       scratch: UnsafeMutablePointer<Vec2>, segmentScratch: UnsafeMutablePointer<Vec2>) -> Manifold {
        let seg = ChainSegmentView(v, reversed: reversed)
        let sfA = Transform(p: xfA.p + xfA.q.rotate(seg.p1), q: xfA.q)
        let local = ChainSegmentView(ghost1: seg.ghost1 - seg.p1, p1: .zero, p2: seg.p2 - seg.p1, ghost2: seg.ghost2 - seg.p1)
        let params = SmoothParams(local)
        let p2 = local.p2
        let xf = sfA.invMul(xfB)
        let count = b.count
        let bv = scratch, bn = scratch + count
        var centroid = Vec2.zero
        for i in 0..<count {
            bv[i] = xf.apply(b.vertices[i])
            bn[i] = xf.q.rotate(b.normals[i])
            centroid = centroid + bv[i]
        }
        centroid = (1 / Double(count)) * centroid

        // One-sided: nothing when the polygon is behind the segment and its convex neighbours.
        let behind1 = dot(params.n1, centroid) < 0
        let behind0 = params.convex1 ? dot(params.n0, centroid) < 0 : true
        let behind2 = params.convex2 ? dot(params.n2, centroid - p2) < 0 : true
        if behind1 && behind0 && behind2 { return Manifold() }

        // The segment's own axis, then its convex ends' axes.
        var edgeSeparation = Double.greatestFiniteMagnitude
        var incident = 0
        for i in 0..<count {
            let s = dot(params.n1, bv[i])
            if s < edgeSeparation { edgeSeparation = s; incident = i }
        }
        if edgeSeparation > speculative { return Manifold() }
        // 0: the segment owns its axis; 1 or 2: that end's neighbour (or free end cap) does.
        var owner = 0
        if params.convex1 {
            var s0 = Double.greatestFiniteMagnitude
            for i in 0..<count { s0 = min(s0, dot(params.n0, bv[i])) }
            if s0 > edgeSeparation { edgeSeparation = s0; owner = 1 }
        }
        if params.convex2 {
            var s2 = Double.greatestFiniteMagnitude
            for i in 0..<count { s2 = min(s2, dot(params.n2, bv[i] - p2)) }
            if s2 > edgeSeparation { edgeSeparation = s2; owner = 2 }
        }

        // The polygon's axes whose normal (seen from the segment) lies in a smooth cone.
        var polygonSeparation = -Double.greatestFiniteMagnitude
        var reference = -1
        for i in 0..<count {
            let m = bn[i]
            guard params.classify(-m) == .admit else { continue }
            let s = min(dot(m, -bv[i]), dot(m, p2 - bv[i]))
            if s > polygonSeparation { polygonSeparation = s; reference = i }
        }
        if reference >= 0 && polygonSeparation > speculative { return Manifold() }

        let sv = segmentScratch, sn = segmentScratch + 2
        sv[0] = .zero; sv[1] = p2; sn[0] = params.n1; sn[1] = -params.n1
        var m: Manifold
        // A small bias keeps the segment's face as reference on a tie (stable feature ids,
        // no flip-flop), as for two polygons.
        if reference >= 0 && polygonSeparation > edgeSeparation + 0.1 * Tuning.linearSlop {
            // The polygon's face is the reference. If the segment's deeper end is one whose
            // neighbour faces the polygon's face better, the neighbour is the incident edge:
            // it makes this contact.
            let mref = bn[reference]
            let d1 = dot(mref, -bv[reference]), d2 = dot(mref, p2 - bv[reference])
            if d1 < d2 {
                if params.hasNeighbor1 && dot(params.convex1 ? params.n0 : params.n1, mref) < dot(params.n1, mref) { return Manifold() }
            } else {
                if params.hasNeighbor2 && dot(params.convex2 ? params.n2 : params.n1, mref) < dot(params.n1, mref) { return Manifold() }
            }
            m = clip(bv, bn, count, reference, sv, 2, 0, flip: true)
        } else if owner != 0 {
            // A neighbour's axis separates more: the neighbour makes the contact. A free end
            // has no neighbour: its cap touches the polygon at the end point, along the cap.
            let free = owner == 1 ? !params.hasNeighbor1 : !params.hasNeighbor2
            guard free, edgeSeparation <= speculative else { return Manifold() }
            let n = owner == 1 ? params.n0 : params.n2
            let end = owner == 1 ? Vec2.zero : p2
            m = Manifold()
            m.normal = n
            m.p0.anchorA = end + (0.5 * edgeSeparation) * n
            m.p0.separation = edgeSeparation
            m.p0.id = makeID(owner == 1 ? 0 : 1, 0xFF)
            m.pointCount = 1
        } else {
            // The segment's face is the reference; the incident edge is the one at the
            // deepest vertex that faces it most.
            let prev = incident == 0 ? count - 1 : incident - 1
            let edge = dot(bn[prev], params.n1) < dot(bn[incident], params.n1) ? prev : incident
            m = clip(sv, sn, 2, 0, bv, count, edge, flip: false)
        }
        finish(&m, sfA, xfB, origin: .zero, maxSeparation: speculative)
        // `finish` measured anchorA from p1; re-base it on A's body origin.
        let shift = xfA.q.rotate(seg.p1)
        for i in 0..<m.pointCount { m[i].anchorA = m[i].anchorA + shift }
        return m
    }

    /// A chain segment against a circle: one-sided, and a circle whose centre lies in a
    /// neighbour's region (past an end, where the neighbour continues) is the neighbour's.
    static func chainSegmentAndCircle(_ v: UnsafePointer<Vec2>, reversed: Bool, _ xfA: Transform,
                                      center: Vec2, radius: Double, _ xfB: Transform, speculative: Double) -> Manifold {
        let seg = ChainSegmentView(v, reversed: reversed)
        let sfA = Transform(p: xfA.p + xfA.q.rotate(seg.p1), q: xfA.q)
        let p2 = seg.p2 - seg.p1
        let c = sfA.invMul(xfB).apply(center)
        if dot(p2.rightPerp, c) < 0 { return Manifold() }
        let u = dot(p2, p2 - c), w = dot(p2, c)
        let closest: Vec2
        if w <= 0 {
            // Before p1: the previous segment's, unless the centre is past its end too.
            if seg.hasGhost1 && dot(seg.p1 - seg.ghost1, c) <= 0 { return Manifold() }
            closest = .zero
        } else if u <= 0 {
            if seg.hasGhost2 && dot(seg.ghost2 - seg.p2, c - p2) > 0 { return Manifold() }
            closest = p2
        } else {
            closest = (w / dot(p2, p2)) * p2
        }
        let d = c - closest
        let dist = d.length
        let separation = dist - radius
        if separation > speculative || dist < 1e-12 { return Manifold() }
        let n = (1 / dist) * d
        var m = Manifold()
        m.normal = n
        m.p0.anchorA = lerp(closest, c - radius * n, 0.5)
        m.p0.separation = separation
        m.p0.carrier = .bCentre
        m.pointCount = 1
        finish(&m, sfA, xfB, origin: .zero, maxSeparation: speculative)
        let shift = xfA.q.rotate(seg.p1)
        m.p0.anchorA = m.p0.anchorA + shift
        return m
    }
}
