import Dynamics
import DynamicsLua
import DynamicsRender
import Foundation

/// What the page needs once per scene load: the items' shapes, names and colors, the bounds
/// and the parameters (`{"type": "scene", ...}` on the WebSocket).
struct SceneMessage: Encodable {
    struct Item: Encodable {
        var name: String
        /// "rectangle", "ellipse" or "path".
        var shape: String
        var width: Double
        var height: Double
        /// The outline relative to the center (path items only).
        var path: [[Double]]?
        var color: String
        /// How it looks (nil: a debug box in `color`).
        var style: StyleMessage?
    }
    struct Param: Encodable {
        var name: String
        var value: Double
        var min: Double
        var max: Double
        var step: Double
        /// The spring the slider is bound to: its dialect's two keys, each a number or a
        /// slider's name (`LuaSceneSpring`); absent for a plain slider.
        var spring: SpringTerms?
    }
    var type = "scene"
    var generation: Int
    var file: String
    var bounds: [Double]?
    var items: [Item]
    var params: [Param]
}

/// One frame of the running scene (`{"type": "frame", ...}` on the WebSocket): the items'
/// centers and angles in the order of the scene message, and the debug overlay.
struct FrameMessage: Encodable {
    struct Attachment: Encodable {
        var a: [Double]
        var b: [Double]
        /// Whether `b` is an anchor (else a second item's point).
        var anchor: Bool
        var spring: Bool
    }
    struct Snap: Encodable {
        var item: [Double]
        var point: [Double]
    }
    struct RegionShape: Encodable {
        /// "circle" or "rect".
        var kind: String
        var width: Double
        var height: Double
        var dashed: Bool
    }
    struct Field: Encodable {
        var position: [Double]
        var regions: [RegionShape]
    }
    struct Overlay: Encodable {
        var boundaries: [[[Double]]] = []
        var attachments: [Attachment] = []
        var snaps: [Snap] = []
        var fields: [Field] = []
        var contacts: [[Double]] = []
    }
    var type = "frame"
    var generation: Int
    var time: Double
    var step: Int
    var paused: Bool
    var resting: Bool
    var speed: Double
    var stepMs: Double
    var error: String?
    var recording: Bool
    var recorded: Int
    /// The last frame of the session's timeline (`step` is the frame shown).
    var timelineEnd: Int
    /// The sliders' values now, in the order of the scene message's params: a page opened or
    /// reloaded after a slider moved, or another viewer's page, shows what the scene runs with.
    var params: [Double]
    /// [x, y, angle, vx, vy, angular velocity] per item (`FrameEncoder.items`).
    var items: [[Double]]
    var overlay: Overlay
}

/// Builds the page's messages from a live scene (the SVG renderer's palette, `DebugOverlay`).
enum FrameEncoder {
    /// The SVG renderer's palette (Sources/DynamicsRender), by item index.
    static let palette = ["#e4572e", "#29335c", "#f3a712", "#669bbc", "#a8c686", "#8e5572",
                          "#2a9d8f", "#e76f51", "#264653", "#b56576", "#6d597a", "#f4a261"]

    static func r(_ v: Double) -> Double { (v * 100).rounded() / 100 }
    static func r(_ p: CGPoint) -> [Double] { [r(Double(p.x)), r(Double(p.y))] }

    /// An item's name: its own, or "item1", "item2"… by position (as traces name them).
    static func name(of item: DynamicItem, index: Int) -> String {
        (item as? DynamicView)?.name ?? "item\(index + 1)"
    }

    /// The name the page shows and `GET /state` reports: at most 128 characters, control and
    /// bidirectional characters as "?" (`ShownText.isControl`). Names may be 4 KiB, and JSON writes a control character as six
    /// bytes: 5000 such names made each /state answer 120 MB, and slow readers ran the server
    /// out of memory.
    static func displayName(of item: DynamicItem, index: Int) -> String {
        let full = name(of: item, index: index)
        var out = String.UnicodeScalarView()
        for u in full.unicodeScalars.prefix(128) { out.append(ShownText.isControl(u) ? "?" : u) }
        return full.unicodeScalars.count > 128 ? String(out) + "…" : String(out)
    }

    static func shapeName(_ item: DynamicItem) -> String {
        switch item.collisionBoundsType {
        case .rectangle: return "rectangle"
        case .ellipse: return "ellipse"
        case .path: return "path"
        }
    }

