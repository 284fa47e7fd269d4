import Foundation

/// A parameter value of a registered behavior.
public enum ParameterValue: Equatable, Sendable, CustomStringConvertible {
    case number(Double)
    case bool(Bool)
    case string(String)
    case vector(CGVector)

    /// The type's name in messages: number, boolean, string, vector.
    public var typeName: String {
        switch self {
        case .number: "number"
        case .bool: "boolean"
        case .string: "string"
        case .vector: "vector"
        }
    }

    public var description: String {
        switch self {
        case .number(let v): Self.shown(v)
        case .bool(let v): "\(v)"
        case .string(let v): "\"\(v)\""
        case .vector(let v): "{\(Self.shown(v.dx)), \(Self.shown(v.dy))}"
        }
    }

    /// A number as a script would write it: an integral one without ".0" (`k = 2`, listed
    /// as `2.0` before).
    static func shown(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(v)"
    }

    public var number: Double? { if case .number(let v) = self { v } else { nil } }
    public var bool: Bool? { if case .bool(let v) = self { v } else { nil } }
    public var string: String? { if case .string(let v) = self { v } else { nil } }
    public var vector: CGVector? { if case .vector(let v) = self { v } else { nil } }
}

/// One registered behavior kind: built-in, Swift plugin or a plugin an embedder loads from a script.
public struct BehaviorDefinition: Sendable {
    public enum Origin: String, Sendable { case builtIn = "built-in", swift, script }

    public var name: String
    public var summary: String
    public var origin: Origin
    /// Parameters with their defaults; an override must have the default's type.
    public var parameters: [(name: String, defaultValue: ParameterValue)]
    /// Parameters without a fixed default, each with a value of its type: an override must
    /// have that type, and one not given is absent from what `make` receives. For what a
    /// default cannot say: a spring's length is the distance when it is made, a snap's point
    /// its item's center, and a gravity given a `direction` must keep that direction's length
    /// (a default magnitude applied after it would reset it).
    public var optionalParameters: [(name: String, example: ParameterValue)]
    /// Builds a behavior for `items` from the resolved parameters (defaults plus overrides).
    public var make: @Sendable (_ items: [DynamicItem], _ parameters: [String: ParameterValue]) throws -> DynamicBehavior

    public init(name: String, summary: String, origin: Origin = .swift,
                parameters: [(name: String, defaultValue: ParameterValue)],
                optionalParameters: [(name: String, example: ParameterValue)] = [],
                make: @escaping @Sendable ([DynamicItem], [String: ParameterValue]) throws -> DynamicBehavior) {
        self.name = name
        self.summary = summary
        self.origin = origin
        self.parameters = parameters
        self.optionalParameters = optionalParameters
        self.make = make
    }

    /// Every parameter's name: those with defaults, then the optional ones.
    public var parameterNames: [String] { parameters.map(\.name) + optionalParameters.map(\.name) }

    /// The parameters as listings show them: `name = default` for those with a default,
    /// `name: type` for the optional ones ("none" if there are none).
    public var parameterList: String {
        let all = parameters.map { "\($0.name) = \($0.defaultValue)" } + optionalParameters.map { "\($0.name): \($0.example.typeName)" }
        return all.isEmpty ? "none" : all.joined(separator: ", ")
    }
}

