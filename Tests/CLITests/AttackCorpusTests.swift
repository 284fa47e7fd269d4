import DynamicsTestSupport
import Foundation
import Testing

/// The attack corpus (Tests/Attacks): short hostile Lua scripts, each run through the real CLI
/// in a bounded subprocess. Each file states what must happen in its first line:
///
///     -- expect: ok                          exit status 0 (a test file: every test passes)
///     -- expect: ok "TEXT"                   … and the output contains TEXT
///     -- expect: error "TEXT" | "OTHER"      exit status 1, the output contains one of the texts
///     -- expect: error "TEXT" at 7           … and names FILE.lua:7:
///     -- expect: error at 7                  exit status 1, the output names FILE.lua:7:
///     -- expect: usage "TEXT"                exit status 2 (bad usage), with TEXT
///     -- expect: ok "A" or error "B"         either outcome is a safe one
///     -- expect: … not "TEXT"                and the output never contains TEXT (\n allowed)
///
/// and may give the CLI's options in a `-- args:` line among its first lines (they replace the
/// defaults: `--seconds 1 --lua-budget 10000000` for scenes, `--lua-budget 10000000` for tests).
/// `*_test.lua` files run with `dynamics test`, the others with `dynamics run`.
///
/// Whatever the expectation, a run that is killed at the wall-clock limit ("hung") or ends by a
/// signal (a trap, an abort) fails. Plugins used by the attacks live in Tests/Attacks/behaviors/.
struct AttackExpectation: Equatable, CustomStringConvertible {
    enum Kind: String { case ok, error, usage }
    struct Alternative: Equatable {
        var kind: Kind
        var texts: [String]
        var line: Int?
    }
    var alternatives: [Alternative]
    var forbidden: [String]
    var arguments: [String]?

    var description: String {
        alternatives.map { alt in
            ([alt.kind.rawValue] + (alt.texts.isEmpty ? [] : [alt.texts.map { "\"\($0)\"" }.joined(separator: " | ")])
                + (alt.line.map { ["at \($0)"] } ?? [])).joined(separator: " ")
        }.joined(separator: " or ") + forbidden.map { " not \"\($0)\"" }.joined()
    }

    struct ParseError: Error, CustomStringConvertible { var description: String }

    /// Parses the `-- expect:` first line and the optional `-- args:` line of a corpus file.
    init(source: String) throws {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).prefix(6).map(String.init)
        guard let first = lines.first, first.hasPrefix("-- expect:") else {
            throw ParseError(description: "the first line must be `-- expect: …`")
        }
        arguments = lines.first { $0.hasPrefix("-- args:") }
            .map { $0.dropFirst("-- args:".count).split(separator: " ").map(String.init) }
        var scanner = Substring(first.dropFirst("-- expect:".count))
        alternatives = []
        forbidden = []
        func skipSpaces() { scanner = scanner.drop { $0 == " " } }
        func word() -> String {
            skipSpaces()
            let w = scanner.prefix { $0 != " " && $0 != "\"" }
            scanner = scanner.dropFirst(w.count)
            return String(w)
        }
        func quoted() throws -> String {
            skipSpaces()
            guard scanner.first == "\"" else { throw ParseError(description: "expected a quoted text at: \(scanner)") }
            scanner = scanner.dropFirst()
            var text = ""
            while let c = scanner.first, c != "\"" {
                scanner = scanner.dropFirst()
                if c == "\\", let next = scanner.first {
                    scanner = scanner.dropFirst()
                    text.append(next == "n" ? "\n" : next == "t" ? "\t" : next)
                } else { text.append(c) }
            }
            guard scanner.first == "\"" else { throw ParseError(description: "unterminated text") }
            scanner = scanner.dropFirst()
            return text
        }
        var pendingKind: Kind? = nil
        while true {
            skipSpaces()
            if scanner.isEmpty { break }
            let w = word()
            if let kind = Kind(rawValue: w) {
                var alt = Alternative(kind: kind, texts: [], line: nil)
                skipSpaces()
                if scanner.first == "\"" {
                    alt.texts.append(try quoted())
                    while true {
                        skipSpaces()
                        guard scanner.first == "|" else { break }
                        scanner = scanner.dropFirst()
                        alt.texts.append(try quoted())
                    }
                }
                let save = scanner
                if word() == "at" {
                    guard let n = Int(word()) else { throw ParseError(description: "`at` needs a line number") }
                    alt.line = n
                } else { scanner = save }
                alternatives.append(alt)
                pendingKind = kind
            } else if w == "or" {
                pendingKind = nil
            } else if w == "not" {
                forbidden.append(try quoted())
            } else {
                throw ParseError(description: "unexpected `\(w)` in the expectation")
            }
        }
        _ = pendingKind
        guard !alternatives.isEmpty else { throw ParseError(description: "no outcome (ok, error or usage) given") }
    }

    /// nil when `outcome` meets the expectation for the file named `file`; else why not.
    func violation(by outcome: LimitedOutcome, file: String) -> String? {
        let status: Int32
        switch outcome.end {
        case .hung, .signal: return outcome.summary
        case .exited(let s): status = s
        }
        let output = outcome.output
        for bad in ["unprotected Lua error", "Fatal error", "Simultaneous accesses"] where output.contains(bad) {
            return "the output shows a host failure (\(bad)): \(outcome.summary)"
        }
        for text in forbidden where output.contains(text) {
            return "the output contains the forbidden text \(text.debugDescription): \(outcome.summary)"
        }
        for alt in alternatives {
            let wanted: Int32 = alt.kind == .ok ? 0 : alt.kind == .error ? 1 : 2
            guard status == wanted else { continue }
            if !alt.texts.isEmpty && !alt.texts.contains(where: { output.contains($0) }) { continue }
            if let line = alt.line, !output.contains("\(file):\(line):") { continue }
            return nil
        }
        return "expected \(description); got \(outcome.summary)"
    }
}

