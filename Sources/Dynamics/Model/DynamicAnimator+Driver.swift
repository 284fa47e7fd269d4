import Dispatch
import Foundation

extension DynamicAnimator {
    /// Drives the animator in real time: a Dispatch timer on `queue` calls `step(_:)` with
    /// the wall-clock time since the previous tick (capped at 0.1 s so a stall does not
    /// explode into hundreds of internal steps). Use the animator only on that queue while
    /// it runs. Results stay independent of the frame rate thanks to the fixed internal step.
    public func start(on queue: DispatchQueue = .main, framesPerSecond: Double = 60) {
        precondition(framesPerSecond.isFinite && framesPerSecond > 0,
                     "Dynamics: DynamicAnimator.start(framesPerSecond:) must be > 0, got \(framesPerSecond)")
        driver?.stop()
        let d = RealTimeDriver(animator: self, queue: queue, interval: 1 / framesPerSecond)
        driver = d
        d.start()
    }

    /// Stops the real-time driver.
    public func stop() {
        driver?.stop()
        driver = nil
    }

    /// True while the real-time driver runs.
    public var isDriven: Bool { driver != nil }
}

/// The Dispatch timer behind `start(on:)`. It holds the animator weakly.
final class RealTimeDriver: @unchecked Sendable {
    private weak var animator: DynamicAnimator?
    private let timer: DispatchSourceTimer
    private let interval: TimeInterval
    private var last: DispatchTime?

    init(animator: DynamicAnimator, queue: DispatchQueue, interval: TimeInterval) {
        self.animator = animator
        self.interval = interval
        timer = DispatchSource.makeTimerSource(queue: queue)
    }

    func start() {
        timer.schedule(deadline: .now(), repeating: interval, leeway: .milliseconds(1))
        timer.setEventHandler { [weak self] in self?.tick() }
        timer.resume()
    }

    private func tick() {
        guard let animator else { stop(); return }
        let now = DispatchTime.now()
        let dt = last.map { Double(now.uptimeNanoseconds - $0.uptimeNanoseconds) / 1e9 } ?? interval
        last = now
        animator.step(min(dt, 0.1))
    }

    func stop() {
        timer.setEventHandler {}
        timer.cancel()
    }
}

extension DynamicAnimator {
    /// How a run of `seconds` of simulated time divides into frames of `frame` seconds:
    /// `whole` full frames, then one shorter `last` frame (0 when none is needed). The total
    /// is `seconds` rounded to the internal step (`fixedTimeStep`), so a run ends at the time
    /// asked for at any frame rate, not at the last whole frame before it (0.105 s at 60 fps
    /// is six frames and a frame of 0.0083 s: 13 internal steps).
    public func frames(covering seconds: TimeInterval, frame: TimeInterval) -> (whole: Int, last: TimeInterval) {
        let h = fixedTimeStep
        guard seconds.isFinite, seconds > 0, frame.isFinite, frame > 0 else { return (0, 0) }
        let total = (seconds / h).rounded() * h
        let whole = Int((total / frame + 1e-9).rounded(.down))
        let last = total - Double(whole) * frame
        return (whole, last > h * 1e-6 ? last : 0)
    }
}
