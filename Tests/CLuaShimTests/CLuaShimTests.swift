import CLua
import CLuaShim
import Testing

/// Runs `chunk` with `dyn_lua_dostring`, returning the status and the error message.
private func run(
    _ L: OpaquePointer, _ chunk: String, name: String = "=test"
) -> (status: Int32, message: String) {
    var buffer = [CChar](repeating: 0, count: 4096)
    let status = dyn_lua_dostring(L, chunk, name, &buffer, buffer.count)
    let message = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    return (status, message)
}

@Suite("CLuaShim")
struct CLuaShimTests {
    @Test("return 1 + 1 leaves 2 on the stack")
    func returnsResult() throws {
        let L = try #require(dyn_lua_newstate_capped(0))
        defer { dyn_lua_close(L) }
        let (status, message) = run(L, "return 1 + 1")
        #expect(status == LUA_OK)
        #expect(message.isEmpty)
        #expect(lua_gettop(L) == 1)
        #expect(dyn_lua_isnumber(L, -1) != 0)
        #expect(dyn_lua_tonumber(L, -1) == 2)
        #expect(dyn_lua_tointeger(L, -1) == 2)
        dyn_lua_pop(L, 1)
        #expect(lua_gettop(L) == 0)
    }

    @Test("several results stay on the stack in order; the standard libraries are open")
    func multipleResults() throws {
        let L = try #require(dyn_lua_newstate_capped(0))
        defer { dyn_lua_close(L) }
        let (status, _) = run(L, "return string.upper('ab'), math.floor(2.5), nil")
        #expect(status == LUA_OK)
        #expect(lua_gettop(L) == 3)
        #expect(String(cString: try #require(dyn_lua_tostring(L, 1))) == "AB")
        #expect(dyn_lua_tointeger(L, 2) == 2)
        #expect(dyn_lua_isnil(L, 3) != 0)
        #expect(dyn_lua_isnone(L, 4) != 0)
        #expect(dyn_lua_isnoneornil(L, 4) != 0)
    }

    @Test("a syntax error names the chunk and the line")
    func syntaxError() throws {
        let L = try #require(dyn_lua_newstate_capped(0))
        defer { dyn_lua_close(L) }
        let (status, message) = run(L, "local x = 1\nlocal y = = 2\n", name: "@scene.lua")
        #expect(status == LUA_ERRSYNTAX)
        #expect(message.contains("scene.lua:2:"), "message: \(message)")
        #expect(lua_gettop(L) == 0, "the stack is left as it was")
    }

    @Test("a runtime error names the chunk and line and carries a traceback")
    func runtimeErrorHasTraceback() throws {
        let L = try #require(dyn_lua_newstate_capped(0))
        defer { dyn_lua_close(L) }
        let chunk = """
            local function inner() error("boom") end
            local function outer() inner() end
            outer()
            """
        let (status, message) = run(L, chunk, name: "@behaviors/wind.lua")
        #expect(status == LUA_ERRRUN)
        #expect(message.hasPrefix("behaviors/wind.lua:1: boom"), "message: \(message)")
        #expect(message.contains("stack traceback:"), "message: \(message)")
        #expect(message.contains("behaviors/wind.lua:3:"), "message: \(message)")
        #expect(lua_gettop(L) == 0)
    }

    @Test("a non-string error object is described")
    func nonStringError() throws {
        let L = try #require(dyn_lua_newstate_capped(0))
        defer { dyn_lua_close(L) }
        let (status, message) = run(L, "error({})")
        #expect(status == LUA_ERRRUN)
        #expect(message.contains("(error object is a table value)"), "message: \(message)")
    }

    @Test("binary chunks are refused")
    func binaryRefused() throws {
        let L = try #require(dyn_lua_newstate_capped(0))
        defer { dyn_lua_close(L) }
        let (status, message) = run(L, "\u{1B}Lua")
        #expect(status == LUA_ERRSYNTAX)
        #expect(message.contains("binary"), "message: \(message)")
    }

