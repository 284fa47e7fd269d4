import DynamicsEngine
import Foundation

/// A sequence of steps on an animator's clock (`DynamicAnimator.spawn(_:)`): it waits for
/// simulated time, frames, a condition, rest or a contact, one wait at a time, and continues
/// in the internal step in which what it waits for happens.
///
/// The Swift form is callbacks: each wait takes the code that follows it. A task ends when
/// a continuation returns without starting another wait, when it is cancelled, or when a
/// wait is given bad input (then `error` says why).
///
/// ```swift
/// animator.spawn { task in
///     task.wait(0.5) {
///         animator.setVelocity(CGPoint(x: 0, y: -800), for: card)
///         task.waitUntil(timeout: 2, { card.center.y < 0 }) { left in
///             task.waitForRest(items: [card], timeout: 3) { _ in }
///         }
///     }
/// }
/// ```
///
/// A task waiting for time (`wait`, `waitFrames`, or anything with a timeout) keeps the
/// animator stepping, as a timer does; one waiting for rest, or for a condition or contact
/// without a timeout, does not.
public final class DynamicTask: EmbedderSlotted {
    package var embedder = EmbedderSlot() // see `EmbedderSlot`

    /// What a task can wait for.
    public enum Wait {
        /// `seconds` of simulated time from now (exact to the internal step).
        case seconds(TimeInterval)
        /// `count` frames (`step(_:)` calls that ran).
        case frames(Int)
        /// Until `condition` returns true, checked after every internal step.
        case until(() -> Bool, timeout: TimeInterval?)
        /// Until every item in `items` sleeps, or (no items) the animator pauses.
        case rest(items: [DynamicItem], timeout: TimeInterval?)
        /// Until `item` touches `other` (an item, a boundary identifier, or anything when nil).
        case contact(DynamicItem, other: ContactParty?, timeout: TimeInterval?)
    }

    /// The other party of `Wait.contact`.
    public enum ContactParty {
        case item(DynamicItem)
        /// A boundary of a collision behavior by its identifier; nil is the reference bounds.
        case boundary(AnyHashable?)
    }

    /// How a wait ended.
    public enum Outcome: Equatable {
        /// What the task waited for happened (for a contact: where, in points).
        case done
        case contact(CGPoint)
        /// The timeout passed first.
        case timedOut
    }

    /// True once the task ended: finished, cancelled, or failed.
    public private(set) var isDone = false
    /// True once `cancel()` was called.
    public private(set) var isCancelled = false
    /// Why the task failed (a wait given bad input), or nil.
    public internal(set) var error: DynamicsError?

    weak var animator: DynamicAnimator?
    /// The wait in progress and what follows it.
    var wait: Wait?
    var continuation: ((Outcome) -> Void)?
    /// Simulated time at which the wait (or its timeout) is due; infinity: none.
    var dueTime: TimeInterval = .infinity
    /// Frames still to wait.
    var framesLeft = 0
    /// Whether the current wait keeps the animator stepping.
    var keepsAwake = false
    /// Whether the current wait is checked after every internal step whatever the time.
    var isPolled = false

    init() {}

    /// Ends the task: nothing it waits for runs. Safe to call more than once, from anywhere
    /// (its own continuation included).
    public func cancel() {
        guard !isDone else { return }
        isCancelled = true
        finish()
        let hook = onCancel
        onCancel = nil
        hook?()
    }

    /// Run once when the task is cancelled (a scripted gesture lifts its finger).
    var onCancel: (() -> Void)?

    /// Waits `seconds` of simulated time (≥ 0), then runs `next`.
    public func wait(_ seconds: TimeInterval, then next: @escaping () -> Void) {
        start(.seconds(seconds)) { _ in next() }
    }

    /// Waits `count` frames (≥ 0), then runs `next`.
    public func waitFrames(_ count: Int, then next: @escaping () -> Void) {
        start(.frames(count)) { _ in next() }
    }

    /// Waits until `condition` is true (checked after every internal step) or `timeout`
    /// seconds pass; `next` receives true when the condition held, false on timeout.
    public func waitUntil(timeout: TimeInterval? = nil, _ condition: @escaping () -> Bool, then next: @escaping (Bool) -> Void) {
        start(.until(condition, timeout: timeout)) { next($0 != .timedOut) }
    }

    /// Waits until every item in `items` rests (no items: until the animator pauses) or
    /// `timeout` seconds pass; `next` receives false on timeout.
    public func waitForRest(items: [DynamicItem] = [], timeout: TimeInterval? = nil, then next: @escaping (Bool) -> Void) {
        start(.rest(items: items, timeout: timeout)) { next($0 != .timedOut) }
    }

