import Foundation
import Dynamics

extension TraceRecorder {
    /// The samples as an animated SVG that loops forever.
    ///
    /// Every item is a group animated with SMIL keyframes at the recorded samples
    /// (`dur` = the recorded duration, `keyTimes` at the sample times, linear in between,
    /// `repeatCount="indefinite"`), drawn as its true shape centered on (0, 0): a rectangle,
    /// an ellipse, its `collisionBoundingPath` (`.path` items) or, for a `DynamicItemGroup`,
    /// its members where they sit in the group, each with a white line from its center
    /// along its x axis to show the rotation:
    ///
    ///     <g id="item-NAME" class="item" data-name="NAME" transform="translate(x0 y0)">
    ///       <title>NAME</title>
    ///       <animateTransform attributeName="transform" type="translate" values="x y;…" …/>
    ///       <g transform="rotate(deg0)">
    ///         <animateTransform attributeName="transform" type="rotate" values="deg;…" …/>
    ///         <rect …/> | <ellipse …/> | <path …/> | <g>members</g>
    ///       </g>
    ///     </g>
    ///
    /// The rotate animation (degrees, unwrapped so that it never spins the long way round)
    /// is left out for items whose angle never changes. Ids are "item-" and the name with
    /// characters other than letters, digits, "-" and "_" replaced by "_", made unique with a
    /// "-2", "-3"… suffix. The picture is the animator's reference bounds or, for an animator
    /// in abstract coordinates, the box around every recorded position (plus the items'
    /// extent and, with the overlay, anchors, snap points and field positions) with a margin.
    ///
    /// `debug: true` adds an overlay, in groups of class "debug":
    /// - `debug-fields` (under the items): each field's region drawn from `Region.shape`
    ///   at the field's position (circles and rectangles; solid when reached through unions and
    ///   the kept side of differences only, dashed when under an inverse, an intersection or
    ///   the subtracted side of a difference; the infinite region draws nothing), a dot at the
    ///   position, and a grid of arrows of the force direction
    ///   (`force(at:velocity: .zero, mass: 1, charge: 1, time: 0)`) inside the region and the
    ///   picture, length √(|F| / max |F|) of 80 % of the grid pitch, at least 30 % of it.
    ///   (Velocity and batch fields report no force, so draw no arrows.)
    /// - `debug-boundaries` (under the items): the reference bounds with their insets for
    ///   every collision behavior that translates them into a boundary, and each identified
    ///   boundary path.
    /// - `debug-attachments`: a line from the anchor (a hollow circle) or the second item's
    ///   attachment point to the first item's attachment point, following the items; dashed
    ///   for springs (`frequency` > 0).
    /// - `debug-snaps`: a cross at each snap point and a dotted line to its item.
    /// - `debug-contacts`: the contact points of each sample as dots shown during that sample
    ///   (at most 200 samples, evenly spread, are drawn); only in a `debug: true` recording.
    ///
    /// Every picture shows the simulated time in a readout at its top-left corner (a
    /// `<g id="time" class="time-readout">`, see `timeReadout()`): in an animation it changes
    /// with every sample, showing the time of the sample last passed.
    ///
    /// A recording of one sample (or of samples that all have one time) is a still picture:
    /// no animation element at all, the readout showing that sample's time.
    ///
    /// A recording made with `debug: true` knows when each overlay behavior was in the tree
    /// and where its anchor, snap point or field moved (the overlay hides and moves them
    /// accordingly); otherwise the overlay shows the behaviors in the tree now, throughout.
    /// Boundaries, regions and arrows are drawn as they are when `svg` is called.
    ///
    /// At most `maximumBytes` (see `writeSVG`).
    public func svg(debug: Bool = false) -> String {
        TraceOutput.collecting(limit: maximumBytes) { writeSVG(to: $0, debug: debug) }
    }

    /// Writes the SVG (see `svg(debug:)`) to `output` an element at a time (an item's group,
    /// an overlay behavior's), so what is held at once is one element. Elements stop at the
    /// output's limit (it turns `isTruncated`): the picture then lacks the items and overlay
    /// elements that came after, and is still a complete SVG.
    public func writeSVG(to output: TraceOutput, debug: Bool = false) {
        SVGRenderer(recorder: self, debug: debug).render(to: output)
    }

