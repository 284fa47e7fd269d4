import DynamicsTestSupport
import Foundation
import Testing

/// `GET /awake` (docs/cli.md): the viewer's rest explanation as JSON.
@Suite("dynamics serve: GET /awake", .serialized)
struct AwakeRouteTests {
    private func scene(_ name: String) -> String {
        packageRoot.appendingPathComponent("Tests/Scenes/awake/\(name)").path
    }

    /// Polls `GET /awake` until `done` holds (or 10 s pass); returns the last answer.
    private func poll(_ server: ServerProcess, until done: (JSONValue) -> Bool) throws -> JSONValue {
        var last: JSONValue?
        for _ in 0..<200 {
            let r = try server.request("/awake")
            #expect(r.status == 200, "\(r.text)")
            if let json = r.json { last = json; if done(json) { return json } }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return try #require(last)
    }

    @Test("a ghost item in gravity is named, with its speed and the unbalanced force")
    func ghost() throws {
        let server = try ServerProcess(scene: scene("ghost.lua"))
        let json = try poll(server) { ($0["time"]?.double ?? 0) > 0.3 }
        #expect(json["running"]?.bool == true)
        #expect(json["causes"]?.strings?.contains("movingItems") == true, "\(json)")
        let items = try #require(json["items"]?.array)
        let ghost = try #require(items.first { $0["name"]?.string == "ghost" }, "\(items)")
        #expect(ghost["reason"]?.string == "aboveRestSpeed")
        #expect(ghost["unbalancedForce"]?.bool == true)
        #expect(ghost["touching"]?.bool == false)
        #expect(ghost["restThreshold"]?.double == 5)
        // Default gravity, 1000 pt/s²; its speed is its own velocity's length.
        #expect(abs((ghost["acceleration"]?.double ?? 0) - 1000) < 1e-6)
        let vx = try #require(ghost["vx"]?.double), vy = try #require(ghost["vy"]?.double)
        #expect(abs(hypot(vx, vy) - (ghost["speed"]?.double ?? -1)) < 1e-3)
        #expect(vy > 5)
        #expect(json["itemCount"]?.double == Double(items.count))
        let lines = try #require(json["lines"]?.strings)
        #expect(lines.first?.contains("under an unbalanced force") == true, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("  ghost: moves at ") }, "\(lines)")
        #expect((json.keys ?? []).isSuperset(of: ["causes", "fields", "headline", "heldForces", "items", "lastRest", "lines",
                                                   "pausedAt", "pushes", "restSpeed", "running", "tasks", "time", "timeToRest", "timers"]))
        // Paused by the page's control: the animator still explains itself (the viewer's pause
        // is not the animator's), and the answer is kept while nothing steps.
        #expect(try server.request("/control", method: "POST", body: #"{"action":"pause"}"#).status == 200)
        let a = try server.request("/awake").text, b = try server.request("/awake").text
        #expect(a == b)
        #expect(try server.request("/control", method: "POST", body: #"{"action":"step"}"#).status == 200)
        #expect(try server.request("/awake").text != a)
    }

    @Test("a scene that pauses says what rested last and when")
    func pauses() throws {
        let server = try ServerProcess(scene: scene("settles.lua"))
        let json = try poll(server) { $0["running"]?.bool == false }
        #expect(json["running"]?.bool == false, "\(json)")
        #expect(json["causes"]?.array?.isEmpty == true)
        #expect(json["itemCount"]?.double == 0)
        let paused = try #require(json["pausedAt"]?.double)
        let last = try #require(json["lastRest"])
        #expect(last["name"]?.string == "high")
        let rested = try #require(last["time"]?.double)
        #expect(rested <= paused && rested > paused - 1.0 / 60 - 1e-9)
        #expect(json["headline"]?.string?.hasPrefix("paused at ") == true)
    }

    @Test("bad requests: another method is a 405, a body a 400, and the server keeps serving")
    func badRequests() throws {
        let server = try ServerProcess(scene: scene("ghost.lua"))
        for method in ["POST", "PUT", "DELETE"] {
            let r = try server.request("/awake", method: method, body: "{}")
            #expect(r.status == 405, "\(method): \(r.status) \(r.text)")
            #expect(r.json?["error"]?.string?.contains("use GET") == true, "\(r.text)")
        }
        let withBody = server.exchange("GET /awake HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\n{}")
        #expect(withBody.reply.hasPrefix("HTTP/1.1 400"), "\(withBody.reply.prefix(200))")
        #expect(withBody.reply.contains("has no body"))
        #expect(try server.request("/awake?x=1").status == 200) // a query is ignored, as /state's
        #expect(try server.request("/awake").status == 200)
    }
}
