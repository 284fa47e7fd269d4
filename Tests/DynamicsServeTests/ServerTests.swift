import DynamicsTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `dynamics serve` as a subprocess on a free port, stopped (SIGTERM) at the end.
final class ServerProcess {
    let server: RunningSubprocess
    let base: String

    init(scene: String) throws {
        server = try RunningSubprocess(try builtExecutable("dynamics"), ["serve", scene, "--port", "0"])
        let text = server.firstLine()
        guard let range = text.range(of: "http://127.0.0.1:") else {
            throw CommandFailure(message: "no address printed: \(text)")
        }
        base = "http://127.0.0.1:" + text[range.upperBound...].prefix { $0.isNumber }
    }

    struct CommandFailure: Error { var message: String }

    var port: UInt16 { UInt16(base.split(separator: ":").last!)! }

    /// Opens a plain TCP connection to the server (nil if it could not).
    func connect() -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let ok = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if ok != 0 { close(fd); return nil }
        return fd
    }

    /// Sends `bytes` on a fresh connection and reads until the server closes it or `timeout`
    /// seconds pass; returns what came back and whether the server closed the connection.
    func exchange(_ bytes: String, timeout: Double = 5) -> (reply: String, closed: Bool) {
        guard let fd = connect() else { return ("", false) }
        defer { close(fd) }
        _ = bytes.withCString { send(fd, $0, strlen($0), 0) }
        return ServerProcess.readUntilClosed(fd, timeout: timeout)
    }

    /// Reads from `fd` until the server closes it or `timeout` seconds pass; returns what came
    /// back and whether the server closed the connection.
    static func readUntilClosed(_ fd: Int32, timeout: Double) -> (reply: String, closed: Bool) {
        let timeout = max(timeout, 0.001)
        var wait = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var reply = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n == 0 { return (String(decoding: reply, as: UTF8.self), true) }
            // A reset is a close too (the server closed with bytes of ours still unread).
            if n < 0 { return (String(decoding: reply, as: UTF8.self), errno == ECONNRESET) }
            reply.append(contentsOf: buffer[0..<n])
        }
    }

    /// A request without any proxy; returns the status and the JSON body (if any).
    func request(_ path: String, method: String = "GET", body: String? = nil, headers: [String: String] = [:]) throws -> (status: Int, json: JSONValue?, text: String) {
        var request = URLRequest(url: URL(string: base + path)!)
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        for (k, v) in headers { request.setValue(v, forHTTPHeaderField: k) }
        let config = URLSessionConfiguration.ephemeral
        config.connectionProxyDictionary = [:]
        let session = URLSession(configuration: config)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: (Int, Data)?
        session.dataTask(with: request) { data, response, _ in
            result = ((response as? HTTPURLResponse)?.statusCode ?? 0, data ?? Data())
            done.signal()
        }.resume()
        _ = done.wait(timeout: .now() + 10)
        let (status, data) = result ?? (0, Data())
        return (status, try? JSONValue(parsing: data), String(decoding: data, as: UTF8.self))
    }
}

