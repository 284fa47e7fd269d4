import CLua
import CLuaShim
import Dynamics
import Foundation

// What every behavior has, whatever its class (LuaGravity.swift, LuaCollision.swift, …):
//   b.items, b.children, b:addItem(item), b:removeItem(item), b:addChild(c), b:removeChild(c).
// Each class's binding extends `behaviorBinding` with its own properties and methods, as
// LÖVE's wrap_DistanceJoint.cpp registers wrap_Joint's functions before its own.

extension LuaBridge {
    /// The properties every behavior shares: `items` (for the behaviors that list theirs)
    /// and `children`.
    enum BehaviorProperty: Int, LuaProperty {
        case items, children
    }

    /// The binding every behavior class extends, and the class of a behavior of no other
    /// (a Swift plugin's): its items, if they can be listed, and its children.
    static let behaviorBinding = ClassBinding.typed(
        DynamicBehavior.self, BehaviorProperty.self, name: "behavior",
        get: { bridge, b, p in
            switch p {
            case .items:
                guard let items = LuaBridge.itemsOf(b) else { return false }
                bridge.pushItemList(items, of: b)
            case .children:
                bridge.pushList(b.childBehaviors, as: .behavior)
            }
            return true
        },
        set: { _, _, _, _ in false },
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
        ],
        // What it does not read must not be called write-only.
        describe: { _, object in
            ("behavior", (LuaBridge.itemsOf(unsafeDowncast(object, to: DynamicBehavior.self)) == nil ? [] : ["items"]) + ["children"])
        }
    )

    /// A constructor of a behavior with items: its options (`allowed`), checked by `check`
    /// before anything else is read, the behavior `make` makes from its items, every option
    /// that `applies` set through its class's setters (the checks of an assignment), and its
    /// handle pushed.
    func makeBehavior(_ name: String, allowed: [String], _ binding: ClassBinding, check: ([String]) throws -> Void = { _ in },
                      applies: (String) -> Bool = { $0 != "items" }, _ make: ([DynamicItem]) -> DynamicBehavior) throws -> Int32 {
        let keys = try options(at: 1, "dynamics.\(name)", allowed: allowed)
        try check(keys)
        let b = make(try withField("items", of: 1) { try items(at: $0, "\(name).items") } ?? [])
        try applyOptions(keys.filter(applies), to: b, through: binding)
        try pushNew(b, "dynamics.\(name)")
        return 1
    }

    /// Applies a constructor's options `keys` (of its table at index 1) through the class's
    /// setters: the same checks as an assignment after construction.
    func applyOptions(_ keys: [String], to object: AnyObject, through binding: ClassBinding) throws {
        for key in keys {
            dyn_lua_rawgetfield(L, 1, key)
            defer { lua_settop(L, -2) }
            _ = try binding.set(self, nil, object, key, lua_gettop(L))
        }
    }

    /// `direction` and `angle` are alternatives (docs: `direction | angle`): given both, the
    /// angle silently won. Refused for gravity and push constructors.
    static func checkAlternatives(_ keys: [String], _ what: String) throws {
        guard keys.contains("direction"), keys.contains("angle") else { return }
        throw LuaArgumentError(message: "\(what).angle: give direction or angle, not both (angle with magnitude says what direction says)")
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
}
