import Foundation

/// A value of a style as a script or a file writes it, before it is checked: what a binding
/// turns its own values into so that `ItemStyle(parsing:)` checks every style in one place.
public enum StyleValue: Sendable, Equatable {
    case number(Double)
    case string(String)
    case bool(Bool)
    /// A table: its named fields and its list part (1, 2, …).
    case table(fields: [String: StyleValue], list: [StyleValue])

    /// How a message names the kind of value.
    public var typeName: String {
        switch self {
        case .number: "number"
        case .string: "string"
        case .bool: "boolean"
        case .table: "table"
        }
    }
}

extension ItemStyle {
    /// The keys a style takes, in the order they are read.
    public static let keys = ["fill", "stroke", "strokeWidth", "cornerRadius", "shadow", "opacity",
                              "text", "font", "textColor", "image"]

    /// Reads and checks a style written as `fields` (the keys of `keys`):
    /// - colors (`fill`, `stroke`, `textColor`, `shadow.color`): a CSS string (`StyleColor(css:)`)
    ///   or a table `{r, g, b [, a]}` (or `{r = , g = , b = , a = }`) of numbers in 0…1;
    /// - `strokeWidth`, `cornerRadius`, `opacity`: numbers (see `ItemStyle`'s ranges);
    /// - `shadow`: `true` (the default shadow), `false` (none) or a table of `color`,
    ///   `offset` (`{x, y}`) and `radius`;
    /// - `text`: a string (a number is written as Lua's `tostring` would);
    /// - `font`: a size in points (`16`), a string of a size and a weight (`"16px bold"`,
    ///   `"16 600"`, `"bold 16"`: the size with or without "px", a weight name of
    ///   `ItemFont.weightNames` or a number 100…900, either alone) or a table `{size, weight}`;
    /// - `image`: a path relative to the scene's folder, which `loadImage` reads
    ///   (`ItemImage.load(_:in:)`); nil `loadImage` refuses images.
    ///
    /// Throws a `DynamicsError` on `owner`.`style.KEY` naming the key for an unknown key, a
    /// wrong type, or a value out of range.
    public init(parsing fields: [String: StyleValue], owner: @autoclosure () -> String = "item",
                loadImage: ((String) throws -> ItemImage)?) throws {
        self.init()
        for key in fields.keys.sorted() where !ItemStyle.keys.contains(key) {
            throw DynamicsError(owner: owner(), property: "style",
                                message: "unknown key '\(ShownText.line(String(key.prefix(64))))' (keys: \(ItemStyle.keys.joined(separator: ", ")))")
        }
        func fail(_ key: String, _ message: String) -> DynamicsError {
            DynamicsError(owner: owner(), property: "style.\(key)", message: message)
        }
        func number(_ key: String, _ v: StyleValue) throws -> Double {
            guard case .number(let x) = v else { throw fail(key, "expected a number, got \(v.typeName)") }
            return x
        }
        for key in ItemStyle.keys {
            guard let v = fields[key] else { continue }
            switch key {
            case "fill": fill = try ItemStyle.color(v, key, fail)
            case "stroke": stroke = try ItemStyle.color(v, key, fail)
            case "textColor": textColor = try ItemStyle.color(v, key, fail)
            case "strokeWidth": strokeWidth = CGFloat(try number(key, v))
            case "cornerRadius": cornerRadius = CGFloat(try number(key, v))
            case "opacity": opacity = try number(key, v)
            case "text":
                switch v {
                case .string(let s): text = s
                case .number(let x): text = x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : "\(x)"
                default: throw fail(key, "expected a string, got \(v.typeName)")
                }
            case "font": font = try ItemStyle.font(v, fail)
            case "shadow": shadow = try ItemStyle.shadow(v, fail)
            case "image":
                guard case .string(let path) = v else { throw fail(key, "expected a file name (a string), got \(v.typeName)") }
                guard let loadImage else { throw fail(key, "images are read from a scene's folder; this host has none") }
                image = try loadImage(path)
            default: break
            }
        }
        try validate(owner: owner())
    }

    static func color(_ v: StyleValue, _ key: String, _ fail: (String, String) -> DynamicsError) throws -> StyleColor {
        switch v {
        case .string(let s):
            guard let c = StyleColor(css: s) else {
                throw fail(key, "expected a color \"#rgb\", \"#rrggbb\", \"#rrggbbaa\", a CSS color name or {r, g, b, a} in 0…1, got \"\(ShownText.line(String(s.prefix(64))))\"")
            }
            return c
        case .table(let fields, let list):
            for name in fields.keys.sorted() where !["r", "g", "b", "a"].contains(name) {
                throw fail(key, "unknown key '\(ShownText.line(String(name.prefix(64))))' in a color (keys: r, g, b, a)")
            }
            guard list.count <= 4 else { throw fail(key, "a color {r, g, b, a} has at most 4 numbers, got \(list.count)") }
            var components: [Double] = []
            for (k, name) in ["r", "g", "b", "a"].enumerated() {
                let value = k < list.count ? list[k] : fields[name]
                guard let value else {
                    if name == "a" { components.append(1); continue }
                    throw fail(key, "a color {r, g, b, a} needs \(name)")
                }
                guard case .number(let x) = value, x.isFinite, x >= 0, x <= 1 else {
                    throw fail(key, "each of r, g, b, a must be a number in 0…1, got \(ItemStyle.shown(value)) for \(name)")
                }
                components.append(x)
            }
            return StyleColor(red: components[0], green: components[1], blue: components[2], alpha: components[3])!
        default:
            throw fail(key, "expected a color (a string or {r, g, b, a}), got \(v.typeName)")
        }
    }

