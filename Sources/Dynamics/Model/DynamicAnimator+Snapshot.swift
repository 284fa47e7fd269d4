import DynamicsEngine
import Foundation

// Snapshots of an animator: the world (World+Snapshot.swift in the engine), the animator's own
// state, every behavior's and timer's, and the pointer's, taken at once and put back at once,
// so stepping on after `restore(_:)` repeats, bit for bit, what stepping on from the moment of
// `snapshot()` did (docs/snapshots.md).
//
// A snapshot holds references to the behaviors, items and timers it saw, and copies of their
// values; restoring puts the behavior tree, the items in the world and the timers back as they
// were, leaving out what was added since. What it does not hold: tasks (a task is a suspended
// function whose state cannot be copied, so a restore with one alive is refused), the state of
// an embedder's behaviors beyond their place in the tree (a scripted plugin's own variables),
// and handlers (`invalidInputHandler`, `contactAllowance`, delegates, callbacks), which stay as
// they are. `DynamicAnimatorSnapshotTests.everyStoredPropertyIsClassified` fails when a stored
// property is added to `DynamicAnimator` without a decision in `snapshotProperties` or
// `unsavedProperties`.

/// The state of a `DynamicAnimator` at one moment (`DynamicAnimator.snapshot()`), to put back
/// with `DynamicAnimator.restore(_:)` any number of times. It belongs to the animator that took it.
public struct AnimatorSnapshot {
    let owner: ObjectIdentifier
    let world: WorldSnapshot
    let model: ModelState
    let behaviors: [() -> Void]
    let behaviorSet: Set<ObjectIdentifier>
    let timers: [() -> Void]
    let timerSet: Set<ObjectIdentifier>
    let pointer: (DynamicPointer) -> Void
    let hadTasks: Int

    /// `elapsedTime` when the snapshot was taken (s).
    public var elapsedTime: TimeInterval { model.elapsedTime }
    /// Items in the world when the snapshot was taken.
    public var itemCount: Int { model.records.count }
    /// Bytes of engine state the snapshot copied (bodies, shapes, contacts, joints, broad
    /// phase), for measurements; the model's part is small beside it.
    public var byteCount: Int { world.byteCount }

    /// The animator's own stored state.
    struct ModelState {
        var behaviors: [DynamicBehavior]
        var elapsedTime: TimeInterval, lastStepDuration: TimeInterval
        var fixedTimeStep: TimeInterval, contactBound: Int
        var records: [ItemRecord], recordIndex: [ObjectIdentifier: Int]
        var boundarySets: [ObjectIdentifier: BoundarySet]
        var boundaryOwners: [(behavior: CollisionBehavior, identifier: AnyHashable?)?]
        var flatBehaviors: [DynamicBehavior], actionBehaviors: [DynamicBehavior], actionsChanged: Bool
        var collisionBehaviors: [CollisionBehavior]
        var openContacts: [ContactKey: [OpenContact]], staleContacts: [OpenContact], openParties: [PartyKey: Int]
        var plugins: [(behavior: CustomBehavior, bodies: [BodyID], items: [DynamicItem], charges: [Double])]
        var heldForces: [HeldForce], heldSlot: [Int32]
        var jointRecords: [ObjectIdentifier: JointID]
        var needsUpdate: Bool, resumeRequested: Bool, running: Bool, accumulator: TimeInterval
        var timers: [DynamicTimer], timerBook: TimerBook
        var lastRest: RestRecord?, restsSeen: Int, pausedAt: TimeInterval?
    }
}

