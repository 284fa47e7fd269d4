import Foundation
import Dynamics

extension TraceRecorder {
    /// Bytes the time readout adds to an SVG per sample (one text element with its own
    /// visibility animation, about 190 bytes): part of `maximumBytes`' estimate.
    static let readoutBytesPerSample = 200
}

extension SVGRenderer {
    /// The readout's text for a sample at `time` (s): "t = 1.233 s", milliseconds shown.
    static func readoutText(_ time: TimeInterval) -> String {
        "t = " + Format.fixed(time, 3) + " s"
    }

    /// The simulated time, at the picture's top-left corner on a light plate:
    ///
    ///     <g id="time" class="time-readout" font-size="…" …>
    ///       <rect class="time-plate" …/>
    ///       <text data-time="0">t = 0.000 s<animate attributeName="visibility"
    ///             values="visible;hidden" keyTimes="0;0.0167" calcMode="discrete" …/></text>
    ///       <text data-time="0.033" visibility="hidden">t = 0.033 s<animate …
    ///             values="hidden;visible;hidden" keyTimes="0;0.0167;0.0333" …/></text>
    ///       …
    ///     </g>
    ///
    /// One text element per sample, shown from its key time to the next sample's (SMIL
    /// cannot animate a text's characters, so each moment has its own element; they loop
    /// with the items). Samples that show the same text share one element. A still picture
    /// has one text element and no animation.
    func timeReadout() -> [String] {
        // Rendered frames → (shown text, time, first rendered index), merging equal texts.
        var shown: [(text: String, time: TimeInterval, k: Int)] = []
        for (k, f) in frames.enumerated() {
            let text = SVGRenderer.readoutText(f.time)
            if shown.last?.text != text { shown.append((text, f.time, k)) }
        }
        let vb = viewBox
        let size = SVGRenderer.readoutSize(in: vb), pad = 0.4 * size
        let longest = shown.map(\.text.count).max() ?? 12
        let (x, y) = (Double(vb.minX) + pad, Double(vb.minY) + pad)
        let width = 0.62 * size * Double(longest) + 2 * pad, height = size + 2 * pad
        var out = ["<g id=\"time\" class=\"time-readout\" font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" font-size=\"\(Format.short(size))\" fill=\"#1d1d1d\">"]
        out.append("<rect class=\"time-plate\" x=\"\(Format.short(x))\" y=\"\(Format.short(y))\" width=\"\(Format.short(width))\" height=\"\(Format.short(height))\" rx=\"\(Format.short(pad))\" fill=\"#ffffff\" fill-opacity=\"0.85\" stroke=\"#1d1d1d\" stroke-opacity=\"0.25\" stroke-width=\"\(Format.short(0.8 * unit))\"/>")
        let position = "x=\"\(Format.short(x + pad))\" y=\"\(Format.short(y + pad + 0.8 * size))\""
        for (j, s) in shown.enumerated() {
            var text = "<text \(position) data-time=\"\(Format.short(s.time, 6))\""
            guard isAnimated && shown.count > 1 else {
                out.append(text + ">\(s.text)</text>")
                continue
            }
            let start = keyTimes[s.k]
            let end: String? = j + 1 < shown.count ? keyTimes[shown[j + 1].k] : nil
            let (values, kts): (String, String)
            switch (j == 0, end) {
            case (true, let e?): (values, kts) = ("visible;hidden", "0;\(e)")
            case (true, nil): (values, kts) = ("visible", "0")
            case (false, let e?): (values, kts) = ("hidden;visible;hidden", "0;\(start);\(e)")
            case (false, nil): (values, kts) = ("hidden;visible", "0;\(start)")
            }
            text += j == 0 ? ">" : " visibility=\"hidden\">"
            text += s.text
            text += "<animate attributeName=\"visibility\" values=\"\(values)\" keyTimes=\"\(kts)\" calcMode=\"discrete\" \(durationAttributes)/>"
            out.append(text + "</text>")
        }
        out.append("</g>")
        return out
    }
}

extension SVGRenderer {
    /// The readout's font size in a picture of `viewBox`: 13 units (1/500 of the larger side
    /// each), and at least 11 pt or 1/20 of the smaller side, whichever is less, so it is
    /// legible in a small picture too. Its plate is 1.8 times as tall, from the top left corner.
    static func readoutSize(in viewBox: CGRect) -> Double {
        let unit = max(Double(max(viewBox.width, viewBox.height)) / 500, 0.01)
        return max(13 * unit, min(11, 0.05 * Double(min(viewBox.width, viewBox.height))))
    }
}
