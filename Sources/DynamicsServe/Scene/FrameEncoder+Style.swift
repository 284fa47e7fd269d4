import Dynamics
import DynamicsRender
import Foundation

/// An item's style as the page draws it (Page/style-draw.js): what SVG output draws, in the
/// same order and with the same text lines (`StyleText`), so the two look alike.
struct StyleMessage: Encodable {
    struct Shadow: Encodable {
        var color: String
        var dx: Double
        var dy: Double
        var radius: Double
    }
    /// Colors as "#rrggbbaa"; nil: not drawn.
    var fill: String?
    var stroke: String?
    var strokeWidth: Double
    /// As drawn: at most half the shorter side (rectangles only; 0 otherwise).
    var cornerRadius: Double
    var shadow: Shadow?
    var opacity: Double
    /// The text's lines and each one's baseline from the center (points).
    var lines: [String]
    var baselines: [Double]
    var fontSize: Double
    var fontWeight: Int
    var textColor: String
    /// Index into the scene's pictures, served at `GET /image/N`.
    var image: Int?
    /// Tells the picture's versions apart (its name, size and a hash of its bytes): the page
    /// keeps a loaded picture while its key holds, across restyles and reloads.
    var imageKey: String?
}

extension FrameEncoder {
    /// The distinct pictures the items' styles show, by name, in the order of first use: the
    /// only files `GET /image/N` serves.
    static func images(of items: [DynamicItem]) -> [ItemImage] {
        var seen: Set<String> = [], out: [ItemImage] = []
        for item in items {
            guard let image = item.itemStyle?.image, seen.insert(image.name).inserted else { continue }
            out.append(image)
        }
        return out
    }

    /// `item`'s style for the page (nil: drawn as a debug box); `images` from `images(of:)`.
    static func style(of item: DynamicItem, images: [ItemImage]) -> StyleMessage? {
        guard let style = item.itemStyle else { return nil }
        let lines = StyleText.lines(of: style, width: Double(item.bounds.width))
        return StyleMessage(
            fill: style.fill?.hexRGBA, stroke: style.strokeWidth > 0 ? style.stroke?.hexRGBA : nil,
            strokeWidth: Double(style.strokeWidth),
            cornerRadius: item.collisionBoundsType == .rectangle ? StyleText.cornerRadius(style, item.bounds.size) : 0,
            shadow: style.shadow.map { .init(color: $0.color.hexRGBA, dx: Double($0.offset.dx), dy: Double($0.offset.dy), radius: Double($0.radius)) },
            opacity: style.opacity, lines: lines,
            baselines: lines.indices.map { StyleText.baseline($0, of: lines.count, style.font) },
            fontSize: Double(style.font.size), fontWeight: style.font.weight, textColor: style.shownTextColor.hexRGBA,
            image: style.image.flatMap { image in images.firstIndex { $0.name == image.name } },
            imageKey: style.image.map { "\($0.name)#\($0.data.count)#\($0.data.hashValue)" })
    }
}