    /// The state now, as a sample at the last recorded time (or 0).
    func currentFrame() -> Frame {
        Frame(time: frames.last?.time ?? 0, items: items.map { item in
            let c = item.center, t = item.transform
            let v = animator.linearVelocity(of: item) ?? .zero
            return ItemState(x: Double(c.x), y: Double(c.y), angle: Double(atan2(t.b, t.a)), vx: Double(v.x), vy: Double(v.y))
        })
    }
}

/// Builds the SVG text of a recorder's samples.
struct SVGRenderer {
    static let palette = ["#e4572e", "#29335c", "#f3a712", "#669bbc", "#a8c686", "#8e5572",
                          "#2a9d8f", "#e76f51", "#264653", "#b56576", "#6d597a", "#f4a261"]
    static let background = "#f7f5f0"
    static let boundaryColor = "#3d3d3d"
    static let attachmentColor = "#1f6fb2"
    static let snapColor = "#7b2cbf"
    static let fieldColor = "#218a7e"
    static let contactColor = "#d62828"
    /// Contact samples drawn at most.
    static let maximumContactSamples = 200

    /// One overlay element over the rendered frames: whether its behavior was in the tree,
    /// and its tracked point (`DebugOverlay.Element.trackedPoint`).
    struct Track {
        var element: DebugOverlay.Element
        var present: [Bool]
        var points: [CGPoint]
    }

    let recorder: TraceRecorder
    let debug: Bool
    /// The rendered frames (two copies of one frame for a still picture).
    let frames: [TraceRecorder.Frame]
    /// Rendered frame → recorded frame (nil when drawn from the state now).
    let source: [Int?]
    let keyTimes: [String]
    /// The attributes of every linear animation: duration, key times, looping.
    let timing: String
    /// The duration and looping alone (for discrete animations with their own key times).
    let durationAttributes: String
    let isAnimated: Bool
    let tracks: [Track]
    let viewBox: CGRect
    /// The overlay's unit of stroke widths and sizes: 1/500 of the picture's larger side.
    let unit: Double
    let itemIndex: [ObjectIdentifier: Int]

    init(recorder r: TraceRecorder, debug: Bool) {
        recorder = r
        self.debug = debug
        var frames = r.frames
        var source: [Int?] = frames.indices.map { $0 }
        if frames.isEmpty { frames = [r.currentFrame()]; source = [nil] }
        let t0 = frames[0].time, duration = frames[frames.count - 1].time - t0
        isAnimated = frames.count >= 2 && duration > 0
        if !isAnimated { frames = [frames[0], frames[0]]; source = [source[0], source[0]] }
        self.frames = frames
        self.source = source
        if isAnimated {
            var kt = frames.map { Format.short(($0.time - t0) / duration, 6) }
            kt[0] = "0"; kt[kt.count - 1] = "1"
            keyTimes = kt
        } else {
            keyTimes = ["0", "1"]
        }
        let dur = isAnimated ? Format.short(duration, 6) : "1"
        durationAttributes = "dur=\"\(dur)s\" repeatCount=\"indefinite\""
        timing = "dur=\"\(dur)s\" keyTimes=\"\(keyTimes.joined(separator: ";"))\" repeatCount=\"indefinite\""
        var index: [ObjectIdentifier: Int] = [:]
        for (i, item) in r.items.enumerated() where index[ObjectIdentifier(item)] == nil { index[ObjectIdentifier(item)] = i }
        itemIndex = index

        // The overlay's behaviors over the rendered frames.
        var tracks: [Track] = []
        if debug {
            if r.debug && r.overlayFrames.count == r.frames.count && !r.frames.isEmpty {
                tracks = r.overlayElements.map { Track(element: $0, present: Array(repeating: false, count: frames.count),
                                                        points: Array(repeating: .zero, count: frames.count)) }
                for (k, s) in source.enumerated() {
                    guard let s else { continue }
                    for o in r.overlayFrames[s] {
                        tracks[o.behavior].present[k] = true
                        tracks[o.behavior].points[k] = o.point
                    }
                }
                // Fill the points of absent frames with the nearest present value, so that
                // moves are not animated from a meaningless default.
                for t in tracks.indices {
                    guard let first = tracks[t].present.firstIndex(of: true) else { continue }
                    var last = tracks[t].points[first]
                    for k in frames.indices {
                        if tracks[t].present[k] { last = tracks[t].points[k] } else { tracks[t].points[k] = last }
                    }
                }
            } else {
                tracks = DebugOverlay.elements(of: r.animator).map {
                    Track(element: $0, present: Array(repeating: true, count: frames.count),
                          points: Array(repeating: $0.trackedPoint, count: frames.count))
                }
            }
        }
        self.tracks = tracks
        viewBox = SVGRenderer.viewBox(recorder: r, frames: frames, tracks: tracks)
        unit = max(Double(max(viewBox.width, viewBox.height)) / 500, 0.01)
    }

