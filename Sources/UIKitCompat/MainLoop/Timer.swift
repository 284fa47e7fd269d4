import Foundation
import Dynamics

/// Foundation's `Timer`, as app code schedules it, made to follow the main loop's clock.
///
/// A file that imports UIKitCompat, and not Foundation itself, gets this `Timer` in place of
/// Foundation's (a module's top-level declarations shadow those of the modules it imports; a
/// file that imports both sees both and names one), with Foundation's names:
/// `scheduledTimer(withTimeInterval:repeats:block:)`, `init(timeInterval:repeats:block:)`,
/// `init(fire:interval:repeats:block:)` with `RunLoop.add(_:forMode:)`, `fire()`,
/// `invalidate()`, `isValid`, `fireDate`, `timeInterval`, `tolerance`, `userInfo`.
///
/// When the timer is scheduled, the clock of the calling thread's loop (`MainLoop.current`)
/// decides how it runs:
/// - `.real`: it is a Foundation timer on the run loop named, firing by the wall clock, as on
///   a device;
/// - `.virtual`: it fires in the loop's frames, in the first frame whose loop time reaches its
///   fire time, so a 2 s timer fires once `advance(frames: 120)` (at 60 Hz) has run, without
///   2 s of waiting. As Foundation's, a repeating timer keeps its schedule (fire time +
///   interval) and fires once for fire times it missed. Whatever run loop is named, it is
///   this thread's loop.
///
/// Linux Foundation cannot do this itself: its run loop compares timers with the wall clock,
/// and a timer scheduled on a Swift Testing worker thread sits on that thread's run loop,
/// which nothing runs. Foundation's `Timer` stays reachable as `Foundation.Timer`.
open class Timer: @unchecked Sendable {
    private let block: @Sendable (Timer) -> Void
    private let repeats: Bool
    /// Foundation's timer, once scheduled on the real clock.
    private var foundationTimer: Foundation.Timer?
    /// The loop a virtual-clock timer is scheduled on, and its fire time in loop time.
    private weak var loop: MainLoop?
    private var due: TimeInterval = 0
    /// The fire date given at creation, until scheduled.
    private var initialFireDate: Date
    private var valid = true
    private var scheduled = false

    /// The interval between firings of a repeating timer (seconds; 0 for a one-shot timer).
    public let timeInterval: TimeInterval
    /// Allowed lateness (seconds); held, as the virtual clock fires timers in whole frames.
    open var tolerance: TimeInterval = 0
    /// What the maker attached to the timer.
    open var userInfo: Any?

    /// A timer that fires `interval` seconds after it is scheduled (add it to a run loop).
    public convenience init(timeInterval interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void) {
        let interval = Timer.checked(interval, "init(timeInterval:repeats:block:)")
        self.init(checkedFire: Date(timeIntervalSinceNow: interval), interval: interval, repeats: repeats, block: block)
    }

    /// A timer that first fires at `date`, then every `interval` seconds if it repeats.
    public convenience init(fire date: Date, interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void) {
        self.init(checkedFire: date, interval: Timer.checked(interval, "init(fire:interval:repeats:block:)"), repeats: repeats, block: block)
    }

    private init(checkedFire date: Date, interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void) {
        // As Foundation: a repeating timer's interval of 0 or less means 0.1 ms.
        timeInterval = repeats ? (interval > 0 ? interval : 0.0001) : 0
        self.repeats = repeats
        self.block = block
        if date.timeIntervalSinceReferenceDate.isFinite {
            initialFireDate = date
        } else {
            UIKitInput.report("Timer", "init(fire:interval:repeats:block:)", "the fire date must be finite, got \(date.timeIntervalSinceReferenceDate); it fires now")
            initialFireDate = Date()
        }
    }

