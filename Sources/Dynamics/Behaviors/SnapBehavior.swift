import Foundation

/// Pulls an item to a point with a damped spring and turns it upright (UISnapBehavior).
///
/// `damping` is the spring's damping ratio, 0…1 (default 0.5; 1 = critically damped: no
/// overshoot). The spring's frequency is `SnapBehavior.frequency` (2 Hz). Unlike UIKit,
/// changing `damping` or `snapPoint` while running takes effect at once.
open class SnapBehavior: DynamicBehavior {
    /// The snap spring's frequency, Hz.
    public static let frequency: CGFloat = 2

    public let item: DynamicItem
    override var ownItems: [DynamicItem] { [item] }

    private var point: CGPoint
    private var storedDamping: CGFloat = 0.5

    public init(item: DynamicItem, snapTo point: CGPoint) {
        require { try Validate.finite(point, "SnapBehavior", "snapPoint") }
        self.item = item
        self.point = point
        super.init()
    }

    /// Where the item's center goes (points).
    public var snapPoint: CGPoint {
        get { point }
        set { guard accept({ try Validate.finite(newValue, "SnapBehavior", "snapPoint") }) else { return }; point = newValue; setNeedsUpdate() }
    }

    /// Damping ratio, 0…1.
    public var damping: CGFloat {
        get { storedDamping }
        set {
            guard accept({
                guard newValue.isFinite, newValue >= 0, newValue <= 1 else {
                    throw DynamicsError(owner: "SnapBehavior", property: "damping", message: "must be in 0…1, got \(newValue)")
                }
            }) else { return }
            storedDamping = newValue; setNeedsUpdate()
        }
    }

    func joint(ground: Int32, body: Int32) -> Joint {
        var j = Joint()
        j.kind = .snap
        j.bodyA = ground
        j.bodyB = body
        j.localAnchorA = Units.meters(point)
        j.hertz = Double(SnapBehavior.frequency)
        j.dampingRatio = Double(storedDamping)
        return j
    }
}
