import CLua
import CLuaShim
import Dynamics
import Foundation

// dyn.gravity{ items, direction = {x, y} | angle, magnitude }
// dyn.collision{ items, mode = "everything" | "items" | "boundaries", boundsAsBoundary, insets = {t, l, b, r} }
//   c:addBoundary(id, from, to) or c:addBoundary(id, {points...}); c:removeBoundary(id);
//   c.onBegan = function(item, other, point) end; c.onEnded = function(item, other) end
// dyn.itemBehavior{ items, elasticity, friction, density, resistance, angularResistance,
//                   allowsRotation, anchored, charge }; b:addLinearVelocity(item, v); b:addAngularVelocity(item, w)
// dyn.behavior{ children, items, action = function(self, dt) end }; b:addChild(c); b:removeChild(c)
// Every behavior: b.items, b:addItem(item), b:removeItem(item), b.children.

/// A composite behavior whose `action` is a Lua function.
final class LuaCompositeBehavior: DynamicBehavior {
    /// Its items join the animator's world, as a built-in's do (`embedderItems`).
    var items: [DynamicItem] = [] { didSet { embedderItems = items } }
    var actionRef: Int32?
}

/// Forwards collision callbacks to Lua functions.
final class LuaCollisionDelegate: CollisionBehaviorDelegate {
    unowned let bridge: LuaBridge
    var onBegan: Int32?
    var onEnded: Int32?

    init(bridge: LuaBridge) { self.bridge = bridge }

    /// The contacts whose began the script heard (or would have: only onEnded was set): only
    /// these get onEnded. Contacts that began while no callback was set, or whose began was
    /// lost to an error, end without a word (round 24: callbacks set again after an error, or
    /// onEnded set while a contact was open, heard endeds of begans they never saw).
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
    /// left, began and ended no longer come in pairs (round 23: onEnded kept firing for
    /// contacts whose onBegan had failed, and after a failing onEnded every began stayed open).
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
        // back as the integer scripts almost always wrote (7 was reported as 7.0).
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

    func makeGravity() throws -> Int32 {
        let keys = try options(at: 1, "dynamics.gravity", allowed: ["items", "direction", "angle", "magnitude"])
        try LuaBridge.checkAlternatives(keys, "gravity")
        let g = GravityBehavior(items: try withField("items", of: 1) { try items(at: $0, "gravity.items") } ?? [])
        for key in keys where key != "items" { dyn_lua_rawgetfield(L, 1, key); defer { lua_settop(L, -2) }; _ = try LuaBridge.behaviorBinding.set(self, nil, g, key, lua_gettop(L)) }
        try pushNew(g, "dynamics.gravity")
        return 1
    }

    func makeCollision() throws -> Int32 {
        let keys = try options(at: 1, "dynamics.collision", allowed: ["items", "mode", "boundsAsBoundary", "insets", "onBegan", "onEnded",
                                                                       "boundaryElasticity", "boundaryFriction"])
        let c = CollisionBehavior(items: try withField("items", of: 1) { try items(at: $0, "collision.items") } ?? [])
        for key in keys where key != "items" { dyn_lua_rawgetfield(L, 1, key); defer { lua_settop(L, -2) }; _ = try LuaBridge.behaviorBinding.set(self, nil, c, key, lua_gettop(L)) }
        try pushNew(c, "dynamics.collision")
        return 1
    }

    /// `direction` and `angle` are alternatives (docs: `direction | angle`): given both, the
    /// angle silently won. Refused for gravity and push constructors.
    static func checkAlternatives(_ keys: [String], _ what: String) throws {
        guard keys.contains("direction"), keys.contains("angle") else { return }
        throw LuaArgumentError(message: "\(what).angle: give direction or angle, not both (angle with magnitude says what direction says)")
    }

    static let itemBehaviorProperties = ["elasticity", "friction", "density", "resistance", "angularResistance",
                                         "allowsRotation", "anchored", "charge"]

