import CLua
import CLuaShim
import Dynamics
import Foundation

// A Lua plugin's behavior (LuaPlugins.swift): `p.<param>` reads and `p.<param> = v` writes its
// parameters, each keeping the type of its default; the shared behavior properties and
// methods as every behavior.

extension LuaBridge {
    /// A plugin's parameters are properties by name (they differ from plugin to plugin), so
    /// the class has no properties of its own by position: every other key comes here by name.
    static let pluginBinding = behaviorBinding.extended(by: ClassBinding(
        get: { bridge, _, object, k in
            let L = bridge.L
            let p = unsafeDowncast(object, to: LuaPluginBehavior.self)
            dyn_lua_getref(L, p.paramsRef)
            let type = dyn_lua_rawgetfield(L, -1, k)
            dyn_lua_remove(L, -2)
            if type == LUA_TNIL { lua_settop(L, -2); return false }
            // A vector reads as a fresh copy: the stored table itself could be changed in
            // place (`self.direction[1] = 0/0`), past the checks an assignment makes. A
            // copy costs a small table per read; a read-only proxy would cost none but
            // breaks `#`, `pairs` and `rawget` on it, which plugins use on vectors.
            if type == LUA_TTABLE {
                let stored = lua_gettop(L)
                try bridge.pushParameter(at: stored, "\(p.pluginName).\(k)")
                dyn_lua_remove(L, stored)
            }
            return true
        },
        set: { bridge, _, object, k, v in
            let p = unsafeDowncast(object, to: LuaPluginBehavior.self)
            let L = bridge.L
            dyn_lua_getref(L, p.paramsRef)
            let expected = dyn_lua_rawgetfield(L, -1, k)
            lua_settop(L, -2)
            guard expected != LUA_TNIL else { lua_settop(L, -2); return false }
            guard expected == lua_type(L, v) else {
                lua_settop(L, -2)
                throw LuaArgumentError(message: "\(p.pluginName).\(k): expected a \(String(cString: lua_typename(L, expected))), got \(bridge.typeName(at: v))")
            }
            // Checked like a constructor's override: a NaN strength was taken here.
            try bridge.pushParameter(at: v, "\(p.pluginName).\(k)")
            dyn_lua_rawsetfield(L, -2, k)
            lua_settop(L, -2)
            return true
        },
        methods: [:],
        properties: [],
        describe: { bridge, object in
            let p = unsafeDowncast(object, to: LuaPluginBehavior.self)
            return (p.pluginName, LuaBridge.behaviorBinding.properties + bridge.parameterNames(of: p))
        }
    ))
}
