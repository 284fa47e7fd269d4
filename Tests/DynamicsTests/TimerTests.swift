import Dynamics
import DynamicsTestSupport
import Foundation
import Testing

/// Timers run in simulated time: at the end of the frame in which `elapsedTime` reaches
/// their time, after the actions, in creation order; a pending timer keeps the animator
/// stepping. Times here are exact multiples of the frame (1/60 s = two internal steps), so
/// the expected firing times are exact up to the rounding of a sum of steps (1e-9 s).
@Suite("Timers")
struct TimerTests {
    @Test("after fires once, at the frame its time is reached, and keeps a resting animator stepping")
    func afterFiresOnce() {
        let animator = DynamicAnimator()
        let box = DynamicView(center: .zero, size: CGSize(width: 10, height: 10))
        // An item with only item properties rests: without the timer the animator would pause.
        animator.addBehavior(DynamicItemBehavior(items: [box]))
        var fired: [Double] = []
        animator.after(1.5) { fired.append(animator.elapsedTime) }
        #expect(animator.isRunning)
        let delegate = AnimatorRecorder()
        animator.delegate = delegate
        for _ in 0..<89 { animator.step(1.0 / 60) }
        #expect(fired.isEmpty, "not before 1.5 s (89 frames = 1.4833 s)")
        #expect(animator.isRunning && delegate.pauses == 0, "a pending timer keeps the animator stepping")
        animator.step(1.0 / 60)
        #expect(fired.count == 1)
        #expect(abs(fired[0] - 1.5) < 1e-9, "fired at \(fired)")
        for _ in 0..<60 { animator.step(1.0 / 60) }
        #expect(fired.count == 1, "once")
        #expect(!animator.isRunning && delegate.pauses == 1, "pauses once nothing is pending")
        let t = animator.elapsedTime
        animator.step(1.0 / 60)
        #expect(animator.elapsedTime == t, "a paused animator's time stands still")
    }

    @Test("after on a paused animator resumes it, and elapsedTime advances to the timer")
    func afterResumes() {
        let animator = DynamicAnimator()
        var fired: [Double] = []
        animator.after(0.25) { fired.append(animator.elapsedTime) }
        let delegate = AnimatorRecorder()
        animator.delegate = delegate
        for _ in 0..<30 { animator.step(1.0 / 60) }
        #expect(fired.count == 1 && abs(fired[0] - 0.25) < 1e-9, "fired at \(fired)")
        #expect(delegate.resumes == 1 && delegate.pauses == 1)
        #expect(abs(animator.elapsedTime - 0.25) < 1e-9, "stops at the timer, then pauses")
    }

