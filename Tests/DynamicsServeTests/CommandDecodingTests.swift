@testable import DynamicsServe
import Foundation
import Testing

@Suite("dynamics serve: commands decoded from JSON")
struct CommandDecodingTests {
    /// The error `parse` throws for `body` (nil: none).
    func error(_ kind: String, _ body: String) -> String? {
        do { _ = try Command.parse(kind, body: Data(body.utf8)); return nil } catch { return error.message }
    }

    func viewerError(_ text: String) -> String? {
        do { _ = try ViewerMessage.parse(text); return nil } catch { return error.message }
    }

    @Test("each wrong field is named with what it takes")
    func fieldErrors() {
        #expect(error("pointer", #"{"phase":"began","y":2}"#) == #"pointer.x: expected a number, e.g. {"phase": "began", "x": 100, "y": 200}"#)
        #expect(error("pointer", #"{"phase":"began","x":null,"y":2}"#) == #"pointer.x: expected a number, e.g. {"phase": "began", "x": 100, "y": 200}"#)
        #expect(error("pointer", #"{"phase":"began","x":1,"y":false}"#) == "pointer.y: expected a number, got a boolean")
        #expect(error("pointer", #"{"phase":3,"x":1,"y":2}"#) == #"pointer.phase: expected one of "began", "moved", "ended", "cancelled""#)
        #expect(error("param", #"{"name":"g","value":1e400}"#) == "param.value: must be a finite number within ±1000000000000000.0, got a number beyond Double's range")
        #expect(error("param", #"{"name":"g","value":-2e15}"#) == "param.value: must be a finite number within ±1000000000000000.0, got -2000000000000000.0")
        #expect(error("param", #"{"name":7,"value":1}"#) == "param.name: expected a string (a parameter's name)")
        #expect(error("speed", #"{"value":"NaN"}"#) == #"speed.value: expected a number, e.g. {"value": 0.5}"#)
        #expect(error("record", #"{"action":"save"}"#) == nil)
        #expect(error("explode", #"{}"#) == #"unknown message type "explode" (pointer, param, control, speed, record, edit, timeline)"#)
        #expect(error("control", "12") == "expected a JSON object")
        #expect(error("control", #"{"action":"pause""#) == #"invalid JSON: expected an object such as {"action": "pause"}"#)
    }

    @Test("a WebSocket message names its kind in \"type\", which its keys may hold")
    func viewerMessages() throws {
        guard case .command(let c) = try ViewerMessage.parse(#"{"type":"pointer","phase":"moved","x":-3,"y":4.5}"#) else {
            Issue.record("not a command"); return
        }
        #expect(c == .pointer(.moved, x: -3, y: 4.5))
        guard case .scene = try ViewerMessage.parse(#"{"type":"scene"}"#) else { Issue.record("not the scene"); return }
        #expect(viewerError("[1]") == #"expected a JSON object with a "type""#)
        #expect(viewerError(#"{"type":1}"#) == #"expected a JSON object with a "type""#)
        #expect(viewerError("{") == #"expected a JSON object with a "type""#)
        #expect(viewerError(#"{"type":"speed","value":3}"#) == "speed.value: must be between 0.25 and 2, got 3.0")
        #expect(viewerError(#"{"type":"control","action":"pause","extra":1}"#) == #"control: unknown key "extra" (keys: action)"#)
    }
}
