import CLua
import CLuaShim
import Dynamics
import Foundation

// dyn.attachment{ item = a, anchor = {x, y} | to = b, offset = {dx, dy}, offsetTo = {dx, dy},
//   length, frequency, damping, type = "spring" | "sliding" | "limit" | "fixed" | "pin",
//   axis = {x, y}, range = {min, max}, frictionTorque }
// dyn.snap{ item, point = {x, y}, damping }
// dyn.push{ items, mode = "continuous" | "instantaneous", direction = {x, y} | angle, magnitude,
//   active }; p:setTargetOffset(item, {dx, dy})

extension LuaBridge {
    static let attachmentOptions = ["item", "anchor", "to", "offset", "offsetTo", "length", "frequency", "damping",
                                    "type", "axis", "range", "frictionTorque", "spring"]
    /// Readable on an attachment; `item`, `to`, `offset`, `offsetTo`, `axis` and `type` are
    /// fixed when it is made (read-only, as UIKit's `items` and `attachedBehaviorType`).
    static let attachmentProperties = ["anchor", "length", "frequency", "damping", "frictionTorque", "range", "type",
                                       "item", "to", "offset", "offsetTo", "axis", "spring"]

    func makeAttachment() throws -> Int32 {
        let keys = try options(at: 1, "dynamics.attachment", allowed: LuaBridge.attachmentOptions)
        guard let item = try withField("item", of: 1, { try object(at: $0, .item, as: DynamicView.self, what: "attachment.item") }) else {
            throw LuaArgumentError(message: "attachment.item: required")
        }
        let other = try withField("to", of: 1) { try object(at: $0, .item, as: DynamicView.self, what: "attachment.to") }
        let anchor = try withField("anchor", of: 1) { try point(at: $0, "attachment.anchor") }
        let offset = try withField("offset", of: 1) { try vector(at: $0, "attachment.offset") } ?? .zero
        let offsetTo = try withField("offsetTo", of: 1) { try vector(at: $0, "attachment.offsetTo") } ?? .zero
        let kind = try withField("type", of: 1) { i -> String in
            guard let s = string(at: i), AttachmentBehavior.Kind(rawValue: s) != nil else {
                throw LuaArgumentError(message: "attachment.type: expected \"spring\", \"sliding\", \"limit\", \"fixed\" or \"pin\"")
            }
            return s
        } ?? "spring"
        guard (other == nil) != (anchor == nil) || kind != "spring" else {
            throw LuaArgumentError(message: "attachment: give either anchor = {x, y} or to = item")
        }
        // Pin, fixed and sliding attachments hold their items at the anchor: an offset there
        // would be ignored (it was, unchecked), so it is refused.
        if ["pin", "fixed", "sliding"].contains(kind) {
            for key in ["offset", "offsetTo"] where keys.contains(key) {
                throw LuaArgumentError(message: "attachment.\(key): a \(kind) attachment holds its items at its anchor (offsets apply to spring and limit attachments)")
            }
        }
        var axis = CGVector(dx: 1, dy: 0)
        if kind == "sliding" {
            axis = try withField("axis", of: 1) { try vector(at: $0, "attachment.axis") } ?? axis
            let l = (axis.dx * axis.dx + axis.dy * axis.dy).squareRoot()
            guard abs(l - 1) < 1e-6 else { throw LuaArgumentError(message: "attachment.axis: must be a unit vector, got length \(l)") }
        }
        let a = try AttachmentBehavior.make(AttachmentBehavior.Kind(rawValue: kind)!, item: item, other: other, otherName: "to",
                                            anchor: anchor, offset: Offset(horizontal: offset.dx, vertical: offset.dy),
                                            offsetTo: Offset(horizontal: offsetTo.dx, vertical: offsetTo.dy), axis: axis)
        for key in keys where ["length", "frequency", "damping", "range", "frictionTorque"].contains(key) {
            dyn_lua_rawgetfield(L, 1, key)
            defer { lua_settop(L, -2) }
            _ = try LuaBridge.setJointProperty(self, a, key, lua_gettop(L))
        }
        if let s = try springOption(keys, "attachment", conflicts: ["frequency", "damping"]) { a.spring = s } // LuaSpring.swift
        try pushNew(a, "dynamics.attachment")
        return 1
    }

