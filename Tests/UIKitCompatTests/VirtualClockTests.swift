import Testing
import UIKitCompat

/// What a block saw, shared with `@Sendable` timer and queue blocks (one thread uses it).
final class Tally: @unchecked Sendable {
    var count = 0
    /// The loop's time at each event.
    var times: [TimeInterval] = []
    func hit() {
        count += 1
        times.append(MainLoop.current.time)
    }
}

/// Runs `body` with the calling thread's loop on the virtual clock, then puts the clock back.
func onVirtualClock(_ body: (MainLoop) throws -> Void) rethrows {
    let loop = MainLoop.current
    // The loop is this worker thread's: a test that ran on it before may have left work due
    // in the coming frames (a timer it did not invalidate), which would run in this test's.
    loop.discardScheduledWork()
    let clock = loop.clock
    loop.clock = .virtual
    defer { loop.clock = clock }
    try body(loop)
}

// Timers and main-queue work written as app code writes them (Foundation's and Dispatch's
// names), run by the virtual clock in whole frames without waiting for the wall clock.
@Suite struct VirtualClockTests {
    @Test func aTwoSecondTimerFiresWhenTheVirtualClockHasAdvancedTwoSeconds() {
        onVirtualClock { loop in
            let tally = Tally()
            let started = Date()
            let timer = Timer.scheduledTimer(withTimeInterval: 2, repeats: false) { _ in tally.hit() }
            let start = loop.time
            loop.advance(frames: 119)
            #expect(tally.count == 0 && timer.isValid, "not yet: 119 frames are 1.983 s")
            loop.advance(frames: 1)
            #expect(tally.count == 1 && !timer.isValid, "fired in frame 120 and invalidated")
            #expect(abs(tally.times[0] - start - 2) < 1e-9)
            loop.advance(frames: 120)
            #expect(tally.count == 1, "a one-shot timer fires once")
            #expect(Date().timeIntervalSince(started) < 1, "no waiting for the wall clock")
        }
    }

    @Test func aRepeatingTimerKeepsItsScheduleAndStopsWhenInvalidated() {
        onVirtualClock { loop in
            let tally = Tally()
            let start = loop.time
            let timer = Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { _ in tally.hit() }
            loop.run(for: 1)
            #expect(tally.count == 4, "at 0.25, 0.5, 0.75 and 1 s: \(tally.times.map { $0 - start })")
            for (i, t) in tally.times.enumerated() { #expect(abs(t - start - 0.25 * Double(i + 1)) < 1e-9) }
            timer.invalidate()
            loop.run(for: 1)
            #expect(tally.count == 4 && !timer.isValid)
        }
    }

    /// A 10 ms timer is due several times a 1/60 s frame; as Foundation's run loop, the frame
    /// fires it once and it keeps its schedule (fire time + n · interval).
    @Test func aTimerFasterThanTheFrameRateFiresOnceAFrame() {
        onVirtualClock { loop in
            let tally = Tally()
            let timer = Timer.scheduledTimer(withTimeInterval: 0.01, repeats: true) { _ in tally.hit() }
            loop.advance(frames: 60)
            timer.invalidate()
            #expect(tally.count == 60)
        }
    }

    @Test func aTimerAddedToTheMainRunLoopFollowsTheVirtualClock() {
        onVirtualClock { loop in
            let tally = Tally()
            let timer = Timer(timeInterval: 0.5, repeats: false) { _ in tally.hit() }
            loop.advance(frames: 60)
            #expect(tally.count == 0, "not scheduled yet")
            RunLoop.main.add(timer, forMode: .common)
            loop.advance(frames: 29)
            #expect(tally.count == 0)
            loop.advance(frames: 1)
            #expect(tally.count == 1)
        }
    }

    @Test func movingTheFireDateMovesTheFiring() {
        onVirtualClock { loop in
            let tally = Tally()
            let timer = Timer.scheduledTimer(withTimeInterval: 10, repeats: false) { _ in tally.hit() }
            timer.fireDate = Date(timeIntervalSinceNow: 0.1)
            loop.advance(frames: 6)
            #expect(tally.count == 1 && !timer.isValid)
            #expect(reported { timer.fireDate = Date(timeIntervalSinceReferenceDate: .nan) }?.property == "fireDate")
        }
    }

    @Test func fireRunsTheBlockNowAndEndsAOneShotTimer() {
        onVirtualClock { loop in
            let tally = Tally()
            let pending = loop.pendingScheduledWork
            let timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in tally.hit() }
            #expect(loop.pendingScheduledWork == pending + 1)
            timer.fire()
            #expect(loop.pendingScheduledWork == pending, "an invalidated timer leaves the schedule")
            #expect(tally.count == 1 && !timer.isValid)
            loop.run(for: 2)
            #expect(tally.count == 1)
        }
    }

