import Foundation

/// Why an animator keeps running, or, once it paused, what rested last
/// (`DynamicAnimator.restExplanation()`).
///
/// `causes` are the conditions of the animator's pause decision that hold now: the animator
/// pauses at the end of a frame exactly when it is empty. The lists say what stands behind
/// each: the items that are not asleep (with their speeds and the rest rule's reason), the
/// pending timers and live tasks, and the behaviors that keep acting on resting items
/// (active continuous pushes, time-dependent fields). Positions and speeds are in points
/// and seconds; angles in radians.
public struct RestExplanation {
    /// A condition that keeps the animator from pausing.
    public struct Causes: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Some item is not asleep (`movingItems` says which and why).
        public static let movingItems = Causes(rawValue: 1 << 0)
        /// Items or behaviors changed since the last frame; the next frame applies it.
        public static let pendingChanges = Causes(rawValue: 1 << 1)
        /// Something moved an item outside the step since the frame began: a velocity set, an
        /// impulse, a push or field that woke its items.
        public static let changedDuringFrame = Causes(rawValue: 1 << 2)
        /// Forces an action applied this frame (`applyForce`, `applyTorque`), held over the
        /// next one (`itemsWithHeldForces`).
        public static let heldForces = Causes(rawValue: 1 << 3)
        /// A pending timer (`timers`).
        public static let timers = Causes(rawValue: 1 << 4)
        /// A task waiting for time, or a scripted gesture (`tasks`).
        public static let tasks = Causes(rawValue: 1 << 5)

        /// Each cause with a stable name, in this order.
        public static let named: [(Causes, String)] = [
            (.movingItems, "movingItems"), (.pendingChanges, "pendingChanges"),
            (.changedDuringFrame, "changedDuringFrame"), (.heldForces, "heldForces"),
            (.timers, "timers"), (.tasks, "tasks"),
        ]

