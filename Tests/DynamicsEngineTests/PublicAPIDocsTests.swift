import Foundation
import Testing

// The engine is a product: its API is what its `public` declarations say. Every one of them
// carries a `///` comment, and this suite reads the engine's sources to keep it so.

/// Sources/DynamicsEngine, found from this file (Tests/DynamicsEngineTests/…). The engine's
/// tests depend on the engine alone, so they do not share DynamicsTestSupport's `packageRoot`.
let engineSources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/DynamicsEngine")

/// True when `line` (trimmed) declares something `public`, after any attributes.
func isPublicDeclaration(_ line: String) -> Bool {
    line.wholeMatch(of: /(@\w+(\([^)]*\))?\s+)*public\s.*/) != nil
}

/// The `public` declarations of `source` with no `///` comment directly above them (attribute
/// lines such as `@inlinable` or `@discardableResult` may stand between), as "file:line: text"
/// with 1-based lines. O(lines of the source).
func undocumentedPublicDeclarations(in source: String, file: String) -> [String] {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
    }
    var missing: [String] = []
    for (i, line) in lines.enumerated() where isPublicDeclaration(line) {
        var above = i - 1
        while above >= 0 && lines[above].wholeMatch(of: /@\w+(\([^)]*\))?/) != nil { above -= 1 }
        if above < 0 || !lines[above].hasPrefix("///") { missing.append("\(file):\(i + 1): \(line)") }
    }
    return missing
}

@Suite("Engine: public API docs")
struct PublicAPIDocsTests {
    @Test("Every public declaration of the engine has a /// comment directly above it")
    func everyPublicDeclarationIsDocumented() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: engineSources.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.contains("World+API.swift"), "the engine's sources are not at \(engineSources.path)")
        var declarations = 0
        var missing: [String] = []
        for name in files {
            let source = try String(contentsOf: engineSources.appendingPathComponent(name), encoding: .utf8)
            declarations += source.split(separator: "\n").filter {
                isPublicDeclaration($0.trimmingCharacters(in: .whitespaces))
            }.count
            missing += undocumentedPublicDeclarations(in: source, file: "Sources/DynamicsEngine/\(name)")
        }
        #expect(declarations > 100, "found only \(declarations) public declarations: is this the engine?")
        #expect(missing.isEmpty, "public declarations without a /// comment:\n\(missing.joined(separator: "\n"))")
    }

    @Test("The check names an undocumented declaration and accepts attributes between comment and declaration")
    func checkerFindsWhatIsMissing() {
        let source = """
            /// Documented.
            public struct A {
                public var x: Double
                /// Documented, through two attributes.
                @inlinable
                @discardableResult public func f() -> Int { 0 }
                /// A doc comment above a blank line does not count.

                public init() {}
                // A plain comment does not count either.
                @exclusivity(unchecked) public internal(set) var y = 0
                var internalOnes = "need no comment"
            }
            """
        #expect(undocumentedPublicDeclarations(in: source, file: "A.swift") == [
            "A.swift:3: public var x: Double",
            "A.swift:9: public init() {}",
            "A.swift:11: @exclusivity(unchecked) public internal(set) var y = 0",
        ])
    }
}
