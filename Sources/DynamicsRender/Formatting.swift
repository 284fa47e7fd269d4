import Foundation
import Dynamics

/// Number and text formatting shared by the writers (and the viewer's JSON): fast,
/// locale-free and deterministic.
package enum Format {
    private static let powers: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000]

    /// `v` with exactly `digits` decimals (0…8), "-0" printed as "0", rounding half away from
    /// zero; "nan", "inf" and "-inf" for non-finite values.
    static func fixed(_ v: Double, _ digits: Int) -> String {
        guard v.isFinite else { return v.isNaN ? "nan" : (v < 0 ? "-inf" : "inf") }
        let scaled = (v * powers[digits]).rounded()
        guard abs(scaled) < 9e15 else { return String(format: "%.\(digits)f", v) }
        var n = Int64(scaled)
        if n == 0 { return digits == 0 ? "0" : "0." + String(repeating: "0", count: digits) }
        let negative = n < 0
        if negative { n = -n }
        var text = String(n)
        if digits > 0 {
            if text.count <= digits { text = String(repeating: "0", count: digits - text.count + 1) + text }
            text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
        }
        return negative ? "-" + text : text
    }

    /// `v` with at most `digits` decimals, trailing zeros (and a bare point) dropped: the
    /// compact form for SVG attributes. Non-finite values print as "0" (SVG has no NaN).
    static func short(_ v: Double, _ digits: Int = 2) -> String {
        guard v.isFinite else { return "0" }
        var text = fixed(v, digits)
        if digits > 0 {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    static func short(_ v: CGFloat, _ digits: Int = 2) -> String { short(Double(v), digits) }

    /// Text escaped for XML content and attribute values.
    static func xml(_ s: String) -> String {
        // Over scalars: XML 1.0 allows no control character but tab, newline and return, and
        // no U+FFFE/U+FFFF; a name "\u{1}" made the SVG unreadable. They become "?", as do
        // C1 and bidirectional controls (`ShownText`), which a browser's title shows.
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(u)
            default:
                out.unicodeScalars.append(ShownText.isControl(u) || u.value == 0xFFFE || u.value == 0xFFFF ? "?" : u)
            }
        }
        return out
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, slashes and
    /// everything else as they are.
    package static func jsonString(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 { out += String(format: "\\u%04x", u.value) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }

    /// A CSV field: quoted (with doubled quotes) when it holds a comma, quote or line break.
    static func csvField(_ s: String) -> String {
        // By scalar: "\r\n" is one Character, equal to neither "\n" nor "\r", and a name with
        // one went out unquoted and split its row in two.
        guard s.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// An SVG path `d` for a path's elements (points), offset by (dx, dy).
    static func pathData(_ path: BezierPath, dx: Double = 0, dy: Double = 0) -> String {
        func p(_ q: CGPoint) -> String { short(Double(q.x) + dx) + " " + short(Double(q.y) + dy) }
        var parts: [String] = []
        for e in path.elements {
            switch e {
            case .move(let q): parts.append("M" + p(q))
            case .line(let q): parts.append("L" + p(q))
            case .quadCurve(let to, let c): parts.append("Q" + p(c) + " " + p(to))
            case .curve(let to, let c1, let c2): parts.append("C" + p(c1) + " " + p(c2) + " " + p(to))
            case .close: parts.append("Z")
            }
        }
        return parts.joined(separator: " ")
    }
}
