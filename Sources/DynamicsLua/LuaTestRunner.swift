import CLua
import CLuaShim
import Dynamics
import Foundation

/// Runs Lua script-driven tests: any `*_test.lua` declares cases with `test(name, fn)` and
/// checks with `expect(v):toBe(x)`, `:toBeCloseTo(x, tolerance)`, `:toBeLessThan(x)`,
/// `:toBeGreaterThan(x)`, `:toBeTruthy()` and `:toFail(pattern)`. A failure names the
/// file:line of the check, what was expected and what came. Each file gets its own
/// sandboxed state with the `dynamics` module.
public struct LuaTestRunner: Sendable {
    public struct Result: Equatable, Sendable, Codable {
        public var file: String
        public var name: String
        /// nil when the test passed; otherwise "file:line: expected …, got …".
        public var failure: String?
        /// Wall-clock seconds the case took.
        public var seconds: Double = 0
        public var passed: Bool { failure == nil }

        public init(file: String, name: String, failure: String?, seconds: Double = 0) {
            self.file = file
            self.name = name
            self.failure = failure
            self.seconds = seconds
        }

        /// `ok name` or `FAIL name — file:line: expected …, got …`.
        /// One output line: control characters in the name or message are escaped, so a
        /// test name cannot forge lines of the report.
        public var line: String {
            failure.map { "FAIL \(Result.escaped(name)) — \(Result.escaped($0))" } ?? "ok \(Result.escaped(name))"
        }

        /// `s` on one line: newline, return and tab as `\n`, `\r`, `\t`, other control
        /// characters as `?`.
        public static func escaped(_ s: String) -> String {
            var out = ""
            for u in s.unicodeScalars {
                switch u {
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                default: out.unicodeScalars.append(u.value < 0x20 || u.value == 0x7f ? "?" : u)
                }
            }
            return out
        }
    }

    public var limits: LuaLimits

    /// The time a test case (one call that may run scenes for many simulated seconds, host
    /// time included) is allowed at least; calls it makes into Lua (actions, fields) keep
    /// the per-call budget.
    public static let caseSeconds: TimeInterval = 30

    public init(limits: LuaLimits = LuaLimits()) {
        self.limits = limits
    }

    /// Most test cases one file may declare. Each case's result (its name up to 4 KiB, its
    /// failure) lives in the host and in the report: 200 000 cases named with 4 000 bytes
    /// made 2.5 GB and 30 s of output.
    public static let maximumCases = 10_000