    func makeSnap() throws -> Int32 {
        let keys = try options(at: 1, "dynamics.snap", allowed: ["item", "point", "damping", "frequency", "spring"])
        guard let item = try withField("item", of: 1, { try object(at: $0, .item, as: DynamicView.self, what: "snap.item") }) else {
            throw LuaArgumentError(message: "snap.item: required")
        }
        let point = try withField("point", of: 1) { try self.point(at: $0, "snap.point") } ?? item.center
        let s = SnapBehavior(item: item, snapTo: point)
        if let d = try withField("damping", of: 1, { try number(at: $0, "snap.damping") }) {
            guard d >= 0, d <= 1 else { throw LuaArgumentError(message: "snap.damping: must be in 0…1, got \(d)") }
            s.damping = d
        }
        try applySnapSpringOptions(s, keys) // frequency and spring: LuaSpring.swift
        try pushNew(s, "dynamics.snap")
        return 1
    }

    func makePush() throws -> Int32 {
        let keys = try options(at: 1, "dynamics.push", allowed: ["items", "mode", "direction", "angle", "magnitude", "active"])
        try LuaBridge.checkAlternatives(keys, "push")
        let mode = try withField("mode", of: 1) { i -> PushBehavior.Mode in
            switch string(at: i) {
            case "continuous": return .continuous
            case "instantaneous": return .instantaneous
            default: throw LuaArgumentError(message: "push.mode: expected \"continuous\" or \"instantaneous\"")
            }
        } ?? .continuous
        let p = PushBehavior(items: try withField("items", of: 1) { try items(at: $0, "push.items") } ?? [], mode: mode)
        for key in keys where key != "items" && key != "mode" {
            dyn_lua_rawgetfield(L, 1, key)
            defer { lua_settop(L, -2) }
            _ = try LuaBridge.setJointProperty(self, p, key, lua_gettop(L))
        }
        try pushNew(p, "dynamics.push")
        return 1
    }

    static func getJointProperty(_ bridge: LuaBridge, _ object: AnyObject, _ key: String) -> Bool {
        if getSpringProperty(bridge, object, key) { return true } // LuaSpring.swift
        let L = bridge.L
        switch (object, key) {
        case (let a as AttachmentBehavior, "anchor"): bridge.pushPoint(a.anchorPoint)
        case (let a as AttachmentBehavior, "length"): lua_pushnumber(L, Double(a.length))
        case (let a as AttachmentBehavior, "frequency"): lua_pushnumber(L, Double(a.frequency))
        case (let a as AttachmentBehavior, "damping"): lua_pushnumber(L, Double(a.damping))
        case (let a as AttachmentBehavior, "frictionTorque"): lua_pushnumber(L, Double(a.frictionTorque))
        case (let a as AttachmentBehavior, "type"): lua_pushstring(L, a.kind.rawValue)
        case (let a as AttachmentBehavior, "item"): bridge.push(a.items[0], as: .item)
        case (let a as AttachmentBehavior, "to"):
            if a.items.count == 2 { bridge.push(a.items[1], as: .item) } else { lua_pushnil(L) }
        case (let a as AttachmentBehavior, "offset"): bridge.pushPoint(CGPoint(x: a.offsetA.dx, y: a.offsetA.dy))
        case (let a as AttachmentBehavior, "offsetTo"):
            if a.items.count == 2 { bridge.pushPoint(CGPoint(x: a.offsetB.dx, y: a.offsetB.dy)) } else { lua_pushnil(L) }
        case (let a as AttachmentBehavior, "axis"):
            if let axis = a.axisOfTranslation { bridge.pushPoint(CGPoint(x: axis.dx, y: axis.dy)) } else { lua_pushnil(L) }
        case (let a as AttachmentBehavior, "range"):
            lua_createtable(L, 2, 0)
            lua_pushnumber(L, Double(a.attachmentRange.minimum)); lua_rawseti(L, -2, 1)
            lua_pushnumber(L, Double(a.attachmentRange.maximum)); lua_rawseti(L, -2, 2)
        case (let s as SnapBehavior, "point"): bridge.pushPoint(s.snapPoint)
        case (let s as SnapBehavior, "damping"): lua_pushnumber(L, Double(s.damping))
        case (let p as PushBehavior, "direction"): bridge.pushPoint(CGPoint(x: p.pushDirection.dx, y: p.pushDirection.dy))
        case (let p as PushBehavior, "angle"): lua_pushnumber(L, Double(p.angle))
        case (let p as PushBehavior, "magnitude"): lua_pushnumber(L, Double(p.magnitude))
        case (let p as PushBehavior, "active"): lua_pushboolean(L, p.active ? 1 : 0)
        case (let p as PushBehavior, "mode"): lua_pushstring(L, p.mode == .continuous ? "continuous" : "instantaneous")
        default: return false
        }
        return true
    }

