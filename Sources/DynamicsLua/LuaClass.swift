import CLua
import CLuaShim
import Dynamics

/// The classes of handle, each with its own metatable, as LÖVE gives each wrapped type its
/// own (`luax_register_type`). A class belongs to a `LuaKind`: wherever any object of the
/// kind will do (`a:addBehavior(b)`), a handle of any of its classes is one; a class's own
/// methods and properties take only its own handles. Behaviors have a class per kind of
/// behavior, and `behavior` for the others (a Swift plugin's). A kind's classes are
/// contiguous, in `LuaKind` order (checked when a bridge is made).
enum LuaClass: Int, CaseIterable {
    case animator, item
    case behavior, gravity, collision, itemBehavior, field, attachment, snap, push, composite, plugin, release
    case region, timer, task
    case record, track, snapshot

    var kind: LuaKind {
        switch self {
        case .animator: .animator
        case .item: .item
        case .behavior, .gravity, .collision, .itemBehavior, .field, .attachment, .snap, .push, .composite, .plugin, .release: .behavior
        case .region: .region
        case .timer: .timer
        case .task: .task
        case .record: .record
        case .track: .track
        case .snapshot: .snapshot
        }
    }

    /// The registry name of its metatable.
    var metatableName: String { "dynamics.\(self)" }

    /// Its properties and methods: for a behavior, the shared ones (`behaviorBinding`) and
    /// then its own.
    var binding: LuaBridge.ClassBinding {
        switch self {
        case .animator: LuaBridge.animatorBinding
        case .item: LuaBridge.itemBinding
        case .behavior: LuaBridge.behaviorBinding
        case .gravity: LuaBridge.gravityBinding
        case .collision: LuaBridge.collisionBinding
        case .itemBehavior: LuaBridge.itemBehaviorBinding
        case .field: LuaBridge.fieldBinding
        case .attachment: LuaBridge.attachmentBinding
        case .snap: LuaBridge.snapBinding
        case .push: LuaBridge.pushBinding
        case .composite: LuaBridge.compositeBinding
        case .plugin: LuaBridge.pluginBinding
        case .release: LuaBridge.releaseBinding
        case .region: LuaBridge.regionBinding
        case .timer: LuaBridge.timerBinding
        case .task: LuaBridge.taskBinding
        case .record: LuaBridge.recordBinding
        case .track: LuaBridge.trackBinding
        case .snapshot: LuaBridge.snapshotBinding
        }
    }

    /// The class of a behavior's handle, by the behavior's Swift class.
    static func of(behavior object: AnyObject) -> LuaClass {
        switch object {
        case is GravityBehavior: .gravity
        case is CollisionBehavior: .collision
        case is DynamicItemBehavior: .itemBehavior
        case is FieldBehavior: .field
        case is AttachmentBehavior: .attachment
        case is SnapBehavior: .snap
        case is PushBehavior: .push
        case is LuaCompositeBehavior: .composite
        case is LuaPluginBehavior: .plugin
        case is ReleaseBehavior: .release
        default: .behavior
        }
    }

    /// The class of `object`'s handle when it is pushed as `kind`.
    static func of(_ object: AnyObject, as kind: LuaKind) -> LuaClass {
        kind == .behavior ? of(behavior: object) : LuaClass(rawValue: kind.classes.lowerBound)!
    }
}

extension LuaKind {
    /// Its classes' positions in `LuaClass.allCases`. A switch, as `index` is.
    var classes: Range<Int> {
        switch self {
        case .animator: LuaClass.animator.rawValue..<LuaClass.item.rawValue
        case .item: LuaClass.item.rawValue..<LuaClass.behavior.rawValue
        case .behavior: LuaClass.behavior.rawValue..<LuaClass.region.rawValue
        case .region: LuaClass.region.rawValue..<LuaClass.timer.rawValue
        case .timer: LuaClass.timer.rawValue..<LuaClass.task.rawValue
        case .task: LuaClass.task.rawValue..<LuaClass.record.rawValue
        case .record: LuaClass.record.rawValue..<LuaClass.track.rawValue
        case .track: LuaClass.track.rawValue..<LuaClass.snapshot.rawValue
        case .snapshot: LuaClass.snapshot.rawValue..<LuaClass.allCases.count
        }
    }
}

/// A class's own properties, in the order of their positions (after its parent's): each
/// case's name is the property's name in scripts.
protocol LuaProperty: CaseIterable, RawRepresentable, Sendable where RawValue == Int {}

extension LuaProperty {
    /// The names, in order.
    static var names: [String] { allCases.map { "\($0)" } }
}

extension LuaBridge {
    /// Properties and methods of a class of handle: `get` pushes a property (false if
    /// unknown), `set` assigns one (false if unknown or read-only), `methods` are looked up
    /// first.
    struct ClassBinding: Sendable {
        typealias Method = @Sendable (LuaBridge, OpaquePointer) throws -> Int32
        typealias PositionalGet = @Sendable (LuaBridge, UnsafeMutablePointer<Handle>, AnyObject, Int) throws -> Bool
        typealias PositionalSet = @Sendable (LuaBridge, UnsafeMutablePointer<Handle>, AnyObject, Int, Int32) throws -> Bool

