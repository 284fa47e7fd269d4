import Foundation

/// A timer made by `DynamicAnimator.after(_:_:)` or `every(_:_:)`. Cancel it to stop it;
/// a cancelled or finished timer no longer keeps its animator awake.
public final class DynamicTimer: EmbedderSlotted {
    package var embedder = EmbedderSlot() // see `EmbedderSlot`
    /// The simulated time (`elapsedTime`) at which it fires next.
    public internal(set) var fireTime: TimeInterval
    /// The period of a repeating timer; nil for a one-shot timer.
    public let interval: TimeInterval?
    /// True once cancelled, or once a one-shot timer fired or a repeating one returned false.
    public private(set) var isCancelled = false
    /// Released when the timer ends (nil then), with everything it holds: a script's
    /// timers held their functions (and those functions' upvalues) for good, so a script
    /// that made timers in a loop ran out of memory holding nothing.
    private(set) var body: (() -> Bool)?
    /// The animator that runs it, told when the timer ends so its pending count stays exact.
    weak var animator: DynamicAnimator?

    init(fireTime: TimeInterval, interval: TimeInterval?, body: @escaping () -> Bool) {
        self.fireTime = fireTime
        self.interval = interval
        self.body = body
    }

    /// Ends a timer made after the snapshot being restored: it never fires, and its animator,
    /// whose timer count the restore sets, is not told.
    func endForRestore() {
        isCancelled = true
        body = nil
        animator = nil
    }

    /// The timer's state now, as a function that puts it back (an animator's snapshot): its
    /// next fire time, whether it ended, and its body, which the snapshot keeps alive so a
    /// timer that fired after the snapshot fires again after a restore.
    func savedState() -> () -> Void {
        let fireTime = fireTime, isCancelled = isCancelled, body = body, animator = animator
        return { [self] in
            self.fireTime = fireTime
            self.isCancelled = isCancelled
            self.body = body
            self.animator = animator
        }
    }

    /// Stops the timer: its body never runs again. Safe to call more than once, and from
    /// inside its own body.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        body = nil // a body running now is kept alive by its caller (`fireTimers`)
        animator?.timerDidEnd()
    }
}

extension DynamicAnimator {
    /// Calls `body` once, when `elapsedTime` has advanced by `seconds` (≥ 0) from now.
    ///
    /// Timers run in simulated time: the body runs right after the internal step
    /// (`fixedTimeStep`) in which that time is reached — mid-frame, with the items where
    /// that step left them — so a scripted event happens at the same moment whatever the
    /// frame rate. Timers due after the same step run in the order they were made. A
    /// pending timer keeps the animator stepping — it does not pause, and `elapsedTime`
    /// advances, even if every item rests — so scripted events ("a tap at 1.5 s") need no
    /// keep-awake tricks. A timer made inside a timer's body runs after a later internal
    /// step at the earliest.
    @discardableResult
    public func after(_ seconds: TimeInterval, _ body: @escaping () -> Void) -> DynamicTimer {
        // Checked before anything changes: a refused timer is never added, so it cannot keep
        // the animator from pausing.
        guard accept({ try DynamicAnimator.validateDelay(seconds) }) else { return refusedTimer() }
        return addTimer(DynamicTimer(fireTime: elapsedTime + seconds, interval: nil, body: { body(); return false }))
    }

    /// Checks `after(_:_:)`'s delay (s): finite, 0…`Limits.magnitude`. Bindings call it before
    /// they make anything the timer needs.
    public static func validateDelay(_ seconds: TimeInterval) throws {
        try Validate.nonNegative(seconds, "DynamicAnimator", "after(seconds)")
    }

    /// Checks `every(_:_:)`'s period (s): finite, `minimumTimerInterval`…`Limits.magnitude`.
    public static func validateInterval(_ seconds: TimeInterval) throws {
        try Validate.positive(seconds, "DynamicAnimator", "every(seconds)", min: DynamicAnimator.minimumTimerInterval)
    }

    /// What `after` and `every` return for refused input: a timer that is already cancelled
    /// and was never added.
    private func refusedTimer() -> DynamicTimer {
        let t = DynamicTimer(fireTime: .infinity, interval: nil, body: { false })
        t.cancel()
        return t
    }

