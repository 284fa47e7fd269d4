import Foundation
import Testing
import UIKitCompat

/// Counts an animator's pauses and resumes.
final class PauseRecorder: NSObject, UIDynamicAnimatorDelegate {
    var pauses = 0
    var resumes = 0
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) { pauses += 1 }
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) { resumes += 1 }
}

/// A box falling onto the floor of a 320 × 568 view, as app code sets it up.
final class FallingBoxController: UIViewController {
    var animator: UIDynamicAnimator!
    var box: UIView!
    let recorder = PauseRecorder()

    override func viewDidLoad() {
        super.viewDidLoad()
        box = UIView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        view.addSubview(box)
        animator = UIDynamicAnimator(referenceView: view)
        animator.delegate = recorder
        let collision = UICollisionBehavior(items: [box])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(UIGravityBehavior(items: [box]))
        animator.addBehavior(collision)
    }
}

@Suite struct MainLoopTests {
    @Test func anAnimatorMadeByAppCodeRunsItselfFrameByFrame() {
        let vc = FallingBoxController()
        vc.loadViewIfNeeded()
        let twin = FallingBoxController()
        twin.loadViewIfNeeded()
        let loop = MainLoop.current
        let before = loop.frameCount
        loop.advance(frames: 30)
        #expect(loop.frameCount == before + 30)
        // The loop stepped both (they were made on this thread); a third, stepped by hand the
        // same way, lands on the same point: the loop's frames are exactly 1/60 s.
        #expect(abs(vc.animator.elapsedTime - 0.5) < 1e-12 && vc.box.center == twin.box.center)
        let manual = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 320, height: 568))
        let box = DynamicView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        let collision = CollisionBehavior(items: [box])
        collision.translatesReferenceBoundsIntoBoundary = true
        manual.addBehavior(GravityBehavior(items: [box]))
        manual.addBehavior(collision)
        for _ in 0..<30 { manual.step(1.0 / 60) }
        #expect(vc.box.center == box.center, "\(vc.box.center) vs \(box.center)")
        #expect(vc.box.center.y > 200)
    }

    @Test func itPausesAtRestAndResumesOnChange() {
        let vc = FallingBoxController()
        vc.loadViewIfNeeded()
        var frames = 0
        while vc.animator.isRunning && frames < 600 {
            MainLoop.current.advance(frames: 1)
            frames += 1
        }
        #expect(!vc.animator.isRunning && vc.recorder.pauses == 1 && vc.recorder.resumes == 1)
        #expect(abs(vc.box.center.y - (568 - 25)) <= 0.5, "rests on the floor: \(vc.box.center)")
        let restedAt = vc.animator.elapsedTime
        MainLoop.current.advance(frames: 30)
        #expect(vc.animator.elapsedTime == restedAt, "a paused animator is not stepped")
        let push = UIPushBehavior(items: [vc.box], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 0, dy: -5)
        vc.animator.addBehavior(push)
        MainLoop.current.advance(frames: 1)
        #expect(vc.recorder.resumes == 2 && vc.animator.isRunning && vc.box.center.y < 568 - 25)
    }

    /// Tests share the threads of a pool: a main loop advanced by one test stepped the model
    /// animators other tests had made on the same thread, while those tests stepped them too
    /// ("cannot step the animator from inside its own step").
    @Test func aMainLoopOffTheMainThreadLeavesPlainModelAnimatorsAlone() {
        guard !Thread.isMainThread else { return }
        let animator = DynamicAnimator()
        let item = DynamicView(center: CGPoint(x: 100, y: 100), size: CGSize(width: 10, height: 10))
        animator.addBehavior(GravityBehavior(items: [item]))
        MainLoop.current.advance(frames: 10)
        #expect(animator.elapsedTime == 0 && item.center.y == 100, "stepped by the loop: \(animator.elapsedTime)")
    }

    @Test func anAnimatorWithNothingToMoveIsNotStepped() {
        let animator = UIDynamicAnimator(referenceView: UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 568)))
        MainLoop.current.advance(frames: 10)
        #expect(animator.elapsedTime == 0 && !animator.isRunning)
    }

    @Test func displayLinksFireEveryFrameOrAtTheirPreferredRate() {
        final class Target {
            var stamps: [TimeInterval] = []
            var durations: [TimeInterval] = []
            func step(_ link: CADisplayLink) { stamps.append(link.timestamp); durations.append(link.duration) }
        }
        let every = Target(), half = Target()
        let a = CADisplayLink(target: every, action: Target.step)
        let b = CADisplayLink(target: half, action: Target.step)
        b.preferredFramesPerSecond = 30
        a.add(to: .main, forMode: .common)
        b.add(to: .main, forMode: .common)
        let start = MainLoop.current.time
        MainLoop.current.advance(frames: 6)
        #expect(every.stamps.count == 6 && half.stamps.count == 3)
        #expect(abs(every.stamps[5] - every.stamps[0] - 5.0 / 60) < 1e-12 && abs(every.stamps[0] - start - 1.0 / 60) < 1e-12)
        #expect(every.durations.allSatisfy { abs($0 - 1.0 / 60) < 1e-15 } && half.durations.allSatisfy { abs($0 - 2.0 / 60) < 1e-15 })
        a.isPaused = true
        MainLoop.current.advance(frames: 2)
        #expect(every.stamps.count == 6 && half.stamps.count == 4)
        a.invalidate()
        b.invalidate()
        a.isPaused = false
        MainLoop.current.advance(frames: 4)
        #expect(every.stamps.count == 6 && half.stamps.count == 4)
    }

    @Test func theVirtualClockRunsWholeFramesAtOnce() {
        let loop = MainLoop.current
        let clock = loop.clock
        defer { loop.clock = clock }
        loop.clock = .virtual
        let frames = loop.frameCount, time = loop.time
        let started = Date()
        loop.run(for: 2)
        #expect(loop.frameCount == frames + 120 && abs(loop.time - time - 2) < 1e-9)
        #expect(Date().timeIntervalSince(started) < 1, "no waiting")
        #expect(reported { loop.advance(frames: -1) }?.property == "advance(frames:)")
    }

    @Test func theRealClockWaitsForTheWallClock() {
        let loop = MainLoop.current
        let clock = loop.clock
        defer { loop.clock = clock }
        loop.clock = .real
        let frames = loop.frameCount
        let started = Date()
        loop.run(for: 0.2)
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed >= 0.2 && elapsed < 1.5, "\(elapsed) s")
        // 12 frames at 60 Hz; a loaded machine may lose some.
        #expect((4...13).contains(loop.frameCount - frames), "\(loop.frameCount - frames) frames")
    }

    @Test func aFrameCannotRunTheLoopAgain() {
        var error: DynamicsError?
        let link = CADisplayLink { _ in error = reported { MainLoop.current.advance(frames: 1) } }
        link.add(to: .main, forMode: .common)
        MainLoop.current.advance(frames: 1)
        link.invalidate()
        #expect(error?.owner == "MainLoop" && error?.message.contains("inside one of its frames") == true)
    }
}
