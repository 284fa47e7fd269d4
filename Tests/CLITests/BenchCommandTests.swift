import Foundation
import Testing

/// Runs the built `dynamics` executable.
/// With `standardOutput` a path (`/dev/full`), the command's output goes there and the
/// returned stdout is empty.
func runDynamics(_ arguments: [String], in folder: String? = nil, standardOutput: String? = nil,
                 standardError: String? = nil, environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
    var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    var binary = dir.appendingPathComponent("dynamics")
    for _ in 0..<5 where !FileManager.default.isExecutableFile(atPath: binary.path) {
        dir = dir.deletingLastPathComponent()
        binary = dir.appendingPathComponent("dynamics")
    }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
    if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
    let out = Pipe(), err = Pipe()
    if let standardOutput {
        process.standardOutput = FileHandle(forWritingAtPath: standardOutput)
        try? out.fileHandleForWriting.close()
    } else {
        process.standardOutput = out
    }
    if let standardError {
        process.standardError = FileHandle(forWritingAtPath: standardError)
        try? err.fileHandleForWriting.close()
    } else {
        process.standardError = err
    }
    try process.run()
    let stdout = standardOutput == nil ? out.fileHandleForReading.readDataToEndOfFile() : Data()
    let stderr = standardError == nil ? err.fileHandleForReading.readDataToEndOfFile() : Data()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
}

@Suite("dynamics bench")
struct BenchCommandTests {
    @Test("--json prints the fields of docs/cli.md for each scene")
    func json() throws {
        let r = try runDynamics(["bench", "--scene", "pyramid20", "--json", "--runs", "3"])
        #expect(r.status == 0, "\(r.stderr)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 1)
        let row = array[0]
        #expect(row["scene"] as? String == "pyramid20")
        #expect(row["items"] as? Int == 210)
        #expect(row["steps"] as? Int == 1200)
        let ms = try #require(row["msPerStep"] as? Double), lo = try #require(row["minMsPerStep"] as? Double)
        let hi = try #require(row["maxMsPerStep"] as? Double)
        #expect(lo <= ms && ms <= hi && lo > 0)
        #expect((row["pausedAtStep"] as? Int).map { $0 > 0 && $0 < 1200 } == true, "the pyramid comes to rest")
        #expect(row["sleep"] as? Bool == true)
    }

    @Test("--no-sleep keeps every step a moving step: no pause, sleep false, pausedAtStep null")
    func noSleep() throws {
        let r = try runDynamics(["bench", "--scene", "boxes10", "--json", "--runs", "3", "--no-sleep"])
        #expect(r.status == 0, "\(r.stderr)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        let row = try #require(array.first)
        #expect(row["sleep"] as? Bool == false)
        #expect(row["pausedAtStep"] is NSNull, "\(row)")
    }

    @Test("The text table's columns line up under the header")
    func alignedTable() throws {
        let r = try runDynamics(["bench", "--scene", "boxes100", "--runs", "3"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.first), row = try #require(lines.dropFirst().first)
        // Each right-aligned column ends where its title ends.
        for title in ["items", "steps", "sleep", "ms/step", "min", "max", "paused at"] {
            let end = try #require(header.range(of: title)).upperBound
            let column = header.distance(from: header.startIndex, to: end)
            #expect(row.count >= column, "\(row)")
            let rowEnd = row.index(row.startIndex, offsetBy: column - 1)
            #expect(row[rowEnd] != " " && (column == row.count || row[row.index(after: rowEnd)] == " "),
                    "column '\(title)' misaligned:\n\(header)\n\(row)")
        }
    }

    @Test("--steps N runs only the first N steps of each scene")
    func steps() throws {
        let r = try runDynamics(["bench", "--scene", "boxes10", "--steps", "7", "--json", "--runs", "3"])
        #expect(r.status == 0, "\(r.stderr)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        #expect(array.first?["steps"] as? Int == 7)
        let zero = try runDynamics(["bench", "--steps", "0"])
        #expect(zero.status == 2 && zero.stderr.contains("--steps"), "\(zero.stderr)")
    }

