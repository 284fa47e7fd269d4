import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTPTypes
import Synchronization

/// The viewer's connections, guarded below HTTP (docs/cli.md, "Limits"). Hummingbird answers
/// well-formed requests; these rules cover what it leaves open:
///
/// - a connection whose first request has not fully arrived (its head) within
///   `headTimeout` is answered 408 and closed (idle or half-sent connections stayed open
///   for good; 1100 of them under a 1024-descriptor limit locked every viewer out);
/// - a request HTTP cannot parse (a bad version or method, a broken header or
///   `Content-Length`, a header section over its limits) is answered 400 with the parser's
///   reason, and the connection closed (not left open without an answer);
/// - at most `maximumConnections` connections are open at once; the next one is answered
///   503 and closed;
/// - a connection that stops reading what it is sent (its outbound buffer full, the channel
///   not writable) for `stallTimeout` is closed: a viewer tab that hung, or a client that
///   never reads, held one of the 16 viewer places for good.
///
/// Between requests, a kept-alive connection is closed after Hummingbird's idle timeout
/// (`LiveServer.idleTimeout`); WebSocket viewers are counted by `Broadcaster` (16). An answer
/// that says `Connection: close` closes its connection (`ClosingResponses`, installed by
/// `LiveServer` among Hummingbird's HTTP handlers).
struct GuardedChannel<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value
    let inner: Inner
    let limits: ConnectionLimits

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(ConnectionGuard(limits: limits), position: .first)
        }.flatMap {
            inner.setup(channel: channel, logger: logger)
        }.flatMapThrowing { value in
            // After Hummingbird's handlers: parse errors reach this one.
            try channel.pipeline.syncOperations.addHandler(ParseErrorCatcher())
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

/// The numbers behind `GuardedChannel`, and the count of open connections.
final class ConnectionLimits: Sendable {
    let maximumConnections: Int
    let headTimeout: TimeAmount
    let stallTimeout: TimeAmount
    let open = Mutex(0)

    init(maximumConnections: Int = 256, headTimeout: TimeAmount = .seconds(10), stallTimeout: TimeAmount = .seconds(15)) {
        self.maximumConnections = maximumConnections
        self.headTimeout = headTimeout
        self.stallTimeout = stallTimeout
    }
}

/// First in the pipeline (raw bytes): counts the connection, times its first request head,
/// and writes the plain answers of `GuardedChannel` (below the HTTP encoder, so they go out
/// whatever state HTTP is in).
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let limits: ConnectionLimits
    private var counted = false
    private var headArrived = false
    /// Whether the bytes so far end with a line feed (and carriage returns): the head ends at
    /// the next one ("\r\n\r\n", or the "\n\n" the parser also takes).
    private var atLineStart = false
    /// The head's current line while it may still be an `Upgrade` header (its first bytes),
    /// and the protocol such a header asked for when it is not WebSocket.
    private var line: [UInt8] = []
    private var foreignUpgrade: String?
    /// Whether the next line may be a request line (the connection's first, or the first after
    /// a blank line, which ends a head), and what request lines asked for, in every request
    /// of the connection: a tunnel (`CONNECT`, which the server library answered with a 404
    /// without a length, leaving the connection hanging, or not at all when pipelined), or
    /// HTTP/1.0 (answered, then the connection stayed open until the idle timeout). A body's
    /// first line is taken for a request line too; a JSON body never starts with a method.
    /// Not seen: a request pipelined straight after a body in the same packet (no line end
    /// between them).
    private var requestLineNext = true, tunnelAsked = false
    /// The first request's method (a WebSocket upgrade must be a GET; a refusal of a HEAD has
    /// no body).
    private var firstMethod: String?
    /// Whether the connection became a WebSocket (its answer was a 101): from then on the bytes
    /// are frames, not requests, and are not scanned (a frame holding "CONNECT " after a blank
    /// line closed a viewer).
    private var upgraded = false
    /// Whether a request of this connection was HTTP/1.0: its answer closes the connection
    /// (`ClosingResponses`), as HTTP/1.0 without keep-alive expects.
    private(set) var sawHTTP10 = false
    /// A WebSocket upgrade was asked for, and whether it named its key and version 13.
    private var webSocketUpgrade = false, webSocketKey = false, webSocketVersion = false
    // A scheduled task holds its closure, and the closure holds this handler and its context
    // (the whole channel): a timer kept after it is cancelled or has run makes a reference
    // cycle through the handler. So each is dropped (set to nil) as soon as it is cancelled or
    // has run.
    private var timer: Scheduled<Void>?
    private var stallTimer: Scheduled<Void>?
    private var answered = false

    init(limits: ConnectionLimits) { self.limits = limits }

    func channelActive(context: ChannelHandlerContext) {
        let admitted = limits.open.withLock { open -> Bool in
            guard open < limits.maximumConnections else { return false }
            open += 1
            return true
        }
        guard admitted else {
            answer(context, status: "503 Service Unavailable",
                   message: "too many connections (at most \(limits.maximumConnections) at once)")
            return
        }
        counted = true
        // A small kernel send buffer, so a peer that stops reading makes the channel unwritable
        // within seconds (the stall timeout then closes it): on loopback the kernel grew it
        // toward 4 MB, and a stalled viewer of a quiet scene (20 KB/s of frames) held its place
        // for minutes.
        _ = context.channel.setOption(ChannelOptions.socketOption(.so_sndbuf), value: 128 * 1024)
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(in: limits.headTimeout) {
            let (handler, context) = loopBound.value
            handler.timer = nil
            guard !handler.headArrived else { return }
            handler.answer(context, status: "408 Request Timeout",
                           message: "the request did not arrive within \(handler.limits.headTimeout.nanoseconds / 1_000_000_000) s")
        }
        context.fireChannelActive()
    }

    /// A channel that stays unwritable (the peer reads nothing) for `stallTimeout` is closed;
    /// its pending writes then fail, which ends the handler that waits on them.
    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            stallTimer?.cancel()
            stallTimer = nil
        } else if stallTimer == nil {
            let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            stallTimer = context.eventLoop.scheduleTask(in: limits.stallTimeout) {
                let (handler, context) = loopBound.value
                handler.stallTimer = nil
                if !context.channel.isWritable { context.close(promise: nil) }
            }
        }
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        stallTimer?.cancel()
        timer = nil
        stallTimer = nil
        if counted {
            counted = false
            limits.open.withLock { $0 -= 1 }
        }
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if answered { return } // the connection is closing: nothing more goes to HTTP
        if upgraded {
            context.fireChannelRead(data)
            return
        }
        for b in unwrapInboundIn(data).readableBytesView {
            if b == 10 {
                if atLineStart {
                    // A blank line ends a head.
                    if !headArrived { headArrived = true; timer?.cancel(); timer = nil }
                    requestLineNext = true
                } else {
                    finishLine()
                }
                atLineStart = true
                line.removeAll(keepingCapacity: true)
            } else if b != 13 {
                atLineStart = false
                if line.count < 128 { line.append(b) }
            }
        }
        if tunnelAsked {
            answer(context, status: "405 Method Not Allowed", message: LiveRoutes.connectRefusal)
            return
        }
        if headArrived, webSocketUpgrade, let method = firstMethod, method != "GET" {
            // The WebSocket library upgraded a HEAD and streamed frames to it.
            webSocketUpgrade = false
            answer(context, status: "400 Bad Request", message: "a WebSocket upgrade is a GET, not \(method)")
            return
        }
        context.fireChannelRead(data)
        // A request that asks to upgrade to anything but WebSocket (`Upgrade: h2c` from
        // `curl --http2`) got no answer at all from the server library: answered here.
        if headArrived, let upgrade = foreignUpgrade {
            foreignUpgrade = nil
            answer(context, status: "400 Bad Request",
                   message: "cannot upgrade to \(upgrade): this server upgrades only to websocket, at /live")
        } else if headArrived, webSocketUpgrade, !(webSocketKey && webSocketVersion) {
            // The WebSocket library closed these without a word.
            webSocketUpgrade = false
            answer(context, status: "400 Bad Request",
                   message: "a WebSocket upgrade needs a Sec-WebSocket-Key and Sec-WebSocket-Version: 13")
        }
    }

    /// Notes the answer that switches the connection to WebSocket.
    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if !upgraded {
            let bytes = unwrapOutboundIn(data).readableBytesView
            if bytes.starts(with: "HTTP/1.1 101 ".utf8) { upgraded = true }
        }
        context.write(data, promise: promise)
    }

    /// A line ended (`line` holds its first 128 bytes): a request line's method and version,
    /// or a header of the first request.
    private func finishLine() {
        if requestLineNext {
            requestLineNext = false
            if line.starts(with: "CONNECT ".utf8) { tunnelAsked = true }
            if line.count < 128 && line.count > 9 && line.suffix(9).elementsEqual(" HTTP/1.0".utf8) { sawHTTP10 = true }
            if firstMethod == nil { firstMethod = String(decoding: line.prefix { $0 != 32 }.prefix(16), as: UTF8.self) }
        } else if !headArrived {
            checkUpgrade()
        }
    }

    /// Notes a finished head line that is an `Upgrade` header naming another protocol.
    private func checkUpgrade() {
        guard line.count >= 8 else { return }
        let text = String(decoding: line, as: UTF8.self), lower = text.lowercased()
        if lower.hasPrefix("sec-websocket-key:") { webSocketKey = true; return }
        if lower.hasPrefix("sec-websocket-version:") {
            webSocketVersion = lower.dropFirst(22).trimmingCharacters(in: .whitespaces) == "13"
            return
        }
        guard lower.hasPrefix("upgrade:") else { return }
        let value = text.dropFirst(8).trimmingCharacters(in: .whitespaces)
        if value.lowercased() != "websocket" { foreignUpgrade = String(value.prefix(40)) } else { webSocketUpgrade = true }
    }

    /// The guard of the connection `context` belongs to (for the handlers Hummingbird runs
    /// after it), with its own context.
    static func of(_ context: ChannelHandlerContext) -> (handler: ConnectionGuard, context: ChannelHandlerContext)? {
        guard let guardContext = try? context.pipeline.syncOperations.context(handlerType: ConnectionGuard.self),
              let handler = guardContext.handler as? ConnectionGuard else { return nil }
        return (handler, guardContext)
    }

    /// Writes a complete plain answer and closes the connection.
    func answer(_ context: ChannelHandlerContext, status: String, message: String) {
        guard !answered else { return }
        answered = true
        timer?.cancel()
        timer = nil
        let body = LiveRoutes.encode(LiveRoutes.ErrorBody(error: message))
        // The answer to a HEAD has the length of its body, not the body.
        let text = "HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(firstMethod == "HEAD" ? "" : body)"
        // The channel (Sendable) closes once the answer is written; the context may not be
        // captured by the completion, which can run off this handler's turn.
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(channel.allocator.buffer(string: text))).whenComplete { _ in
            channel.close(promise: nil)
        }
    }
}

