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
public enum Command: Equatable, Sendable, Decodable {
    public enum Control: String, Sendable, CaseIterable {
        case pause, resume, step, restart
        /// Start recording (as `record` `start`) / write the recording as NAME.dynrec.
        case record, stopRecording
    }
    /// The timeline (`POST /timeline`): go to a frame of the run, one frame back or forward.
    public enum TimelineAction: Equatable, Sendable {
        case seek(Int)
        case back, forward
    }
    public enum RecordAction: String, Sendable, CaseIterable {
        case start, stop, save
    }
    case pointer(PointerPhase, x: Double, y: Double)
    case param(name: String, value: Double)
    case control(Control)
    case speed(Double)
    case record(RecordAction)
    /// Sets a number of an item live (the inspector): `property` is "center" or "velocity"
    /// (`value` [x, y]), "angle" or "angularVelocity" (one number), or
    /// "behaviors.INDEX.NAME", a behavior's parameter as `GET /item/NAME` lists it.
    case edit(item: String, property: String, value: [Double])
    case timeline(TimelineAction)

    /// The speeds the viewer allows.
    public static let speeds: ClosedRange<Double> = 0.25...2
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
    /// The timeline's last frame (a timeline command's reply; `steps` is the frame shown).
    public var end: Int?
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
