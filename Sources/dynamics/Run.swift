import ArgumentParser
import Dynamics
import DynamicsLua
import DynamicsRecording
import DynamicsRender
import Foundation

/// `dynamics run SCENE.lua [--seconds S] [--fps N] [--trace out.csv|out.json] [--svg out.svg [--svg-at T]] [--debug]`
///
/// The scene script builds its scene and returns its animator, or a table with `animator`
/// (and optionally `seconds`, the default run length). The CLI steps it at `--fps` frames per
/// second, records the items, and writes what was asked.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run a Lua scene, optionally recording a trace or an animated SVG.")

    @Argument(help: "The scene script.")
    var scene: String

    @Option(parsing: .unconditional, help: "Seconds to run (default: the scene's `seconds`, else 10).")
    var seconds: Double?

    @Option(parsing: .unconditional, help: "Frames per second of stepping (default 60).")
    var fps: Double = 60

    @Option(help: "Write a trace: .csv (time,item,x,y,angle,vx,vy) or .json.")
    var trace: String?

    @Option(help: "Write an animated SVG (open it in a browser).")
    var svg: String?

    @Option(name: .customLong("svg-at"), parsing: .unconditional,
            help: "With --svg: write the frame shown at this simulated time (s) as a still picture instead of the animation.")
    var svgAt: Double?

    @Option(help: "Write a recording (.dynrec, docs/recordings.md) as the run goes, for `dynamics replay`.")
    var record: String?

    @Flag(help: "Draw boundaries, attachments, snap points, field regions and contacts in the SVG.")
    var debug = false

    @Flag(name: .customLong("explain-rest"),
          help: "At the end, print what keeps the animator awake (or, if it paused, what rested last and when).")
    var explainRest = false

    @OptionGroup var timeout: TimeoutOption

    @OptionGroup var lua: LuaOptions

    func validate() throws {
        guard fps.isFinite, fps >= 1, fps <= 1000 else { throw ValidationError("--fps must be in 1…1000, got \(fps)") }
        if let seconds {
            guard seconds.isFinite, seconds >= 0, seconds <= 86_400 else {
                throw ValidationError("--seconds must be in 0…86400, got \(seconds)")
            }
        }
        if let svgAt {
            guard svg != nil else { throw ValidationError("--svg-at needs --svg FILE (the file the still picture goes to)") }
            guard svgAt.isFinite, svgAt >= 0, svgAt <= 86_400 else {
                throw ValidationError("--svg-at must be a simulated time in 0…86400 s, got \(svgAt)")
            }
        }
        if let trace { guard trace.hasSuffix(".csv") || trace.hasSuffix(".json") else {
            throw ValidationError("--trace must end in .csv or .json, got \(trace)")
        } }
        guard FileManager.default.fileExists(atPath: scene) else { throw ValidationError("no such scene file: \(scene)") }
        // Before the run, not after it: an output that cannot be written is known now.
        do {
            if let trace { try OutputFile.check(trace, option: "--trace", inputs: [scene], outputs: trace.hasSuffix(".csv") ? ["time,item"] : ["{"]) }
            if let svg { try OutputFile.check(svg, option: "--svg", inputs: [scene], outputs: ["<?xml", "<svg"]) }
            if let record { try OutputFile.check(record, option: "--record", inputs: [scene], outputs: [RecordingPaths.opening]) }
        } catch let failure as OutputFile.Failure {
            throw ValidationError(failure.description)
        }
    }

    /// Callback errors printed by a run; later ones are counted.
    static let maximumPrintedErrors = 100

    func run() throws {
        timeout.arm(scene)
        // Errors of callbacks are printed as they come, the first `maximumPrintedErrors` of
        // them, and counted: 100 000 failing actions printed 500 MB and kept 600 MB.
        var errorCount = 0
        let loaded: LoadedScene
        do {
            loaded = try LoadedScene(path: scene, limits: lua.limits) { error in
                errorCount += 1
                if errorCount <= Run.maximumPrintedErrors { report(error) }
            }
        } catch let error as LuaError {
            report(error)
            throw ExitCode(1)
        }
        let animator = loaded.animator
        let duration = seconds ?? loaded.seconds ?? 10
        let (frames, lastFrame) = animator.frames(covering: duration, frame: 1 / fps)
        animator.step(0) // the scene's behaviors join, so its items are in the world
        // Every item, wherever it is (speeds are clamped, so ±10¹⁵ pt holds any run).
        let items = animator.items(in: CGRect(x: -1e15, y: -1e15, width: 2e15, height: 2e15))
        // Sample times continue from the animator's own time: a scene that stepped itself
        // (a:run{seconds = 1} before returning) was traced with labels a second behind.
        let start = animator.elapsedTime
        // At most 30 samples a second, and at most one a frame (the JSON says which).
        let recorder = (trace != nil || (svg != nil && svgAt == nil))
            ? TraceRecorder(animator: animator, items: items, sampleRate: min(30, fps), debug: debug) : nil
        // `--svg-at T`: the frame on screen at T, the last one that ends at or before it
        // (a frame is never cut short for the picture, so the run is the one `--svg` shows).
        let end = start + Double(frames) / fps + lastFrame
        let still = svgAt.map { _ in
            TraceRecorder(animator: animator, items: items, sampleRate: .infinity, debug: debug)
        }
        if let svgAt, !(svgAt >= start - 1e-9 && svgAt <= end + 1e-9) {
            func shown(_ t: Double) -> String { String(format: "%g", t) }
            printError("error: --svg-at \(shown(svgAt)): the run covers \(shown(start))…\(shown(end)) s of simulated time (set its length with --seconds)")
            throw ExitCode(2)
        }
        let lastIndex = lastFrame > 0 ? frames + 1 : frames
        func frameTime(_ f: Int) -> Double { f <= frames ? start + Double(f) / fps : end }
        func offerStill(_ f: Int) {
            guard let still, let at = svgAt, still.frames.isEmpty else { return }
            if f == lastIndex || frameTime(f + 1) > at + 1e-9 { still.record(time: frameTime(f)) }
        }
        recorder?.record(time: animator.elapsedTime)
        offerStill(0)
        let recording = try record.map { try RunRecording(path: $0, scene: scene, fps: fps) }
        try recording?.endFrame(animator)
        let progress = stderrIsTerminal && frames >= 600
        for f in 0..<frames {
            animator.step(1 / fps)
            try recording?.endFrame(animator)
            recorder?.record(time: frameTime(f + 1))
            offerStill(f + 1)
            if progress && f % 60 == 0 {
                writeRaw(2, "\r\(scene): \(Int(100 * Double(f) / Double(frames)))%")
            }
        }
        if lastFrame > 0 {
            animator.step(lastFrame)
            try recording?.endFrame(animator, step: lastFrame)
            recorder?.record(time: end)
            offerStill(frames + 1)
        }
        if progress { writeRaw(2, "\r\u{1B}[K") }
        try recording?.finish()
        recorder?.finish(time: start + Double(frames) / fps + lastFrame)
        if let recorder, recorder.isTruncated {
            let end = recorder.frames.last.map { String(format: "%.3f", $0.time) } ?? "0"
            printError("error: \(trace != nil ? "--trace" : "--svg"): the recording of \(recorder.items.count) items reached its bound of \(recorder.maximumBytes >> 20) MB (what its files would hold) and ends at \(end) s (lower --seconds or record fewer items)")
            errorCount += 1
        }
        if let recorder {
            // Streamed a sample or an element at a time, and stopped at the bound with a
            // complete file: what is held while writing is one piece, not the file.
            var cut: [String] = []
            if let trace {
                let format: TraceFormat = trace.hasSuffix(".json") ? .json : .csv
                if try OutputFile.stream(to: trace, option: "--trace", limit: recorder.maximumBytes, { try recorder.write(format, to: $0) }) {
                    cut.append("--trace")
                }
            }
            if let svg, still == nil, try OutputFile.stream(to: svg, option: "--svg", limit: recorder.maximumBytes, { recorder.writeSVG(to: $0, debug: debug) }) {
                cut.append("--svg")
            }
            for option in cut {
                printError("error: \(option): the file reached its bound of \(recorder.maximumBytes >> 20) MB and ends early (\(option == "--svg" ? "items and overlay elements after it are not drawn" : "the samples after it are not written"))")
                errorCount += 1
            }
        }
        if let still, let svg { try OutputFile.write(still.svg(debug: debug), to: svg, option: "--svg") }
        let paused = animator.isRunning ? "running" : "paused"
        printOut(String(format: "%@: %d items, %.3f s simulated, %@", ShownText.line(scene) as NSString, items.count, animator.elapsedTime, paused as NSString))
        if explainRest { printOut(Run.restLines(animator, items: items).joined(separator: "\n")) }
        withExtendedLifetime(loaded) {}
        if errorCount > Run.maximumPrintedErrors {
            printError("error: … and \(errorCount - Run.maximumPrintedErrors) more errors (the first \(Run.maximumPrintedErrors) are shown)")
        }
        if errorCount > 0 { throw ExitCode(1) }
    }
}

