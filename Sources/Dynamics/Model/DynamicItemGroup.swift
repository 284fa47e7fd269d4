import DynamicsEngine
import Foundation

/// Items that move as one rigid body (UIDynamicItemGroup): add the group to behaviors in
/// place of its members. Each member keeps its own collision shape, placed where it was when
/// the group joined the animator; the group's mass is the sum of the members'. After every
/// frame the animator writes both the group's and each member's center and rotation.
/// A member must not also be in behaviors on its own.
open class DynamicItemGroup: DynamicItem, CustomStringConvertible {
    public let items: [DynamicItem]
    /// The center of the members' combined frame at creation, then the group's position.
    public var center: CGPoint
    /// The members' combined frame's size, at creation.
    public var bounds: CGRect
    public var transform: CGAffineTransform = .identity

    public init(items: [DynamicItem]) {
        require {
            guard !items.isEmpty else { throw DynamicsError(owner: "DynamicItemGroup", property: "items", message: "needs at least one item") }
        }
        self.items = items
        var box = CGRect.null
        for item in items {
            let s = item.bounds.size, t = item.transform
            let ex = abs(t.a) * s.width / 2 + abs(t.c) * s.height / 2
            let ey = abs(t.b) * s.width / 2 + abs(t.d) * s.height / 2
            box = box.union(CGRect(x: item.center.x - ex, y: item.center.y - ey, width: 2 * ex, height: 2 * ey))
        }
        center = CGPoint(x: box.midX, y: box.midY)
        bounds = CGRect(origin: .zero, size: box.size)
    }

    public var description: String { "DynamicItemGroup of \(items.count) items at (\(center.x), \(center.y))" }
}
