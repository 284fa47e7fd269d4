import ArgumentParser
import Dynamics
import DynamicsLua
import Foundation

/// `dynamics behaviors`: the built-ins and plugins found on the search path, each with how a
/// script writes it (its Lua form, with every parameter's default).
struct Behaviors: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List built-in behaviors and plugins, each as a script writes it.")

    @Option(help: "A scene folder (not a file) whose behaviors/ is searched too.")
    var scene: String?

    @OptionGroup var lua: LuaOptions

    /// Each plugin loads under the Lua budget; the listing as a whole gets 60 s unless told
    /// otherwise (a folder of 600 looping plugins held it for 10 minutes).
    @OptionGroup var timeout: TimeoutOption
    static let defaultTimeout = 60.0

    func validate() throws {
        // A mistyped folder listed nothing of its own and exited 0; so did a scene file
        // given for its folder (its behaviors/ was looked for inside the file).
        var isFolder: ObjCBool = false
        if let scene, !FileManager.default.fileExists(atPath: scene, isDirectory: &isFolder) {
            throw ValidationError("no such scene or folder: \(scene)")
        }
        if let scene, !isFolder.boolValue {
            let folder = folderPath(of: scene)
            throw ValidationError("--scene takes the scene's folder, not a file: \(scene) (try --scene \(folder.isEmpty ? "." : folder))")
        }
    }

    func run() throws {
        timeout.arm("behaviors", fallback: Behaviors.defaultTimeout)
        for name in BehaviorRegistry.shared.names {
            guard let d = BehaviorRegistry.shared.definition(named: name) else { continue }
            printOut("\(ShownText.line(name)) (\(d.origin.rawValue)) — \(d.summary)\n    \(LuaBridge.luaForm(of: d))")
        }
        // Each plugin in a state of its own: a broken or looping one is reported and cannot
        // stop the others from being listed (a state stops after three calls over budget).
        let names = LuaBridge(state: try LuaState(limits: lua.limits)) { report($0) }.withSceneFolder(scene).luaPluginNames()
        var broken = 0
        for name in names {
            let bridge = LuaBridge(state: try LuaState(limits: lua.limits)) { report($0) }.withSceneFolder(scene)
            switch bridge.luaPluginDescription(name) {
            case .success(let plugin):
                // Escaped like test names: a plugin's names and strings cannot forge lines
                // of the listing or drive the terminal.
                let e = ShownText.line
                printOut("\(e(plugin.name)) (lua, \(e(plugin.file)))\n    \(e(LuaBridge.luaForm(plugin: plugin.name, params: plugin.params)))")
            case .failure(let error):
                printOut("\(ShownText.line(name)) (lua)\n    error: \(ShownText.line(LuaBridge.shownMessage(error.message)))")
                broken += 1
            }
        }
        if broken > 0 { throw ExitCode(1) }
    }
}
