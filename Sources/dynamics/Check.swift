import ArgumentParser
import Dynamics
import DynamicsLua
import DynamicsLuaTesting
import Foundation

/// `dynamics check FILE.lua ...`: loads each script under the sandbox and runs its top level
/// (building the scene) without stepping; reports syntax and load errors with file:line.
/// `check --determinism SCENE.lua [--runs N]` runs each scene in N processes and compares
/// every frame (DeterminismCheck.swift).
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Load scripts under the sandbox without stepping; report errors.")

    @Argument(help: "Lua scripts.")
    var files: [String]

    @Flag(help: "Run each scene in separate processes and compare every frame's state hash (docs/cli.md).")
    var determinism = false

    @Option(parsing: .unconditional, help: "With --determinism: how many processes run the scene (2…16, default 3).")
    var runs: Int?

    @Option(parsing: .unconditional, help: "With --determinism: seconds to run (default: the scene's `seconds`, else 10).")
    var seconds: Double?

    @OptionGroup var lua: LuaOptions

    @OptionGroup var timeout: TimeoutOption

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one script") }
        if !determinism {
            if runs != nil { throw ValidationError("--runs needs --determinism") }
            if seconds != nil { throw ValidationError("--seconds needs --determinism") }
        }
        if let runs, !(2...16).contains(runs) { throw ValidationError("--runs must be in 2…16, got \(runs)") }
        if let seconds, !(seconds.isFinite && seconds >= 0 && seconds <= 86_400) {
            throw ValidationError("--seconds must be in 0…86400, got \(seconds)")
        }
        // As `run` says it: a missing file is bad usage (exit 2), not a script error.
        for f in files where !FileManager.default.fileExists(atPath: f) { throw ValidationError("no such file: \(f)") }
    }

    func run() throws {
        timeout.arm(files.count == 1 ? files[0] : "check")
        if determinism {
            var arguments = ["--lua-budget", "\(lua.budget)", "--lua-memory", "\(lua.memory)"]
            if let seconds { arguments += ["--seconds", "\(seconds)"] }
            let failed = files.filter { !DeterminismCheck.check(scene: $0, runs: runs ?? 3, workerArguments: arguments) }
            if !failed.isEmpty { throw ExitCode(1) }
            return
        }
        var failed = 0
        for file in files {
            let source: String
            do { source = try LuaSource.read(file) } catch {
                printError("error: \(ShownText.line(file)): \(error)"); failed += 1; continue
            }
            do {
                var callbackErrors: [LuaError] = []
                let (bridge, _) = try LuaTestRunner.environment(for: file, limits: lua.limits) { callbackErrors.append($0) }
                if let scene = Check.sceneFolder(ofPlugin: file) { bridge.sceneFolder = scene }
                try bridge.state.run(source, chunkName: file) // locations name the path as given
                if let e = callbackErrors.first { throw e }
                printOut("ok \(ShownText.line(file))")
            } catch let error as LuaError {
                report(error)
                failed += 1
            }
        }
        if failed > 0 { throw ExitCode(1) }
    }

    /// For a file in a `behaviors/` folder (a plugin), the scene folder above it: checked
    /// under it, the plugin finds its sibling plugins as it does when a scene uses it
    /// (`require "dd"` beside `cc.lua` was "not available in the sandbox" under check
    /// alone, which searched `behaviors/behaviors/`). Nil for any other file.
    static func sceneFolder(ofPlugin file: String) -> String? {
        let folder = URL(fileURLWithPath: file).standardizedFileURL.deletingLastPathComponent()
        guard folder.lastPathComponent == "behaviors" else { return nil }
        return folder.deletingLastPathComponent().path
    }
}
