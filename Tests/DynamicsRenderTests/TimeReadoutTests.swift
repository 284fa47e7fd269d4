import DynamicsTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Dynamics
@testable import DynamicsRender

/// Issue 25: an SVG of a run had no time readout, so a picture did not say which moment it showed.
@Suite struct TimeReadoutTests {
    /// The text elements of the readout, with the span (fractions of the loop) each is shown.
    static func readout(_ svg: SVG) throws -> [(text: String, spans: [(Double, Double)], time: Double)] {
        let group = try #require(svg.elements(named: "g").first { svg.attribute("class", of: $0) == "time-readout" })
        #expect(svg.attribute("id", of: group) == "time")
        return try svg.elements(named: "text", in: group).map { t in
            let text = try #require(t.children?.compactMap { $0.kind == .text ? $0.stringValue : nil }.joined())
            let time = try #require(Double(svg.attribute("data-time", of: t) ?? ""))
            guard let animate = svg.elements(named: "animate", in: t).first else { return (text, [(0, 1)], time) }
            #expect(svg.attribute("attributeName", of: animate) == "visibility" && svg.attribute("calcMode", of: animate) == "discrete")
            let values = try #require(svg.attribute("values", of: animate)).split(separator: ";").map(String.init)
            let times = try #require(svg.attribute("keyTimes", of: animate)).split(separator: ";").map { Double($0)! }
            #expect(values.count == times.count && times.first == 0)
            // The element starts hidden exactly when its first value is "hidden".
            #expect((svg.attribute("visibility", of: t) == "hidden") == (values.first == "hidden"))
            var spans: [(Double, Double)] = []
            for (k, v) in values.enumerated() where v == "visible" { spans.append((times[k], k + 1 < times.count ? times[k + 1] : 1)) }
            return (text, spans, time)
        }
    }

    @Test func theAnimatedReadoutShowsEachSampleTimeFromItsKeyTimeToTheNext() throws {
        let recorder = Scene().run(debug: false)   // 2 s at 60 fps, 30 samples a second
        let svg = try SVG(recorder.svg(debug: false))
        let texts = try Self.readout(svg)
        #expect(texts.count == recorder.frames.count && texts.count == 61)
        let t0 = recorder.frames[0].time, duration = recorder.duration
        for (k, frame) in recorder.frames.enumerated() {
            #expect(texts[k].text == String(format: "t = %.3f s", frame.time), "sample \(k)")
            #expect(abs(texts[k].time - frame.time) < 1e-6)
            // Just after the sample's moment, and halfway to the next: this text alone shows.
            let u = (frame.time - t0) / duration
            let next = k + 1 < recorder.frames.count ? (recorder.frames[k + 1].time - t0) / duration : 1
            for probe in [u + 1e-5, (u + next) / 2] where probe < 1 {
                let shown = texts.indices.filter { i in texts[i].spans.contains { $0.0 <= probe && probe < $0.1 } }
                #expect(shown == [k], "at \(probe) of the loop: \(shown.map { texts[$0].text })")
            }
        }
        // It loops with the items.
        let animate = try #require(svg.elements(named: "animate").first { svg.attribute("attributeName", of: $0) == "visibility" })
        #expect(svg.attribute("dur", of: animate) == "2s" && svg.attribute("repeatCount", of: animate) == "indefinite")
    }

    @Test func aOneSampleRecordingIsAStillWithItsTimeShown() throws {
        let scene = Scene()
        for _ in 0..<75 { scene.animator.step(1.0 / 60) }
        let recorder = TraceRecorder(animator: scene.animator, items: scene.items, sampleRate: .infinity, debug: true)
        recorder.record(time: 1.25)
        let text = recorder.svg(debug: true)
        let svg = try SVG(text)
        let animations = svg.elements(named: "*").filter { ($0.localName ?? "").hasPrefix("animate") || $0.localName == "set" }
        #expect(animations.isEmpty, "a still has no animation: \(animations.compactMap(\.localName))")
        let texts = try Self.readout(svg)
        #expect(texts.map(\.text) == ["t = 1.250 s"])
        // The items stand where the animator has them.
        let box = try #require(svg.elements(named: "g").first { svg.attribute("id", of: $0) == "item-box" })
        let p = scene.box.center
        #expect(svg.attribute("transform", of: box) == "translate(\(Format.short(p.x)) \(Format.short(p.y)))")
    }
}
