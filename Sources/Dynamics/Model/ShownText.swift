/// Text that came from outside (an item's name, a file name, an error a script raised) as a
/// terminal line, a report or an error message shows it: the one rule for every output.
///
/// Characters that steer a terminal or reorder what a reader sees are replaced with "?", one
/// character for one (a text of 4 KiB of them stays 4 KiB, not six times that):
/// - C0 controls (U+0000–U+001F) and DEL (U+007F): `ESC [ 2 J` clears a terminal;
/// - C1 controls (U+0080–U+009F): U+009B is a one-character CSI, U+009D an OSC, U+0085 a line
///   break to some terminals;
/// - bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069): U+202E
///   shows the rest of a line backwards, so "report_ok.txt" can read as another name.
///
/// On one line (`line`), newline, return and tab are written `\n`, `\r` and `\t` instead, so
/// one text cannot forge further lines of a listing. In a block of lines (`lines`), newline
/// and tab are kept, for messages with a traceback.
public enum ShownText {
    /// Whether `u` is a control or bidirectional formatting character (see the type).
    @inline(__always)
    public static func isControl(_ u: Unicode.Scalar) -> Bool {
        let v = u.value
        if v < 0x20 || (v >= 0x7F && v <= 0x9F) { return true }
        guard v >= 0x61C else { return false }
        return v == 0x61C || v == 0x200E || v == 0x200F || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }

    /// `s` as one line: newline, return and tab as `\n`, `\r`, `\t`; every other control or
    /// bidirectional character as "?".
    public static func line(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: isControl) else { return s }
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars {
            switch u {
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            case "\t": out.append(contentsOf: "\\t".unicodeScalars)
            default: out.append(isControl(u) ? "?" : u)
            }
        }
        return String(out)
    }

    /// `s` as a block of lines: newline and tab kept, every other control or bidirectional
    /// character (a return included) as "?".
    public static func lines(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" && $0 != "\t" }) else { return s }
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars {
            out.append(u == "\n" || u == "\t" || !isControl(u) ? u : "?")
        }
        return String(out)
    }
}
