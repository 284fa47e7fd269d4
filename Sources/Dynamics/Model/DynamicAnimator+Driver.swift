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
