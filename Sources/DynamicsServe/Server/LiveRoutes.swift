import Dynamics
import DynamicsLua
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import NIOWebSocket
import Synchronization

/// The viewer's routes: the page, the JSON endpoints and the `/live` WebSocket.
enum LiveRoutes {
    static func add(to router: Router<BasicWebSocketRequestContext>, session: LiveSession, assets: PageAssets,
                    hosts: HostNames) {
        router.add(middleware: ErrorBodies())
        router.add(middleware: hosts)
        router.add(middleware: RequestRules(session: session))
        router.get("/") { _, _ in asset(assets["index.html"]) }
        router.get("/index.html") { _, _ in asset(assets["index.html"]) }
        router.get("/assets/:name") { _, context in
            asset(context.parameters.get("name").flatMap { assets[$0] })
        }
        router.get("/image/:index") { _, context in
            image(context.parameters.get("index"), session: session)
        }
        router.get("/state") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"],
                     body: .init(byteBuffer: ByteBuffer(string: await session.stateJSON())))
        }
        router.get("/item/**") { request, _ in await itemReply(to: request, session: session) }
        router.get("/spring") { request, _ in springReply(to: request) }
        router.get("/awake") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-cache"],
                     body: .init(byteBuffer: ByteBuffer(string: await session.awakeJSON())))
        }
        for kind in ["pointer", "param", "control", "speed", "record", "edit", "timeline"] {
            router.post(RouterPath(stringLiteral: "/\(kind)")) { request, _ in
                if let refusal = crossSiteRefusal(request) { return refusal }
                let body: ByteBuffer
                switch await collectBody(of: request) {
                case .body(let b): body = b
                case .tooLarge:
                    return json(.contentTooLarge, error: "request body too large (at most 64 KB)", closing: true)
                case .late:
                    return json(.requestTimeout, error: "the request body did not arrive within \(Int(bodySeconds)) s", closing: true)
                }
                do {
                    let command = try Command.parse(kind, body: Data(body.readableBytesView))
                    return json(.ok, try await session.perform(command))
                } catch let error as CommandError {
                    return json(.badRequest, error: error.message)
                } catch {
                    return json(.badRequest, error: "\(error)")
                }
            }
        }
        router.ws("/live") { request, _ in
            // Same origin only, and at most Broadcaster.maximumSubscribers viewers at once.
            hosts.refusal(request) == nil && crossSiteRefusal(request) == nil
                && session.broadcaster.count < Broadcaster.maximumSubscribers ? .upgrade([:]) : .dontUpgrade
        } onUpgrade: { inbound, outbound, _ in
            // Places are taken here, atomically: upgrades checked at once can outnumber them.
            guard let (id, frames) = session.broadcaster.subscribe() else {
                try await outbound.close(.policyViolation, reason: "too many viewers (at most \(Broadcaster.maximumSubscribers))")
                return
            }
            defer { session.broadcaster.unsubscribe(id) }
            // Where this viewer's pointer is while it holds it down: a drag it started ends
            // when it goes (it held the item pinned until another viewer pressed).
            let pressed = PressedPointer()
            try await outbound.write(.custom(WebSocketFrame(fin: true, opcode: .text, data: session.sceneMessageBytes)))
            do {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        // The shared bytes of each message (see `Broadcaster`), written as they are.
                        for await message in frames {
                            try await outbound.write(.custom(WebSocketFrame(fin: true, opcode: .text, data: message)))
                        }
                    }
                    group.addTask {
                        for try await message in inbound.messages(maxSize: 1 << 16) {
                            guard case .text(let text) = message else { continue }
                            if let reply = await LiveRoutes.reply(to: text, session: session, viewer: id, pointer: { phase, x, y in
                                pressed.place.withLock { $0 = phase == .began || phase == .moved ? (x, y) : nil }
                            }) {
                                try await outbound.write(.text(reply))
                            }
                        }
                    }
                    // The tab closed (inbound ended) or the server stops: end both tasks.
                    try await group.next()
                    group.cancelAll()
                }
            } catch {
                await cancelPointer(pressed.place.withLock { $0 }, viewer: id, session: session)
                throw error
            }
            await cancelPointer(pressed.place.withLock { $0 }, viewer: id, session: session)
        }
    }

    /// Most seconds a request body may take to arrive: a head arrives within the guard's
    /// limit (`ConnectionLimits.headTimeout`), and a body sent a byte every few seconds held
    /// its connection for good (256 of them locked every viewer out).
    static let bodySeconds = 10.0
    static let bodyLimit = 64 * 1024

    enum CollectedBody { case body(ByteBuffer), tooLarge, late }

    /// The request's body, refused at once when its declared length is over the limit, and
    /// given up when it has not all arrived within `bodySeconds`.
    static func collectBody(of request: Request) async -> CollectedBody {
        if let declared = request.headers[.contentLength], let n = Int(declared), n > bodyLimit { return .tooLarge }
        let body = request.body
        return await withTaskGroup(of: CollectedBody?.self) { group in
            group.addTask {
                do { return .body(try await body.collect(upTo: bodyLimit)) } catch { return Task.isCancelled ? nil : .tooLarge }
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(bodySeconds))
                return Task.isCancelled ? nil : .late
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .late
        }
    }

    /// Whether a request has a body, or says it has one: a `Content-Length` over 0, or any
    /// `Transfer-Encoding` (chunked).
    static func declaresBody(_ request: Request) -> Bool {
        (request.headers[.contentLength].flatMap { Int($0) } ?? 0) > 0 || request.headers[.transferEncoding] != nil
    }

    /// Rules every request meets before its route, with a message (docs/cli.md, "Limits"):
    /// a body declared over 64 KB is a 413 and a GET or HEAD that declares a body a 400, both
    /// at once, before any of the body is read, and both closing the connection. A body
    /// trickled to `GET /` held its connection past every timeout (256 of them locked the
    /// viewer out); reading it first, under the body deadline, still held it 10 s per try,
    /// and the 400 of a body that had all come left the connection open. An upgrade to
    /// `/live` from another site's page is a 403, and one past the viewer limit a 503 (both
    /// were a bare 400).
    struct RequestRules: RouterMiddleware {
        typealias Context = BasicWebSocketRequestContext
        let session: LiveSession

        func handle(_ request: Request, context: Context,
                    next: (Request, Context) async throws -> Response) async throws -> Response {
            if let declared = request.headers[.contentLength], let n = Int(declared), n > LiveRoutes.bodyLimit {
                return json(.contentTooLarge, error: "request body too large (at most 64 KB)", closing: true)
            }
            if (request.method == .get || request.method == .head) && LiveRoutes.declaresBody(request) {
                return json(.badRequest, error: "a \(request.method.rawValue) request has no body", closing: true)
            }
            // The router takes /live/ and //live for /live too.
            if request.uri.path.split(separator: "/", omittingEmptySubsequences: true) == ["live"] {
                if let refusal = crossSiteRefusal(request) { return refusal }
                if session.broadcaster.count >= Broadcaster.maximumSubscribers {
                    return json(.serviceUnavailable, error: "too many viewers (at most \(Broadcaster.maximumSubscribers) at once)")
                }
                // A plain GET (no upgrade asked for) was answered 200 with an empty body. An
                // upgrade goes on to the WebSocket route, which this router also decides.
                if request.headers[.upgrade]?.lowercased() != "websocket" {
                    return json(.upgradeRequired, error: "/live is the viewer's WebSocket: open / in a browser")
                }
            }
            return try await next(request, context)
        }
    }

    /// The message of the 405 a CONNECT gets, from the connection's guard or from here.
    static let connectRefusal = "CONNECT is not served: this server has the viewer's pages, endpoints and WebSocket, no tunnels"

    /// The method each path answers (for the 405 of another method).
    static func allowedMethod(for path: String) -> String? {
        switch path {
        case "/", "/index.html", "/state", "/awake", "/live", "/spring": return "GET"
        case "/pointer", "/param", "/control", "/speed", "/record", "/edit", "/timeline": return "POST"
        default: return path.hasPrefix("/assets/") || path.hasPrefix("/item/") || path.hasPrefix("/image/") ? "GET" : nil
        }
    }

    /// Errors Hummingbird answers itself (no route, a route's other method) with a message,
    /// like every other refusal of the viewer: `{"error": "..."}`. Outermost of the
    /// middleware, it also closes the connection after any refusal (4xx, 5xx) of a request
    /// that has or declares a body: that body may not have been read (a 404, a 405, a 403
    /// answer before it), and Hummingbird would wait for all of it before the next request,
    /// however slowly it comes (256 clients trickling bodies to `POST /nope` took
    /// every connection). `ClosingResponses` carries the `Connection: close` out.
    struct ErrorBodies: RouterMiddleware {
        typealias Context = BasicWebSocketRequestContext
        func handle(_ request: Request, context: Context,
                    next: (Request, Context) async throws -> Response) async throws -> Response {
            // A CONNECT the connection's guard did not see (pipelined straight after a body):
            // refused, and the connection closed (it hung open after a 404 without a length).
            if request.method == .connect {
                return LiveRoutes.json(.methodNotAllowed, error: LiveRoutes.connectRefusal, closing: true)
            }
            var response: Response
            do {
                response = try await next(request, context)
            } catch let error as HTTPError where error.status == .notFound {
                let path = request.uri.path
                // A HEAD is answered as its GET would be (the same status and length).
                let method = request.method == .head ? "GET" : request.method.rawValue
                if let allowed = LiveRoutes.allowedMethod(for: path), method != allowed {
                    response = LiveRoutes.json(.methodNotAllowed, error: "\(method) is not allowed on \(LuaBridge.shown(path)) (use \(allowed))")
                } else {
                    response = LiveRoutes.json(.notFound, error: "no such page or endpoint: \(LuaBridge.shown(path))")
                }
            }
            if response.status.code >= 400 && LiveRoutes.declaresBody(request) {
                response.headers[.connection] = "close"
            }
            return response
        }
    }

    /// The answer to one WebSocket message `{"type": ..., ...}` (nil: none needed).
    /// Where a viewer's pointer is pressed (nil: not pressed).
    final class PressedPointer: Sendable {
        let place = Mutex<(x: Double, y: Double)?>(nil)
    }

    /// A pointer still pressed when its viewer went: cancelled (no fling).
    static func cancelPointer(_ at: (x: Double, y: Double)?, viewer: UUID, session: LiveSession) async {
        guard let at else { return }
        await session.viewerLeft(viewer, at: at.x, at.y)
    }

    /// `pointer` is told the phase and place of each pointer event applied.
    static func reply(to text: String, session: LiveSession, viewer: UUID? = nil,
                      pointer: (PointerPhase, Double, Double) -> Void = { _, _, _ in }) async -> String? {
        do {
            let command: Command
            switch try ViewerMessage.parse(text) {
            case .scene: return session.sceneMessage
            case .command(let c): command = c
            }
            var result = try await session.perform(command, viewer: viewer)
            if case let .pointer(phase, x, y) = command { pointer(phase, x, y) }
            let kind: String
            switch command {
            case .record, .control(.record), .control(.stopRecording): kind = "record"
            case .timeline: kind = "timeline"
            default: return nil
            }
            result.type = "reply"
            result.for = kind
            return encode(result)
        } catch {
            return encode(ViewerError(message: error.message))
        }
    }

    /// The names the viewer answers to in a request's `Host` header. Another page's script
    /// can reach a viewer on this machine under a name of its own that it re-points at
    /// 127.0.0.1 (DNS rebinding): the browser then calls it same-origin, and the `Origin`
    /// check alone let such a page drive the scene and save tests. A viewer on a loopback
    /// address answers only to loopback names; one on another address also to that address;
    /// one on every address (0.0.0.0, ::) to any name, as its warning says.
    struct HostNames: RouterMiddleware {
        typealias Context = BasicWebSocketRequestContext
        /// Lowercased host names (IPv6 in brackets); nil: any.
        let allowed: Set<String>?

        init(serving host: String) {
            let h = host.lowercased()
            if h == "0.0.0.0" || h == "::" || h == "[::]" { allowed = nil; return }
            var names: Set<String> = ["localhost", "127.0.0.1", "[::1]"]
            names.insert(h.contains(":") && !h.hasPrefix("[") ? "[\(h)]" : h)
            allowed = names
        }

        /// The host part of a `Host` header: `name`, `1.2.3.4` or `[v6]`, without the port.
        /// Anything after the name other than `:` and a decimal port makes the whole header
        /// the name (which then matches nothing): `[::1]x`, `127.0.0.1:1@evil`.
        static func name(ofAuthority authority: String) -> String {
            let a = authority.lowercased()
            var name = Substring(a), rest = Substring("")
            if a.hasPrefix("[") {
                guard let end = a.firstIndex(of: "]") else { return a }
                name = a[...end]; rest = a[a.index(after: end)...]
            } else if let colon = a.lastIndex(of: ":") {
                name = a[..<colon]; rest = a[colon...]
            }
            if rest.isEmpty { return String(name) }
            let port = rest.dropFirst()
            guard rest.first == ":", !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return a }
            return String(name)
        }

        /// A dotted IPv4 address in 127.0.0.0/8: four decimal numbers of 0…255, the first
        /// 127 (not any name that starts with "127.": `127.0.0.1.attacker.test` resolves
        /// wherever its owner wants).
        static func isLoopbackIPv4(_ name: String) -> Bool {
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 4, parts[0] == "127" else { return false }
            return parts.allSatisfy { $0.count >= 1 && $0.count <= 3 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) && (Int($0) ?? 256) <= 255 }
        }

        func refusal(_ request: Request) -> Response? {
            guard let allowed else { return nil }
            // One Host, always (RFC 9112 §3.2: a 400 otherwise). The conversion to HTTP types
            // makes the first Host the authority and leaves any other among the fields, where
            // it went unchecked (Host: 127.0.0.1, then Host: evil.com, was answered).
            guard let authority = request.head.authority else {
                return LiveRoutes.json(.badRequest, error: "the request names no host (a Host header is required)")
            }
            if let host = HTTPField.Name("Host"), !request.headers[values: host].isEmpty {
                return LiveRoutes.json(.badRequest, error: "the request names its host more than once")
            }
            let name = HostNames.name(ofAuthority: authority)
            if allowed.contains(name) || (HostNames.isLoopbackIPv4(name) && allowed.contains("127.0.0.1")) { return nil }
            return LiveRoutes.json(.forbidden, error: "request for host '\(LuaBridge.shown(name))' refused: this viewer answers to \(allowed.sorted().joined(separator: ", "))")
        }

        func handle(_ request: Request, context: Context,
                    next: (Request, Context) async throws -> Response) async throws -> Response {
            if let refusal = refusal(request) { return refusal }
            return try await next(request, context)
        }
    }

    /// A refusal (403) when a browser sends the request from another site's page: the
    /// `Origin` must be this server's own (requests without one, from tools, are allowed).
    static func crossSiteRefusal(_ request: Request) -> Response? {
        guard let origin = request.headers[.origin] else { return nil }
        let host = request.head.authority ?? ""
        if origin == "http://\(host)" { return nil }
        return json(.forbidden, error: "cross-origin request refused (Origin \(origin))")
    }

    static func asset(_ asset: PageAssets.Asset?) -> Response {
        guard let asset else { return json(.notFound, error: "not found") }
        // Never inside another site's frame: a page there could be clickjacked into "Save as
        // test" or "Restart".
        var headers: HTTPFields = [.contentType: asset.contentType, .cacheControl: "no-cache"]
        headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        headers[.contentSecurityPolicy] = "frame-ancestors 'none'"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: asset.data)))
    }

    /// `GET /image/N`: picture N of the scene's styles (`LiveSession.image(_:)`), N a decimal
    /// index of at most 4 digits; anything else is a 404 naming the index. The picture is sent
    /// with its kind's MIME type, `nosniff`, and a policy that runs no script and loads
    /// nothing even when an SVG picture is opened on its own.
    static func image(_ text: String?, session: LiveSession) -> Response {
        guard let text, !text.isEmpty, text.count <= 4, text.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(text) else {
            return json(.notFound, error: "image: expected an index 0…\(ItemImage.maximumPerScene - 1), got \(LuaBridge.shown(String((text ?? "").prefix(32))))")
        }
        guard let picture = session.image(n) else {
            return json(.notFound, error: "image: the scene shows no image \(n)")
        }
        var headers: HTTPFields = [.contentType: picture.kind.mimeType, .cacheControl: "no-cache"]
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        headers[.contentSecurityPolicy] = "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(data: picture.data)))
    }

    /// The body of a refused request: `{"error": message}`.
    struct ErrorBody: Encodable {
        var error: String
    }

    /// A WebSocket message the viewer could not take: `{"type": "error", "message": ...}`.
    struct ViewerError: Encodable {
        var type = "error"
        var message: String
    }

    /// A reply or an error as JSON, keys sorted.
    static func encode(_ reply: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(reply)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// A JSON answer; `closing` asks for the connection to be closed after it (a body that
    /// was refused or is late is not read to its end).
    static func json(_ status: HTTPResponse.Status, error: String, closing: Bool = false) -> Response {
        json(status, text: encode(ErrorBody(error: error)), closing: closing)
    }

    static func json(_ status: HTTPResponse.Status, _ reply: CommandReply) -> Response {
        json(status, text: encode(reply), closing: false)
    }

    private static func json(_ status: HTTPResponse.Status, text: String, closing: Bool) -> Response {
        var headers: HTTPFields = [.contentType: "application/json"]
        if closing { headers[.connection] = "close" }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
