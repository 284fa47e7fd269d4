// Continuous collision against static shapes, for fast bodies (after Box2D v3's
// b2SolveContinuous, simplified to the body's centre).
//
// Speculative contacts stop a fast body that heads straight for a wall: the pair's reach
// grows with the speed it had when the step began. They miss a body whose course changes
// during the step: a 2 pt ball knocked by another ball toward a thin boundary at 200 m/s
// travels 80 pt per sub-step, and no contact with the boundary was made for it. Once its
// centre is past the boundary, the boundary pushes it the other way: it has tunnelled.
//
// After the step, each fast body (one that moved more than half its smallest extent, so
// that its centre could have crossed a wall it did not touch at the start) sweeps its centre
// from where the step began to where it ended against the static edges its shapes collide
// with: boundary and chain segments (crossed either way: an item sees a path from its own
// side), the faces of static polygons (crossed from outside in) and static circles (an
// anchored round item: entered from outside). If the sweep crosses one, the body goes back
// along its course to where its shapes, at their final rotation, are a slop in front of the
// edge (or to where it started, if that was closer), and keeps its velocity: the next step's
// speculative contact, now made, stops or bounces it. Its displacement becomes the part of
// the course it kept, which is what its rest timer reads.
// Box2D computes the time of impact of the shapes themselves; the centre's sweep costs a
// segment test per edge and answers the failure that matters, a centre on the wrong side.

extension World {
    /// After `finalizeBodies`: fast bodies whose centre crossed a static edge during the step
    /// are put back in front of it. Complexity: O(f · (log s + e)) for f fast bodies and the
    /// e static edges near each one's course, s static shapes; nothing without fast bodies
    /// or static shapes.
    func solveContinuous() {
        guard !broadPhase.staticTree.isEmpty else { return }
        var found = continuousScratch
        continuousScratch = []
        for bi in awakeBodies {
            let b = Int(bi)
            let dp = states[b].dp
            let minExtent = sims[b].minExtent
            guard dp.lengthSquared > 0.25 * minExtent * minExtent, infos[b].firstShape >= 0 else { continue }
            let c1 = sims[b].center, c0 = c1 - dp
            found.removeAll(keepingCapacity: true)
            let course = AABB(lower: Vec2(min(c0.x, c1.x), min(c0.y, c1.y)), upper: Vec2(max(c0.x, c1.x), max(c0.y, c1.y)))
            broadPhase.staticTree.query(course, into: &found)
            var earliest = 1.0
            for s in found {
                let shape = shapes[Int(s)]
                guard shape.alive, collides(body: b, with: shape.filter) else { continue }
                let xf = sims[Int(shape.body)].transform
                if shape.kind == .circle {
                    if let u = crossing(body: b, from: c0, to: c1, circle: xf.apply(shape.center), radius: shape.radius) {
                        earliest = min(earliest, u)
                    }
                    continue
                }
                let start = Int(shape.vertexStart), count = Int(shape.vertexCount)
                // A chain segment's edge is vertices 1–2 (0 and 3 are its ghosts); a
                // two-vertex polygon is a segment; a polygon's edges run all around.
                let edges: Range<Int>
                let twoSided: Bool
                switch shape.kind {
                case .chainSegment: edges = 1..<2; twoSided = true
                case .polygon: edges = 0..<(count == 2 ? 1 : count); twoSided = count == 2
                case .circle: continue
                }
                for k in edges {
                    let p1 = xf.apply(vertices[start + k]), p2 = xf.apply(vertices[start + (k + 1) % count])
                    if let u = crossing(body: b, from: c0, to: c1, edge: p1, p2, twoSided: twoSided) {
                        earliest = min(earliest, u)
                    }
                }
            }
            guard earliest < 1 else { continue }
            let c = c0 + earliest * dp
            sims[b].center = c
            sims[b].transform.p = c - sims[b].transform.q.rotate(sims[b].localCenter)
            states[b].dp = earliest * dp // the step's net displacement, for its rest timer
            continuousCount += 1
        }
        continuousScratch = found
    }

    /// Whether any shape of body `b` collides with a shape of `filter`.
    private func collides(body b: Int, with filter: Filter) -> Bool {
        var si = infos[b].firstShape
        while si >= 0 {
            if Filter.shouldCollide(shapes[Int(si)].filter, filter) { return true }
            si = shapes[Int(si)].nextShape
        }
        return false
    }

    /// Where along its course c0 → c1 (0…1) body `b` must stop to stay a slop in front of the
    /// edge p1 → p2 its centre crossed, or nil if the centre did not cross it. A one-sided
    /// edge (a polygon's face, outward normal on the right of p1 → p2) only counts when
    /// crossed from its front.
    private func crossing(body b: Int, from c0: Vec2, to c1: Vec2, edge p1: Vec2, _ p2: Vec2, twoSided: Bool) -> Double? {
        let e = p2 - p1
        let length2 = e.lengthSquared
        guard length2 > 0 else { return nil }
        var n = (1 / length2.squareRoot()) * e.rightPerp
        var d1 = dot(c0 - p1, n), d2 = dot(c1 - p1, n)
        if twoSided && d1 < 0 { n = -n; d1 = -d1; d2 = -d2 }
        guard d1 > 0, d2 <= 0 else { return nil }
        // The crossing point must lie on the edge (past its ends the centre went around it).
        let t = d1 / (d1 - d2)
        let x = c0 + t * (c1 - c0)
        let along = dot(x - p1, e)
        guard along >= 0, along <= length2 else { return nil }
        // How far the body's shapes reach toward the edge from its centre, at its final pose.
        let target = reach(of: b, toward: -n) + Tuning.linearSlop
        return (d1 - min(d1, target)) / (d1 - d2)
    }

    /// Where along its course c0 → c1 (0…1) body `b` must stop to stay a slop outside the
    /// static circle (center, radius) its centre entered, or nil if it did not enter it.
    private func crossing(body b: Int, from c0: Vec2, to c1: Vec2, circle center: Vec2, radius: Double) -> Double? {
        let d = c1 - c0, f = c0 - center
        let a = d.lengthSquared, half = dot(f, d), c = f.lengthSquared - radius * radius
        guard a > 0, c > 0 else { return nil } // no motion, or it starts inside
        let disc = half * half - a * c
        guard disc >= 0 else { return nil }
        let t = (-half - disc.squareRoot()) / a // first time at the radius
        guard t >= 0, t <= 1 else { return nil }
        let hit = c0 + t * d
        let n = (1 / radius) * (hit - center) // outward at the hit
        let r = radius + reach(of: b, toward: -n) + Tuning.linearSlop
        let cr = f.lengthSquared - r * r
        guard cr > 0 else { return 0 } // it started closer than that
        let discR = half * half - a * cr
        return discR >= 0 ? max(0, (-half - discR.squareRoot()) / a) : t
    }

    /// The furthest any shape of body `b` reaches from its centre along the unit direction
    /// `d`, at its current pose (m).
    private func reach(of b: Int, toward d: Vec2) -> Double {
        let q = sims[b].transform.q, local = sims[b].localCenter
        var best = 0.0
        var si = infos[b].firstShape
        while si >= 0 {
            let s = shapes[Int(si)]
            switch s.kind {
            case .circle:
                best = max(best, dot(q.rotate(s.center - local), d) + s.radius)
            case .polygon, .chainSegment:
                for k in 0..<Int(s.vertexCount) {
                    best = max(best, dot(q.rotate(vertices[Int(s.vertexStart) + k] - local), d))
                }
            }
            si = s.nextShape
        }
        return best
    }
}
