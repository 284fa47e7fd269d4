import Dynamics
import DynamicsLua
import Foundation

/// The behaviors acting on an item and their parameters as the inspector shows and edits
/// them, read and set through the model's public API (its setters validate; a refused value
/// is an error naming the parameter).
enum BehaviorFacets {
    /// A numeric parameter: its name, how it is read, and how it is set (nil: shown only).
    struct Number {
        let name: String
        let get: (DynamicBehavior) -> CGFloat
        let set: ((DynamicBehavior, CGFloat) -> Void)?
    }

    /// The behaviors of `animator`'s tree (depth first, in order) whose items include `item`.
    static func acting(on item: DynamicItem, in animator: DynamicAnimator) -> [DynamicBehavior] {
        var found: [DynamicBehavior] = []
        func visit(_ b: DynamicBehavior) {
            if items(of: b).contains(where: { $0 === item }) { found.append(b) }
            for child in b.childBehaviors { visit(child) }
        }
        for b in animator.behaviors { visit(b) }
        return found
    }

    /// The items a behavior governs (none for a behavior that only groups others).
    static func items(of b: DynamicBehavior) -> [DynamicItem] {
        switch b {
        case let g as GravityBehavior: return g.items
        case let c as CollisionBehavior: return c.items
        case let d as DynamicItemBehavior: return d.items
        case let a as AttachmentBehavior: return a.items
        case let s as SnapBehavior: return [s.item]
        case let r as ReleaseBehavior: return [r.item]
        case let c as any CustomBehavior: return c.items
        // A behavior made outside the model (a Lua plugin's) names its items here.
        default: return b.embedderItems
        }
    }

    /// The class name without its module, e.g. "GravityBehavior"; a behavior a script made
    /// by what the script calls it ("wind (plugin)", "behavior (script)").
    static func typeName(_ b: DynamicBehavior, bridge: LuaBridge? = nil) -> String {
        bridge?.scriptedBehaviorName(b) ?? String(describing: type(of: b))
    }

    /// `b`'s numeric parameters, in the order the inspector lists them.
    static func numbers(of b: DynamicBehavior) -> [Number] {
        func n<B: DynamicBehavior>(_ name: String, _ kp: ReferenceWritableKeyPath<B, CGFloat>) -> Number {
            Number(name: name, get: { ($0 as! B)[keyPath: kp] }, set: { ($0 as! B)[keyPath: kp] = $1 })
        }
        func shown<B: DynamicBehavior>(_ name: String, _ get: @escaping (B) -> CGFloat) -> Number {
            Number(name: name, get: { get($0 as! B) }, set: nil)
        }
        switch b {
        case is GravityBehavior:
            return [n("magnitude", \GravityBehavior.magnitude), n("angle", \GravityBehavior.angle)]
        case is CollisionBehavior:
            return [n("boundaryElasticity", \CollisionBehavior.boundaryElasticity), n("boundaryFriction", \CollisionBehavior.boundaryFriction)]
        case is DynamicItemBehavior:
            return [n("elasticity", \DynamicItemBehavior.elasticity), n("friction", \DynamicItemBehavior.friction),
                    n("density", \DynamicItemBehavior.density), n("resistance", \DynamicItemBehavior.resistance),
                    n("angularResistance", \DynamicItemBehavior.angularResistance), n("charge", \DynamicItemBehavior.charge)]
        case is AttachmentBehavior:
            return [n("length", \AttachmentBehavior.length), n("frequency", \AttachmentBehavior.frequency),
                    n("damping", \AttachmentBehavior.damping), n("frictionTorque", \AttachmentBehavior.frictionTorque),
                    shown("anchorX") { (a: AttachmentBehavior) in a.anchorPoint.x },
                    shown("anchorY") { (a: AttachmentBehavior) in a.anchorPoint.y }]
        case is SnapBehavior:
            return [n("frequency", \SnapBehavior.frequency), n("damping", \SnapBehavior.damping),
                    shown("snapX") { (s: SnapBehavior) in s.snapPoint.x }, shown("snapY") { (s: SnapBehavior) in s.snapPoint.y }]
        case is PushBehavior:
            return [n("magnitude", \PushBehavior.magnitude), n("angle", \PushBehavior.angle)]
        case is FieldBehavior:
            return [n("strength", \FieldBehavior.strength), n("falloff", \FieldBehavior.falloff),
                    n("minimumRadius", \FieldBehavior.minimumRadius), n("smoothness", \FieldBehavior.smoothness),
                    n("animationSpeed", \FieldBehavior.animationSpeed),
                    shown("positionX") { (f: FieldBehavior) in f.position.x }, shown("positionY") { (f: FieldBehavior) in f.position.y }]
        case is ReleaseBehavior:
            return [n("frequency", \ReleaseBehavior.frequency), n("damping", \ReleaseBehavior.damping),
                    n("decelerationRate", \ReleaseBehavior.decelerationRate)]
        default:
            return []
        }
    }

