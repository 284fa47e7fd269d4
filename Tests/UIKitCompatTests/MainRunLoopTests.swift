import UIKitCompat
import XCTest

// XCTest re-exports Foundation, so this file sees Foundation's `Timer` beside UIKitCompat's and
// names UIKitCompat's (a file that imports UIKitCompat alone writes `Timer`).
// On the main thread, as on a device: `RunLoop.main.run(until:)` runs the main loop's
// frames beside Foundation's timers and main-queue work. Swift Testing runs its tests on
// worker threads, where Foundation's main run loop cannot run, so these are XCTest cases
// (XCTest runs them on the main thread).
final class MainRunLoopTests: XCTestCase {
    func testRunLoopMainRunsAnimatorsTimersMainQueueWorkAndDisplayLinks() {
        XCTAssertTrue(Thread.isMainThread)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 568))
        let box = UIView(frame: CGRect(x: 100, y: 0, width: 50, height: 50))
        view.addSubview(box)
        let animator = UIDynamicAnimator(referenceView: view)
        animator.addBehavior(UIGravityBehavior(items: [box]))
        nonisolated(unsafe) var fired = 0, queued = 0, later = 0, frames = 0
        let timer = UIKitCompat.Timer.scheduledTimer(withTimeInterval: 0.05, repeats: true) { _ in fired += 1 }
        DispatchQueue.main.async { queued += 1 }
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) { later += 1 }
        DispatchQueue.global().async { DispatchQueue.main.async { queued += 1 } }
        let link = CADisplayLink { _ in frames += 1 }
        link.add(to: .main, forMode: .common)

        let started = Date()
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.5))
        let seconds = Date().timeIntervalSince(started)
        timer.invalidate()
        link.invalidate()

        XCTAssertEqual(queued, 2)
        XCTAssertEqual(later, 1)
        // Wall-clock counts: about 10 firings of a 0.05 s timer and 30 frames of 60 Hz in
        // 0.5 s; a loaded machine delivers fewer (Foundation does not catch up late timers).
        XCTAssertGreaterThanOrEqual(fired, 4)
        XCTAssertGreaterThanOrEqual(frames, 10)
        XCTAssertLessThanOrEqual(frames, 32)
        // The animator ran for about as long as the loop (each frame steps the wall-clock time
        // since the last, at most 0.1 s), and the box fell ½·1000·t² in its own time t.
        let fallen = box.center.y - 25
        XCTAssertEqual(animator.elapsedTime, seconds, accuracy: 0.2)
        XCTAssertEqual(fallen, 500 * animator.elapsedTime * animator.elapsedTime, accuracy: 0.05 * fallen + 2)
        XCTAssertGreaterThan(fallen, 40)
    }

    func testTheVirtualClockOnTheMainThreadAlsoRunsMainQueueWork() {
        let loop = MainLoop.main
        loop.clock = .virtual
        defer { loop.clock = .real }
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 568))
        let box = UIView(frame: CGRect(x: 100, y: 0, width: 50, height: 50))
        view.addSubview(box)
        let animator = UIDynamicAnimator(referenceView: view)
        animator.addBehavior(UIGravityBehavior(items: [box]))
        nonisolated(unsafe) var queued = 0
        DispatchQueue.main.async { queued += 1 }
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.01)) // real clock off: nothing of ours runs
        XCTAssertEqual(animator.elapsedTime, 0)
        loop.advance(frames: 60)
        XCTAssertEqual(animator.elapsedTime, 1, accuracy: 1e-12)
        XCTAssertEqual(queued, 1)
    }

    /// On the main thread, as app code writes it: a 2 s timer and a 1 s `asyncAfter` run on
    /// the virtual clock's frames, not the wall clock's.
    func testTimersAndAsyncAfterFollowTheVirtualClockOnTheMainThread() {
        let loop = MainLoop.main
        loop.clock = .virtual
        defer { loop.clock = .real }
        nonisolated(unsafe) var fired = 0, later = 0
        let started = Date()
        let timer = UIKitCompat.Timer.scheduledTimer(withTimeInterval: 2, repeats: false) { _ in fired += 1 }
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) { later += 1 }
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.05)) // the wall clock does not fire them
        XCTAssertEqual(fired + later, 0)
        loop.advance(frames: 60)
        XCTAssertEqual(later, 1)
        XCTAssertEqual(fired, 0)
        loop.advance(frames: 60)
        XCTAssertEqual(fired, 1)
        XCTAssertFalse(timer.isValid)
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)
    }

    func testA120HzScreenSteps120FramesASecond() {
        UIScreen.main.maximumFramesPerSecond = 120
        defer { UIScreen.main.maximumFramesPerSecond = 60 }
        let loop = MainLoop.main
        loop.clock = .virtual
        defer { loop.clock = .real }
        let animator = UIDynamicAnimator()
        let item = DynamicView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        animator.addBehavior(UIGravityBehavior(items: [item]))
        loop.run(for: 0.5)
        XCTAssertEqual(loop.frameDuration, 1.0 / 120)
        XCTAssertEqual(animator.elapsedTime, 0.5, accuracy: 1e-12)
    }
}