    static func shown(_ v: StyleValue) -> String {
        if case .number(let x) = v { return Validate.shown(CGFloat(x)) }
        return "a \(v.typeName)"
    }

    static func font(_ v: StyleValue, _ fail: (String, String) -> DynamicsError) throws -> ItemFont {
        var font = ItemFont()
        func weight(_ w: StyleValue) throws -> Int {
            switch w {
            case .number(let x):
                guard x.isFinite, x == x.rounded(), (100...900).contains(x), Int(x) % 100 == 0 else {
                    throw fail("font.weight", "must be 100, 200, … 900 or a name (\(ItemFont.weightNames.map(\.0).joined(separator: ", "))), got \(Validate.shown(CGFloat(x)))")
                }
                return Int(x)
            case .string(let s):
                guard let n = ItemFont.weightNames.first(where: { $0.0 == s.lowercased() })?.1 else {
                    throw fail("font.weight", "unknown weight \"\(ShownText.line(String(s.prefix(32))))\" (weights: \(ItemFont.weightNames.map(\.0).joined(separator: ", ")), or 100…900)")
                }
                return n
            default: throw fail("font.weight", "expected a weight name or a number, got \(w.typeName)")
            }
        }
        func size(_ s: StyleValue) throws -> CGFloat {
            guard case .number(let x) = s else { throw fail("font.size", "expected a number of points, got \(s.typeName)") }
            return CGFloat(x)
        }
        switch v {
        case .number: font.size = try size(v)
        case .string(let s):
            guard s.utf8.count <= 64 else { throw fail("font", "a font string is at most 64 bytes, e.g. \"16px bold\"") }
            var sawSize = false, sawWeight = false
            // Words in order: "Npx" is the size; a bare number is the size, or the weight once
            // the size is known; a name is the weight.
            for word in s.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                let w = String(word)
                let px = w.lowercased().hasSuffix("px")
                let number = Double(px ? String(w.dropLast(2)) : w)
                if let x = number, !sawSize {
                    font.size = CGFloat(x); sawSize = true
                } else if !px, !sawWeight {
                    font.weight = try weight(number.map { .number($0) } ?? .string(w)); sawWeight = true
                } else {
                    throw fail("font", "expected \"SIZE[px] [WEIGHT]\", e.g. \"16px bold\", got \"\(ShownText.line(s))\"")
                }
            }
            guard sawSize || sawWeight else { throw fail("font", "expected \"SIZE[px] [WEIGHT]\", e.g. \"16px bold\", got an empty string") }
        case .table(let fields, let list):
            for name in fields.keys.sorted() where !["size", "weight"].contains(name) {
                throw fail("font", "unknown key '\(ShownText.line(String(name.prefix(64))))' (keys: size, weight)")
            }
            guard list.count <= 2 else { throw fail("font", "expected {size, weight}, got a list of \(list.count) values") }
            if let s = list.first ?? fields["size"] { font.size = try size(s) }
            if let w = (list.count > 1 ? list[1] : nil) ?? fields["weight"] { font.weight = try weight(w) }
        default:
            throw fail("font", "expected a size, a string such as \"16px bold\" or {size, weight}, got \(v.typeName)")
        }
        return font
    }

    static func shadow(_ v: StyleValue, _ fail: (String, String) -> DynamicsError) throws -> ItemShadow? {
        switch v {
        case .bool(let on): return on ? ItemShadow() : nil
        case .table(let fields, let list):
            guard list.isEmpty else { throw fail("shadow", "expected {color = , offset = , radius = }, got a list") }
            for name in fields.keys.sorted() where !["color", "offset", "radius"].contains(name) {
                throw fail("shadow", "unknown key '\(ShownText.line(String(name.prefix(64))))' (keys: color, offset, radius)")
            }
            var s = ItemShadow()
            if let c = fields["color"] { s.color = try color(c, "shadow.color", fail) }
            if let r = fields["radius"] {
                guard case .number(let x) = r else { throw fail("shadow.radius", "expected a number, got \(r.typeName)") }
                s.radius = CGFloat(x)
            }
            if let o = fields["offset"] {
                guard case .table(let f, let l) = o else { throw fail("shadow.offset", "expected {x, y}, got \(o.typeName)") }
                guard l.count <= 2, Set(f.keys).isSubset(of: ["x", "y"]) else { throw fail("shadow.offset", "expected {x, y}") }
                guard case .number(let x)? = l.first ?? f["x"], case .number(let y)? = (l.count > 1 ? l[1] : nil) ?? f["y"] else {
                    throw fail("shadow.offset", "expected {x, y} of numbers")
                }
                s.offset = CGVector(dx: x, dy: y)
            }
            return s
        default:
            throw fail("shadow", "expected true, false or {color, offset, radius}, got \(v.typeName)")
        }
    }
}