    /// A Lua scene's state gets room for its items: past about 29 000 items the default 64 MB
    /// cap stopped the script, and bench trapped on the missing scene (SIGILL).
    @Test("A large Lua scene runs within a cap sized for its items")
    func largeLuaScene() throws {
        let r = try runDynamics(["bench", "--scene", "luaField30000", "--steps", "1", "--json", "--runs", "3"])
        #expect(r.status == 0, "\(r.stderr)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        #expect(array.first?["items"] as? Int == 30_000)
    }

    /// A Lua action's ms per step depends on the machine; over the same per-item work in a
    /// Swift CustomBehavior (swiftActionN) it reads as a ratio that travels between machines.
    @Test("A luaActionN row carries swiftActionN's ms per step and the ratio; swiftActionN runs alone")
    func swiftBaseline() throws {
        let r = try runDynamics(["bench", "--scene", "luaAction20", "--steps", "5", "--json", "--runs", "3"])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        let row = try #require(rows.first)
        let ms = try #require(row["msPerStep"] as? Double)
        let base = try #require(row["swiftBaselineMsPerStep"] as? Double), ratio = try #require(row["swiftBaselineRatio"] as? Double)
        #expect(base > 0 && abs(ratio - ms / base) <= 1e-9 * ratio, "\(row)")
        let text = try runDynamics(["bench", "--scene", "luaAction20", "--steps", "5", "--runs", "3"])
        #expect(text.status == 0 && text.stdout.contains("Swift CustomBehavior doing the same per item:"), "\(text.stdout)")
        let alone = try runDynamics(["bench", "--scene", "swiftAction20", "--json", "--runs", "3"])
        let aloneRows = try #require(try JSONSerialization.jsonObject(with: Data(alone.stdout.utf8)) as? [[String: Any]])
        #expect(aloneRows.first?["items"] as? Int == 20 && aloneRows.first?["steps"] as? Int == 600)
        #expect(aloneRows.first?["swiftBaselineRatio"] == nil && aloneRows.first?["nsPerPropertyAccess"] == nil)
    }

    @Test("Bad usage exits with status 2 and says why")
    func badUsage() throws {
        let unknown = try runDynamics(["bench", "--scene", "boxes"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown scene 'boxes'"), "\(unknown.stderr)")
        // A sized name beyond the item limit is refused before anything is built.
        // Decimal digits only ("boxes+5" ran boxes5).
        for name in ["boxes+5", "boxes05", "boxes 5", "boxes٥"] {
            let odd = try runDynamics(["bench", "--scene", name])
            #expect(odd.status == 2 && odd.stderr.contains("unknown scene"), "\(name): \(odd.stderr)")
        }
        let huge = try runDynamics(["bench", "--scene", "pyramid999999999"])
        #expect(huge.status == 2 && huge.stderr.contains("at most 100000 items"), "\(huge.stderr)")
        let runs = try runDynamics(["bench", "--runs", "1"])
        #expect(runs.status == 2 && runs.stderr.contains("--runs"))
        let flag = try runDynamics(["bench", "--frobnicate"])
        #expect(flag.status == 2)
        let help = try runDynamics(["bench", "--help"])
        #expect(help.status == 0 && help.stdout.contains("--json"))
    }

    /// The help said "Each scene runs its 1200 steps": only boxesN and pyramidN do.
    @Test("--help gives each scene's own step count")
    func helpStepCounts() throws {
        let help = try runDynamics(["bench", "--help"])
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.status == 0 && !text.contains("its 1200 steps"), "\(text)")
        for counted in ["boxesN and pyramidN 1200", "luaFieldN and luaActionN 600", "largePyramid and jointGrid 500", "manyPyramids 200"] {
            #expect(text.contains(counted), "\(counted): \(text)")
        }
        // The counts are the scenes' own (a small luaField runs the same 600 steps).
        let run = try runDynamics(["bench", "--scene", "luaField10", "--json", "--runs", "3"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(rows.first?["steps"] as? Int == 600, "\(run.stdout)")
    }
}
