import DynamicsEngine
import Foundation

/// An item's outline as the animator simulates it, in the item's own axes (points): convex
/// polygons (rectangles, paths, ellipses as their 24-gons) and circles, one piece per shape
/// (a group has one per member).
struct Outline {
    var polygons: [[Vec2]] = []
    var circles: [(center: Vec2, radius: Double)] = []

    init(_ geometry: [PlacedShape]) {
        for placed in geometry {
            let q = Rot(angle: placed.angle)
            let offset = Units.pointsPerMeter * placed.offset
            switch placed.shape {
            case .polygon(let vertices):
                polygons.append(vertices.map { q.rotate(Units.pointsPerMeter * $0) + offset })
            case .circle(let radius):
                circles.append((offset, radius * Units.pointsPerMeter))
            }
        }
    }

    /// The farthest any point of the outline is from the item's center (points).
    var radius: Double {
        var r = 0.0
        for p in polygons { for v in p { r = max(r, v.length) } }
        for c in circles { r = max(r, c.center.length + c.radius) }
        return r
    }

    /// The pieces placed at `center` turned by `angle`.
    func placed(at center: Vec2, angle: Double) -> (polygons: [[Vec2]], circles: [(center: Vec2, radius: Double)]) {
        let xf = Transform(p: center, q: Rot(angle: angle))
        return (polygons.map { $0.map(xf.apply) }, circles.map { (xf.apply($0.center), $0.radius) })
    }

    /// The smallest upright rectangle around the outline placed at `center` turned by `angle`.
    func extent(at center: Vec2, angle: Double) -> CGRect {
        let (polys, circs) = placed(at: center, angle: angle)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in polys { for v in p { minX = min(minX, v.x); maxX = max(maxX, v.x); minY = min(minY, v.y); maxY = max(maxY, v.y) } }
        for c in circs {
            minX = min(minX, c.center.x - c.radius); maxX = max(maxX, c.center.x + c.radius)
            minY = min(minY, c.center.y - c.radius); maxY = max(maxY, c.center.y + c.radius)
        }
        guard minX <= maxX else { return CGRect(x: center.x, y: center.y, width: 0, height: 0) }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// How deep two placed outlines interpenetrate (points): the largest depth over their
    /// pairs of pieces; negative (a separation, or less) when apart.
    static func depth(_ a: (polygons: [[Vec2]], circles: [(center: Vec2, radius: Double)]),
                      _ b: (polygons: [[Vec2]], circles: [(center: Vec2, radius: Double)])) -> Double {
        var deepest = -Double.infinity
        for p in a.polygons {
            for q in b.polygons { deepest = max(deepest, polygonDepth(p, q)) }
            for c in b.circles { deepest = max(deepest, circleDepth(c, p)) }
        }
        for c in a.circles {
            for q in b.polygons { deepest = max(deepest, circleDepth(c, q)) }
            for d in b.circles { deepest = max(deepest, c.radius + d.radius - (c.center - d.center).length) }
        }
        return deepest
    }

    /// The separating-axis depth of two convex polygons: the least overlap of their
    /// projections over every edge normal (negative when an axis separates them).
    static func polygonDepth(_ p: [Vec2], _ q: [Vec2]) -> Double {
        var least = Double.infinity
        for poly in [p, q] {
            for i in poly.indices {
                let e = poly[(i + 1) % poly.count] - poly[i]
                let length = e.length
                guard length > 0 else { continue }
                let n = Vec2(-e.y / length, e.x / length)
                var pMin = Double.infinity, pMax = -Double.infinity, qMin = Double.infinity, qMax = -Double.infinity
                for v in p { let d = dot(v, n); pMin = min(pMin, d); pMax = max(pMax, d) }
                for v in q { let d = dot(v, n); qMin = min(qMin, d); qMax = max(qMax, d) }
                least = min(least, min(pMax, qMax) - max(pMin, qMin))
            }
        }
        return least
    }

    /// How deep a circle reaches into a convex polygon (negative: the gap between them).
    static func circleDepth(_ c: (center: Vec2, radius: Double), _ poly: [Vec2]) -> Double {
        var nearest = Double.infinity
        var inside = true
        // The polygon's winding, so "inside" reads the same for either.
        var area = 0.0
        for i in poly.indices { area += cross(poly[i], poly[(i + 1) % poly.count]) }
        for i in poly.indices {
            let a = poly[i], e = poly[(i + 1) % poly.count] - a
            if cross(e, c.center - a) * area < 0 { inside = false }
            let t = e.lengthSquared > 0 ? max(0, min(1, dot(c.center - a, e) / e.lengthSquared)) : 0
            nearest = min(nearest, (a + t * e - c.center).length)
        }
        return inside ? c.radius + nearest : c.radius - nearest
    }
}

extension RunRecord.Track {
    /// How far (points) an outline may reach into another item, or past an edge, before it
    /// counts as overlapping it or leaving: the engine's contact slop, as deep as resting
    /// contacts may sink in, so items touching each other or a boundary neither overlap nor leave.
    public static let contactSlack = 0.5

