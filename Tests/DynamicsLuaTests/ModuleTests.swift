import CLua
import Dynamics
import DynamicsLua
import DynamicsLuaTesting
import DynamicsTestSupport
import Foundation
import Testing

/// A fresh folder in the scratch area holding `files` (path relative to it → text).
func scriptFolder(_ files: [String: String]) throws -> URL {
    let folder = testScratch.appendingPathComponent("modules-\(UUID().uuidString)")
    for (path, text) in files {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return folder
}

/// A scene's bridge: its state, its folder, the errors of its callbacks.
struct SceneRun {
    let state: LuaState
    let bridge: LuaBridge

    init(folder: URL, limits: LuaLimits = LuaLimits()) throws {
        state = try LuaState(limits: limits)
        bridge = LuaBridge(state: state) { _ in }
        bridge.sceneFolder = folder.path
    }

    /// Runs `source` as the folder's `scene.lua`; the error, or nil.
    func error(_ source: String) -> LuaError? {
        do { try state.run(source, chunkName: "scene.lua"); return nil } catch let e as LuaError { return e } catch { return nil }
    }

    /// Runs `source` and returns its first result as a string (`tostring`).
    func string(_ source: String) throws -> String {
        let n = try state.run("return tostring((function() \(source) end)())", chunkName: "scene.lua")
        defer { state.pop(n) }
        return state.string(at: -1) ?? "?"
    }
}

extension LuaState {
    /// The string at `index` (tests only).
    func string(at index: Int32) -> String? {
        guard lua_type(raw, index) == LUA_TSTRING, let s = lua_tolstring(raw, index, nil) else { return nil }
        return String(cString: s)
    }
}

@Suite("Plugins and modules are found where their scene lives")
struct SceneSearchPathTests {
    /// Issue 24: a test that loads `../pip.lua` got "use: no behavior or plugin named
    /// 'magneticCorners'": only the test's folder was searched, not the scene's.
    @Test("pluginsOfALoadedSceneAreFoundFromItsTest: a scene's behaviors/ and modules are its own, whoever loads it")
    func pluginsOfALoadedSceneAreFoundFromItsTest() throws {
        let folder = try scriptFolder([
            "pip.lua": """
                local dyn = require "dynamics"
                local a = dyn.animator{}
                local pip = dyn.item{ size = {10, 10} }
                local corners = dyn.use("magneticCorners"){ items = {pip} }
                a:addBehavior(corners)
                return { animator = a, corners = corners }
                """,
            "behaviors/magneticCorners.lua": "return { name = 'magneticCorners', params = { k = 3 } }\n",
            "helped.lua": "return require('dynamics').use('helped'){}.k\n",
            "behaviors/helped.lua": "local h = require 'helper'\nreturn { name = 'helped', params = { k = h.k } }\n",
            "lib/helper.lua": "return { k = 4 }\n",
            "tests/pip_test.lua": """
                test("loads", function() expect(loadScene("../pip.lua").corners.k):toBe(3) end)
                test("its plugin's module", function() expect(loadScene("../helped.lua")):toBe(4) end)
                test("the same folder", function() expect(loadScene("same.lua")):toBe(42) end)
                """,
            "tests/same.lua": "local dyn = require 'dynamics'\nreturn dyn.use('local_one') and 42\n",
            "tests/behaviors/local_one.lua": "return { name = 'local_one' }\n",
        ])
        // The run was given the scene's folder (as `dynamics test FOLDER`), so its tests may read it.
        let test = folder.appendingPathComponent("tests/pip_test.lua").path
        let results = LuaTestRunner(runFolders: [folder.path]).run(file: test)
        #expect(results.map(\.line) == ["ok loads", "ok its plugin's module", "ok the same folder"])
        #expect(LuaTestRunner().run(paths: [folder.path]).map(\.line) == ["ok loads", "ok its plugin's module", "ok the same folder"])
        // Given the test alone, it reads its own folder and below only.
        let alone = LuaTestRunner().run(file: test)
        #expect(alone.map(\.passed) == [false, false, true])
        #expect(alone[0].failure?.contains("loadScene(path): ../pip.lua is outside the folders scripts may read") == true, "\(alone[0])")
    }

    /// Examples/behaviors (wind, magnet) was appended to every search path, so every user
    /// project listed and found them.
    @Test("The package's example plugins are on the examples' path only")
    func examplePluginsOnTheExamplesPathOnly() throws {
        let project = try SceneRun(folder: try scriptFolder(["scene.lua": "return 1\n"]))
        #expect(!project.bridge.luaPluginNames().contains("wind") && !project.bridge.availableBehaviorNames().contains("magnet"))
        #expect(project.error("require('dynamics').use('wind')")?.message.contains("no behavior or plugin named 'wind'") == true)
        let examples = try SceneRun(folder: URL(fileURLWithPath: scenesFolder).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples"))
        #expect(examples.bridge.luaPluginNames() == ["magnet", "magneticCorners", "wind"])
        #expect(examples.error("require('dynamics').use('wind')") == nil)
    }
}

@Suite("require loads plain Lua modules")
struct ModuleTests {
    @Test("Search order (the scene's folder, its lib/), dotted names, arguments, and a module that returns nothing")
    func searchOrder() throws {
        let run = try SceneRun(folder: try scriptFolder([
            "a.lua": "return 'folder'", "lib/a.lua": "return 'lib'", "lib/b.lua": "return 'lib'",
            "pkg/sub.lua": "return 'pkg.sub'", "lib/pkg2/deep.lua": "return 'lib pkg2.deep'",
            "args.lua": "return table.concat({...}, ' ')", "nothing.lua": "local x = 1",
        ]))
        #expect(try run.string("return require 'a'") == "folder")
        #expect(try run.string("return require 'b'") == "lib")
        #expect(try run.string("return require 'pkg.sub'") == "pkg.sub")
        #expect(try run.string("return require 'pkg2.deep'") == "lib pkg2.deep")
        #expect(try run.string("return require 'args'") == "args args.lua")
        #expect(try run.string("return require 'nothing'") == "true")
    }

    @Test("A module runs once per state and its value is shared; a failed one runs again when required again")
    func cachedOncePerState() throws {
        let files = ["counted.lua": "runs = (runs or 0) + 1\nreturn {}", "flaky.lua": "tries = (tries or 0) + 1\nif tries == 1 then error('first') end\nreturn tries"]
        let folder = try scriptFolder(files)
        let run = try SceneRun(folder: folder)
        #expect(try run.string("local a, b = require 'counted', require 'counted'; return a == b and runs") == "1")
        #expect(try run.string("return select(2, pcall(require, 'flaky'))").hasSuffix("flaky.lua:2: first"))
        #expect(try run.string("return require 'flaky'") == "2")
        // Another state runs it again.
        #expect(try SceneRun(folder: folder).string("require 'counted'; return runs") == "1")
    }

    @Test("A cycle is an error that names both files, at the require that closes it")
    func cycles() throws {
        let run = try SceneRun(folder: try scriptFolder([
            "one.lua": "return require 'lib_two'", "lib/lib_two.lua": "local x = 1\nreturn require 'one'",
            "self.lua": "return require 'self'",
        ]))
        let error = try #require(run.error("require 'one'"))
        #expect(error.message.hasPrefix("lib/lib_two.lua:2: require: module 'one' requires itself: one.lua → lib/lib_two.lua → one.lua"), "\(error.message)")
        #expect(run.error("require 'self'")?.message.contains("self.lua:1: require: module 'self' requires itself: self.lua → self.lua") == true)
    }

    static let refusedNames: [(String, String)] = [
        ("nil", "require(name): expected a string, got nil"),
        ("42", "require(name): expected a string, got number"),
        ("{}", "require(name): expected a string, got table"),
        ("true", "require(name): expected a string, got boolean"),
        ("print", "require(name): expected a string, got function"),
        ("''", "expected a module name, got an empty string"),
        ("'../secret'", "'../secret' is a path"),
        ("'..'", "'..' is a path"),
        ("'a..b'", "'a..b' is a path"),
        ("'/etc/passwd'", "'/etc/passwd' is a path"),
        ("'lib/a'", "'lib/a' is a path"),
        ("'a\\\\b'", "is a path"),
        ("'.a'", "'.a' is not a module name"),
        ("'a.'", "'a.' is not a module name"),
        ("'a b'", "'a b' is not a module name"),
        ("'a\\0b'", "a module name cannot contain a NUL byte"),
        ("'\\255'", "is not a module name"),
        ("string.rep('a', 20000000)", "a module name has at most 200 bytes, got 20000000"),
        ("'pip_test'", "'pip_test' names a test file, not a module"),
        ("'missing.part'", "no plugin or module named 'missing.part' (looked for missing/part.lua, lib/missing/part.lua)"),
    ]

    @Test("Names of every wrong type and shape are refused with a clear error at the caller's line", arguments: refusedNames.map(\.0))
    func refusedName(_ name: String) throws {
        let expected = Self.refusedNames.first { $0.0 == name }!.1
        let run = try SceneRun(folder: try scriptFolder(["pip_test.lua": "return 1", "a.lua": "return 1", "lib/a.lua": "return 1"]))
        let error = try #require(run.error("local x = 1\nrequire(\(name))"))
        #expect(error.message.hasPrefix("scene.lua:2: "), "\(error.message)")
        #expect(error.message.contains(expected), "\(error.message)")
    }

    @Test("Links out of the search folders are refused; a link that stays inside is followed")
    func links() throws {
        let outside = try scriptFolder(["secret.lua": "return 'SECRET'", "dir/x.lua": "return 'SECRET'"])
        let folder = try scriptFolder(["a.lua": "return 'inside'"])
        let fm = FileManager.default
        try fm.createDirectory(at: folder.appendingPathComponent("lib"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: folder.appendingPathComponent("lib/out.lua").path, withDestinationPath: outside.appendingPathComponent("secret.lua").path)
        try fm.createSymbolicLink(atPath: folder.appendingPathComponent("lib/dir").path, withDestinationPath: outside.appendingPathComponent("dir").path)
        try fm.createSymbolicLink(atPath: folder.appendingPathComponent("lib/alias.lua").path, withDestinationPath: "../a.lua")
        try fm.createSymbolicLink(atPath: folder.appendingPathComponent("up.lua").path, withDestinationPath: "../\(outside.lastPathComponent)/secret.lua")
        let run = try SceneRun(folder: folder)
        #expect(run.error("require 'out'")?.message.contains("require: lib/out.lua is outside the folders scripts may read") == true)
        #expect(run.error("require 'dir.x'")?.message.contains("require: lib/dir/x.lua is outside the folders scripts may read") == true)
        #expect(run.error("require 'up'")?.message.contains("require: up.lua is outside the folders scripts may read") == true)
        #expect(try run.string("return require 'alias'") == "inside")
    }

    @Test("A module's errors name its file and line: runtime, syntax, budget and memory")
    func moduleErrors() throws {
        let folder = try scriptFolder([
            "lib/broken.lua": "local x = 1\nerror('boom')\n",
            "lib/syntax.lua": "return = 1\n",
            "lib/loop.lua": "local n = 0\nwhile true do n = n + 1 end\n",
            "lib/hog.lua": "local t = {}\nfor i = 1, 1e9 do t[i] = ('x'):rep(1024) .. i end\n",
        ])
        let run = try SceneRun(folder: folder, limits: LuaLimits(instructionBudget: 20_000_000, memoryCap: 16 << 20))
        #expect(run.error("require 'broken'")?.message.hasPrefix("lib/broken.lua:2: boom") == true)
        #expect(run.error("require 'syntax'")?.message.hasPrefix("lib/syntax.lua:1: unexpected symbol near '='") == true)
        let budget = try #require(try SceneRun(folder: folder, limits: LuaLimits(instructionBudget: 20_000_000)).error("require 'loop'"))
        #expect(budget.kind == .budget && budget.message.hasPrefix("lib/loop.lua:2: "), "\(budget.message)")
        let memory = try #require(run.error("local x = 1\nrequire 'hog'"))
        #expect(memory.kind == .memory, "\(memory)")
        #expect(memory.message.contains("lib/hog.lua") && memory.message.contains("memory cap"), "\(memory.message)")
        // The state goes on.
        #expect(try run.string("return 1 + 1") == "2")
    }

    @Test("A plugin wins over a module of the same name; a module's code finds what its requirer's finds")
    func pluginsFirst() throws {
        let run = try SceneRun(folder: try scriptFolder([
            "behaviors/shared.lua": "return { name = 'shared', params = { k = require('lib_value') } }",
            "shared.lua": "return 'the module'",
            "lib/lib_value.lua": "return require('deeper')", "lib/deeper.lua": "return 5",
        ]))
        #expect(try run.string("return require('shared').name") == "shared")
        #expect(try run.string("return require('shared').params.k") == "5")
    }
}

@Suite("A plugin's name and its per-instance state")
struct PluginNameAndStateTests {
    @Test("A plugin's name field is its file's name, or an error naming both")
    func nameField() throws {
        let run = try SceneRun(folder: try scriptFolder([
            "behaviors/wind2.lua": "return { name = 'wind', params = {} }",
            "behaviors/numbered.lua": "return { name = 42 }",
            "behaviors/unnamed.lua": "return { params = { k = 1 } }",
            "behaviors/right.lua": "return { name = 'right' }",
        ]))
        let error = try #require(run.error("local dyn = require 'dynamics'\ndyn.use('wind2')"))
        #expect(error.message == "scene.lua:2: use: behaviors/wind2.lua: its name is 'wind' but its file registers it as 'wind2' (rename the file or the field so they agree)", "\(error.message)")
        #expect(run.error("require 'numbered'")?.message.contains("require: behaviors/numbered.lua: 'name' must be a string") == true)
        #expect(run.error("local dyn = require 'dynamics'; dyn.use('unnamed'){}; dyn.use('right'){}") == nil)
    }

    @Test("A plugin keeps its own state on self: per instance, any value, never a parameter or property")
    func stateOnSelf() throws {
        let run = try SceneRun(folder: try scriptFolder(["behaviors/counter.lua": """
            return { name = 'counter', params = { step = 1 },
                     action = function(self, dt) self.count = (self.count or 0) + self.step; self.last = dt end }
            """]))
        #expect(try run.string("""
            local dyn = require 'dynamics'
            local a = dyn.animator{}
            local item = dyn.item{ size = {10, 10} }
            local one, two = dyn.use('counter'){ items = {item} }, dyn.use('counter'){ items = {item}, step = 10 }
            a:addBehavior(one); a:addBehavior(two)
            a:run{ seconds = 0.5 }
            one.note, one.fn, one.item, one[''] = 'x', print, item, 'empty'
            return table.concat({ one.count, two.count, tostring(two.note), one.note, tostring(one.fn == print),
                                  tostring(one.item == item), one[''], tostring(one.step) }, ' ')
            """) == "30 300 nil x true true empty 1")
        let cases: [(String, String)] = [
            ("c.items = {}", "counter.items is read-only"),
            ("c.children = {}", "counter.children is read-only"),
            ("c.addItem = 1", "counter.addItem is a method of every behavior"),
            ("c.step = 'big'", "counter.step: expected a number, got string"),
            ("c.step = 0/0", "counter.step: must be finite"),
            ("c[1] = 2", "counter has no property"),
        ]
        for (source, message) in cases {
            let error = run.error("local c = require('dynamics').use('counter'){}\n\(source)")
            #expect(error?.message.contains(message) == true, "\(source): \(String(describing: error))")
            #expect(error?.location == "scene.lua:2", "\(source): \(String(describing: error))")
        }
    }

    @Test("A plugin's state goes with its behavior, and counts against the memory cap")
    func stateCollected() throws {
        let folder = try scriptFolder(["behaviors/holder.lua": "return { name = 'holder' }"])
        let run = try SceneRun(folder: folder)
        try run.state.run("holder = require('dynamics').use('holder'); collectgarbage(); collectgarbage()", chunkName: "scene.lua")
        let before = run.state.memoryUsed
        try run.state.run("local h = holder{}; h.big = ('x'):rep(8 << 20)", chunkName: "scene.lua")
        #expect(run.state.memoryUsed > before + (8 << 20))
        // The handle's finalizer lets the behavior go, which releases its state table.
        try run.state.run("collectgarbage(); collectgarbage()", chunkName: "scene.lua")
        #expect(run.state.memoryUsed < before + (1 << 20), "\(run.state.memoryUsed - before) bytes kept")
        let capped = try SceneRun(folder: folder, limits: LuaLimits(memoryCap: 8 << 20))
        let error = capped.error("local h = require('dynamics').use('holder'){}\nfor i = 1, 1e8 do h['k' .. i] = i end")
        #expect(error?.kind == .memory, "\(String(describing: error))")
    }
}

@Suite("dynamics behaviors prints Lua forms")
struct BehaviorFormTests {
    /// `dynamics behaviors` described attachment and snap with `items = {item}`, which Lua
    /// refuses. Each form printed now runs as printed.
    @Test("Every built-in's form runs as printed, and names each of its parameters")
    func builtInFormsRun() throws {
        let run = try SceneRun(folder: try scriptFolder([:]))
        for name in BehaviorRegistry.shared.names {
            let definition = try #require(BehaviorRegistry.shared.definition(named: name))
            guard definition.origin == .builtIn else { continue }
            let form = LuaBridge.luaForm(of: definition)
            #expect(form.hasPrefix("dyn.\(name){ "), "\(form)")
            let error = run.error("""
                local dyn = require 'dynamics'
                local item, other = dyn.item{ size = {10, 10} }, dyn.item{ size = {10, 10}, center = {50, 0} }
                return \(form)
                """)
            #expect(error == nil, "\(name): \(form): \(String(describing: error))")
            if !name.hasPrefix("field.") {
                for p in definition.parameterNames { #expect(form.contains("\(p)"), "\(name) does not name \(p): \(form)") }
            }
        }
    }

    @Test("A plugin's form is dyn.use(NAME) with its parameters' defaults, in Lua")
    func pluginForms() throws {
        let folder = try scriptFolder(["behaviors/odd.lua": "return { name = 'odd', params = { ['end'] = 1, ['two words'] = 'a \"q\"\\n', v = {0.5, 2}, on = true } }"])
        let run = try SceneRun(folder: folder)
        let description = try run.bridge.luaPluginDescription("odd").get()
        let form = LuaBridge.luaForm(plugin: "odd", params: description.params)
        #expect(form == #"dyn.use("odd"){ items = {item}, ["end"] = 1, ["two words"] = "a \"q\"\n", on = true, v = {0.5, 2} }"#)
        #expect(run.error("local dyn = require 'dynamics'\nlocal item = dyn.item{ size = {1, 1} }\nreturn \(form)") == nil)
        let swift = BehaviorDefinition(name: "tug", summary: "", parameters: [("strength", .number(2))],
                                       optionalParameters: [("direction", .vector(.zero))]) { _, _ in DynamicBehavior() }
        #expect(LuaBridge.luaForm(of: swift) == #"dyn.use("tug"){ items = {item}, strength = 2 }  -- also direction (vector)"#)
    }
}
