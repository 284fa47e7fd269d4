import Dynamics
@testable import DynamicsLua
@testable import DynamicsServe
import DynamicsRender
import DynamicsTestSupport
import Foundation
import Testing

/// A styled scene with a picture beside it and a slider that restyles the card.
let styledScene = """
local dyn = require "dynamics"
local a = dyn.animator{ bounds = {0, 0, 400, 400} }
local card = dyn.item{ name = "card", center = {200, 120}, size = {200, 80}, style = {
  fill = "#ffffff", cornerRadius = 500, text = "Hello there, styled world", font = "20px bold",
  shadow = true } }
local badge = dyn.item{ name = "badge", center = {100, 300}, size = {40, 40}, shape = "ellipse",
  style = { image = "badge.svg", opacity = 0.5 } }
local plain = dyn.item{ name = "plain", center = {300, 300}, size = {30, 30} }
a:addBehavior(dyn.itemBehavior{ items = {card, badge, plain} })
return { animator = a, params = {
  blue = { value = 0, min = 0, max = 1, step = 1, apply = function(v)
    card.style = { fill = v > 0 and "#0a84ff" or "#ffffff" }
  end },
} }
"""

let badgeSVG = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><circle cx="2" cy="2" r="2" fill="#f3a712"/></svg>"##

func styledSceneFile() throws -> String {
    let path = try sceneFile("styled.lua", styledScene)
    try badgeSVG.write(toFile: (path as NSString).deletingLastPathComponent + "/badge.svg", atomically: true, encoding: .utf8)
    return path
}

@Suite("dynamics serve: styled items", .serialized)
struct StyleServeTests {
    @Test("The scene message carries each style as the page draws it; a restyle sends a new one")
    func sceneMessage() async throws {
        let session = await LiveSession(scenePath: try styledSceneFile(), limits: LuaLimits())
        let message = try JSONValue(parsing: Data(session.sceneMessage.utf8))
        let items = try #require(message["items"]?.array)
        #expect(items.map { $0["name"]?.string } == ["card", "badge", "plain"])
        let card = try #require(items[0]["style"])
        #expect(card["fill"]?.string == "#ffffffff")
        #expect(card["cornerRadius"]?.double == 40)   // half the shorter side
        #expect(card["fontWeight"]?.double == 700 && card["fontSize"]?.double == 20)
        #expect(card["shadow"]?["radius"]?.double == 6 && card["shadow"]?["color"]?.string == "#00000040")
        // The text arrives broken into lines, the same StyleText gives SVG output.
        let lines = try #require(card["lines"]?.array).compactMap(\.string)
        let style = ItemStyle(text: "Hello there, styled world", font: ItemFont(size: 20, weight: 700))
        #expect(lines == StyleText.lines(of: style, width: 200) && lines.count >= 2)
        #expect(card["baselines"]?.array?.count == lines.count)
        let badge = try #require(items[1]["style"])
        #expect(badge["image"]?.double == 0 && badge["opacity"]?.double == 0.5 && badge["cornerRadius"]?.double == 0)
        #expect(items[2]["style"]?.isNull ?? true)
        #expect(session.image(0)?.data == Data(badgeSVG.utf8) && session.image(0)?.kind == .svg)
        #expect(session.image(1) == nil && session.image(-1) == nil)

        let generation = try #require(message["generation"]?.double)
        try await session.perform(.param(name: "blue", value: 1))
        try await session.perform(.control(.step))
        let after = try JSONValue(parsing: Data(session.sceneMessage.utf8))
        #expect((after["generation"]?.double ?? 0) > generation)
        #expect(after["items"]?[0]?["style"]?["fill"]?.string == "#0a84ffff")
        session.stop()
    }

    @Test("GET /image/N serves only the scene's pictures, as what they are, and refuses the rest")
    func imageRoute() throws {
        let server = try ServerProcess(scene: try styledSceneFile())
        let raw = server.exchange("GET /image/0 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").reply
        #expect(raw.hasPrefix("HTTP/1.1 200"))
        let head = raw.lowercased()
        #expect(head.contains("content-type: image/svg+xml"))
        #expect(head.contains("x-content-type-options: nosniff"))
        #expect(head.contains("content-security-policy: default-src 'none'; style-src 'unsafe-inline'; sandbox"))
        #expect(raw.hasSuffix(badgeSVG))
        for path in ["/image/1", "/image/-1", "/image/abc", "/image/00000", "/image/1e3", "/image/%2e%2e%2fstyled.lua",
                     "/image/" + String(repeating: "9", count: 5000)] {
            let r = try server.request(path)
            #expect(r.status == 404 && r.json?["error"]?.string?.isEmpty == false, "\(path.prefix(40)): \(r.status) \(r.text.prefix(80))")
        }
        let post = try server.request("/image/0", method: "POST", body: "{}")
        #expect(post.status == 405 && post.json?["error"]?.string?.contains("use GET") == true, "\(post.text)")
        #expect(try server.request("/styled.lua").status == 404)
        #expect(try server.request("/badge.svg").status == 404)
        #expect(try server.request("/state").status == 200)
    }
}
