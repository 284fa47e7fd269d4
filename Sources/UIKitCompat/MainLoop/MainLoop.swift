import Foundation
import Dynamics

/// The headless main loop: what UIKit's main run loop does for the interface, one frame at
/// a time at `UIScreen.main`'s rate (`maximumFramesPerSecond`, 60 by default).
///
/// A frame, at loop time `time` (seconds since the loop began), runs in this order:
/// 1. with the virtual clock: the `Timer`s and `DispatchQueue.main` work due by the frame's
///    time that were scheduled on this loop (see Timer.swift and DispatchQueue+MainLoop.swift),
///    then, on the main thread, one turn of Foundation's main run loop (with the real clock
///    that loop runs the frames, and Foundation runs timers and main-queue work itself);
/// 2. display links (`CADisplayLink`) whose frame it is;
/// 3. scroll views that decelerate, spring back or animate an offset;
/// 4. the dynamic animators made on the loop's thread that are running (they have behaviors
///    and something to move): each steps by the frame's length; a collection view layout's
///    animator then invalidates its layout;
/// 5. the layout pass of every collection view that needs one.
///
/// Clocks: with `.real` (the default) frames follow the wall clock. On the main thread the
/// loop is a repeating `Timer` on `RunLoop.main`, so `RunLoop.main.run(until:)` runs frames
/// beside timers and main-queue work, as on a device; elsewhere `run(until:)` sleeps between
/// frames. With `.virtual`, time moves only when asked: `advance(frames:)` and
/// `run(for:)` run whole frames back to back, each exactly `frameDuration` long, for tests
/// that must give the same numbers on every run.
///
/// Headless there is no single UI thread: each thread that makes views and animators has its
/// own loop (`MainLoop.current`), and the main thread's is `MainLoop.main`. Swift Testing
/// runs tests on worker threads, where Foundation's main run loop cannot be run: a test
/// there uses its thread's loop (`MainLoop.current.advance(frames:)`), whose frames do
/// steps 2–5. Use a loop from its own thread only.
public final class MainLoop: @unchecked Sendable {
    public enum Clock: Sendable {
        /// Frames follow the wall clock.
        case real
        /// Frames run when asked, each exactly `frameDuration` long.
        case virtual
    }

    /// The main thread's loop.
    public static let main = MainLoop(isMain: true)

    /// The calling thread's loop (`main` on the main thread).
    public static var current: MainLoop {
        Thread.isMainThread ? main : ThreadLoops.loop()
    }

    /// Which clock moves time (default `.real`).
    public var clock: Clock = .real {
        didSet { updateFrameTimer() }
    }

    /// Loop time: the seconds the frames run so far have covered.
    public private(set) var time: TimeInterval = 0
    /// Frames run so far.
    public private(set) var frameCount = 0
    /// True while a frame runs.
    public private(set) var isInFrame = false

    /// The length of a frame: 1 / `UIScreen.main.maximumFramesPerSecond` seconds.
    public var frameDuration: TimeInterval { 1 / Double(UIScreen.main.maximumFramesPerSecond) }

    let isMain: Bool
    var displayLinks: [CADisplayLink] = []
    var scrollViews: [UIScrollView] = []
    var layoutViews: [WeakView] = []
    /// Timers and main-queue work scheduled on the virtual clock (MainLoop+Scheduled.swift).
    var tasks: [LoopTask] = []
    var nextTaskOrder = 0
    /// The repeating Foundation timer that runs real-clock frames on the main thread.
    private var frameTimer: Foundation.Timer?
    /// Wall-clock time (seconds of uptime) of the last real-clock frame.
    private var lastFrameUptime: TimeInterval?

    init(isMain: Bool) {
        self.isMain = isMain
    }

    // MARK: Running

    /// Runs exactly `frames` frames now, each `frameDuration` long, whatever the clock.
    public func advance(frames: Int) {
        guard enter("advance(frames:)") else { return }
        guard frames >= 0 else {
            UIKitInput.report("MainLoop", "advance(frames:)", "must be ≥ 0, got \(frames)")
            return
        }
        let dt = frameDuration
        for _ in 0..<frames { tick(dt, pumpRunLoop: true) }
    }

    /// Runs the loop for `seconds`: with the virtual clock, that many seconds' worth of whole
    /// frames (rounded to the nearest frame) at once; with the real clock, until that much
    /// wall-clock time has passed.
    public func run(for seconds: TimeInterval) {
        guard seconds.isFinite, seconds >= 0, seconds <= 1e6 else {
            UIKitInput.report("MainLoop", "run(for:)", "must be a finite number of seconds in 0…1e6, got \(seconds)")
            return
        }
        run(until: Date(timeIntervalSinceNow: seconds))
    }

    /// Runs the loop until `date` (see `run(for:)`). On the main thread with the real clock
    /// this is `RunLoop.main.run(until:)`, which runs the frames beside Foundation's timers and
    /// main-queue work.
    public func run(until date: Date) {
        guard enter("run(until:)") else { return }
        let seconds = date.timeIntervalSinceNow
        guard seconds > 0 else { return }
        switch clock {
        case .virtual:
            advance(frames: Int((seconds / frameDuration).rounded()))
        case .real where isMain && Thread.isMainThread:
            installFrameTimer()
            RunLoop.main.run(until: date)
            updateFrameTimer()
        case .real:
            var next = ProcessInfo.processInfo.systemUptime
            let end = next + seconds
            while true {
                next += frameDuration
                let now = ProcessInfo.processInfo.systemUptime
                if next > end { if end > now { wait(until: end) }; break }
                if next > now { wait(until: next) }
                realTick()
            }
        }
    }

