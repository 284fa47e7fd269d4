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
        FileManager.default.createFile(atPath: empty.path, contents: Data(" \n".utf8)) // blank counts as empty
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
