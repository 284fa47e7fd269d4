import CLua
import CLuaShim
import Dynamics
import Foundation

// A Lua plugin's behavior (LuaPlugins.swift): `p.<param>` reads and `p.<param> = v` writes its
// parameters, each keeping the type of its default; any other key is the instance's own state
// (`pluginValue`, `setPluginValue`); the shared behavior properties and methods as every
// behavior.

extension LuaBridge {
    /// A plugin's parameters are properties by name (they differ from plugin to plugin), so
    /// the class has no properties of its own by position: every other key comes here by name.
    static let pluginBinding = behaviorBinding.extended(by: ClassBinding(
        get: { bridge, _, object, k in
            try bridge.pluginValue(unsafeDowncast(object, to: LuaPluginBehavior.self), k)
        },
        set: { bridge, _, object, k, v in
            try bridge.setPluginValue(unsafeDowncast(object, to: LuaPluginBehavior.self), k, v)
        },
        methods: [:],
        properties: [],
        describe: { bridge, object in
            let p = unsafeDowncast(object, to: LuaPluginBehavior.self)
            return (p.pluginName, LuaBridge.behaviorBinding.properties + bridge.parameterNames(of: p))
        }
    ))
}