/// Behaviors by name: the built-ins, and the Swift and scripted plugins registered with it.
/// They share this one namespace and compose freely.
/// Thread-safe.
public final class BehaviorRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var definitions: [String: BehaviorDefinition] = [:]
    private var order: [String] = []

    /// The process-wide registry, with the built-ins.
    public static let shared = BehaviorRegistry(builtIns: true)

    /// A registry with the built-ins (or an empty one).
    public init(builtIns: Bool = true) {
        if builtIns { for d in BehaviorRegistry.builtInDefinitions { try! register(d) } }
    }

    /// Registers a definition. Throws if the name is taken or a parameter name repeats.
    public func register(_ definition: BehaviorDefinition) throws {
        lock.lock(); defer { lock.unlock() }
        guard !definition.name.isEmpty else {
            throw DynamicsError(owner: "BehaviorRegistry", property: "name", message: "must not be empty")
        }
        guard definitions[definition.name] == nil else {
            throw DynamicsError(owner: "BehaviorRegistry", property: definition.name,
                                message: "is already registered (\(definitions[definition.name]!.origin.rawValue))")
        }
        var seen = Set<String>()
        for p in definition.parameterNames where !seen.insert(p).inserted {
            throw DynamicsError(owner: definition.name, property: p, message: "is declared twice")
        }
        definitions[definition.name] = definition
        order.append(definition.name)
    }

    /// Registered names, in registration order.
    public var names: [String] { lock.lock(); defer { lock.unlock() }; return order }

    public func definition(named name: String) -> BehaviorDefinition? {
        lock.lock(); defer { lock.unlock() }
        return definitions[name]
    }

    /// Builds the behavior `name` for `items`, with `overrides` checked against the
    /// parameters' defaults. Errors name the behavior and the parameter; an unknown name
    /// lists what is available.
    public func makeBehavior(named name: String, items: [DynamicItem],
                             overrides: [String: ParameterValue] = [:]) throws -> DynamicBehavior {
        guard let d = definition(named: name) else {
            throw DynamicsError(owner: "BehaviorRegistry", property: name,
                                message: "no such behavior; available: \(names.joined(separator: ", "))")
        }
        var resolved: [String: ParameterValue] = [:]
        for p in d.parameters { resolved[p.name] = p.defaultValue }
        for (key, value) in overrides.sorted(by: { $0.key < $1.key }) {
            guard let def = resolved[key] ?? d.optionalParameters.first(where: { $0.name == key })?.example else {
                throw DynamicsError(owner: name, property: key,
                                    message: "unknown parameter; parameters: \(d.parameterNames.joined(separator: ", "))")
            }
            guard def.typeName == value.typeName else {
                throw DynamicsError(owner: name, property: key, message: "must be a \(def.typeName), got a \(value.typeName) (\(value))")
            }
            if case .number(let v) = value, !v.isFinite {
                throw DynamicsError(owner: name, property: key, message: "must be finite, got \(v)")
            }
            if case .vector(let v) = value, !(v.dx.isFinite && v.dy.isFinite) {
                throw DynamicsError(owner: name, property: key, message: "must be finite, got \(value)")
            }
            resolved[key] = value
        }
        // A value the behavior's own setters refuse (a magnitude of 1e300) is this call's
        // error, not a trap.
        return try InvalidInput.catching { try d.make(items, resolved) }
    }
}

