import Foundation

extension Golden {
    /// Why a golden's text was refused, with the line it is on (1-based; nil for the file
    /// as a whole).
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public var line: Int?
        public var message: String
        public var description: String { line.map { "line \($0): \(message)" } ?? message }
    }

    /// The text of the golden file: the header, then one line per kept frame.
    public func json() -> String {
        let places = Golden.decimals(for: tolerance)
        var out = "{\n"
        out += "  \"format\": \"\(Golden.format)\",\n"
        out += "  \"version\": \(Golden.version),\n"
        out += "  \"tolerance\": \(Format.short(tolerance, 8)),\n"
        out += "  \"stride\": \(stride),\n"
        out += "  \"items\": [\(items.map(Golden.quoted).joined(separator: ", "))],\n"
        out += "  \"columns\": \"t (s), then x, y (points) and angle (radians) of each item\",\n"
        out += "  \"frames\": [\n"
        let width = items.count * 3
        for (f, t) in times.enumerated() {
            var row = [Format.short(t, 6)]
            for k in 0..<width {
                let v = values[f * width + k]
                row.append(v.isNaN ? "null" : Format.short(v, k % 3 == 2 ? places + 3 : places))
            }
            out += "    [\(row.joined(separator: ", "))]\(f + 1 < times.count ? "," : "")\n"
        }
        out += "  ]\n}\n"
        return out
    }

    /// A JSON string literal (for names in messages too).
    public static func quoted(_ s: String) -> String { Format.jsonString(s) }

    /// Reads a golden's text: JSON in the layout `json()` writes (any white space), checked
    /// for everything a golden must be. A problem names the line it is on.
    public static func parse(_ text: String) throws(Problem) -> Golden {
        var reader = GoldenReader(Array(text.utf8))
        return try reader.golden()
    }
}

/// A strict reader of golden JSON: the top object's keys are the golden's own, each of its
/// type; `frames` is a list of lists of numbers (or null), read straight into numbers. Nesting
/// deeper than a golden has is refused, so no input recurses far.
struct GoldenReader {
    let bytes: [UInt8]
    var at = 0
    var line = 1

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// A problem on the line being read (or on `line`).
    func problem(_ message: String, line: Int? = nil) -> Golden.Problem {
        Golden.Problem(line: line ?? self.line, message: message)
    }

    /// A problem of the golden as a whole (a missing or wrong header value).
    func whole(_ message: String) -> Golden.Problem { Golden.Problem(line: nil, message: message) }

