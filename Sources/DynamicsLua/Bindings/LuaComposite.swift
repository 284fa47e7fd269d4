import CLua
import CLuaShim
import Dynamics
import Foundation

// dyn.behavior{ children, items, action = function(self, dt) end }; b.action = fn

/// A composite behavior whose `action` is a Lua function.
final class LuaCompositeBehavior: DynamicBehavior {
    /// Its items join the animator's world, as a built-in's do (`embedderItems`).
    var items: [DynamicItem] = [] { didSet { embedderItems = items } }
    var actionRef: Int32?
}

extension LuaBridge {
    func makeComposite() throws -> Int32 {
        _ = try options(at: 1, "dynamics.behavior", allowed: ["children", "items", "action"])
        let b = LuaCompositeBehavior()
        b.items = try withField("items", of: 1) { try items(at: $0, "behavior.items") } ?? []
        try withField("children", of: 1) { t in
            guard lua_type(L, t) == LUA_TTABLE else { throw LuaArgumentError(message: "behavior.children: expected a list of behaviors") }
            let n = lua_rawlen(L, t)
            if n > 0 {
                for i in 1...n {
                    lua_rawgeti(L, t, lua_Integer(i))
                    defer { lua_settop(L, -2) }
                    b.addChildBehavior(try object(at: -1, .behavior, as: DynamicBehavior.self, what: "behavior.children[\(i)]"))
                }
            }
        }
        if let ref = try withField("action", of: 1, { try functionReference(at: $0, "behavior.action") }) { setAction(ref, of: b) }
        try pushNew(b, "dynamics.behavior")
        return 1
    }

    /// Runs `ref(self, dt)` every frame; a failing action is disabled and reported.
    func setAction(_ ref: Int32, of b: LuaCompositeBehavior) {
        b.actionRef = ref
        b.action = { [unowned self, unowned b] in
            guard let r = b.actionRef else { return }
            let dt = b.dynamicAnimator?.lastStepDuration ?? 0
            if let error = self.callReference(r, nargs: 2, nresults: 0, pushArgs: {
                self.push(b, as: .behavior)
                lua_pushnumber(self.L, dt)
            }) {
                b.actionRef = nil
                b.action = nil
                self.errorHandler(LuaError(kind: error.kind, message: "action: \(error.message)", traceback: error.traceback))
            }
        }
    }

    /// A composite's own property: its action (nil when none).
    enum CompositeProperty: Int, LuaProperty {
        case action
    }

    static let compositeBinding = behaviorBinding.extended(by: .typed(
        LuaCompositeBehavior.self, CompositeProperty.self, name: "behavior",
        get: { bridge, b, _ in
            if let ref = b.actionRef { dyn_lua_getref(bridge.L, ref) } else { lua_pushnil(bridge.L) }
            return true
        },
        set: { bridge, b, _, v in
            if lua_type(bridge.L, v) == LUA_TNIL { b.actionRef = nil; b.action = nil } else {
                bridge.setAction(try bridge.functionReference(at: v, "behavior.action"), of: b)
            }
            return true
        }
    ))
}
