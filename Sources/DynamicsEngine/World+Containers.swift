// Containers: a closed wall around a rectangle that no dynamic body may end a step outside.
//
// A chain is one-sided: it pushes a shape back only while the shape is on its front side. A
// small item spinning fast can carry a corner, then its center, past a wall within one step
// (a 1 pt box at 5000 pt/s bouncing in a corner: the contact's impulse at one corner spins
// it faster than the manifold's points follow). Once its center is behind the wall, the wall
// no longer acts and the item is gone for good. Box2D answers with continuous collision
// against static shapes; this engine answers for the one closed wall it knows the inside of,
// the rectangle the model builds around its reference bounds: after each step, a body that
// collides with the container's walls and whose center ended outside it is put back inside,
// its outward speed reflected with the walls' restitution. It only acts where the contacts
// already failed, so ordinary steps compute exactly what they did.

/// A rectangle whose walls belong to a static body.
struct Container {
    var body: Int32
    var box: AABB
    var filter: Filter
    var restitution: Double
}

extension World {
    /// Makes the static body `bodyID` a container: dynamic bodies whose shapes collide with
    /// `filter` never end a step with their center outside `box` (m). Replaces any earlier
    /// container of the same body; destroying the body removes it. Complexity: O(n) per
    /// step for n awake bodies while any container exists.
    public func setContainer(_ bodyID: BodyID, box: AABB, filter: Filter, restitution: Double) {
        let body = checked(bodyID)
        precondition(infos[body].type == .static, "a container is a static body's")
        precondition(box.lower.x < box.upper.x && box.lower.y < box.upper.y, "a container needs a positive size")
        containers.removeAll { $0.body == Int32(body) }
        containers.append(Container(body: Int32(body), box: box, filter: filter, restitution: max(0, restitution)))
    }

    /// The filter of `bodyID`'s container, if it has one (a behavior's bit moved).
    public func setContainerFilter(of bodyID: BodyID, _ filter: Filter) {
        let body = Int32(checked(bodyID))
        for k in containers.indices where containers[k].body == body { containers[k].filter = filter }
    }

    /// After the step: bodies whose center left a container go back inside it.
    func keepInContainers() {
        guard !containers.isEmpty else { return }
        // Back inside by the slop, so the walls' contacts see the body in front of them.
        let inset = Tuning.linearSlop
        for k in containers.indices {
            let c = containers[k]
            let lo = c.box.lower, hi = c.box.upper
            for bi in awakeBodies {
                let b = Int(bi)
                let p = sims[b].center
                guard p.x < lo.x || p.x > hi.x || p.y < lo.y || p.y > hi.y else { continue }
                // Only bodies that collide with these walls (an item of another collision
                // behavior may be anywhere).
                var collides = false
                var si = infos[b].firstShape
                while si >= 0 {
                    if Filter.shouldCollide(shapes[Int(si)].filter, c.filter) { collides = true; break }
                    si = shapes[Int(si)].nextShape
                }
                guard collides else { continue }
                let x0 = min(lo.x + inset, 0.5 * (lo.x + hi.x)), x1 = max(hi.x - inset, 0.5 * (lo.x + hi.x))
                let y0 = min(lo.y + inset, 0.5 * (lo.y + hi.y)), y1 = max(hi.y - inset, 0.5 * (lo.y + hi.y))
                var v = states[b].v
                var q = p
                if p.x < x0 { q.x = x0; if v.x < 0 { v.x = -c.restitution * v.x } }
                if p.x > x1 { q.x = x1; if v.x > 0 { v.x = -c.restitution * v.x } }
                if p.y < y0 { q.y = y0; if v.y < 0 { v.y = -c.restitution * v.y } }
                if p.y > y1 { q.y = y1; if v.y > 0 { v.y = -c.restitution * v.y } }
                states[b].v = v
                states[b].dp += q - p // the step's net displacement, for its rest timer
                sims[b].center = q
                sims[b].transform.p = q - sims[b].transform.q.rotate(sims[b].localCenter)
                containedCount += 1
            }
        }
    }
}
