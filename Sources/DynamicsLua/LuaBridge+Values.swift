import CLua
import CLuaShim
import Dynamics
import Foundation

extension StaticString {
    /// The text as a C string (static strings are NUL-terminated).
    package var cString: UnsafePointer<CChar> { UnsafeRawPointer(utf8Start).assumingMemoryBound(to: CChar.self) }
}

// Reading script values with errors that name the property, and pushing host values.
// Vectors and points are tables {x = , y = } (or {a, b}); rectangles are {x, y, width, height}.

extension LuaBridge {
    /// Runs a check of the model's validation layer (`Validate`), its `DynamicsError` raised
    /// as the script's error at the caller's line.
    package static func lua(_ check: () throws -> Void) throws {
        do { try check() } catch let e as DynamicsError { throw LuaArgumentError(message: LuaBridge.luaMessage(e)) }
    }

    package func typeName(at index: Int32) -> String {
        String(cString: lua_typename(L, lua_type(L, index)))
    }

    /// The string at `index` with all its bytes (a Lua string may hold zeros: "velocity\0x"
    /// is not the name "velocity"); invalid UTF-8 is repaired. Nil for any other type.
    package func string(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let bytes = lua_tolstring(L, index, &length) else { return nil }
        return bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    /// The bytes of the string at `index` as they are (nil if the value is not a string).
    package func bytes(at index: Int32) -> [UInt8]? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let bytes = lua_tolstring(L, index, &length) else { return nil }
        return Array(UnsafeRawBufferPointer(start: bytes, count: length))
    }

    /// The longest string the model keeps from a script (an item's name, a boundary's
    /// identifier, a plugin's string parameter), in bytes. The model holds a copy: without a
    /// limit one 8 MB Lua string named 300 items and grew the process by 2.4 GB under a
    /// 64 MB cap.
    package static let maximumKeptStringBytes = 4096

