import CLua
import CLuaShim
import DynamicsLua

extension LuaTestRunner {
    /// What one test case printed (`print`, and the errors of its callbacks after the first,
    /// which is its failure), kept within `maximumBytes`: the first `headBytes` and the last
    /// `tailBytes`, with a line in between saying how many bytes were left out. A case that
    /// prints 3 GB costs a copy of at most 8 KiB per `print`.
    public final class CapturedOutput {
        /// Bytes kept from the start of a case's output.
        public static let headBytes = 4096
        /// Bytes kept from the end of a case's output.
        public static let tailBytes = 4096
        /// Most bytes of output a case keeps (`headBytes + tailBytes`, plus the note).
        public static var maximumBytes: Int { headBytes + tailBytes }

        private var head: [UInt8] = []
        /// The last bytes written after `head` filled (up to twice `tailBytes`, cut back to
        /// `tailBytes` when taken or when it grows past that).
        private var tail: [UInt8] = []
        /// Bytes written since the last `take`.
        private var total = 0

        public init() {}

        /// Adds `bytes` to the case's output.
        public func append(_ bytes: UnsafeRawBufferPointer) {
            total += bytes.count
            var rest = bytes[...]
            if head.count < CapturedOutput.headBytes {
                let k = min(rest.count, CapturedOutput.headBytes - head.count)
                head.append(contentsOf: rest.prefix(k))
                rest = rest.dropFirst(k)
            }
            guard !rest.isEmpty else { return }
            if rest.count >= CapturedOutput.tailBytes {
                tail = Array(rest.suffix(CapturedOutput.tailBytes))
            } else {
                tail.append(contentsOf: rest)
                if tail.count > 2 * CapturedOutput.tailBytes { tail.removeFirst(tail.count - CapturedOutput.tailBytes) }
            }
        }

        public func append(_ text: String) {
            var text = text
            text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
        }

        /// The output since the last call (nil if there was none), and a fresh start.
        public func take() -> String? {
            defer { head = []; tail = []; total = 0 }
            guard total > 0 else { return nil }
            let kept = tail.suffix(CapturedOutput.tailBytes)
            let left = total - head.count - kept.count
            guard left > 0 else { return String(decoding: head + kept, as: UTF8.self) }
            return String(decoding: head, as: UTF8.self)
                + "\n… (\(left) bytes of output not shown: a case keeps its first \(CapturedOutput.headBytes) and last \(CapturedOutput.tailBytes) bytes) …\n"
                + String(decoding: kept, as: UTF8.self)
        }
    }

    /// Installs `__dynamics_print(t)` in the sandbox: writes the strings `t[1]`…`t[t.n]`
    /// (the test API's `print` converts its arguments first, inside the script's call),
    /// separated by tabs and ended by a newline, to `output`.
    static func installPrint(_ bridge: LuaBridge, into output: CapturedOutput) {
        let L = bridge.state.raw
        dyn_lua_host_enter(L)
        defer { dyn_lua_host_leave(L) }
        dyn_lua_push_sandbox(L)
        bridge.setFunction("__dynamics_print", in: lua_gettop(L)) { _, L in
            guard lua_type(L, 1) == LUA_TTABLE else { return 0 }
            dyn_lua_rawgetfield(L, 1, "n")
            let n = lua_tointegerx(L, -1, nil)
            lua_settop(L, 1)
            let tab: UInt8 = 9, newline: UInt8 = 10
            var i: lua_Integer = 1
            while i <= n {
                if i > 1 { withUnsafeBytes(of: tab) { output.append($0) } }
                if lua_rawgeti(L, 1, i) == LUA_TSTRING {
                    var length = 0
                    if let chars = lua_tolstring(L, -1, &length) { output.append(UnsafeRawBufferPointer(start: chars, count: length)) }
                }
                lua_settop(L, 1)
                i += 1
            }
            withUnsafeBytes(of: newline) { output.append($0) }
            return 0
        }
        lua_settop(L, -2)
    }

    /// Installs `__dynamics_where()` in the sandbox: "FILE:LINE: " of the innermost script
    /// line (the line that declared a case), or "" when there is none.
    static func installWhere(_ bridge: LuaBridge) {
        let L = bridge.state.raw
        dyn_lua_host_enter(L)
        defer { dyn_lua_host_leave(L) }
        dyn_lua_push_sandbox(L)
        bridge.setFunction("__dynamics_where", in: lua_gettop(L)) { _, L in
            dyn_lua_pushlocated(L, "")
            return 1
        }
        lua_settop(L, -2)
    }
}
