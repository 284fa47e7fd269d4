import Dynamics
import Foundation
import Testing

/// `ItemStyle`: parsing and checking in one place (`ItemStyle(parsing:)`), colors, fonts, and
/// pictures read only from a scene's folder (`ItemImage`).
@Suite("Item styles")
struct ItemStyleTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])

    func parse(_ fields: [String: StyleValue], images: ((String) throws -> ItemImage)? = nil) throws -> ItemStyle {
        try ItemStyle(parsing: fields, owner: "item", loadImage: images)
    }

    /// The error `fields` raise: its property and message.
    func refusal(_ fields: [String: StyleValue]) -> DynamicsError? {
        do { _ = try parse(fields); return nil } catch let e as DynamicsError { return e } catch { return nil }
    }

    @Test("CSS colors: #rgb, #rgba, #rrggbb, #rrggbbaa, names, and {r, g, b, a}")
    func colors() throws {
        #expect(StyleColor(css: "#f00") == StyleColor(red: 1, green: 0, blue: 0))
        #expect(StyleColor(css: "#FF000080")?.alpha == Double(0x80) / 255)
        #expect(StyleColor(css: "#0a84ff")?.hexRGBA == "#0a84ffff")
        #expect(StyleColor(css: "#1234")?.hexRGBA == "#11223344")
        #expect(StyleColor(css: "Tomato")?.hexRGB == "#ff6347")
        #expect(StyleColor(css: "rebeccapurple")?.hexRGB == "#663399")
        #expect(StyleColor(css: "transparent")?.alpha == 0)
        for bad in ["", "#", "#12", "#12345", "#1234567", "#ggg", "red;", "url(x)", "#fff ", "blurple"] {
            #expect(StyleColor(css: bad) == nil, "\(bad)")
        }
        let style = try parse(["fill": .table(fields: [:], list: [.number(0), .number(0.5), .number(1)]),
                               "stroke": .table(fields: ["r": .number(1), "g": .number(1), "b": .number(1), "a": .number(0.25)], list: [])])
        #expect(style.fill == StyleColor(red: 0, green: 0.5, blue: 1))
        #expect(style.stroke?.alpha == 0.25)
    }

    @Test("Every key parses into the style; an empty style draws nothing but what it names")
    func everyKey() throws {
        let s = try parse([
            "fill": .string("#fff"), "stroke": .string("black"), "strokeWidth": .number(2), "cornerRadius": .number(12),
            "shadow": .table(fields: ["color": .string("#0008"), "offset": .table(fields: [:], list: [.number(1), .number(3)]), "radius": .number(9)], list: []),
            "opacity": .number(0.5), "text": .string("Hi"), "font": .string("18px semibold"), "textColor": .string("#333"),
        ])
        #expect(s.fill?.hexRGBA == "#ffffffff" && s.stroke?.hexRGB == "#000000")
        #expect(s.strokeWidth == 2 && s.cornerRadius == 12 && s.opacity == 0.5 && s.text == "Hi")
        #expect(s.shadow == ItemShadow(color: StyleColor(css: "#0008")!, offset: CGVector(dx: 1, dy: 3), radius: 9))
        #expect(s.font == ItemFont(size: 18, weight: 600))
        #expect(s.textColor?.hexRGB == "#333333")
        #expect(try parse(["shadow": .bool(true)]).shadow == ItemShadow())
        #expect(try parse(["shadow": .bool(false)]).shadow == nil)
        #expect(try parse(["text": .number(42)]).text == "42")
        let empty = try parse([:])
        #expect(empty.fill == nil && empty.stroke == nil && empty.image == nil && empty.text == nil)
    }

    @Test("Fonts: a size, \"16px bold\", \"16 600\", \"bold\", {size, weight}")
    func fonts() throws {
        func font(_ v: StyleValue) throws -> ItemFont { try parse(["font": v]).font }
        #expect(try font(.number(20)) == ItemFont(size: 20, weight: 400))
        #expect(try font(.string("16px bold")) == ItemFont(size: 16, weight: 700))
        #expect(try font(.string("16 600")) == ItemFont(size: 16, weight: 600))
        #expect(try font(.string("bold 13px")) == ItemFont(size: 13, weight: 700))
        #expect(try font(.string("light")) == ItemFont(size: 15, weight: 300))
        #expect(try font(.table(fields: ["size": .number(12), "weight": .string("Heavy")], list: [])) == ItemFont(size: 12, weight: 800))
        #expect(try font(.table(fields: [:], list: [.number(12), .number(900)])) == ItemFont(size: 12, weight: 900))
    }

    @Test("Bad input of each kind is an error naming the key")
    func badInput() throws {
        let cases: [([String: StyleValue], String, String)] = [
            (["fil": .string("#fff")], "style", "unknown key 'fil'"),
            (["fill": .string("#12345")], "style.fill", "expected a color"),
            (["fill": .number(3)], "style.fill", "got number"),
            (["fill": .table(fields: [:], list: [.number(1), .number(2), .number(0)])], "style.fill", "in 0…1"),
            (["fill": .table(fields: ["r": .number(1), "g": .number(1)], list: [])], "style.fill", "needs b"),
            (["fill": .table(fields: ["r": .number(1), "g": .number(1), "b": .number(1), "x": .number(1)], list: [])], "style.fill", "unknown key 'x'"),
            (["stroke": .table(fields: [:], list: [.number(.nan), .number(0), .number(0)])], "style.stroke", "NaN"),
            (["strokeWidth": .number(-1)], "style.strokeWidth", "0…100"),
            (["strokeWidth": .number(.infinity)], "style.strokeWidth", "finite"),
            (["strokeWidth": .string("2")], "style.strokeWidth", "expected a number"),
            (["cornerRadius": .number(1e300)], "style.cornerRadius", "0…"),
            (["opacity": .number(1.5)], "style.opacity", "0…1"),
            (["opacity": .number(.nan)], "style.opacity", "NaN"),
            (["text": .string(String(repeating: "x", count: 1001))], "style.text", "at most 1000"),
            (["text": .bool(true)], "style.text", "expected a string"),
            (["font": .number(0)], "style.font.size", "1…500"),
            (["font": .number(1e9)], "style.font.size", "1…500"),
            (["font": .string("16px wobbly")], "style.font.weight", "unknown weight"),
            (["font": .string("16px bold 3")], "style.font", "SIZE[px]"),
            (["font": .string("")], "style.font", "empty"),
            (["font": .table(fields: ["weight": .number(450)], list: [])], "style.font.weight", "100, 200"),
            (["font": .table(fields: ["family": .string("Comic")], list: [])], "style.font", "unknown key 'family'"),
            (["shadow": .string("yes")], "style.shadow", "expected true, false"),
            (["shadow": .table(fields: ["blur": .number(3)], list: [])], "style.shadow", "unknown key 'blur'"),
            (["shadow": .table(fields: ["radius": .number(-2)], list: [])], "style.shadow.radius", "0…200"),
            (["shadow": .table(fields: ["offset": .table(fields: [:], list: [.number(1e9), .number(0)])], list: [])], "style.shadow.offset", "±1000"),
            (["image": .number(1)], "style.image", "expected a file name"),
            (["image": .string("a.png")], "style.image", "this host has none"),
        ]
        for (fields, property, message) in cases {
            let e = refusal(fields)
            #expect(e?.property == property && e?.message.contains(message) == true, "\(fields): \(String(describing: e))")
        }
    }

    @Test("A view's style setter keeps the old style when the new one is out of range")
    func viewSetter() throws {
        let view = DynamicView(center: .zero, size: CGSize(width: 10, height: 10), name: "v")
        view.style = ItemStyle(fill: StyleColor(css: "red"))
        #expect(throws: DynamicsError.self) {
            try InvalidInput.catching { view.style = ItemStyle(strokeWidth: -3) }
        }
        #expect(view.style?.fill == StyleColor(css: "red"))
        // A color changed field by field is checked too.
        var bad = StyleColor(css: "blue")!
        bad.green = .nan
        #expect(throws: DynamicsError.self) { try InvalidInput.catching { view.style = ItemStyle(fill: bad) } }
        #expect(throws: DynamicsError.self) { try InvalidInput.catching { view.style = ItemStyle(shadow: ItemShadow(color: bad)) } }
        #expect(bad.hexRGB == "#0000ff")   // drawn without trapping, should one get through
        #expect(view.style?.fill == StyleColor(css: "red"))
        #expect((view as DynamicItem).itemStyle?.fill == StyleColor(css: "red"))
        view.style = nil
        #expect(view.itemStyle == nil)
    }

    @Test("Pictures: PNG, JPEG and SVG by their first bytes; other kinds, huge files and active SVG refused")
    func pictureKinds() throws {
        #expect(try ItemImage(name: "a", data: ItemStyleTests.png).kind == .png)
        #expect(try ItemImage(name: "a", data: Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2])).kind == .jpeg)
        #expect(try ItemImage(name: "a", data: Data("\u{FEFF}<?xml version=\"1.0\"?>\n<!-- c --><svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)).kind == .svg)
        let refused: [(Data, String)] = [
            (Data(), "not a PNG"),
            (Data("GIF89a".utf8), "not a PNG"),
            (Data("<svgx/>".utf8), "not a PNG"),
            (Data("<html><svg/></html>".utf8), "not a PNG"),
            (ItemStyleTests.png + Data(count: ItemImage.maximumBytes), "at most \(ItemImage.maximumBytes) bytes"),
            (Data("<svg><script>alert(1)</script></svg>".utf8), "a script element"),
            (Data("<svg><SCRIPT >x</SCRIPT></svg>".utf8), "a script element"),
            (Data("<svg><foreignObject><div/></foreignObject></svg>".utf8), "a foreignObject"),
            (Data("<svg onload=\"alert(1)\"/>".utf8), "an event handler"),
            (Data("<svg><rect\nonclick = 'x'/></svg>".utf8), "an event handler"),
            (Data("<svg><a href=\"javascript:alert(1)\"/></svg>".utf8), "javascript:"),
        ]
        for (data, message) in refused {
            #expect(throws: DynamicsError.self, "\(message)") { try ItemImage(name: "x", data: data) }
            do { _ = try ItemImage(name: "x", data: data) } catch let e as DynamicsError {
                #expect(e.message.contains(message), "\(e.message)")
            }
        }
        // "one" in an attribute value is no handler.
        #expect(try ItemImage(name: "a", data: Data("<svg><text>one two</text><g id=\"online\"/></svg>".utf8)).kind == .svg)
    }

    @Test("Pictures are read only from inside the scene's folder")
    func pictureFolder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("style-\(UUID().uuidString)")
        let scene = root.appendingPathComponent("scene"), outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: scene.appendingPathComponent("images"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try ItemStyleTests.png.write(to: scene.appendingPathComponent("images/ok.png"))
        try ItemStyleTests.png.write(to: outside.appendingPathComponent("secret.png"))
        try Data("not an image".utf8).write(to: scene.appendingPathComponent("notes.png"))
        #expect(mkfifo(scene.appendingPathComponent("pipe.png").path, 0o600) == 0)
        #expect(FileManager.default.createFile(atPath: scene.appendingPathComponent("huge.png").path, contents: ItemStyleTests.png))
        #expect(truncate(scene.appendingPathComponent("huge.png").path, off_t(ItemImage.maximumBytes + 1)) == 0)
        try FileManager.default.createSymbolicLink(at: scene.appendingPathComponent("link.png"), withDestinationURL: outside.appendingPathComponent("secret.png"))
        try FileManager.default.createSymbolicLink(at: scene.appendingPathComponent("away"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(at: scene.appendingPathComponent("inside.png"), withDestinationURL: scene.appendingPathComponent("images/ok.png"))

        let folder = scene.path
        #expect(try ItemImage.load("images/ok.png", in: folder).kind == .png)
        #expect(try ItemImage.load("inside.png", in: folder).name == "inside.png")  // a link that stays inside
        let refused: [(String, String)] = [
            ("../outside/secret.png", "no \"..\""),
            ("images/../../outside/secret.png", "no \"..\""),
            ("./images/ok.png", "no \"..\""),
            ("images//ok.png", "no \"..\""),
            ("images\\ok.png", "backslashes"),
            (outside.appendingPathComponent("secret.png").path, "not an absolute path"),
            ("~/secret.png", "not an absolute path"),
            ("link.png", "leads outside"),
            ("away/secret.png", "leads outside"),
            ("images", "is not a regular file"),
            ("missing.png", "is not a file"),
            ("notes.png", "not a PNG"),
            ("pipe.png", "is not a regular file"),   // not waited on
            ("huge.png", "at most \(ItemImage.maximumBytes) bytes"),
            ("", "1…255 bytes"),
            (String(repeating: "a", count: 300), "1…255 bytes"),
        ]
        for (path, message) in refused {
            do {
                _ = try ItemImage.load(path, in: folder, owner: "item", property: "style.image")
                Issue.record("\(path) was read")
            } catch let e as DynamicsError {
                #expect(e.property == "style.image" && e.message.contains(message), "\(path): \(e.message)")
            }
        }
        // Through the parser, the loader's errors name the key.
        let e = refusal(["image": .string("x")])
        #expect(e?.property == "style.image")
    }
}
