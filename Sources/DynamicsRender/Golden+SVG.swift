import Dynamics
import Foundation

extension Golden {
    /// A picture of a run over its golden, for a mismatch: `TraceRecorder.svg()` of the
    /// golden's items, ghosted (grey, translucent, dashed, in a group with id "golden", named
    /// "golden: NAME"), under the run's items at `indices` (all by default), solid and in
    /// colour, both animated over the times of the golden's frames and the run's frames at
    /// the golden's stride (each interpolated between its own frames, held before its first and
    /// after its last). A ghost has the shape of the run's item of its name (a 10 pt circle if
    /// the run has none). Each item's path is drawn under them (the golden's grey and dashed,
    /// the run's in its colour), so a still rendering shows where they part; `mismatch`, when
    /// given, is ringed in red on both at its time and written under the legend.
    public func comparisonSVG(record: RunRecord, items indices: [Int]? = nil, marking mismatch: Mismatch? = nil) -> String {
        let chosen = indices ?? Array(record.items.indices)
        let names = record.uniqueNames
        let tracks = chosen.map { RunRecord.Track(record: record, index: $0) }
        let ghosts: [DynamicItem] = items.map { name in
            if let k = chosen.firstIndex(where: { names[$0] == name }) { return GhostItem(like: tracks[k].item) }
            return GhostItem(circle: 10)
        }
        // The frames: the golden's times and the run's at its stride, merged.
        var moments = times
        for f in Swift.stride(from: 0, to: record.frameCount, by: stride) { moments.append(record.times[f]) }
        if let last = record.times.last { moments.append(last) }
        moments.sort()
        var frames: [TraceRecorder.Frame] = []
        for t in moments where frames.last.map({ t > $0.time + 1e-6 }) ?? true {
            var states: [TraceRecorder.ItemState] = []
            for j in items.indices {
                let s = state(at: t, item: j) ?? firstKnown(item: j)
                states.append(TraceRecorder.ItemState(x: s.x, y: s.y, angle: s.angle, vx: 0, vy: 0))
            }
            for track in tracks {
                let s = track.at(min(max(t, track.startTime), track.endTime)) ?? track.first
                states.append(TraceRecorder.ItemState(x: Double(s.center.x), y: Double(s.center.y), angle: s.angle,
                                                      vx: Double(s.velocity.x), vy: Double(s.velocity.y)))
            }
            frames.append(TraceRecorder.Frame(time: t, items: states))
        }
        let recorder = TraceRecorder(animator: record.animator, items: ghosts + tracks.map(\.item),
                                     names: items.map { "golden: \($0)" } + tracks.map(\.name), sampleRate: .infinity)
        recorder.frames = frames
        // The paths: the golden's kept frames, the run's every frame.
        var paths: [String] = []
        let unit = max(1, Double(record.animator.referenceBounds.map { max($0.width, $0.height) } ?? 500) / 500)
        for j in items.indices {
            let points = times.indices.map { state(frame: $0, item: j) }.filter { !$0.x.isNaN }.map { SVGRenderer.point($0.x, $0.y) }
            paths.append("<polyline class=\"golden-path\" points=\"\(points.joined(separator: " "))\" fill=\"none\" stroke=\"#8a8a8a\" stroke-width=\"\(Format.short(1.5 * unit))\" stroke-dasharray=\"\(Format.short(4 * unit)) \(Format.short(3 * unit))\"/>")
        }
        for (k, track) in tracks.enumerated() {
            let color = SVGRenderer.palette[(ghosts.count + k) % SVGRenderer.palette.count]
            let points = track.frames.map { f -> String in
                let c = track.state(frame: f).center
                return SVGRenderer.point(Double(c.x), Double(c.y))
            }
            paths.append("<polyline class=\"run-path\" points=\"\(points.joined(separator: " "))\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"\(Format.short(1.5 * unit))\"/>")
        }
        // The first difference, still: the item's outline where the golden has it (dashed) and
        // where the run has it, in red, and a ring on each center (an item's center may be
        // off the picture while its edge, which differs too, is on it).
        var marks: [String] = []
        if let mismatch, let time = mismatch.time, let j = items.firstIndex(of: mismatch.item) {
            let ring = "fill=\"none\" stroke=\"#d62828\" stroke-width=\"\(Format.short(2 * unit))\""
            let dashed = " stroke-dasharray=\"\(Format.short(3 * unit)) \(Format.short(2 * unit))\""
            let r = Format.short(12 * unit)
            func outline(_ cls: String, _ item: DynamicItem, _ x: Double, _ y: Double, _ angle: Double, dashed: Bool) {
                marks.append("<g class=\"mismatch-outline \(cls)\" transform=\"translate(\(SVGRenderer.point(x, y))) rotate(\(Format.short(angle * 180 / .pi)))\"\(dashed ? " stroke-dasharray=\"\(Format.short(6 * unit)) \(Format.short(4 * unit))\"" : "")>")
                marks.append(contentsOf: SVGRenderer.shape(of: item, color: "none"))
                marks.append("</g>")
            }
            if let g = state(at: time, item: j) {
                outline("mismatch-golden", ghosts[j], g.x, g.y, g.angle, dashed: true)
                marks.append("<circle class=\"mismatch-golden\" cx=\"\(Format.short(g.x))\" cy=\"\(Format.short(g.y))\" r=\"\(r)\" \(ring)\(dashed)/>")
            }
            if let k = chosen.firstIndex(where: { names[$0] == mismatch.item }), let s = tracks[k].at(min(max(time, tracks[k].startTime), tracks[k].endTime)) {
                outline("mismatch-run", tracks[k].item, Double(s.center.x), Double(s.center.y), s.angle, dashed: false)
                marks.append("<circle class=\"mismatch-run\" cx=\"\(Format.short(s.center.x))\" cy=\"\(Format.short(s.center.y))\" r=\"\(r)\" \(ring)/>")
            }
        }
        return Golden.ghosted(recorder.svg(), ghosts: ghosts.count, paths: paths, marks: marks, note: mismatch.map { "first difference " + $0.description })
    }

