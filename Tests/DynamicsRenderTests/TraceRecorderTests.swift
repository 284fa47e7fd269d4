import DynamicsTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Dynamics
@testable import DynamicsRender

/// A small scene with one of everything the overlay draws: a box, a ball and a wedge (a
/// `.path` item) fall onto the bounds and a shelf; a bob hangs from an anchor on a spring; a
/// puck snaps to a point; a float sits in a spring field with a circular region.
struct Scene {
    let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 300))
    let box = DynamicView(center: CGPoint(x: 80, y: 40), size: CGSize(width: 40, height: 30), name: "box")
    let ball = DynamicView(center: CGPoint(x: 160, y: 30), size: CGSize(width: 30, height: 30), collisionBoundsType: .ellipse, name: "ball")
    let wedge = DynamicView(center: CGPoint(x: 230, y: 40), size: CGSize(width: 40, height: 40), collisionBoundsType: .path, name: "wedge")
    let bob = DynamicView(center: CGPoint(x: 330, y: 120), size: CGSize(width: 20, height: 20), name: "bob")
    let puck = DynamicView(center: CGPoint(x: 40, y: 250), size: CGSize(width: 24, height: 24), collisionBoundsType: .ellipse, name: "puck")
    let float = DynamicView(center: CGPoint(x: 300, y: 230), size: CGSize(width: 16, height: 16), collisionBoundsType: .ellipse)
    let attachment: AttachmentBehavior
    let snap: SnapBehavior
    let field: FieldBehavior
    let collision: CollisionBehavior

    var items: [DynamicItem] { [box, ball, wedge, bob, puck, float] }

    init() {
        let triangle = BezierPath()
        triangle.move(to: CGPoint(x: 0, y: -20))
        triangle.addLine(to: CGPoint(x: 20, y: 20))
        triangle.addLine(to: CGPoint(x: -20, y: 20))
        triangle.close()
        wedge.collisionBoundingPath = triangle
        box.transform = CGAffineTransform(rotationAngle: 0.4)

        collision = CollisionBehavior(items: [box, ball, wedge, puck])
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.addBoundary(withIdentifier: "shelf", from: CGPoint(x: 140, y: 160), to: CGPoint(x: 260, y: 190))
        animator.addBehavior(GravityBehavior(items: [box, ball, wedge, bob]))
        animator.addBehavior(collision)
        attachment = AttachmentBehavior(item: bob, offsetFromCenter: Offset(horizontal: 0, vertical: -10),
                                        attachedToAnchor: CGPoint(x: 330, y: 60))
        attachment.frequency = 2
        attachment.damping = 0.2
        snap = SnapBehavior(item: puck, snapTo: CGPoint(x: 120, y: 230))
        field = FieldBehavior.springField()
        field.position = CGPoint(x: 330, y: 240)
        field.region = Region(radius: 80).byDifference(from: Region(radius: 10))
        field.strength = 4
        field.addItem(float)
        // Nested, to check that the overlay walks the whole tree.
        let parent = DynamicBehavior()
        parent.addChildBehavior(attachment)
        parent.addChildBehavior(snap)
        animator.addBehavior(parent)
        animator.addBehavior(field)
    }

    /// Steps 2 s at 60 fps, recording after every frame.
    func run(debug: Bool, seconds: Double = 2, maximumBytes: Int? = nil) -> TraceRecorder {
        let recorder = TraceRecorder(animator: animator, items: items, debug: debug)
        if let maximumBytes { recorder.maximumBytes = maximumBytes }
        recorder.record(time: 0)
        let frames = Int((seconds * 60).rounded())
        for frame in 1...frames {
            animator.step(1.0 / 60)
            recorder.record(time: Double(frame) / 60)
        }
        recorder.finish(time: Double(frames) / 60)
        return recorder
    }
}

@Suite struct TraceRecorderTests {
    // MARK: Recording

