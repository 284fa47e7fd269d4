import Dynamics
import DynamicsLua
import Foundation

/// One item as the viewer's inspector shows it (`GET /item/NAME`, docs/cli.md): its live
/// state read from the animator's public API, and the behaviors that act on it with their
/// parameters. Points, radians, seconds; velocities in pt/s and rad/s; mass in the model's
/// units (density × area / 10 000).
public struct ItemInspection: Codable, Sendable, Equatable {
    /// One behavior acting on the item: its type (the model's class name), where it sits in
    /// the animator's behavior tree, and its parameters.
    public struct Behavior: Codable, Sendable, Equatable {
        /// Position in the item's list of behaviors: `POST /edit` names a parameter as
        /// `behaviors.INDEX.NAME`.
        public var index: Int
        /// The class name, e.g. "GravityBehavior".
        public var type: String
        /// Numbers first, then texts, each in a fixed order per type.
        public var params: [Param]
    }

    /// One parameter of a behavior: a number (editable through `POST /edit` when `editable`)
    /// or a text (a mode, a flag).
    public struct Param: Codable, Sendable, Equatable {
        /// The model's property name, e.g. "magnitude".
        public var name: String
        /// The number, in the property's own unit (nil for a text).
        public var value: Double?
        /// A mode or flag as text (nil for a number).
        public var text: String?
        /// Whether `POST /edit` sets it.
        public var editable: Bool
    }

    /// The name the page shows (`GET /state`'s).
    public var name: String
    /// "rectangle", "ellipse" or "path".
    public var shape: String
    /// Center [x, y] (points).
    public var center: [Double]
    /// Rotation (radians, clockwise on screen).
    public var angle: Double
    /// Velocity of the center [vx, vy] (pt/s); [0, 0] for an item not in the world.
    public var velocity: [Double]
    /// |velocity| (pt/s).
    public var speed: Double
    /// rad/s, positive clockwise on screen.
    public var angularVelocity: Double
    /// nil for an item not in the world.
    public var mass: Double?
    /// The bounds' size [width, height] (points).
    public var size: [Double]
    /// Asleep in the world (`DynamicAnimator.isSleeping`); false when not in the world.
    public var sleeping: Bool
    /// The scene's elapsed time the values were read at (s).
    public var time: Double
    public var behaviors: [Behavior]
}

extension ItemInspection {
    /// The inspection of `item` (named `name`) in `animator` now; `bridge` reads the
    /// parameters of the scene's Lua plugin behaviors.
    init(item: DynamicItem, name: String, animator: DynamicAnimator, bridge: LuaBridge?) {
        let v = animator.linearVelocity(of: item) ?? .zero
        let t = item.transform
        self.init(name: name, shape: FrameEncoder.shapeName(item),
                  center: [Double(item.center.x), Double(item.center.y)],
                  angle: Double(atan2(t.b, t.a)),
                  velocity: [Double(v.x), Double(v.y)], speed: Double(hypot(v.x, v.y)),
                  angularVelocity: Double(animator.angularVelocity(of: item) ?? 0),
                  mass: animator.mass(of: item).map(Double.init),
                  size: [Double(item.bounds.width), Double(item.bounds.height)],
                  sleeping: animator.isSleeping(item) ?? false,
                  time: animator.elapsedTime,
                  behaviors: BehaviorFacets.acting(on: item, in: animator).enumerated().map { i, b in
                      Behavior(index: i, type: BehaviorFacets.typeName(b, bridge: bridge), params: BehaviorFacets.params(of: b, bridge: bridge))
                  })
    }
}