extension DynamicAnimator {
    /// The stored properties of `DynamicAnimator` a snapshot saves (`world` through the
    /// engine's snapshot, `pointerStorage` through the pointer's saved state,
    /// `recordsGeneration` and `itemSetVersion` advanced by a restore, as after any change of
    /// the items). A test checks that every stored property is in this list or in `unsavedProperties`.
    package static let snapshotProperties: Set<String> = [
        "world", "behaviors", "elapsedTime", "lastStepDuration", "fixedTimeStep", "contactBound",
        "records", "recordIndex", "recordsGeneration", "boundarySets", "boundaryOwners", "flatBehaviors",
        "actionBehaviors", "actionsChanged", "collisionBehaviors", "openContacts", "staleContacts",
        "openParties", "plugins", "heldForces", "heldSlot", "jointRecords", "needsUpdate",
        "resumeRequested", "running", "accumulator", "timers", "timerBook", "pointerStorage",
        "itemSetVersion", "lastRest", "restsSeen", "pausedAt",
    ]

    /// The stored properties a snapshot leaves as they are: the reference bounds (constant),
    /// handlers, callbacks and the delegate, the embedder's slot (the host's own record), the real-time driver and thread registry (how the animator is
    /// run, not what it holds), `isStepping` (a restore is refused mid-frame) and the tasks
    /// (a restore is refused while any is alive).
    package static let unsavedProperties: Set<String> = [
        "referenceBounds", "invalidInputHandler", "contactAllowance", "shouldInterruptStep", "delegate", "embedder",
        "isStepping", "driver", "tasks", "taskBook", "inThreadRegistry",
    ]

    /// The animator's state now: the world (items' poses, velocities and sleep, contacts with
    /// their warm-start impulses, joints with their accumulated impulses), the behavior tree
    /// and each built-in behavior's state (a push's activation, pending velocity changes, a
    /// release's target, a field's parameters), `elapsedTime`, the timers' due times and the
    /// pointer's gesture. O(bodies + contacts + joints + behaviors): flat copies, a fraction
    /// of a step's time (docs/snapshots.md gives figures).
    public func snapshot() -> AnimatorSnapshot {
        let model = AnimatorSnapshot.ModelState(
            behaviors: behaviors, elapsedTime: elapsedTime, lastStepDuration: lastStepDuration,
            fixedTimeStep: fixedTimeStep, contactBound: contactBound,
            records: records, recordIndex: recordIndex, boundarySets: boundarySets, boundaryOwners: boundaryOwners,
            flatBehaviors: flatBehaviors, actionBehaviors: actionBehaviors, actionsChanged: actionsChanged,
            collisionBehaviors: collisionBehaviors, openContacts: openContacts, staleContacts: staleContacts,
            openParties: openParties, plugins: plugins, heldForces: heldForces, heldSlot: heldSlot,
            jointRecords: jointRecords, needsUpdate: needsUpdate, resumeRequested: resumeRequested,
            running: running, accumulator: accumulator, timers: timers, timerBook: timerBook,
            lastRest: lastRest, restsSeen: restsSeen, pausedAt: pausedAt)
        let tree = behaviorsInTrees(behaviors)
        return AnimatorSnapshot(
            owner: ObjectIdentifier(self), world: world.snapshot(), model: model,
            behaviors: tree.map { $0.savedState() },
            behaviorSet: Set(tree.map(ObjectIdentifier.init)),
            timers: timers.map { $0.savedState() },
            timerSet: Set(timers.map(ObjectIdentifier.init)),
            pointer: (pointerStorage ?? DynamicPointer(animator: self)).savedState(),
            hadTasks: runningTasks.count)
    }

