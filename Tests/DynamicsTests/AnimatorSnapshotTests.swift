import Dynamics
@testable import DynamicsEngine
import DynamicsScenes
import DynamicsTestSupport
import Foundation
import Testing

// Snapshots: stepping on after `restore(_:)` must repeat, bit for bit, what stepping on from the
// moment of `snapshot()` did. Each case runs a scene to a moment, takes a snapshot, steps on and
// hashes every frame (every item's center, rotation and velocities), restores, steps on again and
// compares every frame's hash: one differing bit anywhere fails.

/// Steps `frames` frames of `dt`, returning each frame's hash.
private func trace(_ animator: DynamicAnimator, _ items: [DynamicItem], frames: Int, dt: Double) -> [UInt64] {
    (0..<frames).map { _ in animator.step(dt); return stateHash(animator, items) }
}

/// Runs `before` frames, snapshots, traces `after` frames, restores, traces again; returns the
/// first differing frame (nil: identical) and whether anything moved in the traced frames.
private func continuation(_ animator: DynamicAnimator, _ items: [DynamicItem], before: Int, after: Int,
                          dt: Double) throws -> (firstDifference: Int?, moved: Bool, snapshot: AnimatorSnapshot) {
    for _ in 0..<before { animator.step(dt) }
    let s = animator.snapshot()
    let start = stateHash(animator, items)
    let first = trace(animator, items, frames: after, dt: dt)
    try animator.restore(s)
    #expect(stateHash(animator, items) == start, "the restore puts every item back where the snapshot had it")
    let second = trace(animator, items, frames: after, dt: dt)
    let diff = zip(first, second).enumerated().first { $0.element.0 != $0.element.1 }?.offset
    return (diff, Set(first).count > 1, s)
}

