import DynamicsEngine
import Foundation

/// A behavior written in Swift (or bound from another language) that acts on its items once
/// per internal fixed step, before the solver: the plugin protocol (docs/architecture.md, "Swift plugins").
///
/// Conform a `DynamicBehavior` subclass to it; the animator finds it in the tree like any
/// built-in, and it composes freely with them. `step(_:)` runs inside the tick, so keep it
/// allocation-free: the context addresses items by index.
///
/// ```swift
/// final class Wind: DynamicBehavior, CustomBehavior {
///     let items: [DynamicItem]
///     var force = CGVector(dx: 40, dy: 0)          // UIKit Newtons
///     init(items: [DynamicItem]) { self.items = items }
///     func step(_ context: inout DynamicBehaviorContext) {
///         for i in 0..<context.count { context.applyForce(force, to: i) }
///     }
/// }
/// ```
public protocol CustomBehavior: DynamicBehavior {
    /// The items this behavior governs (they join the animator with it).
    var items: [DynamicItem] { get }
    /// Called once per internal step (`context.dt` seconds, default 1/120).
    func step(_ context: inout DynamicBehaviorContext)
}

/// A custom behavior's view of its items during one internal step. Positions are in
/// points, velocities in pt/s, angles in radians, forces in UIKit Newtons (a = 100·f/mass
/// pt/s²). Index `i` is the i-th of the behavior's items that is in the world.
public struct DynamicBehaviorContext {
    private let world: World
    private let bodies: [BodyID]
    private let itemList: [DynamicItem]
    private let charges: [Double]
    /// The internal step's length (s).
    public let dt: TimeInterval
    /// Simulated time at the start of this step (s).
    public let time: TimeInterval

    init(world: World, bodies: [BodyID], items: [DynamicItem], charges: [Double], dt: TimeInterval, time: TimeInterval) {
        self.world = world
        self.bodies = bodies
        self.itemList = items
        self.charges = charges
        self.dt = dt
        self.time = time
    }

    /// How many of the behavior's items are in the world.
    public var count: Int { bodies.count }

    public func item(_ i: Int) -> DynamicItem { itemList[i] }

    public func center(_ i: Int) -> CGPoint { Units.point(world.transform(of: bodies[i]).p) }
    public func angle(_ i: Int) -> CGFloat { world.transform(of: bodies[i]).q.angle }
    public func velocity(_ i: Int) -> CGPoint { Units.point(world.originVelocity(of: bodies[i])) }
    public func angularVelocity(_ i: Int) -> CGFloat { world.angularVelocity(of: bodies[i]) }
    /// density × area / 10 000; 0 for anchored items.
    public func mass(_ i: Int) -> CGFloat {
        world.type(of: bodies[i]) == .dynamic ? world.mass(of: bodies[i]) : 0
    }

    /// Electric charge (`DynamicItemBehavior.charge`).
    public func charge(_ i: Int) -> CGFloat { charges[i] }

    /// A force for this step, at an offset (points, item axes) from the center.
    public mutating func applyForce(_ f: CGVector, to i: Int, atOffset offset: CGVector = .zero) {
        guard accept({ try Validate.finite(f, "\(itemList[i])", "force"); try Validate.finite(offset, "\(itemList[i])", "offset") }) else { return }
        let b = bodies[i]
        world.applyForce(b, Vec2(Double(f.dx), Double(f.dy)), at: world.transform(of: b).apply(Units.meters(offset)))
    }

    /// A field's force (UIKit Newtons, at the center) for this step, given as the velocity
    /// change it makes over the step, Δv = 100·F·dt/mass pt/s, at the step's start. The
    /// solver then moves the item with the new velocity (symplectic Euler), so springs and
    /// orbits keep their energy; a force held over the solver's substeps would let a spring
    /// field gain about 6 % of amplitude per period at 1 Hz. With `wake` false the force acts
    /// like gravity: a resting item can fall asleep under it, and a sleeping item ignores it.
    mutating func applyFieldForce(_ f: CGVector, to i: Int, wake: Bool) {
        world.applyStepForce(bodies[i], Vec2(Double(f.dx), Double(f.dy)), over: dt, wake: wake)
    }

    /// An impulse now: Δv = 100·impulse/mass pt/s.
    public mutating func applyImpulse(_ impulse: CGVector, to i: Int, atOffset offset: CGVector = .zero) {
        guard accept({ try Validate.finite(impulse, "\(itemList[i])", "impulse"); try Validate.finite(offset, "\(itemList[i])", "offset") }) else { return }
        let b = bodies[i]
        world.applyLinearImpulse(b, Vec2(Double(impulse.dx), Double(impulse.dy)),
                                 at: world.transform(of: b).apply(Units.meters(offset)))
    }

    /// A torque for this step (UIKit Newton·points, positive clockwise).
    public mutating func applyTorque(_ t: CGFloat, to i: Int) {
        guard accept({ try Validate.finite(t, "\(itemList[i])", "torque") }) else { return }
        world.applyTorque(bodies[i], Double(t) * Units.metersPerPoint)
    }

    /// Sets the velocity of the item's center of mass (pt/s) and its angular velocity.
    public mutating func setVelocity(_ v: CGPoint, angular w: CGFloat? = nil, for i: Int) {
        // Any finite velocity: the engine clamps speeds (a velocity field sets 100 × its
        // direction, up to 1e11 pt/s; checking it as a position trapped the step).
        guard accept({ try Validate.finite(v, "\(itemList[i])", "velocity", max: .greatestFiniteMagnitude)
                       try Validate.finite(w ?? 0, "\(itemList[i])", "angularVelocity", max: .greatestFiniteMagnitude) }) else { return }
        let b = bodies[i]
        world.setVelocity(b, linear: Units.meters(v), angular: w.map(Double.init) ?? world.angularVelocity(of: b))
    }
}
