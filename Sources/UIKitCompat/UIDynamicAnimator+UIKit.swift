import Foundation
import Dynamics

// UIKit's dynamic animator is `DynamicAnimator` itself (`UIDynamicAnimator` is its UIKit
// name), an open class: subclass it, or add `open` members in an extension, as on iOS. Being
// the same class keeps UIKit's signatures that name it (a behavior's `dynamicAnimator`,
// `willMove(to:)` overrides) as written.
//
// It runs itself on the main loop, as UIKit's does: an animator made with a reference view or
// a layout (on any thread), and every animator made on the main thread, steps on the main loop
// of the thread that made it (`MainLoop.current`, at `UIScreen.main`'s rate) while it is
// running (it has behaviors and something to move), pauses when everything rests and resumes
// on the next change. App code never calls `step`: `RunLoop.main.run(until:)` on the main
// thread, or the loop's `advance(frames:)` and `run(for:)`, move it. Calling `step(_:)`
// yourself stays valid (ports that drive their animator by hand do; a loop that is never run
// steps nothing).

extension DynamicAnimator {
    /// An animator whose reference system is `view`'s bounds (UIKit's
    /// `UIDynamicAnimator(referenceView:)`): items are subviews of `view`, their centers in its
    /// coordinates, and `translatesReferenceBoundsIntoBoundary` uses its bounds.
    ///
    /// Unlike UIKit, the bounds are read once, here: resizing the view later does not move the
    /// boundary (make a new animator, or use explicit boundaries, for that).
    public convenience init(referenceView view: UIView) {
        self.init(referenceBounds: view.bounds)
        uikitState.referenceView = view
        joinThreadRegistry()
        MainLoop.current.animatorMade()
    }

    /// An animator whose items are layout attributes of `layout`, in its content coordinates
    /// (UIKit's `UIDynamicAnimator(collectionViewLayout:)`). A main-loop frame in which the
    /// animator ran invalidates the layout (without recomputing a flow layout's grid), so the
    /// collection view applies the attributes in its layout pass. The coordinates have no
    /// reference bounds: a collision boundary must be given explicitly.
    public convenience init(collectionViewLayout layout: UICollectionViewLayout) {
        self.init()
        uikitState.layout = layout
        joinThreadRegistry()
        MainLoop.current.animatorMade()
    }

    /// The view given to `init(referenceView:)`, while it exists; nil for an animator made
    /// otherwise.
    public var referenceView: UIView? { embedder[UIKitAnimatorState.self]?.referenceView }

    /// The layout given to `init(collectionViewLayout:)`, while it exists.
    public var collectionViewLayout: UICollectionViewLayout? { embedder[UIKitAnimatorState.self]?.layout }

    /// The attributes of the cell at `indexPath` among the animator's items, if there.
    public func layoutAttributesForCell(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        indexedAttributes()[ElementKey(cell: indexPath)]
    }

    /// The attributes of the supplementary view of `kind` at `indexPath` among the items.
    public func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        indexedAttributes()[ElementKey(category: .supplementaryView, kind: kind, indexPath: indexPath)]
    }

    /// The attributes of the decoration view of `decorationViewKind` at `indexPath` among the items.
    public func layoutAttributesForDecorationView(ofKind decorationViewKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        indexedAttributes()[ElementKey(category: .decorationView, kind: decorationViewKind, indexPath: indexPath)]
    }

    // MARK: Main loop

    /// One frame of the main loop: steps the animator if it is running; a layout's animator
    /// then invalidates its layout, since its items moved.
    func runFrame(_ dt: TimeInterval) {
        guard isRunning, !isStepping else { return }
        step(dt)
        guard let layout = embedder[UIKitAnimatorState.self]?.layout else { return }
        let type = Swift.type(of: layout).invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type
        let context = (type ?? UICollectionViewLayoutInvalidationContext.self).init()
        if let flow = context as? UICollectionViewFlowLayoutInvalidationContext {
            flow.invalidateFlowLayoutAttributes = false
            flow.invalidateFlowLayoutDelegateMetrics = false
        }
        layout.invalidateLayout(with: context)
    }

    /// The UIKit state kept with the animator, made on first use.
    private var uikitState: UIKitAnimatorState {
        if let s = embedder[UIKitAnimatorState.self] { return s }
        let s = UIKitAnimatorState()
        embedder[UIKitAnimatorState.self] = s
        return s
    }

    /// The layout attributes among the items, by element; indexed again when the items changed.
    private func indexedAttributes() -> [ElementKey: UICollectionViewLayoutAttributes] {
        let state = uikitState
        let items = worldItems // applies pending changes, which may change the version
        if state.indexedVersion != itemSetVersion {
            state.attributesIndex.removeAll(keepingCapacity: true)
            for case let a as UICollectionViewLayoutAttributes in items { state.attributesIndex[ElementKey(a)] = a }
            state.indexedVersion = itemSetVersion
        }
        return state.attributesIndex
    }
}

/// What UIKitCompat keeps with an animator (in its `embedder` slot).
final class UIKitAnimatorState {
    weak var referenceView: UIView?
    weak var layout: UICollectionViewLayout?
    var attributesIndex: [ElementKey: UICollectionViewLayoutAttributes] = [:]
    var indexedVersion = -1
}
