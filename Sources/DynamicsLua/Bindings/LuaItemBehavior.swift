import CLua
import CLuaShim
import Dynamics
import Foundation

// dyn.itemBehavior{ items, elasticity, friction, density, resistance, angularResistance,
//                   allowsRotation, anchored, charge }; b:addLinearVelocity(item, v); b:addAngularVelocity(item, w)

extension LuaBridge {
    static let itemBehaviorProperties = ItemBehaviorProperty.names

    func makeItemBehavior() throws -> Int32 {
        try makeBehavior("itemBehavior", allowed: ["items"] + LuaBridge.itemBehaviorProperties, LuaBridge.itemBehaviorBinding) {
            DynamicItemBehavior(items: $0)
        }
    }

    /// The item behavior behind the handle at `index` (LÖVE's `luax_checkX`).
    func checkItemBehavior(at index: Int32, _ what: String) throws -> DynamicItemBehavior {
        try object(at: index, class: .itemBehavior, as: DynamicItemBehavior.self, what: what)
    }

    /// An item behavior's own properties.
    enum ItemBehaviorProperty: Int, LuaProperty {
        case elasticity, friction, density, resistance, angularResistance, allowsRotation, anchored, charge
    }

    /// The item of `b:method(item, …)`, which must be one of `b`'s (an item the behavior does
    /// not govern is a mistake).
    func ownItem(of d: DynamicItemBehavior, _ what: String) throws -> DynamicView {
        let item = try object(at: 2, .item, as: DynamicView.self, what: "\(what)(item)")
        guard d.items.contains(where: { $0 === item }) else { throw LuaArgumentError(message: "\(what): the item is not in this behavior") }
        return item
    }

    static let itemBehaviorBinding = behaviorBinding.extended(by: .typed(
        DynamicItemBehavior.self, ItemBehaviorProperty.self, name: "itemBehavior",
        get: { bridge, d, p in
            let L = bridge.L
            switch p {
            case .elasticity: lua_pushnumber(L, Double(d.elasticity))
            case .friction: lua_pushnumber(L, Double(d.friction))
            case .density: lua_pushnumber(L, Double(d.density))
            case .resistance: lua_pushnumber(L, Double(d.resistance))
            case .angularResistance: lua_pushnumber(L, Double(d.angularResistance))
            case .allowsRotation: lua_pushboolean(L, d.allowsRotation ? 1 : 0)
            case .anchored: lua_pushboolean(L, d.isAnchored ? 1 : 0)
            case .charge: lua_pushnumber(L, Double(d.charge))
            }
            return true
        },
        set: { bridge, d, p, v in
            let what = "itemBehavior.\(p)"
            switch p {
            case .allowsRotation: d.allowsRotation = try bridge.bool(at: v, what)
            case .anchored: d.isAnchored = try bridge.bool(at: v, what)
            case .charge: d.charge = try bridge.number(at: v, what)
            case .density:
                let x = try bridge.number(at: v, what)
                try LuaBridge.lua { try Validate.density(x, "itemBehavior") }
                d.density = x
            case .elasticity, .friction, .resistance, .angularResistance:
                let x = try bridge.number(at: v, what) // ≥ 0: the model's check
                switch p {
                case .elasticity: d.elasticity = x
                case .friction: d.friction = x
                case .resistance: d.resistance = x
                default: d.angularResistance = x
                }
            }
            return true
        },
        methods: [
            "addLinearVelocity": { bridge, _ in
                let d = try bridge.checkItemBehavior(at: 1, "addLinearVelocity")
                let item = try bridge.ownItem(of: d, "addLinearVelocity")
                d.addLinearVelocity(try bridge.point(at: 3, "addLinearVelocity(velocity)"), for: item)
                return 0
            },
            "addAngularVelocity": { bridge, _ in
                let d = try bridge.checkItemBehavior(at: 1, "addAngularVelocity")
                let item = try bridge.ownItem(of: d, "addAngularVelocity")
                d.addAngularVelocity(try bridge.number(at: 3, "addAngularVelocity(w)"), for: item)
                return 0
            },
        ]
    ))
}