    @Test func asyncAfterRunsWhenTheVirtualClockReachesTheDeadline() {
        onVirtualClock { loop in
            let tally = Tally()
            let start = loop.time
            DispatchQueue.main.asyncAfter(deadline: .now() + 1) { tally.hit() }
            loop.advance(frames: 59)
            #expect(tally.count == 0)
            loop.advance(frames: 1)
            #expect(tally.count == 1 && abs(tally.times[0] - start - 1) < 1e-9)
        }
    }

    @Test func mainQueueWorkRunsInTheNextFrameInOrder() {
        onVirtualClock { loop in
            let order = Tally()
            let pending = loop.pendingScheduledWork
            nonisolated(unsafe) var seen: [Int] = []
            DispatchQueue.main.async { seen.append(1); order.hit() }
            DispatchQueue.main.async { seen.append(2) }
            #expect(seen.isEmpty, "not before a frame")
            loop.advance(frames: 1)
            #expect(seen == [1, 2])
            // Work queued by work waits for the following frame, as on a device.
            DispatchQueue.main.async { DispatchQueue.main.async { seen.append(3) } }
            loop.advance(frames: 1)
            #expect(seen == [1, 2])
            loop.advance(frames: 1)
            #expect(seen == [1, 2, 3])
            #expect(loop.pendingScheduledWork == pending)
        }
    }

    /// Timers, main-queue work, display links and animators share the frames: at 0.5 s the
    /// timer's block sees the box where 30 frames of gravity put it.
    @Test func timersQueueWorkAndAnimatorsAdvanceTogether() {
        onVirtualClock { loop in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 10_000))
            let box = UIView(frame: CGRect(x: 100, y: 0, width: 50, height: 50))
            view.addSubview(box)
            let animator = UIDynamicAnimator(referenceView: view)
            animator.addBehavior(UIGravityBehavior(items: [box]))
            nonisolated(unsafe) var seenAtTimer: TimeInterval = -1
            nonisolated(unsafe) let watched = animator
            Timer.scheduledTimer(withTimeInterval: 0.5, repeats: false) { _ in seenAtTimer = watched.elapsedTime }
            nonisolated(unsafe) var links = 0
            let link = CADisplayLink { _ in links += 1 }
            link.add(to: .main, forMode: .common)
            loop.advance(frames: 60)
            link.invalidate()
            // The timer runs at the start of frame 30, before that frame's step.
            #expect(abs(seenAtTimer - 29.0 / 60) < 1e-12, "\(seenAtTimer)")
            #expect(links == 60 && abs(animator.elapsedTime - 1) < 1e-12)
        }
    }

    @Test func badIntervalsAreReported() {
        onVirtualClock { _ in
            let error = reported { _ = Timer.scheduledTimer(withTimeInterval: .nan, repeats: false) { _ in } }
            #expect(error?.owner == "Timer" && error?.property == "init(timeInterval:repeats:block:)")
            #expect(error?.message.contains("nan") == true)
            #expect(reported { _ = Timer(timeInterval: .infinity, repeats: true) { _ in } } != nil)
            #expect(reported { _ = Timer(fire: Date(), interval: 1e12, repeats: true) { _ in } }?.property == "init(fire:interval:repeats:block:)")
        }
    }
}
