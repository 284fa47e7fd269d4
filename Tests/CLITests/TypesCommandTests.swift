import DynamicsTestSupport
import Foundation
import Testing

@Suite("dynamics types")
struct TypesCommandTests {
    /// The annotation file in the repository.
    static let source = try! String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/DynamicsLua/Resources/dynamics.d.lua"), encoding: .utf8)

    @Test("prints the annotation file, and writes it with --output")
    func printsAndWrites() throws {
        let r = try runDynamics(["types"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == Self.source)
        #expect(r.stdout.hasPrefix("---@meta dynamics"))
        let file = testScratch.appendingPathComponent("types-\(UUID().uuidString).d.lua")
        defer { try? FileManager.default.removeItem(at: file) }
        let w = try runDynamics(["types", "--output", file.path])
        #expect(w.status == 0 && w.stdout.isEmpty)
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.source)
        let bad = try runDynamics(["types", "--output", "/nonexistent-folder/x.lua"])
        #expect(bad.status == 1 && bad.stderr.contains("cannot write"))
        // Written again over its own previous output, and over an empty file.
        #expect(try runDynamics(["types", "--output", file.path]).status == 0)
        let empty = testScratch.appendingPathComponent("types-\(UUID().uuidString).d.lua")
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(FileManager.default.createFile(atPath: empty.path, contents: Data(" \n".utf8))) // blank counts as empty
        #expect(try runDynamics(["types", "--output", empty.path]).status == 0)
        #expect(try String(contentsOf: empty, encoding: .utf8) == Self.source)
    }

    /// `types --output` replaced any file, a scene or a link's target, with exit 0.
    @Test("--output refuses a file that holds something else (a scene, text), through a link too")
    func refusesOtherFiles() throws {
        let scene = testScratch.appendingPathComponent("types-\(UUID().uuidString).lua")
        let text = testScratch.appendingPathComponent("types-\(UUID().uuidString).txt")
        let link = testScratch.appendingPathComponent("types-\(UUID().uuidString).d.lua")
        defer { for f in [scene, text, link] { try? FileManager.default.removeItem(at: f) } }
        try "return 1\n".write(to: scene, atomically: true, encoding: .utf8)
        try "notes\n".write(to: text, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: scene)
        // A prefix without its line end ("---@meta dynamicsX") passed for a previous output.
        let lookalike = testScratch.appendingPathComponent("types-\(UUID().uuidString).d.lua")
        defer { try? FileManager.default.removeItem(at: lookalike) }
        try "---@meta dynamicsX\nreturn 1\n".write(to: lookalike, atomically: true, encoding: .utf8)
        for target in [scene, text, link, lookalike] {
            let r = try runDynamics(["types", "--output", target.path])
            #expect(r.status == 1 && r.stderr.contains("holds something else than a previous output"), "\(target.lastPathComponent): \(r.stderr)")
        }
        #expect(try String(contentsOf: scene, encoding: .utf8) == "return 1\n")
        #expect(try String(contentsOf: text, encoding: .utf8) == "notes\n")
    }
}

/// Issue 25, "Editor": `dynamics types --luarc [DIR]`. No lua-language-server is packaged for
/// Debian (bookworm) or on PyPI, so the files are checked for what the language server reads:
/// the JSON and its keys, the annotation files, and the sandbox's globals declared exactly.
@Suite("dynamics types --luarc")
struct LuaRCTests {
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/DynamicsLua/Resources")

