import Foundation

/// A timer made by `DynamicAnimator.after(_:_:)` or `every(_:_:)`. Cancel it to stop it;
/// a cancelled or finished timer no longer keeps its animator awake.
public final class DynamicTimer: HostCharged {
    package var hostCharge: AnyObject? // see `HostCharged`
    /// The simulated time (`elapsedTime`) at which it fires next.
    public internal(set) var fireTime: TimeInterval
    /// The period of a repeating timer; nil for a one-shot timer.
    public let interval: TimeInterval?
    /// True once cancelled, or once a one-shot timer fired or a repeating one returned false.
    public internal(set) var isCancelled = false
    let body: () -> Bool

    init(fireTime: TimeInterval, interval: TimeInterval?, body: @escaping () -> Bool) {
        self.fireTime = fireTime
        self.interval = interval
        self.body = body
    }

    /// Stops the timer: its body never runs again. Safe to call more than once, and from
    /// inside its own body.
    public func cancel() { isCancelled = true }
}

extension DynamicAnimator {
    /// Calls `body` once, when `elapsedTime` has advanced by `seconds` (≥ 0) from now.
    ///
    /// Timers run in simulated time: the body runs at the end of the frame (`step(_:)`) in
    /// which that time is reached, after every behavior's `action`, and timers due in the
    /// same frame run in the order they were made. A pending timer keeps the animator
    /// stepping — it does not pause, and `elapsedTime` advances, even if every item rests —
    /// so scripted events ("a tap at 1.5 s") need no keep-awake tricks. A timer made inside
    /// a timer's body runs in a later frame at the earliest.
    @discardableResult
    public func after(_ seconds: TimeInterval, _ body: @escaping () -> Void) -> DynamicTimer {
        require { try Validate.nonNegative(seconds, "DynamicAnimator", "after(seconds)") }
        return addTimer(DynamicTimer(fireTime: elapsedTime + seconds, interval: nil, body: { body(); return false }))
    }

    /// Calls `body` every `seconds` (> 0) of simulated time, first at `elapsedTime + seconds`,
    /// until it returns false or the timer is cancelled. The schedule is fixed (the n-th call
    /// is due at start + n·seconds, so it does not drift); a frame longer than the period
    /// runs the body once and skips the periods it missed. Otherwise as `after(_:_:)`.
    @discardableResult
    public func every(_ seconds: TimeInterval, _ body: @escaping () -> Bool) -> DynamicTimer {
        require { try Validate.positive(seconds, "DynamicAnimator", "every(seconds)") }
        return addTimer(DynamicTimer(fireTime: elapsedTime + seconds, interval: seconds, body: body))
    }

    /// The timers still pending, in the order they were made.
    public var pendingTimers: [DynamicTimer] { timers.filter { !$0.isCancelled } }

    /// True while a timer made here is neither cancelled nor finished. O(timers).
    var hasPendingTimers: Bool { timers.contains { !$0.isCancelled } }

    private func addTimer(_ timer: DynamicTimer) -> DynamicTimer {
        timers.append(timer)
        setNeedsResume()
        return timer
    }

    /// Runs the timers due at the end of this frame, in creation order. `elapsedTime` is a
    /// sum of fixed steps, so "due" allows a rounding slack far below one step: a timer for
    /// 0.5 s fires in the frame whose steps add up to 0.5 s, not one step later.
    func fireTimers() {
        let now = elapsedTime + fixedTimeStep * 1e-6
        // Only the timers that exist now: one made by a body waits for a later frame.
        let count = timers.count
        for k in 0..<count {
            let t = timers[k]
            guard !t.isCancelled, t.fireTime <= now else { continue }
            let again = t.body()
            if let period = t.interval, again, !t.isCancelled {
                // Next point of the fixed schedule strictly after now.
                let missed = ((now - t.fireTime) / period).rounded(.down)
                t.fireTime += (missed + 1) * period
            } else {
                t.isCancelled = true
            }
        }
        timers.removeAll { $0.isCancelled }
    }
}
