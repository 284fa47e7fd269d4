import Foundation
import NIOCore
import Synchronization

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
final class Broadcaster: Sendable {
    private let subscribers = Mutex<[UUID: Mailbox]>([:])

    /// Most subscriptions at once (each viewer holds a connection and up to three messages).
    static let maximumSubscribers = 16

    /// A new subscription: its id and its mailbox, which yields the messages sent from now on
    /// (nil when `maximumSubscribers` are open).
    func subscribe() -> (id: UUID, messages: Mailbox)? {
        let id = UUID()
        let mailbox = Mailbox()
        let added = subscribers.withLock { subscribers -> Bool in
            guard subscribers.count < Broadcaster.maximumSubscribers else { return false }
            subscribers[id] = mailbox
            return true
        }
        guard added else { return nil }
        return (id, mailbox)
    }

    /// Ends a subscription (its mailbox finishes).
    func unsubscribe(_ id: UUID) {
        let m = subscribers.withLock { $0.removeValue(forKey: id) }
        m?.finish()
    }

    /// How many subscriptions are open.
    var count: Int { subscribers.withLock { $0.count } }

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
        let all = subscribers.withLock { Array($0.values) }
        for m in all { m.put(message, scene: scene) }
    }

    /// Ends every subscription.
    func finishAll() {
        let all = subscribers.withLock { subscribers -> [Mailbox] in
            defer { subscribers = [:] }
            return Array(subscribers.values)
        }
        for m in all { m.finish() }
    }
}

/// One viewer's messages waiting to be written: the newest scene message and the newest
/// frame (see `Broadcaster`). Iterated by the viewer's writing task, which waits for the next
/// message; iteration ends when the mailbox is finished.
final class Mailbox: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    private struct Slots {
        var scene: ByteBuffer?
        var frame: ByteBuffer?
        var finished = false
        var waiter: CheckedContinuation<ByteBuffer?, Never>?
        var dropped = 0
    }
    private let slots = Mutex(Slots())

    /// Frames replaced before they were written (for tests).
    var dropped: Int { slots.withLock { $0.dropped } }

    /// Adds a message, replacing the one of its kind still waiting (a scene message also
    /// drops the waiting frame); wakes the writer if it waits.
    func put(_ message: ByteBuffer, scene isScene: Bool) {
        let resume: CheckedContinuation<ByteBuffer?, Never>? = slots.withLock { s in
            guard !s.finished else { return nil }
            if let w = s.waiter {
                s.waiter = nil
                return w
            }
            if s.frame != nil { s.dropped += 1 }
            if isScene {
                s.scene = message
                s.frame = nil
            } else {
                s.frame = message
            }
            return nil
        }
        resume?.resume(returning: message)
    }

    /// Ends the mailbox: the writer's next wait returns nil.
    func finish() {
        let resume: CheckedContinuation<ByteBuffer?, Never>? = slots.withLock { s in
            s.finished = true
            s.scene = nil
            s.frame = nil
            defer { s.waiter = nil }
            return s.waiter
        }
        resume?.resume(returning: nil)
    }

    /// The next message (a waiting scene message first), waiting for one; nil once finished.
    /// Cancelling the waiting task finishes the mailbox (its viewer is going).
    func next() async -> ByteBuffer? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (c: CheckedContinuation<ByteBuffer?, Never>) in
                let ready: ByteBuffer?? = slots.withLock { s in
                    if let scene = s.scene { s.scene = nil; return .some(scene) }
                    if let frame = s.frame { s.frame = nil; return .some(frame) }
                    if s.finished || Task.isCancelled { return .some(nil) }
                    s.waiter = c
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
