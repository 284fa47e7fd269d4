import DynamicsTestSupport
import Foundation
import Testing

/// `dynamics run SCENE --explain-rest` (docs/cli.md): what keeps the animator awake, after
/// the summary line on standard output, or what rested last.
@Suite("dynamics run --explain-rest")
struct ExplainRestCommandTests {
    private func scene(_ name: String) -> String {
        packageRoot.appendingPathComponent("Tests/Scenes/awake/\(name)").path
    }

    @Test("a ghost item in gravity is named as what keeps the animator awake")
    func ghost() throws {
        let r = try runDynamics(["run", scene("ghost.lua"), "--explain-rest"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 4, "\(r.stdout)")
        #expect(lines[0].hasSuffix("ghost.lua: 2 items, 2.000 s simulated, running"))
        #expect(lines[1] == "awake at 2.000 s: 1 item not at rest (1 under an unbalanced force)")
        #expect(lines[2].hasPrefix("  ghost: moves at "), "\(lines[2])")
        #expect(lines[2].hasSuffix("pt/s (rests below 5 pt/s); under an unbalanced force of 1000 pt/s² (touches nothing, nothing holds it: it cannot come to rest)"), "\(lines[2])")
        // The card, on the floor, rested; the ghost never does.
        #expect(lines[3].hasPrefix("last to rest: card at "), "\(lines[3])")
        // Its speed after 2 s of 1000 pt/s² under the default resistance (0.1/s): below 2000.
        let speed = try #require(Double(lines[2].split(separator: " ")[3]))
        #expect(speed > 1700 && speed < 2000, "speed \(speed)")
        // Without the flag, only the summary.
        let plain = try runDynamics(["run", scene("ghost.lua")])
        #expect(plain.status == 0 && plain.stdout.split(separator: "\n").count == 1, "\(plain.stdout)")
    }

    @Test("a scene that pauses says what rested last and when")
    func pauses() throws {
        let r = try runDynamics(["run", scene("settles.lua"), "--explain-rest"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 2, "\(r.stdout)")
        #expect(lines[0].hasSuffix("paused"))
        let re = try NSRegularExpression(pattern: #"^paused at ([0-9.]+) s; last to rest: high at ([0-9.]+) s$"#)
        let m = try #require(re.firstMatch(in: lines[1], range: NSRange(lines[1].startIndex..., in: lines[1])), "\(lines[1])")
        let paused = Double(lines[1][Range(m.range(at: 1), in: lines[1])!])!
        let rested = Double(lines[1][Range(m.range(at: 2), in: lines[1])!])!
        // The last item fell asleep in an internal step of the frame that paused.
        #expect(rested <= paused && rested > paused - 1.0 / 60 - 1e-3, "rested \(rested), paused \(paused)")
    }

    @Test("an undamped spring, a far timer, a task, a push and an animated field are each named")
    func scheduledWork() throws {
        let file = try temporaryFile("busy.lua", """
            local dyn = require "dynamics"
            local a = dyn.animator{}
            local bob = dyn.item{ center = {150, 100}, size = {20, 20}, name = "bob" }
            a:addBehavior(dyn.attachment{ item = bob, anchor = {100, 100}, length = 0, frequency = 1, damping = 0 })
            local puck = dyn.item{ center = {400, 100}, size = {20, 20}, name = "puck" }
            a:addBehavior(dyn.push{ items = {puck}, mode = "continuous", direction = {0.25, 0} })
            local leaf = dyn.item{ center = {600, 100}, size = {20, 20}, name = "leaf" }
            a:addBehavior(dyn.field.noise{ items = {leaf}, smoothness = 0.5, animationSpeed = 2 })
            a:addBehavior(dyn.field.turbulence{ items = {leaf}, smoothness = 0.5, animationSpeed = 1 })
            a:after(500, function() end)
            a:spawn(function() dyn.wait(90) end)
            return { animator = a, seconds = 1 }
            """)
        let r = try runDynamics(["run", file, "--explain-rest"])
        #expect(r.status == 0, "\(r.stderr)")
        let out = r.stdout
        #expect(out.contains("awake at 1.000 s: 3 items not at rest (2 under an unbalanced force), 1 pending timer, 1 task waiting for time"), "\(out)")
        #expect(out.contains("  bob: "), "\(out)")
        #expect(out.contains("  puck: moves at "), "\(out)")
        // The push: a = 100·0.25/0.04 = 625 pt/s² on a 20×20 item of density 1.
        #expect(out.contains("under an unbalanced force of 625 pt/s²"), "\(out)")
        #expect(out.contains("  timer due at 500.000 s\n"), "\(out)")
        #expect(out.contains("  task waiting for seconds, due at 90.000 s\n"), "\(out)")
        #expect(out.contains("  continuous push of 0.25 N on 1 item\n"), "\(out)")
        #expect(out.contains("  noise field (animationSpeed 2) on 1 item: its force changes with time, so it keeps them awake\n"), "\(out)")
        #expect(out.contains("  turbulence field (animationSpeed 1) on 1 item: its force changes with time, but only moving items feel it, so it keeps none awake by itself\n"), "\(out)")
    }
}
