import DynamicsLua
import DynamicsTestSupport
import Foundation
import Testing

/// What a script may read (`LuaReadableFolders`): the script's folder and below, the folders a
/// `dynamics test` run was given and DYNAMICS_PATH's, by real path, never `/`.
@Suite("What scripts may read: one rule, on real paths, never /")
struct ReadableFoldersTests {
    /// A file system of names: `links` maps a path to where it leads (a whole path), every
    /// other path listed in `files` exists as itself; `..` and `.` are resolved as realpath does.
    static func resolver(files: Set<String>, links: [String: String]) -> @Sendable (String) -> String? {
        { path in
            var parts: [String] = []
            var pending = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
            var hops = 0
            while !pending.isEmpty {
                let part = pending.removeFirst()
                if part == "." { continue }
                if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
                parts.append(part)
                let here = "/" + parts.joined(separator: "/")
                if let target = links[here] {
                    hops += 1
                    guard hops < 40 else { return nil }
                    parts = []
                    pending = target.split(separator: "/").map(String.init) + pending
                }
            }
            let real = "/" + parts.joined(separator: "/")
            return real == "/" || files.contains(real) ? real : nil
        }
    }

    /// A test directly in a top-level folder (`/app/x_test.lua`): the folder above it is `/`,
    /// which the rule once allowed ("the test's folder or the one above it"), so every `.lua`
    /// file on the machine, and through a link any readable file, came back to the script.
    @Test("aTestAtATopLevelFolderReadsNothingAbove: /app's test reads /app and below, not /")
    func aTestAtATopLevelFolderReadsNothingAbove() throws {
        let files: Set<String> = ["/app", "/app/scene.lua", "/app/tests", "/app/tests/x_test.lua", "/secret.lua",
                                  "/etc", "/etc/passwd", "/etc/x.lua", "/proc", "/proc/self", "/proc/self/environ"]
        let links = ["/app/passwd.lua": "/etc/passwd", "/app/environ.lua": "/proc/self/environ", "/app/up": "/etc",
                     "/app/inside.lua": "/app/scene.lua"]
        let rule = LuaReadableFolders(scriptFolder: "/app", environment: [], resolve: Self.resolver(files: files.union(["/app/up"]), links: links))
        func refused(_ path: String) -> Bool {
            do { _ = try rule.permit(path, { path }); return false } catch { return "\(error)".contains("outside the folders scripts may read") }
        }
        #expect(try rule.permit("/app/scene.lua", { "" }) == "/app/scene.lua")
        #expect(try rule.permit("/app/inside.lua", { "" }) == "/app/scene.lua") // a link that stays inside
        #expect(try rule.permit("/app/missing.lua", { "" }) == nil)
        for path in ["/secret.lua", "/app/../secret.lua", "/app/./../etc/x.lua", "/app/tests/../../secret.lua",
                     "/app/passwd.lua", "/app/environ.lua", "/app/up/x.lua", "//secret.lua", "/etc/x.lua"] {
            #expect(refused(path), "\(path)")
        }
        // A run given `/` (or a DYNAMICS_PATH of `/`) still reads nothing there.
        let root = LuaReadableFolders(scriptFolder: "/", runFolders: ["/"], environment: ["/"], resolve: Self.resolver(files: files, links: [:]))
        for path in ["/secret.lua", "/etc/x.lua", "/app/scene.lua"] {
            #expect((try? root.permit(path, { "" })) == nil, "\(path)")
        }
        #expect(root.refusal.contains("never /"))
        // The folders a run was given are readable, and what they hold.
        let run = LuaReadableFolders(scriptFolder: "/app/tests", runFolders: ["/app"], environment: [], resolve: Self.resolver(files: files, links: [:]))
        #expect(try run.permit("/app/tests/../scene.lua", { "" }) == "/app/scene.lua")
        let alone = LuaReadableFolders(scriptFolder: "/app/tests", environment: [], resolve: Self.resolver(files: files, links: [:]))
        #expect(throws: (any Error).self) { try alone.permit("/app/tests/../scene.lua", { "" }) }
    }

    /// The same with the real file system: a scene whose folder is `/` searches `/` for its
    /// modules and finds a file there, which it may not read.
    @Test("aSceneAtTheRootReadsNoModule: a scene folder of / reads nothing through require")
    func aSceneAtTheRootReadsNoModule() throws {
        let name = "dynamics_root_\(UUID().uuidString.prefix(8).lowercased())"
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("\(name).lua")
        try "return 'SECRET'".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        let tmp = FileManager.default.temporaryDirectory.standardizedFileURL.path.split(separator: "/").joined(separator: ".")
        let run = try SceneRun(folder: URL(fileURLWithPath: "/"))
        let error = try #require(run.error("return require '\(tmp).\(name)'"))
        #expect(error.message.contains("is outside the folders scripts may read"), "\(error.message)")
    }

    /// A link swapped in between the check of a path and its open: the file opened is checked
    /// again, so it cannot lead out either.
    @Test("theFileOpenedIsChecked: a file outside the folders is refused once open")
    func theFileOpenedIsChecked() throws {
        let inside = try scriptFolder(["a.lua": "return 1"])
        let outside = try scriptFolder(["b.lua": "return 2"])
        let rule = LuaReadableFolders(scriptFolder: inside.path, environment: [])
        #expect(try LuaSource.read(inside.appendingPathComponent("a.lua").path, within: rule) == "return 1")
        #expect(throws: LuaSource.Refusal.self) { try LuaSource.read(outside.appendingPathComponent("b.lua").path, within: rule) }
        try FileManager.default.createSymbolicLink(atPath: inside.appendingPathComponent("c.lua").path,
                                                   withDestinationPath: outside.appendingPathComponent("b.lua").path)
        #expect(throws: LuaSource.Refusal.self) { try LuaSource.read(inside.appendingPathComponent("c.lua").path, within: rule) }
    }
}