    /// The shortest period of `every(_:_:)`, in seconds: a timer fires at most once a frame,
    /// and a period of 1e-315 s made the schedule's next time infinite.
    public static let minimumTimerInterval: TimeInterval = 1e-6

    /// Calls `body` every `seconds` (≥ `minimumTimerInterval`) of simulated time, first at `elapsedTime + seconds`,
    /// until it returns false or the timer is cancelled. The schedule is fixed (the n-th call
    /// is due at start + n·seconds, so it does not drift); a frame longer than the period
    /// runs the body once and skips the periods it missed (a period shorter than the internal
    /// step fires once a step). Otherwise as `after(_:_:)`.
    @discardableResult
    public func every(_ seconds: TimeInterval, _ body: @escaping () -> Bool) -> DynamicTimer {
        guard accept({ try DynamicAnimator.validateInterval(seconds) }) else {
            return refusedTimer()
        }
        return addTimer(DynamicTimer(fireTime: elapsedTime + seconds, interval: seconds, body: body))
    }

    /// The timers still pending, in the order they were made.
    public var pendingTimers: [DynamicTimer] { timers.filter { !$0.isCancelled } }

    /// True while a timer made here is neither cancelled nor finished. O(1).
    var hasPendingTimers: Bool { timerBook.pending > 0 }

    private func addTimer(_ timer: DynamicTimer) -> DynamicTimer {
        timer.animator = self
        timers.append(timer)
        timerBook.pending += 1
        timerBook.nextFireTime = min(timerBook.nextFireTime, timer.fireTime)
        setNeedsResume()
        return timer
    }

    /// A timer of this animator was cancelled or finished.
    func timerDidEnd() {
        timerBook.pending -= 1
        timerBook.hasEnded = true
    }

    /// Runs the timers due after this internal step, in creation order. `elapsedTime` is a
    /// sum of fixed steps, so "due" allows a rounding slack far below one step: a timer for
    /// 0.5 s fires after the step that brings the time to 0.5 s, not one step later.
    ///
    /// A step after which no timer is due costs O(1): the animator keeps a lower bound of the
    /// pending fire times (`timerBook.nextFireTime`) and walks the list only once it is
    /// reached, so ten thousand far-off timers cost nothing per step. Ended timers leave
    /// the list in the same walk, or in the next walk after one was cancelled.
    func fireTimers() {
        let now = elapsedTime + fixedTimeStep * 1e-6
        if now >= timerBook.nextFireTime {
            // Recomputed in the walk; a timer a body makes lowers it through addTimer.
            timerBook.nextFireTime = .infinity
            // Only the timers that exist now: one made by a body waits for a later step.
            let count = timers.count
            for k in 0..<count {
                let t = timers[k]
                guard !t.isCancelled else { continue }
                if t.fireTime <= now, let body = t.body {
                    let again = body()
                    if let period = t.interval, again, !t.isCancelled {
                        // Next point of the fixed schedule strictly after now.
                        let missed = ((now - t.fireTime) / period).rounded(.down)
                        t.fireTime += (missed + 1) * period
                    } else {
                        t.cancel()
                    }
                }
                // A timer cancelled after this point leaves the bound low: one extra walk.
                if !t.isCancelled { timerBook.nextFireTime = min(timerBook.nextFireTime, t.fireTime) }
            }
        }
        if timerBook.hasEnded { removeEndedTimers() }
    }

    /// Drops ended timers from the list (they hold nothing, but a script that makes and
    /// cancels timers in a loop would grow it without bound).
    func removeEndedTimers() {
        timers.removeAll { $0.isCancelled }
        timerBook.hasEnded = false
    }
}

/// What the animator knows about its timers without walking them.
struct TimerBook {
    /// Timers neither cancelled nor finished.
    var pending = 0
    /// No pending timer fires before this simulated time (a lower bound; may be stale-low).
    var nextFireTime: TimeInterval = .infinity
    /// Some timer ended since the list was last compacted.
    var hasEnded = false
}
