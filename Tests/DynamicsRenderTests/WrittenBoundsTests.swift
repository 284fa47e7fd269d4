import DynamicsTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Dynamics
@testable import DynamicsRender

/// The recording's bound counts what the writers emit, and the writers stop at it: a file
/// never passes `maximumBytes`, whatever the names or the overlay.
@Suite("Trace and SVG bounds count the bytes written")
struct WrittenBoundsTests {
    /// `count` items named with 4 KiB of U+0001, falling.
    static func namedScene(count: Int) -> (DynamicAnimator, [DynamicItem]) {
        let animator = DynamicAnimator()
        let items = (0..<count).map { i in
            DynamicView(center: CGPoint(x: Double(i) * 10, y: 0), size: CGSize(width: 5, height: 5),
                        name: String(repeating: "\u{1}", count: 4090) + String(format: "%06d", i))
        }
        animator.addBehavior(GravityBehavior(items: items))
        return (animator, items)
    }

    static func record(_ recorder: TraceRecorder, _ animator: DynamicAnimator, seconds: Double) {
        recorder.record(time: 0)
        for frame in 1...Int(seconds * 60) {
            animator.step(1.0 / 60)
            recorder.record(time: Double(frame) / 60)
        }
    }

    /// The JSON writes U+0001 as six bytes: a bound that counted the raw name bytes let 100
    /// such names write 1.6 GB of JSON under a 256 MB bound (3 GB of memory).
    @Test("traceBoundCountedRawNameBytes: escaped names are counted, the JSON and CSV stay under the bound")
    func traceBoundCountedRawNameBytes() throws {
        let (animator, items) = Self.namedScene(count: 20)
        let recorder = TraceRecorder(animator: animator, items: items)
        recorder.maximumBytes = 4 << 20
        Self.record(recorder, animator, seconds: 10)
        #expect(recorder.isTruncated, "the recording reached its bound")
        let json = try recorder.json()
        let csv = recorder.csv()
        for (format, bytes) in [("json", json.count), ("csv", csv.utf8.count), ("svg", recorder.svg().utf8.count)] {
            #expect(bytes <= recorder.estimatedBytes && bytes <= recorder.maximumBytes, "\(format): \(bytes) bytes, estimate \(recorder.estimatedBytes)")
        }
        // The JSON still reads: every sample recorded, each name whole.
        let decoded = try JSONDecoder().decode(Trace.self, from: json)
        #expect(decoded.samples.count == recorder.frames.count && decoded.items == recorder.names)
        // Most of the bound is used: the estimate is not far above what is written.
        #expect(json.count > recorder.maximumBytes * 3 / 4, "\(json.count) bytes of \(recorder.maximumBytes)")
    }

    /// Each attachment draws a line, two circles and their animations every sample: a bound
    /// that counted 48 B per overlay element let 50 000 springs draw 363 MB past 256 MB.
    @Test("svgBoundCountedTooFewOverlayBytes: the overlay's elements are counted, the SVG stays under the bound")
    func svgBoundCountedTooFewOverlayBytes() throws {
        let animator = DynamicAnimator()
        let item = DynamicView(center: CGPoint(x: 400, y: 100), size: CGSize(width: 10, height: 10))
        let parent = DynamicBehavior()
        for i in 0..<2000 {
            let a = AttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 100 + i % 100, y: 50 + i % 37))
            a.length = 1
            a.frequency = 0.5
            parent.addChildBehavior(a)
        }
        animator.addBehavior(parent)
        let recorder = TraceRecorder(animator: animator, items: [item], debug: true)
        recorder.maximumBytes = 4 << 20
        Self.record(recorder, animator, seconds: 20)
        #expect(recorder.isTruncated)
        let svg = recorder.svg(debug: true)
        #expect(svg.utf8.count <= recorder.estimatedBytes && svg.utf8.count <= recorder.maximumBytes,
                "\(svg.utf8.count) bytes, estimate \(recorder.estimatedBytes)")
        #expect(svg.utf8.count > recorder.maximumBytes / 4, "\(svg.utf8.count) bytes of \(recorder.maximumBytes)")
        #expect(XMLParser(data: Data(svg.utf8)).parse(), "well-formed")
        #expect(svg.components(separatedBy: "class=\"attachment\"").count == 2001, "every attachment drawn")
    }

    /// Whatever the estimate, the writers stop at their output's limit with a complete file.
    @Test("The writers stop at the output's limit: the SVG and JSON stay well-formed, the CSV ends on a row")
    func writersStopAtTheLimit() throws {
        let scene = Scene()
        let recorder = scene.run(debug: true, seconds: 2)
        for limit in [600, 5_000, 20_000] {
            let svg = TraceOutput.collecting(limit: limit) { recorder.writeSVG(to: $0, debug: true) }
            #expect(svg.utf8.count <= limit && XMLParser(data: Data(svg.utf8)).parse(), "svg under \(limit): \(svg.utf8.count)")
            let json = try TraceOutput.collecting(limit: limit) { try recorder.writeJSON(to: $0) }
            #expect(json.utf8.count <= limit, "json under \(limit)")
            #expect(throws: Never.self) { try JSONDecoder().decode(Trace.self, from: Data(json.utf8)) }
            let csv = TraceOutput.collecting(limit: limit) { recorder.writeCSV(to: $0) }
            #expect(csv.utf8.count <= limit && (csv.isEmpty || csv.hasSuffix("\n")), "csv under \(limit)")
        }
        var pieces: [Int] = []
        let output = TraceOutput(limit: 10_000) { pieces.append($0.count) }
        recorder.writeSVG(to: output, debug: true)
        try output.finish()
        #expect(output.isTruncated && output.count <= 10_000 && pieces.reduce(0, +) == output.count)
    }
}
