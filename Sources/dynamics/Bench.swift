import ArgumentParser
import Dynamics
import DynamicsLua
import DynamicsScenes
import Foundation

/// `dynamics bench [--scene NAME] [--json] [--runs N]`: the standard scenes, ms per step.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Benchmark the standard scenes (build with -c release).",
        discussion: "Each scene runs its 1200 steps --runs times; msPerStep is the median run's time per step."
    )

    @Option(help: "Run only this scene (\(StandardScenes.benchmarkNames.joined(separator: ", "))).")
    var scene: String?

    @Flag(help: "Print a JSON array of {scene, items, steps, msPerStep, minMsPerStep, maxMsPerStep}.")
    var json = false

    @Option(help: "Runs per scene (at least 3).")
    var runs = 3

    func validate() throws {
        guard runs >= 3 else { throw ValidationError("--runs must be at least 3, got \(runs)") }
        if let scene, StandardScenes.named(scene) == nil {
            throw ValidationError("unknown scene '\(scene)'; scenes: \(StandardScenes.benchmarkNames.joined(separator: ", "))")
        }
    }

    struct Result: Codable {
        var scene: String
        var items: Int
        var steps: Int
        var msPerStep: Double
        var minMsPerStep: Double
        var maxMsPerStep: Double
        /// The step after which the animator paused (everything at rest), if it did.
        var pausedAtStep: Int?
        /// For luaField scenes: ns per item of the batched Lua field evaluation, and of a bare
        /// C loop calling the same law with lua_pcall (the reference of docs/architecture.md, "Lua inside the tick").
        var nsPerFieldEvaluation: Double?
        var bareLoopNsPerEvaluation: Double?
        /// The same evaluation with a count hook installed all the time (what the
        /// watchdog-armed budget avoids).
        var nsPerFieldEvaluationWithPermanentHook: Double?
        /// For luaAction scenes: ns per property access from Lua, by access.
        var nsPerPropertyAccess: [String: Double]?
    }

    func run() throws {
        let names = scene.map { [$0] } ?? StandardScenes.benchmarkNames
        var results: [Result] = []
        if !json {
            print("scene          items  steps   ms/step (median)   min      max   paused at step")
        }
        for name in names {
            var times: [Double] = []
            var items = 0, steps = 0
            var pausedAt: Int?
            for _ in 0..<runs {
                let s = StandardScenes.named(name)!
                items = s.items.count
                steps = s.frames
                pausedAt = nil
                let start = DispatchTime.now().uptimeNanoseconds
                for f in 0..<s.frames {
                    s.animator.step(s.frameDuration)
                    if pausedAt == nil && !s.animator.isRunning { pausedAt = f + 1 }
                }
                let ns = DispatchTime.now().uptimeNanoseconds - start
                times.append(Double(ns) / 1e6 / Double(s.frames))
            }
            times.sort()
            let r = Result(scene: name, items: items, steps: steps, msPerStep: times[times.count / 2],
                           minMsPerStep: times.first!, maxMsPerStep: times.last!, pausedAtStep: pausedAt)
            var row = r
            if name.hasPrefix("luaAction") {
                row.nsPerPropertyAccess = Dictionary(uniqueKeysWithValues: try LuaMeasurements.propertyAccessNanoseconds())
            }
            if name.hasPrefix("luaField") {
                row.nsPerFieldEvaluation = try LuaMeasurements.fieldEvaluationNanoseconds()
                row.bareLoopNsPerEvaluation = try LuaMeasurements.bareLoopNanoseconds()
                row.nsPerFieldEvaluationWithPermanentHook = try LuaMeasurements.fieldEvaluationNanoseconds(permanentHook: true)
            }
            results.append(row)
            if !json {
                print(String(format: "%-13@ %6d %6d   %10.4f      %8.4f %8.4f   %@", name as NSString, items, steps, r.msPerStep,
                             r.minMsPerStep, r.maxMsPerStep, (pausedAt.map { "\($0)" } ?? "-") as NSString))
                if let access = row.nsPerPropertyAccess {
                    for (k, v) in access.sorted(by: { $0.key < $1.key }) {
                        print(String(format: "              %@: %.0f ns", k as NSString, v))
                    }
                }
                if let f = row.nsPerFieldEvaluation, let b = row.bareLoopNsPerEvaluation {
                    print(String(format: "              field evaluation %.1f ns per item; bare C loop %.1f ns (%.2f×)", f, b, f / b))
                    if let h = row.nsPerFieldEvaluationWithPermanentHook {
                        print(String(format: "              with a count hook always installed: %.1f ns (%.2f× the armed-on-overrun budget)", h, h / f))
                    }
                }
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(results), as: UTF8.self))
        }
    }
}
