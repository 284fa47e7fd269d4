import CLua
import CLuaShim
import DynamicsLua
import Foundation
import Testing

/// Runs `source` in a fresh sandboxed state and returns the error (nil if it ran).
func runError(_ source: String, limits: LuaLimits = LuaLimits()) throws -> LuaError? {
    let state = try LuaState(limits: limits)
    do {
        try state.run(source, chunkName: "escape.lua")
        return nil
    } catch let error as LuaError {
        return error
    }
}

@Suite("Lua sandbox")
struct SandboxTests {
    static let escapes: [(String, String)] = [
        ("io", "io.write('x')"),
        ("os.execute", "os.execute('true')"),
        ("os.remove", "os.remove('/tmp/x')"),
        ("os.getenv", "return os.getenv('HOME')"),
        ("dofile", "dofile('/etc/hostname')"),
        ("loadfile", "loadfile('/etc/hostname')"),
        ("string.dump", "return string.dump(function() end)"),
        ("string.dump via a method", "local s = 'x'; return s.dump(function() end)"),
        ("debug", "return debug.getinfo(1)"),
        ("package.loadlib", "return package.loadlib('libc.so.6', 'system')"),
        ("require of a library", "return require('io')"),
        ("require of a file", "return require('os')"),
        ("setting the string metatable", "setmetatable(getmetatable(''), {})"),
        ("changing the string metatable's __index", "getmetatable('').__index = {}"),
        ("the environment's metatable", "return getmetatable(_ENV).__index.io"),
        ("replacing the environment's metatable", "setmetatable(_ENV, {__index = function() end})"),
        ("collectgarbage('stop')", "collectgarbage('stop')"),
    ]

    @Test("Each escape attempt is an error, not an escape", arguments: escapes.map(\.0))
    func escape(name: String) throws {
        let source = Self.escapes.first { $0.0 == name }!.1
        let error = try runError(source)
        #expect(error != nil, "\(name) ran in the sandbox")
        #expect(error?.location == "escape.lua:1", "\(String(describing: error))")
    }

    @Test("load takes text only and defaults to the sandbox environment")
    func load() throws {
        let state = try LuaState()
        // A binary chunk (Lua's signature) is refused whatever mode is asked.
        #expect(throws: LuaError.self) { try state.run("assert(load('\\27Lua'))", chunkName: "b.lua") }
        #expect(throws: LuaError.self) { try state.run("assert(load('return 1', 'x', 'b'))", chunkName: "b.lua") }
        let n = try state.run("return load('return io')(), load('return os.clock')() ~= nil", chunkName: "t.lua")
        #expect(n == 2)
        #expect(lua_type(state.raw, -2) == LUA_TNIL, "a loaded chunk sees the sandbox, not the real globals")
        #expect(lua_toboolean(state.raw, -1) != 0)
        lua_settop(state.raw, 0)
    }

    @Test("What scripts may use is there")
    func allowed() throws {
        let state = try LuaState()
        let n = try state.run("""
            local t = {}
            for i = 1, 10 do table.insert(t, math.sqrt(i)) end
            local s = string.format('%d %s', #t, ('x'):rep(3))
            local co = coroutine.wrap(function() coroutine.yield(1) end)
            return s, co(), type(os.clock()), type(os.time()), type(os.date('%Y')), utf8.char(72), collectgarbage('count') > 0
            """, chunkName: "ok.lua")
        #expect(n == 7)
        #expect(String(cString: dyn_lua_tostring(state.raw, 1)!) == "10 xxx")
        lua_settop(state.raw, 0)
    }

    @Test("Syntax and runtime errors carry file:line and a traceback")
    func errors() throws {
        let syntax = try runError("local x = = 1", limits: LuaLimits())
        #expect(syntax?.kind == .syntax && syntax?.location == "escape.lua:1", "\(String(describing: syntax))")
        let runtime = try runError("local function f()\n  return nil + 1\nend\nf()")
        #expect(runtime?.kind == .runtime && runtime?.location == "escape.lua:2")
        #expect(runtime?.traceback?.contains("stack traceback:") == true)
        #expect(runtime?.traceback?.contains("escape.lua:4") == true, "the caller's line is in the traceback")
    }

    @Test("An endless loop is stopped by the budget, well within a second, and the state lives on")
    func endlessLoop() throws {
        let state = try LuaState(limits: LuaLimits(instructionBudget: 10_000_000)) // 0.1 s
        let start = Date()
        var caught: LuaError?
        do { try state.run("local i = 0\nwhile true do i = i + 1 end", chunkName: "loop.lua") } catch let e as LuaError { caught = e }
        let elapsed = Date().timeIntervalSince(start)
        #expect(caught?.kind == .budget, "\(String(describing: caught))")
        #expect(caught?.location == "loop.lua:2")
        #expect(elapsed < 1, "stopped after \(elapsed) s")
        // The hook is gone: a healthy call afterwards runs normally.
        #expect(try state.run("local s = 0 for i = 1, 1000 do s = s + i end return s", chunkName: "after.lua") == 1)
        lua_settop(state.raw, 0)
    }

