import Foundation

/// An area of the plane, in points, centered on the origin (UIRegion). A field's region is
/// placed at the field's `position`: an item feels the field when its center, taken relative
/// to the field position, is in the region.
///
/// Regions are values built from circles and rectangles with set operations:
///
/// ```swift
/// // a ring 50 pt wide, 100 pt out from the center, plus a 40×40 square in the middle
/// let ring = Region(radius: 150).byDifference(from: Region(radius: 100))
/// let region = ring.byUnion(with: Region(size: CGSize(width: 40, height: 40)))
/// ```
///
/// Edges belong to circles and rectangles (a point at exactly the radius is inside), so they
/// do not belong to their inverses.
public struct Region: Sendable, Equatable {
    /// How a region is built: the tree its set operations made.
    public indirect enum Shape: Sendable, Equatable {
        /// The whole plane.
        case infinite
        /// A disc centered at the origin (radius in points, ≥ 0).
        case circle(radius: CGFloat)
        /// A rectangle centered at the origin (size in points, each side ≥ 0).
        case rectangle(size: CGSize)
        /// Every point not in the shape.
        case inverse(Shape)
        /// Points in either shape.
        case union(Shape, Shape)
        /// Points in the first shape and not in the second.
        case difference(Shape, Shape)
        /// Points in both shapes.
        case intersection(Shape, Shape)
    }

    /// The tree this region is made of (for drawing it, say).
    public let shape: Shape
    /// Nodes of `shape`, a shared subtree counted each time it appears: what `contains`
    /// visits at most.
    public let nodeCount: Int

    /// The most nodes a region may have. Membership walks the tree, recursively, for every
    /// item a field visits, every frame: without a bound, `r = r:union(r)` sixty times made a
    /// region of 2⁶⁰ nodes (one frame never ended), and a 200 000-deep chain of unions
    /// overflowed the stack.
    public static let maximumNodeCount = 1000

    private init(shape: Shape, nodeCount: Int = 1) {
        self.shape = shape
        self.nodeCount = nodeCount
    }

    /// `shape` made from `operands`, or `self` unchanged (after reporting the invalid input)
    /// when it would have more than `maximumNodeCount` nodes.
    private func combined(_ shape: Shape, _ operands: Region..., operation: String) -> Region {
        let count = operands.reduce(1) { $0 + $1.nodeCount }
        guard accept({
            guard count <= Region.maximumNodeCount else {
                throw DynamicsError(owner: "Region", property: operation,
                                    message: "a region may have at most \(Region.maximumNodeCount) parts (circles, rectangles and operations); this one would have \(count)")
            }
        }) else { return self }
        return Region(shape: shape, nodeCount: count)
    }

    /// The whole plane: the default region of a field.
    public static let infinite = Region(shape: .infinite)

    /// Checks a circle's radius (points): finite, ≥ 0. Bindings call it before they make anything.
    public static func checkRadius(_ radius: CGFloat) throws {
        try Validate.nonNegative(radius, "Region", "radius")
    }

    /// Checks a rectangle's size (points): each side finite, ≥ 0.
    public static func checkSize(_ size: CGSize) throws {
        try Validate.nonNegative(size.width, "Region", "size.width")
        try Validate.nonNegative(size.height, "Region", "size.height")
    }

    /// A disc of `radius` points (finite, ≥ 0) centered at the origin.
    public init(radius: CGFloat) {
        require { try Region.checkRadius(radius) }
        shape = .circle(radius: radius)
        nodeCount = 1
    }

    /// A rectangle of `size` points (each side finite, ≥ 0) centered at the origin.
    public init(size: CGSize) {
        require { try Region.checkSize(size) }
        shape = .rectangle(size: size)
        nodeCount = 1
    }

    /// Every point not in this region.
    public func inverse() -> Region { combined(.inverse(shape), self, operation: "inverse") }

    /// Points in this region or in `region`.
    public func byUnion(with region: Region) -> Region { combined(.union(shape, region.shape), self, region, operation: "union") }

    /// Points in this region and not in `region` (this region with `region` subtracted).
    public func byDifference(from region: Region) -> Region {
        combined(.difference(shape, region.shape), self, region, operation: "difference")
    }

    /// Points in both this region and `region`.
    public func byIntersection(with region: Region) -> Region {
        combined(.intersection(shape, region.shape), self, region, operation: "intersection")
    }

    /// Whether `point` (points, relative to the region's center) is in the region.
    public func contains(_ point: CGPoint) -> Bool { shape.contains(Double(point.x), Double(point.y)) }
}

extension Region.Shape {
    /// Membership test; cost is linear in the size of the tree.
    func contains(_ x: Double, _ y: Double) -> Bool {
        switch self {
        case .infinite:
            return true
        case .circle(let radius):
            let r = Double(radius)
            return x * x + y * y <= r * r
        case .rectangle(let size):
            return abs(x) <= Double(size.width) / 2 && abs(y) <= Double(size.height) / 2
        case .inverse(let a):
            return !a.contains(x, y)
        case .union(let a, let b):
            return a.contains(x, y) || b.contains(x, y)
        case .difference(let a, let b):
            return a.contains(x, y) && !b.contains(x, y)
        case .intersection(let a, let b):
            return a.contains(x, y) && b.contains(x, y)
        }
    }
}
