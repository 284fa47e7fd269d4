import Dynamics
import Foundation
import Testing

@Suite("Regions")
struct RegionTests {
    /// A disc of radius 30 and an 80×40 rectangle, both centered at the origin.
    let disc = Region(radius: 30)
    let rect = Region(size: CGSize(width: 80, height: 40))

    /// Probe points (points, relative to the regions' center): (point, in disc, in rect).
    /// Every combination occurs, and points on the edges too.
    static let table: [(CGPoint, Bool, Bool)] = [
        (CGPoint(x: 0, y: 0), true, true),
        (CGPoint(x: 10, y: -10), true, true),
        (CGPoint(x: 0, y: 28), true, false),        // above the rectangle
        (CGPoint(x: 18, y: 24), true, false),       // on the circle: r = 30 exactly
        (CGPoint(x: -35, y: 0), false, true),       // beside the disc
        (CGPoint(x: 40, y: -20), false, true),      // the rectangle's corner
        (CGPoint(x: 0, y: 31), false, false),
        (CGPoint(x: 500, y: -300), false, false),
    ]

    @Test("The infinite region contains every point; its inverse none")
    func infinite() {
        for p in [CGPoint.zero, CGPoint(x: 500, y: -300), CGPoint(x: -1e12, y: 1e12)] {
            #expect(Region.infinite.contains(p))
            #expect(!Region.infinite.inverse().contains(p))
        }
    }

    @Test("A circle and a rectangle are centered at the origin, their edges inside")
    func primitives() {
        for (p, inDisc, inRect) in Self.table {
            #expect(disc.contains(p) == inDisc, "disc, \(p)")
            #expect(rect.contains(p) == inRect, "rectangle, \(p)")
        }
        #expect(!disc.contains(CGPoint(x: 18.001, y: 24)), "just past the circle")
        #expect(!rect.contains(CGPoint(x: 40.001, y: 0)), "just past the rectangle")
        #expect(Region(radius: 0).contains(.zero) && !Region(radius: 0).contains(CGPoint(x: 0.001, y: 0)))
    }

    @Test("Inverse swaps inside and outside (edges go outside); twice is the identity")
    func inverse() {
        for (p, inDisc, inRect) in Self.table {
            #expect(disc.inverse().contains(p) == !inDisc, "\(p)")
            #expect(rect.inverse().contains(p) == !inRect, "\(p)")
            #expect(disc.inverse().inverse().contains(p) == inDisc, "\(p)")
        }
    }

    @Test("Union, difference and intersection follow their truth tables")
    func setOperations() {
        let union = disc.byUnion(with: rect)
        let discMinusRect = disc.byDifference(from: rect)
        let rectMinusDisc = rect.byDifference(from: disc)
        let both = disc.byIntersection(with: rect)
        for (p, inDisc, inRect) in Self.table {
            #expect(union.contains(p) == (inDisc || inRect), "union, \(p)")
            #expect(discMinusRect.contains(p) == (inDisc && !inRect), "disc − rect, \(p)")
            #expect(rectMinusDisc.contains(p) == (inRect && !inDisc), "rect − disc, \(p)")
            #expect(both.contains(p) == (inDisc && inRect), "intersection, \(p)")
        }
    }

    @Test("Operations compose: a ring with a hole, plus its center, inverted")
    func composition() {
        // A ring 100…150 pt out, plus a 40×40 square in the middle; then everything else.
        let ring = Region(radius: 150).byDifference(from: Region(radius: 100))
        let shape = ring.byUnion(with: Region(size: CGSize(width: 40, height: 40)))
        let cases: [(CGPoint, Bool)] = [
            (.zero, true), (CGPoint(x: 20, y: 20), true), (CGPoint(x: 50, y: 0), false),
            (CGPoint(x: 99.9, y: 0), false), (CGPoint(x: 100, y: 0), false), (CGPoint(x: 0, y: -120), true),
            (CGPoint(x: 150, y: 0), true), (CGPoint(x: 106, y: 106), true), (CGPoint(x: 200, y: 0), false),
        ]
        for (p, inside) in cases {
            #expect(shape.contains(p) == inside, "\(p)")
            #expect(shape.inverse().contains(p) == !inside, "inverse, \(p)")
        }
        #expect(shape.shape == .union(.difference(.circle(radius: 150), .circle(radius: 100)),
                                      .rectangle(size: CGSize(width: 40, height: 40))), "the tree is readable")
    }

    @Test("Bad sizes trap with a message naming Region and the property")
    func badInput() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Region(radius: -1)
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("Region.radius"), "\(text)")
        }
        await #expect(processExitsWith: .failure) { _ = Region(radius: .nan) }
        await #expect(processExitsWith: .failure) { _ = Region(radius: .infinity) }
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Region(size: CGSize(width: 10, height: CGFloat.nan))
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("Region.size.height"), "\(text)")
        }
        await #expect(processExitsWith: .failure) { _ = Region(size: CGSize(width: -1, height: 10)) }
    }

    @Test("A region has at most 1000 nodes: a longer union chain or a doubling is invalid input")
    func nodeBound() throws {
        var r = Region(radius: 1)
        for _ in 0..<499 { r = r.byUnion(with: Region(radius: 2)) }
        #expect(r.nodeCount == 999)
        #expect(r.contains(CGPoint(x: 1.5, y: 0)))
        // One more union would make 1001 nodes: an error, and the region is left as it was.
        #expect(throws: DynamicsError.self) { _ = try InvalidInput.catching { r.byUnion(with: Region(radius: 3)) } }
        #expect(try InvalidInput.catching { r.inverse() }.nodeCount == 1000)
        // Doubling shares one subtree, which membership visits twice: counted twice.
        var d = Region(size: CGSize(width: 4, height: 4))
        for _ in 0..<8 { d = d.byIntersection(with: d) }
        #expect(d.nodeCount == 511) // 2⁹ − 1
        #expect(d.contains(CGPoint(x: 2, y: 2)) && !d.contains(CGPoint(x: 2.1, y: 0)))
        #expect(throws: DynamicsError.self) { _ = try InvalidInput.catching { d.byDifference(from: d) } }
    }
}