extension BehaviorRegistry {
    /// The built-ins of this release, by the names their definitions give (`gravity`,
    /// `attachment`, `field.radialGravity`…), with their parameters' names.
    static let builtInDefinitions: [BehaviorDefinition] = [
        BehaviorDefinition(
            name: "gravity", summary: "constant acceleration, by default {0, 1}; magnitude 1 = 1000 pt/s²", origin: .builtIn,
            parameters: [],
            optionalParameters: [("direction", .vector(CGVector(dx: 0, dy: 1))), ("angle", .number(0)), ("magnitude", .number(1))]
        ) { items, p in
            let g = GravityBehavior(items: items)
            if p["angle"] != nil && p["direction"] != nil {
                throw DynamicsError(owner: "gravity", property: "angle", message: "give direction or angle, not both")
            }
            if let direction = p["direction"]?.vector { g.gravityDirection = direction }
            if let angle = p["angle"]?.number { g.angle = angle }
            if let magnitude = p["magnitude"]?.number { g.magnitude = magnitude }
            return g
        },
        BehaviorDefinition(
            name: "collision", summary: "items collide with each other and with boundaries", origin: .builtIn,
            parameters: [("mode", .string("everything")), ("boundsAsBoundary", .bool(false)),
                         ("boundaryElasticity", .number(0)), ("boundaryFriction", .number(0.2))]
        ) { items, p in
            let c = CollisionBehavior(items: items)
            switch p["mode"]!.string! {
            case "everything": c.collisionMode = .everything
            case "items": c.collisionMode = .items
            case "boundaries": c.collisionMode = .boundaries
            case let other:
                throw DynamicsError(owner: "collision", property: "mode",
                                    message: "must be \"items\", \"boundaries\" or \"everything\", got \"\(other)\"")
            }
            c.translatesReferenceBoundsIntoBoundary = p["boundsAsBoundary"]!.bool!
            c.boundaryElasticity = p["boundaryElasticity"]!.number!
            c.boundaryFriction = p["boundaryFriction"]!.number!
            return c
        },
        BehaviorDefinition(
            name: "itemBehavior", summary: "item properties: elasticity, friction, density, resistance, …", origin: .builtIn,
            parameters: [
                ("elasticity", .number(0.2)), ("friction", .number(0.2)), ("density", .number(1)),
                ("resistance", .number(0.1)), ("angularResistance", .number(0.1)),
                ("allowsRotation", .bool(true)), ("anchored", .bool(false)), ("charge", .number(0)),
            ]
        ) { items, p in
            let b = DynamicItemBehavior(items: items)
            func check(_ key: String, signed: Bool = false) throws -> CGFloat {
                let v = p[key]!.number!
                if !signed { try Validate.nonNegative(v, "itemBehavior", key) }
                return v
            }
            b.elasticity = try check("elasticity")
            b.friction = try check("friction")
            let density = p["density"]!.number!
            try Validate.density(density, "itemBehavior")
            b.density = density
            b.resistance = try check("resistance")
            b.angularResistance = try check("angularResistance")
            b.allowsRotation = p["allowsRotation"]!.bool!
            b.isAnchored = p["anchored"]!.bool!
            b.charge = try check("charge", signed: true)
            return b
        },
        BehaviorDefinition(
            name: "attachment",
            summary: "a spring, rod, rope, weld, pin or slide between an item and an anchor, or two items", origin: .builtIn,
            parameters: [("type", .string("spring"))],
            optionalParameters: [
                ("anchor", .vector(.zero)), ("offset", .vector(.zero)), ("offsetTo", .vector(.zero)),
                ("length", .number(0)), ("frequency", .number(0)), ("damping", .number(0)),
                ("axis", .vector(CGVector(dx: 1, dy: 0))), ("range", .vector(.zero)), ("frictionTorque", .number(0)),
            ]
        ) { items, p in try BehaviorRegistry.makeAttachment(items, p) },
        BehaviorDefinition(
            name: "snap", summary: "pulls its one item to a point (by default where the item is)", origin: .builtIn,
            parameters: [("damping", .number(0.5)), ("frequency", .number(SnapBehavior.frequency))],
            optionalParameters: [("point", .vector(.zero))]
        ) { items, p in
            guard items.count == 1 else {
                throw DynamicsError(owner: "snap", property: "items", message: "a snap has exactly one item, got \(items.count)")
            }
            let point = p["point"]?.vector.map { CGPoint(x: $0.dx, y: $0.dy) } ?? items[0].center
            let s = SnapBehavior(item: items[0], snapTo: point)
            let damping = p["damping"]!.number!
            guard damping >= 0, damping <= 1 else {
                throw DynamicsError(owner: "snap", property: "damping", message: "must be in 0…1, got \(damping)")
            }
            s.damping = damping
            let frequency = p["frequency"]!.number!
            try Validate.positive(frequency, "snap", "frequency", max: Spring.frequencyRange.upperBound)
            s.frequency = frequency
            return s
        },
        BehaviorDefinition(
            name: "push", summary: "a force, continuous or once (\"instantaneous\"); magnitude in UIKit Newtons", origin: .builtIn,
            parameters: [("mode", .string("continuous")), ("active", .bool(true))],
            optionalParameters: [("direction", .vector(.zero)), ("angle", .number(0)), ("magnitude", .number(0))]
        ) { items, p in
            let mode: PushBehavior.Mode
            switch p["mode"]!.string! {
            case "continuous": mode = .continuous
            case "instantaneous": mode = .instantaneous
            case let other:
                throw DynamicsError(owner: "push", property: "mode", message: "must be \"continuous\" or \"instantaneous\", got \"\(other)\"")
            }
            if p["direction"] != nil && p["angle"] != nil {
                throw DynamicsError(owner: "push", property: "angle", message: "give direction or angle, not both")
            }
            let push = PushBehavior(items: items, mode: mode)
            if let d = p["direction"]?.vector { push.pushDirection = d }
            if let a = p["angle"]?.number { push.angle = a }
            if let m = p["magnitude"]?.number { push.magnitude = m }
            push.active = p["active"]!.bool!
            return push
        },
        fieldDefinition("drag", "slows items down, quadratic in their speed") { .dragField() },
        fieldDefinition("vortex", "spins items around its position") { .vortexField() },
        fieldDefinition("radialGravity", "attracts items toward its position (falloff 2)") { .radialGravityField(position: .zero) },
        fieldDefinition("linearGravity", "a uniform acceleration along its direction") { .linearGravityField(direction: CGVector(dx: 0, dy: 1)) },
        fieldDefinition("velocity", "sets its items' velocity to 100·direction pt/s") { .velocityField(direction: .zero) },
        fieldDefinition("noise", "smooth random forces") { .noiseField(smoothness: 0, animationSpeed: 0) },
        fieldDefinition("turbulence", "noise that only moving items feel") { .turbulenceField(smoothness: 0, animationSpeed: 0) },
        fieldDefinition("spring", "pulls items toward its position with Hooke's law") { .springField() },
        fieldDefinition("electric", "pushes charged items away from its position") { .electricField() },
        fieldDefinition("magnetic", "turns moving charged items") { .magneticField() },
    ]
}

