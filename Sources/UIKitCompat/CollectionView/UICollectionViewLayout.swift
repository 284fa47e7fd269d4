import Foundation
import Dynamics

/// What an invalidation of a layout covers (UIKit's `UICollectionViewLayoutInvalidationContext`).
/// `invalidateLayout()` invalidates everything; a bounds change or a dynamic animator's frame
/// invalidates less, so a layout may keep what it computed (the flow layout keeps its grid).
open class UICollectionViewLayoutInvalidationContext {
    /// Everything: the layout recomputes all it caches (`invalidateLayout()`).
    open internal(set) var invalidateEverything = false
    /// The data source's counts changed (`reloadData()`, batch updates).
    open internal(set) var invalidateDataSourceCounts = false
    /// How the content offset is to change with the new layout (points).
    open var contentOffsetAdjustment: CGPoint = .zero
    /// How the content size is to change with the new layout (points).
    open var contentSizeAdjustment: CGSize = .zero
    /// The items whose layout is invalidated (nil: none named; a self-sizing cell's new size
    /// names its item).
    open private(set) var invalidatedItemIndexPaths: [IndexPath]?

    /// Names items whose layout is invalidated.
    open func invalidateItems(at indexPaths: [IndexPath]) {
        invalidatedItemIndexPaths = (invalidatedItemIndexPaths ?? []) + indexPaths
    }

    public required init() {}
}

/// The base of every collection view layout (UIKit's `UICollectionViewLayout`): an open class
/// with UIKit's override points. The collection view asks it, in a layout pass:
/// `prepare()` once after each invalidation, then `collectionViewContentSize` and
/// `layoutAttributesForElements(in:)` for the visible rectangle. A bounds change (scrolling)
/// asks `shouldInvalidateLayout(forBoundsChange:)` first, with the collection view's bounds
/// still the old ones.
///
/// `invalidateLayout()` and `invalidateLayout(with:)` mark the layout for a new `prepare()`
/// and the collection view for a layout pass (at the end of the main loop's frame, or at its
/// next `layoutIfNeeded()`); a subclass that overrides `invalidateLayout(with:)` calls super.
open class UICollectionViewLayout: NSObject {
    /// The collection view using this layout (set by the collection view).
    open internal(set) weak var collectionView: UICollectionView?
    /// True from an invalidation until the next `prepare()`.
    var needsPrepare = true
    /// Decoration view classes by kind (`register(_:forDecorationViewOfKind:)`).
    var decorationClasses: [String: UICollectionReusableView.Type] = [:]

    public override init() {
        super.init()
    }

    /// There is nothing to decode on this platform: a new layout.
    public required init?(coder: NSCoder) {
        super.init()
    }

    // MARK: Override points

    /// Called once before a layout pass that follows an invalidation: compute and cache here.
    open func prepare() {}

    /// The size of the whole content (points); zero by default.
    open var collectionViewContentSize: CGSize { .zero }