    @Test func samplesAtMostThirtyTimesASecondAndNamesItems() {
        let scene = Scene()
        let recorder = scene.run(debug: false)
        #expect(recorder.names == ["box", "ball", "wedge", "bob", "puck", "item6"])
        // 0, 2/60, …, 120/60: every other frame of 60 fps.
        #expect(recorder.frames.count == 61)
        #expect(recorder.frames.allSatisfy { $0.items.count == 6 && $0.contacts.isEmpty })
        for (a, b) in zip(recorder.frames, recorder.frames.dropFirst()) {
            #expect(abs(b.time - a.time - 1.0 / 30) < 1e-9)
        }
        #expect(abs(recorder.duration - 2) < 1e-12)
        // The last sample is the state now.
        let last = recorder.frames.last!.items
        for (item, s) in zip(scene.items, last) {
            #expect(s.x == Double(item.center.x) && s.y == Double(item.center.y))
            #expect(s.angle == Double(atan2(item.transform.b, item.transform.a)))
        }
        // The ball fell and moves (velocities come from the animator).
        #expect(recorder.frames[1].items[1].vy > 0)
        #expect(last[1].y > 200)
    }

    @Test func svgIsWellFormedWithControlCharactersInNames() throws {
        let animator = DynamicAnimator()
        let odd = DynamicView(center: CGPoint(x: 50, y: 50), size: CGSize(width: 10, height: 10), name: "bad\u{1}name\u{1B}[31m\u{FFFE} & <x>")
        animator.addBehavior(GravityBehavior(items: [odd]))
        animator.step(0)
        let recorder = TraceRecorder(animator: animator, items: [odd])
        recorder.record(time: 0)
        animator.step(1.0 / 60)
        recorder.record(time: 1.0 / 60)
        let svg = recorder.svg(debug: true)
        #expect(XMLParser(data: Data(svg.utf8)).parse(), "the SVG is well-formed XML")
        #expect(svg.contains("bad?name?[31m? &amp; &lt;x&gt;"))
    }

    @Test func recordingStopsAtItsBound() {
        // Six items: each sample costs 6 · 168 bytes and the names as the JSON writes them
        // (3 + 4 + 5 + 3 + 4 + 5, quoted) and the SVG's time readout; the first also each
        // item's group in the SVG (its name twice, its shape: the wedge's four path elements)
        // and its name in the JSON's list.
        let perSample = 6 * SampleCost.item + 24 + 12 + TraceRecorder.readoutBytesPerSample
        let once = 6 * (SampleCost.itemGroup + 256 + 3) + 3 * 24 + 4 * SampleCost.pathElement
        let recorder = Scene().run(debug: false, maximumBytes: once + 10 * perSample)
        #expect(recorder.isTruncated)
        #expect(recorder.frames.count == 10 && recorder.estimatedBytes == once + 10 * perSample, "\(recorder.frames.count) \(recorder.estimatedBytes)")
        #expect(abs(recorder.duration - 9.0 / 30) < 1e-9, "the samples up to the bound are kept")
        let whole = Scene().run(debug: false)
        #expect(!whole.isTruncated && whole.frames.count == 61)
    }

    @Test(arguments: [(fps: 60.0, rate: 30.0, expected: 31), (fps: 25.0, rate: 30.0, expected: 26), (fps: 120.0, rate: 30.0, expected: 31),
                      (fps: 60.0, rate: 10.0, expected: 11), (fps: 60.0, rate: .infinity, expected: 61)])
    func samplingGrid(fps: Double, rate: Double, expected: Int) {
        let animator = DynamicAnimator()
        let item = DynamicView(center: .zero, size: CGSize(width: 10, height: 10))
        let recorder = TraceRecorder(animator: animator, items: [item], sampleRate: rate)
        var t = 0.0
        recorder.record(time: t)
        for _ in 0..<Int(fps) { t += 1 / fps; recorder.record(time: t) }  // summed: rounding included
        #expect(recorder.frames.count == expected)
        recorder.record(time: t)      // not later: ignored
        recorder.record(time: t - 1)
        recorder.finish(time: t)
        #expect(recorder.frames.count == expected)
    }