        /// The handle is nil when a constructor applies its properties (no handle yet).
        var get: @Sendable (LuaBridge, UnsafeMutablePointer<Handle>?, AnyObject, String) throws -> Bool
        var set: @Sendable (LuaBridge, UnsafeMutablePointer<Handle>?, AnyObject, String, Int32) throws -> Bool
        var methods: [String: Method]
        var properties: [String]
        /// Reads and assignments from scripts, by position in `properties` (what a handle's
        /// __index and __newindex pass). By default through `get` and `set` with the name.
        var byPosition: (get: PositionalGet, set: PositionalSet)?
        /// For messages: the object's own name and properties, where they depend on the
        /// object (a plugin's parameters). Without it, `name` and `properties`.
        var describe: (@Sendable (LuaBridge, AnyObject) -> (name: String, properties: [String]))? = nil
        /// The class's name in messages (nil: its kind's).
        var name: String? = nil

        /// `byPosition`, or `get` and `set` by name.
        var positional: (get: PositionalGet, set: PositionalSet) {
            if let byPosition { return byPosition }
            let (get, set, properties) = (self.get, self.set, self.properties)
            return (get: { bridge, h, object, key in key < properties.count ? try get(bridge, h, object, properties[key]) : false },
                    set: { bridge, h, object, key, value in
                        key < properties.count ? try set(bridge, h, object, properties[key], value) : false
                    })
        }

        /// The object's name and properties, for messages.
        func described(_ bridge: LuaBridge, _ object: AnyObject, kind: LuaKind) -> (name: String, properties: [String]) {
            describe?(bridge, object) ?? (name ?? kind.rawValue, LuaBridge.unique(properties))
        }

        /// A class's own binding over its Swift class `Object` and its properties `Property`
        /// (LÖVE's small `w_Class_getX` functions, with `luax_checkclass` done once by the
        /// handle's metatable): `get` pushes the property, `set` assigns it from the value at
        /// the index; each returns false for a property it does not serve (write-only,
        /// read-only). The handle's metatable is its class's, and a class's handles hold
        /// objects of its Swift class (`LuaClass.of`), so the object is not cast again.
        static func typed<Object: AnyObject, Property: LuaProperty>(
            _ type: Object.Type, _ property: Property.Type, name: String,
            get: @escaping @Sendable (LuaBridge, Object, Property) throws -> Bool,
            set: @escaping @Sendable (LuaBridge, Object, Property, Int32) throws -> Bool,
            methods: [String: Method] = [:],
            describe: (@Sendable (LuaBridge, AnyObject) -> (name: String, properties: [String]))? = nil
        ) -> ClassBinding {
            let names = Property.names
            return ClassBinding(
                get: { bridge, _, object, key in
                    guard let p = names.firstIndex(of: key).flatMap(Property.init(rawValue:)) else { return false }
                    return try get(bridge, unsafeDowncast(object, to: Object.self), p)
                },
                set: { bridge, _, object, key, value in
                    guard let p = names.firstIndex(of: key).flatMap(Property.init(rawValue:)) else { return false }
                    return try set(bridge, unsafeDowncast(object, to: Object.self), p, value)
                },
                methods: methods,
                properties: names,
                byPosition: (
                    get: { bridge, _, object, key in
                        guard let p = Property(rawValue: key) else { return false }
                        return try get(bridge, unsafeDowncast(object, to: Object.self), p)
                    },
                    set: { bridge, _, object, key, value in
                        guard let p = Property(rawValue: key) else { return false }
                        return try set(bridge, unsafeDowncast(object, to: Object.self), p, value)
                    }
                ),
                describe: describe,
                name: name
            )
        }

        /// The binding of a subclass (LÖVE's `luax_register_type(L, type, w_Joint_functions,
        /// w_DistanceJoint_functions)`): these properties at their positions, then `own`'s
        /// after them; these methods and `own`'s (an own method replaces one of its name); by
        /// name, these first, as by position. The name and the description are `own`'s.
        func extended(by own: ClassBinding) -> ClassBinding {
            let (base, count) = (self, properties.count)
            let (baseGet, baseSet) = positional, (ownGet, ownSet) = own.positional
            return ClassBinding(
                get: { bridge, h, object, key in try base.get(bridge, h, object, key) || own.get(bridge, h, object, key) },
                set: { bridge, h, object, key, value in
                    try base.set(bridge, h, object, key, value) || own.set(bridge, h, object, key, value)
                },
                methods: methods.merging(own.methods) { $1 },
                properties: properties + own.properties,
                byPosition: (
                    get: { bridge, h, object, key in
                        key < count ? try baseGet(bridge, h, object, key) : try ownGet(bridge, h, object, key - count)
                    },
                    set: { bridge, h, object, key, value in
                        key < count ? try baseSet(bridge, h, object, key, value) : try ownSet(bridge, h, object, key - count, value)
                    }
                ),
                describe: own.describe,
                name: own.name
            )
        }
    }
}