@Suite("Animator snapshots")
struct AnimatorSnapshotTests {
    @Test("Every stored property of World and DynamicAnimator is either saved or named as not saved")
    func everyStoredPropertyIsClassified() {
        let world = Mirror(reflecting: World()).children.compactMap(\.label)
        let worldKnown = World.snapshotProperties.union(World.scratchProperties)
        #expect(world.count > 40)
        #expect(Set(world).subtracting(worldKnown).isEmpty,
                "World properties without a snapshot decision (World+Snapshot.swift): \(Set(world).subtracting(worldKnown).sorted())")
        #expect(worldKnown.subtracting(world).isEmpty, "names in the lists that World does not have: \(worldKnown.subtracting(world).sorted())")
        let animator = Mirror(reflecting: DynamicAnimator()).children.compactMap(\.label)
        let animatorKnown = DynamicAnimator.snapshotProperties.union(DynamicAnimator.unsavedProperties)
        #expect(animator.count > 30)
        #expect(Set(animator).subtracting(animatorKnown).isEmpty,
                "DynamicAnimator properties without a snapshot decision (DynamicAnimator+Snapshot.swift): \(Set(animator).subtracting(animatorKnown).sorted())")
        #expect(animatorKnown.subtracting(animator).isEmpty, "names in the lists that DynamicAnimator does not have: \(animatorKnown.subtracting(animator).sorted())")
    }

    /// The standard scenes (smaller sizes of the sized ones, so a debug build runs them in
    /// seconds), at moments where bodies fall, pile up with contacts, and rest asleep.
    @Test("Stepping on after a restore repeats every standard scene bit for bit", arguments: [
        ("boxes200", 30), ("boxes200", 240), ("pyramid20", 60), ("pyramid20", 900), ("swiftAction200", 100),
        ("jointGrid", 20), ("largePyramid", 3), ("manyPyramids", 2),
    ])
    func standardScenes(name: String, before: Int) throws {
        let scene = try #require(StandardScenes.build(name))
        let after = name == "largePyramid" || name == "manyPyramids" ? 5 : 40
        let result = try continuation(scene.animator, scene.items, before: before, after: after, dt: scene.frameDuration)
        #expect(result.firstDifference == nil, "\(name) after \(before) frames: frame \(result.firstDifference ?? -1) differs")
        if before < 600 { #expect(result.moved, "\(name) moved in the traced frames") }
        #expect(result.snapshot.itemCount == scene.items.count)
    }

    /// Every behavior kind at once: gravity, collision with a boundary, the five attachment
    /// types, snap, both pushes, item properties with velocity changes, every field kind and
    /// a custom one, a composite with an action, timers, and a drag by the pointer.
    static func everyBehavior() -> (DynamicAnimator, [DynamicView], PushBehavior) {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 600, height: 600))
        func box(_ x: CGFloat, _ y: CGFloat, _ name: String) -> DynamicView {
            let v = DynamicView(center: CGPoint(x: x, y: y), size: CGSize(width: 30, height: 24))
            v.name = name
            return v
        }
        let items = (0..<14).map { box(40 + CGFloat($0) * 38, 120 + CGFloat($0 % 3) * 40, "item\($0)") }
        let gravity = GravityBehavior(items: Array(items[0..<10]))
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.addBoundary(withIdentifier: "shelf", from: CGPoint(x: 0, y: 420), to: CGPoint(x: 300, y: 460))
        let spring = AttachmentBehavior(item: items[0], attachedToAnchor: CGPoint(x: 60, y: 40))
        spring.frequency = 2; spring.damping = 0.1
        let pin = AttachmentBehavior.pinAttachment(with: items[1], attachedTo: items[2], attachmentAnchor: CGPoint(x: 97, y: 140))
        let sliding = AttachmentBehavior.slidingAttachment(with: items[3], attachmentAnchor: items[3].center,
                                                          axisOfTranslation: CGVector(dx: 0.6, dy: 0.8))
        let limit = AttachmentBehavior.limitAttachment(with: items[4], offsetFromCenter: Offset(horizontal: 0, vertical: 0),
                                                       attachedTo: items[5], offsetFromCenter: Offset(horizontal: 5, vertical: 0))
        let fixed = AttachmentBehavior.fixedAttachment(with: items[6], attachedTo: items[7], attachmentAnchor: items[6].center)
        let snap = SnapBehavior(item: items[10], snapTo: CGPoint(x: 500, y: 300))
        let continuous = PushBehavior(items: [items[8]], mode: .continuous)
        continuous.pushDirection = CGVector(dx: 0.3, dy: -0.2)
        let instant = PushBehavior(items: [items[9]], mode: .instantaneous)
        instant.pushDirection = CGVector(dx: 2, dy: -1)
        let props = DynamicItemBehavior(items: items)
        props.elasticity = 0.4
        props.friction = 0.3
        props.charge = 1
        let composite = DynamicBehavior()
        var fields: [FieldBehavior] = [
            .dragField(), .vortexField(), .radialGravityField(position: CGPoint(x: 300, y: 300)),
            .linearGravityField(direction: CGVector(dx: 0.1, dy: 0)), .velocityField(direction: CGVector(dx: 0.2, dy: 0)),
            .noiseField(smoothness: 0.5, animationSpeed: 1), .turbulenceField(smoothness: 0.5, animationSpeed: 1),
            .springField(), .electricField(), .magneticField(),
        ]
        fields.append(.field { _, position, _, _, _, time in CGVector(dx: -position.x * 0.001 * CGFloat(time), dy: 0) })
        for (i, f) in fields.enumerated() {
            f.addItem(items[11 + i % 3])
            f.position = CGPoint(x: 450, y: 250)
            f.strength = 0.05
            composite.addChildBehavior(f)
        }
        // The action reads only the animator's state (a snapshot does not hold a closure's own variables).
        composite.action = { [unowned animator] in
            if Int((animator.elapsedTime * 60).rounded()) % 30 == 0 { props.addLinearVelocity(CGPoint(x: 40, y: -30), for: items[12]) }
        }
        for b in [gravity, collision, spring, pin, sliding, limit, fixed, snap, continuous, instant, props, composite] as [DynamicBehavior] {
            animator.addBehavior(b)
        }
        animator.every(0.25) { props.addAngularVelocity(0.5, for: items[13]); return true }
        animator.after(0.6) { instant.active = true }
        return (animator, items, continuous)
    }

    @Test("Stepping on after a restore repeats a scene with every behavior kind, mid-contact and mid-swing", arguments: [5, 47, 100, 233])
    func everyBehaviorKind(before: Int) throws {
        let (animator, items, _) = Self.everyBehavior()
        // A drag by the pointer from frame 40 to 80 (in progress at some snapshots).
        var frame = 0
        let dt = 1.0 / 60
        for _ in 0..<before {
            Self.drive(animator, items, frame: frame); frame += 1
            animator.step(dt)
        }
        let s = animator.snapshot()
        func traceDriven(from start: Int) -> [UInt64] {
            (0..<90).map { k in
                Self.drive(animator, items, frame: start + k)
                animator.step(dt)
                return stateHash(animator, items)
            }
        }
        let first = traceDriven(from: frame)
        try animator.restore(s)
        let second = traceDriven(from: frame)
        let diff = zip(first, second).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(diff == nil, "after \(before) frames: frame \(diff ?? -1) after the snapshot differs")
        #expect(Set(first).count == first.count, "the scene moves in every traced frame")
    }

    /// The pointer drags item 5 from frame 40 to 80.
    static func drive(_ animator: DynamicAnimator, _ items: [DynamicView], frame: Int) {
        switch frame {
        case 40: animator.pointer.send(.began, at: items[5].center)
        case 41..<80: animator.pointer.send(.moved, at: CGPoint(x: 200 + CGFloat(frame) * 3, y: 200 - CGFloat(frame)))
        case 80: animator.pointer.send(.ended, at: CGPoint(x: 440, y: 120))
        default: break
        }
    }

    @Test("A snapshot of a resting pile restores asleep, and the animator pauses as it did")
    func asleep() throws {
        let scene = StandardScenes.pyramid(10)
        let dt = scene.frameDuration
        var frames = 0
        while scene.animator.isRunning && frames < 3000 { scene.animator.step(dt); frames += 1 }
        #expect(!scene.animator.isRunning, "the pyramid rests within 25 s")
        let s = scene.animator.snapshot()
        let rested = stateHash(scene.animator, scene.items)
        // Knock it over, then restore: asleep again, same bits, and it stays paused.
        scene.animator.pointer.send(.began, at: scene.items[0].center)
        scene.animator.pointer.send(.moved, at: CGPoint(x: 100, y: 100))
        for _ in 0..<30 { scene.animator.step(dt) }
        #expect(stateHash(scene.animator, scene.items) != rested)
        scene.animator.pointer.send(.ended, at: CGPoint(x: 100, y: 100))
        try scene.animator.restore(s)
        #expect(stateHash(scene.animator, scene.items) == rested)
        #expect(!scene.animator.isRunning, "restored asleep, the animator is paused")
        for _ in 0..<10 { scene.animator.step(dt) }
        #expect(stateHash(scene.animator, scene.items) == rested, "stepping a restored resting pile leaves it as it was")
    }

    @Test("What was added after the snapshot leaves; what was removed comes back; fired timers fire again")
    func treeAndTimers() throws {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 400))
        let a = DynamicView(center: CGPoint(x: 100, y: 100), size: CGSize(width: 20, height: 20))
        let b = DynamicView(center: CGPoint(x: 200, y: 100), size: CGSize(width: 20, height: 20))
        let gravity = GravityBehavior(items: [a])
        animator.addBehavior(gravity)
        var fired = 0
        animator.after(0.5) { fired += 1 }
        animator.step(1.0 / 60)
        let s = animator.snapshot()
        // After the snapshot: the timer fires, a behavior with a new item joins, gravity leaves.
        for _ in 0..<40 { animator.step(1.0 / 60) }
        #expect(fired == 1)
        let late = GravityBehavior(items: [b])
        animator.addBehavior(late)
        let lateTimer = animator.after(0.1) { fired += 100 }
        animator.removeBehavior(gravity)
        animator.step(1.0 / 60)
        try animator.restore(s)
        #expect(animator.behaviors.count == 1 && animator.behaviors[0] === gravity)
        #expect(gravity.dynamicAnimator === animator)
        #expect(late.dynamicAnimator == nil, "a behavior added after the snapshot leaves")
        #expect(lateTimer.isCancelled, "a timer made after the snapshot ends")
        #expect(animator.items(in: CGRect(x: 0, y: 0, width: 400, height: 400)).count == 1)
        // The item that joined after the snapshot left the world: another animator may take it.
        let other = DynamicAnimator()
        other.invalidInputHandler = { Issue.record("refused: \($0)") }
        other.addBehavior(GravityBehavior(items: [b]))
        other.step(1.0 / 60)
        #expect(b.center.y > 100)
        for _ in 0..<40 { animator.step(1.0 / 60) }
        #expect(fired == 2, "the timer that fired after the snapshot fires again after the restore")
        #expect(abs(a.center.y - 100) > 10, "gravity, removed after the snapshot, acts again")
    }

    @Test("A snapshot restores any number of times, each time to the same bits")
    func restoresRepeatedly() throws {
        let scene = StandardScenes.boxes(60)
        for _ in 0..<50 { scene.animator.step(scene.frameDuration) }
        let s = scene.animator.snapshot()
        var ends: Set<UInt64> = []
        for _ in 0..<3 {
            try scene.animator.restore(s)
            for _ in 0..<25 { scene.animator.step(scene.frameDuration) }
            ends.insert(stateHash(scene.animator, scene.items))
        }
        #expect(ends.count == 1)
        #expect(s.byteCount > 60 * MemoryLayout<BodySim>.stride)
        #expect(abs(s.elapsedTime - 50 * scene.frameDuration) < 1e-12)
    }

    @Test("A restore is refused, changing nothing, for another animator's snapshot, inside a frame, and with tasks alive")
    func refusals() throws {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 400))
        let item = DynamicView(center: CGPoint(x: 100, y: 100), size: CGSize(width: 20, height: 20))
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.step(1.0 / 60)
        let other = DynamicAnimator()
        #expect(throws: DynamicsError.self) { try animator.restore(other.snapshot()) }
        do {
            try animator.restore(other.snapshot())
        } catch let error as DynamicsError {
            #expect("\(error)".contains("DynamicAnimator.restore") && "\(error)".contains("another animator"))
        }
        let s = animator.snapshot()
        // Inside a frame.
        var inside: Error?
        let composite = DynamicBehavior()
        composite.action = { [unowned animator] in
            do { try animator.restore(s) } catch { inside = error }
        }
        animator.addBehavior(composite)
        animator.step(1.0 / 60)
        #expect("\(inside.map { "\($0)" } ?? "")".contains("inside a frame"))
        animator.removeBehavior(composite)
        // A task alive now, and a snapshot taken with a task alive.
        let task = animator.spawn { task in task.wait(10) {} }
        let y = item.center.y
        do {
            try animator.restore(s)
            Issue.record("restored with a task alive")
        } catch {
            #expect("\(error)".contains("1 task alive"))
        }
        #expect(item.center.y == y, "a refused restore changes nothing")
        let withTask = animator.snapshot()
        task.cancel()
        do {
            try animator.restore(withTask)
            Issue.record("restored a snapshot taken with a task alive")
        } catch {
            #expect("\(error)".contains("taken with 1 task alive"))
        }
        try animator.restore(s)
    }
}

