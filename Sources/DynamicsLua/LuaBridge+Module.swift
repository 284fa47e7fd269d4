import CLua
import CLuaShim
import Dynamics
import Foundation

extension LuaBridge {
    /// Fills the `dynamics` table (at `module`) with the constructors.
    func installModule(at module: Int32) {
        setFunction("animator", in: module) { bridge, _ in try bridge.makeAnimator() }
        setFunction("item", in: module) { bridge, _ in try bridge.makeItem() }
        setConstructor("gravity", in: module) { bridge, _ in try bridge.makeGravity() }
        setConstructor("collision", in: module) { bridge, _ in try bridge.makeCollision() }
        setConstructor("itemBehavior", in: module) { bridge, _ in try bridge.makeItemBehavior() }
        setFunction("behavior", in: module) { bridge, _ in try bridge.makeComposite() }
        setConstructor("attachment", in: module) { bridge, _ in try bridge.makeAttachment() }
        setConstructor("snap", in: module) { bridge, _ in try bridge.makeSnap() }
        setConstructor("push", in: module) { bridge, _ in try bridge.makePush() }
        setFunction("release", in: module) { bridge, _ in try bridge.makeRelease() }
        setFunction("use", in: module) { bridge, _ in try bridge.use() }
        installFieldsAndRegions(in: module)
        installSpring(in: module)     // dyn.spring (Bindings/LuaSpring.swift)
        installGestures(in: module)   // dyn.gesture (Bindings/LuaGesture.swift)
        installMath(in: module)       // dyn.math (Bindings/LuaMath.swift)
        for (path, depth) in [("dynamics", 0), ("dynamics.field", 1), ("dynamics.region", 1)] {
            if depth == 0 { lua_pushvalue(L, module) } else { dyn_lua_rawgetfield(L, module, String(path.dropFirst(9))) }
            installMemberCheck(on: lua_gettop(L), named: path)
            lua_settop(L, -2)
        }
    }

    /// The module's settings: read and assigned through its metatable, so an assignment is
    /// checked (`dynamics.pointerVelocityWindow`).
    static let moduleSettings = ["pointerVelocityWindow"]

    /// Gives the table at `table` (the module, `dyn.field`, `dyn.region`) an `__index` that
    /// refuses a missing member the way handles refuse a missing property: a misspelled
    /// `dyn.attach{}` was "attempt to call a nil value (field 'attach')". It runs only for
    /// missing keys (members are raw fields), so it costs nothing on the way to a member.
    /// A non-string key reads as nil. The metatable is locked.
    func installMemberCheck(on table: Int32, named name: String) {
        let t = lua_absindex(L, table)
        lua_createtable(L, 0, 2)
        let isModule = name == "dynamics"
        pushFunction { bridge, L in
            guard let key = bridge.string(at: 2) else { lua_pushnil(L); return 1 }
            if isModule, key == LuaBridge.moduleSettings[0] { lua_pushnumber(L, bridge.pointerVelocityWindow); return 1 }
            var members: [String] = []
            lua_pushnil(L)
            while lua_next(L, 1) != 0 {
                if lua_type(L, -2) == LUA_TSTRING, let k = bridge.string(at: -2) { members.append(k) }
                lua_settop(L, -2)
            }
            members.sort()
            throw LuaArgumentError(message: "\(name) has no member '\(LuaBridge.shown(key))'\(LuaBridge.memberSuggestion(for: key, among: members)) (members: \(LuaBridge.listed(members)))")
        }
        dyn_lua_rawsetfield(L, -2, "__index")
        if isModule {
            // `dynamics.pointerVelocityWindow = s` sets every animator's pointer window;
            // other new keys are the script's own.
            pushFunction { bridge, L in
                if lua_type(L, 2) == LUA_TSTRING, bridge.string(at: 2) == LuaBridge.moduleSettings[0] {
                    let s = try bridge.number(at: 3, "dynamics.pointerVelocityWindow")
                    try Validate.positive(s, "dynamics", "pointerVelocityWindow", min: DynamicPointer.minimumVelocityWindow, max: 10)
                    bridge.pointerVelocityWindow = s
                    for a in bridge.animators { a.pointer.velocityWindow = s }
                    return 0
                }
                lua_settop(L, 3)
                lua_rawset(L, 1)
                return 0
            }
            dyn_lua_rawsetfield(L, -2, "__newindex")
        }
        lua_pushstring(L, "locked")
        dyn_lua_rawsetfield(L, -2, "__metatable")
        lua_setmetatable(L, t)
    }

    /// `suggestion`, and beyond its two edits a member the key starts with or that starts with
    /// the key (`attach` → `attachment`, `rectangle` → `rect`, UIKit's `linearGravityField` →
    /// `linearGravity`), when exactly one does.
    static func memberSuggestion(for key: String, among members: [String]) -> String {
        let close = suggestion(for: key, among: members)
        guard close.isEmpty, key.utf8.count >= 3, key.utf8.count <= 64 else { return close }
        let k = key.lowercased()
        let matches = members.filter { m in
            let lm = m.lowercased()
            return lm.count >= 3 && (k.hasPrefix(lm) || lm.hasPrefix(k))
        }
        return matches.count == 1 ? " — did you mean '\(matches[0])'?" : ""
    }

