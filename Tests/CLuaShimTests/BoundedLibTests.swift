import CLua
import CLuaShim
import Foundation
import Testing

// The bounded standard functions of bounded_lib.c against Lua's own: the same
// scripts run in a plain state (luaL_newstate + luaL_openlibs, the reference)
// and in a state from dyn_lua_newstate_capped (the bounded versions), and must
// print the same lines. Then each attack that Lua's versions cannot stop ends
// quickly once the call is marked over budget.

/// Runs `chunk` and returns the string it returns, or "error STATUS: message".
private func evaluate(_ L: OpaquePointer, _ chunk: String) -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let status = dyn_lua_dostring(L, chunk, "=bounded", &buffer, buffer.count)
    defer { lua_settop(L, 0) }
    if status != LUA_OK {
        return "error \(status): " + buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
    guard let result = dyn_lua_tostring(L, -1) else { return "error: no string result" }
    return String(cString: result)
}

/// Runs `script` in a reference state and a bounded state and returns the
/// number of lines and the lines that differ (reference, bounded).
private func differences(_ script: String) throws -> (lines: Int, diffs: [String]) {
    let reference = try #require(luaL_newstate())
    defer { lua_close(reference) }
    luaL_openlibs(reference)
    let bounded = try #require(dyn_lua_newstate_capped(0))
    defer { dyn_lua_close(bounded) }
    let expected = evaluate(reference, script).split(separator: "\n", omittingEmptySubsequences: false)
    let actual = evaluate(bounded, script).split(separator: "\n", omittingEmptySubsequences: false)
    var diffs: [String] = []
    for i in 0..<max(expected.count, actual.count) {
        let e = i < expected.count ? String(expected[i]) : "(missing)"
        let a = i < actual.count ? String(actual[i]) : "(missing)"
        if e != a { diffs.append("Lua:     \(e)\nbounded: \(a)") }
    }
    return (expected.count, diffs)
}

/// A capped state whose base, string and table libraries are Lua's own again
/// (opened over the bounded ones): the reference under a memory cap.
private func referenceCappedState(_ cap: Int) throws -> OpaquePointer {
    let L = try #require(dyn_lua_newstate_capped(cap))
    let libraries: [(String, lua_CFunction)] = [("_G", luaopen_base), ("string", luaopen_string), ("table", luaopen_table)]
    for (name, open) in libraries {
        lua_pushcclosure(L, open, 0)
        try #require(dyn_lua_pcall(L, 0, 1, 0) == LUA_OK)
        lua_setglobal(L, name)
    }
    // Error messages name functions found in package.loaded.
    try #require(evaluate(L, "package.loaded.string, package.loaded.table = string, table return ''") == "")
    return L
}

/// Lets a test's script mark its own call as over budget at a chosen point.
private let markOver: dyn_lua_callback = { L, _ in
    dyn_lua_set_budget_exceeded(L, 1)
    return 0
}

private struct StateBox: @unchecked Sendable {
    let L: OpaquePointer
}

@Suite("Bounded standard library")
struct BoundedLibTests {
    @Test("patterns: find, match, gmatch, gsub behave as Lua's on hand-written and generated cases")
    func patternsMatchLua() throws {
        let (lines, diffs) = try differences(patternScript)
        #expect(lines > 12_000)
        #expect(diffs.isEmpty, "\(diffs.count) differences:\n\(diffs.prefix(20).joined(separator: "\n"))")
    }

    @Test("table functions (with metamethods) and string.rep behave as Lua's")
    func tableFunctionsMatchLua() throws {
        let (lines, diffs) = try differences(tableScript)
        #expect(lines > 250)
        #expect(diffs.isEmpty, "\(diffs.count) differences:\n\(diffs.prefix(20).joined(separator: "\n"))")
    }

    @Test("load (strings, readers, modes, env, errors) behaves as Lua's")
    func loadMatchesLua() throws {
        let (lines, diffs) = try differences(loadScript)
        #expect(lines > 25)
        #expect(diffs.isEmpty, "\(diffs.count) differences:\n\(diffs.prefix(20).joined(separator: "\n"))")
    }