    /// The test API, installed in the sandbox of each test file.
    static let testAPISource = """
        -- The test API keeps its own references to every function it uses: a file (or the
        -- scene it loads) that replaces error, tostring, math.abs or string.find cannot make
        -- a failing expectation pass (the math and string tables are shared, and writable).
        local error, tostring, type, setmetatable, pcall, load, rawset = error, tostring, type, setmetatable, pcall, load, rawset
        local format, find, gsub = string.format, string.find, string.gsub
        local huge, abs, max, sqrt = math.huge, math.abs, math.max, math.sqrt
        local readScene = __dynamics_readScene
        local cases = {}
        local function fail(message) error(message, 3) end
        -- NaN as NaN (C prints Lua's 0/0 as "-nan").
        local function show(v)
          if type(v) == 'string' then return format('%q', v) end
          if v ~= v then return 'NaN' end
          return tostring(v)
        end
        local rawget = rawget
        -- The matchers live in a table only this chunk holds; an expectation's metatable is
        -- locked (getmetatable gives false), so no script can replace a matcher for others.
        local Expect = {}
        local ExpectMeta = { __index = Expect, __metatable = false }
        function test(name, fn)
          if type(name) ~= 'string' or type(fn) ~= 'function' then error('test(name, fn): expected a string and a function', 2) end
          -- Cases run after the file has declared them all: one declared later (inside a
          -- case, a callback or a timer) would never run, so it is an error.
          if rawget(cases, 'sealed') then error('test: declare test cases at the top level of the file (this one was declared while a case ran)', 2) end
          if #cases >= \(maximumCases) then error('test: a file declares at most \(maximumCases) test cases', 2) end
          cases[#cases + 1] = { name = name, fn = fn }
        end
        function expect(value) return setmetatable({ value = value }, ExpectMeta) end
        function Expect:toBe(x)
          if self.value ~= x then fail('expected ' .. show(x) .. ', got ' .. show(self.value)) end
        end
        -- A point's coordinates ({x = , y = } or {a, b}, read raw), or nil.
        local function coordinates(p)
          if type(p) ~= 'table' then return nil end
          local x, y = rawget(p, 'x'), rawget(p, 'y')
          if x == nil and y == nil then x, y = rawget(p, 1), rawget(p, 2) end
          if type(x) == 'number' and type(y) == 'number' then return x, y end
          return nil
        end
        local function shown(v)
          local x, y = coordinates(v)
          if x then return '{' .. show(x) .. ', ' .. show(y) .. '}' end
          return show(v)
        end
        function Expect:toBeCloseTo(x, tolerance)
          tolerance = tolerance or 1e-6
          if type(tolerance) ~= 'number' or not (tolerance >= 0 and tolerance < huge) then
            fail('toBeCloseTo: the tolerance must be a finite number >= 0, got ' .. show(tolerance))
          end
          local v = self.value
          -- Passes only when the distance is known to be within the tolerance: NaN (a value
          -- that went wrong) never is; equal infinities are. Points compare by the distance
          -- between them.
          local close
          local px, py = coordinates(x)
          if px then
            local vx, vy = coordinates(v)
            if vx ~= nil then
              -- In floats (integers would wrap), scaled so squares neither overflow nor vanish.
              local dx, dy = (vx + 0.0) - (px + 0.0), (vy + 0.0) - (py + 0.0)
              if vx == px then dx = 0 end
              if vy == py then dy = 0 end
              local m = max(abs(dx), abs(dy))
              close = m == 0 or (m < huge and m * sqrt((dx / m) ^ 2 + (dy / m) ^ 2) <= tolerance)
            else
              close = false
            end
          elseif type(x) == 'number' and x == x then
            close = type(v) == 'number' and (v == x or abs((v + 0.0) - (x + 0.0)) <= tolerance)
          elseif type(x) == 'number' then
            fail('toBeCloseTo: NaN is close to nothing; expect(v ~= v):toBe(true) checks for NaN')
          else
            fail('toBeCloseTo: expected a number or a point {x, y} to compare with, got ' .. show(x))
          end
          if not close then fail('expected ' .. shown(x) .. ' ± ' .. show(tolerance) .. ', got ' .. shown(v)) end
        end
        -- Numbers only, on both sides: a string bound compared nothing and read as a
        -- contradiction ('expected more than "a", got "b"').
        function Expect:toBeLessThan(x)
          if type(x) ~= 'number' then fail('toBeLessThan: expected a number to compare with, got ' .. show(x)) end
          if type(self.value) ~= 'number' or not (self.value < x) then fail('expected less than ' .. show(x) .. ', got ' .. show(self.value)) end
        end
        function Expect:toBeGreaterThan(x)
          if type(x) ~= 'number' then fail('toBeGreaterThan: expected a number to compare with, got ' .. show(x)) end
          if type(self.value) ~= 'number' or not (self.value > x) then fail('expected more than ' .. show(x) .. ', got ' .. show(self.value)) end
        end
        function Expect:toBeTruthy()
          if not self.value then fail('expected a truthy value, got ' .. show(self.value)) end
        end
        function Expect:toFail(pattern)
          if type(self.value) ~= 'function' then fail('toFail: expected a function, got ' .. show(self.value)) end
          local ok, err = pcall(self.value)
          if ok then fail('expected an error' .. (pattern and (' matching ' .. show(pattern)) or '') .. ', got none') end
          if pattern then
            -- A bad pattern is the test's mistake: reported at its line, not this file's.
            local valid, found = pcall(find, tostring(err), pattern)
            if not valid then fail('toFail: bad pattern ' .. show(pattern) .. ': ' .. (gsub(tostring(found), '^[^:]*:%d+: ', ''))) end
            if not found then
              fail('expected an error matching ' .. show(pattern) .. ', got ' .. show(tostring(err)))
            end
          end
        end
        -- A scene runs with the file's globals, but cannot replace the test API's own: it sees
        -- them through a view whose assignments go to the globals, except to these names
        -- (a scene that defined `expect` turned its test's failing checks into passes).
        local G = _G
        local api = { test = true, expect = true, loadScene = true }
        local sceneGlobals = setmetatable({}, {
          __index = G,
          __newindex = function(_, k, v)
            if api[k] then error("a scene cannot replace the test API's '" .. tostring(k) .. "'", 2) end
            rawset(G, k, v)
          end,
          __metatable = false,
        })
        rawset(sceneGlobals, '_G', sceneGlobals)
        function loadScene(path)
          -- Errors name the test's line that called loadScene, not this file's.
          local read, source, name = pcall(readScene, path)
          if not read then error((gsub(tostring(source), '^.-:%d+: ', '', 1)), 2) end
          local chunk, problem = load(source, '@' .. name, 't', sceneGlobals)
          if not chunk then error(problem, 2) end
          return chunk()
        end
        return cases
        """

