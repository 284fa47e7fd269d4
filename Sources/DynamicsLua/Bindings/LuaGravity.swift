import CLua
import CLuaShim
import Dynamics
import Foundation

// dyn.gravity{ items, direction = {x, y} | angle, magnitude }

extension LuaBridge {
    func makeGravity() throws -> Int32 {
        try makeBehavior("gravity", allowed: ["items"] + GravityProperty.names, LuaBridge.gravityBinding,
                         check: { try LuaBridge.checkAlternatives($0, "gravity") }) { GravityBehavior(items: $0) }
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
