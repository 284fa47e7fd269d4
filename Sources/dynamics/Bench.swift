import ArgumentParser
import Dynamics
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
    }

    func run() throws {
        let names = scene.map { [$0] } ?? StandardScenes.benchmarkNames
        var results: [Result] = []
        if !json {
            print("scene        items  steps   ms/step (median)   min      max   paused at step")
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
            results.append(r)
            if !json {
                print(String(format: "%-11@ %6d %6d   %10.4f      %8.4f %8.4f   %@", name as NSString, items, steps, r.msPerStep,
                             r.minMsPerStep, r.maxMsPerStep, (pausedAt.map { "\($0)" } ?? "-") as NSString))
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(results), as: UTF8.self))
        }
    }
}
