import Dynamics
import Foundation

/// Styled items in SVG (see `ItemStyle` for what is drawn and in which order).
extension SVGRenderer {
    /// The family every style's text is set in.
    static let fontFamily = "system-ui, -apple-system, Helvetica, Arial, sans-serif"

    /// Most picture definitions one SVG holds at the items' own sizes (see `imagePlan()`).
    static let maximumSizedImages = 64

    /// One `<image>` definition of the `<defs>`: picture `image` at `size`, filling it with
    /// `xMidYMid slice` (aspect fill), or, when `stretched`, at 1 × 1 without keeping the
    /// aspect ratio (items scale it to their bounds).
    struct ImageDefinition {
        var id: String
        var image: ItemImage
        var size: CGSize
        var stretched: Bool

        /// The element, its picture as a `data:` URL (written one at a time: a picture may be 2 MiB).
        var element: String {
            let box = stretched
                ? "x=\"0\" y=\"0\" width=\"1\" height=\"1\" preserveAspectRatio=\"none\""
                : "x=\"\(Format.short(-size.width / 2))\" y=\"\(Format.short(-size.height / 2))\" width=\"\(Format.short(size.width))\" height=\"\(Format.short(size.height))\" preserveAspectRatio=\"xMidYMid slice\""
            return "<image id=\"\(id)\" \(box) href=\"\(image.dataURL)\"><title>\(Format.xml(image.name))</title></image>"
        }
    }

    /// The pictures the items show: each picture once per item size it is shown at, for the
    /// first `maximumSizedImages` of them; past that, items use one stretched copy of their
    /// picture (so an SVG holds at most 64 + 32 copies, whatever the number of items and sizes).
    /// SVG pictures are embedded as `data:image/svg+xml` inside `<image>`, where browsers run
    /// no script and fetch nothing. Returns the definitions in order and, per item index, the
    /// definition it uses.
    func imagePlan() -> (definitions: [ImageDefinition], uses: [Int: ImageDefinition]) {
        var definitions: [ImageDefinition] = [], uses: [Int: ImageDefinition] = [:]
        var sized: [String: ImageDefinition] = [:], stretched: [String: ImageDefinition] = [:]
        for (i, item) in recorder.items.enumerated() {
            guard let image = item.itemStyle?.image else { continue }
            let size = item.bounds.size
            let key = "\(image.name)\u{0}\(image.data.count)\u{0}\(Format.short(size.width))\u{0}\(Format.short(size.height))"
            if let d = sized[key] { uses[i] = d; continue }
            if sized.count < SVGRenderer.maximumSizedImages {
                let d = ImageDefinition(id: "image-\(definitions.count + 1)", image: image, size: size, stretched: false)
                sized[key] = d
                definitions.append(d)
                uses[i] = d
                continue
            }
            let whole = "\(image.name)\u{0}\(image.data.count)"
            if let d = stretched[whole] { uses[i] = d; continue }
            let d = ImageDefinition(id: "image-\(definitions.count + 1)", image: image, size: CGSize(width: 1, height: 1), stretched: true)
            stretched[whole] = d
            definitions.append(d)
            uses[i] = d
        }
        return (definitions, uses)
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
    /// shadow's ids, `image` is its picture's definition.
    static func styled(_ item: DynamicItem, _ style: ItemStyle, id: String, image: ImageDefinition?) -> [String] {
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
            // A stretched copy is scaled to the bounds (clipped in the item's own axes).
            let scale = image.stretched
                ? " transform=\"translate(\(SVGRenderer.point(-Double(item.bounds.width) / 2, -Double(item.bounds.height) / 2))) scale(\(SVGRenderer.point(Double(item.bounds.width), Double(item.bounds.height))))\""
                : ""
            if image.stretched {
                out.append("<g clip-path=\"url(#clip-\(id))\"><use href=\"#\(image.id)\"\(scale)/></g>")
            } else {
                out.append("<use href=\"#\(image.id)\" clip-path=\"url(#clip-\(id))\"/>")
            }
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