    /// Waits until `item` touches `other` (nil: anything) or `timeout` seconds pass; `next`
    /// receives the contact point (points), or nil on timeout.
    public func waitForContact(_ item: DynamicItem, with other: ContactParty? = nil, timeout: TimeInterval? = nil,
                               then next: @escaping (CGPoint?) -> Void) {
        start(.contact(item, other: other, timeout: timeout)) {
            if case .contact(let p) = $0 { next(p) } else { next(nil) }
        }
    }

    /// Starts `wait`; `next` runs when it ends. A task waits for one thing at a time. Bad
    /// input (a NaN or negative time, a second wait) ends the task: `error` says why, and it
    /// is reported as every setter reports bad input (`InvalidInput`).
    public func start(_ wait: Wait, then next: @escaping (Outcome) -> Void) {
        do {
            try begin(wait, then: next)
        } catch let e as DynamicsError {
            error = e
            finish()
            InvalidInput.report(e)
        } catch {}
    }

    /// `start(_:then:)` for hosts that report bad input themselves: throws it, and leaves
    /// the task as it was.
    public func begin(_ wait: Wait, then next: @escaping (Outcome) -> Void) throws {
        guard !isDone, let animator else {
            throw DynamicsError(owner: "DynamicTask", property: "wait", message: "the task has ended")
        }
        guard self.wait == nil else {
            throw DynamicsError(owner: "DynamicTask", property: "wait", message: "a task waits for one thing at a time; start the next wait in the previous one's continuation")
        }
        try animator.begin(wait, for: self)
        continuation = next
    }

    /// Ends the task as failed with `error` (a host's report of what went wrong in it).
    public func fail(_ error: DynamicsError) {
        guard !isDone else { return }
        self.error = error
        finish()
    }

    /// Ends the task and tells the animator.
    func finish() {
        guard !isDone else { return }
        isDone = true
        animator?.taskDidEnd(self)
        wait = nil
        continuation = nil
    }
}

extension DynamicAnimator {
    /// Starts a task on this animator's clock: `body` runs now with the task, and starts its
    /// first wait (see `DynamicTask`). Returns the task (cancel it to stop it).
    @discardableResult
    public func spawn(_ body: (DynamicTask) -> Void) -> DynamicTask {
        let task = DynamicTask()
        task.animator = self
        tasks.append(task)
        body(task)
        if task.wait == nil { task.finish() }
        return task
    }

    /// The tasks still running, in the order they were made.
    public var runningTasks: [DynamicTask] { tasks.filter { !$0.isDone } }

    /// Longest wait or timeout, in seconds of simulated time (about 31 years): a longer one is
    /// a mistake, and 1e300 s would make every due time infinite.
    public static let maximumWait: TimeInterval = 1e9

    /// Most frames a task may wait for.
    public static let maximumWaitFrames = 1_000_000_000

    /// Checks `wait` and makes it `task`'s current wait. Throws before any change.
    func begin(_ wait: DynamicTask.Wait, for task: DynamicTask) throws {
        func time(_ s: TimeInterval?, _ what: String) throws -> TimeInterval {
            guard let s else { return .infinity }
            try Validate.nonNegative(s, "DynamicTask", what, max: DynamicAnimator.maximumWait)
            return elapsedTime + s
        }
        var due = TimeInterval.infinity, frames = 0, awake = true, polled = true
        switch wait {
        case .seconds(let s):
            due = try time(s, "wait(seconds)")
            polled = false
        case .frames(let n):
            guard n >= 0, n <= DynamicAnimator.maximumWaitFrames else {
                throw DynamicsError(owner: "DynamicTask", property: "waitFrames(count)", message: "must be in 0…\(DynamicAnimator.maximumWaitFrames), got \(n)")
            }
            frames = n
            polled = n == 0
        case .until(_, let timeout):
            due = try time(timeout, "waitUntil(timeout)")
            awake = timeout != nil
        case .rest(let items, let timeout):
            due = try time(timeout, "waitForRest(timeout)")
            awake = timeout != nil
            polled = !items.isEmpty
        case .contact(_, _, let timeout):
            due = try time(timeout, "waitForContact(timeout)")
            awake = timeout != nil
        }
        task.wait = wait
        task.dueTime = due
        task.framesLeft = frames
        task.keepsAwake = awake
        task.isPolled = polled
        taskBook.waiting += 1
        if awake {
            taskBook.awake += 1
            setNeedsResume()
        }
        if polled { taskBook.polled += 1 }
        taskBook.nextDueTime = min(taskBook.nextDueTime, due)
    }

    /// A task ended (finished, cancelled or failed).
    func taskDidEnd(_ task: DynamicTask) {
        endWait(task)
        taskBook.hasEnded = true
    }

