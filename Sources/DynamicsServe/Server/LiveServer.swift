import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import Synchronization

/// The live viewer's HTTP server (docs/cli.md, `dynamics serve`), on Hummingbird with its WebSocket module:
///
/// - `GET /` and `GET /assets/NAME`: the page, from the package's resources (only those files);
/// - `GET /live`: the WebSocket of frames (and of the page's pointer, slider and control
///   messages), refused when the `Origin` is another site's;
/// - `GET /state`, `POST /pointer`, `POST /param`, `POST /control` (and `/speed`, `/record`):
///   JSON for tools and tests; a bad request is a 400 with `{"error": "..."}`.
public struct LiveServer: Sendable {
    public let session: LiveSession
    public let host: String
    public let port: Int

    public init(session: LiveSession, host: String = "127.0.0.1", port: Int = 8420) {
        self.session = session
        self.host = host
        self.port = port
    }

    /// How long a kept-alive HTTP connection may sit between requests before it is closed
    /// (WebSocket viewers are not affected).
    static let idleTimeout: TimeAmount = .seconds(30)

    /// Whether `host` is a loopback address (the default; anything else is reachable from the
    /// network and deserves a warning).
    public static func isLoopback(_ host: String) -> Bool {
        host == "127.0.0.1" || host == "::1" || host == "localhost" || host.hasPrefix("127.")
    }

    /// The address to print for `host`: an IPv6 address in brackets (`[::1]`).
    public static func urlHost(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }

    /// Runs until SIGINT or SIGTERM; `onRunning` gets the bound port (useful with port 0).
    public func run(onRunning: @escaping @Sendable (Int) -> Void) async throws {
        // HEAD wherever GET works (RFC 9110 §9.3.2): the GET's status and headers, no body.
        let router = Router(context: BasicWebSocketRequestContext.self, options: .autoGenerateHeadEndpoints)
        let assets = try PageAssets.load()
        let session = self.session
        LiveRoutes.add(to: router, session: session, assets: assets, hosts: LiveRoutes.HostNames(serving: host))
        // Only critical messages from the server library: at .error it printed a line for every
        // malformed upgrade a client sent ("Error handling upgrade result", 2000 bad requests,
        // 2000 lines), burying the scene's errors, which the session prints itself. Failures
        // to listen are thrown and told by `serve`.
        var logger = Logger(label: "dynamics-serve")
        logger.logLevel = .critical
        let limits = ConnectionLimits()
        let webSocketResponder = router.buildResponder()
        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(additionalChannelHandlers: [ClosingResponses()], idleTimeout: LiveServer.idleTimeout),
            // No automatic ping. With it, each viewer that came and went left about 1.5 KB held
            // for good (20 000 of them grew the server by 35 MB; heaptrack finds the ping loop's
            // sleeping task among what stays); without it about 0.8 KB, held below this package
            // (the upgrade's logger and request context; docs/cli.md, "Limits"). A viewer that
            // stops reading is closed by the connection guard's stall timeout instead.
            ws: WebSocketServerConfiguration(maxFrameSize: 1 << 16, autoPing: .disabled, validateUTF8: true))
        let server = HTTPServerBuilder { responder in
            GuardedChannel(inner: HTTP1WebSocketUpgradeChannel(responder: responder, webSocketResponder: webSocketResponder,
                                                               configuration: configuration),
                           limits: limits)
        }
        let started = Mutex(false)
        let app = Application(
            router: router,
            server: server,
            configuration: .init(address: .hostname(host, port: port), serverName: "dynamics-serve"),
            onServerRunning: { channel in
                started.withLock { $0 = true }
                onRunning(channel.localAddress?.port ?? 0)
            },
            logger: logger
        )
        session.start()
        defer { session.stop() }
        do {
            try await app.runService()
        } catch let error as IOError where !started.withLock({ $0 }) {
            throw ListenError(host: host, port: port, errno: error.errnoCode)
        } catch is SocketAddressError.UnknownHost where !started.withLock({ $0 }) {
            throw ListenError(host: host, port: port, errno: nil)
        }
    }

    /// The server could not listen on its address (NIO's own text was `bind(descriptor:ptr:bytes:):
    /// Address already in use) (errno: 98)`): says which address and why, in the CLI's words.
    /// Only errors before the server runs are turned into one.
    public struct ListenError: Error, CustomStringConvertible {
        public let host: String
        public let port: Int
        /// The system's error of the bind; nil: the host name did not resolve.
        public let errno: Int32?

        public var description: String {
            guard let errno else { return "cannot listen on \(host): no such host" }
            switch errno {
            case EADDRINUSE:
                return "port \(port) is already in use (try --port 0 for a free one)"
            case EACCES, EPERM:
                return "cannot listen on port \(port): permission denied (ports below 1024 need privileges; try --port 0 for a free one)"
            case EADDRNOTAVAIL:
                return "cannot listen on \(host): it is not an address of this machine"
            default:
                return "cannot listen on \(LiveServer.urlHost(host)):\(port): \(String(cString: strerror(errno)))"
            }
        }
    }
}
