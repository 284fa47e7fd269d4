import Foundation

/// Physical properties of its items, and velocity changes (UIDynamicItemBehavior).
///
/// Defaults are what UIKit does on devices: elasticity 0.2, friction 0.2, density 1,
/// resistance 0.1, angularResistance 0.1, allowsRotation true, anchored false, charge 0.
/// When an item is in several item behaviors, for each property the last behavior in
/// depth-first order of the tree that *set* that property wins; unset properties do not
/// override.
open class DynamicItemBehavior: DynamicBehavior {
    /// See `DynamicBehavior.savedState()`.
    override func savedState() -> () -> Void {
        let base = super.savedState()
        let list = self.list, overrides = self.overrides, pendingLinear = self.pendingLinear, pendingAngular = self.pendingAngular
        return { [self] in
            base()
            self.list = list
            self.overrides = overrides
            self.pendingLinear = pendingLinear
            self.pendingAngular = pendingAngular
        }
    }

    /// The property values a behavior set explicitly.
    struct Overrides {
        var elasticity: CGFloat?
        var friction: CGFloat?
        var density: CGFloat?
        var resistance: CGFloat?
        var angularResistance: CGFloat?
        var allowsRotation: Bool?
        var isAnchored: Bool?
        var charge: CGFloat?
    }

    private var list: ItemList
    private(set) var overrides = Overrides()
    /// Velocity changes asked for before the items were in an animator, one sum per item (a
    /// script adding a velocity millions of times kept an entry per call), each within
    /// ±`Limits.magnitude`.
    var pendingLinear: [ObjectIdentifier: (item: DynamicItem, velocity: CGPoint)] = [:]
    var pendingAngular: [ObjectIdentifier: (item: DynamicItem, velocity: CGFloat)] = [:]

    public init(items: [DynamicItem] = []) {
        list = ItemList(items)
        super.init()
    }

    public var items: [DynamicItem] { list.items }
    override var ownItems: [DynamicItem] { list.items }
    func contains(_ item: DynamicItem) -> Bool { list.contains(item) }

    public func addItem(_ item: DynamicItem) { if list.insert(item) { setNeedsUpdate() } }
    public func removeItem(_ item: DynamicItem) { if list.remove(item) { setNeedsUpdate() } }

    private func set<T>(_ kp: WritableKeyPath<Overrides, T?>, _ value: T) {
        overrides[keyPath: kp] = value
        setNeedsUpdate()
    }

    /// Bounciness: 0 none, 1 fully elastic (a contact uses the larger of the two). 0…1.
    public var elasticity: CGFloat {
        get { overrides.elasticity ?? ItemProperties.defaults.elasticity }
        set { guard accept({ try Validate.nonNegative(newValue, "DynamicItemBehavior", "elasticity") }) else { return }; set(\.elasticity, newValue) }
    }
    /// Sliding friction, ≥ 0 (a contact uses the geometric mean of the two).
    public var friction: CGFloat {
        get { overrides.friction ?? ItemProperties.defaults.friction }
        set { guard accept({ try Validate.nonNegative(newValue, "DynamicItemBehavior", "friction") }) else { return }; set(\.friction, newValue) }
    }
    /// Mass per area: mass = density × width × height / 10 000 (true area for ellipses and paths). > 0.
    public var density: CGFloat {
        get { overrides.density ?? ItemProperties.defaults.density }
        set { guard accept({ try Validate.density(newValue, "DynamicItemBehavior") }) else { return }; set(\.density, newValue) }
    }
    /// Linear damping per second: v ← v / (1 + h·resistance) every step of h seconds. ≥ 0.
    public var resistance: CGFloat {
        get { overrides.resistance ?? ItemProperties.defaults.resistance }
        set { guard accept({ try Validate.nonNegative(newValue, "DynamicItemBehavior", "resistance") }) else { return }; set(\.resistance, newValue) }
    }
    /// Angular damping per second, as `resistance`. ≥ 0.
    public var angularResistance: CGFloat {
        get { overrides.angularResistance ?? ItemProperties.defaults.angularResistance }
        set { guard accept({ try Validate.nonNegative(newValue, "DynamicItemBehavior", "angularResistance") }) else { return }; set(\.angularResistance, newValue) }
    }
    public var allowsRotation: Bool {
        get { overrides.allowsRotation ?? ItemProperties.defaults.allowsRotation }
        set { set(\.allowsRotation, newValue) }
    }
    /// An anchored item does not move but others collide with it.
    public var isAnchored: Bool {
        get { overrides.isAnchored ?? ItemProperties.defaults.isAnchored }
        set { set(\.isAnchored, newValue) }
    }
    /// Electric charge, for electric and magnetic fields.
    public var charge: CGFloat {
        get { overrides.charge ?? ItemProperties.defaults.charge }
        set { guard accept({ try Validate.finite(newValue, "DynamicItemBehavior", "charge") }) else { return }; set(\.charge, newValue) }
    }

