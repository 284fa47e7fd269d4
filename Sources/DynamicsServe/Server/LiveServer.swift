import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

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
        let router = Router(context: BasicWebSocketRequestContext.self)
        let assets = try PageAssets.load()
        let session = self.session
        LiveRoutes.add(to: router, session: session, assets: assets, hosts: LiveRoutes.HostNames(serving: host))
        var logger = Logger(label: "dynamics-serve")
        logger.logLevel = .error
        let limits = ConnectionLimits()
        let webSocketResponder = router.buildResponder()
        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(additionalChannelHandlers: [ClosingResponses()], idleTimeout: LiveServer.idleTimeout),
            ws: WebSocketServerConfiguration(maxFrameSize: 1 << 16, validateUTF8: true))
        let server = HTTPServerBuilder { responder in
            GuardedChannel(inner: HTTP1WebSocketUpgradeChannel(responder: responder, webSocketResponder: webSocketResponder,
                                                               configuration: configuration),
                           limits: limits)
        }
        let app = Application(
            router: router,
            server: server,
            configuration: .init(address: .hostname(host, port: port), serverName: "dynamics-serve"),
            onServerRunning: { channel in onRunning(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        session.start()
        defer { session.stop() }
        try await app.runService()
    }
}