    /// Sets `table[name]` to the Lua constructor of the registry's built-in `registryName`
    /// (by default `name`), and keeps it for `dyn.use(registryName)`: a built-in from the
    /// registry is this very function, so it takes the same options (`angle`, `onBegan`,
    /// `item`, `to`, a field's `region`) that the registry's parameter values cannot hold.
    func setConstructor(_ name: String, registryName: String? = nil, in table: Int32,
                        _ body: @escaping (LuaBridge, OpaquePointer) throws -> Int32) {
        pushFunction(body)
        lua_pushvalue(L, -1)
        builtInConstructors[registryName ?? name] = dyn_lua_ref(L)
        dyn_lua_rawsetfield(L, table, name)
    }
}

extension LuaBridge {
    /// Installs `__dynamics_readScene(path)` for `loadScene`: it returns the text of a `.lua`
    /// file relative to `sceneFolder` and its name for error messages (the chunk name, `@`
    /// and the path as given, whose code searches the scene's folder for plugins and
    /// modules). Only `.lua` files can be read, so a script cannot read other files through it.
    public func installSceneReader() {
        dyn_lua_host_enter(L)
        defer { dyn_lua_host_leave(L) }
        dyn_lua_push_sandbox(L)
        setFunction("__dynamics_readScene", in: lua_gettop(L)) { bridge, L in
            guard let path = bridge.string(at: 1) else {
                throw LuaArgumentError(message: "loadScene(path): expected a string, got \(bridge.typeName(at: 1))")
            }
            guard path.hasSuffix(".lua") else { throw LuaArgumentError(message: "loadScene(path): only .lua files can be loaded") }
            let full = try bridge.sceneReaderPath(path)
            let text: String
            do { text = try LuaSource.read(full, within: bridge.readableFolders) } catch {
                throw LuaArgumentError(message: "loadScene: \(path): \(error)")
            }
            // The scene's code finds the plugins and modules beside it (its behaviors/, its
            // folder and lib/), then the test's: whoever loads a scene, it runs as it does alone.
            let test = bridge.sceneFolder ?? ""
            bridge.scriptFiles.scopes["@" + path] = LuaSearchScope(
                sceneFolder: LuaSearchScope.joined(test, folderPath(of: path)), testFolder: test)
            LuaSource.push(L, text) // its whole length: a NUL byte stays in the text
            lua_pushstring(L, path) // locations name the path as given
            return 2
        }
        lua_settop(L, -2)
    }
}

extension LuaBridge {
    /// The file `loadScene(path)` reads: `path` relative to the test file's folder, by its
    /// real path (symbolic links resolved), when the folders scripts may read hold it
    /// (`readableFolders`: the test's folder and below, the folders its `dynamics test` run
    /// was given, DYNAMICS_PATH's; never `/`). A scene in the folder above a `tests/` folder
    /// is read when the run was given that folder. Absolute paths are refused: a test names
    /// its scenes from where it is.
    func sceneReaderPath(_ path: String) throws -> String {
        guard !path.hasPrefix("/") else {
            throw LuaArgumentError(message: "loadScene(path): absolute paths are not allowed, got \(LuaBridge.shown(path))")
        }
        let found: String?
        do {
            found = try readableFolders.permit(LuaSearchScope.joined(sceneFolder ?? "", path), { "loadScene(path): \(LuaBridge.shown(path))" })
        } catch let refusal as LuaArgumentError {
            throw LuaArgumentError(message: refusal.message + "; a test reads a scene outside its folder when `dynamics test` is given a folder that holds both")
        }
        guard let real = found else {
            throw LuaArgumentError(message: "loadScene: \(LuaBridge.shown(path)): \(LuaSource.Refusal.unreadable)")
        }
        return real
    }