    /// The smallest upright rectangle around the item's outline at `frame`.
    public func extent(frame: Int) -> CGRect {
        let s = state(frame: frame)
        return outline.extent(at: Vec2(Double(s.center.x), Double(s.center.y)), angle: s.angle)
    }

    /// How far the item's outline reaches from its center (points).
    public var radius: Double { outline.radius }

    /// The distance (points) from the center at `frame` to `point`.
    public func distance(frame: Int, to point: CGPoint) -> Double {
        let c = state(frame: frame).center
        return Double(DeterministicMath.hypot(c.x - point.x, c.y - point.y))
    }

    /// The last frame whose center is farther than `tolerance` from `point` (nil: none is,
    /// the track stays within it throughout).
    public func lastFrame(fartherThan tolerance: Double, from point: CGPoint) -> Int? {
        frames.reversed().first { distance(frame: $0, to: point) > tolerance }
    }

    /// The farthest the center went past `point` along its approach (points, ≤ 0 when it
    /// never passed it), and the frame. The approach is the direction from the first frame's
    /// center to `point`; a track that starts on the point has none, and then every distance
    /// from the point counts.
    public func overshoot(past point: CGPoint) -> (distance: Double, frame: Int) {
        let start = first.center
        let dx = Double(point.x - start.x), dy = Double(point.y - start.y)
        let length = (dx * dx + dy * dy).squareRoot()
        var best = -Double.infinity, at = frames.lowerBound
        for f in frames {
            let c = state(frame: f).center
            let ox = Double(c.x - point.x), oy = Double(c.y - point.y)
            let past = length > 1e-9 ? (ox * dx + oy * dy) / length : (ox * ox + oy * oy).squareRoot()
            if past > best { best = past; at = f }
        }
        return (best, at)
    }

    /// The first frame at which the item's outline reaches out of `rect` by more than
    /// `contactSlack` (nil: it stays inside throughout).
    public func firstFrame(leaving rect: CGRect) -> Int? {
        let r = rect.standardized.insetBy(dx: -RunRecord.Track.contactSlack, dy: -RunRecord.Track.contactSlack)
        return frames.first { f in
            let e = extent(frame: f)
            return e.minX < r.minX || e.minY < r.minY || e.maxX > r.maxX || e.maxY > r.maxY
        }
    }

    /// The first frame at which the item's outline is wholly outside `rect` (touching an
    /// edge from outside counts as outside; nil: never).
    public func firstFrame(clearOf rect: CGRect) -> Int? {
        let r = rect.standardized
        return frames.first { f in
            let e = extent(frame: f)
            return e.maxX <= r.minX || e.minX >= r.maxX || e.maxY <= r.minY || e.minY >= r.maxY
        }
    }

    /// How deep the two items' outlines interpenetrate at `frame` (points; negative when apart).
    public func depth(frame: Int, with other: RunRecord.Track) -> Double {
        let a = state(frame: frame), b = other.state(frame: frame)
        return Outline.depth(outline.placed(at: Vec2(Double(a.center.x), Double(a.center.y)), angle: a.angle),
                             other.outline.placed(at: Vec2(Double(b.center.x), Double(b.center.y)), angle: b.angle))
    }

    /// The frames both tracks cover (they must be of the same record).
    public func sharedFrames(with other: RunRecord.Track) -> Range<Int> {
        precondition(other.record === record, "Dynamics: the tracks are of different records")
        let lower = max(frames.lowerBound, other.frames.lowerBound), upper = min(frames.upperBound, other.frames.upperBound)
        return lower..<max(lower, upper)
    }

    /// The first frame at which the two items overlap by more than `contactSlack`, or nil.
    public func firstFrame(overlapping other: RunRecord.Track) -> Int? {
        sharedFrames(with: other).first { depth(frame: $0, with: other) > RunRecord.Track.contactSlack }
    }

    /// The frame at which the two items come closest (deepest), and that depth (points;
    /// negative: the gap left between them). Nil when they share no frame.
    public func closestApproach(to other: RunRecord.Track) -> (depth: Double, frame: Int)? {
        var best: (depth: Double, frame: Int)?
        for f in sharedFrames(with: other) {
            let d = depth(frame: f, with: other)
            if best == nil || d > best!.depth { best = (d, f) }
        }
        return best
    }
}
