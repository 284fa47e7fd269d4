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
        case .number(let v): "\(v)"
        case .bool(let v): "\(v)"
        case .string(let v): "\"\(v)\""
        case .vector(let v): "{\(v.dx), \(v.dy)}"
        }
    }

    public var number: Double? { if case .number(let v) = self { v } else { nil } }
    public var bool: Bool? { if case .bool(let v) = self { v } else { nil } }
    public var string: String? { if case .string(let v) = self { v } else { nil } }
    public var vector: CGVector? { if case .vector(let v) = self { v } else { nil } }
}

/// One registered behavior kind: built-in, Swift plugin or (later) Lua plugin.
public struct BehaviorDefinition: Sendable {
    public enum Origin: String, Sendable { case builtIn = "built-in", swift, lua }

    public var name: String
    public var summary: String
    public var origin: Origin
    /// Parameters with their defaults; an override must have the default's type.
    public var parameters: [(name: String, defaultValue: ParameterValue)]
    /// Builds a behavior for `items` from the resolved parameters (defaults plus overrides).
    public var make: @Sendable (_ items: [DynamicItem], _ parameters: [String: ParameterValue]) throws -> DynamicBehavior

    public init(name: String, summary: String, origin: Origin = .swift,
                parameters: [(name: String, defaultValue: ParameterValue)],
                make: @escaping @Sendable ([DynamicItem], [String: ParameterValue]) throws -> DynamicBehavior) {
        self.name = name
        self.summary = summary
        self.origin = origin
        self.parameters = parameters
        self.make = make
    }
}

/// Behaviors by name: the built-ins, and the Swift (and Lua) plugins registered with it.
/// Built-ins, Swift plugins and Lua plugins share this one namespace and compose freely.
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
        for p in definition.parameters where !seen.insert(p.name).inserted {
            throw DynamicsError(owner: definition.name, property: p.name, message: "is declared twice")
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
            guard let def = resolved[key] else {
                throw DynamicsError(owner: name, property: key,
                                    message: "unknown parameter; parameters: \(d.parameters.map(\.name).joined(separator: ", "))")
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
        return try d.make(items, resolved)
    }
}

extension BehaviorRegistry {
    /// The built-ins of this release, under the names of the Lua API (docs/lua-api.md).
    static let builtInDefinitions: [BehaviorDefinition] = [
        BehaviorDefinition(
            name: "gravity", summary: "constant acceleration; magnitude 1 = 1000 pt/s²", origin: .builtIn,
            parameters: [("direction", .vector(CGVector(dx: 0, dy: 1)))]
        ) { items, p in
            let g = GravityBehavior(items: items)
            g.gravityDirection = p["direction"]!.vector!
            return g
        },
        BehaviorDefinition(
            name: "collision", summary: "items collide with each other and with boundaries", origin: .builtIn,
            parameters: [("mode", .string("everything")), ("boundsAsBoundary", .bool(false))]
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
    ]
}