    /// The attributes of every element whose frame meets `rect` (content coordinates).
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    /// The attributes of the cell at `indexPath`.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// The attributes of the supplementary view of `elementKind` at `indexPath`.
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// The attributes of the decoration view of `elementKind` at `indexPath`.
    open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// Whether a change of the collection view's bounds to `newBounds` (a scroll: a new
    /// origin; a resize: a new size) needs a new layout. Asked before the bounds change, so
    /// `collectionView.bounds` is still the old rectangle. false by default.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// The context `invalidateLayout(with:)` receives when `shouldInvalidateLayout(forBoundsChange:)`
    /// returned true: an instance of `invalidationContextClass`.
    open func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        (type(of: self).invalidationContextClass as! UICollectionViewLayoutInvalidationContext.Type).init()
    }

    /// The class of the contexts this layout makes.
    open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }

    /// The class of the attributes this layout makes (a subclass of `UICollectionViewLayoutAttributes`).
    open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }

    /// Where scrolling that would stop at `proposedContentOffset`, leaving the finger at
    /// `velocity` (points per millisecond), stops instead; the proposal by default.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint,
                                  withScrollingVelocity velocity: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    /// Where the content offset goes after a new layout (a data change); the proposal by default.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    // MARK: Self-sizing

    /// Whether a cell's preferred attributes (its `preferredLayoutAttributesFitting(_:)`),
    /// which differ from `originalAttributes`, invalidate the layout (default false; a flow
    /// layout with an `estimatedItemSize` says true when the size differs).
    open func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                     withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool {
        false
    }

    /// The invalidation for a cell's preferred attributes: one naming its item.
    open func invalidationContext(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                  withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutInvalidationContext {
        let context = (type(of: self).invalidationContextClass as! UICollectionViewLayoutInvalidationContext.Type).init()
        context.invalidateItems(at: [originalAttributes.indexPath])
        return context
    }

    /// Whether the next layout pass asks every shown cell for its preferred attributes, not only
    /// the cells it newly shows (set by an invalidation of everything or of the counts).
    var needsPreferredAttributes = true

    /// Told the changes of a batch update before the layout pass that shows them.
    open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {}

    /// Told when a batch update's layout pass is done.
    open func finalizeCollectionViewUpdates() {}

    // MARK: Invalidation

    /// Invalidates everything: the next layout pass calls `prepare()` and asks again.
    open func invalidateLayout() {
        let context = (type(of: self).invalidationContextClass as! UICollectionViewLayoutInvalidationContext.Type).init()
        context.invalidateEverything = true
        invalidateLayout(with: context)
    }

    /// Invalidates what `context` says; the next layout pass calls `prepare()`. A subclass
    /// that overrides it reads the context and calls super.
    open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        needsPrepare = true
        if context.invalidateEverything || context.invalidateDataSourceCounts { needsPreferredAttributes = true }
        collectionView?.layoutDidInvalidate()
    }

    // MARK: Decoration views

    /// Registers the view class that shows decoration views of `elementKind` (a subclass of
    /// `UICollectionReusableView`; nil removes it).
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        guard let viewClass else { decorationClasses[elementKind] = nil; return }
        guard let type = viewClass as? UICollectionReusableView.Type else {
            UIKitInput.report("\(Swift.type(of: self))", "register(_:forDecorationViewOfKind:)",
                              "\(viewClass) is not a subclass of UICollectionReusableView (kind \"\(elementKind)\")")
            return
        }
        decorationClasses[elementKind] = type
    }

    /// New attributes of `layoutAttributesClass` for the element at `indexPath`: a cell when
    /// `kind` is nil, else a supplementary view of that kind.
    func makeAttributes(at indexPath: IndexPath, supplementaryKind kind: String? = nil) -> UICollectionViewLayoutAttributes {
        let type = (Swift.type(of: self).layoutAttributesClass as? UICollectionViewLayoutAttributes.Type) ?? UICollectionViewLayoutAttributes.self
        let a = type.init()
        a.indexPath = indexPath
        if let kind {
            a.representedElementCategory = .supplementaryView
            a.representedElementKind = kind
        }
        return a
    }
}

/// One change of a batch update, as the layout is told it (UIKit's `UICollectionViewUpdateItem`).
open class UICollectionViewUpdateItem: NSObject {
    public enum Action: Int, Sendable {
        case insert, delete, reload, move, none
    }

    /// Where the element was before the update (nil for an insertion). A path with one index
    /// names a whole section.
    open private(set) var indexPathBeforeUpdate: IndexPath?
    /// Where the element is after the update (nil for a deletion).
    open private(set) var indexPathAfterUpdate: IndexPath?
    open private(set) var updateAction: Action

    init(action: Action, before: IndexPath?, after: IndexPath?) {
        updateAction = action
        indexPathBeforeUpdate = before
        indexPathAfterUpdate = after
        super.init()
    }
}
