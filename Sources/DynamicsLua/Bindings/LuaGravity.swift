import CLua
import CLuaShim
import Dynamics
import Foundation

// dyn.gravity{ items, direction = {x, y} | angle, magnitude }

extension LuaBridge {
    func makeGravity() throws -> Int32 {
        let keys = try options(at: 1, "dynamics.gravity", allowed: ["items"] + GravityProperty.names)
        try LuaBridge.checkAlternatives(keys, "gravity")
        let g = GravityBehavior(items: try withField("items", of: 1) { try items(at: $0, "gravity.items") } ?? [])
        try applyOptions(keys.filter { $0 != "items" }, to: g, through: LuaBridge.gravityBinding)
        try pushNew(g, "dynamics.gravity")
        return 1
    }

    /// A gravity's own properties.
    enum GravityProperty: Int, LuaProperty {
        case direction, angle, magnitude
    }

    static let gravityBinding = behaviorBinding.extended(by: .typed(
        GravityBehavior.self, GravityProperty.self, name: "gravity",
        get: { bridge, g, p in
            switch p {
            case .direction: bridge.pushPoint(CGPoint(x: g.gravityDirection.dx, y: g.gravityDirection.dy))
            case .angle: lua_pushnumber(bridge.L, Double(g.angle))
            case .magnitude: lua_pushnumber(bridge.L, Double(g.magnitude))
            }
            return true
        },
        set: { bridge, g, p, v in
            switch p {
            case .direction: g.gravityDirection = try bridge.vector(at: v, "gravity.direction")
            case .angle: g.angle = try bridge.number(at: v, "gravity.angle")
            case .magnitude: g.magnitude = try bridge.number(at: v, "gravity.magnitude")
            }
            return true
        }
    ))
}