/// The corpus folder and its files (top level only: behaviors/ holds the plugins they use).
let attacksFolder = packageRoot.appendingPathComponent("Tests/Attacks")
let attackFiles: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: attacksFolder.path)) ?? [])
    .filter { $0.hasSuffix(".lua") }.sorted()

/// Seconds each corpus file may take, start to exit (the process is killed past it).
let attackTimeLimit = Double(ProcessInfo.processInfo.environment["ATTACK_TIMEOUT"] ?? "") ?? 10

@Suite("Attack corpus: hostile scripts end with a clear error or a safe result")
struct AttackCorpusTests {
    @Test("The corpus has at least 70 scripts, each with a well-formed expectation")
    func corpusIsWellFormed() throws {
        #expect(attackFiles.count >= 70, "only \(attackFiles.count) attack scripts")
        for file in attackFiles {
            let source = try String(contentsOf: attacksFolder.appendingPathComponent(file), encoding: .utf8)
            #expect(throws: Never.self, "\(file)") { _ = try AttackExpectation(source: source) }
        }
    }

    @Test("The expectation grammar")
    func grammar() throws {
        let e = try AttackExpectation(source: "-- expect: ok \"A\" or error \"B\" | \"C\" at 7 not \"\\nok\"\n-- args: --seconds 2\n")
        #expect(e.alternatives == [.init(kind: .ok, texts: ["A"], line: nil), .init(kind: .error, texts: ["B", "C"], line: 7)])
        #expect(e.forbidden == ["\nok"])
        #expect(e.arguments == ["--seconds", "2"])
        let ok = LimitedOutcome(end: .exited(0), stdout: "A\n", stderr: "", seconds: 0.1)
        #expect(e.violation(by: ok, file: "x.lua") == nil)
        let located = LimitedOutcome(end: .exited(1), stdout: "", stderr: "error: x.lua:7: C", seconds: 0.1)
        #expect(e.violation(by: located, file: "x.lua") == nil)
        let unlocated = LimitedOutcome(end: .exited(1), stdout: "", stderr: "error: C", seconds: 0.1)
        #expect(e.violation(by: unlocated, file: "x.lua") != nil)
        #expect(e.violation(by: LimitedOutcome(end: .signal(4), stdout: "A", stderr: "", seconds: 0.1), file: "x.lua") != nil)
        #expect(e.violation(by: LimitedOutcome(end: .hung(seconds: 10), stdout: "A", stderr: "", seconds: 10), file: "x.lua") != nil)
        #expect(throws: AttackExpectation.ParseError.self) { try AttackExpectation(source: "print(1)\n") }
    }

    @Test("Each attack ends in time, without a crash, as its first line says", arguments: attackFiles)
    func attack(_ file: String) async throws {
        let url = attacksFolder.appendingPathComponent(file)
        let expectation = try AttackExpectation(source: try String(contentsOf: url, encoding: .utf8))
        let isTest = file.hasSuffix("_test.lua")
        let options = expectation.arguments
            ?? (isTest ? ["--lua-budget", "10000000"] : ["--seconds", "1", "--lua-budget", "10000000"])
        let outcome = try await runLimited([isTest ? "test" : "run", url.path] + options,
                                           in: packageRoot, timeout: attackTimeLimit)
        if let why = expectation.violation(by: outcome, file: file) {
            Issue.record("\(file): \(why)")
        }
    }
}