    // MARK: The picture

    static func viewBox(recorder r: TraceRecorder, frames: [TraceRecorder.Frame], tracks: [Track]) -> CGRect {
        if let bounds = r.animator.referenceBounds?.standardized, bounds.width > 0, bounds.height > 0,
           bounds.width.isFinite, bounds.height.isFinite {
            return bounds
        }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ x: Double, _ y: Double, _ radius: Double = 0) {
            guard x.isFinite, y.isFinite else { return }
            minX = min(minX, x - radius); maxX = max(maxX, x + radius)
            minY = min(minY, y - radius); maxY = max(maxY, y + radius)
        }
        let radii = r.items.map(extentRadius)
        for frame in frames {
            for (i, s) in frame.items.enumerated() { add(s.x, s.y, radii[i]) }
        }
        for t in tracks {
            if case .boundaries(let boundaries) = t.element {
                for (_, path) in boundaries.paths {
                    let b = path.bounds
                    guard !b.isNull, !b.isInfinite else { continue }
                    add(Double(b.minX), Double(b.minY)); add(Double(b.maxX), Double(b.maxY))
                }
            } else {
                for (k, p) in t.points.enumerated() where t.present[k] { add(Double(p.x), Double(p.y)) }
            }
        }
        guard minX.isFinite, minY.isFinite else { return CGRect(x: 0, y: 0, width: 100, height: 100) }
        let margin = max(10, 0.05 * max(maxX - minX, maxY - minY))
        return CGRect(x: minX - margin, y: minY - margin, width: maxX - minX + 2 * margin, height: maxY - minY + 2 * margin)
    }

    /// How far an item reaches from its center (points).
    static func extentRadius(_ item: DynamicItem) -> Double {
        var w = Double(item.bounds.width), h = Double(item.bounds.height)
        if item.collisionBoundsType == .path, !(item is DynamicItemGroup) {
            let b = item.collisionBoundingPath.bounds
            if !b.isNull {
                w = 2 * max(abs(Double(b.minX)), abs(Double(b.maxX)))
                h = 2 * max(abs(Double(b.minY)), abs(Double(b.maxY)))
            }
        }
        let r = (w * w + h * h).squareRoot() / 2
        return r.isFinite ? r : 0
    }

    /// Writes the picture to `output`, one element (its lines) at a time; each line ends in
    /// "\n". Once an element does not fit, the rest are left out and the open groups closed.
    func render(to output: TraceOutput) {
        let vb = viewBox
        let (x, y, w, h) = (Format.short(vb.minX), Format.short(vb.minY), Format.short(vb.width), Format.short(vb.height))
        let open = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"\(x) \(y) \(w) \(h)\">\n"
        let seconds = isAnimated ? Format.short(frames[frames.count - 1].time - frames[0].time, 3) : "0"
        let heading = "<title>Dynamics: \(recorder.items.count) items, \(seconds) s</title>\n"
            + "<rect class=\"background\" x=\"\(x)\" y=\"\(y)\" width=\"\(w)\" height=\"\(h)\" fill=\"\(SVGRenderer.background)\"/>\n"
        guard output.piece(open + heading) else {
            output.close(open + "</svg>\n")
            return
        }
        if debug {
            fieldsOverlay(to: output)
            boundariesOverlay(to: output)
        }
        // The pictures styles show, defined once (items use them by id).
        let images = imagePlan()
        if !images.definitions.isEmpty, output.piece("<defs id=\"images\">\n") {
            for definition in images.definitions where !output.piece(definition.element + "\n") { break }
            output.close("</defs>\n")
        }
        if output.piece("<g id=\"items\">\n") {
            itemGroups(images: images.uses) { output.piece($0.joined(separator: "\n") + "\n") }
            output.close("</g>\n")
        }
        if debug {
            attachmentsOverlay(to: output)
            snapsOverlay(to: output)
            contactsOverlay(to: output)
        }
        // On top of everything, so the time shows over the items.
        let readout = timeReadout()
        if !readout.isEmpty { output.piece(readout.joined(separator: "\n") + "\n") }
        output.close("</svg>\n")
    }

    // MARK: Animation helpers

    /// A linear animation over every rendered frame.
    func animateTransform(_ type: String, _ values: [String]) -> String {
        "<animateTransform attributeName=\"transform\" type=\"\(type)\" values=\"\(values.joined(separator: ";"))\" calcMode=\"linear\" \(timing)/>"
    }

    func animate(_ attribute: String, _ values: [String]) -> String {
        "<animate attributeName=\"\(attribute)\" values=\"\(values.joined(separator: ";"))\" calcMode=\"linear\" \(timing)/>"
    }

    /// A discrete animation of per-frame values, keeping only the changes; nil if constant.
    func discrete(_ values: [String], element: (_ values: String, _ keyTimes: String) -> String) -> String? {
        var vs: [String] = [], kts: [String] = []
        for (k, v) in values.enumerated() where vs.last != v {
            vs.append(v); kts.append(keyTimes[k])
        }
        guard vs.count > 1 else { return nil }
        return element(vs.joined(separator: ";"), kts.joined(separator: ";"))
    }


    func discreteAnimate(_ attribute: String, _ values: [String]) -> String? {
        discrete(values) { v, kt in
            "<animate attributeName=\"\(attribute)\" values=\"\(v)\" keyTimes=\"\(kt)\" calcMode=\"discrete\" \(durationAttributes)/>"
        }
    }

    func discreteTranslate(_ values: [String]) -> String? {
        discrete(values) { v, kt in
            "<animateTransform attributeName=\"transform\" type=\"translate\" values=\"\(v)\" keyTimes=\"\(kt)\" calcMode=\"discrete\" \(durationAttributes)/>"
        }
    }

    /// Opening tag attributes and animation for an overlay element shown only while its
    /// behavior is in the tree.
    func visibility(_ present: [Bool]) -> (attribute: String, animation: String?) {
        let values = present.map { $0 ? "visible" : "hidden" }
        let initial = values[0] == "visible" ? "" : " visibility=\"hidden\""
        return (initial, discreteAnimate("visibility", values))
    }

    static func point(_ p: CGPoint) -> String { Format.short(p.x) + " " + Format.short(p.y) }
    static func point(_ x: Double, _ y: Double) -> String { Format.short(x) + " " + Format.short(y) }

    // MARK: Items

    /// Each item's group (its lines), handed to `emit` in order until it returns false.
    func itemGroups(images: [Int: ImageDefinition] = [:], _ emit: ([String]) -> Bool) {
        var used: Set<String> = []
        // The next suffix to try per base name: items sharing a name take -2, -3, … in O(1)
        // each (a search from -2 for each was O(n²): 8 000 items of one name took 51 s).
        var nextSuffix: [String: Int] = [:]
        for (i, item) in recorder.items.enumerated() {
            var out: [String] = []
            let name = recorder.names[i]
            // At most 64 characters of the name: an id is a handle, not the name (which the
            // group's title keeps).
            var base = String(name.prefix(64).map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "_" })
            if base.isEmpty { base = "item\(i + 1)" }
            var id = "item-" + base, n = nextSuffix[base] ?? 2
            while used.contains(id) { id = "item-\(base)-\(n)"; n += 1 }
            nextSuffix[base] = n
            used.insert(id)

            let translates = frames.map { SVGRenderer.point($0.items[i].x, $0.items[i].y) }
            var degrees: [Double] = []
            for f in frames {
                var d = f.items[i].angle * 180 / .pi
                if !d.isFinite { d = 0 }
                if let last = degrees.last { d += 360 * ((last - d) / 360).rounded() }
                degrees.append(d)
            }
            let rotates = degrees.map { Format.short($0) }
            let color = SVGRenderer.palette[i % SVGRenderer.palette.count]
            out.append("<g id=\"\(id)\" class=\"item\" data-name=\"\(Format.xml(name))\" transform=\"translate(\(translates[0]))\">")
            out.append("<title>\(Format.xml(name))</title>")
            if isAnimated { out.append(animateTransform("translate", translates)) }
            out.append("<g transform=\"rotate(\(rotates[0]))\">")
            if Set(rotates).count > 1 { out.append(animateTransform("rotate", rotates)) }
            if let style = item.itemStyle {
                out.append(contentsOf: SVGRenderer.styled(item, style, id: id, image: images[i]))
            } else {
                out.append(contentsOf: SVGRenderer.shape(of: item, color: color))
            }
            out.append("</g>")
            out.append("</g>")
            guard emit(out) else { return }
        }
    }

    /// The item's outline centered on (0, 0), unrotated, and its orientation line.
    static func shape(of item: DynamicItem, color: String) -> [String] {
        let style = "fill=\"\(color)\" fill-opacity=\"0.9\" stroke=\"#1d1d1d\" stroke-width=\"1.5\""
        let w = Double(item.bounds.width), h = Double(item.bounds.height)
        var lineEnd = w / 2
        var out: [String] = []
        if let group = item as? DynamicItemGroup {
            // Members where they sit in the group now, in the group's axes.
            let g = group.transform
            let ga = Double(atan2(g.b, g.a)), (c, s) = (cos(ga), sin(ga))
            for member in group.items {
                let dx = Double(member.center.x - group.center.x), dy = Double(member.center.y - group.center.y)
                let ox = c * dx + s * dy, oy = -s * dx + c * dy
                let t = member.transform
                let angle = (Double(atan2(t.b, t.a)) - ga) * 180 / .pi
                out.append("<g transform=\"translate(\(point(ox, oy))) rotate(\(Format.short(angle)))\">")
                out.append(contentsOf: shape(of: member, color: color))
                out.append("</g>")
            }
            return out
        }
        switch item.collisionBoundsType {
        case .rectangle:
            out.append("<rect x=\"\(Format.short(-w / 2))\" y=\"\(Format.short(-h / 2))\" width=\"\(Format.short(w))\" height=\"\(Format.short(h))\" \(style)/>")
        case .ellipse:
            out.append("<ellipse cx=\"0\" cy=\"0\" rx=\"\(Format.short(w / 2))\" ry=\"\(Format.short(h / 2))\" \(style)/>")
        case .path:
            let path = item.collisionBoundingPath
            out.append("<path d=\"\(Format.pathData(path))\" \(style)/>")
            let b = path.bounds
            lineEnd = b.isNull ? 0 : max(0, Double(b.maxX))
        }
        out.append("<line x1=\"0\" y1=\"0\" x2=\"\(Format.short(lineEnd))\" y2=\"0\" stroke=\"#ffffff\" stroke-opacity=\"0.75\" stroke-width=\"1.5\"/>")
        return out
    }

    /// Where `item`'s point at `offset` (its own axes) is at every rendered frame.
    func attachmentPoints(of item: DynamicItem, offset: CGVector) -> [(Double, Double)] {
        let ox = Double(offset.dx), oy = Double(offset.dy)
        if let i = itemIndex[ObjectIdentifier(item)] {
            return frames.map { f in
                let s = f.items[i], (c, sn) = (cos(s.angle), sin(s.angle))
                return (s.x + c * ox - sn * oy, s.y + sn * ox + c * oy)
            }
        }
        let t = item.transform, p = item.center
        let x = Double(p.x) + Double(t.a) * ox + Double(t.c) * oy, y = Double(p.y) + Double(t.b) * ox + Double(t.d) * oy
        return Array(repeating: (x, y), count: frames.count)
    }

    // MARK: Overlay

    /// An overlay group written to `output`: its opening tag, each element `body` hands to
    /// `emit` (its lines) until one does not fit, and its closing tag.
    func group(_ id: String, _ attributes: String, to output: TraceOutput, _ body: (_ emit: ([String]) -> Bool) -> Void) {
        guard output.piece("<g id=\"\(id)\" class=\"debug\"\(attributes)>\n") else { return }
        body { output.piece($0.joined(separator: "\n") + "\n") }
        output.close("</g>\n")
    }

    /// Wraps a behavior's elements so that they show only while it is in the tree.
    func shown(_ track: Track, _ cls: String, _ body: [String]) -> [String] {
        let v = visibility(track.present)
        return ["<g class=\"\(cls)\"\(v.attribute)>"] + (v.animation.map { [$0] } ?? []) + body + ["</g>"]
    }

    func boundariesOverlay(to output: TraceOutput) {
        group("debug-boundaries", " fill=\"none\" stroke=\"\(SVGRenderer.boundaryColor)\" stroke-width=\"\(Format.short(2.5 * unit))\" stroke-linejoin=\"round\" stroke-linecap=\"round\"", to: output) { emit in
            for t in tracks {
                guard case .boundaries(let boundaries) = t.element else { continue }
                var parts: [String] = []
                if let r = boundaries.referenceRect {
                    parts.append("<rect x=\"\(Format.short(r.minX))\" y=\"\(Format.short(r.minY))\" width=\"\(Format.short(r.width))\" height=\"\(Format.short(r.height))\"><title>reference bounds</title></rect>")
                }
                for (identifier, path) in boundaries.paths {
                    parts.append("<path d=\"\(Format.pathData(path))\"><title>\(Format.xml(identifier))</title></path>")
                }
                if !parts.isEmpty, !emit(shown(t, "collision", parts)) { return }
            }
        }
    }

    func attachmentsOverlay(to output: TraceOutput) {
        group("debug-attachments", " fill=\"none\" stroke=\"\(SVGRenderer.attachmentColor)\" stroke-width=\"\(Format.short(1.5 * unit))\"", to: output) { emit in
            let dot = Format.short(2.5 * unit), ring = Format.short(4 * unit)
            for t in tracks {
                guard case .attachment(let a) = t.element else { continue }
                let endA = attachmentPoints(of: a.first.item, offset: a.first.offset)
                let second = a.second
                let endB: [(Double, Double)] = second.map { attachmentPoints(of: $0.item, offset: $0.offset) }
                    ?? t.points.map { (Double($0.x), Double($0.y)) }
                let linearB = second != nil
                let dash = a.isSpring ? " stroke-dasharray=\"\(Format.short(5 * unit)) \(Format.short(3 * unit))\"" : ""
                var parts: [String] = []
                let xA = endA.map { Format.short($0.0) }, yA = endA.map { Format.short($0.1) }
                let xB = endB.map { Format.short($0.0) }, yB = endB.map { Format.short($0.1) }
                // The line, from B (anchor or second item) to A (first item).
                var line = ["<line x1=\"\(xB[0])\" y1=\"\(yB[0])\" x2=\"\(xA[0])\" y2=\"\(yA[0])\"\(dash)>"]
                for (attr, values, linear) in [("x1", xB, linearB), ("y1", yB, linearB), ("x2", xA, true), ("y2", yA, true)] {
                    guard Set(values).count > 1 else { continue }
                    if linear { line.append(animate(attr, values)) } else if let d = discreteAnimate(attr, values) { line.append(d) }
                }
                line.append("<title>\(a.kind.rawValue) attachment</title></line>")
                parts.append(line.joined())
                // The ends: a hollow circle at an anchor, dots at the items' attachment points.
                func circle(_ xs: [String], _ ys: [String], linear: Bool, anchor: Bool) -> String {
                    var c = "<circle cx=\"\(xs[0])\" cy=\"\(ys[0])\" r=\"\(anchor ? ring : dot)\""
                    c += anchor ? " fill=\"#ffffff\" class=\"anchor\">" : " fill=\"\(SVGRenderer.attachmentColor)\">"
                    for (attr, values) in [("cx", xs), ("cy", ys)] where Set(values).count > 1 {
                        if linear { c += animate(attr, values) } else if let d = discreteAnimate(attr, values) { c += d }
                    }
                    return c + "</circle>"
                }
                parts.append(circle(xB, yB, linear: linearB, anchor: !linearB))
                parts.append(circle(xA, yA, linear: true, anchor: false))
                guard emit(shown(t, "attachment", parts)) else { return }
            }
        }
    }

    func snapsOverlay(to output: TraceOutput) {
        group("debug-snaps", " fill=\"none\" stroke=\"\(SVGRenderer.snapColor)\" stroke-width=\"\(Format.short(2 * unit))\" stroke-linecap=\"round\"", to: output) { emit in
            let s = 6 * unit
            for t in tracks {
                guard case .snap(let snap) = t.element else { continue }
                let points = t.points.map { SVGRenderer.point($0) }
                var parts: [String] = []
                // A dotted line from the item's center to the snap point.
                let item = attachmentPoints(of: snap.item, offset: .zero)
                let xs = item.map { Format.short($0.0) }, ys = item.map { Format.short($0.1) }
                let sx = t.points.map { Format.short($0.x) }, sy = t.points.map { Format.short($0.y) }
                var line = "<line class=\"snap-line\" x1=\"\(xs[0])\" y1=\"\(ys[0])\" x2=\"\(sx[0])\" y2=\"\(sy[0])\" stroke-width=\"\(Format.short(unit))\" stroke-dasharray=\"\(Format.short(unit)) \(Format.short(2 * unit))\" stroke-opacity=\"0.6\">"
                for (attr, values) in [("x1", xs), ("y1", ys)] where Set(values).count > 1 { line += animate(attr, values) }
                for (attr, values) in [("x2", sx), ("y2", sy)] { if let d = discreteAnimate(attr, values) { line += d } }
                parts.append(line + "</line>")
                var cross = "<path class=\"snap-point\" d=\"M\(SVGRenderer.point(-s, -s)) L\(SVGRenderer.point(s, s)) M\(SVGRenderer.point(-s, s)) L\(SVGRenderer.point(s, -s))\" transform=\"translate(\(points[0]))\">"
                if let d = discreteTranslate(points) { cross += d }
                parts.append(cross + "<title>snap point</title></path>")
                guard emit(shown(t, "snap", parts)) else { return }
            }
        }
    }

    /// A pitch of 1, 2 or 5 × 10ⁿ near `x`.
    static func niceStep(_ x: Double) -> Double {
        guard x > 0, x.isFinite else { return 1 }
        let e = pow(10, (log10(x)).rounded(.down))
        let m = x / e
        return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * e
    }

    func fieldsOverlay(to output: TraceOutput) {
        group("debug-fields", " stroke=\"\(SVGRenderer.fieldColor)\"", to: output) { emit in
            let vb = viewBox
            let pitch = SVGRenderer.niceStep(Double(max(vb.width, vb.height)) / 16)
            var gx: [Double] = [], gy: [Double] = []
            var x = (Double(vb.minX) / pitch).rounded(.down) * pitch + pitch / 2
            while x < Double(vb.maxX) { if x > Double(vb.minX) { gx.append(x) }; x += pitch }
            var y = (Double(vb.minY) / pitch).rounded(.down) * pitch + pitch / 2
            while y < Double(vb.maxY) { if y > Double(vb.minY) { gy.append(y) }; y += pitch }

            for t in tracks {
                guard case .field(let element) = t.element else { continue }
                let field = element.behavior
                let origin = t.points[t.present.firstIndex(of: true) ?? 0]
                let ox = Double(origin.x), oy = Double(origin.y)
                var parts: [String] = []
                parts += element.regions.map { SVGRenderer.regionShape($0, unit: unit) }
                parts.append("<circle class=\"field-position\" cx=\"0\" cy=\"0\" r=\"\(Format.short(2.5 * unit))\" fill=\"\(SVGRenderer.fieldColor)\"/>")
                // The arrow grid, in the field's coordinates (it moves with the field).
                var arrows: [(x: Double, y: Double, fx: Double, fy: Double, m: Double)] = []
                var maxMagnitude = 0.0
                for y in gy {
                    for x in gx {
                        let p = CGPoint(x: x - ox, y: y - oy)
                        guard field.region.contains(p) else { continue }
                        let f = field.force(at: p, velocity: .zero, mass: 1, charge: 1, time: 0)
                        let fx = Double(f.dx), fy = Double(f.dy)
                        let m = (fx * fx + fy * fy).squareRoot()
                        guard m.isFinite, m > 0 else { continue }
                        arrows.append((Double(p.x), Double(p.y), fx, fy, m))
                        maxMagnitude = max(maxMagnitude, m)
                    }
                }
                if !arrows.isEmpty {
                    var d: [String] = []
                    for a in arrows {
                        let length = 0.8 * pitch * max(0.3, (a.m / maxMagnitude).squareRoot())
                        let ux = a.fx / a.m, uy = a.fy / a.m
                        let (sx, sy) = (a.x - ux * length / 2, a.y - uy * length / 2)
                        let (tx, ty) = (a.x + ux * length / 2, a.y + uy * length / 2)
                        let head = min(0.35 * length, 0.25 * pitch)
                        let (c, s) = (cos(0.45), sin(0.45))
                        let (h1x, h1y) = (tx - head * (c * ux - s * uy), ty - head * (s * ux + c * uy))
                        let (h2x, h2y) = (tx - head * (c * ux + s * uy), ty - head * (-s * ux + c * uy))
                        d.append("M\(SVGRenderer.point(sx, sy))L\(SVGRenderer.point(tx, ty))M\(SVGRenderer.point(h1x, h1y))L\(SVGRenderer.point(tx, ty))L\(SVGRenderer.point(h2x, h2y))")
                    }
                    parts.append("<path class=\"field-arrows\" d=\"\(d.joined())\" fill=\"none\" stroke-width=\"\(Format.short(1.2 * unit))\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>")
                }
                let positions = t.points.map { SVGRenderer.point($0) }
                var inner = ["<g transform=\"translate(\(positions[0]))\">"]
                if let anim = discreteTranslate(positions) { inner.append(anim) }
                inner += parts
                inner.append("</g>")
                guard emit(shown(t, "field", inner)) else { return }
            }
        }
    }

    /// A region's outline as a circle or rectangle centered on (0, 0).
    static func regionShape(_ outline: DebugOverlay.RegionOutline, unit: Double) -> String {
        let style = outline.dashed
            ? "fill=\"none\" stroke-width=\"\(Format.short(1.5 * unit))\" stroke-dasharray=\"\(Format.short(6 * unit)) \(Format.short(4 * unit))\""
            : "fill=\"\(fieldColor)\" fill-opacity=\"0.07\" stroke-width=\"\(Format.short(1.5 * unit))\""
        switch outline.shape {
        case .circle(let radius):
            return "<circle class=\"region\" cx=\"0\" cy=\"0\" r=\"\(Format.short(radius))\" \(style)/>"
        case .rectangle(let size):
            return "<rect class=\"region\" x=\"\(Format.short(-size.width / 2))\" y=\"\(Format.short(-size.height / 2))\" width=\"\(Format.short(size.width))\" height=\"\(Format.short(size.height))\" \(style)/>"
        }
    }

    func contactsOverlay(to output: TraceOutput) {
        group("debug-contacts", " fill=\"\(SVGRenderer.contactColor)\" stroke=\"#ffffff\" stroke-width=\"\(Format.short(0.8 * unit))\"", to: output) { emit in
            // Recorded frames with their rendered index (the first rendered copy).
            var recorded: [(k: Int, frame: TraceRecorder.Frame)] = []
            var seen: Set<Int> = []
            for (k, s) in source.enumerated() {
                guard let s, seen.insert(s).inserted else { continue }
                recorded.append((k, frames[k]))
            }
            var chosen = recorded.indices.map { $0 }
            if chosen.count > SVGRenderer.maximumContactSamples {
                let n = SVGRenderer.maximumContactSamples
                chosen = (0..<n).map { $0 * (recorded.count - 1) / (n - 1) }
            }
            let r = Format.short(3 * unit)
            for (j, c) in chosen.enumerated() {
                let frame = recorded[c].frame
                guard !frame.contacts.isEmpty else { continue }
                let start = keyTimes[recorded[c].k]
                let end: String? = j + 1 < chosen.count ? keyTimes[recorded[chosen[j + 1]].k] : nil
                var g = "<g class=\"contacts\" data-time=\"\(Format.short(frame.time, 6))\""
                if isAnimated {
                    let (values, kts): (String, String)
                    switch (start == "0", end) {
                    case (true, let e?): (values, kts) = ("visible;hidden", "0;\(e)")
                    case (true, nil): (values, kts) = ("visible", "0")
                    case (false, let e?): (values, kts) = ("hidden;visible;hidden", "0;\(start);\(e)")
                    case (false, nil): (values, kts) = ("hidden;visible", "0;\(start)")
                    }
                    g += (values.hasPrefix("visible") ? ">" : " visibility=\"hidden\">")
                    if values != "visible" {
                        g += "<animate attributeName=\"visibility\" values=\"\(values)\" keyTimes=\"\(kts)\" calcMode=\"discrete\" \(durationAttributes)/>"
                    }
                } else {
                    g += ">"
                }
                var body = [g]
                for p in frame.contacts {
                    body.append("<circle cx=\"\(Format.short(p.x))\" cy=\"\(Format.short(p.y))\" r=\"\(r)\"/>")
                }
                body.append("</g>")
                guard emit(body) else { return }
            }
        }
    }
}
