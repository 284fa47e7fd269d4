import Foundation
import NIOCore

/// Fans the session's messages out to every open WebSocket.
///
/// Each message is encoded once, into a `ByteBuffer` that every viewer's connection writes
/// from (a buffer is shared, not copied, until someone changes it, and writing does not):
/// bytes made per viewer would let 16 viewers that do not read hold 16 copies of a 40 MB
/// scene message (887 MB of server).
///
/// Each viewer has a `Mailbox` of two slots, not a queue: the newest frame not yet written
/// (a newer one replaces it: a slow viewer skips frames) and the newest scene message not yet
/// written (which also drops the frame waiting, of the scene before). A viewer that stops
/// reading holds at most those two and the message its connection is writing; the
/// connection's guard closes it once it has been unwritable for its stall timeout
/// (`ConnectionLimits.stallTimeout`). A closed tab's mailbox ends and is removed.
final class Broadcaster: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [UUID: Mailbox] = [:]

    /// Most subscriptions at once (each viewer holds a connection and up to three messages).
    static let maximumSubscribers = 16

    /// A new subscription: its id and its mailbox, which yields the messages sent from now on
    /// (nil when `maximumSubscribers` are open).
    func subscribe() -> (id: UUID, messages: Mailbox)? {
        let id = UUID()
        let mailbox = Mailbox()
        let added = lock.withLock { () -> Bool in
            guard subscribers.count < Broadcaster.maximumSubscribers else { return false }
            subscribers[id] = mailbox
            return true
        }
        guard added else { return nil }
        return (id, mailbox)
    }

    /// Ends a subscription (its mailbox finishes).
    func unsubscribe(_ id: UUID) {
        let m = lock.withLock { subscribers.removeValue(forKey: id) }
        m?.finish()
    }

    /// How many subscriptions are open.
    var count: Int { lock.withLock { subscribers.count } }

    /// Sends a frame to every subscriber (replacing the frame each has not written yet).
    func sendFrame(_ message: String) {
        send(ByteBuffer(string: message), scene: false)
    }

    /// Sends a scene message to every subscriber (replacing the scene message and the frame
    /// each has not written yet).
    func sendScene(_ message: String) {
        send(ByteBuffer(string: message), scene: true)
    }

    private func send(_ message: ByteBuffer, scene: Bool) {
        let all = lock.withLock { Array(subscribers.values) }
        for m in all { m.put(message, scene: scene) }
    }

    /// Ends every subscription.
    func finishAll() {
        let all = lock.withLock { () -> [Mailbox] in
            defer { subscribers = [:] }
            return Array(subscribers.values)
        }
        for m in all { m.finish() }
    }
}

/// One viewer's messages waiting to be written: the newest scene message and the newest
/// frame (see `Broadcaster`). Iterated by the viewer's writing task, which waits for the next
/// message; iteration ends when the mailbox is finished.
final class Mailbox: AsyncSequence, @unchecked Sendable {
    typealias Element = ByteBuffer

    private let lock = NSLock()
    private var scene: ByteBuffer?
    private var frame: ByteBuffer?
    private var finished = false
    private var waiter: CheckedContinuation<ByteBuffer?, Never>?
    /// Frames replaced before they were written (for tests).
    private(set) var dropped = 0

    /// Adds a message, replacing the one of its kind still waiting (a scene message also
    /// drops the waiting frame); wakes the writer if it waits.
    func put(_ message: ByteBuffer, scene isScene: Bool) {
        let resume: CheckedContinuation<ByteBuffer?, Never>? = lock.withLock {
            guard !finished else { return nil }
            if let w = waiter {
                waiter = nil
                return w
            }
            if frame != nil { dropped += 1 }
            if isScene {
                scene = message
                frame = nil
            } else {
                frame = message
            }
            return nil
        }
        resume?.resume(returning: message)
    }

    /// Ends the mailbox: the writer's next wait returns nil.
    func finish() {
        let resume: CheckedContinuation<ByteBuffer?, Never>? = lock.withLock {
            finished = true
            scene = nil
            frame = nil
            defer { waiter = nil }
            return waiter
        }
        resume?.resume(returning: nil)
    }

    /// The next message (a waiting scene message first), waiting for one; nil once finished.
    /// Cancelling the waiting task finishes the mailbox (its viewer is going).
    func next() async -> ByteBuffer? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (c: CheckedContinuation<ByteBuffer?, Never>) in
                let ready: ByteBuffer?? = lock.withLock {
                    if let s = scene { scene = nil; return .some(s) }
                    if let f = frame { frame = nil; return .some(f) }
                    if finished || Task.isCancelled { return .some(nil) }
                    waiter = c
                    return .none
                }
                if let ready { c.resume(returning: ready) }
            }
        } onCancel: {
            finish()
        }
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        let mailbox: Mailbox
        mutating func next() async -> ByteBuffer? { await mailbox.next() }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(mailbox: self) }
}
