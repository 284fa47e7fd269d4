import Dynamics
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import DynamicsRender

/// Styled items in SVG output: drawn as their style says, turned with the item, strings
/// escaped, pictures embedded as data: URLs.
@Suite("Styled SVG")
struct StyledSVGTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 1, 2, 3])

    func svg(_ items: [DynamicView], seconds: Int = 0) -> String {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 300, height: 300))
        animator.addBehavior(DynamicItemBehavior(items: items))
        let recorder = TraceRecorder(animator: animator, items: items)
        recorder.record(time: 0)
        for f in 0..<(seconds * 60) { animator.step(1.0 / 60); recorder.record(time: Double(f + 1) / 60) }
        return recorder.svg()
    }

    @Test("A text of </text><script> is escaped; nothing of it reaches the SVG as markup")
    func escaping() throws {
        // Wide enough for the text on one line (10 pt letters).
        let card = DynamicView(center: CGPoint(x: 150, y: 150), size: CGSize(width: 900, height: 100), name: "card")
        card.style = ItemStyle(fill: StyleColor(css: "#fff"), text: "</text><script>alert(\"x\")</script> & 'q'", font: ItemFont(size: 10))
        let out = svg([card])
        #expect(!out.contains("<script"))
        #expect(!out.contains("</text><script"))
        #expect(out.contains(">&lt;/text&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;q&apos;</tspan>"))
        // The SVG parses as XML.
        #expect(try XMLDocument(xmlString: out).rootElement()?.name == "svg")
    }

    @Test("Fill, rounded corners, stroke, shadow, opacity and centered text, in the rotated group")
    func drawn() throws {
        let card = DynamicView(center: CGPoint(x: 150, y: 150), size: CGSize(width: 200, height: 100), name: "card")
        card.transform = CGAffineTransform(rotationAngle: .pi / 6)
        card.style = ItemStyle(fill: StyleColor(css: "#0a84ff"), stroke: StyleColor(css: "#00000080"), strokeWidth: 2,
                               cornerRadius: 500, shadow: ItemShadow(), opacity: 0.5, text: "Hello",
                               font: ItemFont(size: 20, weight: 700), textColor: StyleColor(css: "white"))
        let out = svg([card])
        #expect(out.contains("<g transform=\"rotate(30)\">"))
        // The corners are clamped to half the shorter side (50), as Core Animation draws them.
        #expect(out.contains("rx=\"50\" ry=\"50\" fill=\"#0a84ff\" filter=\"url(#shadow-item-card)\""))
        #expect(out.contains("<feDropShadow dx=\"0\" dy=\"2\" stdDeviation=\"3\" flood-color=\"#000000\" flood-opacity=\"0.251\"/>"))
        #expect(out.contains("fill=\"none\" stroke=\"#000000\" stroke-opacity=\"0.502\" stroke-width=\"2\""))
        #expect(out.contains("<g class=\"style\" opacity=\"0.5\">"))
        #expect(out.contains("font-size=\"20\" font-weight=\"700\" fill=\"#ffffff\""))
        #expect(out.contains("<tspan x=\"0\" y=\"7\">Hello</tspan>"))   // one line: baseline 0.35 × 20 below the center
        #expect(out.contains("clip-path=\"url(#clip-item-card)\""))
        // An item without a style is still a debug box.
        let plain = DynamicView(center: CGPoint(x: 50, y: 50), size: CGSize(width: 20, height: 20), name: "plain")
        #expect(svg([plain]).contains("fill-opacity=\"0.9\" stroke=\"#1d1d1d\""))
    }

    @Test("Text wraps at spaces to the item's width, explicit newlines kept")
    func wrapping() {
        let style = ItemStyle(text: "one two three four five six seven\nend", font: ItemFont(size: 10))
        let lines = StyleText.lines(of: style, width: 80)
        #expect(lines.count >= 3 && lines.last == "end")
        for line in lines { #expect(StyleText.textWidth(Substring(line), style.font) <= 80 - 2 * StyleText.padding(width: 80) || !line.contains(" ")) }
        #expect(lines.dropLast().joined(separator: " ") == "one two three four five six seven")
        // A word wider than the item breaks between characters.
        let long = StyleText.lines(of: ItemStyle(text: String(repeating: "w", count: 40), font: ItemFont(size: 10)), width: 60)
        #expect(long.count > 1 && long.joined() == String(repeating: "w", count: 40))
    }

    @Test("A picture is embedded once as a data: URL and used by every item that shows it")
    func pictures() throws {
        let image = try ItemImage(name: "images/a<b>.png", data: StyledSVGTests.png)
        let a = DynamicView(center: CGPoint(x: 80, y: 80), size: CGSize(width: 60, height: 90), name: "a")
        let b = DynamicView(center: CGPoint(x: 200, y: 80), size: CGSize(width: 60, height: 90), name: "b")
        let c = DynamicView(center: CGPoint(x: 200, y: 200), size: CGSize(width: 30, height: 30), collisionBoundsType: .ellipse, name: "c")
        for v in [a, b, c] { v.style = ItemStyle(image: image) }
        let out = svg([a, b, c])
        let url = "data:image/png;base64,\(StyledSVGTests.png.base64EncodedString())"
        // One definition per size: a and b share one, c has its own.
        #expect(out.components(separatedBy: url).count - 1 == 2)
        #expect(out.contains("<image id=\"image-1\" x=\"-30\" y=\"-45\" width=\"60\" height=\"90\" preserveAspectRatio=\"xMidYMid slice\" href=\"\(url)\"><title>images/a&lt;b&gt;.png</title></image>"))
        #expect(out.components(separatedBy: "<use href=\"#image-1\" clip-path=").count - 1 == 2)
        #expect(out.contains("<use href=\"#image-2\" clip-path=\"url(#clip-item-c)\"/>"))
        #expect(out.contains("<clipPath id=\"clip-item-c\"><ellipse cx=\"0\" cy=\"0\" rx=\"15\" ry=\"15\" /></clipPath>"))
        // SVG pictures go in as data: URLs inside <image> too, never inline.
        let svgPicture = try ItemImage(name: "badge.svg", data: Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><circle r=\"4\"/></svg>".utf8))
        a.style = ItemStyle(image: svgPicture)
        let withSVG = svg([a])
        #expect(withSVG.contains("href=\"data:image/svg+xml;base64,"))
        #expect(!withSVG.contains("<circle r=\"4\"/>"))
    }

    @Test("Past 64 sizes, items share one stretched copy of their picture: an SVG holds at most 64 + 32 copies")
    func pictureCopiesBounded() throws {
        let image = try ItemImage(name: "p.png", data: StyledSVGTests.png)
        let items = (0..<70).map { k -> DynamicView in
            let v = DynamicView(center: CGPoint(x: 150, y: 150), size: CGSize(width: 10 + Double(k), height: 20), name: "v\(k)")
            v.style = ItemStyle(image: image)
            return v
        }
        let out = svg(items)
        let url = "data:image/png;base64,\(StyledSVGTests.png.base64EncodedString())"
        #expect(out.components(separatedBy: url).count - 1 == SVGRenderer.maximumSizedImages + 1)
        #expect(out.contains("<image id=\"image-65\" x=\"0\" y=\"0\" width=\"1\" height=\"1\" preserveAspectRatio=\"none\""))
        // The 65th item and later scale the stretched copy to their bounds.
        #expect(out.contains("<g clip-path=\"url(#clip-item-v64)\"><use href=\"#image-65\" transform=\"translate(-37 -10) scale(74 20)\"/></g>"))
        #expect(out.contains("<use href=\"#image-65\" transform=\"translate(-39.5 -10) scale(79 20)\"/>"))
    }

    @Test("A golden's mismatch picture draws the run's items styled over grey, unstyled ghosts")
    func goldenPicture() throws {
        func record(speed: CGFloat) -> RunRecord {
            let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 375, height: 667))
            let card = DynamicView(center: CGPoint(x: 150, y: 100), size: CGSize(width: 120, height: 60), name: "card")
            card.style = ItemStyle(fill: StyleColor(css: "#0a84ff"), cornerRadius: 12, text: "<card & co>")
            animator.addBehavior(GravityBehavior(items: [card]))
            let props = DynamicItemBehavior(items: [card])
            animator.addBehavior(props)
            animator.step(0)
            props.addLinearVelocity(CGPoint(x: speed, y: 0), for: card)
            let r = RunRecord(animator: animator)
            for _ in 0..<60 { animator.step(1.0 / 60); r.capture() }
            return r
        }
        let golden = Golden(record: record(speed: 0), tolerance: 0.5, stride: 2)
        let run = record(speed: 100)
        let mismatch = try #require(golden.firstMismatch(with: run, tolerance: 0.5))
        let svg = golden.comparisonSVG(record: run, marking: mismatch)
        let lines = svg.split(separator: "\n").map(String.init)
        let ghost = try #require(lines.firstIndex { $0.hasPrefix("<g id=\"item-golden__card\"") })
        let runCard = try #require(lines.firstIndex { $0.hasPrefix("<g id=\"item-card\"") })
        // The ghost is the debug box (greyed by the picture's style); the run's card is styled.
        #expect(!lines[ghost..<runCard].joined().contains("class=\"style\""))
        let runLines = lines[runCard...].joined(separator: "\n")
        #expect(runLines.contains("<g class=\"style\">") && runLines.contains("fill=\"#0a84ff\""))
        #expect(runLines.contains(">&lt;card &amp; co&gt;</tspan>"))
        #expect(try XMLDocument(xmlString: svg).rootElement()?.name == "svg")
    }

    @Test("A styled item turns with the item over an animation")
    func animated() throws {
        let wheel = DynamicView(center: CGPoint(x: 150, y: 150), size: CGSize(width: 80, height: 40), name: "wheel")
        wheel.style = ItemStyle(fill: StyleColor(css: "teal"), text: "spin")
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 300, height: 300))
        let behavior = DynamicItemBehavior(items: [wheel])
        animator.addBehavior(behavior)
        animator.step(1.0 / 60)
        behavior.addAngularVelocity(2, for: wheel)
        let recorder = TraceRecorder(animator: animator, items: [wheel])
        recorder.record(time: 0)
        for f in 0..<30 { animator.step(1.0 / 60); recorder.record(time: Double(f + 1) / 60) }
        let out = recorder.svg()
        #expect(out.contains("type=\"rotate\""))
        // The styled drawing is inside the rotating group.
        let rotate = try #require(out.range(of: "type=\"rotate\""))
        let text = try #require(out.range(of: ">spin</tspan>"))
        #expect(rotate.upperBound < text.lowerBound)
    }
}
