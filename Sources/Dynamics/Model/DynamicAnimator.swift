import DynamicsEngine
import Foundation

/// Told when the animator pauses (everything rests) and resumes (UIDynamicAnimatorDelegate).
public protocol DynamicAnimatorDelegate: AnyObject {
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator)
    func dynamicAnimatorWillResume(_ animator: DynamicAnimator)
}

extension DynamicAnimatorDelegate {
    public func dynamicAnimatorDidPause(_ animator: DynamicAnimator) {}
    public func dynamicAnimatorWillResume(_ animator: DynamicAnimator) {}
}

/// Ticks a tree of behaviors over dynamic items (UIDynamicAnimator).
///
/// One `step(_:)` is one frame. It (1) applies the changes made since the last frame,
/// (2) runs as many fixed internal steps (`fixedTimeStep`, default 1/120 s, each with
/// `substepCount` solver sub-steps) as the accumulated time holds, (3) writes centers and
/// rotations back to the items, (4) reports collisions (began, then ended), (5) runs every
/// behavior's `action`, and (6) pauses when every item rests or resumes after a change.
/// Results depend only on the sequence of `step` calls, never on wall-clock time: the same
/// scene on the same build gives bit-identical results.
///
/// An animator and its items and behaviors are not thread-safe: use them from one thread
/// (or the queue given to `start(on:)`).
///
/// The class is open, as UIKit's is: a subclass may override the methods UIKit apps
/// override (adding, removing and finding items and behaviors), and an extension may add
/// `open` members. Everything a frame does stays final, so subclassing costs a frame nothing.
open class DynamicAnimator: EmbedderSlotted {
    package var embedder = EmbedderSlot() // see `EmbedderSlot`
    /// The area (points) whose edges `CollisionBehavior.translatesReferenceBoundsIntoBoundary`
    /// uses; nil for an animator in abstract coordinates.
    public let referenceBounds: CGRect?

    public weak var delegate: DynamicAnimatorDelegate?

    /// The root behaviors, in the order they were added.
    public internal(set) var behaviors: [DynamicBehavior] = []

    /// Total simulated time while running, in seconds.
    public internal(set) var elapsedTime: TimeInterval = 0

    /// The length of the last frame passed to `step(_:)` (s): what an `action` covers.
    public internal(set) var lastStepDuration: TimeInterval = 0

    /// Receives bad input found while building the world (an item with a non-finite center,
    /// a size ≤ 0, a non-convex path, an item already in another animator). The default
    /// traps with the message, as UIKit raises; a handler that returns leaves the offending
    /// item out of the world, so nothing invalid ever enters it.
    public var invalidInputHandler: (DynamicsError) -> Void = { preconditionFailure("Dynamics: \($0)") }

    /// Length of one internal step, seconds (default 1/120).
    public var fixedTimeStep: TimeInterval = 1.0 / 120 {
        didSet {
            guard accept({ try Validate.positive(fixedTimeStep, "DynamicAnimator", "fixedTimeStep", min: Limits.minimumTimeStep, max: 1) })
            else { fixedTimeStep = oldValue; return }
        }
    }

    /// Solver sub-steps per internal step (default 4).
    public var substepCount: Int {
        get { world.substepCount }
        set {
            guard accept({
                guard (1...64).contains(newValue) else {
                    throw DynamicsError(owner: "DynamicAnimator", property: "substepCount", message: "must be in 1…64, got \(newValue)")
                }
            }) else { return }
            world.substepCount = newValue
        }
    }

    /// Most pairs of touching shapes (contacts) the animator's world may hold; default no
    /// limit. n items piled on one spot in one collision behavior make n²/2 contacts (1000
    /// items: half a million, minutes of work and 600 MB a frame), so an embedder that runs
    /// untrusted scenes bounds them (this limit, or `contactAllowance` from its memory
    /// budget). When a step finds more pairs the animator stops for
    /// good: `invalidInputHandler` receives the error, `isRunning` turns false and later
    /// frames do nothing. At least 1.
    public var maximumContacts: Int {
        get { contactBound }
        set {
            guard accept({
                guard newValue >= 1 else {
                    throw DynamicsError(owner: "DynamicAnimator", property: "maximumContacts", message: "must be at least 1, got \(newValue)")
                }
            }) else { return }
            contactBound = newValue
            world.maximumContacts = newValue
        }
    }

