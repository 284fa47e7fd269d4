import CLua
import CLuaShim
import Dynamics
import Foundation

/// A Lua plugin behavior as a viewer's inspector shows it: the plugin's name and its
/// parameters' current values (`self.strength`), read raw from its params table.
public struct LuaPluginInspection: Sendable {
    /// One parameter: a number, or a text for a boolean, a string (at most 60 characters
    /// shown) or a vector "(x, y)".
    public struct Param: Sendable {
        public var name: String
        public var value: Double?
        public var text: String?
    }
    /// The plugin's name (`dynamics.use "wind"`).
    public var name: String
    /// Sorted by name.
    public var params: [Param]
}

extension LuaBridge {
    /// What a script calls a behavior the Lua boundary made, for a viewer to show: "wind
    /// (plugin)" for a plugin's (`dynamics.use "wind"`), "behavior (script)" for
    /// `dynamics.behavior{ action = … }`; nil for the model's own behaviors.
    public func scriptedBehaviorName(_ behavior: DynamicBehavior) -> String? {
        switch behavior {
        case let p as LuaPluginBehavior: return "\(p.pluginName) (plugin)"
        case is LuaCompositeBehavior: return "behavior (script)"
        default: return nil
        }
    }

    /// The plugin behavior `behavior` as an inspector shows it, or nil when it is not a Lua
    /// plugin's. Reads the params table raw (no metamethod runs, nothing is allocated in the
    /// state).
    public func pluginInspection(of behavior: DynamicBehavior) -> LuaPluginInspection? {
        guard let p = behavior as? LuaPluginBehavior, p.paramsRef > 0 else { return nil }
        dyn_lua_host_enter(L)
        defer { dyn_lua_host_leave(L) }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        dyn_lua_getref(L, p.paramsRef)
        let t = lua_gettop(L)
        guard lua_type(L, t) == LUA_TTABLE else { return LuaPluginInspection(name: p.pluginName, params: []) }
        var params: [LuaPluginInspection.Param] = []
        lua_pushnil(L)
        while lua_next(L, t) != 0 {
            defer { lua_settop(L, -2) }
            guard lua_type(L, -2) == LUA_TSTRING, let name = string(at: -2) else { continue }
            var param = LuaPluginInspection.Param(name: LuaBridge.shown(name))
            switch lua_type(L, -1) {
            case LUA_TNUMBER: param.value = dyn_lua_tonumber(L, -1)
            case LUA_TBOOLEAN: param.text = lua_toboolean(L, -1) != 0 ? "true" : "false"
            case LUA_TSTRING: param.text = LuaBridge.shown(String((string(at: -1) ?? "").prefix(60)))
            case LUA_TTABLE:
                lua_rawgeti(L, -1, 1); lua_rawgeti(L, -2, 2)
                let x = dyn_lua_tonumber(L, -2), y = dyn_lua_tonumber(L, -1)
                lua_settop(L, -3)
                param.text = "(\(x), \(y))"
            default: param.text = typeName(at: -1)
            }
            params.append(param)
        }
        return LuaPluginInspection(name: p.pluginName, params: params.sorted { $0.name < $1.name })
    }
}