    /// The first state the golden has for item `j` (every item has one: a golden's items were
    /// in its run).
    private func firstKnown(item j: Int) -> (x: Double, y: Double, angle: Double) {
        for f in times.indices {
            let s = state(frame: f, item: j)
            if !s.x.isNaN { return s }
        }
        return (0, 0, 0)
    }

    /// The SVG with its first `ghosts` item groups wrapped in a ghosted group, a style that
    /// greys them, `paths` under the items, `marks` over them and a legend (with `note` under it).
    static func ghosted(_ svg: String, ghosts: Int, paths: [String], marks: [String], note: String?) -> String {
        var lines = svg.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let items = lines.firstIndex(of: "<g id=\"items\">") else { return svg }
        var seen = 0, firstRun = lines.count
        for (k, line) in lines.enumerated().dropFirst(items + 1) where line.hasPrefix("<g id=\"item-") && line.contains(" class=\"item\" ") {
            if seen == ghosts { firstRun = k; break }
            seen += 1
        }
        if firstRun == lines.count, let end = lines.lastIndex(of: "</g>") { firstRun = end }
        lines.insert("</g>", at: firstRun)
        lines.insert("<g id=\"golden\" class=\"golden\" opacity=\"0.45\">", at: items + 1)
        lines.insert(contentsOf: ["<style>#golden rect, #golden ellipse, #golden path { fill: #9a9a9a; stroke: #555555; stroke-dasharray: 4 3 } .mismatch-outline rect, .mismatch-outline ellipse, .mismatch-outline path { fill: none; stroke: #d62828; stroke-width: 2 } .mismatch-outline line { display: none }</style>",
                                  "<g id=\"paths\">"] + paths + ["</g>"], at: items)
        // The legend in the top left corner of the picture, sized to it.
        var box = [0.0, 0.0, 500.0, 500.0]
        if let svgLine = lines.first(where: { $0.hasPrefix("<svg ") }), let r = svgLine.range(of: "viewBox=\"") {
            let numbers = svgLine[r.upperBound...].prefix { $0 != "\"" }.split(separator: " ").compactMap { Double($0) }
            if numbers.count == 4 { box = numbers }
        }
        let size = max(box[2], box[3]) / 45
        if let close = lines.lastIndex(of: "</svg>") {
            var top = ["<g id=\"mismatch\">"] + marks + ["</g>"]
            let x = Format.short(box[0] + size / 2)
            // Below the time readout's plate (1.8 of its size from the top), which it would cover.
            let below = 2 * SVGRenderer.readoutSize(in: CGRect(x: box[0], y: box[1], width: box[2], height: box[3]))
            top.append("<text class=\"legend\" x=\"\(x)\" y=\"\(Format.short(box[1] + below + 1.4 * size))\" font-family=\"sans-serif\" font-size=\"\(Format.short(size))\" fill=\"#333333\">ghosted grey, dashed path: the golden · solid: this run</text>")
            if let note {
                // Small enough to fit the width (a sans-serif letter is about half its size wide).
                let fit = min(0.7 * size, 1.9 * (box[2] - size) / Double(max(note.count, 1)))
                top.append("<text class=\"note\" x=\"\(x)\" y=\"\(Format.short(box[1] + below + 2.2 * size))\" font-family=\"sans-serif\" font-size=\"\(Format.short(fit))\" fill=\"#d62828\">\(Format.xml(note))</text>")
            }
            lines.insert(contentsOf: top, at: close)
        }
        return lines.joined(separator: "\n")
    }
}

/// An item with another item's outline (or a circle), for drawing a golden's items.
final class GhostItem: DynamicItem {
    var center = CGPoint.zero
    var transform = CGAffineTransform.identity
    let bounds: CGRect
    let collisionBoundsType: DynamicItemCollisionBoundsType
    let collisionBoundingPath: BezierPath

    init(like item: DynamicItem) {
        bounds = item.bounds
        collisionBoundsType = item is DynamicItemGroup ? .rectangle : item.collisionBoundsType
        collisionBoundingPath = item.collisionBoundingPath
    }

    init(circle diameter: Double) {
        bounds = CGRect(x: 0, y: 0, width: diameter, height: diameter)
        collisionBoundsType = .ellipse
        collisionBoundingPath = BezierPath(ovalIn: CGRect(x: -diameter / 2, y: -diameter / 2, width: diameter, height: diameter))
    }
}
