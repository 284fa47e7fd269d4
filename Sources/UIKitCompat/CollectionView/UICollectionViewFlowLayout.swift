import Foundation
import Dynamics

extension UICollectionView {
    /// The direction a flow layout's content scrolls in.
    public enum ScrollDirection: Int, Sendable {
        case vertical, horizontal
    }
}

/// What a flow layout's invalidation covers: besides the base context's flags, whether the
/// item sizes and spacings are asked again from the delegate and whether the grid is
/// recomputed. Both are true by default; a dynamic animator's frame invalidates with both
/// false, so the grid stays as it is.
open class UICollectionViewFlowLayoutInvalidationContext: UICollectionViewLayoutInvalidationContext {
    /// Ask the delegate again for sizes, insets and spacings.
    open var invalidateFlowLayoutDelegateMetrics = true
    /// Recompute the frames of the grid.
    open var invalidateFlowLayoutAttributes = true

    public required init() {}
}

/// The flow layout's delegate: per-section and per-item metrics, each defaulting to the
/// layout's property of the same meaning (UIKit's optional methods).
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        insetForSectionAt section: Int) -> UIEdgeInsets
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        minimumLineSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        minimumInteritemSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        referenceSizeForHeaderInSection section: Int) -> CGSize
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        referenceSizeForFooterInSection section: Int) -> CGSize
}

extension UICollectionViewDelegateFlowLayout {
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               sizeForItemAt indexPath: IndexPath) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? .zero
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               insetForSectionAt section: Int) -> UIEdgeInsets {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumLineSpacing ?? 0
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing ?? 0
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               referenceSizeForHeaderInSection section: Int) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.headerReferenceSize ?? .zero
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               referenceSizeForFooterInSection section: Int) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.footerReferenceSize ?? .zero
    }
}

