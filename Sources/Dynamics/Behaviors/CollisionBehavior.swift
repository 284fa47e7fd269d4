import Foundation

/// Told when items touch each other or a boundary (UICollisionBehaviorDelegate).
///
/// Unlike UIKit, a resting contact reports `began` once and `ended` once, when the two
/// really separate (beyond the speculative distance, about 2 pt plus one step of motion),
/// not on every micro-bounce. Callbacks come after the frame's positions are written back,
/// began before ended. Each `began` gets exactly one `ended`, also when the contact ends
/// because an item or boundary left the behavior, its mode changed or it left the animator
/// (told with the next frame's callbacks); a delegate set while a contact is open hears
/// neither. A contact is one per pair of parties (an item touching a boundary with two of its
/// segments, in a corner, hears one), and one that ends and begins again within one frame
/// reports nothing. Every method has an empty default.
public protocol CollisionBehaviorDelegate: AnyObject {
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem,
                           with item2: DynamicItem, at point: CGPoint)
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem,
                           with item2: DynamicItem)
    /// `identifier` is nil for the reference-bounds boundary.
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                           withBoundaryIdentifier identifier: AnyHashable?, at point: CGPoint)
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem,
                           withBoundaryIdentifier identifier: AnyHashable?)
}

extension CollisionBehaviorDelegate {
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem,
                                  with item2: DynamicItem, at point: CGPoint) {}
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem,
                                  with item2: DynamicItem) {}
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                                  withBoundaryIdentifier identifier: AnyHashable?, at point: CGPoint) {}
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem,
                                  withBoundaryIdentifier identifier: AnyHashable?) {}
}

/// Makes its items collide with each other and with boundaries (UICollisionBehavior).
///
/// Two items collide when some collision behavior with `.items` in its mode holds both; an
/// item collides with the boundaries of the collision behaviors with `.boundaries` that
/// hold it. Boundaries are two-sided lines; a path boundary is flattened (curves within
/// 0.25 pt). Boundaries have elasticity 0 and friction 0.2 unless set here.
open class CollisionBehavior: DynamicBehavior {
    /// See `DynamicBehavior.savedState()`.
    override func savedState() -> () -> Void {
        let base = super.savedState()
        let list = self.list, boundaries = self.boundaries, boundaryVersion = self.boundaryVersion, referenceInsets = self.referenceInsets, collisionMode = self.collisionMode, boundaryElasticity = self.boundaryElasticity, boundaryFriction = self.boundaryFriction
        return { [self] in
            base()
            self.list = list
            self.boundaries = boundaries
            self.referenceInsets = referenceInsets
            self.collisionMode = collisionMode
            self.boundaryElasticity = boundaryElasticity
            self.boundaryFriction = boundaryFriction
            self.boundaryVersion = boundaryVersion // last: the observers above advance it
        }
    }

