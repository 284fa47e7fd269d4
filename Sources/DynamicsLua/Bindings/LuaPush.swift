import CLua
import CLuaShim
import Dynamics
import Foundation

// dyn.push{ items, mode = "continuous" | "instantaneous", direction = {x, y} | angle, magnitude,
//   active }; p:setTargetOffset(item, {dx, dy})

extension LuaBridge {
    func makePush() throws -> Int32 {
        var mode = PushBehavior.Mode.continuous
        return try makeBehavior("push", allowed: ["items", "mode", "direction", "angle", "magnitude", "active"], LuaBridge.pushBinding,
                                check: { keys in
                                    try LuaBridge.checkAlternatives(keys, "push")
                                    mode = try withField("mode", of: 1) { i -> PushBehavior.Mode in
                                        switch string(at: i) {
                                        case "continuous": return .continuous
                                        case "instantaneous": return .instantaneous
                                        default: throw LuaArgumentError(message: "push.mode: expected \"continuous\" or \"instantaneous\"")
                                        }
                                    } ?? .continuous
                                },
                                applies: { $0 != "items" && $0 != "mode" }) { PushBehavior(items: $0, mode: mode) }
    }

    /// The push behind the handle at `index` (LÖVE's `luax_checkX`).
    func checkPush(at index: Int32, _ what: String) throws -> PushBehavior {
        try object(at: index, class: .push, as: PushBehavior.self, what: what)
    }

    /// A push's own properties; `mode` is fixed when it is made.
    enum PushProperty: Int, LuaProperty {
        case direction, angle, magnitude, active, mode
    }

    static let pushBinding = behaviorBinding.extended(by: .typed(
        PushBehavior.self, PushProperty.self, name: "push",
        get: { bridge, p, property in
            let L = bridge.L
            switch property {
            case .direction: bridge.pushPoint(CGPoint(x: p.pushDirection.dx, y: p.pushDirection.dy))
            case .angle: lua_pushnumber(L, Double(p.angle))
            case .magnitude: lua_pushnumber(L, Double(p.magnitude))
            case .active: lua_pushboolean(L, p.active ? 1 : 0)
            case .mode: lua_pushstring(L, p.mode == .continuous ? "continuous" : "instantaneous")
            }
            return true
        },
        set: { bridge, p, property, v in
            switch property {
            case .direction: p.pushDirection = try bridge.vector(at: v, "push.direction")
            case .angle: p.angle = try bridge.number(at: v, "push.angle")
            case .magnitude: p.magnitude = try bridge.number(at: v, "push.magnitude")
            case .active: p.active = try bridge.bool(at: v, "push.active")
            case .mode: return false
            }
            return true
        },
        methods: [
            "setTargetOffset": { bridge, _ in
                let p = try bridge.checkPush(at: 1, "setTargetOffset")
                let item = try bridge.object(at: 2, .item, as: DynamicView.self, what: "setTargetOffset(item)")
                // As addLinearVelocity: an item the push does not push is a mistake.
                guard p.items.contains(where: { $0 === item }) else { throw LuaArgumentError(message: "setTargetOffset: the item is not in this behavior") }
                let o = try bridge.vector(at: 3, "setTargetOffset(offset)")
                p.setTargetOffsetFromCenter(Offset(horizontal: o.dx, vertical: o.dy), for: item)
                return 0
            },
        ]
    ))
}