    static func scene(_ scene: LiveScene, items: [DynamicItem], generation: Int, file: String, params: [LuaSceneParam]) -> SceneMessage {
        let b = scene.animator.referenceBounds
        let pictures = images(of: items)
        return SceneMessage(
            generation: generation, file: file,
            bounds: b.map { [Double($0.minX), Double($0.minY), Double($0.width), Double($0.height)] },
            items: items.enumerated().map { i, item in
                var path: [[Double]]?
                if item.collisionBoundsType == .path {
                    path = item.collisionBoundingPath.flattened().flatMap { $0.points.map { r($0) } }
                }
                return .init(name: displayName(of: item, index: i), shape: shapeName(item),
                             width: Double(item.bounds.width), height: Double(item.bounds.height),
                             path: path, color: palette[i % palette.count], style: style(of: item, images: pictures))
            },
            params: params.map { .init(name: $0.name, value: $0.value, min: $0.min, max: $0.max, step: $0.step,
                                       spring: $0.spring.map(SpringTerms.init)) })
    }

    /// [x, y, angle, vx, vy, angular velocity] per item: points and pt/s to 0.01, radians
    /// and rad/s to 10⁻⁴ (the plots under the canvas sample speeds from them).
    static func items(_ items: [DynamicItem], in animator: DynamicAnimator) -> [[Double]] {
        items.map {
            let v = animator.linearVelocity(of: $0) ?? .zero, w = animator.angularVelocity(of: $0) ?? 0
            return [r(Double($0.center.x)), r(Double($0.center.y)), r4(Double(atan2($0.transform.b, $0.transform.a))),
                    r(Double(v.x)), r(Double(v.y)), r4(Double(w))]
        }
    }

    static func r4(_ v: Double) -> Double { (v * 1e4).rounded() / 1e4 }

    /// The debug overlay as the page draws it: `DebugOverlay`, the SVG's overlay, in JSON
    /// shapes (boundaries as polylines, the reference bounds' closed; at most 256 contacts).
    static func overlay(of animator: DynamicAnimator) -> FrameMessage.Overlay {
        let overlay = DebugOverlay(of: animator, maximumContacts: 256)
        var o = FrameMessage.Overlay()
        for element in overlay.elements {
            switch element {
            case .boundaries(let b):
                if let q = b.referenceRect {
                    o.boundaries.append([r(CGPoint(x: q.minX, y: q.minY)), r(CGPoint(x: q.maxX, y: q.minY)),
                                         r(CGPoint(x: q.maxX, y: q.maxY)), r(CGPoint(x: q.minX, y: q.maxY)),
                                         r(CGPoint(x: q.minX, y: q.minY))])
                }
                for (_, path) in b.paths {
                    for line in path.flattened() {
                        var pts = line.points.map { r($0) }
                        if line.isClosed, let first = pts.first { pts.append(first) }
                        o.boundaries.append(pts)
                    }
                }
            case .attachment(let a):
                let ends = a.ends
                o.attachments.append(.init(a: r(ends.a), b: r(ends.b), anchor: a.second == nil, spring: a.isSpring))
            case .snap(let s):
                o.snaps.append(.init(item: r(s.item.center), point: r(s.point)))
            case .field(let f):
                o.fields.append(.init(position: r(f.position), regions: f.regions.map { outline in
                    switch outline.shape {
                    case .circle(let radius):
                        .init(kind: "circle", width: 2 * Double(radius), height: 2 * Double(radius), dashed: outline.dashed)
                    case .rectangle(let size):
                        .init(kind: "rect", width: Double(size.width), height: Double(size.height), dashed: outline.dashed)
                    }
                }))
            }
        }
        o.contacts = overlay.contacts.map { r($0) }
        return o
    }
}

/// A slider's spring in the scene message: `{"frequency": "k", "damping": 0.5}`.
struct SpringTerms: Encodable {
    let spring: LuaSceneSpring

    init(_ spring: LuaSceneSpring) { self.spring = spring }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Command.Key.self)
        for (key, term) in zip(spring.keys, spring.terms) {
            switch term {
            case .value(let v): try c.encode(v, forKey: Command.Key(key))
            case .param(let name): try c.encode(name, forKey: Command.Key(key))
            }
        }
    }
}