    @Test func debugRecordingKeepsContactsAndBehaviors() {
        let recorder = Scene().run(debug: true)
        #expect(recorder.frames.contains { !$0.contacts.isEmpty }, "items rest on the floor")
        #expect(recorder.overlayFrames.count == recorder.frames.count)
        #expect(recorder.overlayElements.count == 4, "collision, attachment, snap, field")
    }

    // MARK: CSV and JSON

    @Test func csvHasOneRowPerItemPerSample() throws {
        let recorder = Scene().run(debug: false)
        let csv = recorder.csv()
        let lines = csv.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "time,item,x,y,angle,vx,vy")
        #expect(lines.last == "", "ends with a line break")
        let rows = lines.dropFirst().dropLast()
        #expect(rows.count == recorder.items.count * recorder.frames.count)
        // Row k·n + i is item i of sample k, numbers within the printed precision.
        for (r, row) in rows.enumerated() {
            let fields = row.split(separator: ",").map(String.init)
            #expect(fields.count == 7)
            let frame = recorder.frames[r / 6], s = frame.items[r % 6]
            #expect(fields[1] == recorder.names[r % 6])
            let numbers = [0, 2, 3, 4, 5, 6].map { Double(fields[$0])! }
            let expected = [frame.time, s.x, s.y, s.angle, s.vx, s.vy]
            for (n, e) in zip(numbers, expected) { #expect(abs(n - e) <= 0.00005 + 1e-12, "row \(r): \(row)") }
        }
        #expect(rows.first!.hasPrefix("0.000000,box,80.0000,40.0000,0.400000,"))
    }

    @Test func jsonRoundTrip() throws {
        let recorder = Scene().run(debug: true)
        let data = try recorder.json()
        let decoded = try JSONDecoder().decode(Trace.self, from: data)
        #expect(decoded == recorder.trace)
        #expect(decoded.items == recorder.names)
        #expect(decoded.samples.count == recorder.frames.count)
        for (sample, frame) in zip(decoded.samples, recorder.frames) {
            #expect(sample.time == frame.time)
            #expect(sample.items.map(\.name) == recorder.names)
            #expect(sample.items.map(\.x) == frame.items.map(\.x) && sample.items.map(\.vy) == frame.items.map(\.vy))
            #expect(sample.contacts?.count == frame.contacts.count)
        }
        // The documented shape, read without the trace's own types.
        let object = try JSONValue(parsing: data)
        #expect(object.keys == ["items", "sampleRate", "samples"])
        let first = try #require(object["samples"]?[0])
        #expect(first.keys == ["time", "items", "contacts"])
        let item = try #require(first["items"]?[0])
        #expect(item.keys == ["name", "x", "y", "angle", "vx", "vy"])
        #expect(item["name"]?.string == "box")
        // Without debug there are no contacts.
        let plain = try JSONValue(parsing: try Scene().run(debug: false).json())
        #expect(plain["samples"]?[0]?.keys == ["time", "items"])
    }

    @Test("JSON names with quotes, backslashes, control characters and slashes read back as they were")
    func jsonNamesRoundTrip() throws {
        let name = "a\"b\\c\u{1}\n\r\t/é\u{7F}"
        let item = DynamicView(center: CGPoint(x: 1.5, y: -2.25), size: CGSize(width: 10, height: 10), name: name)
        let recorder = TraceRecorder(animator: DynamicAnimator(), items: [item])
        recorder.record(time: 0.1)
        let decoded = try JSONDecoder().decode(Trace.self, from: try recorder.json())
        #expect(decoded.items == [name] && decoded.samples.first?.items.first?.name == name)
        #expect(decoded == recorder.trace)
    }

    @Test func nonFiniteNumbersMakeJSONThrow() {
        let item = DynamicView(center: .zero, size: CGSize(width: 10, height: 10))
        let recorder = TraceRecorder(animator: DynamicAnimator(), items: [item])
        item.center = CGPoint(x: Double.nan, y: 0)
        recorder.record(time: 0)
        #expect(throws: (any Error).self) { try recorder.json() }
        #expect(recorder.csv().contains("0.000000,item1,nan,0.0000,"))
    }

