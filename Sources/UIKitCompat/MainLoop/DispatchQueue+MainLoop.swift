import Foundation
import Dispatch
import Dynamics

// `DispatchQueue.main.async { }` and `asyncAfter(deadline:) { }` as app code writes them, made
// to follow the main loop's virtual clock. Dispatch declares these with three defaulted
// parameters (`group`/`qos`/`flags`); the two below take only the deadline and the block, so
// Swift prefers them for a call that gives only those (the overload that needs no default
// arguments is the more specific one). On the main queue, from a thread whose loop
// (`MainLoop.current`) has the virtual clock, the block runs in that loop's frames: `async` in
// the next frame, `asyncAfter` in the first frame whose loop time reaches the deadline, so
// `asyncAfter(deadline: .now() + 1)` runs once `advance(frames: 60)` has run (at 60 Hz),
// without a second of waiting. Every other case — another queue, the real clock, a thread
// whose loop has the real clock — goes to Dispatch unchanged, as do calls that name a group,
// a QoS or flags, and the `DispatchWorkItem` forms.

extension DispatchQueue {
    /// Whether this is the main queue.
    var isMainQueue: Bool { label == DispatchQueue.mainQueueLabel }
    static let mainQueueLabel = DispatchQueue.main.label

    /// Dispatch's `async`, or, for the main queue on a virtual clock, the next frame (see above).
    public func async(execute work: @escaping @Sendable @convention(block) () -> Void) {
        if isMainQueue, let loop = MainLoop.virtualLoopOfThisThread {
            loop.schedule(after: 0, work)
            return
        }
        async(execute: DispatchWorkItem(block: work))
    }

    /// Dispatch's `asyncAfter(deadline:)`, or, for the main queue on a virtual clock, the first
    /// frame at or past the deadline (see above).
    public func asyncAfter(deadline: DispatchTime, execute work: @escaping @Sendable @convention(block) () -> Void) {
        if isMainQueue, let loop = MainLoop.virtualLoopOfThisThread {
            // DispatchTime.distantFuture never comes.
            guard deadline != .distantFuture else { return }
            let now = DispatchTime.now().uptimeNanoseconds, at = deadline.uptimeNanoseconds
            loop.schedule(after: at > now ? Double(at - now) / 1e9 : 0, work)
            return
        }
        asyncAfter(deadline: deadline, execute: DispatchWorkItem(block: work))
    }
}

extension MainLoop {
    /// The calling thread's loop if its clock is virtual.
    static var virtualLoopOfThisThread: MainLoop? {
        guard let loop = Thread.isMainThread ? main : ThreadLoops.existingLoop() else { return nil }
        return loop.clock == .virtual ? loop : nil
    }
}