/// Each built-in behavior's stored properties, as its `savedState()` override saves them or
/// leaves them (`let`s fixed at init, scratch, callbacks): a property added to a behavior
/// without a decision fails here, so a snapshot cannot silently miss new state.
@Suite("Behavior snapshots")
struct BehaviorSnapshotCoverageTests {
    static func labels(_ object: Any) -> Set<String> {
        var all: Set<String> = []
        var mirror: Mirror? = Mirror(reflecting: object)
        // Up to, not into, DynamicBehavior (whose own state the base savedState() saves).
        while let m = mirror, m.subjectType != DynamicBehavior.self {
            for c in m.children { if let l = c.label { all.insert(l) } }
            mirror = m.superclassMirror
        }
        return all
    }

    /// A fresh behavior of the class `name` names, and its stored properties.
    static func stored(_ name: String) -> Set<String> {
        let item = DynamicView(center: .zero, size: CGSize(width: 10, height: 10))
        let other = DynamicView(center: CGPoint(x: 30, y: 0), size: CGSize(width: 10, height: 10))
        switch name {
        case "PushBehavior": return labels(PushBehavior(items: [item], mode: .continuous))
        case "GravityBehavior": return labels(GravityBehavior(items: [item]))
        case "DynamicItemBehavior": return labels(DynamicItemBehavior(items: [item]))
        case "SnapBehavior": return labels(SnapBehavior(item: item, snapTo: .zero))
        case "AttachmentBehavior": return labels(AttachmentBehavior(item: item, attachedTo: other))
        case "CollisionBehavior": return labels(CollisionBehavior(items: [item]))
        case "FieldBehavior": return labels(FieldBehavior.springField())
        case "ReleaseBehavior": return labels(ReleaseBehavior(item: item))
        default: return []
        }
    }

