import CLua
import CLuaShim
import Dynamics
import Foundation

// dyn.use(name) returns a constructor `ctor{ items = {...}, <param> = value, ... }`.
// Lua plugins are files NAME.lua on the search path of the code that asks (LuaModules.swift:
// its scene's behaviors/, the behaviors/ of the test that loaded the scene, each folder of
// DYNAMICS_PATH) that return
//   { name = "wind", params = { strength = 40, direction = {1, 0} },
//     action = function(self, dt) end,                                     -- optional
//     field = function(self, position, velocity, mass, charge, time) end } -- optional
// `name`, when given, is the file's name (a plugin is registered by its file). Built-ins and
// Swift plugins come from the BehaviorRegistry under the same names.
// Parameters: overrides must have the type of their default; unknown ones are errors. Any
// other key of a plugin's behavior (`self.count`) is the instance's own state.

/// A plugin behavior's parameters live in a Lua table; `self.<param>` reads and writes them.
/// Other keys, but its `items` and `children` and the behavior methods, are its own state.
final class LuaPluginBehavior: DynamicBehavior {
    /// Its items join the animator's world, as a built-in's do (`embedderItems`).
    var items: [DynamicItem] = [] { didSet { embedderItems = items } }
    let pluginName: String
    var paramsRef: Int32 = 0
    /// The instance's own state: a table made on its first assignment (0 until then).
    var stateRef: Int32 = 0
    var actionRef: Int32?
    /// The bridge, to release the tables with the behavior (nil once it went with its state).
    private let link: BridgeLink

    init(name: String, link: BridgeLink) {
        pluginName = name
        self.link = link
    }

    deinit {
        // Released on the host's side: behaviors go when the animator or the last handle lets
        // them go (a handle's finalizer is host code too), never inside a running Lua call.
        guard let bridge = link.bridge else { return }
        for ref in [paramsRef, stateRef, actionRef ?? 0] where ref > 0 { dyn_lua_unref(bridge.L, ref) }
    }
}

extension LuaBridge {
    /// Folders searched for Lua plugins by the scene the bridge runs, in order: its folder's
    /// behaviors/, then each folder of DYNAMICS_PATH. A scene a test loads searches its own
    /// folder's first (see `LuaSearchScope`).
    public var pluginSearchPath: [String] { LuaSearchScope(sceneFolder: sceneFolder).pluginFolders }

    /// Names of the Lua plugins on the bridge's scene's search path.
    public func luaPluginNames() -> [String] { luaPluginNames(in: LuaSearchScope(sceneFolder: sceneFolder)) }

    /// Names of the Lua plugins on `scope`'s search path.
    func luaPluginNames(in scope: LuaSearchScope) -> [String] {
        var names: [String] = [], seen = Set<String>()
        let readable = readableFolders
        // Only folders scripts may read are listed: a behaviors/ linked elsewhere lists nothing.
        for folder in scope.pluginFolders where (try? readable.permit(folder, { "" })) != nil {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
            for f in files.sorted() where f.hasSuffix(".lua") && !f.hasSuffix("_test.lua") {
                // A link that leads nowhere (dangling, or a loop) is no plugin: it was listed
                // as available by the very message that said no plugin had its name.
                guard FileManager.default.fileExists(atPath: LuaSearchScope.joined(folder, f)) else { continue }
                let n = String(f.dropLast(4))
                // Only names `use` accepts: `x.y.lua` was listed as available and then refused.
                guard LuaBridge.isPluginName(n) else { continue }
                if seen.insert(n).inserted { names.append(n) }
            }
        }
        return names
    }