    mutating func space() {
        while at < bytes.count {
            switch bytes[at] {
            case UInt8(ascii: "\n"): line += 1; at += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): at += 1
            default: return
            }
        }
    }

    /// The next byte after white space (nil at the end).
    mutating func peek() -> UInt8? {
        space()
        return at < bytes.count ? bytes[at] : nil
    }

    mutating func expect(_ c: Character) throws(Golden.Problem) {
        guard let b = peek() else { throw problem("the file ends early, where '\(c)' was expected (is it cut short?)") }
        guard b == c.asciiValue! else { throw problem("expected '\(c)', found \(shown(b))") }
        at += 1
    }

    func shown(_ b: UInt8) -> String {
        b >= 0x20 && b < 0x7F ? "'\(Character(UnicodeScalar(b)))'" : String(format: "byte 0x%02x", b)
    }

    mutating func string() throws(Golden.Problem) -> String {
        try expect("\"")
        var out: [UInt8] = []
        while at < bytes.count {
            let b = bytes[at]
            at += 1
            switch b {
            case UInt8(ascii: "\""):
                guard let s = String(validating: out, as: UTF8.self) else { throw problem("a string is not valid UTF-8") }
                return s
            case UInt8(ascii: "\\"):
                guard at < bytes.count else { break }
                let e = bytes[at]
                at += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    guard at + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[at..<at + 4], as: UTF8.self), radix: 16) else {
                        throw problem("a \\u escape needs four hexadecimal digits")
                    }
                    at += 4
                    // A lone surrogate half (a name never needs one) reads as U+FFFD.
                    out += Array(String(UnicodeScalar(v).map(Character.init) ?? "\u{FFFD}").utf8)
                default: throw problem("unknown escape \\\(Character(UnicodeScalar(e)))")
                }
            case 0x00..<0x20:
                throw problem(b == 0x0A ? "a string runs past the end of its line" : "a control character inside a string")
            default: out.append(b)
            }
        }
        throw problem("the file ends inside a string (is it cut short?)")
    }

    /// A JSON number, or nil for `null`.
    mutating func number() throws(Golden.Problem) -> Double? {
        guard let first = peek() else { throw problem("the file ends early, where a number was expected (is it cut short?)") }
        if first == UInt8(ascii: "n") {
            guard bytes[at...].starts(with: Array("null".utf8)) else { throw problem("expected a number or null, found \(shown(first))") }
            at += 4
            return nil
        }
        let start = at
        func digits() -> Int {
            let s = at
            while at < bytes.count, bytes[at] >= UInt8(ascii: "0"), bytes[at] <= UInt8(ascii: "9") { at += 1 }
            return at - s
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: "-") { at += 1 }
        guard digits() > 0 else { throw problem("expected a number, found \(at < bytes.count ? shown(bytes[at]) : "the end of the file")") }
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            at += 1
            guard digits() > 0 else { throw problem("a number has no digits after its decimal point") }
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
            at += 1
            if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard digits() > 0 else { throw problem("a number's exponent has no digits") }
        }
        guard at - start <= 64, let v = Double(String(decoding: bytes[start..<at], as: UTF8.self)), v.isFinite else {
            throw problem("the number \(String(decoding: bytes[start..<min(at, start + 40)], as: UTF8.self)) is out of range")
        }
        return v
    }

    /// A list of strings.
    mutating func strings() throws(Golden.Problem) -> [String] {
        try expect("[")
        var out: [String] = []
        if peek() == UInt8(ascii: "]") { at += 1; return out }
        while true {
            out.append(try string())
            guard let b = peek() else { throw problem("the file ends inside a list (is it cut short?)") }
            at += 1
            if b == UInt8(ascii: "]") { return out }
            guard b == UInt8(ascii: ",") else { throw problem("expected ',' or ']' in a list, found \(shown(b))") }
        }
    }

    /// `frames`: a list of lists of numbers, each row's numbers appended to `values`;
    /// returns the line of each row.
    mutating func frames(into values: inout [Double], times: inout [Double]) throws(Golden.Problem) -> [(line: Int, count: Int)] {
        try expect("[")
        var rows: [(line: Int, count: Int)] = []
        if peek() == UInt8(ascii: "]") { at += 1; return rows }
        while true {
            try expect("[")
            let rowLine = line
            guard let t = try number() else { throw problem("a frame's time is null") }
            times.append(t)
            var count = 1
            while true {
                guard let b = peek() else { throw problem("the file ends inside a frame (is it cut short?)") }
                at += 1
                if b == UInt8(ascii: "]") { break }
                guard b == UInt8(ascii: ",") else { throw problem("expected ',' or ']' in a frame, found \(shown(b))") }
                values.append(try number() ?? .nan)
                count += 1
            }
            rows.append((rowLine, count))
            guard let b = peek() else { throw problem("the file ends inside the frames (is it cut short?)") }
            at += 1
            if b == UInt8(ascii: "]") { return rows }
            guard b == UInt8(ascii: ",") else { throw problem("expected ',' or ']' between frames, found \(shown(b))") }
        }
    }

    mutating func golden() throws(Golden.Problem) -> Golden {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { at = 3 }
        try expect("{")
        var format: String?, version: Double?, tolerance: Double?, stride: Double?, items: [String]?, columns = false
        var times: [Double] = [], values: [Double] = []
        var rows: [(line: Int, count: Int)]?
        var framesLine = 0
        let keys = ["format", "version", "tolerance", "stride", "items", "columns", "frames"]
        var seen = Set<String>()
        if peek() != UInt8(ascii: "}") {
            while true {
                _ = peek()
                let keyLine = line
                let key = try string()
                guard keys.contains(key) else { throw problem("unknown key \(Golden.quoted(key)) (a golden has \(keys.joined(separator: ", ")))", line: keyLine) }
                guard seen.insert(key).inserted else { throw problem("the key \(Golden.quoted(key)) appears twice", line: keyLine) }
                try expect(":")
                func value(_ v: Double?) throws(Golden.Problem) -> Double {
                    guard let v else { throw problem("\(key) must be a number, got null", line: keyLine) }
                    return v
                }
                switch key {
                case "format": format = try string()
                case "version": version = try value(try number())
                case "tolerance": tolerance = try value(try number())
                case "stride": stride = try value(try number())
                case "items": items = try strings()
                case "columns": _ = try string(); columns = true
                default: framesLine = line; rows = try frames(into: &values, times: &times)
                }
                guard let b = peek() else { throw problem("the file ends before the golden's closing '}' (is it cut short?)") }
                at += 1
                if b == UInt8(ascii: "}") { break }
                guard b == UInt8(ascii: ",") else { throw problem("expected ',' or '}' after \(Golden.quoted(key)), found \(shown(b))") }
            }
        } else {
            at += 1
        }
        if let b = peek() { throw problem("text after the golden's closing '}': \(shown(b))") }
        _ = columns
        guard format == Golden.format else {
            throw whole(format.map { "not a golden: its format is \(Golden.quoted($0)), expected \"\(Golden.format)\"" } ?? "not a golden: it has no \"format\": \"\(Golden.format)\"")
        }
        guard let version else { throw whole("the golden has no \"version\"") }
        guard version == Double(Golden.version) else {
            throw whole("the golden is version \(Format.short(version, 6)); this dynamics reads version \(Golden.version)")
        }
        guard let tolerance, tolerance >= Golden.minimumTolerance else {
            throw whole("\"tolerance\" must be a number ≥ \(Format.short(Golden.minimumTolerance, 8))\(tolerance.map { ", got \(Format.short($0, 8))" } ?? ", and is missing")")
        }
        guard let stride, stride >= 1, stride == stride.rounded(), stride <= 1e9 else {
            throw whole("\"stride\" must be a whole number ≥ 1\(stride.map { ", got \(Format.short($0, 8))" } ?? ", and is missing")")
        }
        guard let items else { throw whole("the golden has no \"items\"") }
        if let duplicate = Dictionary(grouping: items, by: { $0 }).first(where: { $0.value.count > 1 })?.key {
            throw whole("the item \(Golden.quoted(duplicate)) is listed twice")
        }
        guard let rows else { throw whole("the golden has no \"frames\"") }
        guard !rows.isEmpty else { throw problem("the golden has no frames", line: framesLine) }
        let width = 1 + 3 * items.count
        for (f, row) in rows.enumerated() {
            guard row.count == width else {
                throw problem("frame \(f + 1) has \(row.count) numbers; \(items.count) item\(items.count == 1 ? "" : "s") take \(width) (t, then x, y, angle of each)", line: row.line)
            }
            if f > 0, !(times[f] > times[f - 1]) {
                throw problem("frame \(f + 1)'s time \(Format.short(times[f], 6)) s does not come after the previous frame's \(Format.short(times[f - 1], 6)) s", line: row.line)
            }
            let base = f * (width - 1)
            for j in items.indices {
                let group = values[(base + 3 * j)..<(base + 3 * j + 3)]
                if group.contains(where: \.isNaN) && !group.allSatisfy(\.isNaN) {
                    throw problem("frame \(f + 1): \(Golden.quoted(items[j])) has null for some of x, y, angle but not all", line: row.line)
                }
            }
        }
        return Golden(tolerance: tolerance, stride: Int(stride), items: items, times: times, values: values)
    }
}