    func makeItemBehavior() throws -> Int32 {
        let keys = try options(at: 1, "dynamics.itemBehavior", allowed: ["items"] + LuaBridge.itemBehaviorProperties)
        let b = DynamicItemBehavior(items: try withField("items", of: 1) { try items(at: $0, "itemBehavior.items") } ?? [])
        for key in keys where key != "items" { dyn_lua_rawgetfield(L, 1, key); defer { lua_settop(L, -2) }; _ = try LuaBridge.behaviorBinding.set(self, nil, b, key, lua_gettop(L)) }
        try pushNew(b, "dynamics.itemBehavior")
        return 1
    }

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

    /// Pushes a Lua list of handles.
    func pushList(_ objects: [AnyObject], as kind: LuaKind) {
        lua_createtable(L, Int32(objects.count), 0)
        for (i, object) in objects.enumerated() {
            push(object, as: kind)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
    }

    func pushItems(_ items: [DynamicItem]) { pushList(items, as: .item) }

    /// `behavior.items`: the same table on every read while it still lists exactly the
    /// behavior's items (an action reads `self.items` every frame; rebuilding it would push
    /// every handle again). The check is O(n): the behavior's items against those listed,
    /// and the table's entries against the handles it was made with (raw reads, in C). A
    /// table the script changed is simply rebuilt.
    func pushItemList(_ items: [DynamicItem], of behavior: DynamicBehavior) {
        let key = ObjectIdentifier(behavior)
        if let list = itemLists[key] {
            dyn_lua_getref(L, list.ref)
            if list.items.elementsEqual(items.lazy.map(ObjectIdentifier.init)),
               list.handles.withUnsafeBufferPointer({ dyn_lua_list_is(L, -1, $0.baseAddress, $0.count) }) != 0 {
                return
            }
            lua_settop(L, -2)
            dyn_lua_unref(L, list.ref)
            itemLists[key] = nil
        }
        pushItems(items)
        let t = lua_gettop(L)
        let handles = items.indices.map { i -> UnsafeRawPointer? in
            lua_rawgeti(L, t, lua_Integer(i + 1))
            defer { lua_settop(L, -2) }
            return UnsafeRawPointer(lua_touserdata(L, -1))
        }
        lua_pushvalue(L, t)
        itemLists[key] = ItemList(ref: dyn_lua_ref(L), items: items.map(ObjectIdentifier.init), handles: handles)
    }

    /// Adds or removes an item, and charges the behavior again for its list (`recharge`); an
    /// addition the memory cap refuses is undone.
    static func editItems(of b: DynamicBehavior, _ item: DynamicItem, adding: Bool, _ what: String, bridge: LuaBridge) throws {
        let before = itemsOf(b)?.count ?? 0  // O(1): the count tells whether the item was new
        try editItems(of: b, item, adding: adding, what)
        do {
            try bridge.recharge(b, what)
        } catch {
            if adding && (itemsOf(b)?.count ?? 0) > before { try? editItems(of: b, item, adding: false, what) }
            throw error
        }
    }

    /// Adds or removes an item of any behavior that has items (`b:addItem`, `b:removeItem`).
    static func editItems(of b: DynamicBehavior, _ item: DynamicItem, adding: Bool, _ what: String) throws {
        switch b {
        case let g as GravityBehavior: adding ? g.addItem(item) : g.removeItem(item)
        case let c as CollisionBehavior: adding ? c.addItem(item) : c.removeItem(item)
        case let d as DynamicItemBehavior: adding ? d.addItem(item) : d.removeItem(item)
        case let f as FieldBehavior: adding ? f.addItem(item) : f.removeItem(item)
        case let p as PushBehavior: adding ? p.addItem(item) : p.removeItem(item)
        case let l as LuaCompositeBehavior:
            if adding { l.items.append(item) } else { l.items.removeAll { $0 === item } }
        default: throw LuaArgumentError(message: "\(what): this behavior has no items")
        }
    }

    static func itemsOf(_ b: DynamicBehavior) -> [DynamicItem]? {
        switch b {
        case let g as GravityBehavior: return g.items
        case let c as CollisionBehavior: return c.items
        case let d as DynamicItemBehavior: return d.items
        case let l as LuaCompositeBehavior: return l.items
        case let p as LuaPluginBehavior: return p.items
        case let f as FieldBehavior: return f.items
        case let p as PushBehavior: return p.items
        case let a as AttachmentBehavior: return a.items
        case let s as SnapBehavior: return [s.item]
        default: return nil
        }
    }

    /// Refuses a collision that keeps items inside the reference bounds (`boundsAsBoundary`,
    /// or insets) in `tree` when `animator` has none: Swift ignores it, as UIKit does, and
    /// items fell forever with no hint why. Raised when such a collision joins a bounds-less
    /// animator (`addBehavior`, `addChild`) or is switched on in one.
    /// `switchingOn`: `tree` is a collision about to be switched on (by `property`).
    static func checkBounds(of animator: DynamicAnimator, for tree: DynamicBehavior, switchingOn property: String? = nil) throws {
        guard animator.referenceBounds == nil else { return }
        func check(_ b: DynamicBehavior) throws {
            if let c = b as? CollisionBehavior, c.translatesReferenceBoundsIntoBoundary || property != nil {
                throw LuaArgumentError(message: "collision.\(property ?? "boundsAsBoundary"): the animator has no bounds to make a boundary of (make it with dyn.animator{ bounds = {x, y, width, height} })")
            }
            for child in b.childBehaviors { try check(child) }
        }
        try check(tree)
    }

    static let behaviorBinding = ClassBinding(
        get: { bridge, handle, object, key in
            let L = bridge.L
            switch (object, key) {
            case (let b as DynamicBehavior, "items"):
                guard let items = LuaBridge.itemsOf(b) else { return false }
                bridge.pushItemList(items, of: b)
            case (let b as DynamicBehavior, "children"):
                bridge.pushList(b.childBehaviors, as: .behavior)
            case (let g as GravityBehavior, "direction"): bridge.pushPoint(CGPoint(x: g.gravityDirection.dx, y: g.gravityDirection.dy))
            case (let g as GravityBehavior, "angle"): lua_pushnumber(L, Double(g.angle))
            case (let g as GravityBehavior, "magnitude"): lua_pushnumber(L, Double(g.magnitude))
            case (let c as CollisionBehavior, "mode"):
                lua_pushstring(L, c.collisionMode == .everything ? "everything" : c.collisionMode == .items ? "items" : "boundaries")
            case (let c as CollisionBehavior, "boundsAsBoundary"): lua_pushboolean(L, c.translatesReferenceBoundsIntoBoundary ? 1 : 0)
            // Callbacks read back as the functions set (nil when none): "every property is
            // readable and writable afterwards".
            case (let c as CollisionBehavior, "onBegan"), (let c as CollisionBehavior, "onEnded"):
                let d = c.collisionDelegate as? LuaCollisionDelegate
                if let ref = key == "onBegan" ? d?.onBegan : d?.onEnded { dyn_lua_getref(L, ref) } else { lua_pushnil(L) }
            case (let b as LuaCompositeBehavior, "action"):
                if let ref = b.actionRef { dyn_lua_getref(L, ref) } else { lua_pushnil(L) }
            case (let c as CollisionBehavior, "boundaryElasticity"): lua_pushnumber(L, Double(c.boundaryElasticity))
            case (let c as CollisionBehavior, "boundaryFriction"): lua_pushnumber(L, Double(c.boundaryFriction))
            case (let f as FieldBehavior, let k) where LuaBridge.fieldProperties.contains(k) || k == "evaluate":
                return try LuaBridge.getFieldProperty(bridge, f, k)
            case (let o, let k) where o is AttachmentBehavior || o is SnapBehavior || o is PushBehavior:
                return LuaBridge.getJointProperty(bridge, o, k)
            case (let d as DynamicItemBehavior, let k) where LuaBridge.itemBehaviorProperties.contains(k):
                switch k {
                case "elasticity": lua_pushnumber(L, Double(d.elasticity))
                case "friction": lua_pushnumber(L, Double(d.friction))
                case "density": lua_pushnumber(L, Double(d.density))
                case "resistance": lua_pushnumber(L, Double(d.resistance))
                case "angularResistance": lua_pushnumber(L, Double(d.angularResistance))
                case "allowsRotation": lua_pushboolean(L, d.allowsRotation ? 1 : 0)
                case "anchored": lua_pushboolean(L, d.isAnchored ? 1 : 0)
                default: lua_pushnumber(L, Double(d.charge))
                }
            case (let p as LuaPluginBehavior, let k):
                dyn_lua_getref(L, p.paramsRef)
                let type = dyn_lua_rawgetfield(L, -1, k)
                dyn_lua_remove(L, -2)
                if type == LUA_TNIL { lua_settop(L, -2); return false }
                // A vector reads as a fresh copy: the stored table itself could be changed in
                // place (`self.direction[1] = 0/0`), past the checks an assignment makes. A
                // copy costs a small table per read; a read-only proxy would cost none but
                // breaks `#`, `pairs` and `rawget` on it, which plugins use on vectors.
                if type == LUA_TTABLE {
                    let stored = lua_gettop(L)
                    try bridge.pushParameter(at: stored, "\(p.pluginName).\(k)")
                    dyn_lua_remove(L, stored)
                }
                return true
            default:
                return false
            }
            return true
        },
        set: { bridge, handle, object, key, v in
            switch (object, key) {
            case (let g as GravityBehavior, "direction"): g.gravityDirection = try bridge.vector(at: v, "gravity.direction")
            case (let g as GravityBehavior, "angle"): g.angle = try bridge.number(at: v, "gravity.angle")
            case (let g as GravityBehavior, "magnitude"): g.magnitude = try bridge.number(at: v, "gravity.magnitude")
            case (let c as CollisionBehavior, "mode"):
                switch bridge.string(at: v) {
                case "everything": c.collisionMode = .everything
                case "items": c.collisionMode = .items
                case "boundaries": c.collisionMode = .boundaries
                default:
                    throw LuaArgumentError(message: "collision.mode: expected \"everything\", \"items\" or \"boundaries\"")
                }
            case (let c as CollisionBehavior, "boundsAsBoundary"):
                let on = try bridge.bool(at: v, "collision.boundsAsBoundary")
                if on, let a = c.dynamicAnimator { try LuaBridge.checkBounds(of: a, for: c, switchingOn: "boundsAsBoundary") }
                c.translatesReferenceBoundsIntoBoundary = on
            case (let c as CollisionBehavior, "boundaryElasticity"):
                c.boundaryElasticity = try bridge.number(at: v, "collision.boundaryElasticity")
            case (let c as CollisionBehavior, "boundaryFriction"):
                c.boundaryFriction = try bridge.number(at: v, "collision.boundaryFriction")
            case (let c as CollisionBehavior, "insets"):
                let r = try bridge.rect(at: v, "collision.insets")
                let insets = EdgeInsets(top: r.origin.x, left: r.origin.y, bottom: r.width, right: r.height)
                // The model's check, named as the script wrote it; against the bounds once
                // the behavior is in an animator, else when it joins one.
                try LuaBridge.lua { try Validate.insets(insets, in: c.dynamicAnimator?.referenceBounds, "collision", "insets") }
                if let a = c.dynamicAnimator { try LuaBridge.checkBounds(of: a, for: c, switchingOn: "insets") }
                c.setTranslatesReferenceBoundsIntoBoundary(with: insets)
            case (let c as CollisionBehavior, "onBegan"), (let c as CollisionBehavior, "onEnded"):
                let d = (c.collisionDelegate as? LuaCollisionDelegate) ?? {
                    let d = LuaCollisionDelegate(bridge: bridge)
                    bridge.delegates.append(d)
                    c.collisionDelegate = d
                    return d
                }()
                let ref = lua_type(bridge.L, v) == LUA_TNIL ? nil : try bridge.functionReference(at: v, "collision.\(key)")
                // The function it replaces is released (each assignment took a reference).
                if let old = key == "onBegan" ? d.onBegan : d.onEnded { dyn_lua_unref(bridge.L, old) }
                if key == "onBegan" { d.onBegan = ref } else { d.onEnded = ref }
            case (let d as DynamicItemBehavior, let k) where LuaBridge.itemBehaviorProperties.contains(k):
                let what = "itemBehavior.\(k)"
                switch k {
                case "allowsRotation": d.allowsRotation = try bridge.bool(at: v, what)
                case "anchored": d.isAnchored = try bridge.bool(at: v, what)
                case "charge": d.charge = try bridge.number(at: v, what)
                default:
                    let x = try bridge.number(at: v, what)
                    if k == "density" {
                        try LuaBridge.lua { try Validate.density(x, "itemBehavior") }
                    } else if x < 0 {
                        throw LuaArgumentError(message: "\(what): must be ≥ 0, got \(x)")
                    }
                    switch k {
                    case "elasticity": d.elasticity = x
                    case "friction": d.friction = x
                    case "density": d.density = x
                    case "resistance": d.resistance = x
                    default: d.angularResistance = x
                    }
                }
            case (let f as FieldBehavior, let k) where LuaBridge.fieldProperties.contains(k) || k == "evaluate":
                return try LuaBridge.setFieldProperty(bridge, f, k, v)
            case (let p as LuaPluginBehavior, let k):
                let L = bridge.L
                dyn_lua_getref(L, p.paramsRef)
                let expected = dyn_lua_rawgetfield(L, -1, k)
                lua_settop(L, -2)
                guard expected != LUA_TNIL else { lua_settop(L, -2); return false }
                guard expected == lua_type(L, v) else {
                    lua_settop(L, -2)
                    throw LuaArgumentError(message: "\(p.pluginName).\(k): expected a \(String(cString: lua_typename(L, expected))), got \(bridge.typeName(at: v))")
                }
                // Checked like a constructor's override: a NaN strength was taken here.
                try bridge.pushParameter(at: v, "\(p.pluginName).\(k)")
                dyn_lua_rawsetfield(L, -2, k)
                lua_settop(L, -2)
            case (let o, let k) where o is AttachmentBehavior || o is SnapBehavior || o is PushBehavior:
                return try LuaBridge.setJointProperty(bridge, o, k, v)
            case (let b as LuaCompositeBehavior, "action"):
                if lua_type(bridge.L, v) == LUA_TNIL { b.actionRef = nil; b.action = nil } else {
                    bridge.setAction(try bridge.functionReference(at: v, "behavior.action"), of: b)
                }
            default:
                return false
            }
            return true
        },
        methods: [
            "addChild": { bridge, _ in
                let b = try bridge.object(at: 1, .behavior, as: DynamicBehavior.self, what: "addChild")
                let child = try bridge.object(at: 2, .behavior, as: DynamicBehavior.self, what: "addChild(behavior)")
                if let a = b.dynamicAnimator { try LuaBridge.checkBounds(of: a, for: child) }
                b.addChildBehavior(child)
                return 0
            },
            "removeChild": { bridge, _ in
                let b = try bridge.object(at: 1, .behavior, as: DynamicBehavior.self, what: "removeChild")
                b.removeChildBehavior(try bridge.object(at: 2, .behavior, as: DynamicBehavior.self, what: "removeChild(behavior)"))
                return 0
            },
            "addItem": { bridge, _ in
                let b = try bridge.object(at: 1, .behavior, as: DynamicBehavior.self, what: "addItem")
                let item = try bridge.object(at: 2, .item, as: DynamicView.self, what: "addItem(item)")
                try LuaBridge.editItems(of: b, item, adding: true, "addItem", bridge: bridge)
                return 0
            },
            "removeItem": { bridge, _ in
                let b = try bridge.object(at: 1, .behavior, as: DynamicBehavior.self, what: "removeItem")
                let item = try bridge.object(at: 2, .item, as: DynamicView.self, what: "removeItem(item)")
                try LuaBridge.editItems(of: b, item, adding: false, "removeItem", bridge: bridge)
                return 0
            },
            "setTargetOffset": { bridge, _ in
                let p = try bridge.object(at: 1, .behavior, as: PushBehavior.self, what: "setTargetOffset")
                let item = try bridge.object(at: 2, .item, as: DynamicView.self, what: "setTargetOffset(item)")
                // As addLinearVelocity: an item the push does not push is a mistake.
                guard p.items.contains(where: { $0 === item }) else { throw LuaArgumentError(message: "setTargetOffset: the item is not in this behavior") }
                let o = try bridge.vector(at: 3, "setTargetOffset(offset)")
                p.setTargetOffsetFromCenter(Offset(horizontal: o.dx, vertical: o.dy), for: item)
                return 0
            },
            "addBoundary": { bridge, L in
                let c = try bridge.object(at: 1, .behavior, as: CollisionBehavior.self, what: "addBoundary")
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
                let c = try bridge.object(at: 1, .behavior, as: CollisionBehavior.self, what: "removeBoundary")
                let id = try bridge.identifier(at: 2, "removeBoundary(id)")
                try bridge.rechargeBoundaries(of: c, id: id, elements: 0, "removeBoundary")
                c.removeBoundary(withIdentifier: id)
                return 0
            },
            "addLinearVelocity": { bridge, _ in
                let d = try bridge.object(at: 1, .behavior, as: DynamicItemBehavior.self, what: "addLinearVelocity")
                let item = try bridge.object(at: 2, .item, as: DynamicView.self, what: "addLinearVelocity(item)")
                guard d.items.contains(where: { $0 === item }) else { throw LuaArgumentError(message: "addLinearVelocity: the item is not in this behavior") }
                d.addLinearVelocity(try bridge.point(at: 3, "addLinearVelocity(velocity)"), for: item)
                return 0
            },
            "addAngularVelocity": { bridge, _ in
                let d = try bridge.object(at: 1, .behavior, as: DynamicItemBehavior.self, what: "addAngularVelocity")
                let item = try bridge.object(at: 2, .item, as: DynamicView.self, what: "addAngularVelocity(item)")
                guard d.items.contains(where: { $0 === item }) else { throw LuaArgumentError(message: "addAngularVelocity: the item is not in this behavior") }
                d.addAngularVelocity(try bridge.number(at: 3, "addAngularVelocity(w)"), for: item)
                return 0
            },
        ],
        properties: ["items", "children", "direction", "angle", "magnitude", "mode", "boundsAsBoundary", "insets",
                     "boundaryElasticity", "boundaryFriction",
                     "onBegan", "onEnded", "action"] + LuaBridge.itemBehaviorProperties + LuaBridge.fieldProperties + ["evaluate"]
                    + LuaBridge.attachmentProperties + ["point", "active", "mode"],
        describe: { bridge, object in
            let common = ["items", "children"]
            switch object {
            case is GravityBehavior: return ("gravity", common + ["direction", "angle", "magnitude"])
            case is CollisionBehavior:
                return ("collision", common + ["mode", "boundsAsBoundary", "insets", "boundaryElasticity", "boundaryFriction", "onBegan", "onEnded"])
            case is DynamicItemBehavior: return ("itemBehavior", common + LuaBridge.itemBehaviorProperties)
            case let f as FieldBehavior:
                return ("field", common + LuaBridge.fieldProperties + (bridge.evaluation(of: f) == nil ? [] : ["evaluate"]))
            case is AttachmentBehavior: return ("attachment", common + LuaBridge.attachmentProperties)
            case is SnapBehavior: return ("snap", common + ["point", "damping", "frequency", "spring"])
            case is PushBehavior: return ("push", common + ["direction", "angle", "magnitude", "active", "mode"])
            case let p as LuaPluginBehavior: return (p.pluginName, common + bridge.parameterNames(of: p))
            case is LuaCompositeBehavior: return ("behavior", common + ["action"])
            // A Swift plugin's behavior: its children, and its items if they can be listed
            // (what it does not read must not be called write-only).
            case let b as DynamicBehavior: return ("behavior", (LuaBridge.itemsOf(b) == nil ? [] : ["items"]) + ["children"])
            default: return ("behavior", common)
            }
        }
    )

}
