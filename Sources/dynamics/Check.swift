import ArgumentParser
import Dynamics
import DynamicsLua
import DynamicsLuaTesting
import Foundation

/// `dynamics check FILE.lua ...`: loads each script under the sandbox and runs its top level
/// (building the scene) without stepping; reports syntax and load errors with file:line.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Load scripts under the sandbox without stepping; report errors.")

    @Argument(help: "Lua scripts.")
    var files: [String]

    @OptionGroup var lua: LuaOptions

    @OptionGroup var timeout: TimeoutOption

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one script") }
        // As `run` says it: a missing file is bad usage (exit 2), not a script error.
        for f in files where !FileManager.default.fileExists(atPath: f) { throw ValidationError("no such file: \(f)") }
    }

    func run() throws {
        timeout.arm(files.count == 1 ? files[0] : "check")
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
