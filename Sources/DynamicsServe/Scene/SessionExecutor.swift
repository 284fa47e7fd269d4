import Dispatch

/// The serial executor the live session runs on: its jobs run one at a time, in the order
/// they were enqueued, on a dispatch queue of their own rather than on Swift's cooperative
/// pool. A scene's load or a slider's `apply` may run a script for seconds: on the pool it
/// would hold one of its few threads (one per core) and, with a few such requests, every
/// HTTP handler of the server with it.
final class SessionExecutor: SerialExecutor {
    private let queue = DispatchQueue(label: "dynamics.serve.session", qos: .userInteractive)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}
