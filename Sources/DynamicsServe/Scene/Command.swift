import Dynamics
import DynamicsLua
import Foundation

/// A bad request: answered with 400 and `{"error": message}`.
public struct CommandError: Error, Equatable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// What a tool or the page asks the session to do (docs/cli.md, `dynamics serve`): `POST /pointer`, `/param`,
/// `/control`, and the same JSON over the WebSocket with a `"type"`.
public enum Command: Equatable, Sendable {
    public enum Control: String, Sendable, CaseIterable {
        case pause, resume, step, restart
    }
    public enum RecordAction: String, Sendable, CaseIterable {
        case start, stop, save
    }
    case pointer(PointerPhase, x: Double, y: Double)
    case param(name: String, value: Double)
    case control(Control)
    case speed(Double)
    case record(RecordAction)

    /// The speeds the viewer allows.
    public static let speeds: ClosedRange<Double> = 0.25...2

    /// Parses a JSON object's body for `kind` ("pointer", "param", "control", "speed" or
    /// "record"), with a clear message for anything wrong.
    public static func parse(_ kind: String, body: Data) throws(CommandError) -> Command {
        guard body.count <= 64 * 1024 else { throw CommandError("request body too large (at most 64 KB)") }
        let object: [String: Any]
        do {
            guard let o = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
                throw CommandError("expected a JSON object")
            }
            object = o
        } catch let e as CommandError { throw e } catch {
            throw CommandError("invalid JSON: expected an object such as \(example(kind))")
        }
        // Over HTTP the route names the message: a "type" key is one too many (it is the
        // WebSocket message's name only).
        if object["type"] != nil {
            throw CommandError("\(kind): unknown key \"type\" (keys: \((keys[kind] ?? []).joined(separator: ", ")))")
        }
        return try parse(kind, object)
    }

    static func example(_ kind: String) -> String {
        switch kind {
        case "pointer": return #"{"phase": "began", "x": 100, "y": 200}"#
        case "param": return #"{"name": "gravity", "value": 1.5}"#
        case "control": return #"{"action": "pause"}"#
        case "speed": return #"{"value": 0.5}"#
        default: return #"{"action": "start"}"#
        }
    }

    static func number(_ o: [String: Any], _ key: String, _ kind: String, max: Double = 1e9) throws(CommandError) -> Double {
        let value = o[key]
        let v: Double
        if let value, type(of: value) == Bool.self || String(describing: type(of: value)).contains("Boolean") {
            throw CommandError("\(kind).\(key): expected a number, got a boolean")
        } else if let d = value as? Double { v = d
        } else if let i = value as? Int { v = Double(i)
        } else if let n = value as? NSNumber { v = n.doubleValue
        } else {
            throw CommandError("\(kind).\(key): expected a number, e.g. \(example(kind))")
        }
        guard v.isFinite, abs(v) <= max else { throw CommandError("\(kind).\(key): must be a finite number within ±\(max), got \(v)") }
        return v
    }

    static func string(_ o: [String: Any], _ key: String, _ kind: String, _ allowed: [String]) throws(CommandError) -> String {
        guard let s = o[key] as? String else {
            throw CommandError(allowed.isEmpty ? "\(kind).\(key): expected a string (a parameter's name)"
                               : "\(kind).\(key): expected one of \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        guard allowed.isEmpty || allowed.contains(s) else {
            throw CommandError("\(kind).\(key): expected one of \(allowed.map { "\"\($0)\"" }.joined(separator: ", ")), got \"\(s)\"")
        }
        return s
    }

    /// The keys each message takes (besides a WebSocket message's "type"): others are an
    /// error, as in Lua's `animator:pointer{}` (`"extra": 1` was taken).
    static let keys: [String: [String]] = ["pointer": ["phase", "x", "y"], "param": ["name", "value"],
                                           "control": ["action"], "speed": ["value"], "record": ["action"]]

    public static func parse(_ kind: String, _ o: [String: Any]) throws(CommandError) -> Command {
        if let allowed = keys[kind], let extra = o.keys.sorted().first(where: { $0 != "type" && !allowed.contains($0) }) {
            let shown = extra.count > 40 ? "\(extra.prefix(40))…" : extra
            throw CommandError("\(kind): unknown key \"\(shown)\" (keys: \(allowed.joined(separator: ", ")))")
        }
        switch kind {
        case "pointer":
            let phase = try string(o, "phase", kind, PointerPhase.allCases.map(\.rawValue))
            // Scene coordinates: within the model's ±Limits.coordinate.
            return .pointer(PointerPhase(rawValue: phase)!, x: try number(o, "x", kind, max: Double(Limits.coordinate)),
                            y: try number(o, "y", kind, max: Double(Limits.coordinate)))
        case "param":
            let name = try string(o, "name", kind, [])
            return .param(name: name, value: try number(o, "value", kind, max: LuaSceneParam.largest)) // a slider's range reaches ±1e15
        case "control":
            let action = try string(o, "action", kind, Control.allCases.map(\.rawValue))
            return .control(Control(rawValue: action)!)
        case "speed":
            let v = try number(o, "value", kind)
            guard speeds.contains(v) else { throw CommandError("speed.value: must be between 0.25 and 2, got \(v)") }
            return .speed(v)
        case "record":
            let action = try string(o, "action", kind, RecordAction.allCases.map(\.rawValue))
            return .record(RecordAction(rawValue: action)!)
        default:
            throw CommandError("unknown message type \"\(kind)\" (pointer, param, control, speed, record)")
        }
    }
}

/// The answer to a command: `{"ok": true}` and what the command tells (docs/cli.md,
/// `dynamics serve`): a pointer event whether a script handled it, a slider its name and
/// value, a saved recording its file, steps and events.
public struct CommandReply: Codable, Sendable, Equatable {
    public var ok = true
    public var handled: Bool?
    public var name: String?
    public var value: Double?
    public var file: String?
    public var steps: Int?
    public var events: Int?
    /// Over the WebSocket, the reply to a "record" message: `"reply"`, and `for` the
    /// message's type.
    public var type: String?
    public var `for`: String?

    public init(handled: Bool? = nil, name: String? = nil, value: Double? = nil, file: String? = nil, steps: Int? = nil,
                events: Int? = nil) {
        self.handled = handled
        self.name = name
        self.value = value
        self.file = file
        self.steps = steps
        self.events = events
    }
}
