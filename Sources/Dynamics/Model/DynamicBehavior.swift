import Foundation

/// A node of the behavior tree the animator ticks (UIDynamicBehavior).
///
/// Subclass it to compose behaviors: add built-ins as children and use `action` to run code
/// every frame. A behavior instance can be in one animator at a time, once.
open class DynamicBehavior: EmbedderSlotted {
    package var embedder = EmbedderSlot() // see `EmbedderSlot`
    public private(set) var childBehaviors: [DynamicBehavior] = []
    public private(set) weak var parent: DynamicBehavior?
    /// The animator this behavior (or its root) is in.
    public internal(set) weak var dynamicAnimator: DynamicAnimator?

    /// Called once per animator frame, after collision callbacks.
    public var action: (() -> Void)? {
        didSet { if (oldValue == nil) != (action == nil) { dynamicAnimator?.actionsChanged = true } }
    }

    public init() {}

    /// The most levels a behavior tree may have (a root alone is one level). Trees are walked
    /// and freed recursively (flattening, joining an animator, deinit), so an unbounded chain
    /// would overflow the stack: a script that nested 100 000 composites crashed the process.
    /// UIKit sets no limit; real trees are a few levels deep.
    public static let maximumTreeDepth = 256

    /// Levels of the tree below and including this behavior: kept up to date when children
    /// are added, never lowered when they are removed (so a subtree's height is at most this,
    /// and a check against `maximumTreeDepth` is never too lenient; O(depth) per add).
    var treeHeight = 1

    /// Adds a child. Adding a behavior that already has a parent, or adding one of this
    /// behavior's ancestors, is a programming error, and so is a tree deeper than
    /// `maximumTreeDepth`.
    public func addChildBehavior(_ behavior: DynamicBehavior) {
        if behavior.parent === self { return }
        guard accept({
            var p: DynamicBehavior? = self
            var depth = 0 // levels from the root down to and including this behavior
            while let q = p {
                guard q !== behavior else {
                    throw DynamicsError(owner: "\(type(of: self))", property: "childBehaviors",
                                        message: "cannot add \(type(of: behavior)) as a child of itself or of its own descendant")
                }
                depth += 1
                p = q.parent
            }
            guard depth + behavior.treeHeight <= DynamicBehavior.maximumTreeDepth else {
                throw DynamicsError(owner: "\(type(of: self))", property: "childBehaviors",
                                    message: "a behavior tree may have at most \(DynamicBehavior.maximumTreeDepth) levels; adding this \(type(of: behavior)) would make \(depth + behavior.treeHeight)")
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
            try dynamicAnimator?.checkReferenceInsets(adding: behavior)
        }) else { return }
        childBehaviors.append(behavior)
        behavior.parent = self
        raiseTreeHeight(to: behavior.treeHeight + 1)
        if let animator = dynamicAnimator {
            behavior.setAnimator(animator)
            animator.setNeedsUpdate()
        }
    }

    /// Makes this behavior's and its ancestors' `treeHeight` at least `height`, `height + 1`, …
    private func raiseTreeHeight(to height: Int) {
        var needed = height
        var node: DynamicBehavior? = self
        while let q = node, q.treeHeight < needed {
            q.treeHeight = needed
            needed += 1
            node = q.parent
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

    /// The items this behavior itself governs (not its children's): the built-ins override
    /// it; an embedder's behavior, outside this module, sets `embedderItems`.
    var ownItems: [DynamicItem] { embedderItems }

    /// Items an embedder's behavior governs (a scripted plugin's or composite's `items`): they
    /// join the world as a built-in's items do, so a plugin used alone (a wind that only
    /// applies forces in its action) moves them.
    package var embedderItems: [DynamicItem] = [] { didSet { setNeedsUpdate() } }

    /// Takes the behavior out of its tree and animator without telling anyone (a restore
    /// leaves out what was added after its snapshot; `willMove(to:)` is not called).
    func leaveForRestore() {
        parent = nil
        dynamicAnimator = nil
    }

    /// The behavior's state now, as a function that puts it back (an animator's snapshot,
    /// DynamicAnimator+Snapshot.swift): its place in the tree, its action and its items, and
    /// what each built-in keeps (their overrides call this first). The animator puts its own
    /// state and the world's back after these, so what a property's observer marks on the
    /// animator while restoring is overwritten. `willMove(to:)` is not called.
    func savedState() -> () -> Void {
        let children = childBehaviors, parent = parent, animator = dynamicAnimator, action = action
        let height = treeHeight, items = embedderItems
        return { [self] in
            childBehaviors = children
            self.parent = parent
            dynamicAnimator = animator
            self.action = action
            treeHeight = height
            embedderItems = items
        }
    }
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
