import DynamicsEngine
import Foundation

/// One collision shape of an item, placed in the item's frame (a group has one per member).
struct PlacedShape: Equatable {
    var shape: ItemShape
    /// From the item's center, in its axes (m).
    var offset: Vec2
    /// Turn relative to the item (rad).
    var angle: Double
}

/// The engine geometry of an item, in metres, relative to the item's center.
enum ItemShape: Equatable {
    case polygon([Vec2])
    case circle(radius: Double)

    /// Builds and checks an item's shapes: one for an item, one per member for a group
    /// (members placed as they are now relative to the group).
    static func placedShapes(for item: DynamicItem) throws -> [PlacedShape] {
        guard let group = item as? DynamicItemGroup else { return [PlacedShape(shape: try make(for: item), offset: .zero, angle: 0)] }
        let g = group.transform
        let groupAngle = Double(DeterministicMath.atan2(g.b, g.a))
        let q = Rot(angle: groupAngle)
        return try group.items.map { member in
            let c = member.center, t = member.transform
            try Validate.finite(c, "\(member)", "center")
            guard [t.a, t.b, t.c, t.d].allSatisfy(\.isFinite) else {
                throw DynamicsError(owner: "\(member)", property: "transform", message: "must be finite, got \(t)")
            }
            let offset = q.invRotate(Units.meters(c) - Units.meters(group.center))
            return PlacedShape(shape: try make(for: member), offset: offset, angle: Double(DeterministicMath.atan2(t.b, t.a)) - groupAngle)
        }
    }

    /// Builds and checks an item's collision shape. Throws a `DynamicsError` naming the item
    /// and the property for a non-finite or non-positive size, or a path that is not convex.
    static func make(for item: DynamicItem) throws -> ItemShape {
        // The item's name is built only for a message: `updateItem(usingCurrentState:)` on every
        // cell of a springy collection view comes here once a frame per cell.
        func owner() -> String { Validate.owner(of: item) }
        let size = item.bounds.size
        try Validate.size(size, owner(), "bounds.size")
        let hw = Double(size.width) / 2 * Units.metersPerPoint
        let hh = Double(size.height) / 2 * Units.metersPerPoint
        switch item.collisionBoundsType {
        case .rectangle:
            return .polygon([Vec2(-hw, -hh), Vec2(hw, -hh), Vec2(hw, hh), Vec2(-hw, hh)])
        case .ellipse:
            if hw == hh { return .circle(radius: hw) }
            // An inscribed 24-gon scaled to keep the true area (a hair outside the ellipse
            // between vertices, inside at them), so mass matches density × πab.
            let n = 24
            let scale = (Double.pi / (Double(n) / 2 * DeterministicMath.sin(2 * Double.pi / Double(n)))).squareRoot()
            var v: [Vec2] = []
            for i in 0..<n {
                let t = 2 * Double.pi * Double(i) / Double(n)
                let (c, s) = DeterministicMath.cosSin(t)
                v.append(Vec2(scale * hw * c, scale * hh * s))
            }
            return .polygon(v)
        case .path:
            let path = item.collisionBoundingPath
            var points: [Vec2] = []
            for line in path.flattened(tolerance: 0.25) {
                for p in line.points {
                    try Validate.finite(p, owner(), "collisionBoundingPath", max: Limits.length)
                    points.append(Units.meters(p))
                }
                guard points.count <= Limits.pathPoints else {
                    throw DynamicsError(owner: owner(), property: "collisionBoundingPath",
                                        message: "has more than \(Limits.pathPoints) points (curves flattened)")
                }
            }
            return .polygon(try convexPolygon(points, owner: owner()))
        }
    }

