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

    /// Runs every frame.
    public func run() {
        for _ in 0..<frames { animator.step(frameDuration) }
    }
}

/// The standard scenes of DESIGN §7, shared by tests, benchmarks and examples.
public enum StandardScenes {
    /// The benchmark names `dynamics bench` runs, in order.
    public static let benchmarkNames = ["boxes100", "boxes1000", "boxes4000", "pyramid20"]

    /// A scene by its benchmark name (`boxes1000`, `pyramid20`, …), or nil.
    public static func named(_ name: String) -> Scene? {
        if name.hasPrefix("boxes"), let n = Int(name.dropFirst(5)), n > 0 { return boxes(n) }
        if name.hasPrefix("pyramid"), let n = Int(name.dropFirst(7)), n > 0 { return pyramid(n) }
        return nil
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
