import CLua
import CLuaShim
import Dynamics
import Foundation

extension LuaBridge {
    /// The Lua language-server annotations of the `dynamics` module (`---@meta dynamics`):
    /// every constructor, class, property and method with parameter types, the test API,
    /// plugins, timers and pointer events. `dynamics types` prints it; the source is
    /// Sources/DynamicsLua/Resources/dynamics.d.lua.
    public static var luaAnnotations: String {
        String(decoding: PackageResources.dynamics_d_lua, as: UTF8.self)
    }

    /// The annotations of the globals the sandbox leaves a script (`---@meta
    /// dynamics.sandbox`): Lua's basic functions but those it removes, and `os` with clock,
    /// time and date. `dynamics types --luarc` writes them beside `luaAnnotations`, with the
    /// language server's own basic, io, os, debug and package libraries turned off. The
    /// source is Sources/DynamicsLua/Resources/sandbox.d.lua.
    public static var sandboxAnnotations: String {
        String(decoding: PackageResources.sandbox_d_lua, as: UTF8.self)
    }

    /// Every name the module binds, sorted: `dynamics.NAME` for each function (and value)
    /// of the module table, `dynamics.field.NAME` and `dynamics.region.NAME` one level
    /// down, `KIND.PROPERTY` for each property and `KIND:METHOD` for each method of each
    /// class of handle under its kind (`animator`, `item`, `behavior` for every behavior
    /// class, `region`, …).
    ///
    /// The module table is walked with raw access only (`lua_next`, `lua_rawget`), so no
    /// metamethod runs.
    public func boundNames() -> [String] {
        dyn_lua_host_enter(L)
        defer { dyn_lua_host_leave(L) }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        var names: Set<String> = []
        dyn_lua_push_sandbox(L)
        lua_pushstring(L, "dynamics")
        if lua_rawget(L, -2) == LUA_TTABLE {
            collectNames(of: lua_gettop(L), prefix: "dynamics", depth: 1, into: &names)
        }
        // Settings the module's metatable serves (not raw fields: assigning them is checked).
        for setting in LuaBridge.moduleSettings { names.insert("dynamics.\(setting)") }
        for cls in LuaClass.allCases {
            let binding = cls.binding
            for p in binding.properties { names.insert("\(cls.kind.rawValue).\(p)") }
            for m in binding.methods.keys { names.insert("\(cls.kind.rawValue):\(m)") }
        }
        return names.sorted()
    }

    /// Adds `prefix.KEY` for every string key of the table at `table`, descending `depth`
    /// more levels into tables.
    private func collectNames(of table: Int32, prefix: String, depth: Int, into names: inout Set<String>) {
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            // Only string keys; never convert a key in place (it would confuse lua_next).
            if lua_type(L, -2) == LUA_TSTRING, let key = lua_tolstring(L, -2, nil).map({ String(cString: $0) }) {
                let name = "\(prefix).\(key)"
                if lua_type(L, -1) == LUA_TTABLE && depth > 0 {
                    collectNames(of: lua_gettop(L), prefix: name, depth: depth - 1, into: &names)
                } else {
                    names.insert(name)
                }
            }
            lua_settop(L, -2)
        }
    }

    /// `names` in order, each once.
    static func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// The model's names as scripts spell them, for its error messages: each Swift class
    /// behind a Lua kind, with the properties whose Lua name differs. The one table every
    /// `DynamicsError` crossing into Lua goes through (`luaMessage`), so a message says
    /// `snap.point`, not `SnapBehavior.snapPoint`, whichever setter found the problem.
    static let luaNames: [(swift: String, lua: String, properties: [String: String])] = [
        ("LuaCompositeBehavior", "behavior", ["childBehaviors": "children"]),
        ("LuaPluginBehavior", "behavior", [:]),
        ("DynamicItemBehavior", "itemBehavior", ["linearVelocity": "addLinearVelocity", "angularVelocity": "addAngularVelocity",
                                                 "isAnchored": "anchored"]),
        ("GravityBehavior", "gravity", ["gravityDirection": "direction"]),
        ("CollisionBehavior", "collision", ["translatesReferenceBoundsIntoBoundary": "boundsAsBoundary", "collisionMode": "mode"]),
        ("AttachmentBehavior", "attachment", ["attachmentRange": "range", "anchorPoint": "anchor", "attachmentAnchor": "anchor",
                                              "offsetFromCenter": "offset", "axisOfTranslation": "axis", "items": "to"]),
        ("SnapBehavior", "snap", ["snapPoint": "point"]),
        ("PushBehavior", "push", ["pushDirection": "direction", "targetOffsetFromCenter": "setTargetOffset"]),
        ("FieldBehavior", "field", ["evaluationBlock": "evaluate"]),
        ("DynamicBehavior", "behavior", ["childBehaviors": "children"]),
        ("DynamicAnimator", "animator", ["contactAllowance": "contacts"]),
        ("ReleaseBehavior", "release", ["chooseTarget": "target", "projectedPoint": "projected", "isSettled": "settled"]),
        ("DragGesture", "drag", ["start": "from", "end": "to", "offset": "by", "time": "at"]),
        ("DynamicTask", "task", [:]),
        ("DynamicPointer", "pointer", [:]),
        ("Region", "region", [:]),
        ("Spring", "spring", [:]),
    ]

    /// A model error as a script reads it: owner and property in the Lua spelling
    /// (`luaNames`), and Swift class names in the text too ("cannot add GravityBehavior as a
    /// child of itself" → "gravity"). Items' descriptions and names already in Lua spelling
    /// pass unchanged.
    static func luaMessage(_ error: DynamicsError) -> String {
        var owner = error.owner, property = error.property, message = error.message
        for entry in luaNames {
            if owner == entry.swift || owner.hasPrefix(entry.swift + " ") {
                owner = entry.lua + owner.dropFirst(entry.swift.count)
                // The first component: `insets.top` keeps its tail.
                let head = property.prefix { $0 != "." }
                if let renamed = entry.properties[String(head)] { property = renamed + property.dropFirst(head.count) }
                break
            }
        }
        if message.contains("Behavior") || message.contains("DynamicAnimator") {
            for entry in luaNames { message = message.replacingOccurrences(of: entry.swift, with: entry.lua) }
        }
        return "\(owner).\(property): \(message)"
    }
}
