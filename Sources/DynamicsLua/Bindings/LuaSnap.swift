import CLua
import CLuaShim
import Dynamics
import Foundation

// dyn.snap{ item, point = {x, y}, damping, frequency, spring = dyn.spring{…} }

extension LuaBridge {
    func makeSnap() throws -> Int32 {
        let keys = try options(at: 1, "dynamics.snap", allowed: ["item", "point", "damping", "frequency", "spring"])
        guard let item = try withField("item", of: 1, { try object(at: $0, .item, as: DynamicView.self, what: "snap.item") }) else {
            throw LuaArgumentError(message: "snap.item: required")
        }
        let point = try withField("point", of: 1) { try self.point(at: $0, "snap.point") } ?? item.center
        let s = SnapBehavior(item: item, snapTo: point)
        if let d = try withField("damping", of: 1, { try number(at: $0, "snap.damping") }) {
            s.damping = d // 0…1: the model's check
        }
        try applySnapSpringOptions(s, keys)
        try pushNew(s, "dynamics.snap")
        return 1
    }

    /// A snap's own properties.
    enum SnapProperty: Int, LuaProperty {
        case point, damping, frequency, spring
    }

    static let snapBinding = behaviorBinding.extended(by: .typed(
        SnapBehavior.self, SnapProperty.self, name: "snap",
        get: { bridge, s, p in
            switch p {
            case .point: bridge.pushPoint(s.snapPoint)
            case .damping: lua_pushnumber(bridge.L, Double(s.damping))
            case .frequency: lua_pushnumber(bridge.L, Double(s.frequency))
            case .spring: bridge.pushSpring(s.spring)
            }
            return true
        },
        set: { bridge, s, p, v in
            switch p {
            case .point: s.snapPoint = try bridge.point(at: v, "snap.point")
            case .damping:
                let d = try bridge.number(at: v, "snap.damping")
                guard d >= 0, d <= 1 else { throw LuaArgumentError(message: "snap.damping: must be in 0…1, got \(d)") }
                s.damping = d
            case .frequency: s.frequency = try bridge.number(at: v, "snap.frequency")
            case .spring: s.spring = try bridge.spring(at: v, "snap.spring")
            }
            return true
        }
    ))
}
