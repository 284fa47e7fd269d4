import DynamicsTestSupport
import DynamicsLua
import Foundation
import Testing

/// The code in README.md and docs/*.md runs, so the docs cannot drift from the API. The
/// ```swift blocks are compiled into this target by DocSnippetsPlugin (a block that does not
/// compile fails the build, at its line of the generated file, which names the doc's line) and
/// run here; the ```lua blocks are read from the docs and run in a sandboxed state with the
/// `dynamics` module. A block that takes names from the text around it lists them before its
/// fence, `<!-- snippet uses: animator, box -->` (Swift: `SnippetContext`; Lua: `luaContext`);
/// a Lua block that is not a whole program (several files in one block, a test file that needs
/// its folder) is marked `<!-- snippet: fragment -->` and is only compiled.
@Suite("The docs' code blocks")
struct DocSnippetTests {
    /// The package's root folder (the shared test support's).
    static let root = packageRoot

    /// README.md and docs/*.md, as paths from the root.
    static var docs: [String] {
        let folder = root.appendingPathComponent("docs").path
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".md") }.sorted()
        return ["README.md"] + names.map { "docs/" + $0 }
    }

    @Test("Every ```swift block of the docs runs without throwing")
    @MainActor func swiftBlocksRun() {
        #expect(docSnippets.count >= 10, "the plugin found \(docSnippets.count) runnable Swift blocks")
        for (place, run) in docSnippets {
            do { try run(SnippetContext()) } catch { Issue.record("\(place): \(error)") }
        }
    }

    /// One fenced block of a doc.
    struct Block: CustomStringConvertible {
        var place: String
        var code: String
        var uses: [String]
        var fragment: Bool
        var description: String { place }
    }

    /// The ```lang blocks of every doc, with their markers.
    static func blocks(_ language: String) throws -> [Block] {
        var found: [Block] = []
        for doc in docs {
            let lines = try String(contentsOf: root.appendingPathComponent(doc), encoding: .utf8).components(separatedBy: "\n")
            var uses: [String] = [], fragment = false
            var i = 0
            while i < lines.count {
                let line = lines[i]
                if line == "```" + language {
                    var code: [String] = []
                    let start = i + 1
                    i += 1
                    while i < lines.count, !lines[i].hasPrefix("```") { code.append(lines[i]); i += 1 }
                    found.append(Block(place: "\(doc):\(start)", code: code.joined(separator: "\n"), uses: uses, fragment: fragment))
                    uses = []; fragment = false
                } else if line.hasPrefix("```") {
                    // Another language's block: skip it whole.
                    i += 1
                    while i < lines.count, !lines[i].hasPrefix("```") { i += 1 }
                    uses = []; fragment = false
                } else if let r = line.range(of: "<!-- snippet uses:"), let end = line.range(of: "-->", range: r.upperBound..<line.endIndex) {
                    uses = line[r.upperBound..<end.lowerBound].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                } else if line.contains("<!-- snippet: fragment -->") {
                    fragment = true
                } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                    uses = []; fragment = false
                }
                i += 1
            }
        }
        return found
    }

    /// The names Lua blocks take from the text around them, as globals: the module, an
    /// animator over a 375×667 area with a card, a box, a pip and a head in it, a snap, and a
    /// pointer event `e` and finger at a release.
    static let luaContext = """
        dyn = require "dynamics"
        animator = dyn.animator{ bounds = {0, 0, 375, 667} }
        box = dyn.item{ center = {160, 100}, size = {50, 50}, name = "box" }
        card = dyn.item{ center = {187, 333}, size = {300, 200}, name = "card" }
        pip = dyn.item{ center = {70, 60}, size = {80, 120}, name = "pip" }
        head = dyn.item{ center = {160, 125}, size = {50, 50}, name = "head" }
        animator:addBehavior(dyn.collision{ items = {box, card, pip, head}, boundsAsBoundary = true })
        snap = dyn.snap{ item = pip, point = {70, 60} }
        e = { point = {x = 200, y = 300}, velocity = {x = 900, y = -1200} }
        finger = { x = 187, y = 20 }
        top = 60
        """

    @Test("Every ```lua block of the docs runs in the sandbox (a fragment compiles)")
    func luaBlocksRun() throws {
        let blocks = try DocSnippetTests.blocks("lua")
        #expect(blocks.count >= 10, "found \(blocks.count) Lua blocks")
        for block in blocks {
            let state = try LuaState()
            var errors: [String] = []
            let bridge = LuaBridge(state: state) { errors.append("\($0)") }
            withExtendedLifetime(bridge) {
                do {
                    if block.fragment {
                        try state.compile(block.code, chunkName: block.place)
                    } else {
                        if !block.uses.isEmpty { try state.run(DocSnippetTests.luaContext, chunkName: "context.lua") }
                        try state.run(block.code, chunkName: block.place)
                    }
                } catch {
                    errors.append("\(error)")
                }
            }
            #expect(errors.isEmpty, "\(block.place): \(errors.joined(separator: "; "))")
        }
    }
}
