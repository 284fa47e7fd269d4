// Engine constants, in metres and seconds. They follow Box2D v3's defaults, which are tuned
// for bodies of 0.1 m to 10 m: the model feeds the engine metres (100 pt = 1 m), so a 20 pt
// box is 0.2 m and all of these apply unchanged.

/// The engine's constants (metres, seconds), after Box2D v3's defaults for bodies of 0.1 m
/// to 10 m. Only `maxPolygonVertices` is public; the rest tune the solver inside the engine.
public enum Tuning {
    /// Allowed overlap/gap the solver does not fight: 0.005 m = 0.5 pt (the resting tolerance of docs/units.md).
    static let linearSlop = 0.005
    /// Base speculative distance; a pair's relative speed over one step is added to it.
    static let speculativeDistance = 4 * linearSlop
    /// Contact recycling (Box2D v3's): a contact whose bodies moved less than this relative to
    /// each other since its manifold was computed keeps that manifold and only updates the
    /// separations (m). Non-touching contacts use the lesser of this and `speculativeDistance`.
    static let contactRecycleDistance = 10 * linearSlop
    /// ... and neither body turned by more than acos(this) (about 11.5°).
    static let contactRecycleCosAngle = 0.98
    /// Fat AABB margin: a proxy is re-inserted only when its swept box leaves the fat one.
    /// The margin is this fraction of the body's extent, at most `maxAABBMargin` (m).
    static let aabbMarginFraction = 0.125
    static let maxAABBMargin = 0.05
    /// Contact stiffness (Hz) and damping ratio of the soft step.
    static let contactHertz = 30.0
    static let contactDampingRatio = 10.0
    /// Damping ratio of rigid joint parts (their stiffness is that of static contacts).
    static let jointDampingRatio = 2.0
    /// Largest speed at which the soft contact pushes overlapping shapes apart (m/s).
    static let contactPushMaxVelocity = 3.0
    /// Approach speed below which restitution is ignored (m/s): 1 m/s = 100 pt/s. Below it
    /// bounces die out, which is what lets elastic piles come to rest.
    static let restitutionThreshold = 1.0
    /// Passes of the restitution solve (a contact with restitution 0 costs nothing).
    static let restitutionIterations = 6
    /// Speeds under which a body counts as resting (m/s, and m/s at its furthest point).
    static let sleepLinearThreshold = 0.05
    /// Seconds a whole island must rest before it sleeps.
    static let timeToSleep = 0.5
    /// How far (m) a body may move while its rest timer runs, and how far a force must be
    /// able to move a sleeping body within `timeToSleep` to wake it: 0.5 pt. A body resting
    /// for `timeToSleep` has moved less than this, so "asleep" means "arrived" to this
    /// tolerance whatever forces act (docs/engine.md, "Rest").
    static let restTolerance = 0.005
    /// Speed limit, a guard against explosions (m/s): 40 000 pt/s.
    static let maxLinearSpeed = 400.0
    /// Most a body turns in one sub-step (rad), Box2D's limit: angular speed ≤ this / h.
    static let maxRotation = 0.25 * Double.pi
    /// Angular speed limit for velocities set from outside the step (rad/s); the step's own
    /// limit (`maxRotation` per sub-step) is lower.
    static let maxAngularSpeed = 1e4
    /// Vertices in one convex polygon (ellipses are approximated with this many).
    public static let maxPolygonVertices = 32
}
