import CLua
import Dynamics
@testable import DynamicsLua
import DynamicsLuaTesting
@testable import DynamicsServe
import DynamicsTestSupport
import Foundation
import NIOCore
import Synchronization
import Testing

/// A fresh folder with `name` holding `contents`; returns the file's path.
func sceneFile(_ name: String, _ contents: String) throws -> String {
    let dir = testScratch.appendingPathComponent("dynamics-serve-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let url = dir.appendingPathComponent(name)
    try contents.write(to: url, atomically: true, encoding: .utf8)
    return url.path
}

/// A box on a floor and a ball, with a slider and an onPointer that counts events.
let boxScene = """
local dyn = require "dynamics"
local animator = dyn.animator{ bounds = {0, 0, 400, 400} }
local box = dyn.item{ name = "box", center = {100, 300}, size = {40, 40} }
local ball = dyn.item{ name = "ball", center = {300, 100}, size = {30, 30}, shape = "ellipse" }
local gravity = dyn.gravity{ items = {box, ball} }
animator:addBehavior(gravity)
animator:addBehavior(dyn.collision{ items = {box, ball}, boundsAsBoundary = true })
seen = {}
animator.onPointer = function(e)
  seen[#seen + 1] = e.phase .. ":" .. (e.item and e.item.name or "-")
  return e.item == nil   -- taps on the background are handled; items get the default drag
end
return { animator = animator, params = {
  gravity = { value = 1, min = 0, max = 3, step = 0.1, apply = function(v) gravity.magnitude = v end },
} }
"""

@Suite("dynamics serve: the session, pointer events, parameters, recorded tests")
struct SessionTests {
    @Test("commands parse, and bad ones are clear errors")
    func commands() async throws {
        #expect(try Command.parse("pointer", body: Data(#"{"phase":"began","x":1,"y":2.5}"#.utf8)) == .pointer(.began, x: 1, y: 2.5))
        #expect(try Command.parse("control", body: Data(#"{"action":"step"}"#.utf8)) == .control(.step))
        #expect(try Command.parse("param", body: Data(#"{"name":"g","value":2}"#.utf8)) == .param(name: "g", value: 2))
        for (kind, body, fragment) in [
            ("pointer", "nonsense", "invalid JSON"),
            ("pointer", #"{"phase":"flick","x":1,"y":2}"#, "pointer.phase"),
            ("pointer", #"{"phase":"began","x":"1","y":2}"#, "pointer.x"),
            ("pointer", #"{"phase":"began","x":1e300,"y":2}"#, "pointer.x"),
            ("pointer", #"{"phase":"began","x":true,"y":2}"#, "pointer.x"),
            ("control", #"{"action":"explode"}"#, "control.action"),
            ("control", "[]", "JSON object"),
            ("speed", #"{"value":5}"#, "between 0.25 and 2"),
            ("param", #"{"value":5}"#, "param.name"),
            ("pointer", #"{"phase":"moved","x":1,"y":1,"extra":1}"#, "pointer: unknown key \"extra\""),
            ("param", #"{"name":"g","value":1,"clamp":true}"#, "param: unknown key \"clamp\""),
            ("control", #"{"action":"pause","type":"control"}"#, "control: unknown key \"type\""),
        ] {
            #expect(throws: CommandError.self) { try Command.parse(kind, body: Data(body.utf8)) }
            do { _ = try Command.parse(kind, body: Data(body.utf8)) } catch {
                #expect(error.message.contains(fragment), "\(error.message)")
            }
        }
    }

    @Test("onPointer sees every event first; the default drag follows the pointer and flings")
    func pointerDrag() async throws {
        let state = try LuaState()
        let bridge = LuaBridge(state: state) { Issue.record("callback error: \($0)") }
        let n = try state.run(boxScene, chunkName: "box.lua")
        let animator = try #require(try bridge.sceneResult(results: n).animator)
        let params = try bridge.sceneParams(results: n)
        state.pop(n)
        #expect(params.map(\.name) == ["gravity"])
        animator.step(0)
        let box = try #require(LuaBridge.item(at: CGPoint(x: 100, y: 300), in: animator) as? DynamicView)
        #expect(box.name == "box")
        #expect(LuaBridge.item(at: CGPoint(x: 300 + 14, y: 100 + 14), in: animator) == nil) // outside the ball's circle
        // A tap on the background is handled by the script: no drag.
        #expect(bridge.pointer(.began, at: CGPoint(x: 200, y: 50), on: animator))
        #expect(bridge.pointer(.ended, at: CGPoint(x: 200, y: 50), on: animator))
        // A drag of the box upward: it follows, then is flung with the pointer's velocity.
        #expect(!bridge.pointer(.began, at: CGPoint(x: 100, y: 300), on: animator))
        for k in 1...30 {
            bridge.pointer(.moved, at: CGPoint(x: 100, y: 300 - 5 * Double(k)), on: animator)
            animator.step(1.0 / 60)
        }
        #expect(abs(box.center.y - 150) < 10, "\(box.center)")
        bridge.pointer(.ended, at: CGPoint(x: 100, y: 150), on: animator)
        let v = try #require(animator.linearVelocity(of: box))
        #expect(v.y < -200, "flung upward at the pointer's 300 pt/s, got \(v)")
        #expect(try state.run("return table.concat(seen, ' ')", chunkName: "check") == 1)
        #expect(bridge.string(at: -1) == "began:- ended:- began:box " + Array(repeating: "moved:-", count: 30).joined(separator: " ") + " ended:-")
    }

    @Test("At most Broadcaster.maximumSubscribers viewers at once; a closed one frees its place")
    func viewerLimit() async throws {
        let broadcaster = Broadcaster()
        var open = (0..<Broadcaster.maximumSubscribers).compactMap { _ in broadcaster.subscribe() }
        #expect(open.count == 16 && broadcaster.count == 16)
        #expect(broadcaster.subscribe() == nil, "the 17th is refused")
        broadcaster.unsubscribe(open.removeFirst().id)
        let again = broadcaster.subscribe()
        #expect(again != nil && broadcaster.count == 16)
        withExtendedLifetime((open, again)) {}
    }

    @Test("A drag to the edge of the scene's range, or flung faster than the model takes, never traps")
    func pointerExtremes() async throws {
        let state = try LuaState()
        var errors: [String] = []
        let bridge = LuaBridge(state: state) { errors.append($0.message) }
        let n = try state.run(boxScene, chunkName: "box.lua")
        let animator = try #require(try bridge.sceneResult(results: n).animator)
        state.pop(n)
        animator.step(0)
        #expect(!bridge.pointer(.began, at: CGPoint(x: 100, y: 300), on: animator))
        // Past ±Limits.coordinate: ignored (it set an out-of-range anchor and trapped the server).
        #expect(!bridge.pointer(.moved, at: CGPoint(x: 9.9e8, y: -9.9e8), on: animator))
        // Within range but a jump of 10⁷ pt in one event: the fling is refused or clamped, reported.
        bridge.pointer(.moved, at: CGPoint(x: 1e7, y: -1e7), on: animator)
        bridge.pointer(.ended, at: CGPoint(x: -1e7, y: 1e7), on: animator)
        for _ in 0..<60 { animator.step(1.0 / 60) }
        let box = try #require(LuaBridge.item(at: CGPoint(x: 100, y: 300), in: animator) ?? animator.items(in: CGRect(x: -1e15, y: -1e15, width: 2e15, height: 2e15)).first)
        #expect(box.center.x.isFinite && box.center.y.isFinite)
        #expect(throws: CommandError.self) { try Command.parse("pointer", body: Data(#"{"phase":"moved","x":9.9e8,"y":0}"#.utf8)) }
        // An end of the gesture past the range still ends the drag (it stayed attached).
        #expect(!bridge.pointer(.began, at: box.center, on: animator))
        #expect(bridge.draggedItem(on: animator) === box)
        bridge.pointer(.ended, at: CGPoint(x: 1e300, y: 0), on: animator)
        #expect(bridge.draggedItem(on: animator) == nil)
    }

    @Test("a session applies sliders and controls, keeps slider values across reloads and shows script errors")
    func sessionReload() async throws {
        let path = try sceneFile("box.lua", boxScene)
        let session = await LiveSession(scenePath: path, limits: LuaLimits())
        #expect(session.error == nil)
        try await session.perform(.control(.pause))
        try await session.perform(.param(name: "gravity", value: 2))
        await #expect(throws: CommandError.self) { try await session.perform(.param(name: "gravity", value: 9)) }
        await #expect(throws: CommandError.self) { try await session.perform(.param(name: "wind", value: 1)) }
        for _ in 0..<10 { try await session.perform(.control(.step)) }
        var state = session.state()
        #expect(state.step == 10)
        #expect(abs(state.time - 10.0 / 60) < 1e-9)
        #expect(state.running == false)
        // A broken file: the old scene stays, the error names file:line.
        try (boxScene + "\nlocal x = = 1\n").write(toFile: path, atomically: true, encoding: .utf8)
        await #expect(throws: CommandError.self) { try await session.perform(.control(.restart)) } // says it did not load
        #expect(session.error?.hasPrefix("box.lua:") == true, "\(session.error ?? "nil")")
        state = session.state()
        #expect(state.items.count == 2)
        try boxScene.write(toFile: path, atomically: true, encoding: .utf8)
        try await session.perform(.control(.restart))
        #expect(session.error == nil)
        state = session.state()
        #expect(state.step == 0)
        #expect(state.params.first?.value == 2)
    }

    /// A value whose apply failed was answered ok, shown on the slider, and its
    /// error stayed in the state after a later value worked.
    @Test("a slider value whose apply fails is an error, and the slider keeps its last good value")
    func failingApply() async throws {
        let path = try sceneFile("picky.lua", """
            local dyn = require "dynamics"
            local a = dyn.animator{ bounds = {0, 0, 400, 400} }
            a:addBehavior(dyn.gravity{ items = { dyn.item{ center = {100, 100}, size = {10, 10} } } })
            return { animator = a, params = { p = { value = 1, min = 0, max = 10, step = 1,
              apply = function(v) if v > 3 then error("too big: " .. v) end end } } }
            """)
        let session = await LiveSession(scenePath: path, limits: LuaLimits())
        #expect(session.error == nil)
        try await session.perform(.param(name: "p", value: 2))
        do {
            try await session.perform(.param(name: "p", value: 4))
            Issue.record("a failing apply was answered ok")
        } catch {
            #expect(error.message.contains("params.p.apply: picky.lua:5: too big: 4"), "\(error.message)")
        }
        var state = session.state()
        #expect(state.params.first?.value == 2)
        #expect(state.error?.contains("too big") == true)
        try await session.perform(.param(name: "p", value: 3))
        state = session.state()
        #expect(state.params.first?.value == 3)
        #expect(state.error == nil, "the failed value's error is cleared: \(state.error ?? "nil")")
    }

    @Test("save as test writes NAME_test.lua, which passes, and fails when the outcome changes")
    func recordedTest() async throws {
        let path = try sceneFile("box.lua", boxScene)
        let session = await LiveSession(scenePath: path, limits: LuaLimits())
        try await session.perform(.control(.pause))
        try await session.perform(.param(name: "gravity", value: 1.5))
        try await session.perform(.record(.start))
        for _ in 0..<30 { try await session.perform(.control(.step)) }
        try await session.perform(.pointer(.began, x: 100, y: 370))   // the box, resting on the floor
        for k in 1...20 {
            try await session.perform(.pointer(.moved, x: 100 + 4 * Double(k), y: 370 - 8 * Double(k)))
            try await session.perform(.control(.step))
        }
        try await session.perform(.pointer(.ended, x: 180, y: 210))
        try await session.perform(.param(name: "gravity", value: 0.5))
        for _ in 0..<60 { try await session.perform(.control(.step)) }
        let reply = try await session.perform(.record(.save))
        let file = try #require(reply.file)
        #expect(file == session.testPath && file.hasSuffix("box_test.lua"))
        let runner = LuaTestRunner(limits: LuaLimits())
        let passed = runner.run(file: file)
        #expect(passed.count == 1 && passed.allSatisfy { $0.failure == nil }, "\(passed)")
        // The same events against a changed scene (a heavier box, bouncier): the test fails.
        try boxScene.replacingOccurrences(of: "boundsAsBoundary = true })", with: "boundsAsBoundary = true })\nanimator:addBehavior(dyn.itemBehavior{ items = {box}, elasticity = 0.9, density = 5 })")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let failed = runner.run(file: file)
        #expect(failed.contains { $0.failure != nil }, "\(failed)")
    }

    /// A scene file named `evil⏎error("injected")⏎--.lua` put live code into the recorded
    /// test's header comment: the name is escaped there now.
    @Test("A scene's file name cannot put code into its recorded test")
    func recordedTestFileName() async throws {
        let path = try sceneFile("evil\nerror(\"injected\")\n--.lua", boxScene)
        let session = await LiveSession(scenePath: path, limits: LuaLimits())
        try await session.perform(.control(.pause))
        try await session.perform(.record(.start))
        for _ in 0..<5 { try await session.perform(.control(.step)) }
        let reply = try await session.perform(.record(.save))
        let file = try #require(reply.file)
        let source = try String(contentsOfFile: file, encoding: .utf8)
        #expect(source.hasPrefix("-- Recorded by `dynamics serve evil\\nerror(\"injected\")\\n--.lua`"), "\(source.prefix(120))")
        #expect(!source.split(separator: "\n").contains { $0.hasPrefix("error(") })
        let results = LuaTestRunner(limits: LuaLimits()).run(file: file)
        #expect(results.count == 1 && results.allSatisfy { $0.failure == nil }, "\(results)")
    }

    /// A scene that returns its animator itself (not a table): the recorded test read
    /// `scene.animator` off the animator handle and failed ("no property 'animator'").
    /// A second save replaces the recording; a hand-written NAME_test.lua is never replaced.
    @Test("A recording of a scene returning its animator passes; saves never replace a hand-written test")
    func recordedTestPlainAnimator() async throws {
        let path = try sceneFile("plain.lua", """
            local a = dynamics.animator{ bounds = {0, 0, 400, 400} }
            local b = dynamics.item{ center = {200, 100}, size = {20, 20}, name = "b" }
            a:addBehavior(dynamics.gravity{ items = {b} })
            a:addBehavior(dynamics.collision{ items = {b}, boundsAsBoundary = true })
            return a
            """)
        let session = await LiveSession(scenePath: path, limits: LuaLimits())
        try await session.perform(.control(.pause))
        try await session.perform(.record(.start))
        for _ in 0..<40 { try await session.perform(.control(.step)) }
        let file = try #require(try await session.perform(.record(.save)).file)
        let results = LuaTestRunner(limits: LuaLimits()).run(file: file)
        #expect(results.count == 1 && results.allSatisfy { $0.failure == nil }, "\(results)")
        // Saving again replaces the earlier recording.
        try await session.perform(.record(.start))
        try await session.perform(.control(.step))
        #expect(try await session.perform(.record(.save)).ok)
        // A test someone wrote by hand stays as it is.
        let own = "test(\"mine\", function() end)\n"
        try own.write(toFile: file, atomically: true, encoding: .utf8)
        try await session.perform(.record(.start))
        try await session.perform(.control(.step))
        await #expect(throws: CommandError.self) { try await session.perform(.record(.save)) }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == own)
        // A link there is never written through (it made the viewer write wherever it
        // pointed, even a new file outside the folder), whether or not its target exists.
        let outside = testScratch.appendingPathComponent("outside-\(UUID().uuidString).txt").path
        for target in [outside, file + ".recording"] {
            try FileManager.default.removeItem(atPath: file)
            try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: target)
            do {
                _ = try await session.perform(.record(.save))
                Issue.record("saved through a link to \(target)")
            } catch {
                #expect(error.message.contains("is a link"), "\(error.message)")
            }
            #expect(!FileManager.default.fileExists(atPath: outside))
        }
    }

    /// A range of ±1e308 made the default step infinite: /state and the scene message could
    /// not be written as JSON and went out as `{}` (no items, no sliders).
    @Test("A slider whose numbers are out of range is a load error naming it; the state stays whole")
    func paramOutOfRange() async throws {
        let path = try sceneFile("huge.lua", """
            local a = dynamics.animator{}
            local b = dynamics.item{ size = {10, 10} }
            a:addBehavior(dynamics.gravity{ items = {b} })
            return { animator = a, params = { huge = { value = 0, min = -1e308, max = 1e308, apply = function(v) end } } }
            """)
        let session = await LiveSession(scenePath: path, limits: LuaLimits())
        #expect(session.error?.contains("scene.params.huge: value, min, max and step must be within ±") == true,
                "\(session.error ?? "nil")")
        let state = session.state()
        #expect(state.items.isEmpty && state.error != nil)
        #expect(session.stateJSONNow().contains("\"items\":[]"))
        #expect(session.sceneMessage != "{}")
    }

    @Test("A recording keeps at most its limit of events, then stops and says so; the events still apply")
    func recordingLimit() async throws {
        let path = try sceneFile("box.lua", boxScene)
        let session = await LiveSession(scenePath: path, limits: LuaLimits(), recordingLimit: 50)
        try await session.perform(.control(.pause))
        try await session.perform(.record(.start))
        for k in 0..<50 { try await session.perform(.pointer(.moved, x: Double(k), y: 10)) }
        #expect(session.state().recording)
        #expect(session.error == nil)
        let reply = try await session.perform(.pointer(.moved, x: 60, y: 10))
        #expect(reply.ok)                       // applied all the same
        #expect(!session.state().recording)
        #expect(session.error?.contains("stopped after 50 events") == true, "\(session.error ?? "nil")")
        await #expect(throws: CommandError.self) { try await session.perform(.record(.save)) } // nothing recorded now
    }

    @Test("Restarts asked for at once while a slow scene loads cost one load, not one each")
    func restartsCoalesce() async throws {
        // Each load runs out of its 0.2 s budget: eight restarts, one after another, would hold
        // the session 1.6 s; asked for at once, those that waited are answered by the load
        // that ran meanwhile.
        let path = try sceneFile("slow.lua", "while true do end")
        var limits = LuaLimits()
        limits.instructionBudget = 20_000_000 // 0.2 s
        let session = await LiveSession(scenePath: path, limits: limits)
        let before = session.loadAttempts
        let refused = await restartAtOnce(session, times: 8)
        #expect(refused == 8)                                               // each says the scene does not load
        #expect(session.loadAttempts - before <= 3, "\(session.loadAttempts - before) loads for 8 restarts")
        #expect(session.error?.contains("slow.lua") == true, "\(session.error ?? "nil")")
    }

    /// Restarts (or record starts) sent one after another, as a WebSocket's
    /// messages are handled, each loaded a scene that takes its whole budget to fail again:
    /// twenty of them held the session 20 s. A scene untouched since its load answers them.
    @Test("Restarts and record starts one after another on an untouched scene cost no load; after a step or an edit they load")
    func sequentialRestartsOfAnUntouchedScene() async throws {
        let path = try sceneFile("slow.lua", "while true do end")
        var limits = LuaLimits()
        limits.instructionBudget = 20_000_000 // 0.2 s
        let session = await LiveSession(scenePath: path, limits: limits)
        let before = session.loadAttempts
        for _ in 0..<5 {
            await #expect(throws: CommandError.self) { try await session.perform(.control(.restart)) }
            await #expect(throws: CommandError.self) { try await session.perform(.record(.start)) }
        }
        #expect(session.loadAttempts == before, "\(session.loadAttempts - before) loads")
        // A good scene: paused, untouched, a restart costs nothing; after a step it reloads.
        try boxScene.write(toFile: path, atomically: true, encoding: .utf8)
        try await session.perform(.control(.restart)) // the file changed: it loads
        let loaded = session.loadAttempts
        #expect(loaded == before + 1 && session.error == nil)
        try await session.perform(.control(.pause))
        try await session.perform(.control(.restart))
        #expect(session.loadAttempts == loaded)
        try await session.perform(.control(.step))
        try await session.perform(.control(.restart))
        #expect(session.loadAttempts == loaded + 1)
        // GET /state's answer is kept until the state changes.
        let a = await session.stateJSON(), b = await session.stateJSON()
        #expect(a == b && a.contains("\"step\":0"))
        try await session.perform(.control(.step))
        #expect(await session.stateJSON().contains("\"step\":1"))
    }

    /// GET /state is written directly as JSON (20 000 items took 0.9 s through
    /// JSONSerialization): it must say exactly what `state()` encodes to, names escaped.
    @Test("GET /state's JSON says what state() says, with names that need escaping")
    func stateText() async throws {
        let path = try sceneFile("named.lua", boxScene.replacingOccurrences(of: "name = \"box\"", with: "name = \"b\\\"o\\nx\\u{1}\\u{2028}é\""))
        let session = await LiveSession(scenePath: path, limits: LuaLimits())
        #expect(session.error == nil, "\(session.error ?? "")")
        try await session.perform(.control(.pause))
        for _ in 0..<7 { try await session.perform(.control(.step)) }
        try await session.perform(.param(name: "gravity", value: 1.25))
        let text = await session.stateJSON()
        let parsed = try JSONValue(parsing: text)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let direct = try JSONValue(parsing: String(decoding: try encoder.encode(session.state()), as: UTF8.self))
        #expect(parsed.keys == direct.keys)
        for key in ["step", "reloads", "generation"] { #expect(parsed[key]?.int != nil && parsed[key]?.int == direct[key]?.int, "\(key)") }
        for key in ["paused", "running", "resting", "recording"] { #expect(parsed[key]?.bool != nil && parsed[key]?.bool == direct[key]?.bool, "\(key)") }
        #expect(abs(try #require(parsed["time"]?.double) - (try #require(direct["time"]?.double))) == 0)
        let a = try #require(parsed["items"]?.array), b = try #require(direct["items"]?.array)
        #expect(a.count == b.count && a.count == 2)
        for (x, y) in zip(a, b) {
            #expect(x["name"]?.string == y["name"]?.string && x["shape"]?.string == y["shape"]?.string)
            // Within a rounding: Foundation's JSON parser reads the last digit of some numbers off.
            for k in ["x", "y", "angle", "width", "height"] {
                let u = try #require(x[k]?.double), v = try #require(y[k]?.double)
                #expect(abs(u - v) <= 1e-12 * max(1, abs(v)), "\(k): \(u) \(v)")
            }
        }
        #expect(a.contains { $0["name"]?.string?.hasPrefix("b\"o") == true }, "\(text.prefix(300))")
        let p = try #require(parsed["params"]?[0])
        #expect(p["name"]?.string == "gravity" && p["value"]?.double == 1.25)
    }

    /// Asks for `times` restarts at once (each task's request is on its way to the session
    /// before the first load ends); returns how many were refused.
    func restartAtOnce(_ session: LiveSession, times: Int) async -> Int {
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<times {
                group.addTask {
                    do { try await session.perform(.control(.restart)); return false } catch { return true }
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
    }

    /// The first frame a subscriber receives, as JSON.
    func firstFrame(of session: LiveSession) async throws -> JSONValue {
        let (id, frames) = try #require(session.broadcaster.subscribe())
        defer { session.broadcaster.unsubscribe(id) }
        for await message in frames {
            let text = String(buffer: message)
            guard text.contains("\"type\":\"frame\"") else { continue }
            return try JSONValue(parsing: text)
        }
        return .object([:])
    }

    /// A scene that failed its first load left the page blank (no scene
    /// message ever came, so the page dropped every frame and its error); and a page opened
    /// after a slider moved showed the declared value.
    @Test("A scene that never loaded still announces itself, so frames carry its error; frames carry the sliders' values")
    func firstLoadErrorAndSliderValues() async throws {
        let broken = await LiveSession(scenePath: try sceneFile("broken.lua", "local x = = 1\n"), limits: LuaLimits())
        let scene = try JSONValue(parsing: broken.sceneMessage)
        #expect(scene["type"]?.string == "scene" && scene["items"]?.array?.isEmpty == true && scene["file"]?.string == "broken.lua")
        broken.start()
        defer { broken.stop() }
        let frame = try await firstFrame(of: broken)
        #expect(frame["error"]?.string?.hasPrefix("broken.lua:1:") == true, "\(frame)")
        #expect(frame["generation"]?.int != nil && frame["generation"]?.int == scene["generation"]?.int)
        // Its frames are all the same error: two a second, not sixty.
        let (id, frames) = try #require(broken.broadcaster.subscribe())
        let counting = Task { () -> Int in
            var n = 0
            for await message in frames where String(buffer: message).contains("\"type\":\"frame\"") { n += 1 }
            return n
        }
        try await Task.sleep(for: .seconds(1))
        broken.broadcaster.unsubscribe(id)
        let sent = await counting.value
        // (A loaded machine may let the stepping thread catch up a few ticks at once.)
        #expect((1...10).contains(sent), "\(sent) frames in 1 s")

        let session = await LiveSession(scenePath: try sceneFile("box.lua", boxScene), limits: LuaLimits())
        try await session.perform(.param(name: "gravity", value: 2.5))
        session.start()
        defer { session.stop() }
        let moved = try await firstFrame(of: session)
        #expect(moved["params"] == .array([.number(2.5)]), "\(moved["params"]?.description ?? "none")")
    }

    /// On a running scene each `GET /state` was built again, one after another
    /// (100 clients kept the pause button waiting 24 s). Requests that arrive while a build
    /// waits share it.
    @Test("Concurrent GET /state requests on a running scene share their builds")
    func stateRequestsShareBuilds() async throws {
        let session = await LiveSession(scenePath: try sceneFile("box.lua", boxScene), limits: LuaLimits())
        session.start()
        defer { session.stop() }
        try await Task.sleep(for: .milliseconds(100)) // frames are stepping
        let before = await session.stateBuilds
        let answers = await withTaskGroup(of: String.self) { group in
            for _ in 0..<60 { group.addTask { await session.stateJSON() } }
            var all: [String] = []
            for await a in group { all.append(a) }
            return all
        }
        #expect(answers.count == 60 && answers.allSatisfy { $0.hasPrefix("{\"dragging\"") })
        let builds = await session.stateBuilds - before
        #expect(builds <= 20, "\(builds) builds for 60 requests")
    }

    /// Viewers share the scene's one pointer, and one leaving while pressed ended
    /// the drag another viewer had started since. A leaving viewer cancels only its own press.
    @Test("A viewer that leaves cancels its own press, not another viewer's drag")
    func leavingViewerKeepsOthersDrag() async throws {
        let session = await LiveSession(scenePath: try sceneFile("box.lua", boxScene), limits: LuaLimits())
        try await session.perform(.control(.pause))
        let a = UUID(), b = UUID()
        try await session.perform(.pointer(.began, x: 100, y: 300), viewer: a)
        try await session.perform(.pointer(.began, x: 100, y: 300), viewer: b)
        #expect(session.state().dragging == "box")
        await session.viewerLeft(a, at: 100, 300)
        #expect(session.state().dragging == "box")
        await session.viewerLeft(b, at: 100, 300)
        #expect(session.state().dragging == nil)
    }

    /// The same with a scene that loads, slowly, while the stepping thread runs: a load is
    /// counted when it ends, so a restart that arrived during it is answered by it (counted
    /// at its start, every waiting restart loaded again: ten restarts of a 0.8 s scene, 8 s).
    @Test("Concurrent restarts of a slow scene that loads cost about one load")
    func slowRestartsCoalesce() async throws {
        let path = try sceneFile("slowok.lua", """
            for i = 1, 20000000 do end
            local a = dynamics.animator{}
            local b = dynamics.item{ size = {10, 10} }
            a:addBehavior(dynamics.gravity{ items = {b} })
            return a
            """)
        let session = await LiveSession(scenePath: path, limits: LuaLimits())
        #expect(session.error == nil, "\(session.error ?? "")")
        session.start()
        defer { session.stop() }
        let before = session.loadAttempts
        _ = await restartAtOnce(session, times: 8)
        #expect(session.loadAttempts - before <= 3, "\(session.loadAttempts - before) loads for 8 restarts")
        #expect(session.error == nil, "\(session.error ?? "")")
    }
}