    @Test("under a memory cap, results past it fail as Lua's do (memory errors, not other errors)")
    func memoryCapMatchesLua() throws {
        let cap = 4 << 20
        let reference = try referenceCappedState(cap)
        defer { dyn_lua_close(reference) }
        let bounded = try #require(dyn_lua_newstate_capped(cap))
        defer { dyn_lua_close(bounded) }
        let chunks = [
            "return #string.rep('x', 8e6)",
            "return #string.rep('xy', 3e6, ',')",
            "return #string.rep('x', 1 << 40)",
            "return #string.rep('x', 1 << 30)",
            "return #string.rep('', 1 << 31, 'x')",
            "return #string.rep('x', 1e5)",
            "local t = {} for i = 1, 1e9 do t[i] = ('x'):rep(100) .. i end",
            "local s = ('x'):rep(1.5e6) return #s:gsub('x', 'yy')",
            "local s = ('x'):rep(1e6) return #s:gsub('x', '%0%0%0')",
            "local t = {} for i = 1, 3e5 do t[i] = 'abcdefgh' end return #table.concat(t, ',')",
            "local t = {} for i = 1, 1e6 do table.insert(t, i) end return #t",
            "collectgarbage() return #string.rep('ab', 1e6)",
        ]
        for chunk in chunks {
            #expect(evaluate(bounded, chunk) == evaluate(reference, chunk), "\(chunk)")
            dyn_lua_gc_collect(bounded)
            dyn_lua_gc_collect(reference)
        }
    }

    /// Attacks that run for hours or forever with Lua's own functions.
    /// `markOver()` in the script marks the call as over budget.
    static let endless: [String] = [
        "markOver(); return table.move({}, 1, math.maxinteger, 1, {})",
        "local t = setmetatable({}, {__len = function() return 2^62 end}); markOver(); table.insert(t, 1, 'v')",
        "local t = setmetatable({}, {__len = function() return 2^62 end}); markOver(); return table.remove(t, 1)",
        """
        local t = setmetatable({}, {__len = function() return 2^62 end, __index = function() return '' end})
        markOver(); return table.concat(t, '', 1, 2^40)
        """,
        """
        local t = setmetatable({}, {__len = function() return 2^31 - 2 end, __index = rawlen, __newindex = rawequal})
        markOver(); table.sort(t)
        """,
        """
        local t = setmetatable({}, {__len = function() return 2^31 - 2 end, __index = rawlen, __newindex = rawequal})
        markOver(); table.sort(t, rawequal)
        """,
        "local s, p = ('a'):rep(3000), ('a-'):rep(30) .. 'b'; markOver(); return s:find(p)",
        "local s, p = ('a'):rep(3000), ('a-'):rep(30) .. 'b'; markOver(); return s:match(p)",
        "local s, p = ('a'):rep(3000), ('a-'):rep(30) .. 'b'; markOver(); for x in s:gmatch(p) do end",
        "local s, p = ('a'):rep(3000), ('a-'):rep(30) .. 'b'; markOver(); return s:gsub(p, '')",
        "local s, p = ('a'):rep(1 << 22), ('a'):rep(1 << 20) .. 'b'; markOver(); return s:match(p)",
        "local s = ('('):rep(1 << 20); markOver(); return s:find('%b()')",
        "local s = ('a'):rep(1 << 20); markOver(); return s:find('(.*)%1b')",
        """
        local t = {}
        for i = 1, 32000 do t[#t + 1] = 'if x then goto l' .. i .. ' end' end
        for i = 1, 32000 do t[#t + 1] = '::l' .. i .. ':: x = 1' end
        local src = table.concat(t, '\\n')
        markOver(); local f, e = load(src); error(e)
        """,
    ]

    /// Attacks that end by themselves within a second or so (the plain searches
    /// are linear here, hours long with Lua's own), which still must stop once
    /// marked.
    static let finite: [String] = [
        "markOver(); return table.unpack({}, 1, 999000)",
        """
        local h, n = string.rep('a', 16 << 20), string.rep('a', (256 << 10) - 1) .. 'b'
        markOver(); return string.find(h, n, 1, true)
        """,
        """
        local h, n = string.rep('a', 16 << 20), string.rep('a', (256 << 10) - 1) .. 'b'
        markOver(); return string.find(h, n)
        """,
        "markOver(); return #string.rep('ab', 3e7, ',')",
    ]

