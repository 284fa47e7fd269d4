import CLua
import CLuaShim
import Foundation

// `require "name"` loads, in this order: the `dynamics` module; a Lua plugin named `name` on
// the plugin search path (its definition table); a plain Lua module, a file that returns a
// value. Plugins and modules are looked for where the code that calls `require` (or
// `dyn.use`) belongs: a scene finds those beside it whoever loads it, the test that loaded it
// adds its own folder, and DYNAMICS_PATH comes last (docs/lua-api.md, "Modules").

/// Where one piece of a script's code finds plugins and modules: the folder of the scene it
/// belongs to and, for a scene a test loaded with `loadScene`, that test's folder.
struct LuaSearchScope: Hashable {
    /// The scene's folder ("" is the working directory); nil for a bridge made without one.
    package var sceneFolder: String?
    /// The folder of the test file that loaded the scene (nil when it is the scene's own).
    package var testFolder: String?

    init(sceneFolder: String?, testFolder: String? = nil) {
        self.sceneFolder = sceneFolder
        self.testFolder = testFolder == sceneFolder ? nil : testFolder
    }

    /// DYNAMICS_PATH's folders (colon-separated), read when asked (with getenv: Foundation's
    /// `environment` copies every variable on each call).
    static var environmentFolders: [String] {
        guard let value = getenv("DYNAMICS_PATH") else { return [] }
        return String(cString: value).split(separator: ":").map(String.init)
    }

    /// Folders searched for Lua plugins, in order: the scene's `behaviors/`, the loading
    /// test's `behaviors/`, each folder of DYNAMICS_PATH.
    var pluginFolders: [String] {
        [sceneFolder, testFolder].compactMap { $0.map { LuaSearchScope.joined($0, "behaviors") } } + LuaSearchScope.environmentFolders
    }

    /// Folders searched for modules, in order: the scene's folder, its `lib/`, the loading
    /// test's folder, each folder of DYNAMICS_PATH. What is found is read only inside the
    /// folders scripts may read (`LuaReadableFolders`).
    var moduleFolders: [String] {
        var folders: [String] = []
        if let scene = sceneFolder { folders += [scene, LuaSearchScope.joined(scene, "lib")] }
        if let test = testFolder { folders.append(test) }
        return folders + LuaSearchScope.environmentFolders
    }

    /// `folder/name`, textually ("" is the working directory): a path stays as the script's
    /// folders spell it, so messages can show it relative to the scene.
    static func joined(_ folder: String, _ name: String) -> String {
        var name = Substring(name)
        while name.hasPrefix("./") { name = name.dropFirst(2) }
        if name.isEmpty || name == "." { return folder }
        return folder.isEmpty ? String(name) : folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}

/// The script files a bridge's state loads besides its own: scenes of `loadScene`, plugins
/// and modules, with the scope each one's code searches.
final class LuaScriptFiles {
    /// The scope of each chunk loaded as a scene, plugin or module, by its chunk name.
    var scopes: [String: LuaSearchScope] = [:]
    /// Each module's value (registry reference), by its file's real path: a module runs once.
    var modules: [String: Int32] = [:]
    /// Modules whose files are running now, outermost first (real path, as shown).
    var loading: [(file: String, shown: String)] = []
    /// Plugin and module files loaded, as found (the viewer reloads when one changes).
    var files: [String] = []
    /// Where a plugin name was found from a scope: its file (see `LuaPluginFile`).
    var plugins: [Lookup: LuaPluginFile] = [:]
    /// The constructor `dyn.use` returned for each Lua plugin, by its file's real path.
    var constructors: [String: Int32] = [:]
    /// What `require` returned for a name from a scope (a plugin's definition or a module's
    /// value): a later require of it is one table lookup, as Lua's `package.loaded` is.
    var required: [Lookup: Int32] = [:]

    /// A name looked up from a scope.
    struct Lookup: Hashable {
        var scope: LuaSearchScope
        var name: String
    }
}

/// A Lua plugin's file as found on a scope's search path.
struct LuaPluginFile {
    var name: String
    /// As found (the folder joined with `NAME.lua`), and as messages show it.
    var path: String, shown: String
    /// Its real path: definitions and constructors are kept by it.
    var real: String
    /// The scope its code searches: the one it was found from.
    var scope: LuaSearchScope
}

extension LuaBridge {
    /// The longest module name `require` takes, in bytes (a plugin name's limit too).
    static let maximumModuleNameBytes = 200

    /// The scope of the code that called the running host function: that of the innermost
    /// Lua function on the stack whose chunk was loaded as a scene, plugin or module, or the
    /// bridge's own (its scene folder) for the script the host ran. At most 256 levels are
    /// looked at, and chunk names longer than 4 KiB are skipped unread, so a deep recursion or
    /// a huge chunk name costs nothing more.
    func callingScope() -> LuaSearchScope {
        let root = LuaSearchScope(sceneFolder: sceneFolder)
        guard !scriptFiles.scopes.isEmpty else { return root }
        var ar = lua_Debug()
        var level: Int32 = 1
        while level <= 256, lua_getstack(L, level, &ar) != 0 {
            level += 1
            guard lua_getinfo(L, "S", &ar) != 0, let source = ar.source, ar.srclen <= 4096, source.pointee == 0x40 /* @ */ else { continue }
            if let scope = scriptFiles.scopes[String(cString: source)] { return scope }
        }
        return root
    }

