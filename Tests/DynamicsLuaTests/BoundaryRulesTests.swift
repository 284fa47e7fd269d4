import Foundation
import Testing

/// The one protected boundary, checked on the source: host (Swift) code never calls a Lua
/// API function that can run a metamethod or raise a Lua error. Reads and writes of script
/// tables go through raw access (`dyn_lua_rawgetfield`, `lua_rawget`, `lua_next`, …); only
/// C code in CLuaShim raises. A metamethod run from Swift would escape the budget, and an
/// error raised there would long-jump through Swift frames (see docs/lua-boundary.md).
@Suite("Lua boundary rules")
struct BoundaryRulesTests {
    /// Calls that can run Lua code (metamethods, functions) or raise, unprotected.
    static let forbidden = [
        "lua_getfield", "lua_setfield", "lua_gettable", "lua_settable", "lua_geti", "lua_seti",
        "lua_getglobal", "lua_setglobal", "lua_len", "lua_concat", "lua_arith", "lua_compare",
        "lua_call", "lua_callk", "lua_pcall", "lua_pcallk", "lua_error", "lua_resume", "lua_yield",
        "lua_yieldk", "lua_close", "lua_gc", "lua_toclose", "lua_closeslot",
        "luaL_tolstring", "luaL_error", "luaL_len", "luaL_getsubtable", "luaL_callmeta",
        "luaL_getmetafield", "luaL_checkstack", "luaL_checkany", "luaL_checktype", "luaL_checkinteger",
        "luaL_checknumber", "luaL_checklstring", "luaL_checkudata", "luaL_checkoption",
        "luaL_optinteger", "luaL_optnumber", "luaL_optlstring", "luaL_argerror", "luaL_typeerror",
        "luaL_dostring", "luaL_dofile", "luaL_loadstring", "luaL_loadbuffer", "luaL_requiref",
        "luaL_setmetatable", "luaL_newmetatable", "luaL_gsub", "luaL_traceback", "luaL_ref",
    ]

    static func swiftSources() throws -> [URL] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
        return files.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    }

    @Test("No Swift source calls a Lua function that can run a metamethod or raise")
    func noUnprotectedCalls() throws {
        let sources = try Self.swiftSources()
        #expect(sources.count > 20)
        var offenders: [String] = []
        for file in sources {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            for (n, line) in lines.enumerated() {
                let code = line.components(separatedBy: "//").first ?? ""
                for name in Self.forbidden where code.range(of: "\\b\(name)\\(", options: .regularExpression) != nil {
                    offenders.append("\(file.lastPathComponent):\(n + 1): \(name)")
                }
            }
        }
        #expect(offenders.isEmpty, "unprotected Lua calls in Swift: \(offenders.joined(separator: "; "))")
    }
}
