import Dynamics
import Foundation
import Testing

private func distance(_ p: CGPoint, _ q: CGPoint) -> CGFloat {
    let dx = p.x - q.x, dy = p.y - q.y
    return (dx * dx + dy * dy).squareRoot()
}

private func close(_ p: CGPoint, _ q: CGPoint, _ eps: CGFloat = 1e-9) -> Bool {
    distance(p, q) <= eps
}

private func close(_ t: CGAffineTransform, _ u: CGAffineTransform, _ eps: CGFloat = 1e-9) -> Bool {
    abs(t.a - u.a) <= eps && abs(t.b - u.b) <= eps && abs(t.c - u.c) <= eps
        && abs(t.d - u.d) <= eps && abs(t.tx - u.tx) <= eps && abs(t.ty - u.ty) <= eps
}

@Suite("CGAffineTransform")
struct TransformTests {
    @Test("rotation by π/2 maps (1, 0) to (0, 1)")
    func rotationQuarterTurn() {
        let t = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(close(CGPoint(x: 1, y: 0).applying(t), CGPoint(x: 0, y: 1)))
        #expect(close(CGPoint(x: 0, y: 1).applying(t), CGPoint(x: -1, y: 0)))
    }

    @Test("concatenating applies self first, then the argument")
    func concatenationOrder() {
        let scale = CGAffineTransform(scaleX: 2, y: 3)
        let move = CGAffineTransform(translationX: 10, y: 20)
        let p = CGPoint(x: 1, y: 1)
        #expect(p.applying(scale.concatenating(move)) == CGPoint(x: 12, y: 23))
        #expect(p.applying(move.concatenating(scale)) == CGPoint(x: 22, y: 63))
        #expect(p.applying(scale).applying(move) == p.applying(scale.concatenating(move)))
    }

    @Test("rotated, scaledBy and translatedBy act before the existing transform, as CoreGraphics")
    func prependingOperations() {
        let base = CGAffineTransform(translationX: 100, y: 0)
        let p = CGPoint(x: 1, y: 0)
        // The rotation acts on the point first, then the translation.
        #expect(close(p.applying(base.rotated(by: .pi / 2)), CGPoint(x: 100, y: 1)))
        #expect(p.applying(base.scaledBy(x: 5, y: 1)) == CGPoint(x: 105, y: 0))
        #expect(p.applying(base.translatedBy(x: 0, y: 7)) == CGPoint(x: 101, y: 7))
        // In a scaled frame a translation is scaled too.
        let scaled = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)
        #expect(CGPoint.zero.applying(scaled) == CGPoint(x: 20, y: 0))
        #expect(close(base.rotated(by: 0.3), CGAffineTransform(rotationAngle: 0.3).concatenating(base)))
    }

    @Test("entries follow the row-vector convention")
    func entries() {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(CGPoint(x: 10, y: 100).applying(t) == CGPoint(x: 1 * 10 + 3 * 100 + 5, y: 2 * 10 + 4 * 100 + 6))
        #expect(CGSize(width: 10, height: 100).applying(t) == CGSize(width: 310, height: 420))
        let r = CGAffineTransform(rotationAngle: 0.7)
        #expect(abs(r.a - cos(0.7)) < 1e-15 && abs(r.b - sin(0.7)) < 1e-15)
        #expect(abs(r.c + sin(0.7)) < 1e-15 && abs(r.d - cos(0.7)) < 1e-15)
    }

    @Test("inverted() undoes the transform, in either order")
    func inverse() {
        let t = CGAffineTransform(rotationAngle: 0.83)
            .scaledBy(x: 2.5, y: -0.4)
            .translatedBy(x: 17, y: -3)
            .concatenating(CGAffineTransform(a: 1, b: 0.2, c: -0.3, d: 1, tx: 4, ty: 9))
        #expect(close(t.inverted().concatenating(t), .identity, 1e-12))
        #expect(close(t.concatenating(t.inverted()), .identity, 1e-12))
        let p = CGPoint(x: 12.5, y: -40)
        #expect(close(p.applying(t).applying(t.inverted()), p, 1e-9))
    }

    @Test("a singular transform inverts to itself; identity facts")
    func singularAndIdentity() {
        let singular = CGAffineTransform(scaleX: 0, y: 1)
        #expect(singular.inverted() == singular)
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(CGAffineTransform().isIdentity)
        #expect(!CGAffineTransform(translationX: 1, y: 0).isIdentity)
        #expect(CGAffineTransform.identity.inverted() == .identity)
    }

    @Test("a rectangle maps to the bounding box of its mapped corners")
    func rectApplying() {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 20)
        let rotated = rect.applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(rotated.minX + 20) < 1e-9 && abs(rotated.maxX) < 1e-9)
        #expect(abs(rotated.minY) < 1e-9 && abs(rotated.maxY - 10) < 1e-9)
        #expect(rect.applying(CGAffineTransform(translationX: 5, y: -5)) == CGRect(x: 5, y: -5, width: 10, height: 20))
        #expect(rect.applying(CGAffineTransform(scaleX: -1, y: 1)) == CGRect(x: -10, y: 0, width: 10, height: 20))
        #expect(CGRect.null.applying(CGAffineTransform(translationX: 5, y: 5)).isNull)
    }
}