    /// Takes `task`'s current wait off the books.
    private func endWait(_ task: DynamicTask) {
        guard task.wait != nil else { return }
        taskBook.waiting -= 1
        if task.keepsAwake { taskBook.awake -= 1 }
        if task.isPolled { taskBook.polled -= 1 }
        task.wait = nil
        task.keepsAwake = false
        task.isPolled = false
    }

    /// True while a task waits for something that keeps the animator stepping. O(1).
    var hasAwakeTasks: Bool { taskBook.awake > 0 }

    /// Whether any task waits for something checked every internal step (a condition or a
    /// contact) or has reached its due time.
    func tasksDue(at now: TimeInterval) -> Bool {
        taskBook.waiting > 0 && (taskBook.polled > 0 || now >= taskBook.nextDueTime)
    }

    /// Resumes the tasks whose wait ended by now (after an internal step). `phase` says
    /// which waits can end here: time, conditions and contacts after every internal step;
    /// frames at the end of a frame; rest when the animator pauses or its items sleep.
    func resumeTasks(_ phase: TaskPhase) {
        guard taskBook.waiting > 0 else { return }
        let now = elapsedTime + fixedTimeStep * 1e-6
        taskBook.nextDueTime = .infinity
        let count = tasks.count
        for k in 0..<count {
            let task = tasks[k]
            guard !task.isDone, let wait = task.wait else { continue }
            var outcome: DynamicTask.Outcome?
            switch wait {
            case .seconds:
                if now >= task.dueTime { outcome = .done }
            case .frames:
                if task.framesLeft > 0, phase == .frameEnd { task.framesLeft -= 1 }
                if task.framesLeft == 0 { outcome = .done }
            // Conditions and contacts are checked once after each internal step (a condition
            // may act: a scripted gesture's moves the finger), rest also when pausing.
            case .until(let condition, _):
                if phase == .internalStep, condition() { outcome = .done }
            case .rest(let items, _):
                if items.isEmpty ? phase == .pausing : phase != .frameEnd && items.allSatisfy({ isResting($0) }) { outcome = .done }
            case .contact(let item, let other, _):
                if phase == .internalStep, let p = contactPoint(of: item, with: other) { outcome = .contact(p) }
            }
            if outcome == nil, now >= task.dueTime { outcome = .timedOut }
            // A condition may have cancelled it.
            if let outcome, !task.isDone, let next = task.continuation {
                endWait(task)
                task.continuation = nil
                next(outcome)
                if task.wait == nil { task.finish() }
            }
            if !task.isDone, task.wait != nil { taskBook.nextDueTime = min(taskBook.nextDueTime, task.dueTime) }
        }
        if taskBook.hasEnded {
            tasks.removeAll { $0.isDone }
            taskBook.hasEnded = false
        }
    }

    /// Where `item` touches `other` now (points), or nil.
    func contactPoint(of item: DynamicItem, with other: DynamicTask.ContactParty?) -> CGPoint? {
        guard let slot = recordIndex[ObjectIdentifier(item)], slot < records.count, world.isValid(records[slot].body) else { return nil }
        let p = world.touchingContact(of: records[slot].body) { _, shape, body in
            guard let other else { return true }
            let owner = world.userData(of: shape)
            switch other {
            case .item(let o):
                guard owner < 0, let s = recordIndex[ObjectIdentifier(o)], s < records.count else { return false }
                return records[s].body == body
            case .boundary(let id):
                guard owner >= 0, owner < boundaryOwners.count, let b = boundaryOwners[owner] else { return false }
                return b.identifier == id
            }
        }
        return p.map(Units.point)
    }

    /// Whether the item is in this animator's world and asleep (or not moving at all).
    func isResting(_ item: DynamicItem) -> Bool {
        guard let slot = recordIndex[ObjectIdentifier(item)], slot < records.count else { return true }
        let body = records[slot].body
        return !world.isValid(body) || !world.isAwake(body)
    }
}

/// Where in a frame tasks are resumed.
enum TaskPhase {
    case internalStep, frameEnd, pausing
}

/// What the animator knows about its tasks without walking them.
struct TaskBook {
    /// Tasks with a wait in progress.
    var waiting = 0
    /// Of those, the ones that keep the animator stepping.
    var awake = 0
    /// Of those, the ones checked after every internal step whatever the time (conditions,
    /// contacts, rest of items).
    var polled = 0
    /// No wait's due time comes before this (a lower bound; may be stale-low).
    var nextDueTime: TimeInterval = .infinity
    /// Some task ended since the list was last compacted.
    var hasEnded = false
}
