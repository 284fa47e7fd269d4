import DynamicsTestSupport
import Foundation
import Testing

// The step path calls no platform math function whose last bits differ between C libraries
// (docs/engine.md, "Determinism"): this reads the undefined symbols of every object file the
// build made for the step-path modules (DynamicsEngine, its C helpers, Dynamics) and fails
// on a reference to one: a C function (`sin`, `atan2f`, `__exp_finite`…; Foundation's CGFloat
// overlays are inlined into calls of these) or a Swift overlay that is not inlined. `DeterministicMath` has the functions the step needs.
// That the check finds such references is shown on this file's own object, which makes
// them on purpose (`platformMathCalls`).

@Suite("Step path: no platform math")
struct StepPathMathTests {
    /// The C library's transcendental functions (each also with an f and an l suffix, and as
    /// glibc's `__name_finite`).
    static let forbidden: [String] = ["sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh",
                                      "asinh", "acosh", "atanh", "exp", "exp2", "exp10", "expm1", "log", "log2",
                                      "log10", "log1p", "logb", "pow", "hypot", "cbrt", "erf", "erfc", "tgamma",
                                      "lgamma", "sincos", "sinpi", "cospi", "tanpi", "__sincos", "__sincospi"]

    /// Modules whose Swift overlays of the C functions count too.
    static let overlayModules = ["Foundation", "Glibc", "Darwin", "Musl", "CoreGraphics", "FoundationEssentials",
                                 "_FoundationEssentials", "ucrt", "WinSDK", "Android", "_math"]

    static let step = ["DynamicsEngine", "CDynamicsSIMD", "Dynamics"]

    /// The folder holding `<Module>.build` folders: where this test binary was built.
    static func buildFolder() -> URL? {
        var starts = [URL(fileURLWithPath: CommandLine.arguments[0])]
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            starts.insert(URL(fileURLWithPath: exe), at: 0)
        }
        for start in starts {
            var dir = start.deletingLastPathComponent()
            for _ in 0..<5 {
                if FileManager.default.fileExists(atPath: dir.appendingPathComponent("DynamicsEngine.build").path) { return dir }
                dir = dir.deletingLastPathComponent()
            }
        }
        return nil
    }

    /// The object files of `module` (recursively under its build folder).
    static func objects(of module: String, in folder: URL) -> [URL] {
        let root = folder.appendingPathComponent("\(module).build")
        guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return walk.compactMap { $0 as? URL }.filter { $0.pathExtension == "o" }.sorted { $0.path < $1.path }
    }

    static func run(_ tool: String, _ arguments: [String], input: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        // The input from a file: written into a pipe while the tool's output fills another,
        // both would wait on each other.
        let inputFile = testScratch.appendingPathComponent("nm-input-\(UUID().uuidString)")
        if let input {
            try input.write(to: inputFile, atomically: false, encoding: .utf8)
            process.standardInput = try FileHandle(forReadingFrom: inputFile)
        }
        defer { try? FileManager.default.removeItem(at: inputFile) }
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(tool) \(arguments.prefix(3)) exited with \(process.terminationStatus)")
        return String(decoding: data, as: UTF8.self)
    }

    /// The platform math functions `object` references, as "file: symbol" lines.
    static func platformMath(in objects: [URL]) throws -> [String] {
        let names = Set(forbidden.flatMap { [$0, $0 + "f", $0 + "l", "__\($0)_finite", "__\($0)f_finite"] })
        var found: [String] = []
        var swiftSymbols: [(file: String, symbol: String)] = []
        for object in objects {
            let listing = try run("nm", ["--undefined-only", object.path])
            for line in listing.split(separator: "\n") {
                guard let symbol = line.split(separator: " ").last.map(String.init) else { continue }
                // Versioned glibc references read `sin@GLIBC_2.2.5` in some listings.
                let bare = String(symbol.split(separator: "@").first ?? "")
                if names.contains(bare) { found.append("\(object.lastPathComponent): \(symbol)") }
                if symbol.hasPrefix("$s") { swiftSymbols.append((object.lastPathComponent, symbol)) }
            }
        }
        guard !swiftSymbols.isEmpty else { return found }
        let demangled = try run("swift-demangle", [], input: swiftSymbols.map(\.symbol).joined(separator: "\n") + "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
        let overlay = try NSRegularExpression(pattern: "^(\(overlayModules.joined(separator: "|")))\\.(\(forbidden.joined(separator: "|")))[fl]?\\(")
        for (i, text) in demangled.prefix(swiftSymbols.count).enumerated() {
            let s = String(text)
            if overlay.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) != nil {
                found.append("\(swiftSymbols[i].file): \(s)")
            }
        }
        return found
    }

    @Test("The step-path modules' object files reference no platform transcendental function")
    func noPlatformMath() throws {
        let folder = try #require(Self.buildFolder(), "no DynamicsEngine.build folder above \(CommandLine.arguments[0])")
        for module in Self.step {
            let objects = Self.objects(of: module, in: folder)
            #expect(!objects.isEmpty, "no object files in \(folder.path)/\(module).build")
            let found = try Self.platformMath(in: objects)
            #expect(found.isEmpty, "\(module) calls the platform's math (use DeterministicMath):\n\(found.joined(separator: "\n"))")
        }
    }

    @Test("The check finds the references this file makes on purpose")
    func checkFindsReferences() throws {
        #expect(platformMathCalls(0.5, 2).isFinite)
        let folder = try #require(Self.buildFolder())
        let own = Self.objects(of: "DynamicsTests", in: folder).filter { $0.lastPathComponent.hasPrefix("StepPathMathTests") }
        let objects = own.isEmpty ? Self.objects(of: "DynamicsTests", in: folder) : own
        let found = try Self.platformMath(in: objects).joined(separator: "\n")
        // Foundation's CGFloat overlays are inlined: they show as the C functions they call.
        for name in [": sin", ": cos", ": atan2", ": exp", ": log", ": pow", ": hypot", ": tan"] {
            #expect(found.contains(name), "\(name) not found in:\n\(found)")
        }
    }
}

/// Platform math on purpose, for `checkFindsReferences`: C functions through Foundation, and
/// CGFloat overlays.
@inline(never)
func platformMathCalls(_ x: Double, _ y: Double) -> Double {
    let c = CGFloat(x)
    let overlays = Double(Foundation.atan2(c, CGFloat(y)) + Foundation.sin(c))
    return sin(x) + cos(x) + tan(x) + atan2(x, y) + exp(x) + log(y) + pow(x, y) + hypot(x, y) + overlays
}