    @Test func writesByExtension() throws {
        let recorder = Scene().run(debug: true, seconds: 0.5)
        let dir = testScratch.appendingPathComponent("DynamicsRenderTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try recorder.write(to: dir.appendingPathComponent("t.csv"))
        try recorder.write(to: dir.appendingPathComponent("t.JSON"))
        try recorder.write(to: dir.appendingPathComponent("t.svg"), debug: true)
        #expect(try String(contentsOf: dir.appendingPathComponent("t.csv"), encoding: .utf8) == recorder.csv())
        #expect(try Data(contentsOf: dir.appendingPathComponent("t.JSON")) == recorder.json())
        #expect(try String(contentsOf: dir.appendingPathComponent("t.svg"), encoding: .utf8) == recorder.svg(debug: true))
        #expect(throws: (any Error).self) { try recorder.write(to: dir.appendingPathComponent("t.txt")) }
    }

    // MARK: SVG

    @Test func svgHasOneAnimatedGroupPerItemMatchingTheSamples() throws {
        let recorder = Scene().run(debug: false)
        let svg = try SVG(recorder.svg(debug: false))
        #expect(svg.root.localName == "svg")
        #expect(svg.attribute("viewBox", of: svg.root) == "0 0 400 300")
        #expect(svg.attribute("width", of: svg.root) == "400" && svg.attribute("height", of: svg.root) == "300")

        let groups = svg.elements(named: "g").filter { svg.attribute("class", of: $0) == "item" }
        #expect(groups.map { svg.attribute("id", of: $0) } == ["item-box", "item-ball", "item-wedge", "item-bob", "item-puck", "item-item6"])
        let t0 = recorder.frames[0].time, duration = recorder.duration
        for (i, g) in groups.enumerated() {
            let name = recorder.names[i]
            let translate = try #require(svg.elements(named: "animateTransform", in: g).first { svg.attribute("type", of: $0) == "translate" })
            // Directly in the item's group (the rotation is nested inside).
            #expect(translate.parent === g)
            let values = try #require(svg.attribute("values", of: translate)).split(separator: ";")
            let keyTimes = try #require(svg.attribute("keyTimes", of: translate)).split(separator: ";").map { Double($0)! }
            #expect(values.count == recorder.frames.count && keyTimes.count == values.count, "\(name)")
            #expect(svg.attribute("dur", of: translate) == "2s")
            #expect(svg.attribute("repeatCount", of: translate) == "indefinite")
            #expect(keyTimes.first == 0 && keyTimes.last == 1)
            for (k, frame) in recorder.frames.enumerated() {
                let xy = values[k].split(separator: " ").map { Double($0)! }
                let s = frame.items[i]
                #expect(abs(xy[0] - s.x) <= 0.005 + 1e-9 && abs(xy[1] - s.y) <= 0.005 + 1e-9, "\(name) sample \(k): \(values[k]) vs \(s)")
                #expect(abs(keyTimes[k] - (frame.time - t0) / duration) <= 5e-7)
            }
            // Rotation in degrees, unwrapped, when the angle changes.
            let rotate = svg.elements(named: "animateTransform", in: g).first { svg.attribute("type", of: $0) == "rotate" }
            if let rotate {
                let degrees = try #require(svg.attribute("values", of: rotate)).split(separator: ";").map { Double($0)! }
                #expect(degrees.count == recorder.frames.count)
                for (k, frame) in recorder.frames.enumerated() {
                    let d = degrees[k] - frame.items[i].angle * 180 / .pi
                    #expect(abs(d - 360 * (d / 360).rounded()) <= 0.006, "\(name) sample \(k)")
                }
                for (a, b) in zip(degrees, degrees.dropFirst()) { #expect(abs(b - a) <= 180) }
            } else {
                #expect(Set(recorder.frames.map { $0.items[i].angle }).count == 1, "\(name) turns: it needs a rotate animation")
            }
        }
        // True shapes: the box a rectangle, the balls ellipses, the wedge its path.
        func shapes(_ i: Int) -> [String] {
            svg.elements(named: "*", in: groups[i]).compactMap(\.localName).filter { ["rect", "ellipse", "path"].contains($0) }
        }
        #expect(shapes(0) == ["rect"] && shapes(1) == ["ellipse"] && shapes(2) == ["path"] && shapes(5) == ["ellipse"])
        let wedgePath = svg.elements(named: "path", in: groups[2]).first
        #expect(svg.attribute("d", of: wedgePath) == "M0 -20 L20 20 L-20 20 Z")
        let boxRect = svg.elements(named: "rect", in: groups[0]).first
        #expect(svg.attribute("width", of: boxRect) == "40" && svg.attribute("x", of: boxRect) == "-20")

        // No overlay without debug.
        #expect(svg.elements(named: "g").allSatisfy { svg.attribute("class", of: $0) != "debug" })
        #expect(!recorder.svg(debug: false).contains("debug"))
    }

    @Test func debugAddsTheOverlay() throws {
        let recorder = Scene().run(debug: true)
        let svg = try SVG(recorder.svg(debug: true))
        let overlay = svg.elements(named: "g").filter { svg.attribute("class", of: $0) == "debug" }
        #expect(overlay.compactMap { svg.attribute("id", of: $0) } == ["debug-fields", "debug-boundaries", "debug-attachments", "debug-snaps", "debug-contacts"])
        func group(_ id: String) throws -> XMLElement { try #require(overlay.first { svg.attribute("id", of: $0) == id }) }

        // Boundaries: the reference bounds and the shelf.
        let boundaries = try group("debug-boundaries")
        let bounds = try #require(svg.elements(named: "rect", in: boundaries).first)
        #expect(["x", "y", "width", "height"].map { svg.attribute($0, of: bounds) } == ["0", "0", "400", "300"])
        #expect(svg.elements(named: "path", in: boundaries).map { svg.attribute("d", of: $0) } == ["M140 160 L260 190"])

        // The attachment: a line from the anchor to the bob's attachment point, following the bob.
        let attachments = try group("debug-attachments")
        let line = try #require(svg.elements(named: "line", in: attachments).first)
        #expect(svg.attribute("x1", of: line) == "330" && svg.attribute("y1", of: line) == "60")
        let y2 = try #require(svg.elements(named: "animate", in: line).first { svg.attribute("attributeName", of: $0) == "y2" })
        let bobTops = try #require(svg.attribute("values", of: y2)).split(separator: ";").map { Double($0)! }
        #expect(bobTops.count == recorder.frames.count)
        for (k, frame) in recorder.frames.enumerated() {
            let s = frame.items[3]
            #expect(abs(bobTops[k] - (s.y - 10 * cos(s.angle))) <= 0.006)
        }
        #expect(svg.elements(named: "circle", in: attachments).contains { svg.attribute("class", of: $0) == "anchor" })

        // The snap point's cross.
        let cross = try #require(svg.elements(named: "path", in: try group("debug-snaps")).first)
        #expect(svg.attribute("transform", of: cross) == "translate(120 230)")

        // The field: its region (a disc minus a dashed inner disc) at its position, and arrows.
        let fields = try group("debug-fields")
        let regions = svg.elements(named: "circle", in: fields).filter { svg.attribute("class", of: $0) == "region" }
        #expect(regions.map { svg.attribute("r", of: $0) } == ["80", "10"])
        #expect(svg.attribute("stroke-dasharray", of: regions[0]) == nil && svg.attribute("stroke-dasharray", of: regions[1]) != nil)
        #expect(svg.elements(named: "g", in: fields).contains { svg.attribute("transform", of: $0) == "translate(330 240)" })
        let arrows = try #require(svg.elements(named: "path", in: fields).first { svg.attribute("class", of: $0) == "field-arrows" })
        let arrowCount = try #require(svg.attribute("d", of: arrows)).split(separator: "M").count / 2
        #expect(arrowCount >= 5, "arrows inside the region")

        // Contacts: dots shown per sample.
        let contacts = svg.elements(named: "g", in: try group("debug-contacts"))
        #expect(!contacts.isEmpty)
        #expect(contacts.count <= SVGRenderer.maximumContactSamples)
        let dots = contacts.reduce(0) { $0 + svg.elements(named: "circle", in: $1).count }
        #expect(dots == recorder.frames.reduce(0) { $0 + $1.contacts.count })
        #expect(contacts.allSatisfy { svg.elements(named: "animate", in: $0).count <= 1 })
    }

    @Test func overlayOfAPlainRecordingShowsTheTreeNow() throws {
        let recorder = Scene().run(debug: false, seconds: 0.5)
        let svg = try SVG(recorder.svg(debug: true))
        let overlay = svg.elements(named: "g").filter { svg.attribute("class", of: $0) == "debug" }
        #expect(overlay.count == 5)
        let kinds = overlay.flatMap { g in (g.children ?? []).compactMap { ($0 as? XMLElement).flatMap { svg.attribute("class", of: $0) } } }
        #expect(kinds == ["field", "collision", "attachment", "snap"], "no contacts without a debug recording")
        #expect(overlay.flatMap { svg.elements(named: "animate", in: $0) }.allSatisfy { svg.attribute("attributeName", of: $0) != "visibility" })
    }

    @Test func overlayFollowsBehaviorsThatComeGoAndMove() throws {
        let scene = Scene()
        let recorder = TraceRecorder(animator: scene.animator, items: scene.items, debug: true)
        recorder.record(time: 0)
        for frame in 1...60 {
            if frame == 30 { scene.snap.snapPoint = CGPoint(x: 200, y: 100) }
            if frame == 45 { scene.animator.removeBehavior(scene.field) }
            scene.animator.step(1.0 / 60)
            recorder.record(time: Double(frame) / 60)
        }
        let svg = try SVG(recorder.svg(debug: true))
        let overlay = svg.elements(named: "g").filter { svg.attribute("class", of: $0) == "debug" }
        let snaps = try #require(overlay.first { svg.attribute("id", of: $0) == "debug-snaps" })
        let move = try #require(svg.elements(named: "animateTransform", in: snaps).first)
        #expect(svg.attribute("calcMode", of: move) == "discrete")
        #expect(svg.attribute("values", of: move) == "120 230;200 100")
        let firstGroup = try #require(overlay.first)
        let field = try #require(svg.elements(named: "g", in: firstGroup).first { svg.attribute("class", of: $0) == "field" })
        let hide = try #require(svg.elements(named: "animate", in: field).first { svg.attribute("attributeName", of: $0) == "visibility" })
        #expect(svg.attribute("values", of: hide) == "visible;hidden")
        #expect(svg.attribute("keyTimes", of: hide) == "0;0.766667")  // the sample at 46/60 s of 60/60
    }

    @Test func abstractAnimatorFramesTheRecordedPositions() throws {
        let animator = DynamicAnimator()
        let a = DynamicView(center: CGPoint(x: -100, y: 50), size: CGSize(width: 20, height: 20), name: "a")
        let b = DynamicView(center: CGPoint(x: 300, y: -40), size: CGSize(width: 20, height: 20), name: "a")
        let push = PushBehavior(items: [a, b], mode: .continuous)
        push.pushDirection = CGVector(dx: 0, dy: 1)
        animator.addBehavior(push)
        let recorder = TraceRecorder(animator: animator, items: [a, b])
        recorder.record(time: 0)
        for frame in 1...30 { animator.step(1.0 / 60); recorder.record(time: Double(frame) / 60) }
        let svg = try SVG(recorder.svg())
        let box = try #require(svg.attribute("viewBox", of: svg.root)).split(separator: " ").map { Double($0)! }
        let (x0, y0, x1, y1) = (box[0], box[1], box[0] + box[2], box[1] + box[3])
        for frame in recorder.frames {
            for s in frame.items {
                #expect(s.x - 10 > x0 && s.x + 10 < x1 && s.y - 10 > y0 && s.y + 10 < y1)
            }
        }
        // Equal names get distinct ids.
        let ids = svg.elements(named: "g").filter { svg.attribute("class", of: $0) == "item" }.compactMap { svg.attribute("id", of: $0) }
        #expect(ids == ["item-a", "item-a-2"])
    }

    @Test func aStillRecordingIsAValidPicture() throws {
        let item = DynamicView(center: CGPoint(x: 50, y: 50), size: CGSize(width: 20, height: 10), name: "x & <y>")
        let recorder = TraceRecorder(animator: DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 100, height: 100)), items: [item])
        for text in [recorder.svg(debug: true), { recorder.record(time: 0); return recorder.svg(debug: true) }()] {
            let svg = try SVG(text)
            let g = try #require(svg.elements(named: "g").first { svg.attribute("class", of: $0) == "item" })
            #expect(svg.attribute("data-name", of: g) == "x & <y>")
            #expect(svg.attribute("id", of: g) == "item-x____y_")
        }
    }

    @Test func outputIsDeterministic() throws {
        let first = Scene().run(debug: true), second = Scene().run(debug: true)
        #expect(first.svg(debug: true) == second.svg(debug: true))
        #expect(first.svg(debug: false) == second.svg(debug: false))
        #expect(first.csv() == second.csv())
        #expect(try first.json() == second.json())
        // And repeatable on one recorder.
        #expect(first.svg(debug: true) == first.svg(debug: true))
    }

    /// Writes the test scene's SVG (5 s, with the overlay) to the path in
    /// `DYNAMICS_RENDER_SVG_OUT`, for Tests/BrowserCheck/browser_check.sh.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["DYNAMICS_RENDER_SVG_OUT"] != nil))
    func writeSceneForTheBrowserCheck() throws {
        let path = try #require(ProcessInfo.processInfo.environment["DYNAMICS_RENDER_SVG_OUT"])
        try Scene().run(debug: true, seconds: 5).write(to: URL(fileURLWithPath: path), debug: true)
    }

    // MARK: Formatting

    @Test func numberFormatting() {
        #expect(Format.fixed(1.5, 4) == "1.5000")
        #expect(Format.fixed(-0.00001, 4) == "0.0000")
        #expect(Format.fixed(-0.5, 0) == "-1" || Format.fixed(-0.5, 0) == "-0")
        #expect(Format.fixed(-12.345678, 6) == "-12.345678")
        #expect(Format.fixed(0.000123, 6) == "0.000123")
        #expect(Format.fixed(1e300, 2).hasPrefix("1000000000"))
        #expect(Format.short(12.5) == "12.5" && Format.short(-0.001) == "0" && Format.short(3.0) == "3" && Format.short(100.0) == "100")
        #expect(Format.short(Double.nan) == "0")
        #expect(Format.csvField("a,b") == "\"a,b\"" && Format.csvField("say \"hi\"") == "\"say \"\"hi\"\"\"")
        // Every line break is quoted, "\r\n" too (one Character in Swift, which slipped through).
        for name in ["a\nb", "a\rb", "a\r\nb"] { #expect(Format.csvField(name) == "\"" + name + "\"", "\(name.debugDescription)") }
    }
}

/// An SVG parsed with FoundationXML. (On Linux `attribute(forName:)` returns nil for elements in
/// SVG's default namespace, so attributes are read from `attributes`.)
struct SVG {
    let root: XMLElement

    init(_ text: String) throws {
        let document = try XMLDocument(data: Data(text.utf8), options: [])
        root = try #require(document.rootElement())
    }

    func attribute(_ name: String, of element: XMLElement?) -> String? {
        element?.attributes?.first { ($0.localName ?? $0.name) == name }?.stringValue
    }

    /// Elements named `name` ("*" for any) under `element` (the root by default), depth-first.
    func elements(named name: String, in element: XMLElement? = nil) -> [XMLElement] {
        var found: [XMLElement] = []
        func visit(_ e: XMLElement) {
            for child in e.children ?? [] {
                guard let c = child as? XMLElement else { continue }
                if name == "*" || (c.localName ?? c.name) == name { found.append(c) }
                visit(c)
            }
        }
        visit(element ?? root)
        return found
    }
}