    /// Waits until the uptime `instant`, running this thread's Foundation run loop meanwhile
    /// (its timers and sources), or sleeping when it has none.
    private func wait(until instant: TimeInterval) {
        while true {
            let left = instant - ProcessInfo.processInfo.systemUptime
            guard left > 0 else { return }
            if !RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: left)) {
                Thread.sleep(forTimeInterval: left)
                return
            }
        }
    }

    /// Refuses to run the loop from inside its own frame.
    private func enter(_ method: String) -> Bool {
        guard !isInFrame else {
            UIKitInput.report("MainLoop", method, "cannot run the main loop from inside one of its frames")
            return false
        }
        return true
    }

    /// A real-clock frame: as long as the wall clock moved since the last one (at most 0.1 s).
    private func realTick() {
        guard !isInFrame else { return }
        let now = ProcessInfo.processInfo.systemUptime
        let dt = lastFrameUptime.map { min(max(now - $0, 0), 0.1) } ?? frameDuration
        lastFrameUptime = now
        tick(dt, pumpRunLoop: false)
        if !hasSources { updateFrameTimer() }
    }

    /// One frame of `dt` seconds (see the type's documentation for the order).
    func tick(_ dt: TimeInterval, pumpRunLoop: Bool) {
        isInFrame = true
        defer { isInFrame = false }
        time += dt
        frameCount += 1
        runDueTasks()
        if pumpRunLoop, isMain, Thread.isMainThread {
            // Foundation's own timers and main-queue work (made before the clock was virtual,
            // or from other threads): one non-blocking turn of Foundation's loop.
            _ = RunLoop.main.run(mode: .default, before: Date())
        }
        for link in displayLinks { link.frame(self) }
        displayLinks.removeAll { !$0.isScheduled }

        if !scrollViews.isEmpty {
            let moving = scrollViews
            scrollViews = []
            for view in moving where view.stepMotion(dt) { scrollViews.append(view) }
        }

        for animator in DynamicAnimator.animatorsOfCurrentThread { animator.runFrame(dt) }

        if !layoutViews.isEmpty {
            let views = layoutViews
            layoutViews = []
            for box in views {
                guard let view = box.view else { continue }
                view.isQueuedForLayout = false
                view.layoutIfNeeded()
            }
        }
    }

    // MARK: Sources

    func add(_ link: CADisplayLink) {
        if !displayLinks.contains(where: { $0 === link }) { displayLinks.append(link) }
        updateFrameTimer()
    }

    func remove(_ link: CADisplayLink) {
        displayLinks.removeAll { $0 === link }
    }

    /// Steps `view`'s motion every frame until it ends.
    func addMoving(_ view: UIScrollView) {
        if !scrollViews.contains(where: { $0 === view }) { scrollViews.append(view) }
        updateFrameTimer()
    }

    /// An animator was made on this loop's thread: on the main thread with the real clock,
    /// the loop's frames start on `RunLoop.main`. (The animator itself is found through the
    /// model's list of this thread's animators, whichever initializer made it.)
    func animatorMade() {
        updateFrameTimer()
    }

    /// Runs `view.layoutIfNeeded()` at the end of the current (or next) frame.
    func setNeedsLayout(_ view: UICollectionView) {
        guard !view.isQueuedForLayout else { return }
        view.isQueuedForLayout = true
        layoutViews.append(WeakView(view: view))
        updateFrameTimer()
    }

    private var hasSources: Bool {
        !displayLinks.isEmpty || !scrollViews.isEmpty || !layoutViews.isEmpty || !DynamicAnimator.animatorsOfCurrentThread.isEmpty
    }

    /// On the main thread with the real clock, keeps the frame timer on `RunLoop.main` while
    /// anything may need frames, and removes it otherwise.
    private func updateFrameTimer() {
        if isMain, clock == .real, hasSources { installFrameTimer() } else if frameTimer != nil, !hasSources || clock == .virtual {
            frameTimer?.invalidate()
            frameTimer = nil
            lastFrameUptime = nil
        }
    }

    private func installFrameTimer() {
        guard isMain, clock == .real, frameTimer == nil, Thread.isMainThread else { return }
        let timer = Foundation.Timer(timeInterval: frameDuration, repeats: true) { _ in
            MainLoop.main.realTick()
        }
        RunLoop.main.add(timer, forMode: .common)
        frameTimer = timer
    }
}

struct WeakView {
    weak var view: UICollectionView?
}

/// Each thread's own loop, kept for the thread's lifetime.
enum ThreadLoops {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            guard let raw else { return }
            Unmanaged<MainLoop>.fromOpaque(raw).release()
        }
        return key
    }()

    /// The thread's loop if it has one yet.
    static func existingLoop() -> MainLoop? {
        pthread_getspecific(key).map { Unmanaged<MainLoop>.fromOpaque($0).takeUnretainedValue() }
    }

    static func loop() -> MainLoop {
        if let raw = pthread_getspecific(key) { return Unmanaged<MainLoop>.fromOpaque(raw).takeUnretainedValue() }
        let loop = MainLoop(isMain: false)
        pthread_setspecific(key, Unmanaged.passRetained(loop).toOpaque())
        return loop
    }
}
