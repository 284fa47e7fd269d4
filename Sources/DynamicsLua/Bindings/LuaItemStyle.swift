import CLua
import CLuaShim
import Dynamics
import Foundation

// item.style = { fill = "#fff", stroke = "#ddd", strokeWidth = 1, cornerRadius = 12,
//                shadow = true | { color, offset = {x, y}, radius }, opacity = 1,
//                text = "Hello", font = "16px bold" | 16 | { size = 16, weight = "bold" },
//                textColor = "#333", image = "avatar.png" }
// Checked by the model (`ItemStyle(parsing:)`); read back as the same kind of table (colors
// as "#rrggbbaa", the font as {size, weight}, the image as its file name).

extension LuaBridge {
    /// Deepest nesting of a style's tables (style → shadow → offset), and most entries of one.
    static let styleDepth = 3
    static let styleEntries = 16

    /// The value at `index` as a `StyleValue` (strings at most `maximumKeptStringBytes`;
    /// tables read raw, at most `styleDepth` deep and `styleEntries` wide, keys strings or
    /// the list's 1…n).
    func styleValue(at index: Int32, _ what: String, depth: Int = 0) throws -> StyleValue {
        switch lua_type(L, index) {
        case LUA_TNUMBER: return .number(try number(at: index, what))
        case LUA_TBOOLEAN: return .bool(lua_toboolean(L, index) != 0)
        case LUA_TSTRING:
            guard let s = try keptString(at: index, what) else { throw LuaArgumentError(message: "\(what): expected a string") }
            return .string(s)
        case LUA_TTABLE:
            guard depth < LuaBridge.styleDepth else { throw LuaArgumentError(message: "\(what): tables nested too deep") }
            let t = lua_absindex(L, index)
            let n = Int(lua_rawlen(L, t))
            guard n <= LuaBridge.styleEntries else { throw LuaArgumentError(message: "\(what): at most \(LuaBridge.styleEntries) values, got \(n)") }
            var list: [StyleValue] = []
            for k in 0..<n {
                lua_rawgeti(L, t, lua_Integer(k + 1))
                defer { lua_settop(L, -2) }
                list.append(try styleValue(at: -1, "\(what)[\(k + 1)]", depth: depth + 1))
            }
            var fields: [String: StyleValue] = [:]
            lua_pushnil(L)
            while lua_next(L, t) != 0 {
                if lua_type(L, -2) == LUA_TNUMBER {
                    let k = dyn_lua_tonumber(L, -2)
                    if k == k.rounded(), k >= 1, k <= Double(n) { lua_settop(L, -2); continue }
                    lua_settop(L, -3)
                    throw LuaArgumentError(message: "\(what): keys must be names or the list's 1…\(n), got \(Validate.shown(k))")
                }
                guard let key = string(at: -2) else {
                    let type = typeName(at: -2)
                    lua_settop(L, -3)
                    throw LuaArgumentError(message: "\(what): keys must be names, got a \(type)")
                }
                guard fields.count < LuaBridge.styleEntries else {
                    lua_settop(L, -3)
                    throw LuaArgumentError(message: "\(what): at most \(LuaBridge.styleEntries) keys")
                }
                do { fields[key] = try styleValue(at: -1, "\(what).\(LuaBridge.shown(key))", depth: depth + 1) } catch {
                    lua_settop(L, -3)
                    throw error
                }
                lua_settop(L, -2)
            }
            return .table(fields: fields, list: list)
        default:
            throw LuaArgumentError(message: "\(what): expected a number, string, boolean or table, got \(typeName(at: index))")
        }
    }

