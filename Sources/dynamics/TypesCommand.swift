import ArgumentParser
import DynamicsLua
import DynamicsRender
import Foundation

/// `dynamics types`: prints the Lua language-server annotations of the `dynamics` module, for
/// editors (save them in the project: `dynamics types > dynamics.d.lua`).
/// `dynamics types --luarc [DIR]`: sets up a project folder for lua-language-server instead
/// (`LuaRC`): the annotations in DIR/.dynamics/ and a DIR/.luarc.json pointing at them.
struct Types: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print Lua language-server annotations (---@meta) for the dynamics module, or write a .luarc.json.",
        discussion: """
            Save them where lua-language-server looks: `dynamics types > dynamics.d.lua` in the project, or --output FILE. \
            `dynamics types --luarc [DIR]` writes DIR/.luarc.json (default: this folder) and the annotations it points at \
            (DIR/.dynamics/dynamics.d.lua and sandbox.d.lua): Lua 5.4, the module paths (lib/, behaviors/, DYNAMICS_PATH) \
            and the libraries the sandbox removes turned off.
            """)

    @Option(name: .shortAndLong, help: "Write the annotations to this file instead of standard output.")
    var output: String?

    @Flag(help: "Write .luarc.json and the annotations into a project folder (the argument; default the current folder).")
    var luarc = false

    @Argument(help: "With --luarc: the project folder (default: the current folder).")
    var folder: String?

    func validate() throws {
        if folder != nil && !luarc { throw ValidationError("a folder is taken only with --luarc (dynamics types --luarc DIR)") }
        if luarc && output != nil { throw ValidationError("--luarc writes its files into the folder; --output is for the annotations alone") }
    }

    func run() throws {
        do {
            if luarc {
                let written = try LuaRC.write(into: folder ?? ".", dynamicsPath: ProcessInfo.processInfo.environment["DYNAMICS_PATH"])
                for path in written { print("wrote \(path)") }
                return
            }
            let text = LuaBridge.luaAnnotations
            if let output {
                // Only over a previous annotations file or an empty one (a scene
                // given as --output was replaced, exit 0).
                try OutputFile.check(output, option: "--output", outputs: ["---@meta dynamics\n", "---@meta dynamics\r\n"], writesLua: true)
                try OutputFile.write(text, to: output, option: "--output")
            } else {
                try OutputFile.writeStandardOutput(text)
            }
        } catch {
            writeRaw(2, "dynamics types: \(error)\n")
            throw ExitCode(1)
        }
    }
}

/// The editor set-up `dynamics types --luarc DIR` writes (docs/lua-api.md, "Editor support"):
///
/// - DIR/.dynamics/dynamics.d.lua: the module's annotations (`LuaBridge.luaAnnotations`);
/// - DIR/.dynamics/sandbox.d.lua: the globals the sandbox leaves (`LuaBridge.sandboxAnnotations`);
/// - DIR/.luarc.json: lua-language-server's settings: `runtime.version` Lua 5.4;
///   `runtime.path` with the module folders a scene's `require` searches (its folder, `lib/`,
///   `behaviors/` for plugins; `runtime.pathStrict` off, so they match below any folder of
///   the workspace); `workspace.library` with .dynamics and each folder of `DYNAMICS_PATH`;
///   `runtime.builtin` with basic, io, os, debug and package off (the sandbox's own globals
///   come from sandbox.d.lua), and LuaJIT's libraries off; `workspace.checkThirdParty` off.
///
/// Each file is written only new, or over one this command wrote (for .luarc.json: one whose
/// `workspace.library` lists `.dynamics`); a .luarc.json of the project's own is left alone,
/// with a message giving the settings to merge into it (exit status 1).
enum LuaRC {
    /// The folder of the annotations, inside the project folder.
    static let annotationsFolder = ".dynamics"