    @Test("the memory cap turns a runaway table into a 'not enough memory' error")
    func memoryCap() throws {
        let cap = 4 << 20
        let L = try #require(dyn_lua_newstate_capped(cap))
        defer { dyn_lua_close(L) }
        #expect(dyn_lua_memory_cap(L) == cap)
        let before = dyn_lua_memory_used(L)
        #expect(before > 0 && before < cap)

        let (status, message) = run(L, "local t = {} for i = 1, 1e9 do t[i] = i end")
        #expect(status == LUA_ERRMEM)
        #expect(message.contains("not enough memory"), "message: \(message)")
        #expect(dyn_lua_memory_used(L) <= cap)
        #expect(lua_gettop(L) == 0)

        // The state is still usable, and the garbage is collectable.
        dyn_lua_gc_collect(L)
        #expect(dyn_lua_memory_used(L) < cap / 2)
        let (ok, _) = run(L, "return #string.rep('x', 1000)")
        #expect(ok == LUA_OK)
        #expect(dyn_lua_tointeger(L, -1) == 1000)
    }

    @Test("raising the cap lets the same allocation through")
    func changeCap() throws {
        let L = try #require(dyn_lua_newstate_capped(1 << 20))
        defer { dyn_lua_close(L) }
        let chunk = "local s = string.rep('x', 2 * 1024 * 1024) return #s"
        #expect(run(L, chunk).status == LUA_ERRMEM)
        #expect(dyn_lua_set_memory_cap(L, 16 << 20) == 1)
        #expect(run(L, chunk).status == LUA_OK)
        #expect(dyn_lua_tointeger(L, -1) == 2 * 1024 * 1024)
    }

    @Test("a cap too small for the standard libraries gives no state")
    func tinyCap() {
        #expect(dyn_lua_newstate_capped(1024) == nil)
    }

    @Test("pcall with traceback calls a global function with arguments")
    func pcallTraceback() throws {
        let L = try #require(dyn_lua_newstate_capped(0))
        defer { dyn_lua_close(L) }
        #expect(run(L, "function add(a, b) return a + b end function bad() error('nope') end").status == LUA_OK)

        lua_getglobal(L, "add")
        lua_pushnumber(L, 40)
        lua_pushnumber(L, 2)
        #expect(dyn_lua_pcall_traceback(L, 2, 1) == LUA_OK)
        #expect(lua_gettop(L) == 1)
        #expect(dyn_lua_tonumber(L, -1) == 42)
        dyn_lua_pop(L, 1)

        lua_getglobal(L, "bad")
        #expect(dyn_lua_pcall_traceback(L, 0, 0) == LUA_ERRRUN)
        #expect(lua_gettop(L) == 1)
        let message = String(cString: try #require(dyn_lua_tostring(L, -1)))
        #expect(message.contains("nope") && message.contains("stack traceback:"), "message: \(message)")
        dyn_lua_pop(L, 1)
    }

    @Test("registry, upvalue index and table helpers")
    func helpers() throws {
        let L = try #require(dyn_lua_newstate_capped(0))
        defer { dyn_lua_close(L) }
        #expect(DYN_LUA_REGISTRYINDEX == dyn_lua_registryindex())
        #expect(dyn_lua_upvalueindex(1) == dyn_lua_registryindex() - 1)

        dyn_lua_newtable(L)
        #expect(dyn_lua_istable(L, -1) != 0)
        lua_pushinteger(L, 7)
        lua_setfield(L, -2, "seven")
        lua_setfield(L, DYN_LUA_REGISTRYINDEX, "dynamics.test")
        #expect(lua_gettop(L) == 0)

        #expect(lua_getfield(L, DYN_LUA_REGISTRYINDEX, "dynamics.test") == LUA_TTABLE)
        #expect(lua_getfield(L, -1, "seven") == LUA_TNUMBER)
        #expect(dyn_lua_tointeger(L, -1) == 7)
        dyn_lua_pop(L, 2)

        lua_getglobal(L, "print")
        #expect(dyn_lua_isfunction(L, -1) != 0)
        lua_pushboolean(L, 1)
        #expect(dyn_lua_isboolean(L, -1) != 0)
        lua_pushstring(L, "12")
        #expect(dyn_lua_isstring(L, -1) != 0)
        #expect(dyn_lua_isnumber(L, -1) != 0, "a numeric string converts")
        dyn_lua_insert(L, 1)        // "12", print, true
        #expect(dyn_lua_tointeger(L, 1) == 12)
        dyn_lua_remove(L, 1)        // print, true
        #expect(dyn_lua_isfunction(L, 1) != 0)
        lua_pushnil(L)
        dyn_lua_replace(L, 1)       // nil, true
        #expect(dyn_lua_isnil(L, 1) != 0)
        #expect(lua_gettop(L) == 2)
    }
}
