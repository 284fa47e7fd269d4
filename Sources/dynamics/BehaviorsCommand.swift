import ArgumentParser
import Dynamics
import DynamicsLua
import Foundation

/// `dynamics behaviors`: the built-ins and plugins found on the search path, with their params.
struct Behaviors: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List built-in behaviors and plugins with their parameters.")

    @Option(help: "A scene folder whose behaviors/ is searched too.")
    var scene: String?

    func run() throws {
        for name in BehaviorRegistry.shared.names {
            guard let d = BehaviorRegistry.shared.definition(named: name) else { continue }
            let params = d.parameters.map { "\($0.name) = \($0.defaultValue)" }.joined(separator: ", ")
            print("\(name) (\(d.origin.rawValue)) — \(d.summary)\n    params: \(params.isEmpty ? "none" : params)")
        }
        let state = try LuaState()
        let bridge = LuaBridge(state: state) { report($0) }
        bridge.sceneFolder = scene
        for plugin in bridge.luaPluginDescriptions() {
            print("\(plugin.name) (lua, \(plugin.file))\n    params: \(plugin.params.isEmpty ? "none" : plugin.params)")
        }
    }
}
