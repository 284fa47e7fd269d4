import Dynamics
import DynamicsLua
import Foundation

/// How a command is read from JSON: `POST /<kind>` names the kind in its route (its body
/// has no `"type"`), a WebSocket message in its `"type"` key (`ViewerMessage`). Every key is
/// checked by hand so that each error names the message and the field, as in Lua's
/// `animator:pointer{}`: `pointer.x: expected a number, got a boolean`.
extension Command {
    /// Any key of a JSON object (the keys a message takes are checked against `keys`).
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The `userInfo` entry through which a route tells the decoder the kind of its body.
    static let kindKey = CodingUserInfoKey(rawValue: "dynamics.command.kind")!

    /// The keys each message takes (besides a WebSocket message's "type"): others are an
    /// error, as in Lua's `animator:pointer{}` (`"extra": 1` was taken).
    static let keys: [String: [String]] = ["pointer": ["phase", "x", "y"], "param": ["name", "value"],
                                           "control": ["action"], "speed": ["value"], "record": ["action"],
                                           "edit": ["item", "property", "value"], "timeline": ["action", "frame"]]

    /// The largest body a command is read from, in bytes.
    static let largestBody = 64 * 1024

    /// Parses a JSON object's body for `kind` ("pointer", "param", "control", "speed" or
    /// "record"), with a clear message for anything wrong.
    public static func parse(_ kind: String, body: Data) throws(CommandError) -> Command {
        guard body.count <= largestBody else { throw CommandError("request body too large (at most 64 KB)") }
        let decoder = JSONDecoder()
        decoder.userInfo[kindKey] = kind
        do {
            return try decoder.decode(Command.self, from: body)
        } catch let error as CommandError {
            throw error
        } catch {
            throw CommandError("invalid JSON: expected an object such as \(example(kind))")
        }
    }

    /// A body whose route names its kind (`userInfo[kindKey]`), where a `"type"` key is one
    /// too many, or a WebSocket message, whose `"type"` names its kind.
    public init(from decoder: any Decoder) throws {
        if let kind = decoder.userInfo[Command.kindKey] as? String {
            self = try Command(from: Command.object(decoder, else: "expected a JSON object"), kind: kind, typed: false)
            return
        }
        let o = try Command.object(decoder, else: Command.untyped)
        guard let type = try? o.decode(String.self, forKey: Key("type")) else { throw CommandError(Command.untyped) }
        self = try Command(from: o, kind: type, typed: true)
    }

    /// The error for a WebSocket message that is not an object with a string `"type"`.
    static let untyped = "expected a JSON object with a \"type\""

    /// The keyed container of a JSON object, or `message` when the value is something else.
    static func object(_ decoder: any Decoder, else message: String) throws(CommandError) -> KeyedDecodingContainer<Key> {
        do { return try decoder.container(keyedBy: Key.self) } catch { throw CommandError(message) }
    }

    /// The command `kind` from the object `o`; `typed`: `o` is a WebSocket message, whose
    /// `"type"` key is its name.
    init(from o: KeyedDecodingContainer<Key>, kind: String, typed: Bool) throws(CommandError) {
        if let allowed = Command.keys[kind],
           let extra = o.allKeys.map(\.stringValue).sorted().first(where: { !allowed.contains($0) && !(typed && $0 == "type") }) {
            let shown = extra.count > 40 ? "\(extra.prefix(40))…" : extra
            throw CommandError("\(kind): unknown key \"\(shown)\" (keys: \(allowed.joined(separator: ", ")))")
        }
        switch kind {
        case "pointer":
            let phase = try Command.string(o, "phase", kind, PointerPhase.allCases.map(\.rawValue))
            // Scene coordinates: within the model's ±Limits.coordinate.
            self = .pointer(PointerPhase(rawValue: phase)!, x: try Command.number(o, "x", kind, max: Double(Limits.coordinate)),
                            y: try Command.number(o, "y", kind, max: Double(Limits.coordinate)))
        case "param":
            let name = try Command.string(o, "name", kind, [])
            self = .param(name: name, value: try Command.number(o, "value", kind, max: LuaSceneParam.largest)) // a slider's range reaches ±1e15
        case "control":
            let action = try Command.string(o, "action", kind, Control.allCases.map(\.rawValue))
            self = .control(Control(rawValue: action)!)
        case "speed":
            let v = try Command.number(o, "value", kind)
            guard Command.speeds.contains(v) else { throw CommandError("speed.value: must be between 0.25 and 2, got \(v)") }
            self = .speed(v)
        case "record":
            let action = try Command.string(o, "action", kind, RecordAction.allCases.map(\.rawValue))
            self = .record(RecordAction(rawValue: action)!)
        case "edit":
            self = try Command.edit(o)
        case "timeline":
            self = .timeline(try Command.timelineAction(o))
        default:
            throw CommandError("unknown message type \"\(kind)\" (pointer, param, control, speed, record, edit, timeline)")
        }
    }

