import DynamicsTestSupport
import Foundation
import Testing

/// `dynamics check --determinism`: every example gives the same frames in separate
/// processes, and a scene that reads the process it runs in is caught at its first frame.
@Suite("dynamics check --determinism")
struct DeterminismCommandTests {
    static let examples: [String] = {
        let folder = packageRoot.appendingPathComponent("Examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".lua") }.sorted().map { folder.appendingPathComponent($0).path }
    }()

    @Test("Every example runs bit for bit the same in three processes")
    func examplesAreDeterministic() throws {
        #expect(Self.examples.count >= 12, "found \(Self.examples)")
        let r = try runDynamics(["check", "--determinism", "--runs", "3"] + Self.examples)
        #expect(r.status == 0, "\(r.stderr)")
        for scene in Self.examples {
            #expect(r.stdout.contains("ok \(scene): 3 runs agree on"), "\(scene): \(r.stdout)")
        }
    }

    @Test("A scene whose start depends on the process fails at frame 0, naming the item")
    func differenceIsNamed() throws {
        // The heap address of a table (randomised per process) and the CPU time so far.
        let scene = try temporaryFile("unsteady.lua", """
            local dyn = require "dynamics"
            local a = dyn.animator{ bounds = {0, 0, 400, 400} }
            local still = dyn.item{ center = {100, 100}, size = {20, 20}, name = "still" }
            local ball = dyn.item{ center = {200, 100}, size = {20, 20}, name = "ball" }
            a:addBehavior(dyn.gravity{ items = {still, ball} })
            a:step(0)
            local address = tonumber(tostring({}):match("0x(%x+)"), 16) or 0
            ball.velocity = {address % 997 + (os.clock() * 1e6) % 991, 0}
            return { animator = a, seconds = 0.5 }
            """)
        let r = try runDynamics(["check", "--determinism", "--runs", "4", scene])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("not deterministic: run "), "\(r.stderr)")
        #expect(r.stderr.contains("at frame 0 (t = 0.0000 s): item #2 ('ball') differs"), "\(r.stderr)")
    }

    @Test("Bad usage: --runs out of range or without --determinism, a scene that fails to load")
    func badUsage() throws {
        let scene = packageRoot.appendingPathComponent("Examples/pendulum.lua").path
        for (args, message) in [(["check", "--determinism", "--runs", "1", scene], "--runs must be in 2…16, got 1"),
                                (["check", "--determinism", "--runs", "17", scene], "--runs must be in 2…16, got 17"),
                                (["check", "--runs", "3", scene], "--runs needs --determinism"),
                                (["check", "--determinism", "--seconds", "-1", scene], "--seconds must be in 0…86400, got -1.0")] {
            let r = try runDynamics(args)
            #expect(r.status == 2 && r.stderr.contains(message), "\(args): \(r.stderr)")
        }
        let broken = try temporaryFile("broken.lua", "local dyn = require 'dynamics'\nerror('no scene here')\n")
        let r = try runDynamics(["check", "--determinism", broken])
        #expect(r.status == 1 && r.stderr.contains("run 1 failed (exit status 1)") && r.stderr.contains("no scene here"), "\(r.stderr)")
    }
}
