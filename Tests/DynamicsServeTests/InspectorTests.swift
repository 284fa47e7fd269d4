import Dynamics
@testable import DynamicsLua
@testable import DynamicsServe
import DynamicsTestSupport
import Foundation
import Testing

/// The box scene with a name that needs percent-encoding and one with a slash.
let namedScene = boxScene.replacingOccurrences(of: "return { animator = animator", with: """
animator:addBehavior(dyn.gravity{ items = {
  dyn.item{ name = "a b/ü", center = {200, 50}, size = {20, 20} } } })
return { animator = animator
""")

@Suite("dynamics serve: the inspector (GET /item, POST /edit), spring curves and frames' velocities")
struct InspectorTests {
    @Test("an item's inspection reads the animator: free fall's velocity, mass, behaviors and their parameters")
    func inspection() async throws {
        let session = await LiveSession(scenePath: try sceneFile("box.lua", boxScene), limits: LuaLimits())
        try await session.perform(.control(.pause))
        let start = try #require(await session.inspection(of: "box"))
        for _ in 0..<10 { try await session.perform(.control(.step)) }
        let box = try #require(await session.inspection(of: "box"))
        #expect(box.name == "box" && box.shape == "rectangle" && box.size == [40, 40])
        // 40 × 40 pt at density 1: density × area / 10 000.
        #expect(abs(try #require(box.mass) - 0.16) < 1e-9)
        // Free fall at 1000 pt/s² from rest (gravity magnitude 1): v = g·Δt within 2 %.
        let dt = box.time - start.time
        #expect(abs(dt - 10.0 / 60) < 1e-9)
        #expect(abs(box.velocity[0]) < 1e-6 && abs(box.velocity[1] - 1000 * dt) < 0.02 * 1000 * dt, "\(box.velocity)")
        #expect(abs(box.speed - hypot(box.velocity[0], box.velocity[1])) < 1e-9)
        #expect(box.center[1] > start.center[1] && box.sleeping == false)
        #expect(box.behaviors.map(\.type) == ["GravityBehavior", "CollisionBehavior"])
        #expect(box.behaviors.map(\.index) == [0, 1])
        let gravity = box.behaviors[0].params
        #expect(gravity.first { $0.name == "magnitude" }?.value == 1)
        #expect(abs((gravity.first { $0.name == "angle" }?.value ?? 0) - .pi / 2) < 1e-9)
        #expect(gravity.allSatisfy { $0.editable })
        let collision = box.behaviors[1].params
        #expect(collision.first { $0.name == "collisionMode" }?.text == "everything")
        #expect(collision.first { $0.name == "boundsAsBoundary" }?.text == "true")
        #expect(await session.inspection(of: "nope") == nil)
    }