    static func example(_ kind: String) -> String {
        switch kind {
        case "pointer": return #"{"phase": "began", "x": 100, "y": 200}"#
        case "param": return #"{"name": "gravity", "value": 1.5}"#
        case "control": return #"{"action": "pause"}"#
        case "speed": return #"{"value": 0.5}"#
        case "edit": return #"{"item": "box", "property": "center", "value": [100, 200]}"#
        case "timeline": return #"{"action": "seek", "frame": 120}"#
        default: return #"{"action": "start"}"#
        }
    }

    /// The number at `key`, finite and within ±`max`. JSON has no NaN or infinity; a literal
    /// beyond Double's range (1e400) is refused like any number past `max`.
    static func number(_ o: KeyedDecodingContainer<Key>, _ key: String, _ kind: String, max: Double = 1e9) throws(CommandError) -> Double {
        let v: Double
        do {
            v = try o.decode(Double.self, forKey: Key(key))
        } catch DecodingError.typeMismatch, DecodingError.valueNotFound, DecodingError.keyNotFound {
            if (try? o.decode(Bool.self, forKey: Key(key))) != nil {
                throw CommandError("\(kind).\(key): expected a number, got a boolean")
            }
            throw CommandError("\(kind).\(key): expected a number, e.g. \(example(kind))")
        } catch {
            // The document's syntax was checked before this init ran: what is left is a
            // number the decoder cannot represent.
            throw CommandError("\(kind).\(key): must be a finite number within ±\(max), got a number beyond Double's range")
        }
        guard v.isFinite, abs(v) <= max else { throw CommandError("\(kind).\(key): must be a finite number within ±\(max), got \(v)") }
        return v
    }

    /// The string at `key`, one of `allowed` unless that is empty.
    static func string(_ o: KeyedDecodingContainer<Key>, _ key: String, _ kind: String, _ allowed: [String]) throws(CommandError) -> String {
        let choices = allowed.map { "\"\($0)\"" }.joined(separator: ", ")
        guard let s = try? o.decode(String.self, forKey: Key(key)) else {
            throw CommandError(allowed.isEmpty ? "\(kind).\(key): expected a string (a parameter's name)"
                               : "\(kind).\(key): expected one of \(choices)")
        }
        guard allowed.isEmpty || allowed.contains(s) else {
            throw CommandError("\(kind).\(key): expected one of \(choices), got \"\(s)\"")
        }
        return s
    }
}

/// A message from the viewer's page over the WebSocket: `{"type": "scene"}` asks for the
/// scene again; any other type is a command, with the keys of its `POST` route.
enum ViewerMessage: Decodable {
    case scene
    case command(Command)

    init(from decoder: any Decoder) throws {
        let o = try Command.object(decoder, else: Command.untyped)
        let scene = (try? o.decode(String.self, forKey: Command.Key("type"))) == "scene"
        self = scene ? .scene : .command(try Command(from: decoder))
    }

    /// The message in `text`, or the error to answer with.
    static func parse(_ text: String) throws(CommandError) -> ViewerMessage {
        do {
            return try JSONDecoder().decode(ViewerMessage.self, from: Data(text.utf8))
        } catch let error as CommandError {
            throw error
        } catch {
            throw CommandError(Command.untyped)
        }
    }
}
