import Dynamics
import Foundation

/// How a style's text is laid out, the same for SVG output and the live viewer: lines broken
/// at spaces (and at explicit newlines) to fit the item's width less a padding, a word longer
/// than a line broken between characters, centered on the item's center.
///
/// Widths are estimated, not measured (SVG output has no font to measure with): per character
/// a fraction of the font size — 0.3 for narrow letters and punctuation, 0.65 for capitals,
/// 0.85 for "m", "w" and wide symbols ("<", "=", "@"…), 1.0 for East Asian characters and
/// emoji, 0.56 otherwise — times 1.07 at weights of 600 and above. Lines are `lineHeight`
/// (1.25 × size) apart.
public enum StyleText {
    /// Most lines laid out (the rest would be clipped anyway).
    public static let maximumLines = 60

    /// The padding between the text and the item's sides, points.
    public static func padding(width: Double) -> Double { min(10, width / 8) }

    public static func lineHeight(_ font: ItemFont) -> Double { 1.25 * Double(font.size) }

    /// Estimated advance of `u` in units of the font size.
    static func advance(_ u: Unicode.Scalar) -> Double {
        let v = u.value
        if v >= 0x1100 && (v <= 0x115F || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFF60).contains(v) || (0x1F300...0x1FAFF).contains(v)) { return 1.0 }
        switch u {
        case "i", "l", "j", "t", "f", "r", ".", ",", ":", ";", "'", "!", "|", " ", "(", ")", "[", "]", "I": return 0.3
        case "m", "w", "M", "W", "<", ">", "=", "+", "~", "#", "%", "&", "@": return 0.85
        case "A"..."Z": return 0.65
        default: return 0.56
        }
    }

    /// Estimated width of `s` in points.
    public static func textWidth(_ s: Substring, _ font: ItemFont) -> Double {
        let boldness = font.weight >= 600 ? 1.07 : 1
        return s.unicodeScalars.reduce(0) { $0 + advance($1) } * Double(font.size) * boldness
    }

    /// The lines of `style`'s text for an item `width` points wide.
    public static func lines(of style: ItemStyle, width: Double) -> [String] {
        guard let text = style.shownText, !text.isEmpty else { return [] }
        let available = max(1, width - 2 * padding(width: width))
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if textWidth(Substring(candidate), style.font) <= available || line.isEmpty && textWidth(word, style.font) <= available {
                    line = candidate
                    continue
                }
                if !line.isEmpty { lines.append(line); line = "" }
                // A word too long for a line: broken between characters.
                var piece = ""
                for ch in word {
                    if !piece.isEmpty, textWidth(Substring(piece + String(ch)), style.font) > available { lines.append(piece); piece = "" }
                    piece.append(ch)
                }
                line = piece
                if lines.count >= maximumLines { return Array(lines.prefix(maximumLines)) }
            }
            lines.append(line)
            if lines.count >= maximumLines { return Array(lines.prefix(maximumLines)) }
        }
        return lines
    }

    /// The baseline offset of line `k` of `n` from the item's center, points (the block of
    /// lines centered; a baseline sits 0.35 × size below the middle of its line).
    public static func baseline(_ k: Int, of n: Int, _ font: ItemFont) -> Double {
        let h = lineHeight(font)
        return (Double(k) - Double(n - 1) / 2) * h + 0.35 * Double(font.size)
    }

    /// The corner radius drawn for an item of `size`: at most half its shorter side.
    public static func cornerRadius(_ style: ItemStyle, _ size: CGSize) -> Double {
        min(Double(style.cornerRadius), Double(min(size.width, size.height)) / 2)
    }
}
