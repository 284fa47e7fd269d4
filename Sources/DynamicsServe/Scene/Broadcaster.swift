import Foundation

/// Fans the session's frames out to every open WebSocket. Each subscriber has a stream that
/// keeps only the newest few messages, so a slow tab drops frames instead of piling them up;
/// a closed tab's stream ends and its subscription is removed (nothing is kept for it).
final class Broadcaster: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [UUID: AsyncStream<String>.Continuation] = [:]

    /// A new subscription: its id and the stream of messages sent from now on.
    func subscribe() -> (id: UUID, messages: AsyncStream<String>) {
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(8))
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        lock.withLock { subscribers[id] = continuation }
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
