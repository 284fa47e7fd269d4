import CLua
import CLuaShim
import Dynamics
import DynamicsLua
import Foundation

/// Runs Lua script-driven tests: any `*_test.lua` declares cases with `test(name, fn)` (or
/// `it`, `test.skip`, `test.only`, inside `describe(name, fn)` blocks with `before_each` and
/// `after_each` hooks) and checks with `expect(v [, label])` and `:toBe(x)`, `:toEqual(x)`,
/// `:toBeCloseTo(x, tolerance)`, `:toBeLessThan(x)`, `:toBeGreaterThan(x)`, `:toBeTruthy()`
/// and `:toFail(pattern)`, and over run records (`animator:run{ record = true }`) the physics
/// matchers (LuaRecordMatchers.swift), each negated by `.never`. A failure names the
/// file:line of the check, the label, what was expected and what came. Each file gets its
/// own sandboxed state with the `dynamics` module.
public struct LuaTestRunner: Sendable {
    public struct Result: Equatable, Sendable, Codable {
        public var file: String
        public var name: String
        /// nil when the test passed; otherwise "file:line: expected …, got …".
        public var failure: String?
        /// Wall-clock seconds the case took.
        public var seconds: Double = 0
        /// Not run: declared with `test.skip`, or not `test.only` in a file that has some.
        public var skipped: Bool = false
        /// What the case printed (see `CapturedOutput`), nil if nothing.
        public var output: String?
        /// The Lua traceback of the failure ("stack traceback:…"), when there is one.
        public var traceback: String?
        /// Bytes of this result's text left out to keep a run's results within their bound
        /// (`ResultBound`); 0 when it is whole.
        public var cutBytes: Int = 0
        /// Did not fail (a skipped case, which did not run, fails nothing).
        public var passed: Bool { failure == nil }

        public init(file: String, name: String, failure: String?, seconds: Double = 0, skipped: Bool = false,
                    output: String? = nil, traceback: String? = nil) {
            self.file = file
            self.name = name
            self.failure = failure
            self.seconds = seconds
            self.skipped = skipped
            self.output = output
            self.traceback = traceback
        }

        /// `ok name`, `skip name` or `FAIL name — file:line: expected …, got …`.
        /// One output line: control characters in the name or message are escaped, so a
        /// test name cannot forge lines of the report.
        public var line: String {
            if let failure { return "FAIL \(Result.escaped(name)) — \(Result.escaped(failure))" }
            return (skipped ? "skip " : "ok ") + Result.escaped(name)
        }

        /// `s` on one line, as every output shows text from outside (`ShownText.line`).
        public static func escaped(_ s: String) -> String { ShownText.line(s) }
    }

    public var limits: LuaLimits
    /// `dynamics test --update-goldens`: `toMatchGolden` writes the goldens that are missing
    /// or differ instead of failing.
    public var updateGoldens = false
    /// The folders the run was given, which its tests may read besides their own folders
    /// (`LuaReadableFolders`): `run(paths:)` adds its paths (a file stands for its folder).
    public var runFolders: [String]

    /// The wall-clock limit of each test case's calls (`caseSeconds` unless changed; never
    /// below the per-call budget's time).
    public var caseLimit: TimeInterval = LuaTestRunner.caseSeconds

    /// The wall-clock limit of a test case (each of its hooks and its function is a call
    /// of its own), engine time included: its own Lua time keeps the per-call budget (1 s by
    /// default), while the frames `animator:run`/`step` compute for it count only here, so a
    /// long simulation runs and a loop in the case stops at the budget. Calls the engine
    /// makes into Lua (actions, fields, timers) keep the per-call budget each.
    public static let caseSeconds: TimeInterval = 30

    public init(limits: LuaLimits = LuaLimits(), runFolders: [String] = []) {
        self.limits = limits
        self.runFolders = runFolders
    }

    /// The folders `paths` stand for, as the folders a run was given: a folder itself, a
    /// file its folder.
    public static func folders(of paths: [String]) -> [String] {
        paths.map { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue ? path : folderPath(of: path)
        }
    }

    /// Most test cases one file may declare. Each case's result (its name up to 4 KiB, its
    /// failure) lives in the host and in the report: 200 000 cases named with 4 000 bytes
    /// made 2.5 GB and 30 s of output.
    public static let maximumCases = 10_000

    /// Most `before_each` and `after_each` hooks one file may declare (each runs around
    /// every case of its block).
    public static let maximumHooks = 100

    /// The test API (Resources/test_api.lua), installed in the sandbox of each test file.
    static var testAPISource: String { String(decoding: PackageResources.test_api_lua, as: UTF8.self) }

