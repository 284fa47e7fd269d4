import Foundation

/// Constant acceleration for its items (UIGravityBehavior).
///
/// Magnitude 1 is 1000 pt/s²; the default direction is (0, 1), straight down the screen.
/// `gravityDirection`, `angle` and `magnitude` are three views of one vector.
/// Several gravity behaviors on one item add up.
open class GravityBehavior: DynamicBehavior {
    /// See `DynamicBehavior.savedState()`.
    override func savedState() -> () -> Void {
        let base = super.savedState()
        let list = self.list, direction = self.direction
        return { [self] in
            base()
            self.list = list
            self.direction = direction
        }
    }

    private var list: ItemList
    private var direction = AngledVector(CGVector(dx: 0, dy: 1), angle: .pi / 2,
                                         owner: "GravityBehavior", vectorName: "gravityDirection")

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
        get { direction.vector }
        set { direction.set(newValue); setNeedsUpdate() }
    }

    /// Radians from the x axis, positive clockwise on screen (y down); π/2 points down.
    public var angle: CGFloat {
        get { direction.angle }
        set { setAngle(newValue, magnitude: magnitude) }
    }

    /// 1 = 1000 pt/s².
    public var magnitude: CGFloat {
        get { direction.magnitude }
        set { setAngle(angle, magnitude: newValue) }
    }

    public func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        direction.set(angle: angle, magnitude: magnitude)
        setNeedsUpdate()
    }
}