    /// Which attachments a settable property means something for. Setting one on another
    /// kind used to be accepted and ignored (a pin's `frequency`, a spring's `range`, a
    /// sliding attachment's `frictionTorque` before it had friction): now it is an error.
    static let attachmentKindsByProperty: [String: Set<AttachmentBehavior.Kind>] = [
        "length": [.spring, .limit],
        "frequency": [.spring],
        "damping": [.spring],
        "frictionTorque": [.pin, .sliding],
        "range": [.pin, .sliding],
    ]

    static func checkApplies(_ key: String, to a: AttachmentBehavior) throws {
        if key == "anchor" {
            guard a.items.count == 1 else {
                throw LuaArgumentError(message: "attachment.anchor: this \(a.kind.rawValue) attachment joins two items and has no anchor to move")
            }
            return
        }
        guard let kinds = attachmentKindsByProperty[key], !kinds.contains(a.kind) else { return }
        let names = kinds.map { "\"\($0.rawValue)\"" }.sorted().joined(separator: " and ")
        throw LuaArgumentError(message: "attachment.\(key): applies to \(names) attachments, not \"\(a.kind.rawValue)\"")
    }

    static func setJointProperty(_ bridge: LuaBridge, _ object: AnyObject, _ key: String, _ v: Int32) throws -> Bool {
        func nonNegative(_ what: String) throws -> Double {
            let x = try bridge.number(at: v, what)
            guard x >= 0 else { throw LuaArgumentError(message: "\(what): must be ≥ 0, got \(x)") }
            return x
        }
        if let a = object as? AttachmentBehavior { try checkApplies(key, to: a) }
        if try setSpringProperty(bridge, object, key, v) { return true } // LuaSpring.swift
        switch (object, key) {
        case (let a as AttachmentBehavior, "anchor"): a.anchorPoint = try bridge.point(at: v, "attachment.anchor")
        case (let a as AttachmentBehavior, "length"): a.length = try nonNegative("attachment.length")
        case (let a as AttachmentBehavior, "frequency"): a.frequency = try nonNegative("attachment.frequency")
        case (let a as AttachmentBehavior, "damping"): a.damping = try nonNegative("attachment.damping")
        case (let a as AttachmentBehavior, "frictionTorque"): a.frictionTorque = try nonNegative("attachment.frictionTorque")
        case (let a as AttachmentBehavior, "range"):
            // nil removes the limit; an infinite end (as `range` reads back without one) is
            // no limit on that side.
            if lua_type(bridge.L, v) == LUA_TNIL {
                a.attachmentRange = FloatRange(minimum: -.infinity, maximum: .infinity)
                return true
            }
            let (lo, hi) = try bridge.pair(at: v, "attachment.range", keys: ("min", "max"), infinite: true)
            guard lo <= 0, hi >= 0 else { throw LuaArgumentError(message: "attachment.range: must contain 0, got {\(lo), \(hi)}") }
            a.attachmentRange = FloatRange(minimum: lo, maximum: hi)
        case (let s as SnapBehavior, "point"): s.snapPoint = try bridge.point(at: v, "snap.point")
        case (let s as SnapBehavior, "damping"):
            let d = try bridge.number(at: v, "snap.damping")
            guard d >= 0, d <= 1 else { throw LuaArgumentError(message: "snap.damping: must be in 0…1, got \(d)") }
            s.damping = d
        case (let p as PushBehavior, "direction"): p.pushDirection = try bridge.vector(at: v, "push.direction")
        case (let p as PushBehavior, "angle"): p.angle = try bridge.number(at: v, "push.angle")
        case (let p as PushBehavior, "magnitude"): p.magnitude = try bridge.number(at: v, "push.magnitude")
        case (let p as PushBehavior, "active"): p.active = try bridge.bool(at: v, "push.active")
        default: return false
        }
        return true
    }
}
