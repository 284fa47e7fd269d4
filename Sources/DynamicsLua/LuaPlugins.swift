import CLua
import CLuaShim
import Dynamics
import Foundation

// dyn.use(name) returns a constructor `ctor{ items = {...}, <param> = value, ... }`.
// Lua plugins are files NAME.lua on the search path (the scene's folder's behaviors/, each
// folder of DYNAMICS_PATH, the package's Examples/behaviors/) that return
//   { name = "wind", params = { strength = 40, direction = {1, 0} },
//     action = function(self, dt) end,                                     -- optional
//     field = function(self, position, velocity, mass, charge, time) end } -- optional
// Built-ins and Swift plugins come from the BehaviorRegistry under the same names.
// Parameters: overrides must have the type of their default; unknown ones are errors.

/// A plugin behavior's parameters live in a Lua table; `self.<param>` reads and writes them.
final class LuaPluginBehavior: DynamicBehavior {
    /// Its items join the animator's world, as a built-in's do (`embedderItems`).
    var items: [DynamicItem] = [] { didSet { embedderItems = items } }
    let pluginName: String
    var paramsRef: Int32 = 0
    var actionRef: Int32?
    init(name: String) { pluginName = name }
}

extension LuaBridge {
    /// Folders searched for Lua plugins, in order.
    public var pluginSearchPath: [String] {
        var path: [String] = []
        if let scene = sceneFolder { path.append((scene as NSString).appendingPathComponent("behaviors")) }
        if let env = ProcessInfo.processInfo.environment["DYNAMICS_PATH"] {
            path += env.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        }
        path.append(LuaBridge.packageBehaviorsFolder)
        return path
    }

    /// The package's Examples/behaviors/ (from this file's location at build time).
    static let packageBehaviorsFolder: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/behaviors").path

    /// Names of the Lua plugins on the search path.
    public func luaPluginNames() -> [String] {
        var names: [String] = [], seen = Set<String>()
        for folder in pluginSearchPath {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for f in files.sorted() where f.hasSuffix(".lua") && !f.hasSuffix("_test.lua") {
                // A link that leads nowhere (dangling, or a loop) is no plugin: it was listed
                // as available by the very message that said no plugin had its name.
                guard FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(f)) else { continue }
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
        !name.isEmpty && name.utf8.count <= 200 && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
    }

    /// Every name `dyn.use` accepts: built-ins and Swift plugins, then Lua plugins.
    public func availableBehaviorNames() -> [String] {
        BehaviorRegistry.shared.names + luaPluginNames().filter { !BehaviorRegistry.shared.names.contains($0) }
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
        } else {
            let definition = try loadPlugin(name)
            pushFunction { bridge, _ in try bridge.makePlugin(name, definition: definition) }
        }
        lua_pushvalue(L, -1)
        useConstructors[name] = dyn_lua_ref(L)
        return 1
    }

    /// Loads (once) and checks a Lua plugin; returns the reference of its definition table.
    func loadPlugin(_ name: String, caller: String = "use") throws -> Int32 {
        if let ref = pluginDefinitions[name] { return ref }
        if let start = pluginsLoading.firstIndex(of: name) {
            let cycle = (pluginsLoading[start...] + [name]).map { LuaBridge.shown($0) }.joined(separator: " → ")
            throw LuaArgumentError(message: "plugin '\(LuaBridge.shown(name))' requires itself: \(cycle)")
        }
        guard LuaBridge.isPluginName(name),
              let folder = pluginSearchPath.first(where: {
                  FileManager.default.fileExists(atPath: ($0 as NSString).appendingPathComponent("\(name).lua")) }) else {
            throw LuaArgumentError(message: "\(caller): no behavior or plugin named '\(LuaBridge.shown(name))'; available: \(LuaBridge.listed(availableBehaviorNames()))")
        }
        let file = (folder as NSString).appendingPathComponent("\(name).lua")
        // A plugin is a file in its folder: a symbolic link that leads out of it is refused,
        // as the test API's loadScene refuses one (a link to a file elsewhere let a script
        // read it as a plugin's table).
        let realFolder = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        guard URL(fileURLWithPath: file).resolvingSymlinksInPath().path.hasPrefix(realFolder + "/") else {
            throw LuaArgumentError(message: "\(caller): behaviors/\(name).lua is a link out of its folder")
        }
        let source: String
        do { source = try LuaSource.read(file) } catch {
            throw LuaArgumentError(message: "\(caller): behaviors/\(name).lua: \(error)")
        }
        let top = lua_gettop(L)
        let status = LuaSource.load(L, source, chunkName: "@behaviors/\(name).lua")
        guard status == LUA_OK else {
            let message = dyn_lua_tostring(L, -1).map { String(cString: $0) } ?? "?"
            lua_settop(L, top)
            throw LuaError(kind: .syntax, message: message)
        }
        pluginsLoading.append(name)
        defer { pluginsLoading.removeLast() }
        do { try state.call(nargs: 0, nresults: 1) } catch { lua_settop(L, top); throw error }
        guard lua_type(L, -1) == LUA_TTABLE else {
            lua_settop(L, top)
            throw LuaArgumentError(message: "\(caller): behaviors/\(name).lua must return a table { name, params, action, field }")
        }
        let t = lua_gettop(L)
        for (key, type) in [("params", LUA_TTABLE), ("action", LUA_TFUNCTION), ("field", LUA_TFUNCTION)] {
            let found = dyn_lua_rawgetfield(L, t, key)
            lua_settop(L, -2)
            if found != LUA_TNIL && found != type {
                lua_settop(L, top)
                throw LuaArgumentError(message: "\(caller): behaviors/\(name).lua: '\(key)' must be a \(String(cString: lua_typename(L, type)))")
            }
        }
        // Each default: a string name, and a finite number, a boolean, a string or a vector
        // of two finite numbers (a NaN default was taken and listed).
        if dyn_lua_rawgetfield(L, t, "params") == LUA_TTABLE {
            let params = lua_gettop(L)
            lua_pushnil(L)
            while lua_next(L, params) != 0 {
                guard lua_type(L, -2) == LUA_TSTRING, let key = string(at: -2) else {
                    lua_settop(L, top)
                    throw LuaArgumentError(message: "\(caller): behaviors/\(name).lua: params names must be strings")
                }
                do { try pushParameter(at: lua_gettop(L), "\(caller): behaviors/\(name).lua: params.\(LuaBridge.shown(key))") } catch {
                    lua_settop(L, top)
                    throw error
                }
                lua_settop(L, -3) // the checked copy and the value
            }
        }
        lua_settop(L, t)
        let ref = dyn_lua_ref(L)
        lua_settop(L, top)
        pluginDefinitions[name] = ref
        return ref
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
        let b = LuaPluginBehavior(name: name)
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
