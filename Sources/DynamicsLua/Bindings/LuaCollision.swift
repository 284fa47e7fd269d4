import CLua
import CLuaShim
import Dynamics
import Foundation

// dyn.collision{ items, mode = "everything" | "items" | "boundaries", boundsAsBoundary, insets = {t, l, b, r},
//                boundaryElasticity, boundaryFriction, onBegan, onEnded }
//   c:addBoundary(id, from, to) or c:addBoundary(id, {points...}); c:removeBoundary(id);
//   c.onBegan = function(item, other, point) end; c.onEnded = function(item, other) end

/// Forwards collision callbacks to Lua functions.
final class LuaCollisionDelegate: CollisionBehaviorDelegate {
    unowned let bridge: LuaBridge
    var onBegan: Int32?
    var onEnded: Int32?

    init(bridge: LuaBridge) { self.bridge = bridge }

    /// The contacts whose began the script heard (or would have: only onEnded was set): only
    /// these get onEnded. Contacts that began while no callback was set, or whose began was
    /// lost to an error, end without a word: a callback set again after an error, or onEnded
    /// set while a contact is open, hears no ended of a began it never saw.
    private struct Parties: Hashable {
        let first: ObjectIdentifier, second: ObjectIdentifier?, boundary: AnyHashable??
        init(_ a: DynamicItem, _ b: DynamicItem) {
            let p = ObjectIdentifier(a), q = ObjectIdentifier(b)
            first = min(p, q); second = max(p, q); boundary = nil
        }
        init(_ a: DynamicItem, boundary id: AnyHashable?) { first = ObjectIdentifier(a); second = nil; boundary = .some(id) }
    }
    private var heard = Set<Parties>()

    private func began(_ parties: Parties, _ push: () -> Void) {
        guard onBegan != nil || onEnded != nil else { return }
        heard.insert(parties)
        call(began: true, nargs: 3, push)
    }

    private func ended(_ parties: Parties, _ push: () -> Void) {
        guard heard.remove(parties) != nil else { return }
        call(began: false, nargs: 2, push)
    }

    /// Calls onBegan (`began`) or onEnded. A failing callback disables both: with only one
    /// left, began and ended would not come in pairs (onEnded for contacts whose onBegan
    /// failed; after a failing onEnded, every began left open).
    private func call(began: Bool, nargs: Int32, _ push: () -> Void) {
        guard let r = began ? onBegan : onEnded else { return }
        if let error = bridge.callReference(r, nargs: nargs, nresults: 0, pushArgs: push) {
            // Unless the callback replaced them while it ran.
            if (began ? onBegan : onEnded) == r {
                if let b = onBegan { dyn_lua_unref(bridge.L, b) }
                if let e = onEnded { dyn_lua_unref(bridge.L, e) }
                onBegan = nil; onEnded = nil
                heard.removeAll()
            }
            let name = began ? "onBegan" : "onEnded"
            bridge.errorHandler(LuaError(kind: error.kind, message: "collision.\(name): \(error.message) (onBegan and onEnded are both off now)", traceback: error.traceback))
        }
    }

    private func pushIdentifier(_ id: AnyHashable?) {
        switch id?.base {
        case let s as String: lua_pushstring(bridge.L, s)
        // Numbers are kept as doubles (2 and 2.0 name one boundary); an integral one comes
        // back as the integer scripts almost always wrote (7, not 7.0).
        case let d as Double:
            if d == d.rounded(), abs(d) < 9.007e15 { lua_pushinteger(bridge.L, lua_Integer(d)) } else { lua_pushnumber(bridge.L, d) }
        case let i as Int: lua_pushinteger(bridge.L, lua_Integer(i))
        default: lua_pushnil(bridge.L)
        }
    }

    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem, with item2: DynamicItem, at point: CGPoint) {
        began(Parties(item1, item2)) {
            bridge.push(item1, as: .item); bridge.push(item2, as: .item); bridge.pushPoint(point)
        }
    }
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem, with item2: DynamicItem) {
        ended(Parties(item1, item2)) { bridge.push(item1, as: .item); bridge.push(item2, as: .item) }
    }
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                           withBoundaryIdentifier identifier: AnyHashable?, at point: CGPoint) {
        began(Parties(item, boundary: identifier)) { bridge.push(item, as: .item); pushIdentifier(identifier); bridge.pushPoint(point) }
    }
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem, withBoundaryIdentifier identifier: AnyHashable?) {
        ended(Parties(item, boundary: identifier)) { bridge.push(item, as: .item); pushIdentifier(identifier) }
    }
}

extension LuaBridge {
    /// A boundary identifier from Lua: a string or a number.
    func identifier(at index: Int32, _ what: String) throws -> AnyHashable {
        if let s = try keptString(at: index, what) { return AnyHashable(s) }
        if lua_type(L, index) == LUA_TNUMBER {
            // NaN equals nothing, itself included: a boundary named NaN could never be
            // removed (each add made another).
            let n = dyn_lua_tonumber(L, index)
            guard n.isFinite else { throw LuaArgumentError(message: "\(what): a number identifier must be finite, got \(n)") }
            return AnyHashable(n)
        }
        throw LuaArgumentError(message: "\(what): expected a string or number identifier, got \(typeName(at: index))")
    }

    func makeCollision() throws -> Int32 {
        try makeBehavior("collision", allowed: ["items", "mode", "boundsAsBoundary", "insets", "onBegan", "onEnded",
                                                "boundaryElasticity", "boundaryFriction"], LuaBridge.collisionBinding) {
            CollisionBehavior(items: $0)
        }
    }

