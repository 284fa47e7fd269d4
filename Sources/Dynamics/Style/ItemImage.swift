import Foundation

/// A picture an item shows (its style's `image`): the bytes of a PNG, JPEG or SVG file, checked
/// by their first bytes, never by the file's name.
///
/// Limits: at most `maximumBytes` (2 MiB) each; a scene's loader keeps at most
/// `maximumPerScene` (32) distinct files. An SVG picture is refused when its text holds a
/// script, a `foreignObject`, an event handler attribute (`onload=`…) or a `javascript:` URL;
/// renderers show SVG pictures only as images (`<image>` in SVG output, `Image` on a canvas),
/// where browsers run no script and load nothing else.
public struct ItemImage: Sendable, Equatable, Hashable {
    /// The kinds of picture, by their magic bytes.
    public enum Kind: String, Sendable {
        case png, jpeg, svg

        /// The MIME type (`image/png`, `image/jpeg`, `image/svg+xml`).
        public var mimeType: String {
            switch self {
            case .png: "image/png"
            case .jpeg: "image/jpeg"
            case .svg: "image/svg+xml"
            }
        }
    }

    /// Largest picture, bytes (2 MiB).
    public static let maximumBytes = 2 << 20
    /// Most distinct pictures one scene loads.
    public static let maximumPerScene = 32

    /// The name it was given by (a path relative to the scene's folder), for messages and titles.
    public let name: String
    /// The file's bytes.
    public let data: Data
    public let kind: Kind

    /// A picture of `data`, its kind found from its first bytes. Throws a `DynamicsError` on
    /// `owner`.`property` when it is empty, larger than `maximumBytes`, not a PNG, JPEG or
    /// SVG, or an SVG with active content (see the type).
    public init(name: String, data: Data, owner: @autoclosure () -> String = "style", property: String = "image") throws {
        func refuse(_ why: String) -> DynamicsError {
            DynamicsError(owner: owner(), property: property, message: "\"\(ShownText.line(String(name.prefix(200))))\" \(why)")
        }
        guard data.count <= ItemImage.maximumBytes else {
            throw refuse("is \(data.count) bytes; an image is at most \(ItemImage.maximumBytes) bytes")
        }
        guard let kind = ItemImage.kind(of: data) else {
            throw refuse("is not a PNG, JPEG or SVG file (its first bytes say which)")
        }
        if kind == .svg, let bad = ItemImage.activeContent(inSVG: data) {
            throw refuse("is an SVG with \(bad); images must be plain drawings")
        }
        self.name = name
        self.data = data
        self.kind = kind
    }

    /// The kind of `data` by its magic bytes: PNG's 8-byte signature, JPEG's FF D8 FF, or text
    /// (after an optional UTF-8 byte order mark, white space, an XML declaration, comments and
    /// a doctype) whose first element is `<svg`.
    public static func kind(of data: Data) -> Kind? {
        let bytes = [UInt8](data.prefix(4096))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        var text = Substring(String(decoding: bytes, as: UTF8.self))
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        while true {
            text = text.drop { $0.isWhitespace }
            if text.hasPrefix("<?xml") || text.hasPrefix("<!--") || text.hasPrefix("<!DOCTYPE") || text.hasPrefix("<!doctype") {
                let end = text.hasPrefix("<!--") ? "-->" : ">"
                guard let r = text.range(of: end) else { return nil }
                text = text[r.upperBound...]
                continue
            }
            break
        }
        guard text.hasPrefix("<svg"), let next = text.dropFirst(4).first, next.isWhitespace || next == ">" || next == "/" else { return nil }
        return .svg
    }

    /// What makes an SVG more than a drawing, if any: a script element, a foreignObject, an
    /// event handler attribute or a `javascript:` URL (case-insensitive; the whole text is read).
    static func activeContent(inSVG data: Data) -> String? {
        let text = String(decoding: data, as: UTF8.self).lowercased()
        if text.contains("<script") { return "a script element" }
        if text.contains("foreignobject") { return "a foreignObject" }
        if text.contains("javascript:") { return "a javascript: URL" }
        // An attribute whose name starts with "on" after white space: onload=, onclick=, …
        let u = Array(text.utf8)
        var i = 1
        while i + 3 < u.count {
            if u[i] == UInt8(ascii: "o"), u[i + 1] == UInt8(ascii: "n"), u[i - 1] == 0x20 || u[i - 1] == 0x09 || u[i - 1] == 0x0A || u[i - 1] == 0x0D {
                var j = i + 2
                while j < u.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(u[j]) || u[j] == UInt8(ascii: "-") { j += 1 }
                while j < u.count, u[j] == 0x20 || u[j] == 0x09 || u[j] == 0x0A || u[j] == 0x0D { j += 1 }
                if j > i + 2, j < u.count, u[j] == UInt8(ascii: "=") { return "an event handler attribute" }
            }
            i += 1
        }
        return nil
    }

    /// `data:` URL of the picture (base64), as SVG output embeds it.
    public var dataURL: String { "data:\(kind.mimeType);base64,\(data.base64EncodedString())" }
}
