import CLua
import CLuaShim
import Dynamics
import Foundation

// dyn.item{ center = {x, y}, size = {w, h}, shape = "rectangle" | "ellipse" | {{x, y}, ...},
//           name = "...", angle = 0 }
// Read/write: center, angle, velocity, angularVelocity. Read: size, mass, name.
// Inside callbacks: item:applyForce(f [, offset]), item:applyImpulse(i [, offset]), item:applyTorque(t).

extension LuaBridge {
    static let itemOptions = ["center", "size", "shape", "name", "angle"]

    /// dyn.item{...}
    func makeItem() throws -> Int32 {
        _ = try options(at: 1, "dynamics.item", allowed: LuaBridge.itemOptions)
        let center = try withField("center", of: 1) { try point(at: $0, "item.center") } ?? .zero
        guard let size = try withField("size", of: 1, { try vector(at: $0, "item.size") }) else {
            throw LuaArgumentError(message: "item.size: required, e.g. size = {50, 50}")
        }
        guard size.dx > 0, size.dy > 0 else {
            throw LuaArgumentError(message: "item.size: must be > 0, got {\(size.dx), \(size.dy)}")
        }
        let name = try withField("name", of: 1) { i -> String in
            guard let s = string(at: i) else { throw LuaArgumentError(message: "item.name: expected a string, got \(typeName(at: i))") }
            return s
        }
        var type = DynamicItemCollisionBoundsType.rectangle
        var path: BezierPath?
        try withField("shape", of: 1) { i in
            if let s = string(at: i) {
                switch s {
                case "rectangle": type = .rectangle
                case "ellipse": type = .ellipse
                default: throw LuaArgumentError(message: "item.shape: expected \"rectangle\", \"ellipse\" or a list of points, got \"\(s)\"")
                }
            } else if lua_type(L, i) == LUA_TTABLE {
                let n = lua_rawlen(L, i)
                guard n >= 3 else { throw LuaArgumentError(message: "item.shape: a convex path needs at least 3 points, got \(n)") }
                let p = BezierPath()
                for k in 1...n {
                    lua_rawgeti(L, i, lua_Integer(k))
                    defer { lua_settop(L, -2) }
                    let pt = try point(at: -1, "item.shape[\(k)]")
                    if k == 1 { p.move(to: pt) } else { p.addLine(to: pt) }
                }
                p.close()
                type = .path
                path = p
            } else {
                throw LuaArgumentError(message: "item.shape: expected a string or a list of points, got \(typeName(at: i))")
            }
        }
        let view = DynamicView(center: center, size: CGSize(width: size.dx, height: size.dy), collisionBoundsType: type, name: name)
        if let path { view.collisionBoundingPath = path }
        if let angle = try withField("angle", of: 1, { try number(at: $0, "item.angle") }) {
            view.transform = CGAffineTransform(rotationAngle: angle)
        }
        push(view, as: .item)
        return 1
    }

    /// The animator (made by this bridge) whose world holds `item`.
    func animator(holding item: DynamicItem) -> DynamicAnimator? {
        animators.first { $0.linearVelocity(of: item) != nil }
    }

    static let itemBinding = ClassBinding(
        get: { bridge, object, key in
            let item = object as! DynamicView
            let L = bridge.L
            switch key {
            case "center": bridge.pushPoint(item.center)
            case "angle": lua_pushnumber(L, Double(item.angle))
            case "size": bridge.pushSize(item.bounds.size)
            case "name": if let n = item.name { lua_pushstring(L, n) } else { lua_pushnil(L) }
            case "mass":
                let m = bridge.animator(holding: item)?.mass(of: item)
                    ?? item.bounds.width * item.bounds.height / 10_000
                lua_pushnumber(L, Double(m))
            case "velocity": bridge.pushPoint(bridge.animator(holding: item)?.linearVelocity(of: item) ?? .zero)
            case "angularVelocity": lua_pushnumber(L, Double(bridge.animator(holding: item)?.angularVelocity(of: item) ?? 0))
            default: return false
            }
            return true
        },
        set: { bridge, object, key, value in
            let item = object as! DynamicView
            switch key {
            case "center":
                item.center = try bridge.point(at: value, "item.center")
                bridge.animator(holding: item)?.updateItem(usingCurrentState: item)
            case "angle":
                item.transform = CGAffineTransform(rotationAngle: try bridge.number(at: value, "item.angle"))
                bridge.animator(holding: item)?.updateItem(usingCurrentState: item)
            case "velocity":
                let v = try bridge.point(at: value, "item.velocity")
                guard let a = bridge.animator(holding: item) else {
                    throw LuaArgumentError(message: "item.velocity: the item is not in an animator yet (add a behavior with it first)")
                }
                a.setVelocity(v, for: item)
            case "angularVelocity":
                let w = try bridge.number(at: value, "item.angularVelocity")
                guard let a = bridge.animator(holding: item) else {
                    throw LuaArgumentError(message: "item.angularVelocity: the item is not in an animator yet")
                }
                a.setVelocity(a.linearVelocity(of: item) ?? .zero, angularVelocity: w, for: item)
            default: return false
            }
            return true
        },
        methods: [
            "applyForce": { bridge, L in
                let item = try bridge.object(at: 1, .item, as: DynamicView.self, what: "applyForce")
                let f = try bridge.vector(at: 2, "applyForce(force)")
                let offset = lua_type(L, 3) <= 0 ? CGVector.zero : try bridge.vector(at: 3, "applyForce(force, offset)")
                bridge.animator(holding: item)?.applyForce(f, to: item, atOffset: offset)
                return 0
            },
            "applyImpulse": { bridge, L in
                let item = try bridge.object(at: 1, .item, as: DynamicView.self, what: "applyImpulse")
                let j = try bridge.vector(at: 2, "applyImpulse(impulse)")
                let offset = lua_type(L, 3) <= 0 ? CGVector.zero : try bridge.vector(at: 3, "applyImpulse(impulse, offset)")
                bridge.animator(holding: item)?.applyImpulse(j, to: item, atOffset: offset)
                return 0
            },
            "applyTorque": { bridge, _ in
                let item = try bridge.object(at: 1, .item, as: DynamicView.self, what: "applyTorque")
                bridge.animator(holding: item)?.applyTorque(try bridge.number(at: 2, "applyTorque(torque)"), to: item)
                return 0
            },
        ],
        properties: ["center", "angle", "velocity", "angularVelocity", "size", "mass", "name"]
    )
}