    /// The collision behind the handle at `index` (LÖVE's `luax_checkX`).
    func checkCollision(at index: Int32, _ what: String) throws -> CollisionBehavior {
        try object(at: index, class: .collision, as: CollisionBehavior.self, what: what)
    }

    /// A collision's own properties; `insets` is write-only.
    enum CollisionProperty: Int, LuaProperty {
        case mode, boundsAsBoundary, insets, boundaryElasticity, boundaryFriction, onBegan, onEnded
    }

    static let collisionBinding = behaviorBinding.extended(by: .typed(
        CollisionBehavior.self, CollisionProperty.self, name: "collision",
        get: { bridge, c, p in
            let L = bridge.L
            switch p {
            case .mode:
                lua_pushstring(L, c.collisionMode == .everything ? "everything" : c.collisionMode == .items ? "items" : "boundaries")
            case .boundsAsBoundary: lua_pushboolean(L, c.translatesReferenceBoundsIntoBoundary ? 1 : 0)
            case .insets: return false
            case .boundaryElasticity: lua_pushnumber(L, Double(c.boundaryElasticity))
            case .boundaryFriction: lua_pushnumber(L, Double(c.boundaryFriction))
            // Callbacks read back as the functions set (nil when none): "every property is
            // readable and writable afterwards".
            case .onBegan, .onEnded:
                let d = c.collisionDelegate as? LuaCollisionDelegate
                if let ref = p == .onBegan ? d?.onBegan : d?.onEnded { dyn_lua_getref(L, ref) } else { lua_pushnil(L) }
            }
            return true
        },
        set: { bridge, c, p, v in
            switch p {
            case .mode:
                switch bridge.string(at: v) {
                case "everything": c.collisionMode = .everything
                case "items": c.collisionMode = .items
                case "boundaries": c.collisionMode = .boundaries
                default:
                    throw LuaArgumentError(message: "collision.mode: expected \"everything\", \"items\" or \"boundaries\"")
                }
            case .boundsAsBoundary:
                let on = try bridge.bool(at: v, "collision.boundsAsBoundary")
                if on, let a = c.dynamicAnimator { try LuaBridge.checkBounds(of: a, for: c, switchingOn: "boundsAsBoundary") }
                c.translatesReferenceBoundsIntoBoundary = on
            case .boundaryElasticity:
                c.boundaryElasticity = try bridge.number(at: v, "collision.boundaryElasticity")
            case .boundaryFriction:
                c.boundaryFriction = try bridge.number(at: v, "collision.boundaryFriction")
            case .insets:
                let r = try bridge.rect(at: v, "collision.insets")
                let insets = EdgeInsets(top: r.origin.x, left: r.origin.y, bottom: r.width, right: r.height)
                // The model's check, named as the script wrote it; against the bounds once
                // the behavior is in an animator, else when it joins one.
                try LuaBridge.lua { try Validate.insets(insets, in: c.dynamicAnimator?.referenceBounds, "collision", "insets") }
                if let a = c.dynamicAnimator { try LuaBridge.checkBounds(of: a, for: c, switchingOn: "insets") }
                c.setTranslatesReferenceBoundsIntoBoundary(with: insets)
            case .onBegan, .onEnded:
                let d = (c.collisionDelegate as? LuaCollisionDelegate) ?? {
                    let d = LuaCollisionDelegate(bridge: bridge)
                    bridge.delegates.append(d)
                    c.collisionDelegate = d
                    return d
                }()
                let ref = lua_type(bridge.L, v) == LUA_TNIL ? nil : try bridge.functionReference(at: v, "collision.\(p)")
                // The function it replaces is released (each assignment took a reference).
                if let old = p == .onBegan ? d.onBegan : d.onEnded { dyn_lua_unref(bridge.L, old) }
                if p == .onBegan { d.onBegan = ref } else { d.onEnded = ref }
            }
            return true
        },
        methods: [
            "addBoundary": { bridge, L in
                let c = try bridge.checkCollision(at: 1, "addBoundary")
                let id = try bridge.identifier(at: 2, "addBoundary(id)")
                if lua_type(L, 4) > 0 {
                    let from = try bridge.point(at: 3, "addBoundary(from)"), to = try bridge.point(at: 4, "addBoundary(to)")
                    try bridge.rechargeBoundaries(of: c, id: id, elements: 2, "addBoundary")
                    c.addBoundary(withIdentifier: id, from: from, to: to)
                } else {
                    guard lua_type(L, 3) == LUA_TTABLE, lua_rawlen(L, 3) >= 2 else {
                        throw LuaArgumentError(message: "addBoundary: expected (id, from, to) or (id, {point, point, ...})")
                    }
                    let path = BezierPath()
                    for k in 1...lua_rawlen(L, 3) {
                        lua_rawgeti(L, 3, lua_Integer(k))
                        defer { lua_settop(L, -2) }
                        let p = try bridge.point(at: -1, "addBoundary(path)[\(k)]")
                        if k == 1 { path.move(to: p) } else { path.addLine(to: p) }
                    }
                    try bridge.rechargeBoundaries(of: c, id: id, elements: path.elements.count, "addBoundary")
                    c.addBoundary(withIdentifier: id, for: path)
                }
                return 0
            },
            "removeBoundary": { bridge, _ in
                let c = try bridge.checkCollision(at: 1, "removeBoundary")
                let id = try bridge.identifier(at: 2, "removeBoundary(id)")
                try bridge.rechargeBoundaries(of: c, id: id, elements: 0, "removeBoundary")
                c.removeBoundary(withIdentifier: id)
                return 0
            },
        ]
    ))
}