    @Test("each attack ends at once with the budget error when its call is marked over budget",
          arguments: endless + finite)
    func attackStopsWhenMarked(script: String) throws {
        let L = try #require(dyn_lua_newstate_capped(256 << 20))
        defer { dyn_lua_close(L) }
        dyn_lua_pushcallback(L, markOver, nil)
        lua_setglobal(L, "markOver")
        var result = ""
        let elapsed = ContinuousClock().measure { result = evaluate(L, script) }
        #expect(result.contains("instruction budget exceeded"), "result: \(result.prefix(200))")
        #expect(elapsed < .milliseconds(500), "took \(elapsed)")
    }

    @Test("each endless attack ends soon after a watchdog thread marks it over budget", arguments: endless)
    func attackStopsWhenMarkedFromAnotherThread(script: String) throws {
        let L = try #require(dyn_lua_newstate_capped(256 << 20))
        defer { dyn_lua_close(L) }
        dyn_lua_pushcallback(L, { _, _ in 0 }, nil) // the script's own mark does nothing here
        lua_setglobal(L, "markOver")
        let box = StateBox(L: L)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.05) // past the set-up (up to 20 MB of strings)
            dyn_lua_set_budget_exceeded(box.L, 1)
            done.signal()
        }
        var result = ""
        let elapsed = ContinuousClock().measure { result = evaluate(L, script) }
        done.wait()
        #expect(result.contains("instruction budget exceeded"), "result: \(result.prefix(200))")
        #expect(elapsed < .seconds(2), "took \(elapsed)")
    }

    @Test("string.rep: empty results at once, results past the memory cap fail before any work")
    func repIsBounded() throws {
        let L = try #require(dyn_lua_newstate_capped(64 << 20))
        defer { dyn_lua_close(L) }
        var result = ""
        var elapsed = ContinuousClock().measure {
            result = evaluate(L, "return '[' .. string.rep('', math.maxinteger) .. string.rep('', math.maxinteger, '') .. ']'")
        }
        #expect(result == "[]")
        #expect(elapsed < .milliseconds(100))
        elapsed = ContinuousClock().measure { result = evaluate(L, "return string.rep('x', 1 << 30)") }
        #expect(result == "error \(LUA_ERRMEM): not enough memory")
        #expect(elapsed < .milliseconds(100))
        result = evaluate(L, "return string.rep('x', 1 << 31)")
        #expect(result.contains("resulting string too large"), "result: \(result)")
        result = evaluate(L, "return #string.rep('abc', 1000000, '--')")
        #expect(result == "4999998")
    }
}

// MARK: - Scripts (each returns its results, one line per case)

private let patternScript = #"""
local out = {}
local function ser(...)
  local t = {}
  for i = 1, select('#', ...) do
    local v = select(i, ...)
    t[i] = type(v) == 'string' and string.format('%q', v) or tostring(v)
  end
  return table.concat(t, ',')