extension BehaviorRegistry {
    /// A field kind's definition, named `field.KIND`.
    /// Its region (a `Region`, which no parameter value holds) is set on the field it returns.
    /// Custom fields are not registered: their evaluation is a function.
    static func fieldDefinition(_ kind: String, _ summary: String,
                                _ make: @escaping @Sendable () -> FieldBehavior) -> BehaviorDefinition {
        BehaviorDefinition(
            name: "field.\(kind)", summary: summary, origin: .builtIn,
            parameters: [("position", .vector(.zero)), ("strength", .number(1)), ("minimumRadius", .number(0)),
                         ("smoothness", .number(0)), ("animationSpeed", .number(0))],
            // The kind's own: linear gravity points down and each kind has its falloff.
            optionalParameters: [("falloff", .number(0)), ("direction", .vector(.zero))]
        ) { items, p in
            let f = make()
            for item in items { f.addItem(item) }
            let position = p["position"]!.vector!
            f.position = CGPoint(x: position.dx, y: position.dy)
            f.strength = p["strength"]!.number!
            for key in ["minimumRadius", "smoothness", "animationSpeed"] {
                try Validate.nonNegative(p[key]!.number!, "field.\(kind)", key)
            }
            f.minimumRadius = p["minimumRadius"]!.number!
            f.smoothness = p["smoothness"]!.number!
            f.animationSpeed = p["animationSpeed"]!.number!
            if let falloff = p["falloff"]?.number { f.falloff = falloff }
            if let direction = p["direction"]?.vector { f.direction = direction }
            return f
        }
    }

    /// The attachment of `items` (an item and an anchor, or two items) as the parameters say,
    /// by `AttachmentBehavior`'s rules for each kind.
    static func makeAttachment(_ items: [DynamicItem], _ p: [String: ParameterValue]) throws -> AttachmentBehavior {
        func error(_ property: String, _ message: String) -> DynamicsError {
            DynamicsError(owner: "attachment", property: property, message: message)
        }
        guard let kind = AttachmentBehavior.Kind(rawValue: p["type"]!.string!) else {
            throw error("type", "must be \"spring\", \"sliding\", \"limit\", \"fixed\" or \"pin\", got \"\(p["type"]!.string!)\"")
        }
        guard items.count == 1 || items.count == 2 else {
            throw error("items", "expected {item} with an anchor, or {item, to}; got \(items.count) items")
        }
        let other = items.count == 2 ? items[1] : nil
        let anchor = p["anchor"]?.vector.map { CGPoint(x: $0.dx, y: $0.dy) }
        func offset(_ key: String) -> Offset {
            let v = p[key]?.vector ?? .zero
            return Offset(horizontal: v.dx, vertical: v.dy)
        }
        if kind == .spring, (other == nil) == (anchor == nil) { throw error("anchor", "give either an anchor or a second item") }
        let a = try AttachmentBehavior.make(kind, item: items[0], other: other, otherName: "items", anchor: anchor,
                                            offset: offset("offset"), offsetTo: offset("offsetTo"),
                                            axis: p["axis"]?.vector ?? CGVector(dx: 1, dy: 0))
        if let v = p["length"]?.number { a.length = v }
        if let v = p["frequency"]?.number { a.frequency = v }
        if let v = p["damping"]?.number { a.damping = v }
        if let v = p["frictionTorque"]?.number { a.frictionTorque = v }
        if let v = p["range"]?.vector { a.attachmentRange = FloatRange(minimum: v.dx, maximum: v.dy) }
        return a
    }
}