@Suite("Small geometry types")
struct SmallTypeTests {
    @Test("CGVector, Offset and EdgeInsets have UIKit's shapes")
    func shapes() {
        #expect(CGVector.zero == CGVector(dx: 0, dy: 0))
        #expect(CGVector(dx: 0, dy: 0.5).dy == 0.5)
        #expect(Set([CGVector(dx: 1, dy: 2), CGVector(dx: 1, dy: 2)]).count == 1)
        #expect(Offset.zero == Offset(horizontal: 0, vertical: 0))
        #expect(Offset(horizontal: 3, vertical: -4).vertical == -4)
        #expect(EdgeInsets.zero == EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
    }

    @Test("CGRect.inset(by:) moves each edge inward by its inset")
    func insetRect() {
        let rect = CGRect(x: 0, y: 0, width: 320, height: 568)
        let inset = rect.inset(by: EdgeInsets(top: 10, left: 20, bottom: 30, right: 40))
        #expect(inset == CGRect(x: 20, y: 10, width: 260, height: 528))
        #expect(rect.inset(by: .zero) == rect)
        #expect(rect.inset(by: EdgeInsets(top: -5, left: -5, bottom: -5, right: -5))
            == CGRect(x: -5, y: -5, width: 330, height: 578))
    }
}

@Suite("BezierPath")
struct BezierPathTests {
    @Test("a circle of radius 100 flattens within 0.25 pt of the radius, at vertices and chord midpoints")
    func circleFlattening() throws {
        let center = CGPoint(x: 160, y: 284)
        let path = BezierPath(ovalIn: CGRect(x: center.x - 100, y: center.y - 100, width: 200, height: 200))
        let polylines = path.flattened(tolerance: 0.25)
        #expect(polylines.count == 1)
        let poly = try #require(polylines.first)
        #expect(poly.isClosed)
        #expect(poly.points.first != poly.points.last, "the first point is not repeated")
        #expect(poly.points.count >= 16)
        var worst: CGFloat = 0
        for (i, p) in poly.points.enumerated() {
            let q = poly.points[(i + 1) % poly.points.count]
            let mid = CGPoint(x: (p.x + q.x) / 2, y: (p.y + q.y) / 2)
            worst = max(worst, abs(distance(p, center) - 100), abs(distance(mid, center) - 100))
        }
        #expect(worst <= 0.25, "worst deviation \(worst)")
        // A tighter tolerance gives more points and a closer fit.
        let fine = try #require(path.flattened(tolerance: 0.01).first)
        #expect(fine.points.count > poly.points.count)
        for (i, p) in fine.points.enumerated() {
            let q = fine.points[(i + 1) % fine.points.count]
            let mid = CGPoint(x: (p.x + q.x) / 2, y: (p.y + q.y) / 2)
            #expect(abs(distance(mid, center) - 100) <= 0.01 + 0.03, "κ's own error is under 0.03 pt")
        }
    }

