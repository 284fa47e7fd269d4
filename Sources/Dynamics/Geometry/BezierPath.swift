import DynamicsEngine
import Foundation

/// A path made of straight lines and quadratic and cubic Bézier curves, in points: the shape of
/// UIKit's `UIBezierPath` (a reference type, so a path can be shared and then edited).
///
/// Coordinates follow the screen convention Dynamics uses: origin top-left, y grows downward,
/// angles in radians with positive angles turning clockwise on screen. Dynamics uses paths for
/// collision boundaries and for the collision shape of items (`collisionBoundingPath`, centered
/// on the item's center); the engine consumes them through ``flattened(tolerance:)``.
///
/// Like `UIBezierPath`, an instance is mutable and not `Sendable`; hand another task a
/// ``copy()`` or its ``elements``.
public final class BezierPath {
    /// One drawing command of a path. Points are in points.
    public enum Element: Equatable, Sendable {
        /// Starts a new subpath at the point.
        case move(CGPoint)
        /// A straight line from the current point to the point.
        case line(CGPoint)
        /// A quadratic Bézier curve from the current point to `to`.
        case quadCurve(to: CGPoint, control: CGPoint)
        /// A cubic Bézier curve from the current point to `to`.
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        /// Closes the current subpath with a straight line back to its first point.
        case close
    }

    /// A subpath reduced to straight segments: the vertices in order, in points.
    public struct Polyline: Equatable, Sendable {
        /// The vertices, in points. Consecutive duplicates are removed; a closed polyline does not
        /// repeat its first point at the end.
        public var points: [CGPoint]
        /// Whether the last point joins back to the first (the subpath ended with ``BezierPath/close()``).
        public var isClosed: Bool

        /// A polyline through `points`.
        public init(points: [CGPoint], isClosed: Bool) {
            self.points = points
            self.isClosed = isClosed
        }
    }

    /// The commands of the path, in order.
    public private(set) var elements: [Element] = []

    /// The first point of the current subpath (where ``close()`` returns to).
    private var subpathStart: CGPoint = .zero
    /// The end point of the last element, or the subpath start after a close; nil when empty.
    private var current: CGPoint?

    /// The empty path.
    public init() {}

