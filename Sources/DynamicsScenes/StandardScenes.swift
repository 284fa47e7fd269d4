import Dynamics
import Foundation

/// A ready-to-run scene: an animator, its items, and how long to run it.
public struct Scene {
    public let name: String
    public let animator: DynamicAnimator
    public let items: [DynamicView]
    /// Frames to run, each of `frameDuration` seconds.
    public let frames: Int
    public let frameDuration: TimeInterval
    /// Whatever must live as long as the scene (for a Lua-built scene, its state and bridge).
    let keepAlive: AnyObject?

    package init(name: String, animator: DynamicAnimator, items: [DynamicView], frames: Int, frameDuration: TimeInterval,
         keepAlive: AnyObject? = nil) {
        self.name = name
        self.animator = animator
        self.items = items
        self.frames = frames
        self.frameDuration = frameDuration
        self.keepAlive = keepAlive
    }

    /// Runs every frame.
    public func run() {
        for _ in 0..<frames { animator.step(frameDuration) }
    }
}

/// The standard scenes built in Swift (docs/cli.md, "Standard scenes"), shared by tests,
/// benchmarks and examples. The Lua-built ones (`luaFieldN`, `luaActionN`) are DynamicsBench's
/// `BenchScenes`, so that a model test needs no Lua.
public enum StandardScenes {
    /// Most items a sized scene name may ask for (`boxes100000`, `pyramid446` ≈ 100 000 items):
    /// more would take minutes to build, or memory the machine does not have.
    public static let maximumItems = 100_000

    /// A scene by its benchmark name (`boxes1000`, `pyramid20`, …), or nil.
    public static func named(_ name: String) -> Scene? { build(name) }

    /// The scene `name` names; nil for an unknown name.
    public static func build(_ name: String) -> Scene? { maker(named: name)?() }

    /// Whether `name` names a scene, without building it.
    public static func exists(_ name: String) -> Bool { maker(named: name) != nil }

    /// How to build the scene `name` names; nil for an unknown name or a size out of range.
    private static func maker(named name: String) -> (() -> Scene)? {
        switch name {
        case "largePyramid": return { largePyramid() }
        case "manyPyramids": return { manyPyramids() }
        case "jointGrid": return { jointGrid() }
        default: break
        }
        if let n = size(of: name, prefix: "boxes", items: { $0 }) { return { boxes(n) } }
        if let n = size(of: name, prefix: "pyramid", items: { $0 * ($0 + 1) / 2 }) { return { pyramid(n) } }
        if let n = size(of: name, prefix: "swiftAction", items: { $0 }) { return { swiftAction(n) } }
        return nil
    }

    /// N of a sized scene name `prefixN` (`boxes1000`: 1000), given the items N makes; nil when
    /// `name` is not `prefix` and decimal digits ("boxes+5" and "boxes05" are not names of scenes)
    /// or asks for more than `maximumItems`.
    package static func size(of name: String, prefix: String, items: (Int) -> Int) -> Int? {
        let digits = name.dropFirst(prefix.count)
        guard name.hasPrefix(prefix), digits.first != "0", digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let n = Int(digits), n > 0,
              n <= maximumItems, items(n) <= maximumItems else { return nil }
        return n
    }

