import Dynamics
import Foundation
import Testing

/// `DynamicAnimator.restExplanation()`: each case with a scene that produces it, and the
/// explanation's causes checked against the pause decision itself (`isRunning`) frame by frame.
@Suite struct RestExplanationTests {
    private let frame = 1.0 / 60

    private func box(_ x: CGFloat, _ y: CGFloat, name: String) -> DynamicView {
        DynamicView(center: CGPoint(x: x, y: y), size: CGSize(width: 40, height: 40), name: name)
    }

    /// Steps `seconds` at 60 Hz, checking after every frame that the explanation's causes are
    /// empty exactly when the animator has paused.
    private func run(_ animator: DynamicAnimator, seconds: Double) {
        for _ in 0..<Int((seconds / frame).rounded()) {
            animator.step(frame)
            let e = animator.restExplanation()
            #expect(e.causes.isEmpty == !animator.isRunning, "t = \(animator.elapsedTime): causes \(e.causes.names), running \(animator.isRunning)")
            #expect(e.causes.contains(.movingItems) == !e.movingItems.isEmpty)
        }
    }

    @Test func aGhostItemInGravityIsUnderAnUnbalancedForce() throws {
        // In gravity, in no collision behavior: nothing to land on, it falls for ever.
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 320, height: 568))
        let ghost = box(160, 100, name: "ghost")
        animator.addBehavior(GravityBehavior(items: [ghost]))
        let props = DynamicItemBehavior(items: [ghost])
        props.resistance = 0
        animator.addBehavior(props)
        run(animator, seconds: 1)
        let e = animator.restExplanation()
        #expect(animator.isRunning)
        #expect(e.causes == [.movingItems])
        let moving = try #require(e.movingItems.first)
        #expect(e.movingItems.count == 1)
        #expect(moving.item === ghost)
        #expect(moving.reason == .aboveRestSpeed)
        #expect(moving.isUnderUnbalancedForce)
        #expect(!moving.isTouching)
        #expect(moving.attachmentCount == 0)
        // The item's own velocity; default gravity, 1000 pt/s² for 1 s: 1000 pt/s (±1 %, as
        // the free-fall tests hold it).
        let v = try #require(animator.linearVelocity(of: ghost))
        #expect(abs(moving.velocity.y - v.y) < 1e-6 && abs(moving.velocity.x - v.x) < 1e-6)
        #expect(abs(moving.speed - 1000) <= 10, "speed \(moving.speed)")
        #expect(abs(moving.acceleration - 1000) < 1e-6, "acceleration \(moving.acceleration)")
        #expect(moving.gravity == CGVector(dx: 0, dy: 1))
        // UIKit's resting speed: 5 pt/s.
        #expect(abs(moving.restThreshold - 5) < 1e-9)
        #expect(abs(e.restSpeed - 5) < 1e-9)
        #expect(e.timeToRest == 0.5)
        #expect(e.pausedAt == nil)
        #expect(e.lastRest == nil)
    }

    @Test func anUndampedSpringKeepsItsItemMoving() throws {
        // A spring of 1 Hz without damping, pulled 50 pt off its anchor: it oscillates with a
        // peak speed of 2π·1·50 = 314 pt/s and never rests.
        let animator = DynamicAnimator()
        let bob = box(150, 100, name: "bob")
        let spring = AttachmentBehavior(item: bob, attachedToAnchor: CGPoint(x: 100, y: 100))
        spring.length = 0
        spring.frequency = 1
        spring.damping = 0
        animator.addBehavior(spring)
        var peak: CGFloat = 0
        for _ in 0..<600 {
            animator.step(frame)
            let e = animator.restExplanation()
            #expect(e.causes.contains(.movingItems))
            let moving = try #require(e.movingItems.first)
            #expect(moving.item === bob)
            #expect(moving.attachmentCount == 1)
            #expect(!moving.isUnderUnbalancedForce)
            // The explanation's speed is the item's (its center is its centre of mass).
            let v = try #require(animator.linearVelocity(of: bob))
            #expect(abs(moving.speed - hypot(v.x, v.y)) < 1e-6)
            peak = max(peak, moving.speed)
        }
        #expect(animator.isRunning)
        // Within 3 % of the undamped oscillator's peak speed after 10 s (10 periods).
        #expect(abs(peak - 2 * .pi * 50) < 0.03 * 2 * .pi * 50, "peak \(peak)")
    }

    @Test func aTimerFarInTheFutureKeepsItRunningWithNothingMoving() throws {
        let animator = DynamicAnimator()
        let resting = box(100, 100, name: "resting")
        animator.addBehavior(DynamicItemBehavior(items: [resting]))
        animator.after(1000) {}
        run(animator, seconds: 2)
        let e = animator.restExplanation()
        #expect(animator.isRunning)
        #expect(e.causes == [.timers])
        #expect(e.movingItems.isEmpty)
        let timer = try #require(e.timers.first)
        #expect(e.timers.count == 1)
        #expect(abs(timer.fireTime - 1000) < 1e-9)
        #expect(timer.interval == nil)
        // It rested at once: it was never moving.
        #expect(e.lastRest?.item === resting)
    }

    @Test func aLiveTaskWaitingForTimeKeepsItRunning() throws {
        let animator = DynamicAnimator()
        animator.spawn { task in task.wait(300) {} }
        run(animator, seconds: 0.5)
        // Made while the animator runs (a paused one ends such a wait at once).
        animator.spawn { task in task.waitForRest(items: []) { _ in } }
        run(animator, seconds: 0.5)
        let e = animator.restExplanation()
        #expect(e.causes == [.tasks])
        try #require(e.tasks.count == 2)
        let first = try #require(e.tasks.first)
        #expect(first.waitingFor == "seconds")
        #expect(first.keepsAwake)
        #expect(abs((first.dueTime ?? 0) - 300) < 1e-9)
        // Waiting for the pause, with no timeout, keeps nothing awake.
        #expect(e.tasks[1].waitingFor == "rest")
        #expect(!e.tasks[1].keepsAwake)
        #expect(e.tasks[1].dueTime == nil)
    }

    @Test func anActiveContinuousPushIsNamedWithItsItem() throws {
        let animator = DynamicAnimator()
        let puck = box(100, 100, name: "puck")
        let push = PushBehavior(items: [puck], mode: .continuous)
        push.pushDirection = CGVector(dx: 0.5, dy: 0)
        animator.addBehavior(push)
        run(animator, seconds: 0.5)
        let e = animator.restExplanation()
        let active = try #require(e.pushes.first)
        #expect(active.behavior === push)
        #expect(abs(active.magnitude - 0.5) < 1e-9)
        #expect(active.itemCount == 1)
        let moving = try #require(e.movingItems.first)
        #expect(moving.isUnderUnbalancedForce)
        // a = 100·m/mass pt/s² with mass = 40·40/10 000 = 0.16: 312.5 pt/s².
        let mass = try #require(animator.mass(of: puck))
        #expect(abs(moving.acceleration - 100 * 0.5 / mass) < 1e-6, "acceleration \(moving.acceleration)")
        // An inactive push is not listed.
        push.active = false
        #expect(animator.restExplanation().pushes.isEmpty)
    }

    @Test func anAnimatedNoiseFieldIsTimeDependent() throws {
        let animator = DynamicAnimator()
        let leaf = box(100, 100, name: "leaf")
        let still = box(300, 100, name: "still")
        let animated = FieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 2)
        animated.addItem(leaf)
        let frozen = FieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 0)
        frozen.addItem(still)
        let custom = FieldBehavior.field { _, _, _, _, _, _ in .zero }
        custom.addItem(still)
        let turbulence = FieldBehavior.turbulenceField(smoothness: 0.5, animationSpeed: 1)
        turbulence.addItem(still)
        animator.addBehavior(animated)
        animator.addBehavior(frozen)
        animator.addBehavior(custom)
        animator.addBehavior(turbulence)
        run(animator, seconds: 1)
        let fields = animator.restExplanation().timeDependentFields
        try #require(fields.count == 3)
        #expect(fields[0].behavior === animated)
        #expect(fields[0].kind == "noise")
        #expect(fields[0].animationSpeed == 2)
        #expect(fields[0].itemCount == 1)
        #expect(fields[0].keepsItemsAwake)
        #expect(fields[1].behavior === custom)
        #expect(fields[1].kind == "custom")
        #expect(fields[1].keepsItemsAwake)
        // Turbulence changes with time, but a resting item feels none of it.
        #expect(fields[2].behavior === turbulence)
        #expect(fields[2].kind == "turbulence")
        #expect(!fields[2].keepsItemsAwake)
        // Strength 0 switches a field off: not listed.
        animated.strength = 0
        #expect(animator.restExplanation().timeDependentFields.count == 2)
    }

    @Test func aPausedAnimatorSaysWhatRestedLastAndWhen() throws {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 320, height: 568))
        let early = box(80, 520, name: "early")   // 28 pt above the floor
        let late = box(240, 100, name: "late")    // 448 pt above it
        let collision = CollisionBehavior(items: [early, late])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: [early, late]))
        var pausedAfter: Double?
        animator.step(0)
        for _ in 0..<600 {
            animator.step(frame)
            let e = animator.restExplanation()
            #expect(e.causes.isEmpty == !animator.isRunning)
            if !animator.isRunning { pausedAfter = animator.elapsedTime; break }
        }
        let paused = try #require(pausedAfter)
        let e = animator.restExplanation()
        #expect(e.causes.isEmpty)
        #expect(e.movingItems.isEmpty)
        #expect(e.pausedAt == paused)
        let last = try #require(e.lastRest)
        #expect(last.item === late)
        #expect(last.count == 1)
        // It fell asleep in an internal step of the frame that paused.
        #expect(last.time <= paused + 1e-9 && last.time > paused - frame - 1e-9, "rested at \(last.time), paused at \(paused)")
        // Resuming clears the pause time and leaves the last rest.
        animator.setVelocity(CGPoint(x: 0, y: -300), for: early)
        #expect(animator.restExplanation().causes == [.movingItems, .changedDuringFrame])
        animator.step(frame)
        #expect(animator.restExplanation().pausedAt == nil)
        #expect(animator.restExplanation().lastRest?.item === late)
    }

    @Test func aSettlingItemIsReportedWithItsRestTimer() throws {
        // Slowed under the rest speed by resistance: it rests for 0.5 s before it sleeps.
        let animator = DynamicAnimator()
        let slider = box(100, 100, name: "slider")
        let props = DynamicItemBehavior(items: [slider])
        props.resistance = 50
        animator.addBehavior(props)
        animator.step(0)
        animator.setVelocity(CGPoint(x: 100, y: 0), for: slider)
        var sawSettling = false, sawAbove = false
        for _ in 0..<120 {
            animator.step(frame)
            guard let m = animator.restExplanation().movingItems.first else { break }
            if m.reason == .aboveRestSpeed { sawAbove = true; #expect(m.speed > m.restThreshold || m.turnSpeed > m.restThreshold) }
            if m.reason == .settling {
                sawSettling = true
                #expect(m.restedFor > 0 && m.restedFor < 0.5)
                #expect(m.speed <= m.restThreshold)
            }
        }
        #expect(sawAbove && sawSettling)
        #expect(!animator.isRunning)
    }

    @Test func anAnimatorStoppedByTooManyContactsSaysSo() throws {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 320, height: 568))
        var errors: [DynamicsError] = []
        animator.invalidInputHandler = { errors.append($0) }
        animator.maximumContacts = 1
        let boxes = (0..<3).map { box(100 + CGFloat($0) * 10, 540, name: "b\($0)") }
        let collision = CollisionBehavior(items: boxes)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: boxes))
        run(animator, seconds: 0) // nothing yet
        for _ in 0..<60 { animator.step(frame) }
        #expect(animator.hasTooManyContacts && !errors.isEmpty)
        let e = animator.restExplanation()
        #expect(e.hasTooManyContacts)
        #expect(!e.isRunning)
        #expect(e.headline { _ in "?" }.hasPrefix("stopped for good at "))
    }

    @Test func sleepTurnedOffIsTheReasonForEveryItem() throws {
        let animator = DynamicAnimator()
        let a = box(100, 100, name: "a")
        animator.addBehavior(DynamicItemBehavior(items: [a]))
        animator.isSleepEnabled = false
        run(animator, seconds: 1)
        let e = animator.restExplanation()
        #expect(!e.isSleepEnabled)
        #expect(e.movingItems.map(\.reason) == [.sleepDisabled])
    }

    @Test func anActionThatSetsAVelocityEveryFrameIsAChangeDuringTheFrame() throws {
        let animator = DynamicAnimator()
        let a = box(100, 100, name: "a")
        let props = DynamicItemBehavior(items: [a])
        props.resistance = 100
        props.action = { [unowned animator] in animator.setVelocity(CGPoint(x: 0.01, y: 0), for: a) }
        animator.addBehavior(props)
        run(animator, seconds: 2)
        #expect(animator.isRunning)
        #expect(animator.restExplanation().causes.contains(.changedDuringFrame))
    }
}
