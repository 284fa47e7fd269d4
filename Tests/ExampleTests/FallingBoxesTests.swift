import DynamicsTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Dynamics
@testable import FallingBoxes

/// The FallingBoxes example, end to end: the built executable is run as `make demo` runs it,
/// and its scene function is also called in-process for the checks that need the items.
///
/// The test target depends on the `FallingBoxes` executable target, so SwiftPM builds the
/// executable (next to the test bundle) before the tests and links its module for
/// `@testable import` (its `main` is renamed, so the top-level code never runs here).
@Suite struct FallingBoxesTests {
    static let bounds = CGRect(x: 0, y: 0, width: 400, height: 600)

    // MARK: The executable

    @Test func executableRunsSettlesAndWritesAnAnimatedSVG() throws {
        let dir = testScratch.appendingPathComponent("FallingBoxesTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let svgURL = dir.appendingPathComponent("x.svg")

        let result = try runExample(["--svg", svgURL.path, "--seconds", "15"])
        #expect(result.status == 0, "stderr: \(result.stderr)")

        // One line per item, then the summary.
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let itemLine = try Regex(#"^(\S+)\s+center \((-?\d+\.\d), (-?\d+\.\d)\)\s+angle (-?\d+\.\d{3})$"#)
        var printed: [(name: String, x: Double, y: Double)] = []
        for line in lines.dropLast() {
            let m = try #require(try itemLine.wholeMatch(in: line), "unexpected line: \(line)")
            printed.append((String(m.output[1].substring!), Double(m.output[2].substring!)!, Double(m.output[3].substring!)!))
        }
        #expect(printed.count == 12)
        #expect(Set(printed.map(\.name)).count == printed.count, "item names are unique")
        for p in printed {
            #expect(Self.bounds.contains(CGPoint(x: p.x, y: p.y)), "\(p.name) ended outside the bounds at (\(p.x), \(p.y))")
        }
        let summary = try #require(lines.last)
        #expect(summary.contains("paused: yes"), "the scene should come to rest within 15 s: \(summary)")
        let summaryPattern = try Regex(#"^elapsed (\d+\.\d{3}) s \((\d+) frames\), paused: (yes|no), contacts began: (\d+)$"#)
        let s = try #require(try summaryPattern.wholeMatch(in: summary), "unexpected summary: \(summary)")
        let elapsed = Double(s.output[1].substring!)!
        #expect(elapsed > 0.5 && elapsed < 15)
        #expect(Int(s.output[4].substring!)! >= 12, "every item touches something at least once")

        // The SVG: well-formed XML, the bounds' size, one animated group per item.
        let document = try XMLDocument(contentsOf: svgURL, options: [])
        let svg = try #require(document.rootElement())
        #expect(svg.localName == "svg")
        #expect(Double(Self.attribute("width", of: svg) ?? "") == 400)
        #expect(Double(Self.attribute("height", of: svg) ?? "") == 600)
        let svgLines = svg.children?.compactMap { $0 as? XMLElement }.filter { $0.localName == "line" } ?? []
        #expect(svgLines.count == 5, "four walls and the shelf")

        let groups = Self.elements(named: "g", in: svg).filter { Self.attribute("class", of: $0) == "item" }
        #expect(groups.map { Self.attribute("id", of: $0) } == printed.map { "item-\($0.name)" })
        var ellipses = 0
        for g in groups {
            let id = Self.attribute("id", of: g) ?? "?"
            let animations = Self.elements(named: "animateTransform", in: g)
            #expect(animations.compactMap { Self.attribute("type", of: $0) }.sorted() == ["rotate", "translate"], "\(id)")
            // The translate animates the item's own group; the rotate is nested inside it.
            #expect(g.children?.contains { ($0 as? XMLElement)?.localName == "animateTransform" } == true, "\(id)")
            for a in animations {
                let attr = { (name: String) in Self.attribute(name, of: a) ?? "" }
                #expect(attr("attributeName") == "transform")
                #expect(attr("repeatCount") == "indefinite")
                let dur = Double(attr("dur").dropLast()) ?? -1  // "3.9333s"
                #expect(abs(dur - elapsed) < 0.001, "\(id): dur \(attr("dur")) vs elapsed \(elapsed)")
                let values = attr("values").split(separator: ";"), keyTimes = attr("keyTimes").split(separator: ";")
                #expect(values.count == keyTimes.count && values.count >= Int(elapsed * 30), "\(id): 30 fps keyframes")
                #expect(keyTimes.first.flatMap { Double($0) } == 0 && keyTimes.last.flatMap { Double($0) } == 1)
            }
            let shapes = Self.elements(named: "rect", in: g).count + Self.elements(named: "ellipse", in: g).count
            #expect(shapes == 1, "\(id) is drawn as one rect or ellipse")
            ellipses += Self.elements(named: "ellipse", in: g).count
        }
        #expect(groups.count == 12)
        #expect(ellipses == 4)

        // The last keyframe is the printed final state.
        for (g, p) in zip(groups, printed) {
            let translate = Self.elements(named: "animateTransform", in: g).first { Self.attribute("type", of: $0) == "translate" }
            let last = try #require(Self.attribute("values", of: translate)?.split(separator: ";").last)
            let xy = last.split(separator: " ").compactMap { Double($0) }
            #expect(xy.count == 2 && abs(xy[0] - p.x) <= 0.06 && abs(xy[1] - p.y) <= 0.06, "\(p.name): \(last)")
        }
    }

    @Test(arguments: [["--bogus"], ["--svg"], ["--seconds"], ["--seconds", "abc"], ["--seconds", "-1"], ["--seconds", "nan"]])
    func badArgumentsPrintUsageAndExit2(_ arguments: [String]) throws {
        let result = try runExample(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains("usage: FallingBoxes"))
        #expect(result.stdout.isEmpty)
    }

    @Test func secondsCapsTheRun() throws {
        let result = try runExample(["--seconds", "0.5"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("elapsed 0.500 s (30 frames), paused: no"), "\(result.stdout)")
    }

    // MARK: The scene, in-process

    @Test func sceneComesToRestInsideTheBoundsAndIsDeterministic() throws {
        let run = runFallingBoxes(maxSeconds: 15)
        #expect(run.paused)
        #expect(run.items.count == 12)
        #expect(run.times.count == run.poses[0].count && run.times.last == run.elapsed)
        for item in run.items {
            // The item's true shape (rotation included) stays within the walls; resting
            // items may touch them, with at most 0.5 pt of overlap (docs/units.md).
            let frame = Self.extent(of: item)
            #expect(frame.minX >= -0.5 && frame.minY >= -0.5 && frame.maxX <= 400.5 && frame.maxY <= 600.5,
                    "\(item.name ?? "?") frame \(frame)")
            // At rest, nothing floats: every item is in the lower part of the box or on the shelf.
            #expect(item.center.y > 250, "\(item.name ?? "?") rests at \(item.center)")
        }
        let again = runFallingBoxes(maxSeconds: 15)
        #expect(again.frames == run.frames && again.contacts == run.contacts)
        #expect(zip(run.items, again.items).allSatisfy { $0.center == $1.center && $0.transform == $1.transform },
                "the same scene on the same build gives bit-identical results")
    }

    // MARK: Helpers

    /// The upright box around the item's rotated rectangle or ellipse.
    static func extent(of item: DynamicView) -> CGRect {
        let (a, b) = (Double(item.bounds.width) / 2, Double(item.bounds.height) / 2)
        let (c, s) = (cos(Double(item.angle)), sin(Double(item.angle)))
        let (ex, ey) = item.collisionBoundsType == .ellipse
            ? ((a * a * c * c + b * b * s * s).squareRoot(), (a * a * s * s + b * b * c * c).squareRoot())
            : (abs(c) * a + abs(s) * b, abs(s) * a + abs(c) * b)
        return CGRect(x: Double(item.center.x) - ex, y: Double(item.center.y) - ey, width: 2 * ex, height: 2 * ey)
    }

    /// Runs the built `FallingBoxes` executable (`builtExecutable`; `FALLING_BOXES_EXECUTABLE`
    /// names another).
    func runExample(_ arguments: [String]) throws -> SubprocessResult {
        try runSubprocess(try builtExecutable("FallingBoxes", variable: "FALLING_BOXES_EXECUTABLE"), arguments)
    }

    /// The attribute's value. (swift-corelibs-foundation's `attribute(forName:)` returns nil
    /// for every attribute of an element in a default namespace, as SVG's, so search by hand.)
    static func attribute(_ name: String, of element: XMLElement?) -> String? {
        element?.attributes?.first { ($0.localName ?? $0.name) == name }?.stringValue
    }

    /// Elements named `name` anywhere under `element` (namespace-agnostic).
    static func elements(named name: String, in element: XMLElement) -> [XMLElement] {
        var found: [XMLElement] = []
        for child in element.children ?? [] {
            guard let e = child as? XMLElement else { continue }
            if (e.localName ?? e.name) == name { found.append(e) }
            found += elements(named: name, in: e)
        }
        return found
    }
}