    @Test("every chord of a cubic is within tolerance of the curve")
    func cubicChordError() throws {
        let p0 = CGPoint(x: 0, y: 0), c1 = CGPoint(x: 300, y: -200)
        let c2 = CGPoint(x: -100, y: 400), p3 = CGPoint(x: 250, y: 150)
        let path = BezierPath()
        path.move(to: p0)
        path.addCurve(to: p3, controlPoint1: c1, controlPoint2: c2)
        let tol: CGFloat = 0.5
        let pts = try #require(path.flattened(tolerance: tol).first).points
        #expect(pts.first == p0 && pts.last == p3)
        func bez(_ t: CGFloat) -> CGPoint {
            let u = 1 - t
            return CGPoint(
                x: u * u * u * p0.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p3.x,
                y: u * u * u * p0.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p3.y)
        }
        // Chords are at equal parameter steps: check each against the curve between them.
        let n = pts.count - 1
        var worst: CGFloat = 0
        for i in 0..<n {
            let a = pts[i], b = pts[i + 1]
            for j in 1..<16 {
                let s = CGFloat(j) / 16
                let onCurve = bez((CGFloat(i) + s) / CGFloat(n))
                let onChord = CGPoint(x: a.x + (b.x - a.x) * s, y: a.y + (b.y - a.y) * s)
                worst = max(worst, distance(onCurve, onChord))
            }
        }
        #expect(worst <= tol, "worst chord error \(worst)")
    }

