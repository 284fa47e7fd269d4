import Foundation

/// A small writer for an animated SVG of a 2-D scene: static lines, and shapes whose
/// position and rotation are keyframed with SMIL.
///
/// Each moving shape becomes
///
///     <g id="item-NAME" transform="translate(x0 y0)">          ← animated translate
///       <animateTransform attributeName="transform" type="translate" …/>
///       <g transform="rotate(deg0)">                             ← animated rotate
///         <animateTransform attributeName="transform" type="rotate" …/>
///         <rect …/> or <ellipse …/>                             ← centered on (0, 0)
///       </g>
///     </g>
///
/// Nesting the rotate inside the translate (rather than adding two animations to one
/// element) needs no `additive` tricks and renders the same in every browser. SVG's y axis
/// points down and `rotate` takes degrees, positive clockwise on screen, as the engine's angles.
struct SVGWriter {
    enum Shape { case rectangle, ellipse }

    /// One keyframe: center (points) and rotation (radians, clockwise on screen).
    struct Pose { var x: Double; var y: Double; var angle: Double }

    var width: Double
    var height: Double
    var background = "#f4f1ea"
    private var body: [String] = []
    private var palette = ["#e4572e", "#29335c", "#f3a712", "#669bbc", "#a8c686", "#8e5572",
                           "#2a9d8f", "#e76f51", "#264653", "#b56576", "#6d597a", "#f4a261"]
    private var itemCount = 0

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    mutating func addLine(from a: (Double, Double), to b: (Double, Double), stroke: String = "#3d3d3d", width w: Double = 4) {
        body.append("  <line x1=\"\(f(a.0))\" y1=\"\(f(a.1))\" x2=\"\(f(b.0))\" y2=\"\(f(b.1))\" "
                    + "stroke=\"\(stroke)\" stroke-width=\"\(f(w))\" stroke-linecap=\"round\"/>")
    }

    /// A shape of `size` (points) following `poses`, sampled at `times` (seconds, from 0,
    /// increasing, the last one = the animation's duration).
    mutating func addItem(name: String, shape: Shape, width w: Double, height h: Double,
                          poses: [Pose], times: [Double]) {
        precondition(!poses.isEmpty && poses.count == times.count, "SVGWriter: one time per pose")
        var poses = poses, times = times
        if times.last! <= 0 { poses = [poses[0], poses[0]]; times = [0, 1] }  // a still item
        let color = palette[itemCount % palette.count]
        itemCount += 1
        let duration = times.last!
        let keyTimes = times.map { f4($0 / duration) }.joined(separator: ";")
        // Unwrap the angles so that interpolation never spins the long way round.
        var degrees: [Double] = []
        for p in poses {
            var d = p.angle * 180 / .pi
            if let last = degrees.last { d += 360 * ((last - d) / 360).rounded() }
            degrees.append(d)
        }
        let translates = poses.map { "\(f($0.x)) \(f($0.y))" }.joined(separator: ";")
        let rotates = degrees.map { f($0) }.joined(separator: ";")
        let timing = "dur=\"\(f4(duration))s\" keyTimes=\"\(keyTimes)\" calcMode=\"linear\" repeatCount=\"indefinite\""
        let outline: String
        switch shape {
        case .rectangle:
            outline = "<rect x=\"\(f(-w / 2))\" y=\"\(f(-h / 2))\" width=\"\(f(w))\" height=\"\(f(h))\" rx=\"2\""
        case .ellipse:
            outline = "<ellipse cx=\"0\" cy=\"0\" rx=\"\(f(w / 2))\" ry=\"\(f(h / 2))\""
        }
        body.append("""
          <g id="item-\(escape(name))" class="item" transform="translate(\(f(poses[0].x)) \(f(poses[0].y)))">
            <title>\(escape(name))</title>
            <animateTransform attributeName="transform" type="translate" values="\(translates)" \(timing)/>
            <g transform="rotate(\(f(degrees[0])))">
              <animateTransform attributeName="transform" type="rotate" values="\(rotates)" \(timing)/>
              \(outline) fill="\(color)" fill-opacity="0.9" stroke="#1d1d1d" stroke-width="1.5"/>
              <line x1="0" y1="0" x2="\(f(w / 2))" y2="0" stroke="#ffffff" stroke-opacity="0.7" stroke-width="1.5"/>
            </g>
          </g>
        """)
    }

    func render() -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" viewBox="0 0 \(f(width)) \(f(height))">
          <rect x="0" y="0" width="\(f(width))" height="\(f(height))" fill="\(background)"/>
        \(body.joined(separator: "\n"))
        </svg>

        """
    }

    private func f(_ v: Double) -> String { String(format: "%.2f", v) }
    private func f4(_ v: Double) -> String { String(format: "%.4f", v) }
    private func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
