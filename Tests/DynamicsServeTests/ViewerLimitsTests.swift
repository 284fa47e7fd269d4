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

/// Issue 26, causes 4 and 7: what the viewer keeps and sends is bounded; "Save as test" keeps
/// every slider name byte for byte.
@Suite("dynamics serve: the viewer's bounds, and names as bytes")
struct ViewerLimitsTests {
    /// A scene with `count` sliders named by `name(i)` (a Lua expression).
    static func sliders(_ count: Int, name: String, apply: String = "function(v) end") -> String {
        """
        local dyn = require "dynamics"
        local a = dyn.animator{ bounds = {0, 0, 400, 400} }
        local box = dyn.item{ name = "box", center = {200, 100}, size = {40, 40} }
        a:addBehavior(dyn.gravity{ items = {box} })
        local params = {}
        for i = 1, \(count) do params[\(name)] = { value = 0, min = 0, max = 1, apply = \(apply) } end
        return { animator = a, params = params }
        """
    }

    @Test("A scene over the sliders' bounds (count, name bytes) does not load, and says which bound; /state stays small")
    func sliderBounds() async throws {
        let many = await LiveSession(scenePath: try sceneFile("many.lua", Self.sliders(10_000, name: #"string.format("%05d", i) .. string.rep("n", 4091)"#)),
                               limits: LuaLimits())
        #expect(many.error?.contains("scene.params: a scene declares at most \(LuaSceneParam.maximumCount) sliders, this one 10000") == true,
                "\(many.error ?? "")")
        let state = await many.stateJSON()
        #expect(state.utf8.count < 1000, "\(state.utf8.count) bytes of /state (39 MB with every slider)")
        let long = await LiveSession(scenePath: try sceneFile("long.lua", Self.sliders(10, name: #"string.format("%02d", i) .. string.rep("n", 1998)"#)),
                               limits: LuaLimits())
        #expect(long.error?.contains("the sliders' names take at most \(LuaSceneParam.maximumNameBytes) bytes together, these 20000") == true,
                "\(long.error ?? "")")
        // At the bounds, the scene loads.
        let most = await LiveSession(scenePath: try sceneFile("most.lua", Self.sliders(200, name: #"string.format("%03d", i) .. string.rep("n", 77)"#)),
                               limits: LuaLimits())
        #expect(most.error == nil, "\(most.error ?? "")")
        #expect(most.state().params.count == 200)
    }

    @Test("An unknown slider name is answered with a few names and a count, not the whole list")
    func shortErrors() async throws {
        let session = await LiveSession(scenePath: try sceneFile("most.lua", Self.sliders(200, name: #"string.format("%03d", i) .. string.rep("n", 77)"#)),
                                  limits: LuaLimits())
        do {
            try await session.perform(.param(name: String(repeating: "z", count: 60_000), value: 0.5))
            Issue.record("an unknown name was taken")
        } catch {
            #expect(error.message.utf8.count < 700, "\(error.message.utf8.count) bytes")
            #expect(error.message.contains("and 195 more") && error.message.contains("(60000 bytes)"), "\(error.message)")
        }
        do {
            try await session.perform(.param(name: "001" + String(repeating: "n", count: 77), value: 7))
            Issue.record("a value out of range was taken")
        } catch {
            #expect(error.message.utf8.count < 200 && error.message.contains("(80 bytes) must be between 0.0 and 1.0"), "\(error.message)")
        }
    }

    /// The apply runs on the session's executor, off the test pool; the requests are timed on
    /// the test's thread, which sleeps (blocking) rather than suspends, so a busy test pool
    /// cannot add its own delays to the figure.
    @Test("GET /state does not wait for a slider's slow apply: it shows the state of the last frame")
    func slowApplyDoesNotHoldTheState() async throws {
        let path = try sceneFile("slow.lua", Self.sliders(1, name: #""slow""#,
                                                          apply: "function(v) local t = os.clock() while os.clock() - t < 0.8 do end end"))
        let session = await LiveSession(scenePath: path, limits: LuaLimits(instructionBudget: 10_000_000_000))
        session.start()
        defer { session.stop() }
        let asked = AskedFlag()
        let applying = Task.detached {
            asked.value.store(true, ordering: .relaxed)
            _ = try? await session.perform(.param(name: "slow", value: 0.5))
        }
        let (worst, texts) = Self.timeStateRequests(session, after: asked)
        for text in texts {
            #expect(text.contains("\"name\":\"slow\",\"step\":"))
            #expect(!text.contains("\"value\":0.5"), "the apply has not ended yet")
        }
        #expect(worst < 0.2, "GET /state took \(worst) s while an apply of 0.8 s ran (it waited for it)")
        await applying.value
        // Once the apply is done, the state shows the new value.
        let after = try JSONValue(parsing: session.stateJSONNow())
        #expect(after["params"]?[0]?["value"]?.double == 0.5)
    }

    /// Set when the slow apply is asked for.
    final class AskedFlag: Sendable {
        let value = Atomic(false)
    }

    /// Waits for the apply to be asked for, lets it start (it runs 0.8 s), then times three
    /// `GET /state` answers 50 ms apart: the slowest time (s) and the answers.
    static func timeStateRequests(_ session: LiveSession, after asked: AskedFlag) -> (Double, [String]) {
        while !asked.value.load(ordering: .relaxed) { Thread.sleep(forTimeInterval: 0.005) }
        Thread.sleep(forTimeInterval: 0.15)  // the apply runs, holding the scene
        var worst = 0.0
        var texts: [String] = []
        for _ in 0..<3 {
            let started = DispatchTime.now().uptimeNanoseconds
            texts.append(session.stateJSONNow())
            worst = max(worst, Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
            Thread.sleep(forTimeInterval: 0.05)
        }
        return (worst, texts)
    }

    @Test("A viewer's mailbox keeps the newest frame and scene message, and viewers share one copy of each message")
    func mailboxes() async throws {
        let broadcaster = Broadcaster()
        let (_, first) = try #require(broadcaster.subscribe())
        let (_, second) = try #require(broadcaster.subscribe())
        for k in 1...10 { broadcaster.sendFrame("frame \(k)") }
        #expect(String(buffer: try #require(await first.next())) == "frame 10")
        #expect(first.dropped == 9)
        // A scene message goes first, and drops the frame of the scene before it.
        broadcaster.sendFrame("frame 11")
        broadcaster.sendScene("scene 2")
        broadcaster.sendFrame("frame 12")
        #expect(String(buffer: try #require(await first.next())) == "scene 2")
        #expect(String(buffer: try #require(await first.next())) == "frame 12")
        // The second viewer, which read nothing, holds the same two messages: the same bytes.
        broadcaster.sendScene(String(repeating: "s", count: 1 << 20))
        let a = try #require(await first.next()), b = try #require(await second.next())
        let same = a.withUnsafeReadableBytes { pa in b.withUnsafeReadableBytes { pb in pa.baseAddress == pb.baseAddress } }
        #expect(same, "each viewer has its own copy of a 1 MB message")
        // A finished mailbox ends its reader; a waiting reader is woken.
        let waiting = Task { await first.next() }
        try await Task.sleep(for: .milliseconds(50))
        broadcaster.finishAll()
        #expect(await waiting.value == nil)
    }

    /// A recording is JSON text: a name that is not UTF-8 is recorded as its text (U+FFFD
    /// for the bad bytes), which names one slider (names that read as the same text are a load
    /// error), and the replay finds the slider by it.
    @Test("A slider whose name is not UTF-8 is recorded by its text, and the saved test passes")
    func saveAsTestKeepsNameBytes() async throws {
        let scene = """
            local dyn = require "dynamics"
            local a = dyn.animator{ bounds = {0, 0, 400, 400} }
            local box = dyn.item{ name = "b\\255x", center = {200, 100}, size = {40, 40} }
            local g = dyn.gravity{ items = {box} }
            a:addBehavior(g)
            a:addBehavior(dyn.collision{ items = {box}, boundsAsBoundary = true })
            return { animator = a, params = {
              ["g\\255\\254"] = { value = 1, min = 0, max = 3, apply = function(v) g.magnitude = v end },
              ["ok"] = { value = 0, min = 0, max = 1, apply = function(v) end },
            } }
            """
        let path = try sceneFile("bytes.lua", scene)
        let session = await LiveSession(scenePath: path, limits: LuaLimits())
        #expect(session.error == nil, "\(session.error ?? "")")
        let shown = "g\u{FFFD}\u{FFFD}"
        try await session.perform(.control(.pause))
        try await session.perform(.param(name: shown, value: 2))
        try await session.perform(.record(.start))
        for _ in 0..<10 { try await session.perform(.control(.step)) }
        try await session.perform(.param(name: shown, value: 0.25))
        try await session.perform(.param(name: "ok", value: 1))
        for _ in 0..<30 { try await session.perform(.control(.step)) }
        let file = try #require(try await session.perform(.record(.save)).file)
        let recording = try String(contentsOfFile: session.recordingPath, encoding: .utf8)
        #expect(recording.contains("\"params\":{\"g\u{FFFD}\u{FFFD}\":2.0}") && recording.contains("\"param\":\"g\u{FFFD}\u{FFFD}\",\"value\":0.25"),
                "\(recording.prefix(600))")
        let results = LuaTestRunner(limits: LuaLimits()).run(file: file)
        #expect(results.count == 1 && results.allSatisfy(\.passed), "\(results)")
        // The gravity the slider set matters: with the other magnitude the test fails.
        try scene.replacingOccurrences(of: "g.magnitude = v", with: "g.magnitude = v * 2").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(LuaTestRunner(limits: LuaLimits()).run(file: file).contains { !$0.passed })
    }

    @Test("Two slider names that read as the same text are a load error")
    func namesThatReadTheSame() async throws {
        let session = await LiveSession(scenePath: try sceneFile("same.lua", Self.sliders(2, name: #"i == 1 and "a\255" or "a\254""#)), limits: LuaLimits())
        #expect(session.error?.contains("two names read as the same text a\u{FFFD}") == true, "\(session.error ?? "")")
    }
}