    /// Runs every `*_test.lua` under `paths` (files or folders), in name order.
    public func run(paths: [String], filter: String? = nil) -> [Result] {
        var runner = self
        runner.runFolders += LuaTestRunner.folders(of: paths)
        return runner.testFiles(in: paths).flatMap { runner.run(file: $0, filter: filter) }
    }

    /// The `*_test.lua` files under `paths` (files are taken as given), in name order.
    /// A file named twice (`test F ./F`, or in a folder given too) is run once.
    public func testFiles(in paths: [String]) -> [String] {
        var files: [String] = []
        var seen = Set<String>()
        func add(_ file: String) {
            if seen.insert(URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path).inserted { files.append(file) }
        }
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                add(path) // reported as a failure below
                continue
            }
            if isDirectory.boolValue {
                let found = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                    .filter { $0.hasSuffix("_test.lua") }.sorted()
                for f in found { add((path as NSString).appendingPathComponent(f)) }
            } else {
                add(path)
            }
        }
        return files
    }

    /// A sandboxed state for the test file at `file`: the `dynamics` module, the test API
    /// (`test`, `expect`, `loadScene` relative to the file's folder) and plugins from its
    /// folder's behaviors/; its scripts may read its folder and `runFolders`. With `output`,
    /// `print` writes there (otherwise it is Lua's). Returns the bridge (which holds the state)
    /// and the registry reference of the list of declared cases.
    public static func environment(for file: String, limits: LuaLimits, runFolders: [String] = [],
                                   output: CapturedOutput? = nil, updatesGoldens: Bool = false,
                                   onError: @escaping (LuaError) -> Void) throws -> (bridge: LuaBridge, cases: Int32) {
        let state = try LuaState(limits: limits)
        let bridge = LuaBridge(state: state, errorHandler: onError)
        bridge.sceneFolder = folderPath(of: file)
        bridge.runFolders = runFolders
        bridge.host = .test
        bridge.installSceneReader()
        bridge.installReplay()
        installWhere(bridge)
        if let output { installPrint(bridge, into: output) }
        bridge.installRecordMatchers(context: LuaTestContext(testFile: file, updatesGoldens: updatesGoldens))
        // "=": a host chunk, which locations skip for the script's own line.
        try state.run(testAPISource, chunkName: "dynamics.test", host: true, arguments: [maximumCases, maximumHooks])
        return (bridge, dyn_lua_ref(state.raw))
    }

    /// Runs one test file.
    public func run(file: String, filter: String? = nil, observer: LuaTestObserver? = nil) -> [Result] {
        var results: [Result] = []
        run(file: file, filter: filter, observer: observer) { results.append($0) }
        return results
    }

    /// Runs one test file, handing each result to `finished` as soon as its case is over
    /// (`starting` gets the first bytes of each case's name before it runs, see
    /// `ResultBound.cutNameBytes`): a worker reports what completed
    /// even if a later case never ends. Results are kept within `ResultBound.fileBytes`.
    /// `observer` is told of the file's state and of each case it runs.
    public func run(file: String, filter: String? = nil, observer: LuaTestObserver? = nil,
                    starting: (String) -> Void = { _ in }, finished: (Result) -> Void) {
        var bound = ResultBound(bytes: ResultBound.fileBytes)
        func report(_ r: Result) { finished(bound.admit(r)) }
        let name = (file as NSString).lastPathComponent
        let source: String
        do { source = try LuaSource.read(file) } catch {
            return report(Result(file: file, name: name, failure: "\(file): \(error)"))
        }
        let output = CapturedOutput()
        do {
            // The first callback error of a case is its failure; later ones go to its output
            // (bounded there: 100 000 failing actions in one case would each hold a message).
            var callbackErrors: [LuaError] = []
            let (bridge, cases) = try LuaTestRunner.environment(for: file, limits: limits, runFolders: runFolders, output: output,
                                                                       updatesGoldens: updateGoldens) {
                if callbackErrors.isEmpty { callbackErrors.append($0) } else { output.append("error: \($0.message)\n") }
            }
            let state = bridge.state
            observer?.testFile(file, madeBridge: bridge)
            try withExtendedLifetime(bridge) {
                try state.run(source, chunkName: file) // locations name the path as given
                lua_settop(state.raw, 0)
                dyn_lua_getref(state.raw, cases)
                let count = Int(lua_rawlen(state.raw, -1))
                dyn_lua_rawgetfield(state.raw, 1, "seal")
                try state.call(nargs: 0, nresults: 0)
                // A test file without cases checks nothing: a failure, not a silent pass
                // (a file whose cases never registered, e.g. a misspelt `test`, looked green).
                guard count > 0 else {
                    return report(Result(file: file, name: name, failure: "\(file): declares no test cases (call test(name, fn))",
                                         output: output.take()))
                }
                // What the file printed while declaring its cases goes with the first case.
                var declaring = output.take()
                for i in 1...max(count, 1) where count > 0 {
                    lua_rawgeti(state.raw, 1, lua_Integer(i))
                    dyn_lua_rawgetfield(state.raw, -1, "name")
                    // Every byte of the name: a C string ends at a NUL ("same\0one" and
                    // "same\0two" were both "same"), shown as \0.
                    // Only the bytes `shortened` keeps are decoded (a name may be 20 MB).
                    var nameLength = 0
                    let caseName = lua_type(state.raw, -1) == LUA_TSTRING
                        ? lua_tolstring(state.raw, -1, &nameLength).map {
                            LuaState.shortened(UnsafeRawBufferPointer(start: $0, count: nameLength)).replacingOccurrences(of: "\0", with: "\\0")
                        } ?? "?"
                        : dyn_lua_tostring(state.raw, -1).map { LuaState.shortened(String(cString: $0)) } ?? "?"
                    lua_settop(state.raw, -2)
                    if let filter, !caseName.contains(filter) { lua_settop(state.raw, 1); continue }
                    dyn_lua_rawgetfield(state.raw, -1, "skipped")
                    let skipped = lua_toboolean(state.raw, -1) != 0
                    dyn_lua_rawgetfield(state.raw, -2, "where")
                    let declared = dyn_lua_tostring(state.raw, -1).map { String(cString: $0) } ?? ""
                    lua_settop(state.raw, 1)
                    if skipped {
                        report(Result(file: file, name: caseName, failure: nil, skipped: true))
                        continue
                    }
                    // Its first bytes: enough to say which case a timed-out file was running.
                    starting(ResultBound.cutKeepingEnd(caseName, to: ResultBound.cutNameBytes))
                    let started = DispatchTime.now().uptimeNanoseconds
                    // Each case is bounded on its own: the cases before it that ran out of
                    // their budget do not stop it (`LuaLimits.overBudgetCalls` is per case).
                    state.forgetOverBudgetCalls()
                    observer?.caseBegan(caseName)
                    var failure = try runCase(i, in: state) { callbackErrors = [] } callbackError: { callbackErrors.first }
                    // Every failure names a line: the case's declaration when the error has
                    // none of its own (`test("x", error)`, a case out of memory).
                    if let f = failure, f.location == nil, !declared.isEmpty { failure?.message = declared + f.message }
                    if let note = observer?.caseEnded(caseName, failure: failure?.message), failure != nil { failure?.message += note }
                    var printed = output.take()
                    if let before = declaring { printed = before + (printed ?? ""); declaring = nil }
                    report(Result(file: file, name: caseName, failure: failure?.message,
                                  seconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9,
                                  output: printed, traceback: failure?.traceback))
                    lua_settop(state.raw, 1)
                }
            }
        } catch let error as LuaError {
            report(Result(file: file, name: name, failure: error.message, output: output.take(), traceback: error.traceback))
        } catch {
            report(Result(file: file, name: name, failure: "\(error)", output: output.take()))
        }
    }

    /// Runs case `i` of the case list at stack index 1: its before_each hooks, the case and
    /// its after_each hooks, each a call of its own under the per-call budget and the case's
    /// wall-clock limit (`caseLimit`). The first error (or error of a callback the case
    /// ran, `callbackError`) is its failure; a failing before_each skips the case itself,
    /// and after_each hooks run whatever happened before.
    private func runCase(_ i: Int, in state: LuaState, reset: () -> Void, callbackError: () -> LuaError?) throws -> LuaError? {
        dyn_lua_rawgetfield(state.raw, 1, "steps")
        lua_pushinteger(state.raw, lua_Integer(i))
        try state.call(nargs: 1, nresults: 2)
        let main = Int(lua_tointegerx(state.raw, -1, nil))
        lua_settop(state.raw, -2)
        let steps = lua_gettop(state.raw)
        let count = Int(lua_rawlen(state.raw, steps))
        var failure: LuaError?
        for j in 1...max(count, 1) where count > 0 {
            if failure != nil && j <= main { continue } // a failed before_each: on to the after_each hooks
            lua_rawgeti(state.raw, steps, lua_Integer(j))
            reset()
            do {
                try state.call(nargs: 0, nresults: 0, limit: max(limits.deadline, caseLimit))
            } catch let error as LuaError {
                if failure == nil { failure = error }
            }
            if failure == nil, let first = callbackError() { failure = first }
        }
        lua_settop(state.raw, steps - 1)
        return failure
    }
}