/// Last in the pipeline: an error HTTP parsing raised (Hummingbird installs no handler that
/// answers them) is answered 400 by the connection's guard.
final class ParseErrorCatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // NIO's HTTPParserError, by name: this module does not depend on NIOHTTP1 itself.
        guard "\(type(of: error))" == "HTTPParserError" else {
            context.fireErrorCaught(error)
            return
        }
        if let connection = ConnectionGuard.of(context) {
            connection.handler.answer(connection.context, status: "400 Bad Request", message: "malformed HTTP request: \(error)")
        } else {
            context.close(promise: nil)
        }
    }
}

/// Among Hummingbird's HTTP handlers (after the codec): once a response whose head says
/// `Connection: close` has been written, closes the connection.
///
/// Hummingbird closes a connection only when the *request* asks for it; after any other
/// answer it reads the rest of the request's body, however long that takes, before it reads
/// the next request. So a refusal sent before the body was read (a 404, 405 or 413, a GET
/// with a body) kept its connection open while a client trickled the body a byte every few
/// seconds, and 256 such clients took every place (everyone else got 503). The routes mark
/// those answers `Connection: close` (`LiveRoutes.json(_:_:closing:)`, `ErrorBodies`); this
/// handler makes the header true. The unread rest of the body is dropped with the
/// connection, so the peer may see a reset after the answer rather than a clean end.
final class ClosingResponses: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var closing = false

    /// Whether the connection's guard saw an HTTP/1.0 request (the HTTP types here carry no
    /// version): its answer closes the connection.
    private func requestWasHTTP10(_ context: ChannelHandlerContext) -> Bool {
        ConnectionGuard.of(context)?.handler.sawHTTP10 ?? false
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status.kind != .informational:
            closing = head.headerFields[.connection]?.lowercased() == "close" || requestWasHTTP10(context)
        case .end where closing:
            // Flushed first: the answer goes out whole, then the connection closes.
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            let written = context.writeAndFlush(data)
            written.whenComplete { _ in loopBound.value.close(promise: nil) }
            written.cascade(to: promise)
            return
        default:
            break
        }
        context.write(data, promise: promise)
    }
}
