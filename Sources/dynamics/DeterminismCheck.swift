import ArgumentParser
import Dynamics
import DynamicsLua
import DynamicsRecording
import Foundation

// `dynamics check --determinism SCENE [--runs N] [--seconds S]`: runs the scene in N separate
// processes of this same executable (`determinism-worker`), each writing a line per frame
// with the frame's state hash and every item's, and compares them frame by frame. A
// difference names the first frame, its simulated time and the first item that differs.

/// One run's frames as a worker wrote them.
struct DeterminismRun {
    struct Frame: Equatable {
        var time: Double
        var hash: UInt64
        var items: [UInt64]
        /// Index into `names` of the item list this frame was taken over.
        var namesIndex: Int
    }
    var frames: [Frame] = []
    var names: [[String]] = []

    /// Reads a worker's report: `N<TAB>name…` when the item list changes, then
    /// `F<TAB>time bits<TAB>frame hash<TAB>item hash,…` a frame (hexadecimal). Nil for a
    /// line it cannot read.
    init?(report: String) {
        for line in report.split(separator: "\n", omittingEmptySubsequences: true) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            switch fields.first {
            case "N":
                names.append(fields.dropFirst().map(String.init))
            case "F":
                guard fields.count == 4, !names.isEmpty, let time = UInt64(fields[1], radix: 16),
                      let hash = UInt64(fields[2], radix: 16) else { return nil }
                var items: [UInt64] = []
                for h in fields[3].split(separator: ",") {
                    guard let v = UInt64(h, radix: 16) else { return nil }
                    items.append(v)
                }
                frames.append(Frame(time: Double(bitPattern: time), hash: hash, items: items, namesIndex: names.count - 1))
            default:
                return nil
            }
        }
    }

    /// The first difference from `other` (the reference run), in words; nil when every frame
    /// agrees.
    func firstDifference(from other: DeterminismRun) -> String? {
        for (f, (mine, theirs)) in zip(frames, other.frames).enumerated() where mine != theirs {
            let at = String(format: "frame %d (t = %.4f s)", f, theirs.time)
            if mine.time != theirs.time { return "\(at): the simulated time differs (\(mine.time) s)" }
            let myNames = names[mine.namesIndex], theirNames = other.names[theirs.namesIndex]
            if myNames != theirNames || mine.items.count != theirs.items.count {
                return "\(at): the items differ (\(mine.items.count) against \(theirs.items.count))"
            }
            let i = mine.items.indices.first { mine.items[$0] != theirs.items[$0] } ?? 0
            let name = i < theirNames.count && !theirNames[i].isEmpty ? "'\(theirNames[i])'" : "unnamed"
            return "\(at): item #\(i + 1) (\(name)) differs"
        }
        if frames.count != other.frames.count {
            return "after frame \(min(frames.count, other.frames.count) - 1): \(frames.count) frames against \(other.frames.count)"
        }
        return nil
    }
}

enum DeterminismCheck {
    /// Runs `scene` in `runs` worker processes at once and compares them. True when every
    /// run has the same frames; prints the outcome either way.
    static func check(scene: String, runs: Int, workerArguments: [String]) -> Bool {
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("dynamics-determinism-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            printError("error: cannot make a private temporary folder: \(String(cString: strerror(errno)))")
            return false
        }
        let folder = URL(fileURLWithPath: String(cString: made))
        defer { try? FileManager.default.removeItem(at: folder) }
        var processes: [(Process, report: URL, errors: URL)] = []
        for r in 0..<runs {
            let report = folder.appendingPathComponent("run\(r).txt"), errors = folder.appendingPathComponent("run\(r).err")
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            let process = Process()
            process.executableURL = Worker.executable
            process.arguments = ["determinism-worker", "--report=\(report.path)"] + workerArguments + ["--", scene]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try? FileHandle(forWritingTo: errors)
            do { try process.run() } catch {
                printError("error: \(ShownText.line(scene)): cannot start a run: \(error)")
                return false
            }
            processes.append((process, report, errors))
        }
        var results: [DeterminismRun] = []
        var failed = false
        for (r, (process, report, errors)) in processes.enumerated() {
            process.waitUntilExit()
            let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            guard process.terminationReason == .exit, process.terminationStatus == 0,
                  let text = try? String(contentsOf: report, encoding: .utf8), let run = DeterminismRun(report: text) else {
                let how = process.terminationReason == .uncaughtSignal ? "crashed (signal \(process.terminationStatus))" : "failed (exit status \(process.terminationStatus))"
                printError("error: \(ShownText.line(scene)): run \(r + 1) \(how)\(said.isEmpty ? "" : ":\n" + said.suffix(2000))")
                failed = true
                continue
            }
            results.append(run)
        }
        if failed { return false }
        for r in 1..<results.count {
            if let difference = results[r].firstDifference(from: results[0]) {
                printError("error: \(ShownText.line(scene)): not deterministic: run \(r + 1) differs from run 1 at \(difference)")
                return false
            }
        }
        let last = results[0].frames.last
        printOut(String(format: "ok %@: %d runs agree on %d frames (%.3f s, final hash %016llx)",
                        ShownText.line(scene) as NSString, runs, results[0].frames.count, last?.time ?? 0, last?.hash ?? 0))
        return true
    }
}

/// `dynamics determinism-worker SCENE --report FILE`: runs the scene as `run` does (at 60
/// frames a second) and writes every frame's state hashes (the worker's side of
/// `check --determinism`; not for direct use).
struct DeterminismWorker: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "determinism-worker", shouldDisplay: false)

    @Argument var scene: String
    @Option(name: .customLong("report")) var reportFile: String
    @Option var seconds: Double?
    @OptionGroup var lua: LuaOptions

    func run() throws {
        let loaded: LoadedScene
        do {
            loaded = try LoadedScene(path: scene, limits: lua.limits) { report($0) }
        } catch let error as LuaError {
            report(error)
            throw ExitCode(1)
        }
        let animator = loaded.animator
        let fps = 60.0
        let (frames, lastFrame) = animator.frames(covering: seconds ?? loaded.seconds ?? 10, frame: 1 / fps)
        var out = ""
        var names: [String]?
        func record() {
            let items = StateHash.items(of: animator)
            let shown = items.map { ShownText.line(StateHash.name(of: $0)).replacingOccurrences(of: "\t", with: " ") }
            if shown != names {
                names = shown
                out += (["N"] + shown).joined(separator: "\t") + "\n"
            }
            var hashes: [UInt64] = []
            hashes.reserveCapacity(items.count)
            for item in items { hashes.append(StateHash.item(item, on: animator)) }
            let frameHash = StateHash.frame(time: animator.elapsedTime, items: hashes)
            out += "F\t\(String(animator.elapsedTime.bitPattern, radix: 16))\t\(String(frameHash, radix: 16))\t\(hashes.map { String($0, radix: 16) }.joined(separator: ","))\n"
        }
        animator.step(0) // the scene's behaviors join, so its items are in the world
        record()
        for _ in 0..<frames {
            animator.step(1 / fps)
            record()
        }
        if lastFrame > 0 {
            animator.step(lastFrame)
            record()
        }
        withExtendedLifetime(loaded) {}
        try OutputFile.write(out, to: reportFile, option: "--report")
    }
}