    /// Contacts the world holds: the most pairs of shapes it held at once, whose slots,
    /// manifolds and solver rows it keeps for reuse. What they hold in memory grows with it.
    public var heldContacts: Int { world.heldContactCount }

    /// For an embedder that charges the memory its callers cause (against a memory cap):
    /// called with `heldContacts` at the start of every frame and after a frame
    /// in which it grew, it charges them and returns how many contacts the world may hold
    /// during the next frame. The world stops past that as past `maximumContacts` (the lower
    /// of the two applies), and the error names `contactAllowance`. nil by default: no
    /// allowance.
    public var contactAllowance: ((_ heldContacts: Int) -> Int)?

    /// Asked after every internal step of a frame; when it returns true the frame ends there
    /// and the time it had left is dropped. nil by default. An embedder that bounds its
    /// callers' time sets it to its budget's mark, so `step(10)` (1200 internal steps) ends
    /// within the budget instead of after all of them (45 s of ten noise fields over 20 000
    /// items).
    public var shouldInterruptStep: (() -> Bool)?

    /// True once the items touched in more pairs than `maximumContacts`: the animator has
    /// stopped and does not step again.
    public var hasTooManyContacts: Bool { world.contactsOverflowed }

    /// Whether items at rest are put to sleep (default true), as Box2D's `enableSleep`: a
    /// resting island costs nothing per step, and the animator pauses once every item rests.
    /// false keeps every item moving and the animator running (what Box2D's own benchmark
    /// measures). Turning it off wakes everything.
    public var isSleepEnabled: Bool {
        get { world.sleepEnabled }
        set {
            guard newValue != world.sleepEnabled else { return }
            world.sleepEnabled = newValue
            if !newValue { world.wakeAllBodies(); resumeRequested = true }
        }
    }