    public struct Mode: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let items = Mode(rawValue: 1)
        public static let boundaries = Mode(rawValue: 2)
        public static let everything: Mode = [.items, .boundaries]
    }

    private var list: ItemList
    private(set) var boundaries: [(identifier: AnyHashable, path: BezierPath)] = []
    /// Bumped whenever boundaries or the reference-bounds setting change.
    private(set) var boundaryVersion = 0
    /// The insets of the reference-bounds boundary, or nil when the bounds are no boundary.
    public private(set) var referenceInsets: EdgeInsets?

    public weak var collisionDelegate: CollisionBehaviorDelegate?

    public init(items: [DynamicItem] = []) {
        list = ItemList(items)
        super.init()
    }

    public var items: [DynamicItem] { list.items }
    override var ownItems: [DynamicItem] { list.items }
    func contains(_ item: DynamicItem) -> Bool { list.contains(item) }

    public func addItem(_ item: DynamicItem) { if list.insert(item) { setNeedsUpdate() } }
    public func removeItem(_ item: DynamicItem) { if list.remove(item) { setNeedsUpdate() } }

    public var collisionMode: Mode = .everything { didSet { setNeedsUpdate() } }

    /// Elasticity of this behavior's boundaries (0…1; default 0). A contact uses the larger
    /// of the two elasticities.
    public var boundaryElasticity: CGFloat = 0 {
        didSet {
            guard accept({ try Validate.nonNegative(boundaryElasticity, "CollisionBehavior", "boundaryElasticity") }) else { boundaryElasticity = oldValue; return }
            boundaryVersion += 1; setNeedsUpdate()
        }
    }
    /// Friction of this behavior's boundaries (default 0.2); a contact uses the geometric mean.
    public var boundaryFriction: CGFloat = 0.2 {
        didSet {
            guard accept({ try Validate.nonNegative(boundaryFriction, "CollisionBehavior", "boundaryFriction") }) else { boundaryFriction = oldValue; return }
            boundaryVersion += 1; setNeedsUpdate()
        }
    }

    /// Makes the animator's reference bounds a boundary (identifier nil in callbacks).
    /// Ignored by an animator without reference bounds, as UIKit ignores it (Swift stays
    /// permissive; an embedder may refuse it there, since items then fall forever).
    public var translatesReferenceBoundsIntoBoundary: Bool {
        get { referenceInsets != nil }
        set { setReferenceInsets(newValue ? EdgeInsets(top: 0, left: 0, bottom: 0, right: 0) : nil) }
    }

    /// The reference bounds inset by `insets` (points) become a boundary. Each inset must be
    /// finite and within ±`Limits.coordinate`, and the inset bounds must keep a positive
    /// width and height (`Validate.insets`): checked here when the behavior is in an
    /// animator with bounds, else when it joins one (`DynamicAnimator.addBehavior`,
    /// `addChildBehavior`), which is refused if they do not fit.
    public func setTranslatesReferenceBoundsIntoBoundary(with insets: EdgeInsets) {
        guard accept({
            try Validate.insets(insets, in: dynamicAnimator?.referenceBounds, "CollisionBehavior", "insets")
        }) else { return }
        setReferenceInsets(insets)
    }

    private func setReferenceInsets(_ insets: EdgeInsets?) {
        referenceInsets = insets
        boundaryVersion += 1
        setNeedsUpdate()
    }

    /// Adds (or replaces) a boundary along a path: each subpath becomes a chain of
    /// two-sided segments, closed subpaths closed.
    public func addBoundary(withIdentifier identifier: AnyHashable, for path: BezierPath) {
        for line in path.flattened() {
            for p in line.points { guard accept({ try Validate.finite(p, "CollisionBehavior boundary \(identifier)", "path") }) else { return } }
        }
        removeBoundaryQuietly(identifier)
        boundaries.append((identifier, path.copy()))
        boundaryVersion += 1
        setNeedsUpdate()
    }

    /// Adds (or replaces) a straight boundary from `p1` to `p2`.
    public func addBoundary(withIdentifier identifier: AnyHashable, from p1: CGPoint, to p2: CGPoint) {
        guard accept({
            try Validate.finite(p1, "CollisionBehavior boundary \(identifier)", "from")
            try Validate.finite(p2, "CollisionBehavior boundary \(identifier)", "to")
        }) else { return }
        let path = BezierPath()
        path.move(to: p1)
        path.addLine(to: p2)
        addBoundary(withIdentifier: identifier, for: path)
    }

    /// The path elements of all boundaries added by identifier (a straight boundary has 2).
    /// O(boundaries). An embedder that charges memory by size reads it (see `EmbedderSlot`).
    public var boundaryElementCount: Int { boundaries.reduce(0) { $0 + $1.path.elements.count } }

    public func removeBoundary(withIdentifier identifier: AnyHashable) {
        if removeBoundaryQuietly(identifier) { boundaryVersion += 1; setNeedsUpdate() }
    }

    @discardableResult
    private func removeBoundaryQuietly(_ identifier: AnyHashable) -> Bool {
        guard let i = boundaries.firstIndex(where: { $0.identifier == identifier }) else { return false }
        boundaries.remove(at: i)
        return true
    }

    public func removeAllBoundaries() {
        guard !boundaries.isEmpty else { return }
        boundaries.removeAll()
        boundaryVersion += 1
        setNeedsUpdate()
    }

    /// In the order they were added.
    public var boundaryIdentifiers: [AnyHashable] { boundaries.map(\.identifier) }

    public func boundary(withIdentifier identifier: AnyHashable) -> BezierPath? {
        boundaries.first { $0.identifier == identifier }?.path.copy()
    }
}
