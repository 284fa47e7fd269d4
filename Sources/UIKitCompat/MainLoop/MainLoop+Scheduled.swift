import Foundation
import Dynamics

// Work the virtual clock runs: `Timer`s and `DispatchQueue.main` blocks scheduled on a loop
// whose clock is `.virtual`, each due at a loop time. Frames run what is due, in order of due
// time, at the start of the frame (step 1 of `MainLoop`'s frame).

/// One piece of scheduled work: a block, or a timer's firing.
final class LoopTask {
    /// The loop time (seconds) at which it is due.
    var due: TimeInterval
    /// The order it was scheduled in (ties of `due` run in this order).
    let order: Int
    let run: () -> Void

    init(due: TimeInterval, order: Int, run: @escaping () -> Void) {
        self.due = due
        self.order = order
        self.run = run
    }
}

extension MainLoop {
    /// How close to a frame's time work counts as due (seconds): the loop's time is a sum of
    /// frame lengths, so 120 frames of 1/60 s may come to 1.9999999999999996 s.
    static let dueTolerance: TimeInterval = 1e-9

    /// Runs `block` in the first frame whose loop time is at least `delay` seconds from now
    /// (`delay` ≤ 0: the next frame).
    @discardableResult
    func schedule(after delay: TimeInterval, _ block: @escaping () -> Void) -> LoopTask {
        nextTaskOrder += 1
        let task = LoopTask(due: time + max(delay, 0), order: nextTaskOrder, run: block)
        tasks.append(task)
        return task
    }

    /// Takes `task` off the schedule (an invalidated timer's next firing).
    func cancel(_ task: LoopTask) {
        tasks.removeAll { $0 === task }
    }

    /// Runs the work due by the current loop time that was scheduled before this frame began,
    /// in order of due time; work scheduled while it runs waits for a later frame.
    func runDueTasks() {
        guard !tasks.isEmpty else { return }
        let limit = time + MainLoop.dueTolerance
        let lastOrder = nextTaskOrder
        var due: [LoopTask] = []
        tasks.removeAll { task in
            guard task.due <= limit, task.order <= lastOrder else { return false }
            due.append(task)
            return true
        }
        due.sort { ($0.due, $0.order) < ($1.due, $1.order) }
        for task in due { task.run() }
    }

    /// The work scheduled and not yet run.
    public var pendingScheduledWork: Int { tasks.count }

    /// Drops every piece of scheduled work without running it: a test's fresh start on a
    /// thread whose loop earlier tests (run one after another on the same worker thread)
    /// may have left work on.
    package func discardScheduledWork() { tasks.removeAll() }
}