    /// The style table at `index` checked into an `ItemStyle` (nil for nil), its images read
    /// from the folder of the scene whose code made the call (`callingScope()`: a scene a test
    /// loads with `loadScene` reads its pictures beside itself), by `styleImage`.
    func itemStyle(at index: Int32) throws -> ItemStyle? {
        if lua_type(L, index) == LUA_TNIL || lua_type(L, index) == LUA_TNONE { return nil }
        guard lua_type(L, index) == LUA_TTABLE else {
            throw LuaArgumentError(message: "item.style: expected a table of style keys (\(ItemStyle.keys.joined(separator: ", "))), got \(typeName(at: index))")
        }
        guard case .table(let fields, let list) = try styleValue(at: index, "item.style") else { return nil }
        guard list.isEmpty else { throw LuaArgumentError(message: "item.style: expected named keys (\(ItemStyle.keys.joined(separator: ", "))), got a list") }
        var style: ItemStyle?
        try LuaBridge.lua {
            let folder = callingScope().sceneFolder ?? sceneFolder
            style = try ItemStyle(parsing: fields, owner: "item", loadImage: folder.map { folder in { try self.styleImage($0, in: folder) } })
        }
        return style
    }

    /// The picture `path` names in `folder`, read once per bridge and charged to the memory
    /// cap; at most `ItemImage.maximumPerScene` distinct files.
    func styleImage(_ path: String, in folder: String) throws -> ItemImage {
        let key = folder + "\u{0}" + path
        if let kept = styleImages[key] { return kept.image }
        guard styleImages.count < ItemImage.maximumPerScene else {
            throw DynamicsError(owner: "item", property: "style.image",
                                message: "a scene shows at most \(ItemImage.maximumPerScene) different images")
        }
        let image = try ItemImage.load(path, in: folder, owner: "item", property: "style.image")
        let charge: HostMemory.Charge
        do { charge = try reserve(image.data.count, "item.style.image") } catch let e as LuaArgumentError {
            throw DynamicsError(owner: "item", property: "style.image", message: e.message)
        }
        styleImages[key] = (image, charge)
        return image
    }

    /// Sets `item`'s style from the value at `index`, charging its text to the memory cap
    /// with the item.
    func setStyle(_ item: DynamicView, from index: Int32) throws {
        let style = try itemStyle(at: index)
        let bytes = HostMemory.Estimate.item + (item.name?.utf8.count ?? 0) + (style?.text?.utf8.count ?? 0)
        let charge = try reserve(bytes, "item.style")
        try LuaBridge.lua { try InvalidInput.catching { item.style = style } }
        item.hostCharge = charge
        styleChanges &+= 1
    }

    /// Pushes `style` as a table (nil for none).
    func pushStyle(_ style: ItemStyle?) {
        guard let style else { lua_pushnil(L); return }
        lua_createtable(L, 0, 10)
        func set(_ key: String) { dyn_lua_rawsetfield(L, -2, key) }
        if let c = style.fill { LuaSource.push(L, c.hexRGBA); set("fill") }
        if let c = style.stroke { LuaSource.push(L, c.hexRGBA); set("stroke") }
        lua_pushnumber(L, Double(style.strokeWidth)); set("strokeWidth")
        lua_pushnumber(L, Double(style.cornerRadius)); set("cornerRadius")
        if let s = style.shadow {
            lua_createtable(L, 0, 3)
            LuaSource.push(L, s.color.hexRGBA); set("color")
            pushPoint(CGPoint(x: s.offset.dx, y: s.offset.dy)); set("offset")
            lua_pushnumber(L, Double(s.radius)); set("radius")
            set("shadow")
        }
        lua_pushnumber(L, style.opacity); set("opacity")
        if let t = style.text { LuaSource.push(L, t); set("text") }
        lua_createtable(L, 0, 2)
        lua_pushnumber(L, Double(style.font.size)); set("size")
        lua_pushinteger(L, lua_Integer(style.font.weight)); set("weight")
        set("font")
        if let c = style.textColor { LuaSource.push(L, c.hexRGBA); set("textColor") }
        if let i = style.image { LuaSource.push(L, i.name); set("image") }
    }
}
