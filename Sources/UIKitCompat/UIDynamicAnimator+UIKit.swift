import Foundation
import Dynamics

extension DynamicAnimator {
    /// An animator whose reference system is `view`'s bounds (UIKit's
    /// `UIDynamicAnimator(referenceView:)`): items are subviews of `view`, their centers in its
    /// coordinates, and `translatesReferenceBoundsIntoBoundary` uses its bounds.
    ///
    /// Unlike UIKit, the bounds are read once, here: resizing the view later does not move the
    /// boundary (make a new animator, or use explicit boundaries, for that).
    public convenience init(referenceView view: UIView) {
        self.init(referenceBounds: view.bounds)
        ReferenceViews.shared.set(view, for: self)
    }

    /// The view given to `init(referenceView:)`, while it exists; nil for an animator made
    /// with reference bounds or abstract coordinates.
    public var referenceView: UIView? { ReferenceViews.shared.view(for: self) }
}

/// Weak pairs animator → reference view (`DynamicAnimator` is final and has no room for it).
private final class ReferenceViews: @unchecked Sendable {
    static let shared = ReferenceViews()

    private struct Entry {
        weak var animator: DynamicAnimator?
        weak var view: UIView?
    }

    private let lock = NSLock()
    private var entries: [Entry] = []

    func set(_ view: UIView, for animator: DynamicAnimator) {
        lock.lock(); defer { lock.unlock() }
        entries.removeAll { $0.animator == nil || $0.animator === animator }
        entries.append(Entry(animator: animator, view: view))
    }

    func view(for animator: DynamicAnimator) -> UIView? {
        lock.lock(); defer { lock.unlock() }
        return entries.first { $0.animator === animator }?.view
    }
}
