import ArgumentParser
import DynamicsLua
import Foundation

/// `dynamics check FILE.lua ...`: loads each script under the sandbox and runs its top level
/// (building the scene) without stepping; reports syntax and load errors with file:line.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Load scripts under the sandbox without stepping; report errors.")

    @Argument(help: "Lua scripts.")
    var files: [String]

    @OptionGroup var lua: LuaOptions

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one script") }
    }

    func run() throws {
        var failed = 0
        for file in files {
            guard let source = try? String(contentsOfFile: file, encoding: .utf8) else {
                printError("error: \(file): cannot read the file"); failed += 1; continue
            }
            do {
                let state = try LuaState(limits: lua.limits)
                var callbackErrors: [LuaError] = []
                let bridge = LuaBridge(state: state) { callbackErrors.append($0) }
                bridge.sceneFolder = (file as NSString).deletingLastPathComponent
                bridge.installSceneReader()
                try withExtendedLifetime(bridge) {
                    try state.run(LuaTestRunner.testAPISource, chunkName: "dynamics.test")
                    try state.run(source, chunkName: (file as NSString).lastPathComponent)
                }
                if let e = callbackErrors.first { throw e }
                print("ok \(file)")
            } catch let error as LuaError {
                report(error)
                failed += 1
            }
        }
        if failed > 0 { throw ExitCode(1) }
    }
}