extension Run {
    /// `--explain-rest`'s lines: the animator's `restExplanation()`, items named as traces
    /// name them (their name, else "itemN" by their place in `items`).
    static func restLines(_ animator: DynamicAnimator, items: [DynamicItem]) -> [String] {
        var index: [ObjectIdentifier: Int] = [:]
        for (i, item) in items.enumerated() { index[ObjectIdentifier(item)] = i }
        return RestReport(animator.restExplanation()) { item in
            let name = (item as? DynamicView)?.name ?? index[ObjectIdentifier(item)].map { "item\($0 + 1)" } ?? "an item"
            // As the viewer shows names: 128 characters at most.
            return ShownText.line(name.count > 128 ? String(name.prefix(128)) + "…" : name)
        }.lines
    }
}

/// A scene script loaded under the sandbox with the `dynamics` module (`LuaScene`), its
/// `seconds` checked.
final class LoadedScene {
    let state: LuaState
    let bridge: LuaBridge
    let animator: DynamicAnimator
    let seconds: Double?

    init(path: String, limits: LuaLimits, onError: @escaping (LuaError) -> Void) throws {
        // Locations name the path as given.
        let scene = try LuaScene(path: path, name: path, host: .run, limits: limits, onError: onError)
        state = scene.state
        bridge = scene.bridge
        animator = scene.animator
        if let s = scene.seconds, !(s.isFinite && s >= 0 && s <= 86_400) {
            throw LuaError(kind: .runtime, message: "\(path): the scene's seconds must be a number in 0…86400, got \(s)")
        }
        seconds = scene.seconds
    }
}