    let world = World()
    /// `maximumContacts` as set (the world's own bound may be lower: `contactAllowance`).
    var contactBound = Int.max
    /// Unchecked like the world's arrays (see `World`): a script reading one velocity would
    /// otherwise pay a run-time exclusivity check here too. Mutated only by the update, which
    /// calls no user code while it holds the array; readers that call out (the write-back to
    /// items) hold a read, which keeps its own copy alive.
    @exclusivity(unchecked) var records: [ItemRecord] = []
    var recordIndex: [ObjectIdentifier: Int] = [:]
    /// Counts the rebuilds of `records` (a `RunRecord` matches its items to slots again when it changes).
    var recordsGeneration = 0
    var boundarySets: [ObjectIdentifier: BoundarySet] = [:]
    /// Boundary shape userData → (behavior, identifier); nil identifier = reference bounds.
    var boundaryOwners: [(behavior: CollisionBehavior, identifier: AnyHashable?)?] = []
    /// The tree flattened depth-first at the last update.
    var flatBehaviors: [DynamicBehavior] = [] { didSet { actionsChanged = true } }
    /// The behaviors of `flatBehaviors` that have an `action`, in order, rebuilt when one
    /// gains or loses its action: a frame visits these, not every pin of a large grid.
    var actionBehaviors: [DynamicBehavior] = []
    var actionsChanged = false
    var collisionBehaviors: [CollisionBehavior] = []
    /// The contacts a collision delegate was told began and not yet ended, by the engine's
    /// shape pair: each `began` gets its `ended`, also when the contact ends because an item,
    /// boundary or behavior left (see DynamicAnimator+Contacts.swift).
    var openContacts: [ContactKey: [OpenContact]] = [:]
    /// Open contacts whose behavior stopped covering them at the last update, told `ended`
    /// with the next frame's collision callbacks.
    var staleContacts: [OpenContact] = []
    /// How many shape contacts each pair of parties has open (a delegate hears one).
    var openParties: [PartyKey: Int] = [:]
    var plugins: [(behavior: CustomBehavior, bodies: [BodyID], items: [DynamicItem], charges: [Double])] = []
    var heldForces: [HeldForce] = []
    /// Each body's entry in `heldForces` (by body index; −1: none): a body holds one entry
    /// however many forces a frame applies to it (see `HeldForce`).
    var heldSlot: [Int32] = []
    /// Engine joints of attachment and snap behaviors, by behavior.
    var jointRecords: [ObjectIdentifier: JointID] = [:]
    var needsUpdate = false
    /// True while `step(_:)` runs (its callbacks may not start another frame).
    public internal(set) var isStepping = false
    @exclusivity(unchecked) var resumeRequested = false
    var running = false
    var accumulator: TimeInterval = 0
    var driver: RealTimeDriver?
    /// Pending timers, in the order they were made (see `after(_:_:)`).
    var timers: [DynamicTimer] = []
    /// Counts kept beside `timers` so a frame with nothing due does not walk them.
    var timerBook = TimerBook()
    /// Running tasks, in the order they were made (see `spawn(_:)`), and their counts.
    var tasks: [DynamicTask] = []
    var taskBook = TaskBook()
    /// The last body put to sleep, when, and how many slept in that internal step
    /// (`restExplanation()`); nil until something rested.
    var lastRest: RestRecord?
    /// Bodies of `world.fellAsleepCount` already noted this frame.
    var restsSeen = 0
    /// The simulated time (s) of the last pause; nil while running or before the first pause.
    var pausedAt: TimeInterval?
    /// The pointer, made on first use (`pointer`).
    var pointerStorage: DynamicPointer?
    /// Changes whenever an item joins or leaves the world, so an embedder that indexes the items
    /// (a collection view layout's animator, by index path) knows when to index them again.
    package internal(set) var itemSetVersion = 0

    /// The items in the world, in the order they joined (applies pending changes first).
    package var worldItems: [DynamicItem] {
        applyPendingChanges()
        return records.map(\.item)
    }

    /// Whether the animator is in its thread's list (`DynamicAnimator+Registry.swift`).
    var inThreadRegistry = false

    /// An animator whose reference bounds (points) can become a collision boundary.
    public init(referenceBounds: CGRect) {
        self.referenceBounds = referenceBounds
        if Thread.isMainThread { joinThreadRegistry() }
    }

    /// An animator in abstract coordinates (no reference bounds).
    public init() {
        referenceBounds = nil
        if Thread.isMainThread { joinThreadRegistry() }
    }

    deinit {
        for r in records { ItemOwnership.release(r.item, from: self) }
        driver?.stop()
    }

    /// True while items move; false once everything rests (or there is nothing to move).
    /// A pending timer (or a task waiting for time, or a scripted gesture) counts as
    /// running: the animator keeps stepping until it is due.
    public var isRunning: Bool {
        running || hasScheduledWork || ((needsUpdate || resumeRequested) && !behaviors.isEmpty)
    }

    /// Timers, tasks waiting for time and scripted gestures: work that keeps the animator
    /// stepping although every item may rest. O(1).
    var hasScheduledWork: Bool { hasPendingTimers || hasAwakeTasks }

    open func addBehavior(_ behavior: DynamicBehavior) {
        if behavior.dynamicAnimator === self && behavior.parent == nil { return }
        guard accept({
            guard behavior.parent == nil else {
                throw DynamicsError(owner: "\(type(of: behavior))", property: "animator",
                                    message: "is a child behavior; add its root instead")
            }
            guard behavior.dynamicAnimator == nil else {
                throw DynamicsError(owner: "\(type(of: behavior))", property: "animator",
                                    message: "is already in another animator; a behavior can be in one animator at a time")
            }
            try checkCollisionBehaviorCount(adding: behavior)
            try checkReferenceInsets(adding: behavior)
        }) else { return }
        behaviors.append(behavior)
        behavior.setAnimator(self)
        setNeedsUpdate()
    }