end
local function try(label, f, ...)
  out[#out + 1] = label .. ' -> ' .. ser(pcall(f, ...))
end
local function all(it) local r = {} for a, b in it do r[#r+1] = ser(a, b) end return table.concat(r, ';') end

local cases = {
  {"hello world", "o"}, {"hello world", "l+"}, {"hello", "^h"}, {"hello", "^e"}, {"hello", "o$"},
  {"hello", "$"}, {"hello", "^"}, {"", ""}, {"", "^$"}, {"abc", ""}, {"a$b", "$b"}, {"a^b", "a^"},
  {"THE (quick) fox", "%((%a+)%)"}, {"f(a(b)c)d", "%b()"}, {"xx", "%bxx"}, {"[[x]]", "%b[]"},
  {"THE (quick) fox", "%f[%a]%a+"}, {"hello", "%f[%l]"}, {"hello", "%f[%z]"}, {"hello", "%f[%Z]"},
  {"abc", "%f[^%z]"}, {"abc", "%f[%w]%w+%f[%W]"}, {"abc", "()"}, {"abc", "()b()"}, {"abcabc", "(abc)%1"},
  {"abab", "(a)(b)%2"}, {"aa", "(a)%1"}, {"aa", "(a%1)"}, {"aa", "%1"}, {"aa", "%0"}, {"a", "(()"},
  {"a", "(a"}, {"a", "a)"}, {"a", "%"}, {"a", "[a"}, {"a", "[]"}, {"a", "[^]"}, {"]", "[]]"}, {"a", "[^]]"},
  {"a-", "[a-]"}, {"-", "[%-]"}, {"b", "[a-c]"}, {"d", "[a-c]"}, {"a", "%bx"}, {"a", "%b"}, {"a", "%f"},
  {"a", "%fa"}, {"a", "%f[a"}, {"a%", "%%"}, {"a.b", "%."}, {"x", "%g"}, {" ", "%G"}, {"aaa", "a-b"},
  {"aaab", "a-b"}, {"aaa", "a*"}, {"aaa", "a+"}, {"aaa", "a?a?a?a?"}, {"one two  three", "%s*"},
  {"key = value", "(%w+)%s*=%s*(%w+)"}, {"2024-01-02", "(%d+)-(%d+)-(%d+)"}, {"\0a\0", "%z"},
  {"\0a\0", "[%z]"}, {"a\0b", "a\0b"}, {"a\0b", "[\0]"}, {"a.b", ".", 1, true}, {"a.b", ".", 3, true},
  {"abc", "b", -1}, {"abc", "b", -2}, {"abc", "b", -10}, {"abc", "", 4}, {"abc", "", 5}, {"abc", "", 10},
  {"abc", "c", 0}, {"abc", "^b", 2}, {"abc", "()", 4}, {"abc", "x*", 4}, {"((a)", "%b()"}, {"a", "[%a-z]"},
  {"z", "[%a-z]"}, {"-", "[%a-z]"}, {"abc", "[b-]"}, {"]", "[]-a]"}, {"^", "[%^]"}, {"^", "[x^]"},
  {"x", ("(x?)"):rep(33)}, {"x", ("(x?)"):rep(32)}, {("a"):rep(300), ("a?"):rep(300)}, {"a", ("a?"):rep(300)},
  {("a"):rep(199), ("a?"):rep(199)}, {("a"):rep(10), ("(a)"):rep(10)}, {"abc", "%1(a)"}, {"abc", "(a)%2"},
  {"abc", "()%1"}, {"abc", "(()a)%2"}, {"abc", "(a)%1?"}, {"hello", "l*"}, {"hello", "l-"}, {"hello", "x*"},
  {"12 34", "%d*"}, {"a,b,,c", "([^,]*)"}, {"a b", "%f[%S]"}, {"a b", "%f[%s]"}, {"", "%f[%z]"}, {"", "%f[^%z]"},
}
for i, c in ipairs(cases) do
  local s, p, init, plain = c[1], c[2], c[3], c[4]
  local tag = string.format('%d %q %q %s %s', i, s, p, tostring(init), tostring(plain))
  try(tag .. ' find', string.find, s, p, init, plain)
  try(tag .. ' match', string.match, s, p, init)
  try(tag .. ' gmatch', function() return all(string.gmatch(s, p, init)) end)
  try(tag .. ' gsub0', string.gsub, s, p, "<%0>")
  try(tag .. ' gsub1', string.gsub, s, p, "[%1]")
  try(tag .. ' gsub2', string.gsub, s, p, "%2%%")
  try(tag .. ' gsubf', string.gsub, s, p, function(...) return ser(...) end)
  try(tag .. ' gsubt', string.gsub, s, p, {a = "A", [""] = "E", b = false})
  try(tag .. ' gsubn', string.gsub, s, p, "#", 1)
end

-- generated
math.randomseed(42)
local atoms = {"a", "b", ".", "%a", "%d", "%s", "%w", "%p", "%x", "%u", "%l", "%c", "%A", "%S", "[ab]", "[^ab]",
  "[a-c]", "[%a_]", "[]]", "[^]]", "[a-]", "%%", "%.", "%(", "%b()", "%bab", "%f[%w]", "%f[%W]", "%f[a]", "%1",
  "%2", "()", "(", ")", "^", "$", "[%d%s]", "1", " ", "-", "%-"}
local quants = {"", "", "", "*", "+", "-", "?"}
local alphabet = {"a", "b", "c", " ", "(", ")", "1", "2", "_", ".", "%", "-", "A", "\0", "\n", "]"}
local function rnd(t) return t[math.random(#t)] end
for i = 1, 1500 do
  local pat = {}
  if math.random() < 0.2 then pat[#pat + 1] = "^" end
  for _ = 1, math.random(1, 5) do
    local a = rnd(atoms)
    if math.random() < 0.25 then a = "(" .. a .. rnd(quants) .. ")" else a = a .. rnd(quants) end
    pat[#pat + 1] = a
  end
  if math.random() < 0.15 then pat[#pat + 1] = "$" end
  local p = table.concat(pat)
  local s = {}
  for _ = 1, math.random(0, 14) do s[#s + 1] = rnd(alphabet) end
  s = table.concat(s)
  local init = math.random() < 0.3 and math.random(-16, 16) or nil
  local tag = string.format('g%d %q %q %s', i, s, p, tostring(init))
  try(tag .. ' find', string.find, s, p, init)
  try(tag .. ' match', string.match, s, p, init)
  try(tag .. ' gmatch', function() return all(string.gmatch(s, p, init)) end)
  try(tag .. ' gsub', string.gsub, s, p, "<%0%1>")
  try(tag .. ' gsubf', string.gsub, s, p, function(...) return ser(...) end, init)
end
return table.concat(out, '\n')
"""#

private let tableScript = #"""
local out = {}
local function ser(...)
  local t = {}
  for i = 1, select('#', ...) do
    local v = select(i, ...)
    if type(v) == 'table' then
      local parts = {}
      for k = 1, rawlen(v) do local x = rawget(v, k); parts[k] = type(x) == 'table' and 'tbl' or tostring(x) end
      t[i] = '{' .. table.concat(parts, ' ') .. '}'
    else
      t[i] = type(v) == 'string' and string.format('%q', v) or tostring(v)
    end
  end
  return table.concat(t, ',')
end
local function try(label, f, ...)
  out[#out + 1] = label .. ' -> ' .. ser(pcall(f, ...))
end
-- a proxy that logs every access through its metamethods
local log
local function proxy(init, len)
  local store = {}
  for k, v in pairs(init) do store[k] = v end
  return setmetatable({}, {
    __index = function(_, k) log[#log + 1] = 'r' .. tostring(k); return store[k] end,
    __newindex = function(_, k, v) log[#log + 1] = 'w' .. tostring(k) .. '=' .. tostring(v); store[k] = v end,
    __len = function() log[#log + 1] = '#'; return len or #store end,
  }), store
end
local function logged(label, f)
  log = {}
  local r = ser(pcall(f))
  out[#out + 1] = label .. ' -> ' .. r .. ' log ' .. table.concat(log, ' ')
end

-- insert / remove
local P = table.pack
for _, args in ipairs{ P({1,2,3}, 9), P({1,2,3}, 1, 9), P({1,2,3}, 4, 9), P({1,2,3}, 5, 9), P({1,2,3}, 0, 9),
    P({1,2,3}, -1, 9), P({1,2,3}, 2.0, 9), P({1,2,3}, 2.5, 9), P({1,2,3}, "2", 9), P({}, 1, 9), P({1,2,3}),
    P({1,2,3}, 1, 2, 3), P(nil, 1), P("x", 1), P({1,2,3}, math.mininteger, 1), P({1,2,3}, math.maxinteger, 1),
    P({1,2,3}, nil, 1), P({1,2,3}, 1, nil) } do
  try('insert ' .. ser(table.unpack(args, 1, args.n)), function(t, ...) table.insert(t, ...) return t end, table.unpack(args, 1, args.n))
end
for _, args in ipairs{ {{1,2,3}}, {{1,2,3}, 1}, {{1,2,3}, 3}, {{1,2,3}, 4}, {{1,2,3}, 5}, {{1,2,3}, 0},
    {{}, 0}, {{}}, {{}, 1}, {{}, -1}, {{1,2,3}, -1}, {{[0] = 'z'}, 0}, {{1,2,3}, "x"}, {5} } do
  try('remove ' .. ser(table.unpack(args, 1, 2)), function(t, ...) local r = table.remove(t, ...) return r, t end, table.unpack(args, 1, 2))
end
logged('insert proxy end', function() local p = proxy({1,2,3}); table.insert(p, 'x') end)
logged('insert proxy mid', function() local p = proxy({1,2,3}); table.insert(p, 2, 'x') end)
logged('remove proxy', function() local p = proxy({1,2,3}); return table.remove(p, 1) end)
logged('remove proxy end', function() local p = proxy({1,2,3}); return table.remove(p) end)
logged('insert badlen', function() local p = proxy({}, 'x'); table.insert(p, 1) end)
logged('insert floatlen', function() local p = proxy({}, 2.0); table.insert(p, 1) end)
try('insert nometa', table.insert, setmetatable({}, {}), 1)
try('insert userdata-ish', table.insert, io and io.stdout or 1, 1)
try('insert string with meta', table.insert, "abc", 1)

-- move
for _, args in ipairs{ {1, 3, 2}, {1, 3, 1}, {2, 3, 1}, {1, 3, 3}, {1, 0, 1}, {3, 1, 1}, {1, 3, 5},
    {-2, 1, 1}, {math.mininteger, -1, 1}, {0, math.maxinteger, 1}, {1, 2, math.maxinteger},
    {1, 1, math.maxinteger}, {1, "x", 1}, {1.5, 2, 3} } do
  try('move ' .. ser(table.unpack(args)), function(f, e, t) return table.move({1, 2, 3, 4, 5}, f, e, t) end, table.unpack(args))
  try('move2 ' .. ser(table.unpack(args)), function(f, e, t) local d = {'a','b'}; table.move({1, 2, 3, 4, 5}, f, e, t, d) return d end, table.unpack(args))
end
logged('move proxy fwd', function() local p = proxy({1,2,3,4}); table.move(p, 1, 3, 2) end)
logged('move proxy back', function() local p = proxy({1,2,3,4}); table.move(p, 2, 4, 1) end)
logged('move proxy two', function() local p, q = proxy({1,2,3}), proxy({}); table.move(p, 1, 3, 2, q) end)
try('move bad dest', table.move, {1}, 1, 1, 1, 5)
try('move bad src', table.move, 5, 1, 1, 1, {})

-- concat
for _, args in ipairs{ {{1, 2, 3}}, {{1, 2, 3}, ', '}, {{1, 2, 3}, ', ', 2}, {{1, 2, 3}, ', ', 2, 3},
    {{1, 2, 3}, ', ', 3, 2}, {{1, 2, 3}, ', ', 1, 4}, {{1, {}, 3}}, {{}, 'x'}, {{1.5, 'a', 2^63}},
    {{1, 2}, 3}, {{1, 2}, {}}, {{'a'}, '', 0, 0}, {{'a'}, '', -1, 1} } do
  try('concat ' .. ser(table.unpack(args)), table.concat, table.unpack(args))
end
logged('concat proxy', function() return table.concat(proxy({'a', 'b', 'c'}), '-') end)

-- unpack
for _, args in ipairs{ {{1, 2, 3}}, {{1, 2, 3}, 2}, {{1, 2, 3}, 2, 5}, {{1, 2, 3}, 3, 1}, {{1, 2, 3}, -1, 1},
    {{}, 1, 0}, {{}, 1, 1e7}, {{}, 1, 5}, {setmetatable({}, {__index = function(_, k) return k * 2 end}), 3, 6}, {{}, math.mininteger, math.maxinteger}, {{}, 1, 'x'}, {5} } do
  try('unpack ' .. ser(table.unpack(args)), function(...) return table.unpack(...) end, table.unpack(args))
end
logged('unpack proxy', function() return table.unpack((proxy({1, 2, 3}))) end)

-- sort
math.randomseed(7)
for n = 0, 40 do
  for _, withCmp in ipairs{ false, true } do
    local t = {}
    for i = 1, n do t[i] = i end
    for i = n, 2, -1 do local j = math.random(i); t[i], t[j] = t[j], t[i] end
    local c = withCmp and function(a, b) return a > b end or nil
    try('sort ' .. n .. tostring(withCmp), function() table.sort(t, c) return t end)
  end
end
for _, n in ipairs{ 100, 1000, 5000 } do
  local t = {}
  for i = 1, n do t[i] = math.random(1, n // 3) end
  local ok = pcall(table.sort, t)
  local sorted = true
  for i = 2, n do if t[i - 1] > t[i] then sorted = false end end
  out[#out + 1] = 'sort dup ' .. n .. ' ' .. tostring(ok) .. ' ' .. tostring(sorted)
  local s = {}
  for i = 1, n do s[i] = tostring(math.random(1, 1e6)) .. 'x' .. i end
  table.sort(s)
  out[#out + 1] = 'sort strings ' .. n .. ' ' .. table.concat(s, ' ', 1, 20)
  for i = 1, n do s[i] = i end
  table.sort(s, function(a, b) return a > b end)
  out[#out + 1] = 'sort rev ' .. s[1] .. ' ' .. s[n]
end
try('sort mixed', table.sort, {1, 'x', 2})
try('sort nil hole', table.sort, {1, nil, 2, 3})
try('sort bad cmp', table.sort, {1, 2}, 5)
try('sort err cmp', table.sort, {1, 2, 3}, function() error('boom') end)
try('sort big', table.sort, setmetatable({}, {__len = function() return math.maxinteger end}))
try('sort strnum', function() local t = {3, 1, 2}; table.sort(t, nil) return t end)
try('sort proxy', function() local p, store = proxy({3, 1, 2, 5, 4}); table.sort(p); return store end)
try('sort invalid order', function() local t = {} for i = 1, 100 do t[i] = i % 3 end table.sort(t, function(a, b) return true end) end)

-- rep
for _, args in ipairs{ {'ab', 3}, {'ab', 3, ','}, {'ab', 0}, {'ab', -1}, {'', 5}, {'', 5, ','}, {'x', 1, ','},
    {'ab', 2.0}, {'ab', 2.5}, {'ab', '3'}, {'x', math.maxinteger, 'y'}, {'xy', 2^62},
    {'abc', 7, '--'}, {5, 3, 4}, {'x', 1 << 31}, {'', 1 << 31, 'x'} } do
  try('rep ' .. ser(table.unpack(args)), string.rep, table.unpack(args))
end
for n = 1, 70 do
  local r = string.rep('abc', n, '|')
  out[#out + 1] = 'repn ' .. n .. ' ' .. #r .. ' ' .. r:sub(-9)
end
return table.concat(out, '\n')
"""#

private let loadScript = #"""
local out = {}
local function ser(...)
  local t = {}
  for i = 1, select('#', ...) do
    local v = select(i, ...)
    t[i] = type(v) == 'string' and string.format('%q', v) or type(v) == 'function' and 'fn' or tostring(v)
  end
  return table.concat(t, ',')
end
local function try(label, f, ...) out[#out + 1] = label .. ' -> ' .. ser(pcall(f, ...)) end
local function run(...) local f, e = load(...) if not f then return f, e end return pcall(f) end
try('plain', run, 'return 1 + 1')
try('syntax', run, 'return +')
try('name', run, 'error("x")', '=mine')
try('name2', run, 'error("x")', '@file.lua')
try('default name', run, 'local x = \n error("x")')
try('mode t', run, 'return 1', 'n', 't')
try('mode b text', run, 'return 1', 'n', 'b')
try('binary', run, string.dump(function() return 7 end), 'n', 't')
try('binary ok', run, string.dump(function() return 7 end))
try('binary b', run, string.dump(function() return 7 end), 'n', 'b')
try('env', run, 'return x', 'n', 't', {x = 5})
try('env nil', run, 'return x', 'n', 't', nil)
try('no upvalue env', run, string.dump(function() return 1 end), 'n', 'b', {})
try('number chunk', run, 12)
try('bad chunk', run, {})
try('bad name', run, 'return 1', {})
try('bad mode', run, 'return 1', 'x', 'q')
local function reader(parts) local i = 0 return function() i = i + 1 return parts[i] end end
try('reader', run, reader{'return ', '1 ', '+ 41'})
try('reader empty piece', run, reader{'return 1', '', '+ 1'})
try('reader name', run, reader{'error("x")'}, '=r')
try('reader bad', run, reader{'return 1', 5, {}})
try('reader bad2', run, reader{'return 1', {}})
try('reader err', run, function() error('boom') end)
try('reader number', run, reader{1, 2})
try('big', function() local t = {} for i = 1, 5000 do t[i] = 'x' .. i .. ' = ' .. i end t[#t+1] = 'return x4999' return run(table.concat(t, '\n')) end)
try('long string across pieces', function() return run('return "' .. ('a'):rep(5000) .. '" .. [[' .. ('b'):rep(3000) .. ']]') end)
try('error at piece edge', function() return run(('\n'):rep(1023) .. 'return +') end)
return table.concat(out, '\n')
"""#