    /// Adds a velocity (pt/s) to an item of this behavior.
    public func addLinearVelocity(_ velocity: CGPoint, for item: DynamicItem) {
        guard accept({ try Validate.finite(velocity, "DynamicItemBehavior", "linearVelocity") }) else { return }
        guard accept({
            guard list.contains(item) else {
                throw DynamicsError(owner: "DynamicItemBehavior", property: "addLinearVelocity", message: "\(item) is not an item of this behavior")
            }
        }) else { return }
        if let animator = dynamicAnimator, animator.addLinearVelocity(velocity, to: item) { return }
        let m = Limits.magnitude, old = pendingLinear[ObjectIdentifier(item)]?.velocity ?? .zero
        pendingLinear[ObjectIdentifier(item)] = (item, CGPoint(x: min(max(old.x + velocity.x, -m), m),
                                                               y: min(max(old.y + velocity.y, -m), m)))
    }

    /// The item's velocity (pt/s) at its center.
    public func linearVelocity(for item: DynamicItem) -> CGPoint {
        if let v = dynamicAnimator?.linearVelocity(of: item) { return v }
        return pendingLinear[ObjectIdentifier(item)]?.velocity ?? .zero
    }

    /// Adds an angular velocity (rad/s, positive clockwise on screen).
    public func addAngularVelocity(_ velocity: CGFloat, for item: DynamicItem) {
        guard accept({ try Validate.finite(velocity, "DynamicItemBehavior", "angularVelocity") }) else { return }
        guard accept({
            guard list.contains(item) else {
                throw DynamicsError(owner: "DynamicItemBehavior", property: "addAngularVelocity", message: "\(item) is not an item of this behavior")
            }
        }) else { return }
        if let animator = dynamicAnimator, animator.addAngularVelocity(velocity, to: item) { return }
        let m = Limits.magnitude, old = pendingAngular[ObjectIdentifier(item)]?.velocity ?? 0
        pendingAngular[ObjectIdentifier(item)] = (item, min(max(old + velocity, -m), m))
    }

    public func angularVelocity(for item: DynamicItem) -> CGFloat {
        if let w = dynamicAnimator?.angularVelocity(of: item) { return w }
        return pendingAngular[ObjectIdentifier(item)]?.velocity ?? 0
    }
}

/// The resolved properties of one item.
struct ItemProperties: Equatable {
    var elasticity: CGFloat = 0.2
    var friction: CGFloat = 0.2
    var density: CGFloat = 1
    var resistance: CGFloat = 0.1
    var angularResistance: CGFloat = 0.1
    var allowsRotation = true
    var isAnchored = false
    var charge: CGFloat = 0

    static let defaults = ItemProperties()

    mutating func apply(_ o: DynamicItemBehavior.Overrides) {
        if let v = o.elasticity { elasticity = v }
        if let v = o.friction { friction = v }
        if let v = o.density { density = v }
        if let v = o.resistance { resistance = v }
        if let v = o.angularResistance { angularResistance = v }
        if let v = o.allowsRotation { allowsRotation = v }
        if let v = o.isAnchored { isAnchored = v }
        if let v = o.charge { charge = v }
    }
}