    /// A string the model keeps (see `maximumKeptStringBytes`), or nil if the value is not
    /// a string; longer strings are an error naming `what`.
    package func keptString(at index: Int32, _ what: String) throws -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        let length = Int(lua_rawlen(L, index))
        guard length <= LuaBridge.maximumKeptStringBytes else {
            throw LuaArgumentError(message: "\(what): at most \(LuaBridge.maximumKeptStringBytes) bytes, got \(length)")
        }
        return string(at: index)
    }

    /// A vector the model takes as a force, impulse or offset: finite and each component
    /// within ±`Limits.magnitude`, refused here in the script's words (the model named the
    /// item by its Swift description).
    package func magnitude(at index: Int32, _ what: String) throws -> CGVector {
        let v = try vector(at: index, what)
        guard abs(v.dx) <= Limits.magnitude, abs(v.dy) <= Limits.magnitude else {
            throw LuaArgumentError(message: "\(what): must be within ±\(Limits.magnitude), got (\(v.dx), \(v.dy))")
        }
        return v
    }

    package func number(at index: Int32, _ what: String) throws -> Double {
        guard lua_type(L, index) == LUA_TNUMBER else {
            throw LuaArgumentError(message: "\(what): expected a number, got \(typeName(at: index))")
        }
        let v = dyn_lua_tonumber(L, index)
        guard v.isFinite else { throw LuaArgumentError(message: "\(what): must be finite, got \(Validate.shown(v))") }
        return v
    }

    package func bool(at index: Int32, _ what: String) throws -> Bool {
        guard lua_type(L, index) == LUA_TBOOLEAN else {
            throw LuaArgumentError(message: "\(what): expected a boolean, got \(typeName(at: index))")
        }
        return lua_toboolean(L, index) != 0
    }

    /// Components of {x = , y = } or {a, b} (other names than x and y in `keys`).
    /// With `infinite`, ±∞ is accepted (a range without a limit on that side); NaN never is.
    package func pair(at index: Int32, _ what: String, keys: (StaticString, StaticString)? = nil, infinite: Bool = false) throws -> (Double, Double) {
        // The common case in one C call; anything else is read again below to say what is wrong.
        var xy: (Double, Double) = (0, 0)
        if withUnsafeMutableBytes(of: &xy, {
            dyn_lua_toxy(L, index, keys?.0.cString, keys?.1.cString, $0.baseAddress!.assumingMemoryBound(to: Double.self))
        }) != 0 {
            return xy
        }
        let shape = keys.map { "{\($0.0), \($0.1)}" } ?? "a vector {x, y}"
        guard lua_type(L, index) == LUA_TTABLE else {
            throw LuaArgumentError(message: "\(what): expected \(shape), got \(typeName(at: index))")
        }
        let t = lua_absindex(L, index)
        let count = lua_rawlen(L, t)
        guard count <= 2 else {
            throw LuaArgumentError(message: "\(what): expected \(shape), got a list of \(count) values")
        }
        // Array part first ({a, b}: two raw index reads), then the named fields.
        func component(_ k: Int, _ key: String) throws -> Double {
            var type = lua_rawgeti(L, t, lua_Integer(k))
            if type == LUA_TNIL { lua_settop(L, -2); type = dyn_lua_rawgetfield(L, t, key) }
            defer { lua_settop(L, -2) }
            guard type == LUA_TNUMBER else {
                throw LuaArgumentError(message: "\(what): expected \(shape) of numbers, got \(typeName(at: -1)) for \(key)")
            }
            let v = dyn_lua_tonumber(L, -1)
            guard v.isFinite || (infinite && !v.isNaN) else {
                throw LuaArgumentError(message: "\(what): must be \(infinite ? "a number (not NaN)" : "finite"), got \(Validate.shown(v)) for \(key)")
            }
            return v
        }
        return (try component(1, keys.map { "\($0.0)" } ?? "x"), try component(2, keys.map { "\($0.1)" } ?? "y"))
    }

    package func point(at index: Int32, _ what: String) throws -> CGPoint {
        let (x, y) = try pair(at: index, what)
        return CGPoint(x: x, y: y)
    }

    package func vector(at index: Int32, _ what: String) throws -> CGVector {
        let (x, y) = try pair(at: index, what)
        return CGVector(dx: x, dy: y)
    }

    /// {x, y, width, height} (array) or {x = , y = , width = , height = }.
    /// Each number within ±`max` (default 10¹⁵: query rectangles may be far larger than the world).
    package func rect(at index: Int32, _ what: String, max: Double = 1e15) throws -> CGRect {
        guard lua_type(L, index) == LUA_TTABLE else {
            throw LuaArgumentError(message: "\(what): expected a rectangle {x, y, width, height}, got \(typeName(at: index))")
        }
        let t = lua_absindex(L, index)
        let count = lua_rawlen(L, t)
        guard count <= 4 else {
            throw LuaArgumentError(message: "\(what): expected a rectangle {x, y, width, height}, got a list of \(count) values")
        }
        var v: [Double] = []
        for (k, key) in ["x", "y", "width", "height"].enumerated() {
            var type = dyn_lua_rawgetfield(L, t, key)
            if type == LUA_TNIL { lua_settop(L, -2); type = lua_rawgeti(L, t, lua_Integer(k + 1)) }
            defer { lua_settop(L, -2) }
            guard type == LUA_TNUMBER, dyn_lua_tonumber(L, -1).isFinite, abs(dyn_lua_tonumber(L, -1)) <= max else {
                throw LuaArgumentError(message: "\(what): expected a rectangle {x, y, width, height} of finite numbers within ±\(max)")
            }
            v.append(dyn_lua_tonumber(L, -1))
        }
        return CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    package func pushPoint(_ p: CGPoint) {
        dyn_lua_pushxy(L, Double(p.x), Double(p.y))
    }

    package func pushSize(_ s: CGSize) {
        lua_createtable(L, 0, 2)
        lua_pushnumber(L, Double(s.width)); dyn_lua_rawsetfield(L, -2, "width")
        lua_pushnumber(L, Double(s.height)); dyn_lua_rawsetfield(L, -2, "height")
        lua_pushnumber(L, Double(s.width)); lua_rawseti(L, -2, 1)
        lua_pushnumber(L, Double(s.height)); lua_rawseti(L, -2, 2)
    }

    /// The items of a list at `index` ({item, item, ...}).
    package func items(at index: Int32, _ what: String) throws -> [DynamicItem] {
        guard lua_type(L, index) == LUA_TTABLE else {
            throw LuaArgumentError(message: "\(what): expected a list of items, got \(typeName(at: index))")
        }
        let t = lua_absindex(L, index)
        var result: [DynamicItem] = []
        let n = lua_rawlen(L, t)
        if n > 0 {
            for i in 1...n {
                lua_rawgeti(L, t, lua_Integer(i))
                defer { lua_settop(L, -2) }
                result.append(try object(at: -1, .item, as: DynamicView.self, what: "\(what)[\(i)]"))
            }
        }
        return result
    }

    /// A constructor's option table: each key must be one the constructor knows (a typo
    /// such as `elastcity` is an error listing the valid names).
    package func options(at index: Int32, _ what: String, allowed: [String]) throws -> [String] {
        if lua_type(L, index) == LUA_TNONE || lua_type(L, index) == LUA_TNIL { return [] }
        guard lua_type(L, index) == LUA_TTABLE else {
            throw LuaArgumentError(message: "\(what): expected a table of properties, got \(typeName(at: index))")
        }
        let t = lua_absindex(L, index)
        var keys: [String] = []
        // A plugin's names come from its script (thousands, perhaps): then a set, so that a
        // call costs O(keys + names), not O(keys · names) (150 000 each: 40 s).
        let allowedSet: Set<String>? = allowed.count > 32 ? Set(allowed) : nil
        lua_pushnil(L)
        while lua_next(L, t) != 0 {
            defer { lua_settop(L, -2) }
            guard let key = string(at: -2) else { // every byte: "size\0x" is not size
                lua_settop(L, -3)
                throw LuaArgumentError(message: "\(what): property names must be strings")
            }
            guard allowedSet?.contains(key) ?? allowed.contains(key) else {
                lua_settop(L, -3)
                throw LuaArgumentError(message: "\(what): unknown property '\(LuaBridge.shown(key))'\(LuaBridge.suggestion(for: key, among: allowed)) (properties: \(LuaBridge.listed(allowed)))")
            }
            keys.append(key)
        }
        // Lua's `pairs` order changes from state to state: apply properties in the
        // constructor's own order, so results are deterministic (direction before magnitude).
        if allowedSet != nil {
            let given = Set(keys)
            return allowed.filter { given.contains($0) }
        }
        return allowed.filter { keys.contains($0) }
    }

    /// Pushes `table[key]` (table at `index`) and returns whether it is non-nil.
    @discardableResult
    package func field(_ key: String, of index: Int32) -> Bool {
        dyn_lua_rawgetfield(L, index, key) != LUA_TNIL
    }

    /// Runs `read` on `table[key]` when present.
    package func withField<T>(_ key: String, of index: Int32, _ read: (Int32) throws -> T) rethrows -> T? {
        let t = lua_absindex(L, index)
        defer { lua_settop(L, -2) }
        guard dyn_lua_rawgetfield(L, t, key) != LUA_TNIL else { return nil }
        return try read(lua_gettop(L))
    }

    /// A reference to the function at `index` (kept until released).
    package func functionReference(at index: Int32, _ what: String) throws -> Int32 {
        guard lua_type(L, index) == LUA_TFUNCTION else {
            throw LuaArgumentError(message: "\(what): expected a function, got \(typeName(at: index))")
        }
        lua_pushvalue(L, index)
        return dyn_lua_ref(L)
    }
}
