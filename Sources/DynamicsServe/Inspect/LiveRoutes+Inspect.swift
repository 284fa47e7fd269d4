import Dynamics
import DynamicsLua
import Foundation
import Hummingbird
import NIOCore

/// The inspector's and the spring curve's routes (docs/cli.md, `dynamics serve`):
/// `GET /item/NAME` and `GET /spring?…`; `POST /edit` is a command like `/param`.
extension LiveRoutes {
    /// `GET /item/NAME`: the item's inspection as JSON, 404 (JSON) for a name no item has,
    /// 400 for a name that is not valid percent-encoding, is empty or too long, or holds a
    /// control character. The name is everything after `/item/`, percent-decoded (a `/` in
    /// a name is `%2F`).
    static func itemReply(to request: Request, session: LiveSession) async -> Response {
        let raw = request.uri.path.dropFirst("/item/".count)
        guard raw.utf8.count <= 3 * Command.longestItemName else {
            return json(.badRequest, error: "item: an item's name is at most \(Command.longestItemName) bytes")
        }
        guard let name = String(raw).removingPercentEncoding else {
            return json(.badRequest, error: "item: the name is not valid percent-encoding (UTF-8 bytes as %XX)")
        }
        do {
            try Command.checkItemName(name, field: "item")
        } catch {
            return json(.badRequest, error: error.message)
        }
        guard let inspection = await session.inspection(of: name) else {
            return json(.notFound, error: "item: no item named \"\(LuaBridge.shown(name))\"")
        }
        return Response(status: .ok, headers: [.contentType: "application/json"],
                        body: .init(byteBuffer: ByteBuffer(string: encode(inspection))))
    }

    /// Longest query `GET /spring` reads, in bytes.
    static let longestSpringQuery = 512

    /// `GET /spring?frequency=F&damping=Z` or `?response=R&dampingFraction=Z`: the step
    /// response (`SpringCurve`), or 400 naming the key at fault.
    static func springReply(to request: Request) -> Response {
        let query = request.uri.query ?? ""
        guard query.utf8.count <= longestSpringQuery else {
            return json(.badRequest, error: "spring: the query is at most \(longestSpringQuery) bytes")
        }
        var pairs: [(String, String)] = []
        for part in query.split(separator: "&", omittingEmptySubsequences: true) {
            let kv = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let key = String(kv[0]).removingPercentEncoding,
                  let value = String(kv.count > 1 ? kv[1] : "").removingPercentEncoding else {
                return json(.badRequest, error: "spring: the query is not valid percent-encoding")
            }
            pairs.append((key, value))
        }
        do {
            let curve = try SpringCurve.parse(pairs)
            return Response(status: .ok, headers: [.contentType: "application/json"],
                            body: .init(byteBuffer: ByteBuffer(string: encode(curve))))
        } catch {
            return json(.badRequest, error: error.message)
        }
    }
}
