import Foundation
import Synchronization

/// The exit of a child process, awaited without a thread of its own: `Process` calls its
/// `terminationHandler` (set to `signal`) from Foundation's one monitoring thread, which
/// resumes whoever awaits `wait`.
final class ProcessExit: Sendable {
    private struct State {
        var exited = false
        var waiter: CheckedContinuation<Void, Never>?
    }
    private let state = Mutex(State())

    /// Whether the process has exited.
    var hasExited: Bool { state.withLock { $0.exited } }

    /// Marks the process exited (its `terminationHandler`).
    func signal() {
        let waiter = state.withLock { s -> CheckedContinuation<Void, Never>? in
            s.exited = true
            defer { s.waiter = nil }
            return s.waiter
        }
        waiter?.resume()
    }

    /// Returns once the process has exited (one caller at a time).
    func wait() async {
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            let exited = state.withLock { s -> Bool in
                if !s.exited { s.waiter = c }
                return s.exited
            }
            if exited { c.resume() }
        }
    }

    /// Waits for the exit of the process `pid`, ending it when it runs past `seconds`
    /// (SIGTERM, then SIGKILL one second later). Returns whether it was ended for the time.
    func wait(orEnd pid: pid_t, after seconds: Double) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask { [self] in
                do { try await Task.sleep(for: .seconds(seconds)) } catch { return false }
                guard !hasExited else { return false }
                kill(pid, SIGTERM)
                do { try await Task.sleep(for: .seconds(1)) } catch { return true }
                if !hasExited { kill(pid, SIGKILL) }
                return true
            }
            await wait()
            group.cancelAll()
            return await group.next() ?? false
        }
    }
}
