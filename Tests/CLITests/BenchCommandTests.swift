import DynamicsTestSupport
import Foundation
import Testing

/// Runs the built `dynamics` executable.
/// With `standardOutput` a path (`/dev/full`), the command's output goes there and the
/// returned stdout is empty.
func runDynamics(_ arguments: [String], in folder: String? = nil, standardOutput: String? = nil,
                 standardError: String? = nil, environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
    let r = try runSubprocess(dynamicsBinary, arguments, in: folder.map { URL(fileURLWithPath: $0) }, environment: environment,
                              standardOutput: standardOutput, standardError: standardError)
    return (r.status, r.stdout, r.stderr)
}

/// A row of `bench --json` (docs/cli.md), decoded strictly: the fields every row has are
/// required, `pausedAtStep` among them (present, null when the scene never paused); the Lua
/// figures are optional, and `keys` says which fields the row has.
struct BenchRow: Decodable {
    var scene: String
    var items: Int
    var steps: Int
    var sleep: Bool
    var msPerStep: Double
    var minMsPerStep: Double
    var maxMsPerStep: Double
    var pausedAtStep: Int?
    var swiftBaselineMsPerStep: Double?
    var swiftBaselineRatio: Double?
    var keys: Set<String>

    enum CodingKeys: String, CodingKey {
        case scene, items, steps, sleep, msPerStep, minMsPerStep, maxMsPerStep, pausedAtStep
        case swiftBaselineMsPerStep, swiftBaselineRatio
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        scene = try c.decode(String.self, forKey: .scene)
        items = try c.decode(Int.self, forKey: .items)
        steps = try c.decode(Int.self, forKey: .steps)
        sleep = try c.decode(Bool.self, forKey: .sleep)
        msPerStep = try c.decode(Double.self, forKey: .msPerStep)
        minMsPerStep = try c.decode(Double.self, forKey: .minMsPerStep)
        maxMsPerStep = try c.decode(Double.self, forKey: .maxMsPerStep)
        guard c.contains(.pausedAtStep) else {
            throw DecodingError.keyNotFound(CodingKeys.pausedAtStep, .init(codingPath: c.codingPath, debugDescription: "every row has pausedAtStep"))
        }
        pausedAtStep = try c.decode(Int?.self, forKey: .pausedAtStep)
        swiftBaselineMsPerStep = try c.decodeIfPresent(Double.self, forKey: .swiftBaselineMsPerStep)
        swiftBaselineRatio = try c.decodeIfPresent(Double.self, forKey: .swiftBaselineRatio)
        keys = Set(try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue))
    }

    /// The rows `bench --json` printed.
    static func rows(_ stdout: String) throws -> [BenchRow] {
        try JSONDecoder().decode([BenchRow].self, from: Data(stdout.utf8))
    }
}

@Suite("dynamics bench")
struct BenchCommandTests {
    @Test("--json prints the fields of docs/cli.md for each scene")
    func json() throws {
        let r = try runDynamics(["bench", "--scene", "pyramid20", "--json", "--runs", "3"])
        #expect(r.status == 0, "\(r.stderr)")
        let array = try BenchRow.rows(r.stdout)
        #expect(array.count == 1)
        let row = array[0]
        #expect(row.scene == "pyramid20")
        #expect(row.items == 210)
        #expect(row.steps == 1200)
        let ms = row.msPerStep, lo = row.minMsPerStep, hi = row.maxMsPerStep
        #expect(lo <= ms && ms <= hi && lo > 0)
        #expect(row.pausedAtStep.map { $0 > 0 && $0 < 1200 } == true, "the pyramid comes to rest")
        #expect(row.sleep == true)
    }

    @Test("--no-sleep keeps every step a moving step: no pause, sleep false, pausedAtStep null")
    func noSleep() throws {
        let r = try runDynamics(["bench", "--scene", "boxes10", "--json", "--runs", "3", "--no-sleep"])
        #expect(r.status == 0, "\(r.stderr)")
        let row = try #require(try BenchRow.rows(r.stdout).first)
        #expect(row.sleep == false)
        #expect(row.keys.contains("pausedAtStep") && row.pausedAtStep == nil, "\(row)")
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
        #expect(try BenchRow.rows(r.stdout).first?.steps == 7)
        let zero = try runDynamics(["bench", "--steps", "0"])
        #expect(zero.status == 2 && zero.stderr.contains("--steps"), "\(zero.stderr)")
    }

    /// A Lua scene's state gets room for its items: past about 29 000 items the default 64 MB
    /// cap stopped the script, and bench trapped on the missing scene (SIGILL).
    @Test("A large Lua scene runs within a cap sized for its items")
    func largeLuaScene() throws {
        let r = try runDynamics(["bench", "--scene", "luaField30000", "--steps", "1", "--json", "--runs", "3"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try BenchRow.rows(r.stdout).first?.items == 30_000)
    }

    /// A Lua action's ms per step depends on the machine; over the same per-item work in a
    /// Swift CustomBehavior (swiftActionN) it reads as a ratio that travels between machines.
    @Test("A luaActionN row carries swiftActionN's ms per step and the ratio; swiftActionN runs alone")
    func swiftBaseline() throws {
        let r = try runDynamics(["bench", "--scene", "luaAction20", "--steps", "5", "--json", "--runs", "3"])
        #expect(r.status == 0, "\(r.stderr)")
        let row = try #require(try BenchRow.rows(r.stdout).first)
        let ms = row.msPerStep
        let base = try #require(row.swiftBaselineMsPerStep), ratio = try #require(row.swiftBaselineRatio)
        #expect(base > 0 && abs(ratio - ms / base) <= 1e-9 * ratio, "\(row)")
        let text = try runDynamics(["bench", "--scene", "luaAction20", "--steps", "5", "--runs", "3"])
        #expect(text.status == 0 && text.stdout.contains("Swift CustomBehavior doing the same per item:"), "\(text.stdout)")
        let alone = try runDynamics(["bench", "--scene", "swiftAction20", "--json", "--runs", "3"])
        let aloneRow = try #require(try BenchRow.rows(alone.stdout).first)
        #expect(aloneRow.items == 20 && aloneRow.steps == 600)
        #expect(!aloneRow.keys.contains("swiftBaselineRatio") && !aloneRow.keys.contains("nsPerPropertyAccess"), "\(aloneRow.keys)")
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
        #expect(try BenchRow.rows(run.stdout).first?.steps == 600, "\(run.stdout)")
    }
}