/// UIKit's line-based layout (`UICollectionViewFlowLayout`): items in order, filling lines
/// across the scroll direction, section after section, each with an optional header and footer.
///
/// How a section is laid out (vertical scrolling; horizontal swaps the axes: lines are
/// columns filled top to bottom, headers and footers are columns at the section's ends):
///
/// - The header, if its reference height is > 0, spans the collection view's width (less the
///   content insets) at the top of the section; then comes `sectionInset.top`.
/// - Items fill a line left to right while they fit in the width left by the content insets
///   and `sectionInset.left`/`.right`, at least `minimumInteritemSpacing` apart. The line is
///   as tall as its tallest item; each item is centered vertically in it. Lines are
///   `minimumLineSpacing` apart.
/// - Every line but the section's last is justified: the space left over is shared equally
///   between the gaps, so the first item touches the left inset and the last the right inset.
///   A line holding a single item (it is followed by one too wide to join it) centers it.
/// - The section's last line starts at the left inset. When all the section's items have the
///   same width, its gaps are those of a full justified line of such items, so its items sit
///   in the columns of the lines above (a grid); otherwise they are `minimumInteritemSpacing`
///   apart.
/// - Then `sectionInset.bottom` and the footer, if its reference height is > 0. An empty
///   section still has its header, insets and footer.
///
/// Frames are exact (not rounded to pixels). Sizes, insets and spacings come from the
/// collection view's delegate where it adopts `UICollectionViewDelegateFlowLayout`, else
/// from the properties below. A size that is negative, NaN, infinite or larger than
/// `Limits.length` is reported (see `UIKitInput`) and `itemSize` (or zero, for a header or
/// footer) is used instead; a bad inset or spacing is reported and zero used.
///
/// The grid is computed in `prepare()` after an invalidation that covers it (any but a
/// dynamic animator's frame or a scroll) and kept: `layoutAttributesForElements(in:)` finds
/// the lines in a rectangle by binary search, and returns the layout's own attributes
/// objects, as UIKit's does: copy them before changing them.
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// The size of every item, unless the delegate gives sizes (points; UIKit's default 50 × 50).
    open var itemSize = CGSize(width: 50, height: 50) {
        didSet { guard UIKitInput.size(itemSize, "UICollectionViewFlowLayout", "itemSize") else { itemSize = oldValue; return }; invalidateLayout() }
    }
    /// The least distance between lines (points; default 10; negative overlaps them).
    open var minimumLineSpacing: CGFloat = 10 {
        didSet { guard UIKitInput.finite(minimumLineSpacing, "UICollectionViewFlowLayout", "minimumLineSpacing") else { minimumLineSpacing = oldValue; return }; invalidateLayout() }
    }
    /// The least distance between items of a line (points; default 10).
    open var minimumInteritemSpacing: CGFloat = 10 {
        didSet { guard UIKitInput.finite(minimumInteritemSpacing, "UICollectionViewFlowLayout", "minimumInteritemSpacing") else { minimumInteritemSpacing = oldValue; return }; invalidateLayout() }
    }
    /// The size of section headers: its height is used when scrolling vertically, its width
    /// when scrolling horizontally (points; zero: no headers).
    open var headerReferenceSize: CGSize = .zero {
        didSet { guard UIKitInput.size(headerReferenceSize, "UICollectionViewFlowLayout", "headerReferenceSize") else { headerReferenceSize = oldValue; return }; invalidateLayout() }
    }
    /// The size of section footers, as `headerReferenceSize`.
    open var footerReferenceSize: CGSize = .zero {
        didSet { guard UIKitInput.size(footerReferenceSize, "UICollectionViewFlowLayout", "footerReferenceSize") else { footerReferenceSize = oldValue; return }; invalidateLayout() }
    }
    /// Space around each section's items (points).
    open var sectionInset: UIEdgeInsets = .zero {
        didSet { guard UIKitInput.insets(sectionInset, "UICollectionViewFlowLayout", "sectionInset") else { sectionInset = oldValue; return }; invalidateLayout() }
    }
    /// Self-sizing cells: zero (the default) lays items out at `itemSize` or the delegate's
    /// sizes; any other size turns self-sizing on. Items are first laid out at this size
    /// (`UICollectionViewFlowLayout.automaticSize`: at `itemSize` or the delegate's size), then
    /// at the size each cell prefers once it is shown (`preferredLayoutAttributesFitting(_:)`),
    /// which the layout keeps until the data is reloaded.
    open var estimatedItemSize: CGSize = .zero {
        didSet {
            guard estimatedItemSize == UICollectionViewFlowLayout.automaticSize
                    || UIKitInput.size(estimatedItemSize, "UICollectionViewFlowLayout", "estimatedItemSize") else {
                estimatedItemSize = oldValue
                return
            }
            invalidateLayout()
        }
    }
    /// The `estimatedItemSize` that estimates each item at its `itemSize` or delegate size.
    public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)
    /// Whether items size themselves (`estimatedItemSize` is not zero).
    var isSelfSizing: Bool { estimatedItemSize != .zero }
    /// The sizes the cells preferred, by index path (self-sizing).
    var preferredSizes: [IndexPath: CGSize] = [:]

    /// Vertical (lines are rows) or horizontal (lines are columns).
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical {
        didSet { if scrollDirection != oldValue { invalidateLayout() } }
    }

    /// The computed grid; `needsGrid` until the next `prepare()` after an invalidation.
    var grid = FlowGrid()
    var needsGrid = true

    open override class var invalidationContextClass: AnyClass { UICollectionViewFlowLayoutInvalidationContext.self }

    open override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        if context.invalidateEverything || context.invalidateDataSourceCounts {
            needsGrid = true
        } else if let flow = context as? UICollectionViewFlowLayoutInvalidationContext,
                  flow.invalidateFlowLayoutAttributes || flow.invalidateFlowLayoutDelegateMetrics {
            needsGrid = true
        } else if context.invalidatedItemIndexPaths?.isEmpty == false {
            needsGrid = true
        }
        super.invalidateLayout(with: context)
    }

    open override func prepare() {
        super.prepare()
        guard let cv = collectionView else { grid = FlowGrid(); return }
        if needsGrid || grid.extent != acrossExtent(of: cv) || grid.direction != scrollDirection {
            grid = computeGrid(for: cv)
            needsGrid = false
        }
    }

    open override var collectionViewContentSize: CGSize { grid.contentSize }

    /// With self-sizing on, a cell's preferred size that differs from its laid-out one
    /// invalidates the layout.
    open override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                              withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool {
        isSelfSizing && originalAttributes.representedElementCategory == .cell && preferredAttributes.size != originalAttributes.size
    }

    /// Keeps the cell's preferred size for its item and names the item; the grid is laid out
    /// anew with it (the items after it move), keeping the delegate's metrics.
    open override func invalidationContext(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                           withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
        if isSelfSizing { preferredSizes[originalAttributes.indexPath] = preferredAttributes.size }
        if let flow = context as? UICollectionViewFlowLayoutInvalidationContext {
            flow.invalidateFlowLayoutDelegateMetrics = false
            flow.invalidateFlowLayoutAttributes = true
        }
        return context
    }

    /// The preferred sizes after a batch update, at their items' new index paths.
    func movePreferredSizes(_ mapping: ItemMapping) {
        guard !preferredSizes.isEmpty else { return }
        var moved: [IndexPath: CGSize] = [:]
        for (path, size) in preferredSizes { if let to = mapping.newIndexPath(ofItem: path) { moved[to] = size } }
        preferredSizes = moved
    }

    /// A bounds change invalidates the layout when the size changes (a resize), not when only
    /// the origin does (a scroll).
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let cv = collectionView else { return false }
        return newBounds.size != cv.bounds.size
    }

    open override func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(forBoundsChange: newBounds)
        if let flow = context as? UICollectionViewFlowLayoutInvalidationContext {
            flow.invalidateFlowLayoutDelegateMetrics = false
            flow.invalidateFlowLayoutAttributes = newBounds.size != collectionView?.bounds.size
        }
        return context
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        grid.attributes(in: rect)
    }

    /// The attributes of the cell at `indexPath`; an index path outside the data is reported
    /// (UIKit raises) and gives nil.
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < grid.sections.count,
              indexPath.item >= 0, indexPath.item < grid.sections[indexPath.section].cells.count else {
            UIKitInput.report("\(type(of: self))", "layoutAttributesForItem(at:)",
                              "index path \(indexPath) is outside the data (\(grid.sections.count) sections; \(grid.sectionCountsDescription))")
            return nil
        }
        return grid.sections[indexPath.section].cells[indexPath.item]
    }

    /// The header or footer of section `indexPath.section`; nil where that section has none
    /// (its reference size is zero) or the kind is another.
    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count >= 1, indexPath[0] >= 0, indexPath[0] < grid.sections.count else {
            UIKitInput.report("\(type(of: self))", "layoutAttributesForSupplementaryView(ofKind:at:)",
                              "index path \(indexPath) names no section (there are \(grid.sections.count))")
            return nil
        }
        let s = grid.sections[indexPath[0]]
        switch elementKind {
        case UICollectionView.elementKindSectionHeader: return s.header
        case UICollectionView.elementKindSectionFooter: return s.footer
        default: return nil
        }
    }

    /// The extent across the scroll direction that lines fill: the collection view's width
    /// (vertical) or height (horizontal), less its adjusted content insets.
    func acrossExtent(of cv: UICollectionView) -> CGFloat {
        let inset = cv.adjustedContentInset
        return scrollDirection == .vertical
            ? cv.bounds.width - inset.left - inset.right
            : cv.bounds.height - inset.top - inset.bottom
    }
}