    /// Whether `name` can name a Lua plugin file: letters, digits, `_` and `-`, at most 200
    /// bytes (checked before the characters, so a 20 MB name costs no grapheme walk).
    static func isPluginName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= maximumModuleNameBytes && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
    }

    /// Every name `dyn.use` accepts from `scope`: built-ins and Swift plugins, then Lua plugins.
    public func availableBehaviorNames() -> [String] { availableBehaviorNames(in: LuaSearchScope(sceneFolder: sceneFolder)) }

    func availableBehaviorNames(in scope: LuaSearchScope) -> [String] {
        BehaviorRegistry.shared.names + luaPluginNames(in: scope).filter { !BehaviorRegistry.shared.names.contains($0) }
    }

    func use() throws -> Int32 {
        guard let name = string(at: 1) else {
            throw LuaArgumentError(message: "use(name): expected a string, got \(typeName(at: 1))")
        }
        // One constructor per name, made once: each host function lives until the state
        // closes, so a loop calling dyn.use("gravity") kept 3.7 million of them (400 MB).
        if let ref = useConstructors[name] {
            dyn_lua_getref(L, ref)
            return 1
        }
        if let definition = BehaviorRegistry.shared.definition(named: name) {
            // A built-in is its `dyn.*` constructor (options as documented there); a Swift
            // plugin is built from its parameter values.
            if definition.origin == .builtIn, let ref = builtInConstructors[name] {
                dyn_lua_getref(L, ref)
                return 1
            }
            pushFunction { bridge, _ in try bridge.makeRegistered(name) }
            lua_pushvalue(L, -1)
            useConstructors[name] = dyn_lua_ref(L)
            return 1
        }
        // A Lua plugin: the one the calling code's scene finds, one constructor per file.
        let scope = callingScope()
        guard let plugin = try findPlugin(name, from: scope, caller: "use") else {
            throw LuaArgumentError(message: "use: no behavior or plugin named '\(LuaBridge.shown(name))'; available: \(LuaBridge.listed(availableBehaviorNames(in: scope)))")
        }
        if let ref = scriptFiles.constructors[plugin.real] {
            dyn_lua_getref(L, ref)
            return 1
        }
        let definition = try loadPlugin(plugin, caller: "use")
        pushFunction { bridge, _ in try bridge.makePlugin(name, definition: definition) }
        lua_pushvalue(L, -1)
        scriptFiles.constructors[plugin.real] = dyn_lua_ref(L)
        return 1
    }

    /// The plugin `name` on `scope`'s search path (the first folder that has `NAME.lua`), or
    /// nil. A file outside the folders scripts may read (`LuaReadableFolders`), through a
    /// symbolic link or not, is an error: a link to a file elsewhere let a script read it as
    /// a plugin's table.
    func findPlugin(_ name: String, from scope: LuaSearchScope, caller: String) throws -> LuaPluginFile? {
        let key = LuaScriptFiles.Lookup(scope: scope, name: name)
        if let found = scriptFiles.plugins[key] { return found }
        guard LuaBridge.isPluginName(name) else { return nil }
        let readable = readableFolders
        for folder in scope.pluginFolders {
            let path = LuaSearchScope.joined(folder, "\(name).lua")
            guard let real = try readable.permit(path, { "\(caller): \(shownPath(path))" }) else { continue }
            let plugin = LuaPluginFile(name: name, path: path, shown: shownPath(path), real: real, scope: scope)
            scriptFiles.plugins[key] = plugin
            return plugin
        }
        return nil
    }

    /// Loads (once per file) and checks a Lua plugin; returns the reference of its definition
    /// table. Its code searches the scope it was found from.
    func loadPlugin(_ plugin: LuaPluginFile, caller: String) throws -> Int32 {
        if let ref = pluginDefinitions[plugin.real] { return ref }
        let name = plugin.name, file = plugin.shown
        if let start = pluginsLoading.firstIndex(where: { $0.file == plugin.real }) {
            let cycle = (pluginsLoading[start...].map(\.name) + [name]).map { LuaBridge.shown($0) }.joined(separator: " → ")
            throw LuaArgumentError(message: "plugin '\(LuaBridge.shown(name))' requires itself: \(cycle)")
        }
        let source: String
        do { source = try LuaSource.read(plugin.path, within: readableFolders) } catch {
            throw LuaArgumentError(message: "\(caller): \(file): \(error)")
        }
        let chunk = "@" + file
        scriptFiles.scopes[chunk] = plugin.scope
        scriptFiles.files.append(plugin.path)
        let top = lua_gettop(L)
        let status = LuaSource.load(L, source, chunkName: chunk)
        guard status == LUA_OK else {
            let message = dyn_lua_tostring(L, -1).map { String(cString: $0) } ?? "?"
            lua_settop(L, top)
            throw LuaError(kind: .syntax, message: message)
        }
        pluginsLoading.append((name, plugin.real))
        defer { pluginsLoading.removeLast() }
        do { try state.call(nargs: 0, nresults: 1) } catch { lua_settop(L, top); throw error }
        guard lua_type(L, -1) == LUA_TTABLE else {
            lua_settop(L, top)
            throw LuaArgumentError(message: "\(caller): \(file) must return a table { name, params, action, field }")
        }
        let t = lua_gettop(L)
        for (key, type) in [("name", LUA_TSTRING), ("params", LUA_TTABLE), ("action", LUA_TFUNCTION), ("field", LUA_TFUNCTION)] {
            let found = dyn_lua_rawgetfield(L, t, key)
            lua_settop(L, -2)
            if found != LUA_TNIL && found != type {
                lua_settop(L, top)
                throw LuaArgumentError(message: "\(caller): \(file): '\(key)' must be a \(String(cString: lua_typename(L, type)))")
            }
        }
        // A plugin is registered by its file's name: a `name` that says otherwise is an error,
        // not a name `dyn.use` would then fail to find.
        if dyn_lua_rawgetfield(L, t, "name") == LUA_TSTRING, let declared = string(at: -1), declared != name {
            lua_settop(L, top)
            throw LuaArgumentError(message: "\(caller): \(file): its name is '\(LuaBridge.shown(declared))' but its file registers it as '\(LuaBridge.shown(name))' (rename the file or the field so they agree)")
        }
        lua_settop(L, t)
        // Each default: a string name, and a finite number, a boolean, a string or a vector
        // of two finite numbers (a NaN default was taken and listed).
        if dyn_lua_rawgetfield(L, t, "params") == LUA_TTABLE {
            let params = lua_gettop(L)
            lua_pushnil(L)
            while lua_next(L, params) != 0 {
                guard lua_type(L, -2) == LUA_TSTRING, let key = string(at: -2) else {
                    lua_settop(L, top)
                    throw LuaArgumentError(message: "\(caller): \(file): params names must be strings")
                }
                do { try pushParameter(at: lua_gettop(L), "\(caller): \(file): params.\(LuaBridge.shown(key))") } catch {
                    lua_settop(L, top)
                    throw error
                }
                lua_settop(L, -3) // the checked copy and the value
            }
        }
        lua_settop(L, t)
        let ref = dyn_lua_ref(L)
        lua_settop(L, top)
        pluginDefinitions[plugin.real] = ref
        return ref
    }

    /// Reads `p.key` (`self.key` in the plugin) for the behavior binding: a parameter, else
    /// the instance's own state, nil for a key never set. The binding serves `items`,
    /// `children` and the methods before this.
    func pluginValue(_ p: LuaPluginBehavior, _ key: String) throws -> Bool {
        dyn_lua_getref(L, p.paramsRef)
        pushKey(key)
        let type = lua_rawget(L, -2)
        dyn_lua_remove(L, -2)
        switch type {
        case LUA_TNIL:
            lua_settop(L, -2)
            if p.stateRef > 0 {
                dyn_lua_getref(L, p.stateRef)
                pushKey(key)
                lua_rawget(L, -2)
                dyn_lua_remove(L, -2)
            } else {
                lua_pushnil(L)
            }
        case LUA_TTABLE:
            // A vector reads as a fresh copy: the stored table itself could be changed in
            // place (`self.direction[1] = 0/0`), past the checks an assignment makes. A copy
            // costs a small table per read; a read-only proxy would cost none but breaks `#`,
            // `pairs` and `rawget` on it, which plugins use on vectors.
            let stored = lua_gettop(L)
            try pushParameter(at: stored, "\(p.pluginName).\(key)")
            dyn_lua_remove(L, stored)
        default:
            break
        }
        return true
    }

    /// Assigns the value at `v` to `p.key` for the behavior binding: a parameter is checked
    /// against its default's type and as a constructor's override is; any other key is the
    /// instance's own state, any Lua value (in a table of its own, released with the
    /// behavior and counted against the memory cap). `items` and `children` stay the
    /// behavior's (false: read-only), and a method's name is refused.
    func setPluginValue(_ p: LuaPluginBehavior, _ key: String, _ v: Int32) throws -> Bool {
        guard key != "items" && key != "children" else { return false }
        guard LuaBridge.behaviorBinding.methods[key] == nil else {
            throw LuaArgumentError(message: "\(p.pluginName).\(key) is a method of every behavior: keep state under another name")
        }
        dyn_lua_getref(L, p.paramsRef)
        let params = lua_gettop(L)
        pushKey(key)
        let expected = lua_rawget(L, params)
        lua_settop(L, params)
        if expected == LUA_TNIL {
            lua_settop(L, params - 1)
            if p.stateRef <= 0 {
                lua_createtable(L, 0, 4)
                p.stateRef = dyn_lua_ref(L)
            }
            dyn_lua_getref(L, p.stateRef)
            pushKey(key)
            lua_pushvalue(L, v)
            lua_rawset(L, -3)
            lua_settop(L, -2)
            return true
        }
        guard expected == lua_type(L, v) else {
            lua_settop(L, params - 1)
            throw LuaArgumentError(message: "\(p.pluginName).\(key): expected a \(String(cString: lua_typename(L, expected))), got \(typeName(at: v))")
        }
        // Checked like a constructor's override (a NaN strength is refused here too).
        do { try pushParameter(at: v, "\(p.pluginName).\(key)") } catch {
            lua_settop(L, params - 1)
            throw error
        }
        pushKey(key)
        lua_rotate(L, -2, 1)
        lua_rawset(L, params)
        lua_settop(L, params - 1)
        return true
    }

    /// Pushes a plugin behavior's key: the script's own string when it is the key being
    /// accessed (at 2 in a handle's __index and __newindex), so keys with NUL bytes or bytes
    /// that are not UTF-8 stay distinct; else `key`'s bytes, all of them.
    private func pushKey(_ key: String) {
        if lua_type(L, 2) == LUA_TSTRING, string(at: 2) == key { lua_pushvalue(L, 2) } else { LuaSource.push(L, key) }
    }

    /// A Lua plugin behavior's parameter names, sorted (read raw from its params table).
    func parameterNames(of p: LuaPluginBehavior) -> [String] {
        var names: [String] = []
        dyn_lua_getref(L, p.paramsRef)
        let t = lua_gettop(L)
        if lua_type(L, t) == LUA_TTABLE {
            lua_pushnil(L)
            while lua_next(L, t) != 0 {
                if lua_type(L, -2) == LUA_TSTRING, let k = string(at: -2) { names.append(k) }
                lua_settop(L, -2)
            }
        }
        lua_settop(L, t - 1)
        return names.sorted()
    }

    /// Checks a plugin parameter's value (a finite number, a boolean, a string or a vector of
    /// two finite numbers) and pushes it as the plugin reads it: a vector as a fresh table
    /// with both forms, `{x =, y =, [1], [2]}`, so `self.direction.x` and `self.direction[1]`
    /// both work whichever form was given (a default of `{1, 0}` made DESIGN's
    /// `self.direction.x` nil); anything else as it is.
    func pushParameter(at index: Int32, _ what: String) throws {
        switch lua_type(L, index) {
        case LUA_TNUMBER:
            _ = try number(at: index, what)
            lua_pushvalue(L, index)
        case LUA_TTABLE:
            let (x, y) = try pair(at: index, what)
            lua_createtable(L, 2, 2)
            lua_pushnumber(L, x); lua_rawseti(L, -2, 1)
            lua_pushnumber(L, y); lua_rawseti(L, -2, 2)
            lua_pushnumber(L, x); dyn_lua_rawsetfield(L, -2, "x")
            lua_pushnumber(L, y); dyn_lua_rawsetfield(L, -2, "y")
        case LUA_TSTRING:
            // At most 4 KiB, as every string parameter (README): a Lua plugin's took 100 000.
            _ = try keptString(at: index, what)
            lua_pushvalue(L, index)
        case LUA_TBOOLEAN:
            lua_pushvalue(L, index)
        default:
            throw LuaArgumentError(message: "\(what): expected a number, boolean, string or vector, got \(typeName(at: index))")
        }
    }

    /// A Lua value's registry parameter, for built-ins and Swift plugins.
    private func parameterValue(at index: Int32, _ what: String) throws -> ParameterValue {
        switch lua_type(L, index) {
        case LUA_TNUMBER: return .number(try number(at: index, what))
        case LUA_TBOOLEAN: return .bool(lua_toboolean(L, index) != 0)
        case LUA_TSTRING: return .string(try keptString(at: index, what) ?? "")
        case LUA_TTABLE: return .vector(try vector(at: index, what))
        default: throw LuaArgumentError(message: "\(what): unsupported value of type \(typeName(at: index))")
        }
    }

    private func makeRegistered(_ name: String) throws -> Int32 {
        let definition = BehaviorRegistry.shared.definition(named: name)!
        let keys = try options(at: 1, name, allowed: ["items"] + definition.parameterNames)
        let items = try withField("items", of: 1) { try self.items(at: $0, "\(name).items") } ?? []
        var overrides: [String: ParameterValue] = [:]
        for key in keys where key != "items" {
            dyn_lua_rawgetfield(L, 1, key)
            defer { lua_settop(L, -2) }
            overrides[key] = try parameterValue(at: lua_gettop(L), "\(name).\(key)")
        }
        do {
            try pushNew(try BehaviorRegistry.shared.makeBehavior(named: name, items: items, overrides: overrides), "dynamics.\(name)")
        } catch let error as DynamicsError {
            throw LuaArgumentError(message: LuaBridge.luaMessage(error))
        }
        return 1
    }

    private func makePlugin(_ name: String, definition ref: Int32) throws -> Int32 {
        // Defaults, then type-checked overrides, into a fresh params table.
        dyn_lua_getref(L, ref)
        let def = lua_gettop(L)
        var allowed = ["items"]
        lua_createtable(L, 0, 8)
        let params = lua_gettop(L)
        if dyn_lua_rawgetfield(L, def, "params") == LUA_TTABLE {
            let defaults = lua_gettop(L)
            lua_pushnil(L)
            while lua_next(L, defaults) != 0 {
                if let key = string(at: -2) { allowed.append(key) }
                // A vector is copied in both forms (checked when the plugin loaded).
                let value = lua_gettop(L)
                lua_pushvalue(L, -2)
                try pushParameter(at: value, "\(name).\(string(at: -1) ?? "?")")
                lua_rawset(L, params)
                lua_settop(L, -2)
            }
        }
        lua_settop(L, params)
        let keys = try options(at: 1, name, allowed: allowed)
        for key in keys where key != "items" {
            dyn_lua_rawgetfield(L, 1, key)
            let override = lua_gettop(L)
            let expected = dyn_lua_rawgetfield(L, params, key)
            let given = lua_type(L, override)
            lua_settop(L, -2)
            guard expected == given else {
                lua_settop(L, def - 1)
                throw LuaArgumentError(message: "\(name).\(key): expected a \(String(cString: lua_typename(L, expected))), got \(String(cString: lua_typename(L, given)))")
            }
            do { try pushParameter(at: override, "\(name).\(key)") } catch {
                lua_settop(L, def - 1)
                throw error
            }
            dyn_lua_rawsetfield(L, params, key)
            lua_settop(L, -2)
        }
        let b = LuaPluginBehavior(name: name, link: link)
        b.items = try withField("items", of: 1) { try items(at: $0, "\(name).items") } ?? []
        lua_pushvalue(L, params)
        b.paramsRef = dyn_lua_ref(L)
        if dyn_lua_rawgetfield(L, def, "action") == LUA_TFUNCTION { b.actionRef = dyn_lua_ref(L) } else { lua_settop(L, -2) }
        if dyn_lua_rawgetfield(L, def, "field") == LUA_TFUNCTION {
            let fieldRef = dyn_lua_ref(L)
            let field = pluginField(b, fieldRef)
            for item in b.items { field.addItem(item) }
            b.addChildBehavior(field)
        } else { lua_settop(L, -2) }
        lua_settop(L, def - 1)
        if let actionRef = b.actionRef {
            b.action = { [unowned self, unowned b] in
                guard b.actionRef != nil else { return }
                let dt = b.dynamicAnimator?.lastStepDuration ?? 0
                if let error = self.callReference(actionRef, nargs: 2, nresults: 0, pushArgs: {
                    self.push(b, as: .behavior); lua_pushnumber(self.L, dt)
                }) {
                    b.actionRef = nil
                    b.action = nil
                    self.errorHandler(LuaError(kind: error.kind, message: "\(name).action: \(error.message)", traceback: error.traceback))
                }
            }
        }
        try pushNew(b, "dynamics.\(name)")
        return 1
    }

    /// The plugin's `field(self, position, velocity, mass, charge, time)` as a custom field.
    private func pluginField(_ b: LuaPluginBehavior, _ ref: Int32) -> FieldBehavior {
        customField(ref, name: "\(b.pluginName).field", selfObject: b)
    }
}