    /// A closed rectangular path: from the top-left corner to the top-right, bottom-right and
    /// bottom-left corners (clockwise on screen), in points.
    public convenience init(rect: CGRect) {
        self.init()
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY))
        addLine(to: CGPoint(x: r.minX, y: r.maxY))
        close()
    }

    /// A closed ellipse inscribed in `rect` (a circle when `rect` is square), as four cubic curves
    /// with control points at the standard circle constant κ = 0.5522847498 of each half-axis,
    /// starting at the right-most point and running clockwise on screen. Points are in points.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        let r = rect.standardized
        let cx = r.midX, cy = r.midY
        let rx = r.width / 2, ry = r.height / 2
        let kx = rx * BezierPath.kappa, ky = ry * BezierPath.kappa
        move(to: CGPoint(x: cx + rx, y: cy))
        addCurve(to: CGPoint(x: cx, y: cy + ry),
                 controlPoint1: CGPoint(x: cx + rx, y: cy + ky),
                 controlPoint2: CGPoint(x: cx + kx, y: cy + ry))
        addCurve(to: CGPoint(x: cx - rx, y: cy),
                 controlPoint1: CGPoint(x: cx - kx, y: cy + ry),
                 controlPoint2: CGPoint(x: cx - rx, y: cy + ky))
        addCurve(to: CGPoint(x: cx, y: cy - ry),
                 controlPoint1: CGPoint(x: cx - rx, y: cy - ky),
                 controlPoint2: CGPoint(x: cx - kx, y: cy - ry))
        addCurve(to: CGPoint(x: cx + rx, y: cy),
                 controlPoint1: CGPoint(x: cx + kx, y: cy - ry),
                 controlPoint2: CGPoint(x: cx + rx, y: cy - ky))
        close()
    }

    /// A closed rectangle whose corners are quarter ellipses of radius `cornerRadius` points
    /// (clamped to half the shorter side; 0 or less gives ``init(rect:)``'s path), clockwise on
    /// screen from the top edge. Corners are circular arcs (cubic curves with κ), not UIKit's
    /// continuous corners.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        let r = rect.standardized
        let radius = Swift.min(cornerRadius, r.width / 2, r.height / 2)
        guard radius > 0 else {
            self.init(rect: r)
            return
        }
        self.init()
        let k = radius * BezierPath.kappa
        let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
        move(to: CGPoint(x: x0 + radius, y: y0))
        addLine(to: CGPoint(x: x1 - radius, y: y0))
        addCurve(to: CGPoint(x: x1, y: y0 + radius),
                 controlPoint1: CGPoint(x: x1 - radius + k, y: y0),
                 controlPoint2: CGPoint(x: x1, y: y0 + radius - k))
        addLine(to: CGPoint(x: x1, y: y1 - radius))
        addCurve(to: CGPoint(x: x1 - radius, y: y1),
                 controlPoint1: CGPoint(x: x1, y: y1 - radius + k),
                 controlPoint2: CGPoint(x: x1 - radius + k, y: y1))
        addLine(to: CGPoint(x: x0 + radius, y: y1))
        addCurve(to: CGPoint(x: x0, y: y1 - radius),
                 controlPoint1: CGPoint(x: x0 + radius - k, y: y1),
                 controlPoint2: CGPoint(x: x0, y: y1 - radius + k))
        addLine(to: CGPoint(x: x0, y: y0 + radius))
        addCurve(to: CGPoint(x: x0 + radius, y: y0),
                 controlPoint1: CGPoint(x: x0, y: y0 + radius - k),
                 controlPoint2: CGPoint(x: x0 + radius - k, y: y0))
        close()
    }

    /// The control-point distance, as a fraction of the radius, that makes a cubic Bézier curve
    /// approximate a quarter circle (error below 0.03 % of the radius).
    public static let kappa: CGFloat = 0.5522847498

    // MARK: - Building

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The end point of the last element, in points; after ``close()``, the first point of the
    /// closed subpath; `.zero` for an empty path.
    public var currentPoint: CGPoint { current ?? .zero }

    /// Starts a new subpath at `point` (in points).
    public func move(to point: CGPoint) {
        elements.append(.move(point))
        subpathStart = point
        current = point
    }

    /// Adds a straight line from the current point to `point` (in points). On an empty path
    /// this starts a subpath at `point` instead; after ``close()`` the line starts a new subpath
    /// at the closed subpath's first point, as CoreGraphics does.
    public func addLine(to point: CGPoint) {
        guard beginSegment(at: point) else { return }
        elements.append(.line(point))
        current = point
    }

    /// Adds a quadratic Bézier curve from the current point to `endPoint` (in points). Without a
    /// current point it starts a subpath at `endPoint` instead.
    public func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        guard beginSegment(at: endPoint) else { return }
        elements.append(.quadCurve(to: endPoint, control: controlPoint))
        current = endPoint
    }

    /// Adds a cubic Bézier curve from the current point to `endPoint` (in points). Without a
    /// current point it starts a subpath at `endPoint` instead.
    public func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        guard beginSegment(at: endPoint) else { return }
        elements.append(.curve(to: endPoint, control1: controlPoint1, control2: controlPoint2))
        current = endPoint
    }

    /// Adds a circular arc of `radius` points around `center`, from `startAngle` to `endAngle`
    /// (radians; 0 points along +x, π/2 along +y, which is down on screen), as cubic curves of at
    /// most a quarter turn each. `clockwise` follows UIKit's screen convention: true sweeps with
    /// increasing angle (clockwise as seen on a y-down screen). The sweep is taken in that
    /// direction, modulo one full turn (a full circle at most; equal angles give no curve).
    /// A line joins the current point to the arc's start; on an empty path the arc starts a
    /// subpath.
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat,
                       endAngle: CGFloat, clockwise: Bool) {
        let twoPi = 2 * Double.pi
        let start = Double(startAngle)
        var sweep = Double(endAngle) - start
        if !clockwise { sweep = -sweep }
        // Now the sweep is measured in the drawing direction: bring it into [0, 2π].
        if sweep < 0 {
            sweep = fmod(sweep, twoPi)
            if sweep < 0 { sweep += twoPi }
        }
        sweep = Swift.min(sweep, twoPi)
        if !clockwise { sweep = -sweep }

        let r = Double(radius)
        let cx = Double(center.x), cy = Double(center.y)
        func point(_ angle: Double) -> CGPoint {
            CGPoint(x: cx + r * DeterministicMath.cos(angle), y: cy + r * DeterministicMath.sin(angle))
        }
        let first = point(start)
        if current == nil { move(to: first) } else { addLine(to: first) }
        guard sweep != 0, r != 0 else { return }

        // Quarter turns at most per curve (the small margin keeps an exact quarter in one curve).
        let count = Swift.max(1, Int((Swift.abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(count)
        let k = 4.0 / 3.0 * DeterministicMath.tan(step / 4)   // signed with the step
        var a0 = start
        for i in 1...count {
            let a1 = i == count ? start + sweep : start + step * Double(i)
            let (c0, s0) = DeterministicMath.cosSin(a0)
            let (c1, s1) = DeterministicMath.cosSin(a1)
            addCurve(to: CGPoint(x: cx + r * c1, y: cy + r * s1),
                     controlPoint1: CGPoint(x: cx + r * (c0 - k * s0), y: cy + r * (s0 + k * c0)),
                     controlPoint2: CGPoint(x: cx + r * (c1 + k * s1), y: cy + r * (s1 - k * c1)))
            a0 = a1
        }
    }

    /// Closes the current subpath with a straight line to its first point. The current point
    /// becomes that first point. Does nothing on an empty path or right after another close.
    public func close() {
        guard current != nil, elements.last != .close else { return }
        elements.append(.close)
        current = subpathStart
    }

    /// Appends the elements of `path` (UIKit's `append(_:)`).
    public func append(_ path: BezierPath) {
        for element in path.elements {
            switch element {
            case .move(let p): move(to: p)
            case .line(let p): addLine(to: p)
            case .quadCurve(let p, let c): addQuadCurve(to: p, controlPoint: c)
            case .curve(let p, let c1, let c2): addCurve(to: p, controlPoint1: c1, controlPoint2: c2)
            case .close: close()
            }
        }
    }

    /// Removes every element.
    public func removeAllPoints() {
        elements.removeAll()
        current = nil
        subpathStart = .zero
    }

    /// An independent path with the same elements.
    public func copy() -> BezierPath {
        let path = BezierPath()
        path.elements = elements
        path.current = current
        path.subpathStart = subpathStart
        return path
    }

    /// Transforms every point of the path, control points included, by `transform`.
    public func apply(_ transform: CGAffineTransform) {
        elements = elements.map { element in
            switch element {
            case .move(let p): return .move(p.applying(transform))
            case .line(let p): return .line(p.applying(transform))
            case .quadCurve(let p, let c):
                return .quadCurve(to: p.applying(transform), control: c.applying(transform))
            case .curve(let p, let c1, let c2):
                return .curve(to: p.applying(transform), control1: c1.applying(transform),
                              control2: c2.applying(transform))
            case .close: return .close
            }
        }
        current = current?.applying(transform)
        subpathStart = subpathStart.applying(transform)
    }

    /// The smallest rectangle containing every point of the path, control points included (as
    /// `UIBezierPath.bounds`), in points; `CGRect.null` for an empty path.
    public var bounds: CGRect {
        var minX = CGFloat.infinity, minY = CGFloat.infinity
        var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        func include(_ p: CGPoint) {
            minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): include(p)
            case .quadCurve(let p, let c): include(p); include(c)
            case .curve(let p, let c1, let c2): include(p); include(c1); include(c2)
            case .close: break
            }
        }
        guard minX <= maxX else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    // MARK: - Flattening

    /// The largest number of chords one curve is cut into, whatever the tolerance.
    public static let maximumChordsPerCurve = 4096

    /// One polyline per subpath; curves are subdivided until every chord is within `tolerance`
    /// points of the curve.
    ///
    /// Each curve is cut into n chords of equal parameter step, with n chosen from the bound
    /// `max |B''| / (8 n²) ≤ tolerance`, so the guarantee holds for every chord, not on average
    /// (at most ``maximumChordsPerCurve`` chords per curve; a tolerance that is not positive
    /// counts as 0.001 pt). Lone moves and subpaths that reduce to a single point are dropped;
    /// consecutive duplicate points are merged; a closed polyline does not repeat its first
    /// point. The result depends only on the elements, so it is the same on every run.
    public func flattened(tolerance: CGFloat = 0.25) -> [Polyline] {
        let tol = tolerance > 0 && tolerance.isFinite ? Double(tolerance) : 0.001
        var result: [Polyline] = []
        var points: [CGPoint] = []
        var last = CGPoint.zero

        func add(_ p: CGPoint) {
            if points.last != p { points.append(p) }
        }
        func finish(closed: Bool) {
            if closed, points.count > 1, points.first == points.last { points.removeLast() }
            if points.count > 1 { result.append(Polyline(points: points, isClosed: closed)) }
            points.removeAll(keepingCapacity: true)
        }
        func chords(_ secondDifference: Double) -> Int {
            // |B''| ≤ secondDifference everywhere; chord error ≤ |B''| / (8 n²).
            guard secondDifference > 0, secondDifference.isFinite else { return 1 }
            let n = (secondDifference / (8 * tol)).squareRoot().rounded(.up)
            return Int(Swift.min(Swift.max(n, 1), Double(BezierPath.maximumChordsPerCurve)))
        }

        for element in elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                points.append(p)
                last = p
            case .line(let p):
                if points.isEmpty { points.append(last) }
                add(p)
                last = p
            case .quadCurve(let p, let c):
                if points.isEmpty { points.append(last) }
                let (x0, y0) = (Double(last.x), Double(last.y))
                let (x1, y1) = (Double(c.x), Double(c.y))
                let (x2, y2) = (Double(p.x), Double(p.y))
                // B'' = 2 (P0 − 2 P1 + P2), constant.
                let ddx = x0 - 2 * x1 + x2, ddy = y0 - 2 * y1 + y2
                let n = chords(2 * (ddx * ddx + ddy * ddy).squareRoot())
                for i in 1..<n {
                    let t = Double(i) / Double(n), u = 1 - t
                    add(CGPoint(x: u * u * x0 + 2 * u * t * x1 + t * t * x2,
                                y: u * u * y0 + 2 * u * t * y1 + t * t * y2))
                }
                add(p)
                last = p
            case .curve(let p, let c1, let c2):
                if points.isEmpty { points.append(last) }
                let (x0, y0) = (Double(last.x), Double(last.y))
                let (x1, y1) = (Double(c1.x), Double(c1.y))
                let (x2, y2) = (Double(c2.x), Double(c2.y))
                let (x3, y3) = (Double(p.x), Double(p.y))
                // B''(t) = 6 [(1 − t)(P0 − 2 P1 + P2) + t (P1 − 2 P2 + P3)]: its largest norm is
                // at an end.
                let ax = x0 - 2 * x1 + x2, ay = y0 - 2 * y1 + y2
                let bx = x1 - 2 * x2 + x3, by = y1 - 2 * y2 + y3
                let m = 6 * Swift.max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
                let n = chords(m)
                for i in 1..<n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
                    add(CGPoint(x: w0 * x0 + w1 * x1 + w2 * x2 + w3 * x3,
                                y: w0 * y0 + w1 * y1 + w2 * y2 + w3 * y3))
                }
                add(p)
                last = p
            case .close:
                if let first = points.first { last = first }
                finish(closed: true)
            }
        }
        finish(closed: false)
        return result
    }

    // MARK: - Private

    /// Prepares for a segment ending at `end`: after a close, restarts the subpath at the closed
    /// subpath's first point; on an empty path, starts a subpath at `end` and returns false (no
    /// segment is added).
    private func beginSegment(at end: CGPoint) -> Bool {
        guard current != nil else {
            move(to: end)
            return false
        }
        if elements.last == .close {
            let start = subpathStart
            elements.append(.move(start))
            current = start
        }
        return true
    }
}