    /// Each collision behavior owns three bits of the engine's 64-bit collision filter
    /// (see `CollisionBits`): at most `maximumCollisionBehaviors` in one animator.
    public static let maximumCollisionBehaviors = CollisionBits.perKind

    /// Insets set on a collision behavior before it was in an animator are checked against
    /// this animator's bounds when it joins (see `Validate.insets`).
    func checkReferenceInsets(adding tree: DynamicBehavior) throws {
        guard let bounds = referenceBounds else { return }
        func check(_ b: DynamicBehavior) throws {
            if let c = b as? CollisionBehavior, let insets = c.referenceInsets {
                try Validate.insets(insets, in: bounds, "CollisionBehavior", "insets")
            }
            for child in b.childBehaviors { try check(child) }
        }
        try check(tree)
    }

    func checkCollisionBehaviorCount(adding tree: DynamicBehavior) throws {
        func count(_ b: DynamicBehavior) -> Int { (b is CollisionBehavior ? 1 : 0) + b.childBehaviors.reduce(0) { $0 + count($1) } }
        let adding = count(tree)
        guard adding > 0 else { return }
        let existing = behaviors.reduce(0) { $0 + count($1) }
        guard existing + adding <= DynamicAnimator.maximumCollisionBehaviors else {
            throw DynamicsError(owner: "DynamicAnimator", property: "behaviors",
                                message: "at most \(DynamicAnimator.maximumCollisionBehaviors) collision behaviors per animator (each owns three bits of the 64-bit collision filter), got \(existing + adding)")
        }
    }

    open func removeBehavior(_ behavior: DynamicBehavior) {
        guard let i = behaviors.firstIndex(where: { $0 === behavior }) else { return }
        behaviors.remove(at: i)
        behavior.setAnimator(nil)
        setNeedsUpdate()
    }

    open func removeAllBehaviors() {
        let old = behaviors
        behaviors.removeAll()
        for b in old { b.setAnimator(nil) }
        setNeedsUpdate()
    }

    /// Items whose frame (the upright box around the rotated bounds) intersects `rect`.
    /// Complexity: O(n) in the number of items.
    open func items(in rect: CGRect) -> [DynamicItem] {
        // Items added since the last frame are found too (before the first frame the query
        // found nothing, and a press there dragged nothing).
        applyPendingChanges()
        return records.compactMap { r in
            let xf = world.transform(of: r.body)
            let hw = Double(r.size.width) / 2, hh = Double(r.size.height) / 2
            let ex = abs(xf.q.c) * hw + abs(xf.q.s) * hh, ey = abs(xf.q.s) * hw + abs(xf.q.c) * hh
            let c = Units.point(xf.p)
            // A non-finite frame (which the engine's clamps should never let happen) is in no
            // rectangle, rather than a trap in CGRect.
            guard c.x.isFinite, c.y.isFinite, ex.isFinite, ey.isFinite else { return nil }
            let frame = CGRect(x: c.x - ex, y: c.y - ey, width: 2 * ex, height: 2 * ey)
            return frame.intersects(rect) ? r.item : nil
        }
    }

    /// Reads the item's center, rotation and size again (after you changed them).
    open func updateItem(usingCurrentState item: DynamicItem) {
        guard let i = recordIndex[ObjectIdentifier(item)] else { return }
        refresh(recordAt: i)
    }

    // MARK: Velocities and forces (for actions and bindings)

    /// The velocity (pt/s) of the item's center, or nil if the item is not in the world.
    public func linearVelocity(of item: DynamicItem) -> CGPoint? {
        guard let i = recordIndex[ObjectIdentifier(item)] else { return nil }
        return Units.point(world.originVelocity(of: records[i].body))
    }

    /// Angular velocity (rad/s, positive clockwise on screen), or nil.
    public func angularVelocity(of item: DynamicItem) -> CGFloat? {
        guard let i = recordIndex[ObjectIdentifier(item)] else { return nil }
        return world.angularVelocity(of: records[i].body)
    }

