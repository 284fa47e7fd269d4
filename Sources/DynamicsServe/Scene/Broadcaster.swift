import Foundation

/// Fans the session's frames out to every open WebSocket. Each subscriber has a stream that
/// keeps only the newest few messages, so a slow tab drops frames instead of piling them up;
/// a closed tab's stream ends and its subscription is removed (nothing is kept for it).
final class Broadcaster: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [UUID: AsyncStream<String>.Continuation] = [:]

    /// Most subscriptions at once. Each viewer holds its own copy of the scene message and of
    /// the frames it has not written yet (a frame of 20 000 items is ~460 KB): 1500 sockets
    /// that never read grew the server to 4.9 GB and stopped it answering.
    static let maximumSubscribers = 16

    /// A new subscription: its id and the stream of messages sent from now on (the newest
    /// four are kept for a slow viewer; older ones are dropped). Nil when
    /// `maximumSubscribers` are open.
    func subscribe() -> (id: UUID, messages: AsyncStream<String>)? {
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(4))
        let added = lock.withLock { () -> Bool in
            guard subscribers.count < Broadcaster.maximumSubscribers else { return false }
            subscribers[id] = continuation
            return true
        }
        guard added else {
            continuation.finish()
            return nil
        }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        return (id, stream)
    }

    /// Ends a subscription (its stream finishes).
    func unsubscribe(_ id: UUID) {
        let c = lock.withLock { subscribers.removeValue(forKey: id) }
        c?.finish()
    }

    /// How many subscriptions are open.
    var count: Int { lock.withLock { subscribers.count } }

    /// Sends `message` to every subscriber.
    func send(_ message: String) {
        let all = lock.withLock { Array(subscribers.values) }
        for c in all { c.yield(message) }
    }

    /// Ends every subscription.
    func finishAll() {
        let all = lock.withLock { () -> [AsyncStream<String>.Continuation] in
            defer { subscribers = [:] }
            return Array(subscribers.values)
        }
        for c in all { c.finish() }
    }
}