    /// `boxes(N)`: reference bounds W×W (W = 1000 for N ≤ 1000, else 2000) as boundary; N
    /// boxes 20×20, density 1, elasticity 0.5, friction 0.2, in a grid from the top-left
    /// corner with a pitch of 25 pt and a 5 pt margin; default gravity; 1200 steps at 120 Hz.
    public static func boxes(_ n: Int) -> Scene {
        let w: CGFloat = n <= 1000 ? 1000 : 2000
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: w, height: w))
        let columns = Int((w - 5) / 25)
        var items: [DynamicView] = []
        items.reserveCapacity(n)
        for i in 0..<n {
            let c = i % columns, r = i / columns
            items.append(DynamicView(frame: CGRect(x: 5 + CGFloat(c) * 25, y: 5 + CGFloat(r) * 25, width: 20, height: 20),
                                     name: "box\(i)"))
        }
        let gravity = GravityBehavior(items: items)
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        let props = DynamicItemBehavior(items: items)
        props.density = 1
        props.elasticity = 0.5
        props.friction = 0.2
        animator.addBehavior(gravity)
        animator.addBehavior(collision)
        animator.addBehavior(props)
        return Scene(name: "boxes\(n)", animator: animator, items: items, frames: 1200, frameDuration: 1.0 / 120)
    }

    /// `pyramid(rows)`: 20×20 boxes stacked edge to edge in a pyramid on the bottom
    /// boundary of a 1000-wide (or wider) area; default properties; 10 s at 120 Hz.
    public static func pyramid(_ rows: Int) -> Scene {
        let w = max(1000, CGFloat(rows) * 20 + 100), h: CGFloat = 1000
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: w, height: h))
        var items: [DynamicView] = []
        for r in 0..<rows {
            let count = rows - r
            let x0 = w / 2 - CGFloat(count) * 10 + 10
            for i in 0..<count {
                items.append(DynamicView(center: CGPoint(x: x0 + CGFloat(i) * 20, y: h - 10 - CGFloat(r) * 20),
                                         size: CGSize(width: 20, height: 20), name: "r\(r)c\(i)"))
            }
        }
        let gravity = GravityBehavior(items: items)
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(gravity)
        animator.addBehavior(collision)
        return Scene(name: "pyramid\(rows)", animator: animator, items: items, frames: 1200, frameDuration: 1.0 / 120)
    }

    /// A column of `count` boxes (size × size) resting on the bottom of a 400×`height` area.
    public static func stack(_ count: Int, size: CGFloat = 40, height: CGFloat = 600) -> Scene {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: height))
        var items: [DynamicView] = []
        for i in 0..<count {
            items.append(DynamicView(center: CGPoint(x: 200, y: height - size / 2 - CGFloat(i) * size),
                                     size: CGSize(width: size, height: size), name: "stack\(i)"))
        }
        let gravity = GravityBehavior(items: items)
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(gravity)
        animator.addBehavior(collision)
        return Scene(name: "stack\(count)", animator: animator, items: items, frames: 1200, frameDuration: 1.0 / 120)
    }
}

extension StandardScenes {
    /// `swiftAction(N)`: `luaAction(N)`'s items and per-item work (read the velocity, write
    /// `0.99·v + (1, −1)` pt/s) done by a Swift `CustomBehavior` instead of a Lua action, once per
    /// internal step (one per 120 Hz frame, as the action runs), 600 steps: the bare baseline
    /// `dynamics bench` sets beside `luaAction(N)`, so that the Lua scene's figure reads as a
    /// ratio that holds from machine to machine.
    public static func swiftAction(_ n: Int) -> Scene {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        let items = (0..<n).map { i in
            DynamicView(center: CGPoint(x: 15 + CGFloat(i % 40) * 24, y: 15 + CGFloat(i / 40) * 24), size: CGSize(width: 10, height: 10))
        }
        let properties = DynamicItemBehavior(items: items)
        properties.resistance = 0
        animator.addBehavior(properties)
        animator.addBehavior(VelocityNudge(items: items))
        animator.step(0) // as luaAction's scene: the items are in the world
        return Scene(name: "swiftAction\(n)", animator: animator, items: items, frames: 600, frameDuration: 1.0 / 120)
    }

    /// `luaAction`'s action in Swift: each item's velocity read and written once per step.
    private final class VelocityNudge: DynamicBehavior, CustomBehavior {
        let items: [DynamicItem]
        init(items: [DynamicItem]) { self.items = items }
        func step(_ context: inout DynamicBehaviorContext) {
            for i in 0..<context.count {
                let v = context.velocity(i)
                context.setVelocity(CGPoint(x: v.x * 0.99 + 1, y: v.y * 0.99 - 1), for: i)
            }
        }
    }
}
