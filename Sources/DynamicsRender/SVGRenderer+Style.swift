import Dynamics
import Foundation

/// Styled items in SVG (see `ItemStyle` for what is drawn and in which order).
extension SVGRenderer {
    /// The family every style's text is set in.
    static let fontFamily = "system-ui, -apple-system, Helvetica, Arial, sans-serif"

    /// The pictures the items show, once each per size: `<image>` elements for a `<defs>`
    /// (the picture as a `data:` URL, filling the size with `xMidYMid slice`), and each
    /// item's element id (by item index). SVG pictures are embedded as `data:image/svg+xml`
    /// inside `<image>`, where browsers run no script and fetch nothing.
    func imageDefinitions() -> (elements: [[String]], ids: [Int: String]) {
        var elements: [[String]] = [], ids: [Int: String] = [:], known: [String: String] = [:]
        for (i, item) in recorder.items.enumerated() {
            guard let image = item.itemStyle?.image else { continue }
            let w = Format.short(item.bounds.width), h = Format.short(item.bounds.height)
            let key = "\(image.name)\u{0}\(image.data.count)\u{0}\(w)\u{0}\(h)"
            if let id = known[key] { ids[i] = id; continue }
            let id = "image-\(known.count + 1)"
            known[key] = id
            ids[i] = id
            elements.append(["<image id=\"\(id)\" x=\"\(Format.short(-item.bounds.width / 2))\" y=\"\(Format.short(-item.bounds.height / 2))\" width=\"\(w)\" height=\"\(h)\" preserveAspectRatio=\"xMidYMid slice\" href=\"\(image.dataURL)\"><title>\(Format.xml(image.name))</title></image>"])
        }
        return (elements, ids)
    }

    /// The item's outline centered on (0, 0) with `attributes` (rounded corners for rectangles).
    static func outline(of item: DynamicItem, style: ItemStyle, _ attributes: String) -> String {
        let w = Double(item.bounds.width), h = Double(item.bounds.height)
        switch item.collisionBoundsType {
        case .rectangle:
            let r = StyleText.cornerRadius(style, item.bounds.size)
            let corner = r > 0 ? " rx=\"\(Format.short(r))\" ry=\"\(Format.short(r))\"" : ""
            return "<rect x=\"\(Format.short(-w / 2))\" y=\"\(Format.short(-h / 2))\" width=\"\(Format.short(w))\" height=\"\(Format.short(h))\"\(corner) \(attributes)/>"
        case .ellipse:
            return "<ellipse cx=\"0\" cy=\"0\" rx=\"\(Format.short(w / 2))\" ry=\"\(Format.short(h / 2))\" \(attributes)/>"
        case .path:
            return "<path d=\"\(Format.pathData(item.collisionBoundingPath))\" \(attributes)/>"
        }
    }

    /// A styled item's drawing centered on (0, 0), unrotated; `id` makes its clip path's and
    /// shadow's ids, `image` is the id of its picture's definition.
    static func styled(_ item: DynamicItem, _ style: ItemStyle, id: String, image: String?) -> [String] {
        var out: [String] = []
        let opacity = style.opacity < 1 ? " opacity=\"\(Format.short(style.opacity, 3))\"" : ""
        out.append("<g class=\"style\"\(opacity)>")
        let lines = StyleText.lines(of: style, width: Double(item.bounds.width))
        let clipped = image != nil || !lines.isEmpty
        if clipped {
            out.append("<clipPath id=\"clip-\(id)\">\(outline(of: item, style: style, ""))</clipPath>")
        }
        if let fill = style.fill {
            var attributes = "fill=\"\(fill.hexRGB)\"" + (fill.alpha < 1 ? " fill-opacity=\"\(Format.short(fill.alpha, 3))\"" : "")
            if let s = style.shadow, s.color.alpha > 0 {
                let w = Double(item.bounds.width), h = Double(item.bounds.height), r = Double(s.radius)
                let mx = 1.5 * r + abs(Double(s.offset.dx)) + 1, my = 1.5 * r + abs(Double(s.offset.dy)) + 1
                out.append("<filter id=\"shadow-\(id)\" filterUnits=\"userSpaceOnUse\" x=\"\(Format.short(-w / 2 - mx))\" y=\"\(Format.short(-h / 2 - my))\" width=\"\(Format.short(w + 2 * mx))\" height=\"\(Format.short(h + 2 * my))\"><feDropShadow dx=\"\(Format.short(s.offset.dx))\" dy=\"\(Format.short(s.offset.dy))\" stdDeviation=\"\(Format.short(r / 2))\" flood-color=\"\(s.color.hexRGB)\" flood-opacity=\"\(Format.short(s.color.alpha, 3))\"/></filter>")
                attributes += " filter=\"url(#shadow-\(id))\""
            }
            out.append(outline(of: item, style: style, attributes))
        }
        if let image {
            out.append("<use href=\"#\(image)\" clip-path=\"url(#clip-\(id))\"/>")
        }
        if let stroke = style.stroke, style.strokeWidth > 0 {
            out.append(outline(of: item, style: style, "fill=\"none\" stroke=\"\(stroke.hexRGB)\"" + (stroke.alpha < 1 ? " stroke-opacity=\"\(Format.short(stroke.alpha, 3))\"" : "") + " stroke-width=\"\(Format.short(style.strokeWidth))\""))
        }
        if !lines.isEmpty {
            let color = style.shownTextColor
            var text = "<text clip-path=\"url(#clip-\(id))\" text-anchor=\"middle\" font-family=\"\(fontFamily)\" font-size=\"\(Format.short(style.font.size))\" font-weight=\"\(style.font.weight)\" fill=\"\(color.hexRGB)\"" + (color.alpha < 1 ? " fill-opacity=\"\(Format.short(color.alpha, 3))\"" : "") + ">"
            for (k, line) in lines.enumerated() {
                text += "<tspan x=\"0\" y=\"\(Format.short(StyleText.baseline(k, of: lines.count, style.font)))\">\(Format.xml(line))</tspan>"
            }
            out.append(text + "</text>")
        }
        out.append("</g>")
        return out
    }
}
