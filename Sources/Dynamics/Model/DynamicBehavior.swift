import Foundation

/// A node of the behavior tree the animator ticks (UIDynamicBehavior).
///
/// Subclass it to compose behaviors: add built-ins as children and use `action` to run code
/// every frame. A behavior instance can be in one animator at a time, once.
open class DynamicBehavior {
    /// What an embedder (the Lua bridge) attaches to account for this object's memory; it
    /// is released with the object. The model never reads it.
    package var hostCharge: AnyObject?
    public private(set) var childBehaviors: [DynamicBehavior] = []
    public private(set) weak var parent: DynamicBehavior?
    /// The animator this behavior (or its root) is in.
    public internal(set) weak var dynamicAnimator: DynamicAnimator?

    /// Called once per animator frame, after collision callbacks.
    public var action: (() -> Void)? {
        didSet { if (oldValue == nil) != (action == nil) { dynamicAnimator?.actionsChanged = true } }
    }

    public init() {}

    /// Adds a child. Adding a behavior that already has a parent, or adding one of this
    /// behavior's ancestors, is a programming error.
    public func addChildBehavior(_ behavior: DynamicBehavior) {
        if behavior.parent === self { return }
        guard accept({
            var p: DynamicBehavior? = self
            while let q = p {
                guard q !== behavior else {
                    throw DynamicsError(owner: "\(type(of: self))", property: "childBehaviors",
                                        message: "cannot add \(type(of: behavior)) as a child of itself or of its own descendant")
                }
                p = q.parent
            }
            guard behavior.parent == nil else {
                throw DynamicsError(owner: "\(type(of: self))", property: "childBehaviors",
                                    message: "\(type(of: behavior)) is already the child of another behavior; remove it there first")
            }
            guard behavior.dynamicAnimator == nil else {
                throw DynamicsError(owner: "\(type(of: self))", property: "childBehaviors",
                                    message: "\(type(of: behavior)) is in an animator; remove it from the animator first")
            }
            try dynamicAnimator?.checkCollisionBehaviorCount(adding: behavior)
        }) else { return }
        childBehaviors.append(behavior)
        behavior.parent = self
        if let animator = dynamicAnimator {
            behavior.setAnimator(animator)
            animator.setNeedsUpdate()
        }
    }

    public func removeChildBehavior(_ behavior: DynamicBehavior) {
        guard let i = childBehaviors.firstIndex(where: { $0 === behavior }) else { return }
        childBehaviors.remove(at: i)
        behavior.parent = nil
        if let animator = dynamicAnimator {
            behavior.setAnimator(nil)
            animator.setNeedsUpdate()
        }
    }

    /// Called before the behavior joins (`animator` non-nil) or leaves (`nil`) an animator.
    open func willMove(to dynamicAnimator: DynamicAnimator?) {}

    func setAnimator(_ animator: DynamicAnimator?) {
        willMove(to: animator)
        dynamicAnimator = animator
        for child in childBehaviors { child.setAnimator(animator) }
    }

    /// Tells the animator that something this behavior contributes changed.
    func setNeedsUpdate() { dynamicAnimator?.setNeedsUpdate() }

    /// The items this behavior itself governs (not its children's).
    var ownItems: [DynamicItem] { [] }
}

/// An ordered set of items, by identity. O(1) membership.
struct ItemList {
    private(set) var items: [DynamicItem] = []
    private var ids: Set<ObjectIdentifier> = []

    init(_ items: [DynamicItem]) { for i in items { insert(i) } }

    func contains(_ item: DynamicItem) -> Bool { ids.contains(ObjectIdentifier(item)) }

    @discardableResult
    mutating func insert(_ item: DynamicItem) -> Bool {
        guard ids.insert(ObjectIdentifier(item)).inserted else { return false }
        items.append(item)
        return true
    }

    @discardableResult
    mutating func remove(_ item: DynamicItem) -> Bool {
        guard ids.remove(ObjectIdentifier(item)) != nil else { return false }
        items.removeAll { $0 === item }
        return true
    }
}