@Suite("dynamics serve: the HTTP endpoints", .serialized)
struct ServerTests {
    @Test("GET /state, POST /pointer, /param, /control; bad requests are 400s and never stop the server")
    func endpoints() throws {
        let server = try ServerProcess(scene: try sceneFile("box.lua", boxScene))
        let state = try server.request("/state")
        #expect(state.status == 200)
        let json = try #require(state.json)
        #expect(json["error"]?.isNull == true && json["running"]?.bool == true && json["time"]?.double != nil)
        let items = try #require(json["items"]?.array)
        #expect(items.map { $0["name"]?.string } == ["box", "ball"])
        #expect((items[1].keys ?? []).isSuperset(of: ["name", "x", "y", "angle", "width", "height", "shape"]))
        #expect(items[1]["shape"]?.string == "ellipse")

        #expect(try server.request("/control", method: "POST", body: #"{"action":"pause"}"#).status == 200)
        #expect(try server.request("/state").json?["running"]?.bool == false)
        let t0 = try server.request("/state").json?["time"]?.double ?? -1
        #expect(try server.request("/control", method: "POST", body: #"{"action":"step"}"#).status == 200)
        let t1 = try server.request("/state").json?["time"]?.double ?? -1
        #expect(abs(t1 - t0 - 1.0 / 60) < 1e-9)
        #expect(try server.request("/param", method: "POST", body: #"{"name":"gravity","value":2.5}"#).status == 200)
        // Press on the box where it is now (the scene ran in real time before the pause).
        let box = try #require(try server.request("/state").json?["items"]?[0])
        let bx = try #require(box["x"]?.double), by = try #require(box["y"]?.double)
        #expect(json["dragging"]?.isNull == true)
        #expect(try server.request("/pointer", method: "POST", body: #"{"phase":"began","x":\#(bx),"y":\#(by)}"#).json?["handled"]?.bool == false)
        #expect(try server.request("/state").json?["dragging"]?.string == "box")
        #expect(try server.request("/pointer", method: "POST", body: #"{"phase":"ended","x":\#(bx),"y":\#(by)}"#).status == 200)
        #expect(try server.request("/state").json?["dragging"]?.isNull == true)
        #expect(try server.request("/control", method: "POST", body: #"{"action":"restart"}"#).status == 200)

        for (path, body) in [("/pointer", "{"), ("/pointer", #"{"phase":"began"}"#), ("/param", #"{"name":"nope","value":1}"#),
                             ("/param", #"{"name":"gravity","value":99}"#), ("/control", #"{"action":"explode"}"#)] {
            let r = try server.request(path, method: "POST", body: body)
            #expect(r.status == 400, "\(path) \(body.prefix(40)): \(r.status)")
            #expect(r.json?["error"]?.string?.isEmpty == false, "\(r.text)")
        }
        // A body over 64 KB: 413, refused from its declared length before any of it is read.
        let large = try server.request("/control", method: "POST", body: String(repeating: "x", count: 100_000))
        #expect(large.status == 413 && large.json?["error"]?.string?.contains("64 KB") == true, "\(large.status) \(large.text)")
        #expect(try server.request("/state").status == 200) // still serving
    }

    @Test("only the page's own files are served; other origins are refused")
    func safety() throws {
        let server = try ServerProcess(scene: try sceneFile("box.lua", boxScene))
        let page = try server.request("/")
        #expect(page.status == 200 && page.text.contains("<canvas"))
        // Never framed by another site (clickjacking "Save as test").
        let head = server.exchange("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n\r\n").reply
        #expect(head.contains("X-Frame-Options: DENY") && head.contains("Content-Security-Policy: frame-ancestors 'none'"), "\(head.prefix(300))")
        // A plain GET of the WebSocket's address says what it is (it was a 200 with no body).
        for path in ["/live", "/live/"] {
            let plain = try server.request(path)
            #expect(plain.status == 426 && plain.json?["error"]?.string?.contains("open / in a browser") == true, "\(path): \(plain.status) \(plain.text)")
        }
        #expect(try server.request("/assets/app.js").text.contains("WebSocket"))
        for path in ["/assets/..%2f..%2fPackage.swift", "/assets/../../Package.swift", "/box.lua", "/assets/", "/etc/passwd"] {
            #expect(try server.request(path).status == 404, "\(path)")
        }
        let crossSite = try server.request("/control", method: "POST", body: #"{"action":"pause"}"#, headers: ["Origin": "http://evil.example"])
        #expect(crossSite.status == 403)
        #expect(try server.request("/state").json?["running"]?.bool == true)
        let upgrade = ["Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                       "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="]
        let refused = try server.request("/live", headers: upgrade.merging(["Origin": "http://evil.example"]) { $1 })
        #expect(refused.status != 101 && refused.status != 0, "\(refused.status)")
    }

    /// DNS rebinding: another site's page under a name it re-points at 127.0.0.1 is
    /// same-origin to the browser (its Origin matches its Host), so only the Host header
    /// gives it away. Such pages saved tests over hand-written ones and drove the scene.
    @Test("Requests naming another host are refused (DNS rebinding); loopback names are served")
    func rebinding() throws {
        let server = try ServerProcess(scene: try sceneFile("box.lua", boxScene))
        let port = server.port
        func raw(_ method: String, _ path: String, host: String, body: String = "", extra: String = "Connection: close\r\n") -> String {
            "\(method) \(path) HTTP/1.1\r\nHost: \(host)\r\nOrigin: http://\(host)\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\(extra)\r\n\(body)"
        }
        for (method, path, body) in [("GET", "/state", ""), ("POST", "/record", #"{"action":"start"}"#), ("POST", "/control", #"{"action":"pause"}"#)] {
            let reply = server.exchange(raw(method, path, host: "attacker.test:\(port)", body: body)).reply
            #expect(reply.hasPrefix("HTTP/1.1 403") && reply.contains("attacker.test"), "\(method) \(path): \(reply.prefix(200))")
        }
        // Names that only look like loopback addresses resolve wherever their owner wants.
        for host in ["127.0.0.1.attacker.test", "127.evil.test", "127.999.0.1", "127.0.0.1 evil", "127.0.0.1:80@evil",
                     "[::1].evil.com", "[::1]x", "localhost:abc"] {
            let reply = server.exchange(raw("GET", "/state", host: "\(host):\(port)")).reply
            #expect(reply.hasPrefix("HTTP/1.1 403") || reply.hasPrefix("HTTP/1.1 400"), "\(host): \(reply.prefix(120))")
        }
        let upgrade = "Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        let ws = server.exchange(raw("GET", "/live", host: "attacker.test:\(port)", extra: upgrade), timeout: 2).reply
        #expect(!ws.hasPrefix("HTTP/1.1 101"), "\(ws.prefix(200))")
        #expect(try server.request("/state").json?["running"]?.bool == true) // not paused
        for host in ["localhost:\(port)", "127.0.0.1:\(port)", "LOCALHOST:\(port)", "127.1.2.3:\(port)"] {
            let reply = server.exchange(raw("GET", "/state", host: host)).reply
            #expect(reply.hasPrefix("HTTP/1.1 200"), "\(host): \(reply.prefix(200))")
        }
        // One Host, always (a second Host went unchecked; none was served).
        let twice = server.exchange(raw("GET", "/state", host: "127.0.0.1:\(port)", extra: "Host: evil.com\r\nConnection: close\r\n")).reply
        #expect(twice.hasPrefix("HTTP/1.1 400") && twice.contains("more than once"), "\(twice.prefix(200))")
        let none = server.exchange("GET /state HTTP/1.1\r\nConnection: close\r\n\r\n").reply
        #expect(none.hasPrefix("HTTP/1.1 400") && none.contains("names no host"), "\(none.prefix(200))")
    }

    @Test("A request HTTP cannot parse is answered 400 with the reason, and the connection closes")
    func malformedRequests() throws {
        let server = try ServerProcess(scene: try sceneFile("box.lua", boxScene))
        for raw in ["GET /state HTTP/9.9\r\nHost: x\r\n\r\n", "FOO /state HTTP/1.1\r\nHost: x\r\n\r\n",
                    "POST /pointer HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
                    "GET /state HTTP/1.1\r\nHost: x\r\na header line without a colon\r\n\r\n",
                    "GET /state HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "y", count: 200_000))\r\n\r\n"] {
            let (reply, closed) = server.exchange(raw)
            #expect(reply.hasPrefix("HTTP/1.1 400"), "\(raw.prefix(40)): \(reply.prefix(80))")
            #expect(reply.contains("malformed HTTP request"), "\(reply)")
            #expect(closed, "\(raw.prefix(40)): left open")
        }
        // An upgrade to anything but WebSocket got no answer at all (curl --http2).
        for upgrade in ["h2c", "foo"] {
            let (reply, closed) = server.exchange("GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: \(upgrade)\r\n\r\n")
            #expect(reply.hasPrefix("HTTP/1.1 400") && reply.contains("cannot upgrade to \(upgrade)"), "\(upgrade): \(reply.prefix(200))")
            #expect(closed)
        }
        // A WebSocket upgrade without its key was closed without a word.
        let (keyless, keylessClosed) = server.exchange("GET /live HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n")
        #expect(keyless.hasPrefix("HTTP/1.1 400") && keyless.contains("Sec-WebSocket-Key"), "\(keyless.prefix(200))")
        #expect(keylessClosed)
        // CONNECT got a 404 without a length, and the connection hung open.
        let (tunnel, tunnelClosed) = server.exchange("CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n")
        #expect(tunnel.hasPrefix("HTTP/1.1 405") && tunnel.contains("CONNECT is not served"), "\(tunnel.prefix(200))")
        #expect(tunnelClosed)
        // A CONNECT later on a kept-alive connection got past a check of the first
        // request only: pipelined it got no answer, in its own packet a 404 without a length,
        // and the connection stayed open 30 s either way.
        let get = "GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", connect = "CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        let (pipelined, pipelinedClosed) = server.exchange(get + connect)
        #expect(pipelined.contains("405 Method Not Allowed") && pipelined.contains("CONNECT is not served") && pipelinedClosed, "\(pipelined.prefix(300))")
        if let fd = server.connect() {
            defer { close(fd) }
            _ = get.withCString { send(fd, $0, strlen($0), 0) }
            usleep(200_000)
            _ = connect.withCString { send(fd, $0, strlen($0), 0) }
            let (later, laterClosed) = ServerProcess.readUntilClosed(fd, timeout: 5)
            #expect(later.contains("405 Method Not Allowed") && later.contains("CONNECT is not served") && laterClosed, "\(later.prefix(300))")
        }
        // An HTTP/1.0 request was answered and its connection left open 30 s.
        let (old, oldClosed) = server.exchange("GET /state HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(old.contains(" 200 ") && oldClosed, "\(old.prefix(200))")
        // A HEAD with WebSocket upgrade headers was upgraded and streamed frames.
        let (headUpgrade, headUpgradeClosed) = server.exchange("HEAD /live HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        // Its refusal has the length of its message and no body.
        #expect(headUpgrade.hasPrefix("HTTP/1.1 400") && headUpgrade.hasSuffix("\r\n\r\n") && !headUpgrade.contains("{") && headUpgradeClosed, "\(headUpgrade.prefix(300))")
        #expect(try server.request("/state").status == 200)
    }

    /// The guard read a WebSocket's frames as requests, and a frame holding
    /// "CONNECT " after a blank line (unmasked, or under a zero mask) closed the viewer.
    @Test("A WebSocket frame that reads like a request is not taken for one")
    func webSocketFramesAreNotRequests() throws {
        let server = try ServerProcess(scene: try sceneFile("box.lua", boxScene))
        let fd = try #require(server.connect())
        defer { close(fd) }
        let upgrade = "GET /live HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
        /// What arrives in `seconds` (frames stream without pause, so no read times out), and
        /// whether the server closed the connection meanwhile.
        func read(for seconds: Double) -> (text: String, closed: Bool) {
            var wait = timeval(tv_sec: 0, tv_usec: 200_000)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
            let deadline = Date().addingTimeInterval(seconds)
            var data = Data(), buffer = [UInt8](repeating: 0, count: 65536)
            while Date() < deadline {
                let n = recv(fd, &buffer, buffer.count, 0)
                if n == 0 { return (String(decoding: data, as: UTF8.self), true) }
                if n < 0 { if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue } else { return (String(decoding: data, as: UTF8.self), true) } }
                data.append(contentsOf: buffer[0..<n])
            }
            return (String(decoding: data, as: UTF8.self), false)
        }
        _ = upgrade.withCString { send(fd, $0, strlen($0), 0) }
        let first = read(for: 2)
        #expect(first.text.hasPrefix("HTTP/1.1 101") && !first.closed, "\(first.text.prefix(120))")
        let payload = Array("{\"type\":\"nope\"}\r\n\r\nCONNECT a:1 HTTP/1.1\r\n\r\n".utf8)
        var frame: [UInt8] = [0x81, 0x80 | UInt8(payload.count), 0, 0, 0, 0] + payload // text, masked with a zero key
        _ = send(fd, &frame, frame.count, 0)
        let after = read(for: 1)
        #expect(!after.closed && !after.text.contains("405 Method Not Allowed") && after.text.contains("\"type\":\"frame\""), "\(after.text.prefix(200))")
    }

    @Test("HEAD answers wherever GET does: the GET's status and length, no body")
    func headRequests() throws {
        // HEAD / and HEAD /state were 405.
        let server = try ServerProcess(scene: try sceneFile("box.lua", boxScene))
        // Pipelined after a GET of the same page: the HEAD's answer must end at its head, or
        // the GET's answer would be read as its body.
        let (pair, _) = server.exchange("HEAD / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let answers = pair.components(separatedBy: "HTTP/1.1 ")
        #expect(answers.count == 3 && answers[1].hasPrefix("200") && answers[1].hasSuffix("\r\n\r\n") && answers[2].hasPrefix("200"),
                "\(pair.prefix(600))")
        func length(_ answer: String) -> String? {
            answer.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                .map { $0.dropFirst(15).trimmingCharacters(in: .whitespaces) }
        }
        if answers.count == 3 {
            #expect(length(answers[1]) != nil && length(answers[1]) == length(answers[2]) && length(answers[1]) != "0")
        }
        #expect(try server.request("/state", method: "HEAD").status == 200)
        #expect(try server.request("/assets/app.js", method: "HEAD").status == 200)
        #expect(try server.request("/nothing", method: "HEAD").status == 404)
        // HEAD of an asset path GET does not serve was a 405, GET's a 404.
        #expect(try server.request("/assets/", method: "HEAD").status == 404)
        #expect(try server.request("/assets/a/b", method: "HEAD").status == 404)
        #expect(try server.request("/pointer", method: "HEAD").status == 405)
    }

    @Test("No route is a 404 and another method a 405, each with a message")
    func routeErrors() throws {
        let server = try ServerProcess(scene: try sceneFile("box.lua", boxScene))
        let missing = try server.request("/nothing/here")
        #expect(missing.status == 404 && missing.json?["error"]?.string?.contains("/nothing/here") == true, "\(missing.text)")
        let put = try server.request("/state", method: "PUT", body: "{}")
        #expect(put.status == 405 && put.json?["error"]?.string?.contains("use GET") == true, "\(put.text)")
        let get = try server.request("/pointer")
        #expect(get.status == 405 && get.json?["error"]?.string?.contains("use POST") == true, "\(get.text)")
    }
}

@Suite("dynamics serve: connections that never finish")
struct ConnectionLimitTests {
    @Test("A connection whose request never arrives is answered 408 and closed (10 s); past 256 connections, 503")
    func stalledConnections() throws {
        let server = try ServerProcess(scene: try sceneFile("box.lua", boxScene))
        // 256 idle connections take every place; the next is refused at once.
        var idle: [Int32] = []
        defer { for fd in idle { close(fd) } }
        for _ in 0..<256 { if let fd = server.connect() { idle.append(fd) } }
        #expect(idle.count == 256)
        let (refused, refusedClosed) = server.exchange("GET /state HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(refused.hasPrefix("HTTP/1.1 503") && refused.contains("too many connections") && refusedClosed, "\(refused.prefix(120))")
        for fd in idle { close(fd) }
        idle = []
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try server.request("/state").status == 200) // the places came back
        // Half a request line, then nothing: answered and closed after the head timeout.
        let (reply, closed) = server.exchange("GET /sta", timeout: 20)
        #expect(reply.hasPrefix("HTTP/1.1 408") && closed, "\(reply.prefix(120))")
        // A whole head, then a body that never comes (a byte every few seconds held
        // the connection for good): answered 408 and closed after LiveRoutes.bodySeconds.
        let (late, lateClosed) = server.exchange("POST /pointer HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{", timeout: 20)
        #expect(late.hasPrefix("HTTP/1.1 408") && late.contains("did not arrive") && lateClosed, "\(late.prefix(160))")
    }

    /// A 404, 405 or 413 was answered at once but Hummingbird went on reading the
    /// request's body, however slowly it came, before it would close or reuse the
    /// connection; 256 clients trickling a byte every 5 s locked everyone out (503). A GET
    /// declaring 60 000 bytes was read for 10 s and then answered 408, and a GET whose short
    /// body had all come got its 400 on a connection left open. Now every refusal of a
    /// request that has or declares a body closes the connection, and a GET or HEAD that
    /// declares one is refused before any of it is read.
    @Test("A refused request with a body closes its connection at once, on every route: no lockout by trickled bodies")
    func refusedBodiesClose() throws {
        let server = try ServerProcess(scene: try sceneFile("box.lua", boxScene))
        let host = "Host: 127.0.0.1\r\n"
        for (raw, status, message) in [
            ("GET / HTTP/1.1\r\n\(host)Content-Length: 60000\r\n\r\nx", "400", "a GET request has no body"),
            ("GET /state HTTP/1.1\r\n\(host)Content-Length: 5\r\n\r\nhello", "400", "a GET request has no body"),
            ("GET / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n1\r\nx\r\n", "400", "a GET request has no body"),
            ("HEAD /state HTTP/1.1\r\n\(host)Content-Length: 1\r\n\r\nx", "400", "Connection: close"), // no body on a HEAD
            ("GET /state HTTP/1.1\r\n\(host)Content-Length: 9000000000\r\n\r\nx", "413", "64 KB"),
            ("POST /nope HTTP/1.1\r\n\(host)Content-Length: 60000\r\n\r\nx", "404", "no such page"),
            ("PUT /state HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n1\r\nx\r\n", "405", "use GET"),
            ("POST /control HTTP/1.1\r\n\(host)Origin: http://evil.example\r\nContent-Length: 600\r\n\r\nx", "403", "cross-origin"),
        ] {
            let started = Date()
            let (reply, closed) = server.exchange(raw, timeout: 5)
            let seconds = Date().timeIntervalSince(started)
            #expect(reply.hasPrefix("HTTP/1.1 \(status)") && reply.contains(message), "\(raw.prefix(40)): \(reply.prefix(200))")
            #expect(closed && seconds < 3, "\(raw.prefix(40)): closed \(closed) after \(seconds) s")
        }
        // A request without a body keeps its connection (a complete POST, then a GET on it).
        let kept = server.exchange("POST /control HTTP/1.1\r\n\(host)Content-Length: 18\r\n\r\n{\"action\":\"pause\"}"
                                   + "GET /state HTTP/1.1\r\n\(host)\r\n", timeout: 2)
        #expect(!kept.closed && kept.reply.components(separatedBy: "HTTP/1.1 200").count == 3, "\(kept.reply.prefix(300))")

        // The attack itself: 256 connections, each refused with a body still to come.
        let heads = ["POST /nope HTTP/1.1\r\n\(host)Content-Length: 60000\r\n\r\nx",
                     "PUT /state HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n1\r\nx\r\n",
                     "GET /state HTTP/1.1\r\n\(host)Content-Length: 9000000000\r\n\r\n"]
        var open: [Int32] = []
        defer { for fd in open { close(fd) } }
        for i in 0..<256 {
            guard let fd = server.connect() else { break }
            open.append(fd)
            _ = heads[i % heads.count].withCString { send(fd, $0, strlen($0), 0) }
        }
        #expect(open.count == 256)
        // One deadline for all of them: with the connections held, the first read used it up.
        let deadline = Date().addingTimeInterval(10)
        var stillOpen = 0
        for fd in open where !ServerProcess.readUntilClosed(fd, timeout: deadline.timeIntervalSinceNow).closed { stillOpen += 1 }
        #expect(stillOpen == 0, "\(stillOpen) of 256 refused connections still open")
        #expect(try server.request("/state").status == 200) // not locked out
    }
}