    /// A timer scheduled on the current run loop, firing `interval` seconds from now.
    @discardableResult
    open class func scheduledTimer(withTimeInterval interval: TimeInterval, repeats: Bool,
                                   block: @escaping @Sendable (Timer) -> Void) -> Timer {
        let timer = Timer(timeInterval: interval, repeats: repeats, block: block)
        RunLoop.current.add(timer, forMode: .default)
        return timer
    }

    /// Whether the timer will still fire.
    open var isValid: Bool { valid }

    /// When the timer fires next. For a virtual-clock timer this is the wall-clock date as far
    /// ahead of now as its fire time is ahead of the loop's time; setting it moves the fire time.
    open var fireDate: Date {
        get {
            if let foundationTimer { return foundationTimer.fireDate }
            if scheduled, let loop { return Date(timeIntervalSinceNow: due - loop.time) }
            return initialFireDate
        }
        set {
            guard newValue.timeIntervalSinceReferenceDate.isFinite else {
                UIKitInput.report("Timer", "fireDate", "must be a finite date, got \(newValue.timeIntervalSinceReferenceDate)")
                return
            }
            if let foundationTimer { foundationTimer.fireDate = newValue }
            else if scheduled, let loop { due = loop.time + newValue.timeIntervalSinceNow; reschedule(on: loop) }
            else { initialFireDate = newValue }
        }
    }

    /// Runs the block now; a one-shot timer is then invalidated, a repeating one keeps its schedule.
    open func fire() {
        guard valid else { return }
        block(self)
        if !repeats { invalidate() }
    }

    /// Stops the timer for good.
    open func invalidate() {
        valid = false
        foundationTimer?.invalidate()
        foundationTimer = nil
        if let task, let loop { loop.cancel(task) }
        task = nil
    }

    /// Schedules the timer on `runLoop` by the clock of this thread's loop (see the type).
    func schedule(on runLoop: RunLoop, forMode mode: RunLoop.Mode) {
        guard valid, !scheduled else { return }
        scheduled = true
        let loop = MainLoop.current
        if loop.clock == .virtual {
            self.loop = loop
            due = loop.time + initialFireDate.timeIntervalSinceNow
            reschedule(on: loop)
        } else {
            let real = Foundation.Timer(fire: initialFireDate, interval: timeInterval, repeats: repeats) { [self] _ in
                self.block(self)
                if !self.repeats { self.valid = false; self.foundationTimer = nil }
            }
            real.tolerance = tolerance
            foundationTimer = real
            runLoop.add(real, forMode: mode)
        }
    }

    /// Puts the next firing on the loop's schedule, in place of the one there.
    private func reschedule(on loop: MainLoop) {
        if let task { loop.cancel(task) }
        task = loop.schedule(after: due - loop.time) { [self] in
            task = nil
            guard valid else { return }
            fireOnSchedule(loop)
        }
    }
    /// The next firing on the loop's schedule.
    private var task: LoopTask?

    /// A virtual-clock firing: the block, then the next fire time after the loop's time.
    private func fireOnSchedule(_ loop: MainLoop) {
        block(self)
        guard repeats else { invalidate(); return }
        guard valid else { return }
        let missed = ((loop.time + MainLoop.dueTolerance - due) / timeInterval).rounded(.down)
        due += timeInterval * (max(missed, 0) + 1)
        reschedule(on: loop)
    }

    /// `interval` if finite and at most 1e9 s; otherwise reports it and gives 0 (a negative
    /// interval is Foundation's "now").
    private static func checked(_ interval: TimeInterval, _ method: String) -> TimeInterval {
        guard interval.isFinite, interval <= 1e9 else {
            UIKitInput.report("Timer", method, "the interval must be a finite number of seconds ≤ 1e9, got \(interval)")
            return 0
        }
        return interval
    }
}

extension RunLoop {
    /// Schedules a UIKitCompat `Timer` (see `Timer`): on the wall clock on this run loop, or on
    /// the calling thread's virtual clock.
    public func add(_ timer: Timer, forMode mode: RunLoop.Mode) {
        timer.schedule(on: self, forMode: mode)
    }
}