    /// The settings, as JSON text (keys in a fixed order, two-space indents).
    static func settings(dynamicsPath: String?) -> String {
        let library = [annotationsFolder] + LuaRC.folders(of: dynamicsPath)
        func list(_ items: [String], indent: String) -> String {
            "[\n" + items.map { "\(indent)  \(Format.jsonString($0))" }.joined(separator: ",\n") + "\n\(indent)]"
        }
        let builtins = ["basic", "io", "os", "debug", "package", "bit", "bit32", "ffi", "jit", "table.clear", "table.new"]
        return """
            {
              "$schema": "https://raw.githubusercontent.com/LuaLS/vscode-lua/master/setting/schema.json",
              "runtime": {
                "version": "Lua 5.4",
                "path": \(list(["?.lua", "lib/?.lua", "behaviors/?.lua"], indent: "    ")),
                "pathStrict": false,
                "builtin": {
            \(builtins.map { "      \(Format.jsonString($0)): \"disable\"" }.joined(separator: ",\n"))
                }
              },
              "workspace": {
                "library": \(list(library, indent: "    ")),
                "checkThirdParty": false
              },
              "diagnostics": {
                "globals": []
              }
            }

            """
    }

    /// The folders of a `DYNAMICS_PATH` value (colon-separated, empty parts skipped), made
    /// absolute against the current folder.
    static func folders(of dynamicsPath: String?) -> [String] {
        guard let dynamicsPath else { return [] }
        let here = FileManager.default.currentDirectoryPath
        return dynamicsPath.split(separator: ":").map(String.init).filter { !$0.isEmpty }.map {
            $0.hasPrefix("/") ? $0 : (here as NSString).appendingPathComponent($0)
        }
    }

    /// Writes the three files into `folder` (which must exist); returns their paths.
    static func write(into folder: String, dynamicsPath: String?) throws -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw OutputFile.Failure(description: "--luarc: \(folder) is not a folder")
        }
        let annotations = (folder as NSString).appendingPathComponent(annotationsFolder)
        var info = stat()
        if lstat(annotations, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw OutputFile.Failure(description: "--luarc: \(annotations) exists and is not a folder")
            }
        } else if mkdir(annotations, 0o755) != 0 {
            throw OutputFile.Failure(description: "--luarc: cannot make \(annotations): \(String(cString: strerror(errno)))")
        }
        let module = (annotations as NSString).appendingPathComponent("dynamics.d.lua")
        let sandbox = (annotations as NSString).appendingPathComponent("sandbox.d.lua")
        let rc = (folder as NSString).appendingPathComponent(".luarc.json")
        let json = settings(dynamicsPath: dynamicsPath)
        try OutputFile.check(module, option: "--luarc", outputs: ["---@meta dynamics\n"], writesLua: true)
        try OutputFile.check(sandbox, option: "--luarc", outputs: ["---@meta dynamics.sandbox\n"], writesLua: true)
        try OutputFile.write(LuaBridge.luaAnnotations, to: module, option: "--luarc")
        try OutputFile.write(LuaBridge.sandboxAnnotations, to: sandbox, option: "--luarc")
        // A .luarc.json of the project's own (it does not list the annotations' folder) is
        // left as it is: the message gives the settings to merge into it.
        if let handle = FileHandle(forReadingAtPath: rc) {
            let head = String(decoding: (try? handle.read(upToCount: 1 << 20)) ?? Data(), as: UTF8.self)
            try? handle.close()
            guard head.contains("\"\(annotationsFolder)\"") else {
                throw OutputFile.Failure(description: "--luarc: wrote the annotations into \(annotations), but \(rc) exists and was not "
                    + "written by `dynamics types --luarc` (its workspace.library does not list \"\(annotationsFolder)\"), so it is left "
                    + "as it is; merge these settings into it:\n" + json)
            }
        }
        try OutputFile.check(rc, option: "--luarc", outputs: ["{"])
        try OutputFile.write(json, to: rc, option: "--luarc")
        return [rc, module, sandbox]
    }
}
