import ArgumentParser
import Dynamics
import DynamicsBench
import DynamicsScenes
import Foundation

/// `dynamics bench [--scene NAME] [--json] [--runs N]`: the standard scenes, ms per step.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Benchmark the standard scenes (build with -c release).",
        discussion: """
            Each scene runs its own number of steps (boxesN and pyramidN 1200, luaFieldN and luaActionN 600, \
            swiftActionN 600 too, largePyramid and jointGrid 500, manyPyramids 200; --steps runs fewer) --runs \
            times; msPerStep is the median run's time per step. A luaActionN row also runs swiftActionN, the \
            same per-item work in a Swift CustomBehavior, and prints the ratio.
            """
    )

    @Option(help: "Run only this scene (\(BenchScenes.benchmarkNames.joined(separator: ", "))).")
    var scene: String?

    @Flag(help: "Print a JSON array of {scene, items, steps, sleep, msPerStep, minMsPerStep, maxMsPerStep, pausedAtStep}.")
    var json = false

    @Option(parsing: .unconditional, help: "Runs per scene (3…1000).")
    var runs = 3

    @Flag(help: "Keep every item awake, so each step is a moving step (Box2D's benchmark runs with sleep off).")
    var noSleep = false

    @Option(parsing: .unconditional, help: "Run only the first N steps of each scene (for profilers such as callgrind, where a full run is slow).")
    var steps: Int?

    @Flag(help: "Also time taking and restoring a snapshot of each scene halfway through its steps (median of 21 each).")
    var snapshots = false

    func validate() throws {
        // Bounded: --runs 9223372036854775807 ran until killed.
        guard runs >= 3, runs <= 1000 else { throw ValidationError("--runs must be in 3…1000, got \(runs)") }
        if let steps, steps < 1 { throw ValidationError("--steps must be at least 1, got \(steps)") }
        if let scene, !BenchScenes.exists(scene) {
            throw ValidationError("unknown scene '\(scene)'; scenes: \(BenchScenes.benchmarkNames.joined(separator: ", ")), or boxesN, pyramidN, luaFieldN, luaActionN, swiftActionN of at most \(StandardScenes.maximumItems) items")
        }
    }

    struct Result: Codable {
        var scene: String
        var items: Int
        var steps: Int
        /// False under --no-sleep: every item stayed awake.
        var sleep: Bool
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
        /// For luaActionN scenes: swiftActionN's ms per step (the same per-item work by a Swift
        /// `CustomBehavior`, same runs and steps), and msPerStep over it.
        var swiftBaselineMsPerStep: Double?
        var swiftBaselineRatio: Double?
        /// Under --snapshots: ms to take and to restore a snapshot halfway through the scene,
        /// and the bytes of engine state it copies.
        var snapshotMs: Double?
        var restoreMs: Double?
        var snapshotBytes: Int?

        enum CodingKeys: String, CodingKey {
            case scene, items, steps, sleep, msPerStep, minMsPerStep, maxMsPerStep, pausedAtStep
            case nsPerFieldEvaluation, bareLoopNsPerEvaluation, nsPerFieldEvaluationWithPermanentHook, nsPerPropertyAccess
            case swiftBaselineMsPerStep, swiftBaselineRatio, snapshotMs, restoreMs, snapshotBytes
        }

        /// Every row has `pausedAtStep` (null when the scene never paused); the Lua figures
        /// appear only on their scenes.
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(scene, forKey: .scene)
            try c.encode(items, forKey: .items)
            try c.encode(steps, forKey: .steps)
            try c.encode(sleep, forKey: .sleep)
            try c.encode(msPerStep, forKey: .msPerStep)
            try c.encode(minMsPerStep, forKey: .minMsPerStep)
            try c.encode(maxMsPerStep, forKey: .maxMsPerStep)
            try c.encode(pausedAtStep, forKey: .pausedAtStep)
            try c.encodeIfPresent(nsPerFieldEvaluation, forKey: .nsPerFieldEvaluation)
            try c.encodeIfPresent(bareLoopNsPerEvaluation, forKey: .bareLoopNsPerEvaluation)
            try c.encodeIfPresent(nsPerFieldEvaluationWithPermanentHook, forKey: .nsPerFieldEvaluationWithPermanentHook)
            try c.encodeIfPresent(nsPerPropertyAccess, forKey: .nsPerPropertyAccess)
            try c.encodeIfPresent(swiftBaselineMsPerStep, forKey: .swiftBaselineMsPerStep)
            try c.encodeIfPresent(swiftBaselineRatio, forKey: .swiftBaselineRatio)
            try c.encodeIfPresent(snapshotMs, forKey: .snapshotMs)
            try c.encodeIfPresent(restoreMs, forKey: .restoreMs)
            try c.encodeIfPresent(snapshotBytes, forKey: .snapshotBytes)
        }
    }

    func run() throws {
        let names = scene.map { [$0] } ?? BenchScenes.benchmarkNames
        var results: [Result] = []
        let table = Table(columns: [("scene", 14, .left), ("items", 6, .right), ("steps", 6, .right),
                                    ("sleep", 6, .right), ("ms/step", 10, .right), ("min", 10, .right),
                                    ("max", 10, .right), ("paused at", 10, .right)])
        if !json { print(table.header) }
        for name in names {
            let r = try measure(name)
            var row = r
            if name.hasPrefix("luaAction") {
                row.nsPerPropertyAccess = Dictionary(uniqueKeysWithValues: try LuaMeasurements.propertyAccessNanoseconds())
                let baseline = try measure("swiftAction" + name.dropFirst("luaAction".count))
                row.swiftBaselineMsPerStep = baseline.msPerStep
                row.swiftBaselineRatio = r.msPerStep / baseline.msPerStep
            }
            if name.hasPrefix("luaField") {
                row.nsPerFieldEvaluation = try LuaMeasurements.fieldEvaluationNanoseconds()
                row.bareLoopNsPerEvaluation = try LuaMeasurements.bareLoopNanoseconds()
                row.nsPerFieldEvaluationWithPermanentHook = try LuaMeasurements.fieldEvaluationNanoseconds(permanentHook: true)
            }
            if snapshots { (row.snapshotMs, row.restoreMs, row.snapshotBytes) = try measureSnapshots(name) }
            results.append(row)
            if !json {
                print(table.row([name, "\(r.items)", "\(r.steps)", noSleep ? "off" : "on", String(format: "%.4f", r.msPerStep),
                                 String(format: "%.4f", r.minMsPerStep), String(format: "%.4f", r.maxMsPerStep),
                                 r.pausedAtStep.map { "\($0)" } ?? "-"]))
                if let b = row.swiftBaselineMsPerStep, let ratio = row.swiftBaselineRatio {
                    print(String(format: "              Swift CustomBehavior doing the same per item: %.4f ms/step (Lua %.2f×)", b, ratio))
                }
                if let t = row.snapshotMs, let r = row.restoreMs, let b = row.snapshotBytes {
                    print(String(format: "              snapshot %.4f ms, restore %.4f ms (%.0f kB of engine state; %.2f and %.2f of a step)",
                                 t, r, Double(b) / 1024, t / row.msPerStep, r / row.msPerStep))
                }
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

extension Bench {
    /// Runs scene `name` --runs times (its own steps, or --steps): the median, fastest and
    /// slowest run's ms per step, and the step after which the last run paused.
    func measure(_ name: String) throws -> Result {
        var times: [Double] = []
        var items = 0, steps = 0
        var pausedAt: Int?
        for _ in 0..<runs {
            guard let s = try BenchScenes.build(name) else {
                throw ValidationError("unknown scene '\(name)'")
            }
            if noSleep { s.animator.isSleepEnabled = false }
            items = s.items.count
            steps = min(s.frames, self.steps ?? s.frames)
            pausedAt = nil
            let start = DispatchTime.now().uptimeNanoseconds
            for f in 0..<steps {
                s.animator.step(s.frameDuration)
                if pausedAt == nil && !s.animator.isRunning { pausedAt = f + 1 }
            }
            let ns = DispatchTime.now().uptimeNanoseconds - start
            times.append(Double(ns) / 1e6 / Double(steps))
        }
        times.sort()
        return Result(scene: name, items: items, steps: steps, sleep: !noSleep, msPerStep: times[times.count / 2],
                      minMsPerStep: times.first!, maxMsPerStep: times.last!, pausedAtStep: pausedAt)
    }
}

extension Bench {
    /// Runs scene `name` halfway through its steps, then takes and restores a snapshot 21
    /// times each: the median ms of each, and the engine bytes a snapshot copies.
    func measureSnapshots(_ name: String) throws -> (Double, Double, Int) {
        guard let s = try BenchScenes.build(name) else { throw ValidationError("unknown scene '\(name)'") }
        if noSleep { s.animator.isSleepEnabled = false }
        for _ in 0..<(min(s.frames, steps ?? s.frames) / 2) { s.animator.step(s.frameDuration) }
        var taking: [Double] = [], restoring: [Double] = []
        var last = s.animator.snapshot()
        for _ in 0..<21 {
            let t0 = DispatchTime.now().uptimeNanoseconds
            last = s.animator.snapshot()
            let t1 = DispatchTime.now().uptimeNanoseconds
            try s.animator.restore(last)
            let t2 = DispatchTime.now().uptimeNanoseconds
            taking.append(Double(t1 - t0) / 1e6)
            restoring.append(Double(t2 - t1) / 1e6)
        }
        return (taking.sorted()[10], restoring.sorted()[10], last.byteCount)
    }
}

/// A plain-text table with fixed column widths: every row lines up under the header, and a
/// value wider than its column widens that cell only.
struct Table {
    enum Alignment { case left, right }
    var columns: [(title: String, width: Int, alignment: Alignment)]

    var header: String { row(columns.map(\.title)) }

    func row(_ cells: [String]) -> String {
        zip(columns, cells).map { column, cell in
            let pad = String(repeating: " ", count: max(0, column.width - cell.count))
            return column.alignment == .left ? cell + pad : pad + cell
        }.joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }
}