    /// `path` as messages show it: relative to the bridge's scene folder when inside it.
    func shownPath(_ path: String) -> String {
        guard let root = sceneFolder, !root.isEmpty else { return path }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The sandbox's `require(name)`.
    func require() throws -> Int32 {
        guard lua_type(L, 1) == LUA_TSTRING else {
            throw LuaArgumentError(message: "require(name): expected a string, got \(typeName(at: 1))")
        }
        // Measured before it is read: a 20 MB name costs no copy.
        let length = Int(lua_rawlen(L, 1))
        guard length <= LuaBridge.maximumModuleNameBytes else {
            throw LuaArgumentError(message: "require: a module name has at most \(LuaBridge.maximumModuleNameBytes) bytes, got \(length)")
        }
        let name = string(at: 1) ?? ""
        if name == "dynamics" {
            dyn_lua_push_sandbox(L)
            dyn_lua_rawgetfield(L, -1, "dynamics")
            return 1
        }
        let scope = callingScope()
        let lookup = LuaScriptFiles.Lookup(scope: scope, name: name)
        if let ref = scriptFiles.required[lookup] {
            dyn_lua_getref(L, ref)
            return 1
        }
        let relative = try LuaBridge.moduleFile(name)
        // A plugin's name has no dot: `name.sub` is always a module.
        let ref: Int32
        if LuaBridge.isPluginName(name), let plugin = try findPlugin(name, from: scope, caller: "require") {
            ref = try loadPlugin(plugin, caller: "require")
        } else {
            ref = try loadModule(name, relative, from: scope)
        }
        scriptFiles.required[lookup] = ref
        dyn_lua_getref(L, ref)
        return 1
    }

    /// The file `require(name)` looks for, relative to each module folder: `name.sub` is
    /// `name/sub.lua`. Names are words of letters, digits, `_` and `-` separated by dots;
    /// paths (`/`, `..`, absolute), empty parts, NUL bytes and test files are refused.
    static func moduleFile(_ name: String) throws -> String {
        func refuse(_ why: String) -> LuaArgumentError {
            LuaArgumentError(message: "require: \(why) (a module name is words separated by dots: name.sub loads name/sub.lua)")
        }
        guard !name.isEmpty else { throw refuse("expected a module name, got an empty string") }
        guard !name.utf8.contains(0) else { throw refuse("a module name cannot contain a NUL byte") }
        if name.contains("/") || name.contains("\\") || name.contains("..") {
            throw refuse("'\(shown(name))' is a path: '/', '\\\\' and '..' are not allowed")
        }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.allSatisfy({ isPluginName(String($0)) }) else {
            throw refuse("'\(shown(name))' is not a module name: each part has letters, digits, _ and - only")
        }
        guard !parts.last!.hasSuffix("_test") else {
            throw refuse("'\(shown(name))' names a test file, not a module")
        }
        return parts.joined(separator: "/") + ".lua"
    }

    /// Runs the module `name` (the file `relative` in the first of `scope`'s module folders
    /// that has it) once per file, and returns the registry reference of its value.
    private func loadModule(_ name: String, _ relative: String, from scope: LuaSearchScope) throws -> Int32 {
        var found: (path: String, real: String)?
        let readable = readableFolders
        for folder in scope.moduleFolders {
            let path = LuaSearchScope.joined(folder, relative)
            if let real = try readable.permit(path, { "require: \(shownPath(path))" }) {
                found = (path, real)
                break
            }
        }
        guard let (path, real) = found else {
            let plugins = LuaBridge.isPluginName(name) ? scope.pluginFolders.map { LuaSearchScope.joined($0, "\(name).lua") } : []
            let looked = scope.moduleFolders.map { LuaSearchScope.joined($0, relative) } + plugins
            throw LuaArgumentError(message: "require: no plugin or module named '\(LuaBridge.shown(name))' (looked for \(LuaBridge.listed(looked.map(shownPath))))")
        }
        if let ref = scriptFiles.modules[real] { return ref }
        let shown = shownPath(path)
        if let start = scriptFiles.loading.firstIndex(where: { $0.file == real }) {
            let cycle = (scriptFiles.loading[start...].map(\.shown) + [shown]).joined(separator: " → ")
            throw LuaArgumentError(message: "require: module '\(LuaBridge.shown(name))' requires itself: \(cycle)")
        }
        let source: String
        do { source = try LuaSource.read(path, within: readable) } catch {
            throw LuaArgumentError(message: "require: \(shown): \(error)")
        }
        // Its code finds what the code that required it finds.
        let chunk = "@" + shown
        scriptFiles.scopes[chunk] = scope
        scriptFiles.files.append(path)
        let top = lua_gettop(L)
        let status = LuaSource.load(L, source, chunkName: chunk)
        guard status == LUA_OK else {
            let message = dyn_lua_tostring(L, -1).map { String(cString: $0) } ?? "?"
            lua_settop(L, top)
            throw LuaError(kind: status == LUA_ERRMEM ? .memory : .syntax, message: message)
        }
        scriptFiles.loading.append((real, shown))
        defer { scriptFiles.loading.removeLast() }
        // As Lua's own require: the chunk gets the name and the file.
        lua_pushstring(L, name)
        lua_pushstring(L, shown)
        do { try state.call(nargs: 2, nresults: 1) } catch let error as LuaError where error.kind == .memory && error.location == nil {
            // Lua's memory error has no location: the require's and the module's file.
            lua_settop(L, top)
            throw LuaArgumentError(message: "require '\(LuaBridge.shown(name))': \(shown): \(error.message)")
        } catch {
            lua_settop(L, top)
            throw error
        }
        // A module that returns nothing is loaded all the same (as `true`, as Lua's is).
        if lua_type(L, -1) == LUA_TNIL {
            lua_settop(L, -2)
            lua_pushboolean(L, 1)
        }
        let ref = dyn_lua_ref(L)
        lua_settop(L, top)
        scriptFiles.modules[real] = ref
        return ref
    }

    /// Plugin and module files the state loaded, as found (for a viewer that reloads when one
    /// changes).
    public var loadedScriptFiles: [String] { scriptFiles.files }
}
