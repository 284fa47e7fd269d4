import Foundation

/// A color of an item's style: red, green, blue and alpha, each in 0…1 (sRGB).
///
/// Written as CSS writes it: `"#rgb"`, `"#rgba"`, `"#rrggbb"`, `"#rrggbbaa"` or one of CSS's
/// 148 named colors (`"tomato"`, `"transparent"`), case-insensitive (`StyleColor(css:)`).
public struct StyleColor: Sendable, Equatable, Hashable {
    /// Each in 0…1.
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    /// A color from components in 0…1 (alpha 1 by default); nil for a component that is not
    /// a finite number in 0…1.
    public init?(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        for v in [red, green, blue, alpha] where !(v.isFinite && v >= 0 && v <= 1) { return nil }
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A color from 8-bit components.
    public init(bytes r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        red = Double(r) / 255
        green = Double(g) / 255
        blue = Double(b) / 255
        alpha = Double(a) / 255
    }

    /// The color of a CSS hex or named color (see the type); nil for anything else.
    public init?(css text: String) {
        let s = text.lowercased()
        if s.hasPrefix("#") {
            let hex = Array(s.utf8.dropFirst())
            guard [3, 4, 6, 8].contains(hex.count) else { return nil }
            var digits: [UInt8] = []
            for c in hex {
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(c - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digits.append(c - UInt8(ascii: "a") + 10)
                default: return nil
                }
            }
            let bytes: [UInt8] = digits.count <= 4
                ? digits.map { $0 * 17 }
                : stride(from: 0, to: digits.count, by: 2).map { digits[$0] * 16 + digits[$0 + 1] }
            self.init(bytes: bytes[0], bytes[1], bytes[2], bytes.count == 4 ? bytes[3] : 255)
            return
        }
        guard let rgb = StyleColor.named[s] else { return nil }
        self.init(bytes: UInt8(rgb >> 16), UInt8((rgb >> 8) & 0xFF), UInt8(rgb & 0xFF), s == "transparent" ? 0 : 255)
    }

    /// `#rrggbb`, the color without its alpha (for SVG's `fill` with a separate opacity).
    public var hexRGB: String {
        String(format: "#%02x%02x%02x", StyleColor.byte(red), StyleColor.byte(green), StyleColor.byte(blue))
    }

    /// `#rrggbbaa` (canvas and CSS read it).
    public var hexRGBA: String { hexRGB + String(format: "%02x", StyleColor.byte(alpha)) }

    /// A component as 0…255 (NaN as 0: a color set field by field is checked only by
    /// `ItemStyle.validate`, and drawing must not trap on one that was not).
    static func byte(_ v: Double) -> Int { v.isNaN ? 0 : Int((min(max(v, 0), 1) * 255).rounded()) }

    /// Whether every component is a finite number in 0…1.
    public var isValid: Bool { [red, green, blue, alpha].allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 } }
}
