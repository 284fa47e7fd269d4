-- The test API of `dynamics test` (LuaTestRunner.swift): test, it, describe, before_each,
-- after_each, expect and its matchers, loadScene. It runs as the host's chunk
-- "=dynamics.test" in the sandbox of each test file, before the file, and returns the list
-- of declared cases. The host passes the most cases and hooks a file may declare as the
-- chunk's arguments (LuaTestRunner.maximumCases, .maximumHooks).
local maximumCases, maximumHooks = ...
-- The test API keeps its own references to every function it uses: a file (or the
-- scene it loads) that replaces error, tostring, math.abs or string.find cannot make
-- a failing expectation pass (the math and string tables are shared, and writable).
local error, tostring, type, setmetatable, pcall, load, rawset = error, tostring, type, setmetatable, pcall, load, rawset
local rawget, rawequal, next = rawget, rawequal, next
local format, find, gsub, sub, concat = string.format, string.find, string.gsub, string.sub, table.concat
local huge, abs, max, sqrt = math.huge, math.abs, math.max, math.sqrt
local readScene = __dynamics_readScene
local replay = __dynamics_replay
rawset(_G, '__dynamics_replay', nil)
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
  if #cases >= maximumCases then error('test: a file declares at most ' .. maximumCases .. ' test cases', 2) end
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
-- Hooks run around every case of their block: at most maximumHooks in a file, so
-- a file's calls stay bounded by its cases times its hooks.
local hooks = 0
local function hook(what, list, fn)
  if type(fn) ~= 'function' then error(what .. '(fn): expected a function, got ' .. type(fn), 2) end
  declarable(what)
  if hooks >= maximumHooks then error(what .. ': a file declares at most ' .. maximumHooks .. ' before_each and after_each hooks', 2) end
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
-- The physics matchers over run records, after the API's own matchers: toComeToRest,
-- toSettleAt, toNeverOvershoot, toStayInside, toLeave, toEndNear, toOverlap and toMatchGolden.
-- The host checks each claim and words its failures (LuaRecordMatchers.swift, LuaGoldens.swift);
-- here each becomes a matcher like the others (labels, .never), and a misused one (wrong types,
-- NaN, an unknown item) is reported at the test's line after the label.
do
  local physics = __dynamics_physics
  local function physical(name)
    local check = physics[name]
    matcher(name, function(e, v, ...)
      local ok, holds, message, negated
      if name == 'toMatchGolden' then
        -- Under .never a golden is compared, never written.
        ok, holds, message, negated = pcall(check, v, rawget(e, 'negated') and true or false, ...)
      else
        ok, holds, message, negated = pcall(check, v, ...)
      end
      if not ok then misuse(e, (gsub(tostring(holds), '^[^:]*:%d+: ', '', 1))) end
      return holds, message, negated
    end)
  end
  local names = { 'toComeToRest', 'toSettleAt', 'toNeverOvershoot', 'toStayInside', 'toLeave',
                  'toEndNear', 'toOverlap', 'toMatchGolden' }
  for i = 1, #names do physical(names[i]) end
end
-- A scene runs with the file's globals, but cannot replace the test API's own: it sees
-- them through a view whose assignments go to the globals, except to these names
-- (a scene that defined `expect` turned its test's failing checks into passes).
local G = _G
local api = { test = true, it = true, describe = true, before_each = true, after_each = true, expect = true, loadScene = true,
              replayRecording = true }
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
-- Replays a recording (.dynrec, relative to the test's folder) on a fresh load of its scene
-- and checks every frame; fails naming the frame, time, item and property that differ.
-- Returns { frames = N, time = T }.
function replayRecording(path)
  local ok, frames, time, warning = pcall(replay, path)
  if not ok then error((gsub(tostring(frames), '^.-:%d+: ', '', 1)), 2) end
  if warning then print(warning) end
  return { frames = frames, time = time }
end
return cases
