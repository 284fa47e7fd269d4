import Foundation

/// Constant acceleration for its items (UIGravityBehavior).
///
/// Magnitude 1 is 1000 pt/s²; the default direction is (0, 1), straight down the screen.
/// `gravityDirection`, `angle` and `magnitude` are three views of one vector.
/// Several gravity behaviors on one item add up.
open class GravityBehavior: DynamicBehavior {
    private var list: ItemList
    private var direction = CGVector(dx: 0, dy: 1)
    /// Kept so that setting `magnitude` on a zero vector still has an angle to use.
    private var storedAngle: CGFloat = .pi / 2

    public init(items: [DynamicItem] = []) {
        list = ItemList(items)
        super.init()
    }

    public var items: [DynamicItem] { list.items }
    override var ownItems: [DynamicItem] { list.items }

    public func addItem(_ item: DynamicItem) { if list.insert(item) { setNeedsUpdate() } }
    public func removeItem(_ item: DynamicItem) { if list.remove(item) { setNeedsUpdate() } }

    /// Direction and strength: (0, 1) is 1000 pt/s² downward.
    public var gravityDirection: CGVector {
        get { direction }
        set {
            require { try Validate.finite(newValue, "GravityBehavior", "gravityDirection") }
            direction = newValue
            if newValue.dx != 0 || newValue.dy != 0 { storedAngle = atan2(newValue.dy, newValue.dx) }
            setNeedsUpdate()
        }
    }

    /// Radians from the x axis, positive clockwise on screen (y down); π/2 points down.
    public var angle: CGFloat {
        get { storedAngle }
        set { setAngle(newValue, magnitude: magnitude) }
    }

    /// 1 = 1000 pt/s².
    public var magnitude: CGFloat {
        get { (direction.dx * direction.dx + direction.dy * direction.dy).squareRoot() }
        set { setAngle(storedAngle, magnitude: newValue) }
    }

    public func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        require {
            try Validate.finite(angle, "GravityBehavior", "angle")
            try Validate.finite(magnitude, "GravityBehavior", "magnitude")
        }
        storedAngle = angle
        direction = CGVector(dx: cos(angle) * magnitude, dy: sin(angle) * magnitude)
        setNeedsUpdate()
    }
}