    func folder() throws -> String {
        let dir = testScratch.appendingPathComponent("luarc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.path
    }

    @Test("writes .luarc.json (Lua 5.4, module paths, DYNAMICS_PATH, the sandbox's libraries off) and the annotations it names")
    func writesTheFiles() throws {
        let dir = try folder()
        let r = try runDynamics(["types", "--luarc", dir], in: dir, environment: ["DYNAMICS_PATH": "kits/ui::/opt/dyn"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("wrote \(dir)/.luarc.json"))
        let json = try JSONValue(contentsOfFile: dir + "/.luarc.json")
        #expect(json["$schema"]?.string?.hasSuffix("setting/schema.json") == true)
        let runtime = try #require(json["runtime"])
        #expect(runtime["version"]?.string == "Lua 5.4")
        #expect(runtime["path"]?.strings == ["?.lua", "lib/?.lua", "behaviors/?.lua"])
        #expect(runtime["pathStrict"]?.bool == false)
        let builtin = try #require(runtime["builtin"]?.object)
        #expect(builtin.values.allSatisfy { $0.string != nil }, "\(builtin)")
        for library in ["basic", "io", "os", "debug", "package"] { #expect(builtin[library]?.string == "disable", "\(library)") }
        for library in ["string", "table", "math", "utf8", "coroutine"] { #expect(builtin[library] == nil, "\(library) stays on") }
        let workspace = try #require(json["workspace"]?.object)
        // The folder's realpath may differ from the path given (/tmp links), so the relative
        // DYNAMICS_PATH folder is checked by its end.
        let library = try #require(workspace["library"]?.strings)
        #expect(library.count == 3 && library[0] == ".dynamics" && library[1].hasSuffix("/kits/ui") && library[1].hasPrefix("/") && library[2] == "/opt/dyn", "\(library)")
        #expect(workspace["checkThirdParty"]?.bool == false)
        #expect(json["diagnostics"]?["globals"]?.strings == [])
        // The annotations, as the package has them.
        for name in ["dynamics.d.lua", "sandbox.d.lua"] {
            let written = try String(contentsOfFile: dir + "/.dynamics/" + name, encoding: .utf8)
            #expect(written == (try String(contentsOf: Self.resources.appendingPathComponent(name), encoding: .utf8)), "\(name)")
        }
        // Again, over its own files: refreshed.
        #expect(try runDynamics(["types", "--luarc"], in: dir).status == 0)
        let again = try JSONValue(contentsOfFile: dir + "/.luarc.json")
        #expect(again["workspace"]?["library"]?.strings == [".dynamics"])
    }

    @Test("a .luarc.json of the project's own is left as it is, with the settings to merge; bad usage is refused")
    func refusals() throws {
        let dir = try folder()
        let own = "{ \"runtime.version\": \"Lua 5.3\" }\n"
        try own.write(toFile: dir + "/.luarc.json", atomically: true, encoding: .utf8)
        let r = try runDynamics(["types", "--luarc", dir])
        #expect(r.status == 1 && r.stderr.contains("was not written by `dynamics types --luarc`") && r.stderr.contains("\"Lua 5.4\""), "\(r.stderr)")
        #expect(try String(contentsOfFile: dir + "/.luarc.json", encoding: .utf8) == own)
        #expect(FileManager.default.fileExists(atPath: dir + "/.dynamics/dynamics.d.lua"), "the annotations are written")
        let file = dir + "/plain.txt"
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        let notFolder = try runDynamics(["types", "--luarc", file])
        #expect(notFolder.status == 1 && notFolder.stderr.contains("is not a folder"), "\(notFolder.stderr)")
        let noFlag = try runDynamics(["types", dir])
        #expect(noFlag.status == 2 && noFlag.stderr.contains("only with --luarc"), "\(noFlag.stderr)")
        let both = try runDynamics(["types", "--luarc", dir, "--output", dir + "/x.lua"])
        #expect(both.status == 2, "\(both.stderr)")
        // A scene in the annotations' place is not replaced.
        let other = try folder()
        try FileManager.default.createDirectory(atPath: other + "/.dynamics", withIntermediateDirectories: true)
        try "return 1\n".write(toFile: other + "/.dynamics/dynamics.d.lua", atomically: true, encoding: .utf8)
        let scene = try runDynamics(["types", "--luarc", other])
        #expect(scene.status == 1 && scene.stderr.contains("holds something else"), "\(scene.stderr)")
        #expect(try String(contentsOfFile: other + "/.dynamics/dynamics.d.lua", encoding: .utf8) == "return 1\n")
    }

    @Test("sandbox.d.lua declares exactly the globals a script has (and os's clock, time, date)")
    func sandboxGlobals() throws {
        let scene = try temporaryFile("globals.lua", """
            local names, os_names = {}, {}
            for k in pairs(_G) do names[#names + 1] = k end
            for k in pairs(os) do os_names[#os_names + 1] = k end
            table.sort(names); table.sort(os_names)
            print("globals: " .. table.concat(names, " "))
            print("os: " .. table.concat(os_names, " "))
            return dynamics.animator{}
            """)
        let r = try runDynamics(["run", scene, "--seconds", "0"])
        #expect(r.status == 0, "\(r.stderr)")
        func listed(_ prefix: String) -> Set<String> {
            Set(r.stdout.split(separator: "\n").first { $0.hasPrefix(prefix) }.map { $0.dropFirst(prefix.count).split(separator: " ").map(String.init) } ?? [])
        }
        // The language server's own string, table, math, utf8 and coroutine stay on; the
        // module itself is in dynamics.d.lua.
        let expected = listed("globals: ").subtracting(["string", "table", "math", "utf8", "coroutine", "dynamics"])
        #expect(expected.contains("print") && expected.contains("require") && !expected.contains("dofile"))
        let text = try String(contentsOf: Self.resources.appendingPathComponent("sandbox.d.lua"), encoding: .utf8)
        var declared = Set<String>(), osDeclared = Set<String>()
        for line in text.split(separator: "\n") {
            if let m = line.wholeMatch(of: /function (\w+)\(.*/) { declared.insert(String(m.1)) }
            if let m = line.wholeMatch(of: /(\w+) = \{\}/) { declared.insert(String(m.1)) }
            if let m = line.wholeMatch(of: /function os\.(\w+)\(.*/) { osDeclared.insert(String(m.1)) }
        }
        #expect(declared == expected, "declared but not in the sandbox: \(declared.subtracting(expected).sorted()); in the sandbox but not declared: \(expected.subtracting(declared).sorted())")
        #expect(osDeclared == listed("os: ") && osDeclared == ["clock", "date", "time"])
        #expect(text.hasPrefix("---@meta dynamics.sandbox\n"))
    }

    @Test("loadScene's result has open fields; plugin files carry ---@type dynamics.PluginDefinition")
    func typedScenesAndPlugins() throws {
        let text = try String(contentsOf: Self.resources.appendingPathComponent("dynamics.d.lua"), encoding: .utf8)
        #expect(text.contains("---@class dynamics.LoadedScene: dynamics.SceneResult, dynamics.Animator\n---@field animator dynamics.Animator\n---@field [string] any\n"))
        #expect(text.contains("---@return dynamics.LoadedScene\nfunction loadScene(path) end"))
        #expect(text.contains("---@class dynamics.PluginDefinition"))
        let root = Self.resources.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var plugins: [String] = []
        for folder in ["Examples/behaviors", "Tests/Scenes/behaviors", "Tests/Scenes/pip/behaviors"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path).filter { $0.hasSuffix(".lua") }
            plugins += names.map { "\(folder)/\($0)" }
        }
        #expect(plugins.count >= 6)
        for plugin in plugins {
            let source = try String(contentsOf: root.appendingPathComponent(plugin), encoding: .utf8)
            let name = ((plugin as NSString).lastPathComponent as NSString).deletingPathExtension
            #expect(source.contains("---@type dynamics.PluginDefinition\nlocal \(name) = {\n") && source.hasSuffix("\nreturn \(name)\n"), "\(plugin)")
        }
    }
}