    @Test("a rect path flattens to its 4 corners, closed")
    func rectFlattening() {
        let path = BezierPath(rect: CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(path.flattened() == [BezierPath.Polyline(points: [
            CGPoint(x: 10, y: 20), CGPoint(x: 40, y: 20), CGPoint(x: 40, y: 60), CGPoint(x: 10, y: 60),
        ], isClosed: true)])
        #expect(path.bounds == CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(path.currentPoint == CGPoint(x: 10, y: 20), "after close, the subpath's start")
        #expect(path.elements.count == 5)
    }

    @Test("subpaths: lone moves are dropped, open paths stay open, a repeated start is not duplicated")
    func subpaths() {
        let path = BezierPath()
        #expect(path.isEmpty)
        #expect(path.bounds.isNull)
        #expect(path.flattened().isEmpty)
        path.move(to: CGPoint(x: 5, y: 5))                 // lone move: dropped
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))           // duplicate: merged
        path.move(to: CGPoint(x: 0, y: 10))
        path.addLine(to: CGPoint(x: 10, y: 10))
        path.addLine(to: CGPoint(x: 10, y: 20))
        path.addLine(to: CGPoint(x: 0, y: 10))            // back to the start explicitly
        path.close()
        path.move(to: CGPoint(x: 50, y: 50))               // trailing lone move: dropped
        #expect(!path.isEmpty)
        let lines = path.flattened()
        #expect(lines == [
            BezierPath.Polyline(points: [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0)], isClosed: false),
            BezierPath.Polyline(points: [CGPoint(x: 0, y: 10), CGPoint(x: 10, y: 10), CGPoint(x: 10, y: 20)],
                                isClosed: true),
        ])
        #expect(path.currentPoint == CGPoint(x: 50, y: 50))
    }

    @Test("a segment after close starts a new subpath at the closed subpath's first point")
    func segmentAfterClose() {
        let path = BezierPath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 10))
        path.close()
        path.close()                                        // a second close does nothing
        path.addLine(to: CGPoint(x: -10, y: 0))
        #expect(path.elements == [
            .move(CGPoint(x: 0, y: 0)), .line(CGPoint(x: 10, y: 0)), .line(CGPoint(x: 10, y: 10)), .close,
            .move(CGPoint(x: 0, y: 0)), .line(CGPoint(x: -10, y: 0)),
        ])
        #expect(path.flattened().count == 2)
    }

    @Test("quad curves, bounds with control points, copy and apply")
    func quadBoundsCopyApply() throws {
        let path = BezierPath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addQuadCurve(to: CGPoint(x: 100, y: 0), controlPoint: CGPoint(x: 50, y: 100))
        #expect(path.bounds == CGRect(x: 0, y: 0, width: 100, height: 100), "control point included")
        let pts = try #require(path.flattened(tolerance: 0.1).first).points
        #expect(pts.count > 3)
        // The quadratic peaks at y = 50 (half-way to the control point).
        #expect(abs((pts.map(\.y).max() ?? 0) - 50) < 0.1)

        let copy = path.copy()
        path.apply(CGAffineTransform(translationX: 10, y: 20))
        #expect(path.currentPoint == CGPoint(x: 110, y: 20))
        #expect(path.bounds == CGRect(x: 10, y: 20, width: 100, height: 100))
        #expect(copy.bounds == CGRect(x: 0, y: 0, width: 100, height: 100), "the copy is independent")
        copy.addLine(to: CGPoint(x: 0, y: 0))
        #expect(copy.elements.count == 3 && path.elements.count == 2)
    }

    @Test("arcs follow UIKit's y-down convention")
    func arcs() throws {
        // Clockwise on screen from angle 0 to π/2: from (r, 0) down to (0, r), through +x +y.
        let path = BezierPath()
        path.addArc(withCenter: .zero, radius: 50, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(path.elements.count == 2, "a move and one curve")
        #expect(close(path.currentPoint, CGPoint(x: 0, y: 50), 1e-9))
        let pts = try #require(path.flattened().first).points
        #expect(pts.allSatisfy { $0.x >= -1e-9 && $0.y >= -1e-9 })
        #expect(pts.allSatisfy { abs(distance($0, .zero) - 50) < 0.25 })

        // The same angles counter-clockwise go the long way round, through −y.
        let long = BezierPath()
        long.addArc(withCenter: .zero, radius: 50, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(long.elements.count == 4, "a move and three quarter curves")
        #expect(close(long.currentPoint, CGPoint(x: 0, y: 50), 1e-9))
        let longPts = try #require(long.flattened().first).points
        #expect(longPts.contains { $0.y < -49 })
        #expect(longPts.allSatisfy { abs(distance($0, .zero) - 50) < 0.25 })

        // A full turn, and a line from the current point to the arc's start.
        let full = BezierPath()
        full.move(to: CGPoint(x: -100, y: 0))
        full.addArc(withCenter: .zero, radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        #expect(full.elements.first == .move(CGPoint(x: -100, y: 0)))
        #expect(full.elements[1] == .line(CGPoint(x: 10, y: 0)))
        #expect(full.elements.count == 6)
        #expect(close(full.currentPoint, CGPoint(x: 10, y: 0), 1e-9))
    }

    @Test("rounded rect: corners are arcs, radius clamped to half the shorter side")
    func roundedRect() throws {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 60)
        let path = BezierPath(roundedRect: rect, cornerRadius: 10)
        #expect(path.bounds == rect)
        let pts = try #require(path.flattened().first).points
        #expect(pts.allSatisfy { rect.insetBy(dx: -1e-9, dy: -1e-9).contains($0) })
        #expect(!pts.contains(CGPoint(x: 0, y: 0)), "corners are cut")
        #expect(pts.contains(CGPoint(x: 10, y: 0)) && pts.contains(CGPoint(x: 90, y: 0)))

        let pill = BezierPath(roundedRect: rect, cornerRadius: 1000)
        let pillPts = try #require(pill.flattened().first).points
        // Radius 30: the left end is a half circle around (30, 30).
        for p in pillPts where p.x < 30 {
            #expect(abs(distance(p, CGPoint(x: 30, y: 30)) - 30) < 0.25)
        }
        #expect(BezierPath(roundedRect: rect, cornerRadius: 0).flattened()
            == BezierPath(rect: rect).flattened())
    }

    @Test("flattening is deterministic and a bad tolerance does not hang")
    func determinism() {
        let path = BezierPath(ovalIn: CGRect(x: 0, y: 0, width: 300, height: 100))
        #expect(path.flattened(tolerance: 0.2) == path.flattened(tolerance: 0.2))
        let tiny = path.flattened(tolerance: 0)
        #expect(tiny.first.map { $0.points.count <= 4 * BezierPath.maximumChordsPerCurve } == true)
        #expect(path.flattened(tolerance: .nan).count == 1)
    }
}

@Suite("Codable")
struct CodableTests {
    @Test("CGVector and CGAffineTransform encode as CoreGraphics does: unkeyed arrays")
    func unkeyed() throws {
        let v = CGVector(dx: 1.5, dy: -2)
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(String(decoding: try JSONEncoder().encode(v), as: UTF8.self) == "[1.5,-2]")
        #expect(String(decoding: try JSONEncoder().encode(t), as: UTF8.self) == "[1,2,3,4,5,6]")
        #expect(try JSONDecoder().decode(CGVector.self, from: Data("[1.5,-2]".utf8)) == v)
        #expect(try JSONDecoder().decode(CGAffineTransform.self, from: Data("[1,2,3,4,5,6]".utf8)) == t)
        let insets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(try JSONDecoder().decode(EdgeInsets.self, from: JSONEncoder().encode(insets)) == insets)
    }
}
