import Foundation

/// Any JSON value, decoded through `Codable`: for tests that check a document's exact shape
/// (which keys it has, null against absent) where decoding into a type would hide it.
/// Numbers are Doubles (`int` reads an integral one as an Int).
public enum JSONValue: Decodable, Equatable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: JSONValue].self))
        }
    }

    /// The JSON document in `data`.
    public init(parsing data: Data) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// The JSON document in `text`.
    public init(parsing text: String) throws {
        try self.init(parsing: Data(text.utf8))
    }

    /// The JSON document in the file at `path`.
    public init(contentsOfFile path: String) throws {
        try self.init(parsing: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// An object's member; nil for a missing key or a value that is not an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { o[key] } else { nil }
    }

    /// An array's element; nil out of range or for a value that is not an array.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let a) = self, a.indices.contains(index) { a[index] } else { nil }
    }

    public var isNull: Bool { self == .null }
    public var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var double: Double? { if case .number(let n) = self { n } else { nil } }
    /// A number that is a whole number (within Int's range), as an Int.
    public var int: Int? {
        guard case .number(let n) = self, n == n.rounded(), abs(n) < 9e18 else { return nil }
        return Int(n)
    }
    public var string: String? { if case .string(let s) = self { s } else { nil } }
    public var array: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    public var object: [String: JSONValue]? { if case .object(let o) = self { o } else { nil } }
    /// An object's keys.
    public var keys: Set<String>? { object.map { Set($0.keys) } }
    /// An array of strings, or nil if it is not one.
    public var strings: [String]? {
        array.flatMap { a in
            let s = a.compactMap(\.string)
            return s.count == a.count ? s : nil
        }
    }

    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let b): "\(b)"
        case .number(let n): "\(n)"
        case .string(let s): "\"\(s)\""
        case .array(let a): "[" + a.map(\.description).joined(separator: ", ") + "]"
        case .object(let o): "{" + o.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
        }
    }
}
