import ArgumentParser
import Dynamics
import DynamicsLua
import DynamicsRecording
import DynamicsRender
import Foundation

/// `dynamics replay REC.dynrec [--validate] [--seconds S] [--svg out.svg] [--trace out.csv] [--scene PATH]`
///
/// Loads the scene the recording names (relative to the recording's folder, or `--scene`),
/// warns when its SHA-256 is not the recorded one, and replays the recorded inputs on their
/// frames. `--validate` stops with status 1 at the first frame whose state differs, naming
/// the frame, its time, and the item and property that differ with both values.
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Replay a recording (.dynrec), optionally checking every frame against it.")

    @Argument(help: "The recording.")
    var recording: String

    @Flag(name: .customLong("validate"), help: "Exit 1 at the first frame whose state differs from the recording.")
    var validating = false

    @Option(parsing: .unconditional, help: "Replay only this many simulated seconds.")
    var seconds: Double?

    @Option(help: "The scene to replay on (default: the one the recording names, beside it).")
    var scene: String?

    @Option(help: "Write a trace: .csv (time,item,x,y,angle,vx,vy) or .json.")
    var trace: String?

    @Option(help: "Write an animated SVG (open it in a browser).")
    var svg: String?

    @Flag(help: "Draw boundaries, attachments, snap points, field regions and contacts in the SVG.")
    var debug = false

    @OptionGroup var timeout: TimeoutOption

    @OptionGroup var lua: LuaOptions

    func validate() throws {
        if let seconds {
            guard seconds.isFinite, seconds >= 0, seconds <= 86_400 else { throw ValidationError("--seconds must be in 0…86400, got \(seconds)") }
        }
        if let trace { guard trace.hasSuffix(".csv") || trace.hasSuffix(".json") else {
            throw ValidationError("--trace must end in .csv or .json, got \(trace)")
        } }
        guard FileManager.default.fileExists(atPath: recording) else { throw ValidationError("no such recording: \(recording)") }
        do {
            if let trace { try OutputFile.check(trace, option: "--trace", inputs: [recording], outputs: trace.hasSuffix(".csv") ? ["time,item"] : ["{"]) }
            if let svg { try OutputFile.check(svg, option: "--svg", inputs: [recording], outputs: ["<?xml", "<svg"]) }
        } catch let failure as OutputFile.Failure {
            throw ValidationError(failure.description)
        }
    }

    func run() throws {
        timeout.arm(recording)
        let shown = ShownText.line(recording)
        let reader: RecordingReader
        do { reader = try RecordingReader(path: recording) } catch {
            printError("error: \(shown): \(error)")
            throw ExitCode(1)
        }
        let header = reader.header
        let scenePath = scene ?? Replayer.scenePath(for: header, recording: recording)
        guard let sha = SHA256.hex(ofFile: scenePath) else {
            printError("error: \(shown): the scene \(ShownText.line(scenePath)) cannot be read (give it with --scene PATH)")
            throw ExitCode(1)
        }
        if sha != header.sceneSHA256 {
            printError("warning: \(shown): the scene \(ShownText.line(scenePath)) changed since the recording (its SHA-256 differs); replaying anyway")
        }
        var errorCount = 0
        let replayer: Replayer
        do {
            replayer = try Replayer(reader: reader, scenePath: scenePath, limits: lua.limits) { error in
                errorCount += 1
                if errorCount <= Run.maximumPrintedErrors { report(error) }
            }
        } catch let error as LuaError {
            report(error)
            throw ExitCode(1)
        } catch {
            printError("error: \(shown): \(error)")
            throw ExitCode(1)
        }
        let animator = replayer.scene.animator
        let items = StateHash.items(of: animator)
        let recorder = (trace != nil || svg != nil) ? TraceRecorder(animator: animator, items: items, sampleRate: min(30, header.fps), debug: debug) : nil
        let outcome: ReplayOutcome
        do {
            outcome = try replayer.run(validate: validating, seconds: seconds) { recorder?.record(time: $0.elapsedTime) }
        } catch {
            printError("error: \(shown): \(error)")
            throw ExitCode(1)
        }
        if let recorder {
            recorder.finish(time: outcome.time)
            if let trace {
                let format: TraceFormat = trace.hasSuffix(".json") ? .json : .csv
                _ = try OutputFile.stream(to: trace, option: "--trace", limit: recorder.maximumBytes, { try recorder.write(format, to: $0) })
            }
            if let svg { _ = try OutputFile.stream(to: svg, option: "--svg", limit: recorder.maximumBytes, { recorder.writeSVG(to: $0, debug: debug) }) }
        }
        withExtendedLifetime(replayer) {}
        if let difference = outcome.difference {
            let build = header.build == RecordingBuild.current ? "" : " (it was recorded by another build: \(ShownText.line(header.build)))"
            if validating {
                printError("error: \(shown): \(difference)\(build)")
                throw ExitCode(1)
            }
            printError("warning: \(shown): the replay differs from the recording from \(difference)\(build)")
        }
        let checked = validating ? (outcome.complete ? ", every frame as recorded" : "") : ""
        printOut(String(format: "%@: replayed %d frames, %.3f s simulated%@", shown as NSString, outcome.frames, outcome.time, checked as NSString))
        if errorCount > 0 { throw ExitCode(1) }
    }
}