    /// Sets an item's velocity (pt/s, at its center) and, if given, its angular velocity
    /// (rad/s). Returns false if the item is not in the world yet. Traps on non-finite input.
    @discardableResult
    public func setVelocity(_ velocity: CGPoint, angularVelocity: CGFloat? = nil, for item: DynamicItem) -> Bool {
        guard accept({
            try Validate.finite(velocity, Validate.owner(of: item), "velocity")
            try Validate.finite(angularVelocity ?? 0, Validate.owner(of: item), "angularVelocity")
        }) else { return false }
        guard let i = recordIndex[ObjectIdentifier(item)] else { return false }
        let b = records[i].body
        let w = angularVelocity.map(Double.init) ?? world.angularVelocity(of: b)
        // The engine keeps the centre of mass's velocity; the item's center may differ.
        world.setVelocity(b, atOrigin: Units.meters(velocity), angular: w)
        setNeedsResume()
        return true
    }

    /// Adds a velocity (pt/s); false if the item is not in the world yet.
    @discardableResult
    func addLinearVelocity(_ v: CGPoint, to item: DynamicItem) -> Bool {
        guard let i = recordIndex[ObjectIdentifier(item)] else { return false }
        let b = records[i].body
        world.setVelocity(b, linear: world.linearVelocity(of: b) + Units.meters(v), angular: world.angularVelocity(of: b))
        setNeedsResume()
        return true
    }

    @discardableResult
    func addAngularVelocity(_ w: CGFloat, to item: DynamicItem) -> Bool {
        guard let i = recordIndex[ObjectIdentifier(item)] else { return false }
        let b = records[i].body
        world.setVelocity(b, linear: world.linearVelocity(of: b), angular: world.angularVelocity(of: b) + Double(w))
        setNeedsResume()
        return true
    }

    /// Applies a force (UIKit Newtons: a = 100·f/mass pt/s²) at an offset (points, in the
    /// item's own axes, so it turns with the item) from its center, over every internal
    /// step of the next frame. Call it from an `action` for a force that lasts.
    public func applyForce(_ force: CGVector, to item: DynamicItem, atOffset offset: CGVector = .zero) {
        guard accept({
            try Validate.finite(force, Validate.owner(of: item), "force")
            try Validate.finite(offset, Validate.owner(of: item), "offset")
        }) else { return }
        guard let i = recordIndex[ObjectIdentifier(item)] else { return }
        hold(records[i].body, force: Vec2(Double(force.dx), Double(force.dy)), offset: Units.meters(offset), torque: 0)
        world.wake(records[i].body)
        setNeedsResume()
    }

    /// Holds a force and torque for a body over the next frame, merged with what the body
    /// holds already. O(1).
    func hold(_ body: BodyID, force: Vec2, offset: Vec2, torque: Double) {
        let k = Int(body.index)
        if k >= heldSlot.count { heldSlot.append(contentsOf: repeatElement(-1, count: k + 1 - heldSlot.count)) }
        let slot = Int(heldSlot[k])
        if slot >= 0 && slot < heldForces.count && heldForces[slot].body == body {
            heldForces[slot].merge(force: force, offset: offset, torque: torque)
        } else {
            heldSlot[k] = Int32(heldForces.count)
            heldForces.append(HeldForce(body: body, force: force, offset: offset, torque: torque))
        }
    }

    /// Drops the held forces (after the frame that applied them).
    func clearHeldForces() {
        for f in heldForces where Int(f.body.index) < heldSlot.count { heldSlot[Int(f.body.index)] = -1 }
        heldForces.removeAll(keepingCapacity: true)
    }

    /// Applies a torque (UIKit Newton·points; positive turns clockwise) over the next frame.
    public func applyTorque(_ torque: CGFloat, to item: DynamicItem) {
        guard accept({ try Validate.finite(torque, Validate.owner(of: item), "torque") }) else { return }
        guard let i = recordIndex[ObjectIdentifier(item)] else { return }
        hold(records[i].body, force: .zero, offset: .zero, torque: Double(torque) * Units.metersPerPoint)
        world.wake(records[i].body)
        setNeedsResume()
    }

