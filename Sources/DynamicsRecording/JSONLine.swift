import DynamicsRender
import Foundation

/// A JSON value as a recording's reader sees it: numbers kept as their text, so that
/// `Double(text)` reads back exactly the double that was written (its shortest round-trip
/// form), and nothing is lost on the way through another type.
indirect enum JSONLineValue {
    case object([JSONMember])
    case array([JSONLineValue])
    case string(String)
    case number(Substring)
    case bool(Bool)
    case null

    /// What the value is, in words ("a string", "an object").
    var kind: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

/// A key and its value in an object, in the order written.
struct JSONMember {
    var key: String
    var value: JSONLineValue
}

/// One line of JSON, parsed by hand with bounds: at most `maximumDepth` nested arrays and
/// objects, and the elements a recording needs (so a hostile line costs its length, never
/// a deep recursion). Errors say what was expected and at which byte.
struct JSONLineParser {
    static let maximumDepth = 8
    private let bytes: [UInt8]
    private var i = 0

    struct Failure: Error {
        var message: String
    }

    /// The value of `line`, which must hold one JSON value and nothing else but spaces.
    static func parse(_ line: some Collection<UInt8>) throws(Failure) -> JSONLineValue {
        var p = JSONLineParser(bytes: Array(line))
        let v = try p.value(depth: 0)
        p.skipSpaces()
        guard p.i == p.bytes.count else { throw p.failure("unexpected text after the value") }
        return v
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func failure(_ what: String) -> Failure {
        Failure(message: "invalid JSON at byte \(i + 1): \(what)")
    }

    private mutating func skipSpaces() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0D || bytes[i] == 0x0A { i += 1 }
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONLineValue {
        skipSpaces()
        guard i < bytes.count else { throw failure("the line ends where a value was expected") }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            guard depth < JSONLineParser.maximumDepth else { throw failure("nested deeper than \(JSONLineParser.maximumDepth) levels") }
            i += 1
            var members: [JSONMember] = []
            skipSpaces()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            while true {
                skipSpaces()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
                let key = try string()
                skipSpaces()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw failure("expected ':' after a key") }
                i += 1
                members.append(JSONMember(key: key, value: try value(depth: depth + 1)))
                skipSpaces()
                guard i < bytes.count else { throw failure("the line ends inside an object") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
                throw failure("expected ',' or '}' in an object")
            }
        case UInt8(ascii: "["):
            guard depth < JSONLineParser.maximumDepth else { throw failure("nested deeper than \(JSONLineParser.maximumDepth) levels") }
            i += 1
            var elements: [JSONLineValue] = []
            skipSpaces()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(elements) }
            while true {
                elements.append(try value(depth: depth + 1))
                skipSpaces()
                guard i < bytes.count else { throw failure("the line ends inside an array") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(elements) }
                throw failure("expected ',' or ']' in an array")
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try number()
        default:
            throw failure("expected a value")
        }
    }

    private mutating func literal(_ word: String, _ v: JSONLineValue) throws(Failure) -> JSONLineValue {
        let w = Array(word.utf8)
        guard bytes.count - i >= w.count, Array(bytes[i..<i + w.count]) == w else { throw failure("expected a value") }
        i += w.count
        return v
    }

    /// A number's text as JSON's grammar allows it (no NaN, no Infinity, no leading '+').
    private mutating func number() throws(Failure) -> JSONLineValue {
        let start = i
        func digits() -> Int {
            let s = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - s
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard digits() > 0 else { throw failure("a number without digits") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw failure("a number without digits after '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw failure("a number without digits in its exponent") }
        }
        guard i - start <= 64 else { throw failure("a number of more than 64 characters") }
        return .number(Substring(String(decoding: bytes[start..<i], as: UTF8.self)))
    }

    private mutating func string() throws(Failure) -> String {
        i += 1 // the opening quote
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw failure("the line ends inside a string") }
            let c = bytes[i]
            if c == UInt8(ascii: "\"") { i += 1; break }
            guard c >= 0x20 else { throw failure("a control character inside a string") }
            if c != UInt8(ascii: "\\") { out.append(c); i += 1; continue }
            i += 1
            guard i < bytes.count else { throw failure("the line ends inside a string") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800...0xDBFF).contains(code), bytes.count - i >= 6, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                    i += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw failure("an unpaired surrogate in a string") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            default:
                throw failure("an unknown escape in a string")
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard bytes.count - i >= 4 else { throw failure("a \\u escape without four hex digits") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw failure("a \\u escape without four hex digits")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }
}

/// JSON text written piece by piece for a recording's lines: strings escaped, doubles in
/// Swift's shortest round-trip form (which `Double(text)` reads back bit for bit).
struct JSONLineText {
    private(set) var text = ""

    mutating func raw(_ s: String) { text += s }

    /// A finite double (the writer's callers have checked it).
    mutating func number(_ d: Double) { text += d.isFinite ? "\(d)" : "null" }

    /// A string, escaped as the JSON traces escape them.
    mutating func string(_ s: String) { text += Format.jsonString(s) }
}