    /// `b`'s parameters that are not numbers (modes and flags), as text.
    static func texts(of b: DynamicBehavior) -> [(String, String)] {
        switch b {
        case let c as CollisionBehavior:
            let mode = c.collisionMode == .everything ? "everything" : c.collisionMode == .items ? "items" : c.collisionMode == .boundaries ? "boundaries" : "none"
            return [("collisionMode", mode), ("boundsAsBoundary", "\(c.translatesReferenceBoundsIntoBoundary)")]
        case let d as DynamicItemBehavior:
            return [("allowsRotation", "\(d.allowsRotation)"), ("isAnchored", "\(d.isAnchored)")]
        case let a as AttachmentBehavior:
            return [("kind", a.kind.rawValue), ("attachedTo", a.attachedBehaviorType == .anchor ? "anchor" : "items")]
        case let p as PushBehavior:
            return [("mode", p.mode == .continuous ? "continuous" : "instantaneous"), ("active", "\(p.active)")]
        case let r as ReleaseBehavior:
            return [("settled", "\(r.isSettled)")]
        default:
            return []
        }
    }

    /// The inspector's list of `b`'s parameters: numbers (finite values; a NaN or infinite one
    /// shows as text, JSON has no such numbers), then texts.
    /// A Lua plugin's parameters are listed as its params table holds them, not editable.
    static func params(of b: DynamicBehavior, bridge: LuaBridge? = nil) -> [ItemInspection.Param] {
        if let plugin = bridge?.pluginInspection(of: b) {
            return plugin.params.map { .init(name: $0.name, value: $0.value.flatMap { $0.isFinite ? $0 : nil }, text: $0.text, editable: false) }
        }
        return numbers(of: b).map { number in
            let v = Double(number.get(b))
            return v.isFinite ? .init(name: number.name, value: v, text: nil, editable: number.set != nil)
                : .init(name: number.name, value: nil, text: "\(v)", editable: number.set != nil)
        } + texts(of: b).map { .init(name: $0.0, value: nil, text: $0.1, editable: false) }
    }

    /// Sets `b`'s numeric parameter `name` through the model's setter, which validates it.
    /// `label` names the parameter in errors (`behaviors.0.magnitude`).
    static func set(_ name: String, to value: Double, on b: DynamicBehavior, label: String) throws(CommandError) {
        let all = numbers(of: b)
        guard let number = all.first(where: { $0.name == name }) else {
            let editable = all.filter { $0.set != nil }.map(\.name)
            throw CommandError("edit.property: \(typeName(b)) has no number \"\(LuaBridge.shown(name))\" to edit (\(editable.isEmpty ? "it has none" : editable.joined(separator: ", ")))")
        }
        guard let set = number.set else {
            throw CommandError("edit.property: \(label) is shown, not editable")
        }
        do {
            try InvalidInput.catching { set(b, CGFloat(value)) }
        } catch let error as DynamicsError {
            throw CommandError("edit.value: \(label): \(error.description)")
        } catch {
            throw CommandError("edit.value: \(label): \(error)")
        }
    }
}