    /// Applies an impulse now (Δv = 100·i/mass pt/s) at an offset (points, item axes).
    public func applyImpulse(_ impulse: CGVector, to item: DynamicItem, atOffset offset: CGVector = .zero) {
        guard accept({
            try Validate.finite(impulse, Validate.owner(of: item), "impulse")
            try Validate.finite(offset, Validate.owner(of: item), "offset")
        }) else { return }
        guard let i = recordIndex[ObjectIdentifier(item)] else { return }
        let b = records[i].body
        let point = world.transform(of: b).apply(Units.meters(offset))
        world.applyLinearImpulse(b, Vec2(Double(impulse.dx), Double(impulse.dy)), at: point)
        setNeedsResume()
    }

    /// The points (world, points) where items touch something now: the manifold points of
    /// every contact that is touching, for debug drawing. O(contacts).
    public var contactPoints: [CGPoint] {
        world.touchingContactPoints.map(Units.point)
    }

    /// The mass of an item in the world (density × area / 10 000), or nil.
    public func mass(of item: DynamicItem) -> CGFloat? {
        guard let i = recordIndex[ObjectIdentifier(item)] else { return nil }
        return world.mass(of: records[i].body)
    }

    func setNeedsUpdate() { needsUpdate = true }

    /// Applies the changes made since the last frame now, as the next frame would first
    /// (items of newly added behaviors join the world), unless a frame is running. True if
    /// there were changes to apply. A script can then set the velocity of an item it has
    /// just added, before the first frame.
    ///
    /// The changes still count as the next frame's: if they leave something to move (a new
    /// item off its spring's anchor), the animator stays running (`isRunning`) and a paused
    /// one resumes at the next frame, as it would have had the frame applied them. A host
    /// that reads the items between a change and the next frame (a collection view's layout
    /// pass, `items(in:)`) would otherwise leave a paused animator paused with the new item
    /// off its place.
    @discardableResult
    package func applyPendingChanges() -> Bool {
        guard needsUpdate, !isStepping else { return false }
        update()
        if !running && world.hasAwakeBodies { setNeedsResume() }
        return true
    }

    /// Wakes the bodies of `items` that are in the world (a push turned on, a field changed
    /// under resting items) so that a paused animator resumes.
    func wake(_ items: [DynamicItem]) {
        for item in items {
            if let i = recordIndex[ObjectIdentifier(item)] { world.wake(records[i].body) }
        }
        setNeedsResume()
    }
    /// A change that moves something (a body was woken): the next frame resumes if paused.
    /// Unlike `setNeedsUpdate` it does not rebuild anything, so an action may set every
    /// item's velocity each frame at no extra cost.
    func setNeedsResume() { resumeRequested = true }
}

/// A force held for one frame.
struct HeldForce {
    var body: BodyID
    var force: Vec2
    /// Offset from the body origin in body axes (m).
    var offset: Vec2
    var torque: Double
    /// Several forces held for one body in one frame are one entry: their sum applied at the
    /// body's origin, and the torque of their offsets kept as Σ cross(offset, force) and
    /// Σ dot(offset, force), since at rotation q the offsets (which turn with the body) add
    /// q.c·crossSum − q.s·dotSum. A script applying a torque a million times a frame held a
    /// million entries (5.7 M entries, 426 MB in 0.8 s).
    var merged = false
    var crossSum = 0.0, dotSum = 0.0

    mutating func merge(force f: Vec2, offset r: Vec2, torque t: Double) {
        if !merged {
            crossSum = cross(offset, force)
            dotSum = dot(offset, force)
            offset = .zero
            merged = true
        }
        force = force + f
        crossSum += cross(r, f)
        dotSum += dot(r, f)
        torque += t
    }
}

