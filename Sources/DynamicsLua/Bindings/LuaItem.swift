import CLua
import CLuaShim
import Dynamics
import Foundation

// dyn.item{ center = {x, y}, size = {w, h}, shape = "rectangle" | "ellipse" | {{x, y}, ...},
//           name = "...", angle = 0, style = {...} }
// Read/write: center, angle, velocity, angularVelocity, style (LuaItemStyle.swift). Read: size, mass, name.
// Inside callbacks: item:applyForce(f [, offset]), item:applyImpulse(i [, offset]), item:applyTorque(t).

extension LuaBridge {
    static let itemOptions = ["center", "size", "shape", "name", "angle", "style"]

    /// dyn.item{...}
    func makeItem() throws -> Int32 {
        _ = try options(at: 1, "dynamics.item", allowed: LuaBridge.itemOptions)
        let center = try withField("center", of: 1) { try point(at: $0, "item.center") } ?? .zero
        try Validate.finite(center, "item", "center")
        guard let size = try withField("size", of: 1, { try vector(at: $0, "item.size") }) else {
            throw LuaArgumentError(message: "item.size: required, e.g. size = {50, 50}")
        }
        try Validate.size(CGSize(width: size.dx, height: size.dy), "item", "size")
        let name = try withField("name", of: 1) { i -> String in
            guard let s = try keptString(at: i, "item.name") else { throw LuaArgumentError(message: "item.name: expected a string, got \(typeName(at: i))") }
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
                guard n <= Limits.pathPoints else {
                    throw LuaArgumentError(message: "item.shape: a convex path has at most \(Limits.pathPoints) points, got \(n)")
                }
                let p = BezierPath()
                for k in 1...n {
                    lua_rawgeti(L, i, lua_Integer(k))
                    defer { lua_settop(L, -2) }
                    let pt = try point(at: -1, "item.shape[\(k)]")
                    try Validate.finite(pt, "item", "shape[\(k)]", max: Limits.length)
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
        if let path {
            view.collisionBoundingPath = path
            // A path with no area or not convex is an error here, at the item's line, not at
            // the first step that adds the item to a world.
            do { try view.checkCollisionShape() } catch let error as DynamicsError {
                throw LuaArgumentError(message: "item.shape: \(error.message)")
            }
        }
        if let angle = try withField("angle", of: 1, { try number(at: $0, "item.angle") }) {
            view.transform = CGAffineTransform(rotationAngle: angle)
        }
        // The name is the item's too: 20 000 items named with 4 KB strings held 164 MB
        // outside a 64 MB cap.
        try charge(view, HostMemory.Estimate.item + (name?.utf8.count ?? 0), "dynamics.item")
        if dyn_lua_rawgetfield(L, 1, "style") != LUA_TNIL {
            defer { lua_settop(L, -2) }
            try setStyle(view, from: lua_gettop(L))
        } else {
            lua_settop(L, -2)
        }
        push(view, as: .item)
        return 1
    }

    /// Where the item of handle `h` is: its animator and record slot, from the handle's
    /// hints when they still hold (O(1), no search), else found and remembered.
    @inline(__always)
    func locate(_ h: UnsafeMutablePointer<Handle>, _ item: DynamicView) -> (animator: Unmanaged<DynamicAnimator>, record: Int)? {
        if let animator = hintedAnimator(h),
           let slot = animator._withUnsafeGuaranteedRef({ $0.recordSlot(of: item, hint: Int(h.pointee.recordHint)) }) {
            h.pointee.recordHint = Int32(slot)
            return (animator, slot)
        }
        for (k, animator) in unmanagedAnimators.pointee.enumerated() {
            if let slot = animator._withUnsafeGuaranteedRef({ $0.recordSlot(of: item, hint: -1) }) {
                h.pointee.animatorHint = Int32(k)
                h.pointee.recordHint = Int32(slot)
                return (animator, slot)
            }
        }
        return nil
    }

    /// Where the item of handle `h` is in a world, applying first the pending changes of the
    /// animators that have some (an item whose behavior was just added joins the world at
    /// the next frame: its velocity could not be set before the first one, and impulses
    /// given then were dropped). For setters and impulses; reads use `locate`.
    func locateInWorld(_ h: UnsafeMutablePointer<Handle>, _ item: DynamicView) -> (animator: Unmanaged<DynamicAnimator>, record: Int)? {
        if let found = locate(h, item) { return found }
        var applied = false
        for animator in unmanagedAnimators.pointee {
            if animator._withUnsafeGuaranteedRef({ $0.applyPendingChanges() }) { applied = true }
        }
        return applied ? locate(h, item) : nil
    }

    /// The animator the handle's hint names, if it is still one of `animators` (the model's
    /// hinted accessors check the record slot).
    @inline(__always)
    func hintedAnimator(_ h: UnsafeMutablePointer<Handle>) -> Unmanaged<DynamicAnimator>? {
        let animators = unmanagedAnimators.pointee
        let a = Int(h.pointee.animatorHint)
        return a >= 0 && a < animators.count ? animators[a] : nil
    }

    /// The item's velocity (pt/s; zero while it is in no animator).
    @inline(__always)
    func velocity(_ h: UnsafeMutablePointer<Handle>, _ item: DynamicView) -> CGPoint {
        if let a = hintedAnimator(h),
           let v = a._withUnsafeGuaranteedRef({ $0.linearVelocity(of: item, hint: Int(h.pointee.recordHint)) }) {
            return v
        }
        guard let (a, r) = locate(h, item) else { return .zero }
        return a._withUnsafeGuaranteedRef { $0.linearVelocity(atRecord: r) }
    }

    /// Calls `body` with the item of the handle at `index` (checked) and the handle. The item
    /// is borrowed, not retained: its handle slot keeps it alive for the call (the methods
    /// below run per item per frame; a retain and release cost them about 10 %).
    @inline(__always)
    func withItem<R>(at index: Int32, _ what: String,
                     _ body: (UnsafeMutablePointer<Handle>, DynamicView) throws -> R) throws -> R {
        guard let h = handle(at: index, .item), let object = liveUnmanaged(h) else {
            _ = try object(at: index, .item, as: DynamicView.self, what: what)
            throw LuaArgumentError(message: "\(what): this item is no longer valid")
        }
        return try object._withUnsafeGuaranteedRef { try body(h, unsafeDowncast($0, to: DynamicView.self)) }
    }

    /// Reads the two numbers at `index`, `index + 1` (the fast setters' arguments).
    func twoNumbers(at index: Int32, _ what: String) throws -> (Double, Double) {
        var xy: (Double, Double) = (0, 0)
        if withUnsafeMutableBytes(of: &xy, { dyn_lua_tonumbers(L, index, 2, $0.baseAddress!.assumingMemoryBound(to: Double.self)) }) != 0 {
            return xy
        }
        return (try number(at: index, what), try number(at: index + 1, what))
    }

    /// The item's properties, in the order of `itemBinding.properties` (their positions are
    /// what a handle's property access passes).
    enum ItemProperty: Int, CaseIterable {
        case center, angle, velocity, angularVelocity, size, mass, name, style

        static let names = allCases.map { "\($0)" }
        init?(name: String) {
            guard let k = ItemProperty.names.firstIndex(of: name) else { return nil }
            self.init(rawValue: k)
        }
    }

    /// Pushes property `p` of `item`.
    @inline(__always)
    static func getItemProperty(_ bridge: LuaBridge, _ handle: UnsafeMutablePointer<Handle>, _ item: DynamicView, _ p: ItemProperty) {
        let L = bridge.L
        switch p {
        case .center: bridge.pushPoint(item.center)
        case .angle: lua_pushnumber(L, Double(item.angle))
        case .size: bridge.pushSize(item.bounds.size)
        case .style: bridge.pushStyle(item.style)
        case .name: // its whole length: a NUL byte is part of a name
            if let n = item.name { LuaSource.push(L, n) } else { lua_pushnil(L) }
        case .mass:
            // Outside an animator: the mass it will have at the default density (from its
            // shape: a 100×100 ellipse is π/4, not 1).
            let m: CGFloat
            if let (a, r) = bridge.locate(handle, item) { m = a._withUnsafeGuaranteedRef { $0.mass(atRecord: r) } }
            else { m = ItemMass.of(item) ?? item.bounds.width * item.bounds.height / 10_000 }
            lua_pushnumber(L, Double(m))
        case .velocity: bridge.pushPoint(bridge.velocity(handle, item))
        case .angularVelocity:
            var w: CGFloat = 0
            if let (a, r) = bridge.locate(handle, item) { w = a._withUnsafeGuaranteedRef { $0.angularVelocity(atRecord: r) } }
            lua_pushnumber(L, Double(w))
        }
    }

    /// Assigns property `p` of `item` from the value at `value`; false if read-only.
    @inline(__always)
    static func setItemProperty(_ bridge: LuaBridge, _ handle: UnsafeMutablePointer<Handle>, _ item: DynamicView,
                                _ p: ItemProperty, _ value: Int32) throws -> Bool {
        switch p {
        case .center: try bridge.setCenter(handle, item, try bridge.point(at: value, "item.center"))
        case .angle: try bridge.setAngle(handle, item, try bridge.number(at: value, "item.angle"))
        case .velocity: try bridge.setVelocity(handle, item, try bridge.point(at: value, "item.velocity"))
        case .angularVelocity:
            let w = try bridge.number(at: value, "item.angularVelocity")
            guard let (a, _) = bridge.locateInWorld(handle, item) else {
                throw LuaArgumentError(message: "item.angularVelocity: the item is not in an animator yet")
            }
            _ = a._withUnsafeGuaranteedRef { $0.setVelocity($0.linearVelocity(of: item) ?? .zero, angularVelocity: w, for: item) }
        case .style: try bridge.setStyle(item, from: value)
        case .size, .mass, .name: return false
        }
        return true
    }

    static let itemBinding = ClassBinding(
        get: { bridge, handle, object, key in
            guard let handle, let p = ItemProperty(name: key) else { return false }
            getItemProperty(bridge, handle, unsafeDowncast(object, to: DynamicView.self), p)
            return true
        },
        set: { bridge, handle, object, key, value in
            guard let handle, let p = ItemProperty(name: key) else { return false }
            return try setItemProperty(bridge, handle, unsafeDowncast(object, to: DynamicView.self), p, value)
        },
        methods: [
            "applyForce": { bridge, L in
                try bridge.withItem(at: 1, "applyForce") { h, item in
                    let f = try bridge.magnitude(at: 2, "applyForce(force)")
                    let offset = lua_type(L, 3) <= 0 ? CGVector.zero : try bridge.magnitude(at: 3, "applyForce(force, offset)")
                    bridge.locateInWorld(h, item)?.animator._withUnsafeGuaranteedRef { $0.applyForce(f, to: item, atOffset: offset) }
                }
                return 0
            },
            "applyImpulse": { bridge, L in
                try bridge.withItem(at: 1, "applyImpulse") { h, item in
                    let j = try bridge.magnitude(at: 2, "applyImpulse(impulse)")
                    let offset = lua_type(L, 3) <= 0 ? CGVector.zero : try bridge.magnitude(at: 3, "applyImpulse(impulse, offset)")
                    bridge.locateInWorld(h, item)?.animator._withUnsafeGuaranteedRef { $0.applyImpulse(j, to: item, atOffset: offset) }
                }
                return 0
            },
            "applyTorque": { bridge, _ in
                try bridge.withItem(at: 1, "applyTorque") { h, item in
                    let t = try bridge.number(at: 2, "applyTorque(torque)")
                    guard abs(t) <= Limits.magnitude else {
                        throw LuaArgumentError(message: "applyTorque(torque): must be within ±\(Limits.magnitude), got \(t)")
                    }
                    bridge.locateInWorld(h, item)?.animator._withUnsafeGuaranteedRef { $0.applyTorque(t, to: item) }
                }
                return 0
            },
            // Fast paths: two numbers in and out, no tables.
            "getVelocity": { bridge, L in
                try bridge.withItem(at: 1, "getVelocity") { h, item in
                    let v = bridge.velocity(h, item)
                    lua_pushnumber(L, Double(v.x)); lua_pushnumber(L, Double(v.y))
                }
                return 2
            },
            "setVelocity": { bridge, _ in
                try bridge.withItem(at: 1, "setVelocity") { h, item in
                    let (x, y) = try bridge.twoNumbers(at: 2, "setVelocity(x, y)")
                    try bridge.setVelocity(h, item, CGPoint(x: x, y: y))
                }
                return 0
            },
            "getCenter": { bridge, L in
                try bridge.withItem(at: 1, "getCenter") { _, item in
                    lua_pushnumber(L, Double(item.center.x)); lua_pushnumber(L, Double(item.center.y))
                }
                return 2
            },
            "setCenter": { bridge, _ in
                try bridge.withItem(at: 1, "setCenter") { h, item in
                    let (x, y) = try bridge.twoNumbers(at: 2, "setCenter(x, y)")
                    try bridge.setCenter(h, item, CGPoint(x: x, y: y))
                }
                return 0
            },
            "getAngle": { bridge, L in
                try bridge.withItem(at: 1, "getAngle") { _, item in
                    lua_pushnumber(L, Double(item.angle))
                }
                return 1
            },
            "setAngle": { bridge, _ in
                try bridge.withItem(at: 1, "setAngle") { h, item in
                    try bridge.setAngle(h, item, try bridge.number(at: 2, "setAngle(angle)"))
                }
                return 0
            },
        ],
        properties: ItemProperty.names,
        byPosition: (
            get: { bridge, handle, object, key in
                guard let p = ItemProperty(rawValue: key) else { return false }
                getItemProperty(bridge, handle, unsafeDowncast(object, to: DynamicView.self), p)
                return true
            },
            set: { bridge, handle, object, key, value in
                guard let p = ItemProperty(rawValue: key) else { return false }
                return try setItemProperty(bridge, handle, unsafeDowncast(object, to: DynamicView.self), p, value)
            }
        )
    )

    func setCenter(_ h: UnsafeMutablePointer<Handle>, _ item: DynamicView, _ p: CGPoint) throws {
        try Validate.finite(p, "item", "center")
        item.center = p
        locate(h, item)?.animator._withUnsafeGuaranteedRef { $0.updateItem(usingCurrentState: item) }
    }

    func setAngle(_ h: UnsafeMutablePointer<Handle>, _ item: DynamicView, _ angle: Double) throws {
        try Validate.finite(angle, "item", "angle")
        item.transform = CGAffineTransform(rotationAngle: angle)
        locate(h, item)?.animator._withUnsafeGuaranteedRef { $0.updateItem(usingCurrentState: item) }
    }

    func setVelocity(_ h: UnsafeMutablePointer<Handle>, _ item: DynamicView, _ v: CGPoint) throws {
        try Validate.finite(v, "item", "velocity", max: Limits.magnitude)
        if let a = hintedAnimator(h),
           a._withUnsafeGuaranteedRef({ $0.setVelocity(v, of: item, hint: Int(h.pointee.recordHint)) }) {
            return
        }
        guard let (a, r) = locateInWorld(h, item) else {
            throw LuaArgumentError(message: "item.velocity: the item is not in an animator's world yet (add a behavior with it first; an item added during a frame joins at the next one)")
        }
        a._withUnsafeGuaranteedRef { $0.setVelocity(v, atRecord: r) }
    }
}