    /// The host's own Lua chunks ("=NAME": the sandbox's wrappers, the test API) are skipped
    /// when a budget error is located: a budget that ran out inside a matcher named
    /// "dynamics.test:86", not the test's line that called it.
    @Test("A budget that runs out inside a host chunk names the script line that called it")
    func budgetInHostChunkLocatedAtScript() throws {
        let state = try LuaState(limits: LuaLimits(instructionBudget: 5_000_000)) // 0.05 s
        #expect(try state.run("function spin() while true do end end", chunkName: "helper", host: true) == 0)
        var caught: LuaError?
        do { try state.run("local x = 1\nspin()", chunkName: "script.lua") } catch let e as LuaError { caught = e }
        #expect(caught?.kind == .budget, "\(String(describing: caught))")
        #expect(caught?.location == "script.lua:2", "\(String(describing: caught))")
    }

    @Test("After overBudgetCalls calls from the host ran out of budget, later calls are refused at once")
    func overBudgetCallsStopTheScript() throws {
        let state = try LuaState(limits: LuaLimits(instructionBudget: 5_000_000, overBudgetCalls: 2)) // 0.05 s
        for k in 1...2 {
            #expect(throws: LuaError.self) { try state.run("while true do end", chunkName: "loop\(k).lua") }
            #expect(state.overBudgetCalls == k)
        }
        let top = lua_gettop(state.raw)
        let start = Date()
        var refused: LuaError?
        do { try state.run("return 1", chunkName: "after.lua") } catch let e as LuaError { refused = e }
        #expect(Date().timeIntervalSince(start) < 0.04, "refused without running")
        #expect(refused?.kind == .budget)
        #expect(refused?.message.contains("2 calls into this script ran out of their instruction budget") == true, "\(String(describing: refused))")
        #expect(lua_gettop(state.raw) == top, "the function and its arguments are popped")
    }

    @Test("A call nested in another counts once, and errors other than the budget do not count")
    func overBudgetCallsCountOutermostOnly() throws {
        let state = try LuaState(limits: LuaLimits(instructionBudget: 5_000_000, overBudgetCalls: 2))
        for _ in 1...5 { #expect(throws: LuaError.self) { try state.run("error('x')", chunkName: "e.lua") } }
        #expect(state.overBudgetCalls == 0)
        #expect(throws: LuaError.self) { try state.run("while true do end", chunkName: "loop.lua") }
        #expect(state.overBudgetCalls == 1)
        #expect(try state.run("return 2", chunkName: "ok.lua") == 1)
        lua_settop(state.raw, 0)
    }

    @Test("The default budget stops an endless loop within a second")
    func defaultBudget() throws {
        let start = Date()
        let error = try runError("while true do end")
        #expect(error?.kind == .budget)
        #expect(Date().timeIntervalSince(start) < 1.2)
    }

    @Test("A memory bomb hits the cap and is reported; the state stays usable")
    func memoryBomb() throws {
        let state = try LuaState(limits: LuaLimits(memoryCap: 4 << 20))
        var caught: LuaError?
        do {
            try state.run("local t = {} for i = 1, 1e9 do t[i] = ('x'):rep(100) .. i end", chunkName: "bomb.lua")
        } catch let e as LuaError { caught = e }
        #expect(caught?.kind == .memory, "\(String(describing: caught))")
        #expect(caught?.message.contains("memory cap") == true)
        dyn_lua_gc_collect(state.raw)
        #expect(state.memoryUsed < 4 << 20)
        #expect(try state.run("return 1 + 1", chunkName: "after.lua") == 1)
        lua_settop(state.raw, 0)
    }

    @Test("Host callbacks report errors without unwinding through Swift")
    func callbacks() throws {
        let state = try LuaState()
        let L = state.raw
        dyn_lua_host_enter(L)
        dyn_lua_push_sandbox(L)
        dyn_lua_pushcallback(L, { L, _ in
            guard dyn_lua_isnumber(L, 1) != 0 else {
                lua_pushstring(L, "double: expected a number")
                return -1
            }
            lua_pushnumber(L, 2 * dyn_lua_tonumber(L, 1))
            return 1
        }, nil)
        lua_setfield(L, -2, "double")
        dyn_lua_pop(L, 1)
        dyn_lua_host_leave(L)
        #expect(try state.run("return double(21)", chunkName: "cb.lua") == 1)
        #expect(dyn_lua_tonumber(L, -1) == 42)
        lua_settop(L, 0)
        let error = try #require(try { () throws -> LuaError? in
            do { try state.run("return double('x')", chunkName: "cb.lua"); return nil } catch let e as LuaError { return e }
        }())
        #expect(error.message.contains("double: expected a number"))
        #expect(error.traceback?.contains("cb.lua:1") == true)
    }
}
