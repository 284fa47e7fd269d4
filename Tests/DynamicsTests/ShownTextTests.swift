import Dynamics
import Foundation
import Testing

@Suite("ShownText: the one sanitiser of text from outside")
struct ShownTextTests {
    @Test("bidiAndC1PassedEverywhere: C0, DEL, C1 and bidirectional controls become ?, one for one")
    func bidiAndC1PassedEverywhere() {
        let controls: [Unicode.Scalar] = [0x00, 0x07, 0x1B, 0x1F, 0x7F, 0x80, 0x85, 0x9B, 0x9D, 0x9F, 0x61C, 0x200E, 0x200F,
                                          0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069].map { Unicode.Scalar($0)! }
        for u in controls {
            #expect(ShownText.isControl(u), "U+\(String(u.value, radix: 16))")
            #expect(ShownText.line("a\(u)b") == "a?b", "U+\(String(u.value, radix: 16))")
            #expect(ShownText.lines("a\(u)b") == "a?b", "U+\(String(u.value, radix: 16))")
        }
        for u in ["a", " ", "~", "é", "\u{A0}", "\u{200D}", "\u{2028}", "日", "😀"].flatMap(\.unicodeScalars) {
            #expect(!ShownText.isControl(u), "U+\(String(u.value, radix: 16))")
        }
        #expect(ShownText.line("a\nb\rc\td\u{1B}[2J") == "a\\nb\\rc\\td?[2J")
        #expect(ShownText.lines("a\nb\rc\td\u{1B}[2J") == "a\nb?c\td?[2J")
        let long = String(repeating: "\u{1}", count: 4096)
        #expect(ShownText.line(long).utf8.count == 4096)
        #expect(ShownText.line("plain") == "plain")
    }

    @Test("An item's name in a model error is shown by the same rule")
    func itemNameInErrors() {
        let item = DynamicView(center: .zero, size: CGSize(width: 10, height: 10))
        item.name = "a\u{9B}b\u{202E}\"c"
        #expect(Validate.owner(of: item) == "item \"a?b?\\\"c\"")
    }
}