    @Test("a Lua plugin's behavior is listed by its plugin's name with its parameters; a scripted one as such")
    func pluginBehavior() async throws {
        let path = try sceneFile("wind.lua", """
            local dyn = require "dynamics"
            local a = dyn.animator{ bounds = {0, 0, 400, 400} }
            local crate = dyn.item{ name = "crate", center = {100, 100}, size = {20, 20} }
            a:addBehavior(dyn.use("wind"){ items = {crate}, strength = 12.5, direction = {1, 0} })
            a:addBehavior(dyn.behavior{ items = {crate}, action = function(self, dt) end })
            return a
            """)
        let folder = (path as NSString).deletingLastPathComponent + "/behaviors"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
            return { name = "wind", params = { strength = 40, direction = {1, 0}, label = "gust" },
                     action = function(self, dt) end }
            """.write(toFile: folder + "/wind.lua", atomically: true, encoding: .utf8)
        let session = await LiveSession(scenePath: path, limits: LuaLimits())
        #expect(session.error == nil, "\(session.error ?? "")")
        let crate = try #require(await session.inspection(of: "crate"))
        let wind = try #require(crate.behaviors.first)
        #expect(crate.behaviors.map(\.type) == ["wind (plugin)", "behavior (script)"])
        #expect(crate.behaviors[1].params.isEmpty)
        #expect(wind.params == [.init(name: "direction", value: nil, text: "(1.0, 0.0)", editable: false),
                                .init(name: "label", value: nil, text: "gust", editable: false),
                                .init(name: "strength", value: 12.5, text: nil, editable: false)])
    }

    @Test("an item at rest falls asleep, and the inspection says so")
    func sleeping() async throws {
        let session = await LiveSession(scenePath: try sceneFile("box.lua", boxScene), limits: LuaLimits())
        try await session.perform(.control(.pause))
        for _ in 0..<400 { try await session.perform(.control(.step)) }
        let box = try #require(await session.inspection(of: "box"))
        #expect(box.sleeping && box.speed < 1e-6, "\(box.speed)")
    }

    @Test("edits apply live through the session and are checked; an edit stops a recording")
    func edits() async throws {
        let session = await LiveSession(scenePath: try sceneFile("box.lua", boxScene), limits: LuaLimits())
        try await session.perform(.control(.pause))
        let reply = try await session.perform(.edit(item: "box", property: "center", value: [150, 120]))
        #expect(reply.name == "box" && reply.value == 150)
        #expect(await session.inspection(of: "box")?.center == [150, 120])
        try await session.perform(.edit(item: "box", property: "angle", value: [0.5]))
        #expect(abs((await session.inspection(of: "box")?.angle ?? 0) - 0.5) < 1e-12)
        try await session.perform(.edit(item: "box", property: "velocity", value: [30, -40]))
        try await session.perform(.edit(item: "box", property: "angularVelocity", value: [2]))
        var box = try #require(await session.inspection(of: "box"))
        #expect(abs(box.velocity[0] - 30) < 1e-9 && abs(box.velocity[1] + 40) < 1e-9 && abs(box.speed - 50) < 1e-9)
        #expect(abs(box.angularVelocity - 2) < 1e-9)
        try await session.perform(.edit(item: "box", property: "behaviors.0.magnitude", value: [2.5]))
        box = try #require(await session.inspection(of: "box"))
        #expect(box.behaviors[0].params.first { $0.name == "magnitude" }?.value == 2.5)
        // A step after the edit: gravity 2.5 (2500 pt/s²) for 1/60 s adds 41.7 pt/s downwards.
        try await session.perform(.control(.step))
        let after = try #require(await session.inspection(of: "box"))
        #expect(abs(after.velocity[1] - (-40 + 2500.0 / 60)) < 0.02 * 2500 / 60, "\(after.velocity)")

        for (property, value, fragment) in [
            ("behaviors.1.boundaryFriction", [-1.0], "CollisionBehavior.boundaryFriction"),
            ("behaviors.0.nope", [1.0], "GravityBehavior has no number \"nope\""),
            ("behaviors.7.magnitude", [1.0], "box has 2 behaviors"),
            ("behaviors.1.collisionMode", [1.0], "has no number"),
        ] {
            await #expect(throws: CommandError.self) { try await session.perform(.edit(item: "box", property: property, value: value)) }
            do { try await session.perform(.edit(item: "box", property: property, value: value)) } catch {
                #expect(error.message.contains(fragment), "\(error.message)")
            }
        }
        await #expect(throws: CommandError.self) { try await session.perform(.edit(item: "ghost", property: "angle", value: [1])) }
        // Refused edits change nothing.
        #expect(await session.inspection(of: "box")?.behaviors[1].params.first { $0.name == "boundaryFriction" }?.value == 0.2)

        // The frame message says whether a recording runs.
        func recording() async throws -> Bool? { try JSONValue(parsing: Data(await session.frameJSON().utf8))["recording"]?.bool }
        try await session.perform(.record(.start))
        #expect(try await recording() == true)
        try await session.perform(.edit(item: "ball", property: "velocity", value: [10, 0]))
        #expect(try await recording() == false)
        #expect(session.state().error?.contains("inspector edit") == true)
    }

    @Test("edit messages are checked: shape, finiteness, range, names, unknown keys")
    func editParsing() throws {
        let ok = try Command.parse("edit", body: Data(#"{"item":"box","property":"center","value":[1,2.5]}"#.utf8))
        #expect(ok == .edit(item: "box", property: "center", value: [1, 2.5]))
        #expect(try Command.parse("edit", body: Data(#"{"item":"box","property":"behaviors.0.magnitude","value":2}"#.utf8))
                == .edit(item: "box", property: "behaviors.0.magnitude", value: [2]))
        for (body, fragment) in [
            (#"{"item":"box","property":"center","value":5}"#, "edit.value: center takes [x, y]"),
            (#"{"item":"box","property":"center","value":[1]}"#, "edit.value: center takes [x, y]"),
            (#"{"item":"box","property":"center","value":[1,2,3]}"#, "edit.value: center takes [x, y]"),
            (#"{"item":"box","property":"center","value":[1,"2"]}"#, "edit.value"),
            (#"{"item":"box","property":"center","value":[1e300,2]}"#, "edit.value: center must be finite numbers within ±10000000.0"),
            (#"{"item":"box","property":"angle","value":1e300}"#, "edit.value: must be a finite number"),
            (#"{"item":"box","property":"angle","value":1e400}"#, "edit.value"),
            (#"{"item":"box","property":"angle","value":true}"#, "edit.value: expected a number, got a boolean"),
            (#"{"item":"box","property":"angle","value":null}"#, "edit.value"),
            (#"{"item":"box","property":"mass","value":1}"#, "edit.property: expected center"),
            (#"{"item":"box","property":"behaviors.x.magnitude","value":1}"#, "edit.property"),
            (#"{"item":"box","property":"behaviors.-1.magnitude","value":1}"#, "edit.property"),
            (#"{"item":"box","property":7,"value":1}"#, "edit.property: expected a string"),
            (#"{"item":"","property":"angle","value":1}"#, "edit.item: expected an item's name"),
            (#"{"item":"a\u0001b","property":"angle","value":1}"#, "edit.item: control characters"),
            (#"{"item":"a\u202eb","property":"angle","value":1}"#, "edit.item: control characters"),
            (#"{"item":3,"property":"angle","value":1}"#, "edit.item: expected a string"),
            (#"{"item":"box","property":"angle","value":1,"extra":1}"#, "edit: unknown key \"extra\""),
        ] {
            #expect(throws: CommandError.self) { try Command.parse("edit", body: Data(body.utf8)) }
            do { _ = try Command.parse("edit", body: Data(body.utf8)) } catch {
                #expect(error.message.contains(fragment), "\(body): \(error.message)")
            }
        }
        let long = String(repeating: "n", count: Command.longestItemName + 1)
        #expect(throws: CommandError.self) {
            try Command.parse("edit", body: Data(#"{"item":"\#(long)","property":"angle","value":1}"#.utf8))
        }
    }

    @Test("frames carry each item's velocity and angular velocity")
    func frameVelocities() async throws {
        let session = await LiveSession(scenePath: try sceneFile("box.lua", boxScene), limits: LuaLimits())
        try await session.perform(.control(.pause))
        try await session.perform(.edit(item: "ball", property: "velocity", value: [12.345, -60]))
        try await session.perform(.edit(item: "ball", property: "angularVelocity", value: [1.23456]))
        let frame = try JSONValue(parsing: Data(await session.frameJSON().utf8))
        let ball = try #require(frame["items"]?[1]?.array?.compactMap { $0.double })
        #expect(ball.count == 6)
        #expect(ball[3] == 12.35 && ball[4] == -60 && ball[5] == 1.2346, "\(ball)")
    }

    @Test("the spring curve is the model's step response, its range set by the settling time; bad queries name the key")
    func springCurve() throws {
        let curve = try SpringCurve.parse([("frequency", "2"), ("damping", "0.5")])
        let spring = Spring(frequency: 2, dampingRatio: 0.5)
        #expect(curve.samples.count == SpringCurve.sampleCount && curve.samples[0] == 1)
        #expect(abs(curve.duration - 1.25 * spring.settlingTime(tolerance: 0.005)) < 1e-12)
        for (i, v) in curve.samples.enumerated() {
            let t = Double(i) * (curve.duration / Double(SpringCurve.sampleCount - 1))   // as the curve spaces them
            #expect(v == Double(spring.displacement(at: t)))
        }
        #expect(curve.settlingTime == spring.settlingTime() && curve.overshoot == Double(spring.overshoot))
        // SwiftUI's dialect: response 0.5 s is 2 Hz.
        let swiftUI = try SpringCurve.parse([("response", "0.5"), ("dampingFraction", "0.5")])
        #expect(abs(swiftUI.frequency - 2) < 1e-12 && swiftUI.samples.count == curve.samples.count)
        // Undamped: it never settles; six periods are shown.
        let undamped = try SpringCurve.parse([("frequency", "1"), ("damping", "0")])
        #expect(undamped.settlingTime == nil && abs(undamped.duration - 6) < 1e-12 && undamped.period == 1)
        for (query, fragment) in [
            ([("frequency", "0"), ("damping", "0.5")], "spring.frequency: must be a finite number in 0.001…10000"),
            ([("frequency", "2"), ("damping", "-1")], "spring.damping"),
            ([("frequency", "nan"), ("damping", "0.5")], "spring.frequency: expected a finite number"),
            ([("frequency", "inf"), ("damping", "0.5")], "spring.frequency: expected a finite number"),
            ([("frequency", "1e400"), ("damping", "0.5")], "spring.frequency: expected a finite number"),
            ([("frequency", "2")], "spring: expected frequency and damping"),
            ([("frequency", "2"), ("dampingFraction", "0.5")], "spring: expected frequency and damping"),
            ([("frequency", "2"), ("damping", "0.5"), ("x", "1")], "spring: unknown key \"x\""),
            ([("frequency", "2"), ("frequency", "3"), ("damping", "0.5")], "each key once"),
            ([("response", "0"), ("dampingFraction", "0.5")], "spring.response"),
        ] {
            #expect(throws: CommandError.self) { try SpringCurve.parse(query) }
            do { _ = try SpringCurve.parse(query) } catch { #expect(error.message.contains(fragment), "\(query): \(error.message)") }
        }
    }

    @Test("a slider's spring = { … } is read and checked")
    func sliderSprings() throws {
        func params(_ declarations: String) throws -> [LuaSceneParam] {
            let state = try LuaState()
            let bridge = LuaBridge(state: state) { Issue.record("callback error: \($0)") }
            let n = try state.run("""
                local dyn = require "dynamics"
                local a = dyn.animator{}
                local f = function() end
                return { animator = a, params = { \(declarations) } }
                """, chunkName: "springs.lua")
            defer { state.pop(n) }
            return try bridge.sceneParams(results: n)
        }
        let read = try params("""
            k = { value = 2, min = 0.5, max = 8, apply = f, spring = { frequency = "k", damping = "z" } },
            z = { value = 0.5, min = 0, max = 1, apply = f, spring = { frequency = "k", damping = "z" } },
            r = { value = 0.5, min = 0.1, max = 1, apply = f, spring = { response = "r", dampingFraction = 0.8 } },
            plain = { value = 1, min = 0, max = 2, apply = f },
            """)
        #expect(read.map(\.name) == ["k", "plain", "r", "z"])
        #expect(read[0].spring == LuaSceneSpring(keys: ["frequency", "damping"], terms: [.param("k"), .param("z")]))
        #expect(read[1].spring == nil)
        #expect(read[2].spring == LuaSceneSpring(keys: ["response", "dampingFraction"], terms: [.param("r"), .value(0.8)]))
        for (declaration, fragment) in [
            (#"k = { value = 2, min = 1, max = 3, apply = f, spring = 5 }"#, "scene.params.k: spring: expected a table"),
            (#"k = { value = 2, min = 1, max = 3, apply = f, spring = { frequency = "k", damping = 0.5, mass = 1 } }"#, "spring: unknown key \"mass\""),
            (#"k = { value = 2, min = 1, max = 3, apply = f, spring = { frequency = "k" } }"#, "spring: expected"),
            (#"k = { value = 2, min = 1, max = 3, apply = f, spring = { frequency = "k", dampingFraction = 0.5 } }"#, "spring: expected"),
            (#"k = { value = 2, min = 1, max = 3, apply = f, spring = { frequency = 2, damping = 0.5 } }"#, "name the slider it follows"),
            (#"k = { value = 2, min = 1, max = 3, apply = f, spring = { frequency = "k", damping = -1 } }"#, "spring.damping: must be within"),
            (#"k = { value = 2, min = 1, max = 3, apply = f, spring = { frequency = "k", damping = 0/0 } }"#, "spring.damping: must be finite"),
            (#"k = { value = 2, min = 1, max = 3, apply = f, spring = { frequency = "k", damping = 1e300 } }"#, "spring.damping: must be within"),
            (#"k = { value = 2, min = 1, max = 3, apply = f, spring = { frequency = "k", damping = true } }"#, "spring.damping: expected a number or a slider's name, got boolean"),
            (#"k = { value = 2, min = 1, max = 3, apply = f, spring = { frequency = "k", damping = "zeta" } }"#, "scene.params.k: spring.damping: no slider named \"zeta\""),
        ] {
            #expect(throws: LuaError.self) { try params(declaration) }
            do { _ = try params(declaration) } catch { #expect("\(error)".contains(fragment), "\(declaration): \(error)") }
        }
    }

    @Test("a spring slider's declaration reaches the page's scene message")
    func sceneMessageSprings() async throws {
        let scene = boxScene.replacingOccurrences(of: "apply = function(v) gravity.magnitude = v end },",
                                                  with: "apply = function(v) gravity.magnitude = v end, spring = { frequency = \"gravity\", damping = 0.25 } },")
        let session = await LiveSession(scenePath: try sceneFile("box.lua", scene), limits: LuaLimits())
        let message = try JSONValue(parsing: Data(session.sceneMessage.utf8))
        let spring = try #require(message["params"]?[0]?["spring"])
        #expect(spring["frequency"]?.string == "gravity" && spring["damping"]?.double == 0.25, "\(spring)")
    }
}

@Suite("dynamics serve: the inspector's and spring curve's HTTP routes", .serialized)
struct InspectorRouteTests {
    @Test("GET /item/NAME: JSON, percent-decoded names, 404 for an unknown name, 400 for bad names")
    func item() throws {
        let server = try ServerProcess(scene: try sceneFile("box.lua", namedScene))
        let box = try server.request("/item/box")
        #expect(box.status == 200, "\(box.text)")
        let json = try #require(box.json)
        #expect(json["name"]?.string == "box" && json["shape"]?.string == "rectangle")
        #expect(json["center"]?.array?.count == 2 && json["velocity"]?.array?.count == 2 && json["speed"]?.double != nil)
        #expect(json["mass"]?.double != nil && json["sleeping"]?.bool != nil && json["angularVelocity"]?.double != nil)
        #expect(json["behaviors"]?[0]?["type"]?.string == "GravityBehavior")
        let encoded = try server.request("/item/a%20b%2F%C3%BC")
        #expect(encoded.status == 200 && encoded.json?["name"]?.string == "a b/ü", "\(encoded.text)")
        let missing = try server.request("/item/nope")
        #expect(missing.status == 404 && missing.json?["error"]?.string == "item: no item named \"nope\"", "\(missing.text)")
        // Sent as raw requests: a URL cannot hold some of these paths.
        for (path, fragment) in [("/item/a%01b", "control characters"), ("/item/a%E2%80%AEb", "control characters"),
                                 ("/item/%zz", "percent-encoding"), ("/item/%C3", "percent-encoding"),
                                 ("/item/" + String(repeating: "x", count: 5000), "at most 4096 bytes")] {
            let reply = server.exchange("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n\r\n").reply
            #expect(reply.hasPrefix("HTTP/1.1 400") && reply.contains(fragment), "\(path.prefix(40)): \(reply.suffix(200))")
        }
        let post = try server.request("/item/box", method: "POST", body: "{}")
        #expect(post.status == 405 && post.json?["error"]?.string?.contains("use GET") == true, "\(post.text)")
    }

    @Test("POST /edit applies and refuses with 400 JSON; another site's page is refused")
    func edit() throws {
        let server = try ServerProcess(scene: try sceneFile("box.lua", boxScene))
        #expect(try server.request("/control", method: "POST", body: #"{"action":"pause"}"#).status == 200)
        let ok = try server.request("/edit", method: "POST", body: #"{"item":"box","property":"center","value":[123,45]}"#)
        #expect(ok.status == 200 && ok.json?["ok"]?.bool == true, "\(ok.text)")
        #expect(try server.request("/item/box").json?["center"]?.array?.compactMap { $0.double } == [123, 45])
        for body in [#"{"item":"box","property":"center","value":[1e300,1]}"#, #"{"item":"ghost","property":"angle","value":1}"#,
                     #"{"item":"box","property":"behaviors.0.magnitude","value":1e12}"#, "[]", "{"] {
            let r = try server.request("/edit", method: "POST", body: body)
            #expect(r.status == 400 && r.json?["error"]?.string?.isEmpty == false, "\(body): \(r.status) \(r.text)")
        }
        let cross = try server.request("/edit", method: "POST", body: #"{"item":"box","property":"angle","value":1}"#,
                                       headers: ["Origin": "http://attacker.test"])
        #expect(cross.status == 403, "\(cross.text)")
        let large = try server.request("/edit", method: "POST", body: String(repeating: "x", count: 100_000))
        #expect(large.status == 413, "\(large.text)")
    }

    @Test("GET /spring answers the step response, 400 naming the key for a bad query")
    func spring() throws {
        let server = try ServerProcess(scene: try sceneFile("box.lua", boxScene))
        let r = try server.request("/spring?frequency=2&damping=0.5")
        #expect(r.status == 200, "\(r.text)")
        let samples = try #require(r.json?["samples"]?.array?.compactMap { $0.double })
        let duration = try #require(r.json?["duration"]?.double)
        let spring = Spring(frequency: 2, dampingRatio: 0.5)
        #expect(samples.count == SpringCurve.sampleCount)
        for (i, v) in samples.enumerated() where i % 40 == 0 {
            #expect(abs(v - Double(spring.displacement(at: Double(i) * duration / Double(samples.count - 1)))) < 1e-12)
        }
        for (query, fragment) in [("frequency=0&damping=1", "spring.frequency"), ("frequency=2&damping=%6E%61%6E", "spring.damping"),
                                  ("frequency=2", "expected frequency and damping"), ("", "expected frequency and damping"),
                                  ("frequency=2&damping=1&q=" + String(repeating: "9", count: 600), "at most 512 bytes")] {
            let bad = try server.request("/spring?" + query)
            #expect(bad.status == 400 && bad.json?["error"]?.string?.contains(fragment) == true, "\(query.prefix(40)): \(bad.text)")
        }
    }
}