    /// What a scene script returned in its top `results` stack values: an animator, or a table
    /// `{ animator = a, seconds = S }`.
    /// The table may hold more (a scene exports its items and parts to its tests, which read
    /// them through `loadScene`); `animator` and `seconds` must have their types (a string
    /// `seconds` was ignored).
    public func sceneResult(results: Int) throws -> (animator: DynamicAnimator?, seconds: Double?) {
        guard results > 0 else { return (nil, nil) }
        let top = lua_absindex(L, -Int32(results))
        if let a = try? object(at: top, .animator, as: DynamicAnimator.self, what: "scene") { return (a, nil) }
        if lua_type(L, top) == LUA_TNIL { return (nil, nil) } // the script's first animator
        guard lua_type(L, top) == LUA_TTABLE else {
            throw LuaError(kind: .runtime, message: "the scene returned a \(typeName(at: top)): return its animator, or a table { animator = a, seconds = S }")
        }
        // The table may carry more for the scene's tests, but not a misspelling of its own
        // names: { animatorr = a }, `second` or `param` ran the first animator made, for as
        // long as it liked, without sliders. One edit away only: Block Man's `parts` (two
        // from `params`) is its own.
        let names = ["animator", "seconds", "params"]
        lua_pushnil(L)
        while lua_next(L, top) != 0 {
            lua_settop(L, -2)
            guard lua_type(L, -1) == LUA_TSTRING, let key = string(at: -1), !names.contains(key) else { continue }
            let hint = LuaBridge.suggestion(for: key, among: names, maxEdits: 1)
            if !hint.isEmpty {
                lua_settop(L, top)
                throw LuaError(kind: .runtime, message: "the scene returned '\(LuaBridge.shown(key))'\(hint) (a scene's table takes animator, seconds and params; other keys are for its tests)")
            }
        }
        lua_settop(L, top)
        guard dyn_lua_rawgetfield(L, top, "animator") != LUA_TNIL else {
            lua_settop(L, top)
            throw LuaError(kind: .runtime, message: "the scene returned a table without its animator: return { animator = a, seconds = S, params = { … } }")
        }
        lua_settop(L, top)
        var animator: DynamicAnimator?
        var seconds: Double?
        if dyn_lua_rawgetfield(L, top, "animator") != LUA_TNIL {
            animator = try? object(at: -1, .animator, as: DynamicAnimator.self, what: "scene.animator")
            if animator == nil {
                let type = typeName(at: -1)
                lua_settop(L, top)
                throw LuaError(kind: .runtime, message: "the scene's animator: expected an animator, got \(type)")
            }
        }
        lua_settop(L, top)
        switch dyn_lua_rawgetfield(L, top, "seconds") {
        case LUA_TNUMBER: seconds = dyn_lua_tonumber(L, -1)
        case LUA_TNIL: break
        default:
            let type = typeName(at: -1)
            lua_settop(L, top)
            throw LuaError(kind: .runtime, message: "the scene's seconds: expected a number, got \(type)")
        }
        lua_settop(L, top)
        return (animator, seconds)
    }

    /// The Lua plugins on the search path: name, file and parameters with their defaults.
    public func luaPluginDescriptions() -> [(name: String, file: String, params: String)] {
        luaPluginNames().compactMap { name in
            guard case .success(let d) = luaPluginDescription(name) else { return nil }
            return d
        }
    }

    /// The plugin `name`: its file and its params as Lua writes them (`strength = 40,
    /// direction = {1, 0}`, sorted), or why it did not load (file:line: message).
    public func luaPluginDescription(_ name: String) -> Result<(name: String, file: String, params: String), LuaError> {
        let found: LuaPluginFile
        let ref: Int32
        do {
            guard let plugin = try findPlugin(name, from: LuaSearchScope(sceneFolder: sceneFolder), caller: "plugin") else {
                return .failure(LuaError(kind: .runtime, message: "plugin: no plugin named '\(LuaBridge.shown(name))' on the search path"))
            }
            found = plugin
            ref = try loadPlugin(plugin, caller: "plugin")
        } catch let error as LuaError { return .failure(error) } catch {
            return .failure(LuaError(kind: .runtime, message: (error as? LuaArgumentError)?.message ?? "\(error)"))
        }
        return .success(describePlugin(name, file: found.path, ref: ref))
    }

    private func describePlugin(_ name: String, file: String, ref: Int32) -> (name: String, file: String, params: String) {
        do {
            dyn_lua_host_enter(L)
            defer { dyn_lua_host_leave(L) }
            dyn_lua_getref(L, ref)
            var params: [String] = []
            if dyn_lua_rawgetfield(L, -1, "params") == LUA_TTABLE {
                let t = lua_gettop(L)
                lua_pushnil(L)
                while lua_next(L, t) != 0 {
                    // Keys and string values as messages show them (60 characters and the
                    // length): one 8 MB string under 400 keys became 3.2 GB of listing.
                    let key = LuaBridge.shown(string(at: -2) ?? "?")
                    let value: String
                    switch lua_type(L, -1) {
                    case LUA_TNUMBER: value = LuaBridge.luaNumber(dyn_lua_tonumber(L, -1))
                    case LUA_TSTRING: value = LuaBridge.luaString(LuaBridge.shown(string(at: -1) ?? ""))
                    case LUA_TBOOLEAN: value = lua_toboolean(L, -1) != 0 ? "true" : "false"
                    case LUA_TTABLE: value = (try? pair(at: -1, key)).map { "{\(LuaBridge.luaNumber($0.0)), \(LuaBridge.luaNumber($0.1))}" } ?? "{...}"
                    default: value = typeName(at: -1)
                    }
                    params.append("\(LuaBridge.luaKey(key)) = \(value)")
                    lua_settop(L, -2)
                }
            }
            lua_settop(L, -3)
            return (name, file, params.sorted().joined(separator: ", "))
        }
    }

    /// Sets `sceneFolder` (whose behaviors/ is searched too) and returns the bridge.
    public func withSceneFolder(_ folder: String?) -> LuaBridge {
        sceneFolder = folder
        return self
    }

    /// An error message as a listing shows it: its first line, at most 300 characters.
    public static func shownMessage(_ message: String) -> String {
        let line = message.prefix { $0 != "\n" }
        return line.count > 300 ? String(line.prefix(300)) + "…" : String(line)
    }
}