    /// The convex hull of `points`, counter-clockwise in the math sense (positive area with
    /// y down), reduced to at most `Tuning.maxPolygonVertices` vertices. Throws when a point
    /// lies inside the hull by more than 0.5 pt (the path is not convex) or the hull has no area.
    static func convexPolygon(_ points: [Vec2], owner: String) throws -> [Vec2] {
        let hull = convexHull(points)
        let area = polygonArea(hull)
        guard hull.count >= 3, area > 1e-10 else {
            throw DynamicsError(owner: owner, property: "collisionBoundingPath", message: "must enclose an area (it has \(hull.count) distinct corners)")
        }
        let tolerance = 0.5 * Units.metersPerPoint
        for p in points {
            var minDistance = Double.greatestFiniteMagnitude
            for i in hull.indices {
                let a = hull[i], b = hull[(i + 1) % hull.count]
                let e = b - a
                let t = max(0, min(1, dot(p - a, e) / e.lengthSquared))
                minDistance = min(minDistance, (a + t * e - p).length)
            }
            if minDistance > tolerance {
                throw DynamicsError(owner: owner, property: "collisionBoundingPath",
                                    message: "must be convex: the point (\(p.x * 100), \(p.y * 100)) lies \(minDistance * 100) pt inside its convex hull")
            }
        }
        // In path order the outline must go round the hull once: a self-crossing "bowtie",
        // every point on its hull, enclosed two triangles of opposite turn and was simulated as
        // the full square. Its own area must be the hull's (within the 0.5 pt slack along the
        // hull's perimeter).
        var pathArea = 0.0, perimeter = 0.0
        for i in points.indices { pathArea += cross(points[i], points[(i + 1) % points.count]) }
        for i in hull.indices { perimeter += (hull[(i + 1) % hull.count] - hull[i]).length }
        if abs(abs(pathArea) / 2 - area) > perimeter * tolerance {
            throw DynamicsError(owner: owner, property: "collisionBoundingPath",
                                message: "must be convex: its outline crosses itself (its points must go round it in order)")
        }
        var poly = hull
        while poly.count > Tuning.maxPolygonVertices {
            // Drop the vertex whose removal loses the least area.
            var best = 0, bestArea = Double.greatestFiniteMagnitude
            for i in poly.indices {
                let a = poly[(i + poly.count - 1) % poly.count], b = poly[i], c = poly[(i + 1) % poly.count]
                let triangle = abs(cross(b - a, c - a)) / 2
                if triangle < bestArea { bestArea = triangle; best = i }
            }
            poly.remove(at: best)
        }
        return poly
    }

    /// Andrew's monotone chain; collinear points dropped.
    static func convexHull(_ input: [Vec2]) -> [Vec2] {
        let pts = input.sorted { $0.x < $1.x || ($0.x == $1.x && $0.y < $1.y) }
        var unique: [Vec2] = []
        for p in pts where unique.last.map({ ($0 - p).lengthSquared > 1e-16 }) ?? true { unique.append(p) }
        if unique.count < 3 { return unique }
        var lower: [Vec2] = [], upper: [Vec2] = []
        for p in unique {
            while lower.count >= 2 && cross(lower[lower.count - 1] - lower[lower.count - 2], p - lower[lower.count - 2]) <= 1e-14 { lower.removeLast() }
            lower.append(p)
        }
        for p in unique.reversed() {
            while upper.count >= 2 && cross(upper[upper.count - 1] - upper[upper.count - 2], p - upper[upper.count - 2]) <= 1e-14 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }

    static func polygonArea(_ v: [Vec2]) -> Double {
        var a = 0.0
        for i in v.indices { a += cross(v[i], v[(i + 1) % v.count]) }
        return a / 2
    }
}

extension DynamicItem {
    /// Checks the item's collision shape now, as the animator does when the item joins the
    /// world: a finite, positive size and, for `.path`, a convex path that encloses an area.
    /// Lets a caller report a bad shape where the item is made rather than at the first step.
    /// Throws a `DynamicsError` naming the item and the property. O(n log n) in the path's points.
    public func checkCollisionShape() throws {
        _ = try ItemShape.placedShapes(for: self)
    }
}

/// An item's mass before it is in an animator.
public enum ItemMass {
    /// The UIKit mass of `item` at `density` from its collision shape, as the animator will
    /// give it (density × area in points² / 10 000: an ellipse's true area, a path's
    /// polygon); nil when the shape is not valid.
    public static func of(_ item: DynamicItem, density: CGFloat = 1) -> CGFloat? {
        guard let shapes = try? ItemShape.placedShapes(for: item) else { return nil }
        var area = 0.0 // m²
        for placed in shapes {
            switch placed.shape {
            case .circle(let r): area += Double.pi * r * r
            case .polygon(let v):
                var twice = 0.0
                for i in v.indices { twice += cross(v[i], v[(i + 1) % v.count]) }
                area += abs(twice) / 2
            }
        }
        // 1 m² = 10 000 pt²: mass = density × area in points² / 10 000 = density × area in m².
        return density * CGFloat(area)
    }
}