        /// The names of the causes in the set (`named`'s order).
        public var names: [String] { Causes.named.filter { contains($0.0) }.map(\.1) }
    }

    /// Why an item is not asleep: the rest rule's reason (docs/engine.md, "Rest").
    public enum Reason: String, Sendable, CaseIterable {
        /// Its speed, or its turn at its furthest point, is above `restThreshold`.
        case aboveRestSpeed
        /// Slow, but creeping one way: it moved the rest tolerance (0.5 pt) since its rest
        /// timer started.
        case creeping
        /// It touches nothing, nothing holds it, and the forces on it (gravity, a field, a
        /// push) would move it past the rest tolerance within the rest time.
        case unbalancedForce
        /// It was woken or given a velocity since the last internal step.
        case woken
        /// It rests; its rest timer runs (`restedFor` of `timeToRest`).
        case settling
        /// It rested `timeToRest`, but something it touches or is attached to still moves:
        /// a whole island sleeps at once.
        case heldAwakeByNeighbour
        /// Sleep is off (`DynamicAnimator.isSleepEnabled`): nothing ever rests.
        case sleepDisabled
    }

    /// An item that is not asleep.
    public struct MovingItem {
        public var item: DynamicItem
        /// Velocity of its center (pt/s).
        public var velocity: CGPoint
        /// Length of `velocity` (pt/s).
        public var speed: CGFloat
        /// Angular velocity (rad/s, positive clockwise on screen).
        public var angularVelocity: CGFloat
        /// Speed of its furthest point due to the turn (pt/s): compared with `restThreshold` too.
        public var turnSpeed: CGFloat
        /// How far it moved over the last internal step (pt): more than `restThreshold` allows
        /// over a step keeps it awake too (a spring turning it around between two steps).
        public var stepDistance: CGFloat
        /// The resting speed (pt/s) it is held to: `RestExplanation.restSpeed`, or less for an
        /// item a damped spring holds.
        public var restThreshold: CGFloat
        /// How long it has rested (s); it sleeps after `timeToRest` with what it touches.
        public var restedFor: TimeInterval
        public var reason: Reason
        /// It touches nothing, nothing holds it, and its forces would move it past the rest
        /// tolerance within the rest time: it cannot come to rest while they act (an item in
        /// gravity with nothing to land on).
        public var isUnderUnbalancedForce: Bool
        /// The acceleration the forces on it gave over the last step, gravity included (pt/s²).
        public var acceleration: CGFloat
        /// The sum of the gravity behaviors' directions acting on it (1 = 1000 pt/s²).
        public var gravity: CGVector
        /// Whether it touches an item or boundary.
        public var isTouching: Bool
        /// Attachments and snaps holding it.
        public var attachmentCount: Int
    }

    /// A timer that has not fired (or repeats).
    public struct PendingTimer {
        /// The simulated time (s) at which it fires next.
        public var fireTime: TimeInterval
        /// Its period (s) if it repeats.
        public var interval: TimeInterval?
    }

    /// A task that has not ended.
    public struct LiveTask {
        /// What it waits for: "seconds", "frames", "until", "rest", "contact", or "none".
        public var waitingFor: String
        /// The simulated time (s) its wait or timeout is due; nil for none.
        public var dueTime: TimeInterval?
        /// Frames still to wait (a `frames` wait), else 0.
        public var framesLeft: Int
        /// Whether its wait keeps the animator stepping (time, frames, a timeout).
        public var keepsAwake: Bool
    }

    /// An active continuous push with a force.
    public struct ActivePush {
        public var behavior: PushBehavior
        /// Its force (UIKit Newtons).
        public var magnitude: CGFloat
        /// Items it pushes.
        public var itemCount: Int
    }

    /// A field whose force changes with time: a noise or turbulence field with
    /// `animationSpeed` ≠ 0, or a custom field (which may read the time).
    public struct TimeDependentField {
        public var behavior: FieldBehavior
        /// Its kind ("noise", "turbulence", "custom", …).
        public var kind: String
        public var animationSpeed: CGFloat
        /// Whether it keeps its items awake: noise and custom fields do (their force on a
        /// resting item changes, so it wakes); turbulence does not (only moving items feel it).
        public var keepsItemsAwake: Bool
        /// Items it acts on.
        public var itemCount: Int
    }

    /// What rested last.
    public struct LastRest {
        /// The item (nil when it left the animator since).
        public var item: DynamicItem?
        /// The simulated time (s) it fell asleep.
        public var time: TimeInterval
        /// Items that fell asleep in that same internal step (with it).
        public var count: Int
    }

    /// The pause decision's conditions that hold now; empty when the animator may pause.
    public var causes: Causes
    /// `DynamicAnimator.isRunning`.
    public var isRunning: Bool
    /// `DynamicAnimator.elapsedTime` (s).
    public var elapsedTime: TimeInterval
    /// `DynamicAnimator.isSleepEnabled`.
    public var isSleepEnabled: Bool
    /// `DynamicAnimator.hasTooManyContacts`: the animator stopped for good (it does not step
    /// again, whatever `causes` holds).
    public var hasTooManyContacts: Bool
    /// The speed (pt/s) under which an item counts as resting (a damped spring lowers it).
    public var restSpeed: CGFloat
    /// How long (s) an item, and everything it touches or is attached to, must rest to sleep.
    public var timeToRest: TimeInterval
    /// Items not asleep, fastest first.
    public var movingItems: [MovingItem]
    /// Pending timers, soonest first.
    public var timers: [PendingTimer]
    /// Tasks that have not ended (scripted gestures are tasks too), in the order they were made.
    public var tasks: [LiveTask]
    /// Active continuous pushes with a non-zero force.
    public var pushes: [ActivePush]
    /// Fields whose force changes with time.
    public var timeDependentFields: [TimeDependentField]
    /// Items holding a force or torque applied since the last frame (`applyForce`).
    public var itemsWithHeldForces: [DynamicItem]
    /// The simulated time (s) the animator paused; nil while it runs.
    public var pausedAt: TimeInterval?
    /// The last item that fell asleep; nil until one did.
    public var lastRest: LastRest?
}
