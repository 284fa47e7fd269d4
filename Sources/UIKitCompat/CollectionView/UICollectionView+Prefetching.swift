import Foundation
import Dynamics

/// Told ahead of time which items a collection view will show soon, to start loading their
/// data (UIKit's `UICollectionViewDataSourcePrefetching`).
public protocol UICollectionViewDataSourcePrefetching: AnyObject {
    /// Items that will probably be shown soon, nearest first.
    func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath])
    /// Items told to `prefetchItemsAt` that will no longer be shown soon (optional).
    func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

extension UICollectionViewDataSourcePrefetching {
    public func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {}
}

// When the prefetch data source is told: after each layout pass, the prefetch area is the
// bounds extended by one bounds length along the scroll axis, ahead in the direction the
// content last scrolled (toward the content's end before any scroll). Items in that area that
// are not shown and were not told before are told to `prefetchItemsAt`, nearest the bounds
// first; items told before that left the area without being shown are told to
// `cancelPrefetchingForItemsAt`; an item that is shown is no longer counted as prefetched
// (scrolling it out and back in may prefetch it again). UIKit's own look-ahead is not
// documented; this one is fixed so tests can rely on it.

extension UICollectionView {
    /// Tells the prefetch data source what entered and left the prefetch area (see above).
    func updatePrefetching() {
        guard let source = prefetchDataSource, isPrefetchingEnabled else { return }
        let layout = collectionViewLayout
        let vertical = isScrollingVertically
        let length = vertical ? bounds.height : bounds.width
        var area = bounds
        if vertical {
            area.size.height += length
            if scrollSign < 0 { area.origin.y -= length }
        } else {
            area.size.width += length
            if scrollSign < 0 { area.origin.x -= length }
        }
        var ahead: [(IndexPath, CGFloat)] = []
        for a in layout.layoutAttributesForElements(in: area) ?? [] where a.representedElementCategory == .cell {
            let path = a.indexPath
            guard contains(item: path), visibleViews[ElementKey(cell: path)] == nil else { continue }
            let f = a.frame
            let distance = vertical ? (scrollSign > 0 ? f.minY - bounds.maxY : bounds.minY - f.maxY)
                                    : (scrollSign > 0 ? f.minX - bounds.maxX : bounds.minX - f.maxX)
            ahead.append((path, distance))
        }
        let aheadSet = Set(ahead.map(\.0))
        // Items shown since they were told no longer count; those that left the area are cancelled.
        var cancelled: [IndexPath] = []
        for path in prefetchedItems where !aheadSet.contains(path) {
            if visibleViews[ElementKey(cell: path)] == nil { cancelled.append(path) }
        }
        prefetchedItems.formIntersection(aheadSet)
        let fresh = ahead.filter { !prefetchedItems.contains($0.0) }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
        prefetchedItems.formUnion(fresh)
        if !cancelled.isEmpty { source.collectionView(self, cancelPrefetchingForItemsAt: cancelled.sorted()) }
        if !fresh.isEmpty { source.collectionView(self, prefetchItemsAt: fresh) }
    }

    /// The prefetched items after a batch update, at their new index paths.
    func movePrefetched(_ mapping: ItemMapping) {
        guard !prefetchedItems.isEmpty else { return }
        prefetchedItems = Set(prefetchedItems.compactMap { mapping.newIndexPath(ofItem: $0) })
    }
}
