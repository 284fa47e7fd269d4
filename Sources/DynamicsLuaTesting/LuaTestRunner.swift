import CLua
import CLuaShim
import Dynamics
import Foundation

/// Runs Lua script-driven tests: any `*_test.lua` declares cases with `test(name, fn)` (or
/// `it`, `test.skip`, `test.only`, inside `describe(name, fn)` blocks with `before_each` and
/// `after_each` hooks) and checks with `expect(v [, label])` and `:toBe(x)`, `:toEqual(x)`,
/// `:toBeCloseTo(x, tolerance)`, `:toBeLessThan(x)`, `:toBeGreaterThan(x)`, `:toBeTruthy()`
/// and `:toFail(pattern)`, and over run records (`animator:run{ record = true }`) the physics
/// matchers (LuaTestRunner+Physics.swift), each negated by `.never`. A failure names the
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

    /// The test API, installed in the sandbox of each test file.
    static let testAPISource = """
        -- The test API keeps its own references to every function it uses: a file (or the
        -- scene it loads) that replaces error, tostring, math.abs or string.find cannot make
        -- a failing expectation pass (the math and string tables are shared, and writable).
        local error, tostring, type, setmetatable, pcall, load, rawset = error, tostring, type, setmetatable, pcall, load, rawset
        local rawget, rawequal, next = rawget, rawequal, next
        local format, find, gsub, sub, concat = string.format, string.find, string.gsub, string.sub, table.concat
        local huge, abs, max, sqrt = math.huge, math.abs, math.max, math.sqrt
        local readScene = __dynamics_readScene
        -- Host functions only this chunk keeps: where a case is declared, and its output.
        local where, emit = __dynamics_where, __dynamics_print
        rawset(_G, '__dynamics_where', nil)
        rawset(_G, '__dynamics_print', nil)
        local cases = {}
        -- A failed check (level 3: the line that called the matcher).
        local function fail(message) error(message, 3) end
        -- NaN as NaN (C prints Lua's 0/0 as "-nan").
        local function show(v)
          if type(v) == 'string' then return format('%q', v) end
          if v ~= v then return 'NaN' end
          return tostring(v)
        end
        -- A table as "a table" (its address says nothing to a reader), anything else as `show`.
        local function brief(v)
          if type(v) == 'table' then return 'a table' end
          return show(v)
        end

        -- Declaring cases: describe blocks are scopes with their own hooks; a case keeps the
        -- scope it was declared in and its full name ("outer › inner › case").
        local root = { before = {}, after = {} }
        local scope = root
        local function declarable(what)
          -- Cases run after the file has declared them all: one declared later (inside a
          -- case, a callback or a timer) would never run, so it is an error.
          if rawget(cases, 'sealed') then error(what .. ': declare test cases at the top level of the file (this one was declared while a case ran)', 3) end
        end
        -- Tail-called by the declaring functions, so level 2 is the file's line.
        local function declare(what, name, fn, flag)
          if type(name) ~= 'string' or type(fn) ~= 'function' then error(what .. '(name, fn): expected a string and a function', 2) end
          declarable(what)
          if #cases >= \(maximumCases) then error('test: a file declares at most \(maximumCases) test cases', 2) end
          local full = name
          if scope.name then full = scope.name .. ' › ' .. name end
          -- `where`: the declaration's file:line, for a failure that has no line of its own
          -- (a case that is a C function, a case out of memory).
          cases[#cases + 1] = { name = full, fn = fn, scope = scope, skip = flag == 'skip', only = flag == 'only', where = where() }
        end
        -- `test` and `it` are one callable table with `skip` and `only`: locked, so a scene
        -- cannot replace them (rawset aside, which only a file's own code would use on itself).
        local testFunctions = {
          skip = function(name, fn) return declare('test.skip', name, fn, 'skip') end,
          only = function(name, fn) return declare('test.only', name, fn, 'only') end,
        }
        test = setmetatable({}, {
          __call = function(_, name, fn) return declare('test', name, fn) end,
          __index = testFunctions,
          __newindex = function(_, k) error("test." .. tostring(k) .. ': the test API cannot be changed', 2) end,
          __metatable = false,
        })
        it = test
        function describe(name, fn)
          if type(name) ~= 'string' or type(fn) ~= 'function' then error('describe(name, fn): expected a string and a function', 2) end
          declarable('describe')
          local outer = scope
          scope = { name = outer.name and (outer.name .. ' › ' .. name) or name, parent = outer, before = {}, after = {} }
          fn()
          scope = outer
        end
        -- Hooks run around every case of their block: at most \(maximumHooks) in a file, so
        -- a file's calls stay bounded by its cases times its hooks.
        local hooks = 0
        local function hook(what, list, fn)
          if type(fn) ~= 'function' then error(what .. '(fn): expected a function, got ' .. type(fn), 2) end
          declarable(what)
          if hooks >= \(maximumHooks) then error(what .. ': a file declares at most \(maximumHooks) before_each and after_each hooks', 2) end
          hooks = hooks + 1
          list[#list + 1] = fn
        end
        function before_each(fn) return hook('before_each', scope.before, fn) end
        function after_each(fn) return hook('after_each', scope.after, fn) end
        -- Called by the runner once the file has run: no more declarations, and each case's
        -- `skipped` (test.skip, or no test.only in a file that has some).
        rawset(cases, 'seal', function()
          rawset(cases, 'sealed', true)
          local focused = false
          for i = 1, #cases do if cases[i].only then focused = true end end
          for i = 1, #cases do cases[i].skipped = cases[i].skip or (focused and not cases[i].only) end
        end)
        -- What the runner calls for case `i`, in order: before_each hooks from the outermost
        -- block in, the case, after_each hooks from the innermost block out; and the case's
        -- index in that list. Made when the case runs (not kept for every case at once).
        rawset(cases, 'steps', function(i)
          local c = cases[i]
          local chain, s = {}, c.scope
          while s do chain[#chain + 1] = s; s = s.parent end
          local steps = {}
          for j = #chain, 1, -1 do
            local before = chain[j].before
            for k = 1, #before do steps[#steps + 1] = before[k] end
          end
          steps[#steps + 1] = c.fn
          local main = #steps
          for j = 1, #chain do
            local after = chain[j].after
            for k = 1, #after do steps[#steps + 1] = after[k] end
          end
          return steps, main
        end)

        -- The matchers live in a table only this chunk holds; an expectation's metatable is
        -- locked (getmetatable gives false), so no script can replace a matcher for others.
        -- Each check returns whether it holds, the message when it should have and the
        -- message when it should not have (under `.never`); a misused matcher (a bad
        -- tolerance or pattern) is an error whatever the negation (`misuse`).
        local Expect = {}
        local ExpectMeta = { __metatable = false }
        local function prefix(e)
          local label = rawget(e, 'label')
          return label and (label .. ': ') or ''
        end
        -- Level 4: misuse, the check, the matcher, the test's line.
        local function misuse(e, message) error(prefix(e) .. message, 4) end
        ExpectMeta.__index = function(self, k)
          if k == 'never' then
            return setmetatable({ value = rawget(self, 'value'), label = rawget(self, 'label'), negated = not rawget(self, 'negated') }, ExpectMeta)
          end
          return Expect[k]
        end
        -- A label is a string: any other second value is another result of a call spread into
        -- expect (`expect(gesture.nearest(...))` gives the point and its index), not a label.
        function expect(value, label)
          if type(label) ~= 'string' then label = nil end
          return setmetatable({ value = value, label = label }, ExpectMeta)
        end
        local function matcher(name, check)
          Expect[name] = function(self, ...)
            local holds, message, negated = check(self, rawget(self, 'value'), ...)
            if rawget(self, 'negated') then
              if holds then fail(prefix(self) .. negated) end
            elseif not holds then
              fail(prefix(self) .. message)
            end
          end
        end
        matcher('toBe', function(_, v, x)
          return rawequal(v, x) or v == x, 'expected ' .. show(x) .. ', got ' .. show(v), 'expected not ' .. show(x)
        end)

        -- Deep equality: `k` as a path step (".name", "[2]", "[a table]", a long key cut short).
        local function step(k)
          if type(k) == 'string' and find(k, '^[%a_][%w_]*$') and #k <= 64 then return '.' .. k end
          local shown = brief(k)
          if #shown > 64 then shown = sub(shown, 1, 61) .. '...' end
          return '[' .. shown .. ']'
        end
        -- Whether two non-table-pair values differ: raw equality, numbers by value, NaN
        -- equal to NaN (two runs that both went wrong the same way are equal).
        local function differ(a, e)
          if rawequal(a, e) then return false end
          if type(a) == 'number' and type(e) == 'number' then return not (a == e or (a ~= a and e ~= e)) end
          return true
        end
        -- Entries toEqual looks at before it gives up: a bound on the work, since tables
        -- that share subtables differently can pair each with each. About 0.6 s, within the
        -- default budget of a case's own Lua time (1 s), so the check says why it stopped.
        local maximumEntries = 2500000
        -- nil when `actual` equals `expected` deeply, else the path and the message (or, past
        -- `maximumEntries`, nil, nil and why it gave up). Walks
        -- with its own stack (a chain a million tables deep is no recursion) and compares
        -- each pair of tables once (a cycle is equal when nothing else differs).
        local function difference(actual, expected)
          local ta, te = type(actual) == 'table', type(expected) == 'table'
          if not (ta and te) then
            if ta ~= te or differ(actual, expected) then return '', 'expected ' .. brief(expected) .. ', got ' .. brief(actual) end
            return nil
          end
          if rawequal(actual, expected) then return nil end
          local seen = { [actual] = { [expected] = true } }
          local stack = { { a = actual, e = expected, phase = 1 } }
          local n, entries = 1, 0
          -- The keys down to `last`; past 40 steps, the first 10 and the last 20.
          local function path(last)
            local parts = {}
            for i = 1, n - 1 do
              if n <= 40 or i <= 10 or i >= n - 20 then parts[#parts + 1] = step(stack[i].key) end
              if n > 40 and i == 10 then parts[#parts + 1] = '...(' .. (n - 31) .. ' more)...' end
            end
            parts[#parts + 1] = step(last)
            return concat(parts)
          end
          while n > 0 do
            local f = stack[n]
            entries = entries + 1
            if entries > maximumEntries then
              return nil, nil, 'toEqual: compared ' .. maximumEntries .. ' entries without reaching the end; compare smaller parts of these tables'
            end
            if f.phase == 1 then
              local k, e = next(f.e, f.key)
              if k == nil then
                f.phase, f.key = 2, nil
              else
                f.key = k
                local a = rawget(f.a, k)
                if type(a) == 'table' and type(e) == 'table' then
                  if not rawequal(a, e) then
                    local partners = seen[a]
                    if not partners then partners = {}; seen[a] = partners end
                    if not partners[e] then
                      partners[e] = true
                      n = n + 1
                      stack[n] = { a = a, e = e, phase = 1 }
                    end
                  end
                elseif differ(a, e) then
                  return path(k), 'expected ' .. brief(e) .. ', got ' .. brief(a)
                end
              end
            else
              local k, a = next(f.a, f.key)
              if k == nil then
                stack[n] = nil
                n = n - 1
              else
                f.key = k
                if rawget(f.e, k) == nil then return path(k), 'expected nil, got ' .. brief(a) end
              end
            end
          end
          return nil
        end
        matcher('toEqual', function(e, v, x)
          local at, message, over = difference(v, x)
          if over then misuse(e, over) end
          if at == nil then return true, '', 'expected a value not equal to ' .. brief(x) .. ', got an equal one' end
          if at ~= '' then message = 'at ' .. at .. ': ' .. message end
          return false, message
        end)

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
        matcher('toBeCloseTo', function(e, v, x, tolerance)
          tolerance = tolerance or 1e-6
          if type(tolerance) ~= 'number' or not (tolerance >= 0 and tolerance < huge) then
            misuse(e, 'toBeCloseTo: the tolerance must be a finite number >= 0, got ' .. show(tolerance))
          end
          -- Holds only when the distance is known to be within the tolerance: NaN (a value
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
            misuse(e, 'toBeCloseTo: NaN is close to nothing; expect(v ~= v):toBe(true) checks for NaN')
          else
            misuse(e, 'toBeCloseTo: expected a number or a point {x, y} to compare with, got ' .. show(x))
          end
          return close, 'expected ' .. shown(x) .. ' ± ' .. show(tolerance) .. ', got ' .. shown(v),
            'expected not ' .. shown(x) .. ' ± ' .. show(tolerance) .. ', got ' .. shown(v)
        end)
        -- Numbers only, on both sides: a string bound compared nothing and read as a
        -- contradiction ('expected more than "a", got "b"'). Under `.never` a value that is
        -- no number fails too: "not less than 3" reads as a claim about a number.
        matcher('toBeLessThan', function(e, v, x)
          if type(x) ~= 'number' then misuse(e, 'toBeLessThan: expected a number to compare with, got ' .. show(x)) end
          if type(v) ~= 'number' then
            if rawget(e, 'negated') then misuse(e, 'expected a number not less than ' .. show(x) .. ', got ' .. show(v)) end
            return false, 'expected less than ' .. show(x) .. ', got ' .. show(v)
          end
          return v < x, 'expected less than ' .. show(x) .. ', got ' .. show(v), 'expected not less than ' .. show(x) .. ', got ' .. show(v)
        end)
        matcher('toBeGreaterThan', function(e, v, x)
          if type(x) ~= 'number' then misuse(e, 'toBeGreaterThan: expected a number to compare with, got ' .. show(x)) end
          if type(v) ~= 'number' then
            if rawget(e, 'negated') then misuse(e, 'expected a number not more than ' .. show(x) .. ', got ' .. show(v)) end
            return false, 'expected more than ' .. show(x) .. ', got ' .. show(v)
          end
          return v > x, 'expected more than ' .. show(x) .. ', got ' .. show(v), 'expected not more than ' .. show(x) .. ', got ' .. show(v)
        end)
        matcher('toBeTruthy', function(_, v)
          return not not v, 'expected a truthy value, got ' .. show(v), 'expected a falsy value, got ' .. show(v)
        end)
        matcher('toFail', function(e, v, pattern)
          if type(v) ~= 'function' then misuse(e, 'toFail: expected a function, got ' .. show(v)) end
          if pattern ~= nil and type(pattern) ~= 'string' then misuse(e, 'toFail: the pattern must be a string, got ' .. show(pattern)) end
          local ok, err = pcall(v)
          local matching = pattern and (' matching ' .. show(pattern)) or ''
          if ok then return false, 'expected an error' .. matching .. ', got none', '' end
          if pattern then
            -- A bad pattern is the test's mistake: reported at its line, not this file's.
            local valid, found = pcall(find, tostring(err), pattern)
            if not valid then misuse(e, 'toFail: bad pattern ' .. show(pattern) .. ': ' .. (gsub(tostring(found), '^[^:]*:%d+: ', ''))) end
            if not found then
              return false, 'expected an error' .. matching .. ', got ' .. show(tostring(err)), ''
            end
          end
          return true, '', 'expected no error' .. matching .. ', got ' .. show(tostring(err))
        end)
        -- What a case prints is kept with its result (the runner's `CapturedOutput`): each
        -- argument converted as Lua's print does, here, inside the case's call and budget.
        if emit then
          local pack = table.pack
          print = function(...)
            local args = pack(...)
            for i = 1, args.n do args[i] = tostring(args[i]) end
            emit(args)
          end
        end
        \(physicsMatchersSource)
        -- A scene runs with the file's globals, but cannot replace the test API's own: it sees
        -- them through a view whose assignments go to the globals, except to these names
        -- (a scene that defined `expect` turned its test's failing checks into passes).
        local G = _G
        local api = { test = true, it = true, describe = true, before_each = true, after_each = true, expect = true, loadScene = true }
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
                                   output: CapturedOutput? = nil,
                                   onError: @escaping (LuaError) -> Void) throws -> (bridge: LuaBridge, cases: Int32) {
        let state = try LuaState(limits: limits)
        let bridge = LuaBridge(state: state, errorHandler: onError)
        bridge.sceneFolder = folderPath(of: file)
        bridge.runFolders = runFolders
        bridge.host = .test
        bridge.installSceneReader()
        installWhere(bridge)
        if let output { installPrint(bridge, into: output) }
        bridge.installRecordMatchers()
        bridge.testContext = LuaTestContext(testFile: file)
        // "=": a host chunk, which locations skip for the script's own line.
        try state.run(testAPISource, chunkName: "dynamics.test", host: true)
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
            let (bridge, cases) = try LuaTestRunner.environment(for: file, limits: limits, runFolders: runFolders, output: output) {
                if callbackErrors.isEmpty { callbackErrors.append($0) } else { output.append("error: \($0.message)\n") }
            }
            bridge.testContext?.updatesGoldens = updateGoldens
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