    /// Runs every `*_test.lua` under `paths` (files or folders), in name order.
    public func run(paths: [String], filter: String? = nil) -> [Result] {
        testFiles(in: paths).flatMap { run(file: $0, filter: filter) }
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
    /// folder's behaviors/. Returns the bridge (which holds the state) and the registry
    /// reference of the list of declared cases.
    public static func environment(for file: String, limits: LuaLimits,
                                   onError: @escaping (LuaError) -> Void) throws -> (bridge: LuaBridge, cases: Int32) {
        let state = try LuaState(limits: limits)
        let bridge = LuaBridge(state: state, errorHandler: onError)
        bridge.sceneFolder = folderPath(of: file)
        bridge.host = .test
        bridge.installSceneReader()
        // "=": a host chunk, which locations skip for the script's own line.
        try state.run(testAPISource, chunkName: "dynamics.test", host: true)
        return (bridge, dyn_lua_ref(state.raw))
    }

    /// Runs one test file.
    public func run(file: String, filter: String? = nil) -> [Result] {
        let name = (file as NSString).lastPathComponent
        let source: String
        do { source = try LuaSource.read(file) } catch {
            return [Result(file: file, name: name, failure: "\(file): \(error)")]
        }
        do {
            // The first callback error of a case is its failure; later ones are not kept
            // (100 000 failing actions in one case would each hold their message).
            var callbackErrors: [LuaError] = []
            let (bridge, cases) = try LuaTestRunner.environment(for: file, limits: limits) {
                if callbackErrors.isEmpty { callbackErrors.append($0) }
            }
            let state = bridge.state
            return try withExtendedLifetime(bridge) {
                try state.run(source, chunkName: file) // locations name the path as given
                lua_settop(state.raw, 0)
                dyn_lua_getref(state.raw, cases)
                let count = Int(lua_rawlen(state.raw, -1))
                lua_pushboolean(state.raw, 1)
                dyn_lua_rawsetfield(state.raw, 1, "sealed")
                // A test file without cases checks nothing: a failure, not a silent pass
                // (a file whose cases never registered, e.g. a misspelt `test`, looked green).
                guard count > 0 else {
                    return [Result(file: file, name: name, failure: "\(file): declares no test cases (call test(name, fn))")]
                }
                var results: [Result] = []
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
                    dyn_lua_rawgetfield(state.raw, -1, "fn")
                    callbackErrors = []
                    let started = DispatchTime.now().uptimeNanoseconds
                    var failure: String?
                    do {
                        try state.call(nargs: 0, nresults: 0, seconds: max(limits.deadline, LuaTestRunner.caseSeconds))
                    } catch let error as LuaError { failure = error.message }
                    if failure == nil, let first = callbackErrors.first { failure = first.message }
                    results.append(Result(file: file, name: caseName, failure: failure,
                                          seconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9))
                    lua_settop(state.raw, 1)
                }
                return results
            }
        } catch let error as LuaError {
            return [Result(file: file, name: name, failure: error.message)]
        } catch {
            return [Result(file: file, name: name, failure: "\(error)")]
        }
    }
}
