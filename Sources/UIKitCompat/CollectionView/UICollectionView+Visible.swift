import Foundation
import Dynamics

// What is shown now: the visible cells and supplementary views, hit testing, scrolling to an item.

extension UICollectionView {
    // MARK: Visible elements

    /// The cells shown now, in index-path order.
    public var visibleCells: [UICollectionViewCell] {
        updateIfNeeded()
        return visibleViews.filter { $0.key.category == .cell }
            .sorted { $0.key.indexPath < $1.key.indexPath }
            .compactMap { $0.value as? UICollectionViewCell }
    }

    /// The index paths of the cells shown now, in order.
    public var indexPathsForVisibleItems: [IndexPath] {
        updateIfNeeded()
        return visibleViews.keys.filter { $0.category == .cell }.map(\.indexPath).sorted()
    }

    /// The index path of a cell shown now; nil for a cell that is not shown.
    public func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
        updateIfNeeded()
        return visibleViews.first { $0.key.category == .cell && $0.value === cell }?.key.indexPath
    }

    /// The cell shown for the item at `indexPath`; nil when it is not shown (also for an
    /// index path outside the data, as in UIKit).
    public func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        updateIfNeeded()
        return visibleViews[ElementKey(cell: indexPath)] as? UICollectionViewCell
    }

    /// The supplementary view of `elementKind` shown at `indexPath`, if any.
    public func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        updateIfNeeded()
        return visibleViews.first { $0.key.category == .supplementaryView && $0.key.kind == elementKind && $0.key.indexPath == indexPath }?.value
    }

    /// The supplementary views of `elementKind` shown now, in index-path order.
    public func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
        updateIfNeeded()
        return visibleViews.filter { $0.key.category == .supplementaryView && $0.key.kind == elementKind }
            .sorted { $0.key.indexPath < $1.key.indexPath }.map(\.value)
    }

    /// The index path of the item whose cell is at `point` (content coordinates), if one is shown there.
    public func indexPathForItem(at point: CGPoint) -> IndexPath? {
        updateIfNeeded()
        return visibleViews.filter { $0.key.category == .cell && !$0.value.isHidden && $0.value.frame.contains(point) }
            .max { ($0.value.layer.zPosition, $1.key.indexPath) < ($1.value.layer.zPosition, $0.key.indexPath) }?.key.indexPath
    }

    /// The layout's attributes for the item at `indexPath`.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    /// Where to put an item when scrolling to it (UIKit's `UICollectionView.ScrollPosition`).
    public struct ScrollPosition: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// Scrolls so the item at `indexPath` sits at `scrollPosition` (within the offset range);
    /// an index path outside the data is reported (UIKit raises).
    public func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        guard contains(item: indexPath) else {
            UIKitInput.report("UICollectionView", "scrollToItem(at:at:animated:)",
                              "index path \(indexPath) is outside the data (\(loadCounts().count) sections)")
            return
        }
        updateIfNeeded()
        guard let a = collectionViewLayout.layoutAttributesForItem(at: indexPath) else { return }
        let f = a.frame, i = adjustedContentInset
        var target = contentOffset
        if scrollPosition.contains(.top) { target.y = f.minY - i.top }
        if scrollPosition.contains(.centeredVertically) { target.y = f.midY - (bounds.height - i.top - i.bottom) / 2 - i.top }
        if scrollPosition.contains(.bottom) { target.y = f.maxY - bounds.height + i.bottom }
        if scrollPosition.contains(.left) { target.x = f.minX - i.left }
        if scrollPosition.contains(.centeredHorizontally) { target.x = f.midX - (bounds.width - i.left - i.right) / 2 - i.left }
        if scrollPosition.contains(.right) { target.x = f.maxX - bounds.width + i.right }
        setContentOffset(clampedOffset(target), animated: animated)
    }
}
