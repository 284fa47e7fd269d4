import Foundation

/// Pushes its items with a force, continuously or once (UIPushBehavior).
///
/// Magnitude m is in UIKit Newtons: a continuous push gives a = 100·m/mass pt/s²; an
/// instantaneous one changes the velocity once by 100·m/mass pt/s and then turns itself
/// inactive (set `active` again to push again). `pushDirection`, `angle` and `magnitude` are
/// three views of one vector. A push at an offset from the center also spins the item.
open class PushBehavior: DynamicBehavior, CustomBehavior {
    /// See `DynamicBehavior.savedState()`.
    override func savedState() -> () -> Void {
        let base = super.savedState()
        let list = self.list, direction = self.direction, offsets = self.offsets, isActive = self.isActive
        return { [self] in
            base()
            self.list = list
            self.direction = direction
            self.offsets = offsets
            self.isActive = isActive
        }
    }

    public enum Mode: Sendable, Equatable {
        case continuous
        case instantaneous
    }

    public let mode: Mode
    private var list: ItemList
    private var direction = AngledVector(CGVector(dx: 0, dy: 0), angle: 0, owner: "PushBehavior", vectorName: "pushDirection")
    private var offsets: [ObjectIdentifier: Offset] = [:]
    private var isActive = true

    public init(items: [DynamicItem] = [], mode: Mode) {
        list = ItemList(items)
        self.mode = mode
        super.init()
    }

    public var items: [DynamicItem] { list.items }

    public func addItem(_ item: DynamicItem) {
        guard list.insert(item) else { return }
        setNeedsUpdate()
        if isActive { dynamicAnimator?.wake([item]) } // a paused animator must resume to push it
    }
    public func removeItem(_ item: DynamicItem) {
        if list.remove(item) { offsets[ObjectIdentifier(item)] = nil; setNeedsUpdate() }
    }

    /// Whether the push acts. An instantaneous push clears it after pushing once.
    public var active: Bool {
        get { isActive }
        set {
            isActive = newValue
            if newValue { dynamicAnimator?.wake(items) }
        }
    }

    /// Direction and strength (UIKit Newtons).
    public var pushDirection: CGVector {
        get { direction.vector }
        set { direction.set(newValue); changed() }
    }

    /// Radians from the x axis, positive clockwise on screen.
    public var angle: CGFloat {
        get { direction.angle }
        set { setAngle(newValue, magnitude: magnitude) }
    }

    public var magnitude: CGFloat {
        get { direction.magnitude }
        set { setAngle(angle, magnitude: newValue) }
    }

    public func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        direction.set(angle: angle, magnitude: magnitude)
        changed()
    }

    /// Where the push acts on `item`: an offset from its center in its own axes (points).
    public func setTargetOffsetFromCenter(_ offset: Offset, for item: DynamicItem) {
        guard accept({
            // A length from the center: within ±Limits.length (1e9 was taken).
            try Validate.finite(offset.horizontal, "PushBehavior", "targetOffsetFromCenter", max: Limits.length)
            try Validate.finite(offset.vertical, "PushBehavior", "targetOffsetFromCenter", max: Limits.length)
        }) else { return }
        offsets[ObjectIdentifier(item)] = offset
    }

    public func targetOffsetFromCenter(for item: DynamicItem) -> Offset {
        offsets[ObjectIdentifier(item)] ?? Offset(horizontal: 0, vertical: 0)
    }

    private func changed() {
        if isActive { dynamicAnimator?.wake(items) }
    }

    /// An active push joining an animator wakes its resting items (the animator resumes):
    /// a paused animator would otherwise never apply it. Overrides must call super.
    open override func willMove(to dynamicAnimator: DynamicAnimator?) {
        super.willMove(to: dynamicAnimator)
        if isActive { dynamicAnimator?.wake(items) }
    }

    public func step(_ context: inout DynamicBehaviorContext) {
        let force = direction.vector
        guard isActive, force.dx != 0 || force.dy != 0 else {
            if mode == .instantaneous && isActive { isActive = false }
            return
        }
        for i in 0..<context.count {
            let o = offsets.isEmpty ? .zero
                : offsets[ObjectIdentifier(context.item(i))].map { CGVector(dx: $0.horizontal, dy: $0.vertical) } ?? .zero
            switch mode {
            case .continuous: context.applyForce(force, to: i, atOffset: o)
            case .instantaneous: context.applyImpulse(force, to: i, atOffset: o)
            }
        }
        if mode == .instantaneous { isActive = false }
    }
}