/// An item in the world.
struct ItemRecord {
    let item: DynamicItem
    /// The item when it is a `DynamicView` (the common case), without reference counting,
    /// for the write-back of every moving item after every frame: a load of `item` retained
    /// and released it (3 % of largePyramid). `item` keeps it alive while the record exists.
    let view: Unmanaged<DynamicView>?
    var body: BodyID
    /// Engine shapes (one, or one per member of a group).
    var shapes: [ShapeID]
    var geometry: [PlacedShape]
    var size: CGSize
    var properties: ItemProperties
    var gravity: CGVector
    var filter: Filter
    /// The item is a `DynamicItemGroup` (members are written back too).
    var isGroup = false
    /// False until the record's properties, gravity and filter reached the engine.
    var configured = false
}

/// The static bodies a collision behavior's boundaries became.
struct BoundarySet {
    var version: Int
    var referenceBounds: CGRect?
    var bodies: [BodyID]
}

/// Which animator holds an item: an item can be in one animator at a time.
enum ItemOwnership {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var owners: [ObjectIdentifier: ObjectIdentifier] = [:]

    /// Claims the item for `animator`; returns false if another animator holds it.
    static func claim(_ item: DynamicItem, for animator: DynamicAnimator) -> Bool {
        lock.lock(); defer { lock.unlock() }
        let key = ObjectIdentifier(item), me = ObjectIdentifier(animator)
        if let owner = owners[key], owner != me { return false }
        owners[key] = me
        return true
    }

    static func release(_ item: DynamicItem, from animator: DynamicAnimator) {
        lock.lock(); defer { lock.unlock() }
        let key = ObjectIdentifier(item)
        if owners[key] == ObjectIdentifier(animator) { owners[key] = nil }
    }
}

// MARK: Record access for bindings

extension DynamicAnimator {
    /// The record slot of `item` in this animator's world, trying `hint` first (a slot the
    /// caller remembered), or nil if the item is not in the world. O(1).
    package func recordSlot(of item: DynamicItem, hint: Int) -> Int? {
        if hint >= 0 && hint < records.count && records[hint].item === item { return hint }
        return recordIndex[ObjectIdentifier(item)]
    }

    /// Velocity (pt/s) of the item at record slot `i`.
    package func linearVelocity(atRecord i: Int) -> CGPoint {
        Units.point(world.originVelocity(of: records[i].body))
    }

    /// Angular velocity (rad/s) of the item at record slot `i`.
    package func angularVelocity(atRecord i: Int) -> CGFloat {
        world.angularVelocity(of: records[i].body)
    }

    /// Sets the velocity (pt/s, at the center) of the item at record slot `i`, keeping its
    /// angular velocity. The caller validated `v` (`Validate.finite`).
    package func setVelocity(_ v: CGPoint, atRecord i: Int) {
        setVelocity(v, body: records[i].body)
    }

    /// Velocity (pt/s) of `item` if its record is at slot `hint` (a slot the caller
    /// remembered), else nil: the check and the read in one access to the records.
    package func linearVelocity(of item: DynamicItem, hint: Int) -> CGPoint? {
        guard let b = body(of: item, hint: hint) else { return nil }
        return Units.point(world.originVelocity(of: b))
    }

    /// Sets the velocity (pt/s, at the center) of `item` if its record is at slot `hint`;
    /// false otherwise. The caller validated `v` (`Validate.finite`).
    package func setVelocity(_ v: CGPoint, of item: DynamicItem, hint: Int) -> Bool {
        guard let b = body(of: item, hint: hint) else { return false }
        setVelocity(v, body: b)
        return true
    }

    /// The body of `item` if its record is at slot `hint`.
    @inline(__always)
    private func body(of item: DynamicItem, hint: Int) -> BodyID? {
        records.withUnsafeBufferPointer { r in
            hint >= 0 && hint < r.count && r[hint].item === item ? r[hint].body : nil
        }
    }

    private func setVelocity(_ v: CGPoint, body b: BodyID) {
        world.setVelocity(b, atOrigin: Units.meters(v))
        setNeedsResume()
    }

    /// Mass of the item at record slot `i`.
    package func mass(atRecord i: Int) -> CGFloat {
        world.mass(of: records[i].body)
    }
}
