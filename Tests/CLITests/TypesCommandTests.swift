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
    }
}