    @Test("Every stored property of every built-in behavior is saved or named as not saved", arguments: [
        ("PushBehavior", ["list", "direction", "offsets", "isActive"], ["mode"]),
        ("GravityBehavior", ["list", "direction"], []),
        ("DynamicItemBehavior", ["list", "overrides", "pendingLinear", "pendingAngular"], []),
        ("SnapBehavior", ["point", "storedDamping", "storedFrequency"], ["item"]),
        ("AttachmentBehavior", ["anchor", "storedLength", "storedDamping", "storedFrequency", "storedFrictionTorque", "storedRange"],
         ["kind", "attachedBehaviorType", "items", "offsetA", "offsetB", "referenceAngle", "localAxis", "givenAxis"]),
        ("CollisionBehavior", ["list", "boundaries", "boundaryVersion", "referenceInsets", "collisionMode", "boundaryElasticity", "boundaryFriction"],
         ["collisionDelegate"]),
        ("FieldBehavior", ["list", "noise", "position", "region", "strength", "falloff", "minimumRadius", "direction", "smoothness", "animationSpeed"],
         ["kind", "batchSamples", "batchIndices", "batchForces"]),
        ("ReleaseBehavior", ["storedFrequency", "storedDamping", "storedDecelerationRate", "target", "projectedPoint", "isSettled",
                             "storedTargets", "isSpringing", "watch"],
         ["item", "chooseTarget", "onSettled"]),
    ] as [(String, Set<String>, Set<String>)])
    func covered(name: String, saved: Set<String>, unsaved: Set<String>) {
        let stored = Self.stored(name)
        #expect(!stored.isEmpty)
        #expect(stored.subtracting(saved.union(unsaved)).isEmpty,
                "\(name) has stored properties its savedState() does not decide on: \(stored.subtracting(saved.union(unsaved)).sorted())")
        #expect(saved.union(unsaved).subtracting(stored).isEmpty, "\(name) has no property \(saved.union(unsaved).subtracting(stored).sorted())")
    }

    @Test("DynamicBehavior's own stored properties are saved (its embedder slot is the host's)")
    func base() {
        let stored = Set(Mirror(reflecting: DynamicBehavior()).children.compactMap(\.label))
        #expect(stored == ["childBehaviors", "parent", "dynamicAnimator", "action", "treeHeight", "embedderItems", "embedder"])
    }
}