    @Test("every repeats on a fixed schedule until its body returns false")
    func everyRepeats() {
        let animator = DynamicAnimator()
        var fired: [Double] = []
        animator.every(0.1) {
            fired.append(animator.elapsedTime)
            return fired.count < 5
        }
        for _ in 0..<120 { animator.step(1.0 / 60) }
        // 0.1 s is not a multiple of the frame: each call comes in the first frame at or
        // after n·0.1 s (0.1 → 0.1, 0.2 → 0.2, 0.3 → 0.3, …: 6 frames of 1/60 per period).
        #expect(fired.count == 5)
        for (n, t) in fired.enumerated() { #expect(abs(t - 0.1 * Double(n + 1)) < 1e-9, "call \(n): \(t)") }
        #expect(!animator.isRunning)
    }

    @Test("every with a period that is not a multiple of the frame keeps its schedule (no drift)")
    func everyDoesNotDrift() {
        let animator = DynamicAnimator()
        var fired: [Double] = []
        let timer = animator.every(0.025) { fired.append(animator.elapsedTime); return true }
        for _ in 0..<60 { animator.step(1.0 / 60) }
        // Due at 0.025·n = 3n internal steps: each call comes right after its step, mid-frame
        // for odd n (frames are 2 steps), 40 calls in 60 frames, the last at 1.0 s.
        #expect(fired.count == 40)
        for (n, t) in fired.enumerated() { #expect(abs(t - 0.025 * Double(n + 1)) < 1e-9, "call \(n): \(t)") }
        timer.cancel()
        animator.step(1.0 / 60)
        #expect(fired.count == 40 && !animator.isRunning, "cancel stops it and lets the animator pause")
    }

    @Test("timers fire on the internal step their time falls in, before the frame's actions, in creation order; cancel works from anywhere")
    func orderAndCancel() {
        let animator = DynamicAnimator()
        let box = DynamicView(center: .zero, size: CGSize(width: 10, height: 10))
        let behavior = DynamicItemBehavior(items: [box])
        var log: [String] = []
        behavior.action = { if animator.elapsedTime > 0.49 && animator.elapsedTime < 0.51 { log.append("action") } }
        animator.addBehavior(behavior)
        animator.after(0.5) { log.append("first") }
        let cancelled = animator.after(0.5) { log.append("cancelled") }
        animator.after(0.5) {
            log.append("third")
            // Made inside a timer body: due now, but runs after a later internal step.
            animator.after(0) { log.append("nested \(animator.elapsedTime)") }
        }
        animator.after(0.2) { cancelled.cancel() }
        for _ in 0..<60 { animator.step(1.0 / 60) }
        #expect(Array(log.prefix(3)) == ["first", "third", "action"])
        #expect(log.count == 4 && log[3].hasPrefix("nested 0.50833"), "\(log)")
        #expect(cancelled.isCancelled)
    }

    @Test("a refused timer is never added, so the animator still pauses")
    func refusedTimerIsNotAdded() {
        let animator = DynamicAnimator()
        let box = DynamicView(center: .zero, size: CGSize(width: 10, height: 10))
        animator.addBehavior(DynamicItemBehavior(items: [box]))
        var reported: [DynamicsError] = []
        InvalidInput.uncaughtHandler = { reported.append($0) }
        defer { InvalidInput.uncaughtHandler = nil }
        let late = animator.after(2e9) {}
        let fast = animator.every(.nan) { true }
        #expect(reported.count == 2)
        #expect(late.isCancelled && fast.isCancelled)
        #expect(animator.pendingTimers.isEmpty)
        for _ in 0..<30 { animator.step(1.0 / 60) }
        #expect(!animator.isRunning)
    }

    @Test("a timer due mid-frame sees the items where its internal step left them")
    func timerSeesItsStep() {
        // 0.105 s falls in the 13th internal step (1/120 s), in the 7th frame of 1/60 s.
        let animator = DynamicAnimator()
        let box = DynamicView(center: .zero, size: CGSize(width: 10, height: 10))
        let props = DynamicItemBehavior(items: [box])
        props.resistance = 0
        animator.addBehavior(props)
        animator.step(0)
        animator.setVelocity(CGPoint(x: 120, y: 0), for: box)
        var seen: (time: Double, x: CGFloat)?
        animator.after(0.105) { seen = (animator.elapsedTime, box.center.x) }
        for _ in 0..<10 { animator.step(1.0 / 60) }
        #expect(abs((seen?.time ?? 0) - 13.0 / 120) < 1e-12)
        #expect(abs((seen?.x ?? 0) - 13) < 1e-6, "x = \(seen?.x ?? .nan): 120 pt/s for 13 steps")
    }

    @Test("Timers do not change the simulation: traces with and without a timer are bit-identical")
    func timersKeepDeterminism() {
        func run(withTimer: Bool) -> UInt64 {
            let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 200, height: 200))
            let box = DynamicView(center: CGPoint(x: 100, y: 50), size: CGSize(width: 20, height: 20))
            let collision = CollisionBehavior(items: [box])
            collision.translatesReferenceBoundsIntoBoundary = true
            animator.addBehavior(GravityBehavior(items: [box]))
            animator.addBehavior(collision)
            if withTimer { animator.every(0.3) { true } }
            for _ in 0..<60 { animator.step(1.0 / 60) }
            return stateHash([box])
        }
        #expect(run(withTimer: true) == run(withTimer: false))
    }

    @Test("Many far-off timers: a near one made later still fires on time; cancelling from outside ends the pending count exactly")
    func manyTimersAndOutsideCancel() {
        let animator = DynamicAnimator()
        let box = DynamicView(center: .zero, size: CGSize(width: 10, height: 10))
        animator.addBehavior(DynamicItemBehavior(items: [box]))
        let far = (0..<10_000).map { _ in animator.after(1000) {} }
        animator.step(1.0 / 60)
        // Made after the walk that found nothing due: it must lower the next fire time.
        var fired: [Double] = []
        animator.after(0.25) { fired.append(animator.elapsedTime) }
        for _ in 0..<30 { animator.step(1.0 / 60) }
        #expect(fired.count == 1 && abs(fired[0] - (1.0 / 60 + 0.25)) < 1e-9, "fired at \(fired)")
        #expect(animator.pendingTimers.count == 10_000)
        // Cancelled between frames, from outside any timer body.
        for t in far { t.cancel() }
        far[0].cancel() // twice is harmless
        #expect(animator.pendingTimers.isEmpty)
        let delegate = AnimatorRecorder()
        animator.delegate = delegate
        for _ in 0..<5 { animator.step(1.0 / 60) }
        #expect(!animator.isRunning && delegate.pauses == 1, "nothing pending: the resting animator pauses")
    }
}
