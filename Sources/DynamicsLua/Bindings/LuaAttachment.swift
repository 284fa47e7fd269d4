import CLua
import CLuaShim
import Dynamics
import Foundation

// dyn.attachment{ item = a, anchor = {x, y} | to = b, offset = {dx, dy}, offsetTo = {dx, dy},
//   length, frequency, damping, type = "spring" | "sliding" | "limit" | "fixed" | "pin",
//   axis = {x, y}, range = {min, max}, frictionTorque, spring = dyn.spring{…} }

extension LuaBridge {
    static let attachmentOptions = ["item", "anchor", "to", "offset", "offsetTo", "length", "frequency", "damping",
                                    "type", "axis", "range", "frictionTorque", "spring"]
    /// Readable on an attachment; `item`, `to`, `offset`, `offsetTo`, `axis` and `type` are
    /// fixed when it is made (read-only, as UIKit's `items` and `attachedBehaviorType`).
    enum AttachmentProperty: Int, LuaProperty {
        case anchor, length, frequency, damping, frictionTorque, range, type, item, to, offset, offsetTo, axis, spring
    }

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
        // would be ignored, so it is refused.
        if ["pin", "fixed", "sliding"].contains(kind) {
            for key in ["offset", "offsetTo"] where keys.contains(key) {
                throw LuaArgumentError(message: "attachment.\(key): a \(kind) attachment holds its items at its anchor (offsets apply to spring and limit attachments)")
            }
        }
        var axis = CGVector(dx: 1, dy: 0)
        if kind == "sliding" {
            // A unit vector: the model checks it (`AttachmentBehavior.make`).
            axis = try withField("axis", of: 1) { try vector(at: $0, "attachment.axis") } ?? axis
        }
        let a = try AttachmentBehavior.make(AttachmentBehavior.Kind(rawValue: kind)!, item: item, other: other, otherName: "to",
                                            anchor: anchor, offset: Offset(horizontal: offset.dx, vertical: offset.dy),
                                            offsetTo: Offset(horizontal: offsetTo.dx, vertical: offsetTo.dy), axis: axis)
        try applyOptions(keys.filter { ["length", "frequency", "damping", "range", "frictionTorque"].contains($0) }, to: a,
                         through: LuaBridge.attachmentBinding)
        // The model refuses a spring on another kind of attachment.
        if let s = try springOption(keys, "attachment", conflicts: ["frequency", "damping"]) { a.spring = s }
        try pushNew(a, "dynamics.attachment")
        return 1
    }

    /// Which attachments a settable property means something for. Setting one on another
    /// kind (a pin's `frequency`, a spring's `range`) would be ignored by the model, so it is
    /// an error.
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

    static let attachmentBinding = behaviorBinding.extended(by: .typed(
        AttachmentBehavior.self, AttachmentProperty.self, name: "attachment",
        get: { bridge, a, p in
            let L = bridge.L
            switch p {
            case .anchor: bridge.pushPoint(a.anchorPoint)
            case .length: lua_pushnumber(L, Double(a.length))
            case .frequency: lua_pushnumber(L, Double(a.frequency))
            case .damping: lua_pushnumber(L, Double(a.damping))
            case .frictionTorque: lua_pushnumber(L, Double(a.frictionTorque))
            case .type: lua_pushstring(L, a.kind.rawValue)
            case .item: bridge.push(a.items[0], as: .item)
            case .to:
                if a.items.count == 2 { bridge.push(a.items[1], as: .item) } else { lua_pushnil(L) }
            case .offset: bridge.pushPoint(CGPoint(x: a.offsetA.dx, y: a.offsetA.dy))
            case .offsetTo:
                if a.items.count == 2 { bridge.pushPoint(CGPoint(x: a.offsetB.dx, y: a.offsetB.dy)) } else { lua_pushnil(L) }
            case .axis:
                if let axis = a.axisOfTranslation { bridge.pushPoint(CGPoint(x: axis.dx, y: axis.dy)) } else { lua_pushnil(L) }
            case .spring:
                if let s = a.spring { bridge.pushSpring(s) } else { lua_pushnil(L) }
            case .range:
                lua_createtable(L, 2, 0)
                lua_pushnumber(L, Double(a.attachmentRange.minimum)); lua_rawseti(L, -2, 1)
                lua_pushnumber(L, Double(a.attachmentRange.maximum)); lua_rawseti(L, -2, 2)
            }
            return true
        },
        set: { bridge, a, p, v in
            // The ranges are the model's: its setters check them before anything changes.
            try checkApplies("\(p)", to: a)
            switch p {
            case .anchor: a.anchorPoint = try bridge.point(at: v, "attachment.anchor")
            case .length: a.length = try bridge.number(at: v, "attachment.length")
            case .frequency: a.frequency = try bridge.number(at: v, "attachment.frequency")
            case .damping: a.damping = try bridge.number(at: v, "attachment.damping")
            case .frictionTorque: a.frictionTorque = try bridge.number(at: v, "attachment.frictionTorque")
            case .range:
                // nil removes the limit; an infinite end (as `range` reads back without one) is
                // no limit on that side.
                if lua_type(bridge.L, v) == LUA_TNIL {
                    a.attachmentRange = FloatRange(minimum: -.infinity, maximum: .infinity)
                    return true
                }
                let (lo, hi) = try bridge.pair(at: v, "attachment.range", keys: ("min", "max"), infinite: true)
                a.attachmentRange = FloatRange(minimum: lo, maximum: hi)
            case .spring:
                a.spring = lua_type(bridge.L, v) == LUA_TNIL ? nil : try bridge.spring(at: v, "attachment.spring")
            case .type, .item, .to, .offset, .offsetTo, .axis: return false
            }
            return true
        }
    ))
}