    /// Puts back the state `snapshot` saved: stepping on from here repeats, bit for bit, what
    /// stepping on from the moment it was taken did. Behaviors, items and timers added since
    /// leave the animator (behaviors without `willMove(to:)`; timers end without firing);
    /// those removed since come back; timers that fired since fire again; items are placed
    /// where the snapshot had them. Handlers and callbacks stay as they are.
    ///
    /// Throws, changing nothing, when the snapshot is another animator's, when a frame is
    /// running (from an action, callback or timer), or when a task is alive now or was when
    /// the snapshot was taken (a task's progress cannot be saved). O(bodies + contacts +
    /// joints + behaviors).
    public func restore(_ snapshot: AnimatorSnapshot) throws {
        func refuse(_ message: String) -> DynamicsError {
            DynamicsError(owner: "DynamicAnimator", property: "restore", message: message)
        }
        guard snapshot.owner == ObjectIdentifier(self), world.owns(snapshot.world) else {
            throw refuse("was given a snapshot of another animator")
        }
        guard !isStepping else {
            throw refuse("cannot run inside a frame (an action, callback or timer); restore between frames")
        }
        let live = runningTasks.count
        guard live == 0 else {
            throw refuse("cannot restore with \(live) task\(live == 1 ? "" : "s") alive (a task's progress is not in a snapshot): cancel \(live == 1 ? "it" : "them") first")
        }
        guard snapshot.hadTasks == 0 else {
            throw refuse("cannot restore a snapshot taken with \(snapshot.hadTasks) task\(snapshot.hadTasks == 1 ? "" : "s") alive (a task's progress is not in a snapshot)")
        }
        let m = snapshot.model
        // Items: every item the snapshot had is claimed before anything changes.
        let restoredItems = Set(m.records.map { ObjectIdentifier($0.item) })
        let currentItems = Set(records.map { ObjectIdentifier($0.item) })
        var claimed: [DynamicItem] = []
        for r in m.records where !currentItems.contains(ObjectIdentifier(r.item)) {
            guard ItemOwnership.claim(r.item, for: self) else {
                for item in claimed { ItemOwnership.release(item, from: self) }
                let name = (r.item as? DynamicView)?.name.map { " '\(ShownText.line($0))'" } ?? ""
                throw refuse("cannot put back item\(name): another animator holds it now")
            }
            claimed.append(r.item)
        }
        for r in records where !restoredItems.contains(ObjectIdentifier(r.item)) {
            ItemOwnership.release(r.item, from: self)
        }
        // Behaviors and timers made or added since leave quietly.
        for b in behaviorsInTrees(behaviors) where !snapshot.behaviorSet.contains(ObjectIdentifier(b)) {
            b.leaveForRestore()
        }
        for t in timers where !snapshot.timerSet.contains(ObjectIdentifier(t)) { t.endForRestore() }
        for restoreBehavior in snapshot.behaviors { restoreBehavior() }
        for restoreTimer in snapshot.timers { restoreTimer() }
        if let pointer = pointerStorage { snapshot.pointer(pointer) }
        // The animator's own state, after the behaviors' observers ran.
        behaviors = m.behaviors
        elapsedTime = m.elapsedTime; lastStepDuration = m.lastStepDuration
        fixedTimeStep = m.fixedTimeStep; contactBound = m.contactBound
        records = m.records; recordIndex = m.recordIndex
        boundarySets = m.boundarySets; boundaryOwners = m.boundaryOwners
        flatBehaviors = m.flatBehaviors; actionBehaviors = m.actionBehaviors; actionsChanged = m.actionsChanged
        collisionBehaviors = m.collisionBehaviors
        openContacts = m.openContacts; staleContacts = m.staleContacts; openParties = m.openParties
        plugins = m.plugins; heldForces = m.heldForces; heldSlot = m.heldSlot
        jointRecords = m.jointRecords
        needsUpdate = m.needsUpdate; resumeRequested = m.resumeRequested; running = m.running
        accumulator = m.accumulator
        timers = m.timers; timerBook = m.timerBook
        lastRest = m.lastRest; restsSeen = m.restsSeen; pausedAt = m.pausedAt
        recordsGeneration += 1
        itemSetVersion += 1
        world.restore(snapshot.world)
        placeAllItems()
    }

    /// Every behavior of the trees rooted at `roots`, depth first.
    private func behaviorsInTrees(_ roots: [DynamicBehavior]) -> [DynamicBehavior] {
        var all: [DynamicBehavior] = []
        var stack = Array(roots.reversed())
        while let b = stack.popLast() {
            all.append(b)
            stack.append(contentsOf: b.childBehaviors.reversed())
        }
        return all
    }
}
