import Foundation
import Dynamics

// Selection and highlighting, as UIKit's collection view does them.
//
// - Code selects and deselects with `selectItem(at:animated:scrollPosition:)` and
//   `deselectItem(at:animated:)`; the delegate is not told (as in UIKit).
// - A tap (`simulateTap(at:in:)`, the stand-in for a finger) on a shown cell highlights it
//   while the finger is down (`shouldHighlightItemAt`, `didHighlightItemAt`, the cell's
//   `isHighlighted`, `didUnhighlightItemAt`), then on the finger's lift, if `allowsSelection`:
//   with `allowsMultipleSelection` a selected item is deselected (`shouldDeselectItemAt`,
//   `didDeselectItemAt`) and another is added to the selection; without it the tapped item is
//   selected (`shouldSelectItemAt`, `didSelectItemAt`, again if it was already selected) and
//   the items selected before are deselected, each with `didDeselectItemAt`.
// - The cells shown for selected items have `isSelected` true; a cell dequeued for a selected
//   item gets it before `willDisplay`.
// - `reloadData()` clears the selection; a batch update moves it with the items and drops
//   the deleted and reloaded ones.

extension UICollectionView {
    /// The selected items, in index-path order (empty when none; UIKit's type is optional).
    public var indexPathsForSelectedItems: [IndexPath]? {
        selectedItems.sorted()
    }

    /// Selects the item at `indexPath` without telling the delegate, deselecting the others
    /// unless `allowsMultipleSelection`, and scrolls it to `scrollPosition` (empty: no scroll).
    /// nil deselects every item. Nothing is selected while `allowsSelection` is false. An
    /// index path outside the data is reported (UIKit raises).
    public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            for path in selectedItems { setSelected(false, at: path) }
            selectedItems = []
            return
        }
        guard contains(item: indexPath) else {
            UIKitInput.report("UICollectionView", "selectItem(at:animated:scrollPosition:)",
                              "index path \(indexPath) is outside the data (\(loadCounts().count) sections)")
            return
        }
        guard allowsSelection else { return }
        if !allowsMultipleSelection {
            for path in selectedItems where path != indexPath { setSelected(false, at: path) }
            selectedItems.removeAll { $0 != indexPath }
        }
        if !selectedItems.contains(indexPath) { selectedItems.append(indexPath) }
        setSelected(true, at: indexPath)
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects the item at `indexPath` without telling the delegate. An index path outside
    /// the data is reported (UIKit raises).
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        guard contains(item: indexPath) else {
            UIKitInput.report("UICollectionView", "deselectItem(at:animated:)",
                              "index path \(indexPath) is outside the data (\(loadCounts().count) sections)")
            return
        }
        selectedItems.removeAll { $0 == indexPath }
        setSelected(false, at: indexPath)
    }

    /// A finger's tap at `point` (in `view`'s coordinates; nil: this collection view's, that is
    /// content coordinates): highlights and selects or deselects the cell shown there, telling
    /// the delegate, as described at the top of this file. A non-finite point is reported.
    public func simulateTap(at point: CGPoint, in view: UIView? = nil) {
        guard UIKitInput.point(point, "UICollectionView", "simulateTap(at:in:)") else { return }
        let here = view.map { convert(point, from: $0) } ?? point
        guard let path = indexPathForItem(at: here) else { return }
        let d = delegate as? UICollectionViewDelegate
        guard allowsSelection else { return }
        // The finger is down: the highlight.
        let highlights = d?.collectionView(self, shouldHighlightItemAt: path) ?? true
        if highlights {
            cellForItem(at: path)?.isHighlighted = true
            d?.collectionView(self, didHighlightItemAt: path)
        }
        // The finger lifts.
        if highlights {
            cellForItem(at: path)?.isHighlighted = false
            d?.collectionView(self, didUnhighlightItemAt: path)
        }
        if allowsMultipleSelection, selectedItems.contains(path) {
            guard d?.collectionView(self, shouldDeselectItemAt: path) ?? true else { return }
            selectedItems.removeAll { $0 == path }
            setSelected(false, at: path)
            d?.collectionView(self, didDeselectItemAt: path)
            return
        }
        guard d?.collectionView(self, shouldSelectItemAt: path) ?? true else { return }
        var dropped: [IndexPath] = []
        if !allowsMultipleSelection {
            dropped = selectedItems.filter { $0 != path }
            selectedItems.removeAll { $0 != path }
            for old in dropped { setSelected(false, at: old) }
        }
        if !selectedItems.contains(path) { selectedItems.append(path) }
        setSelected(true, at: path)
        for old in dropped { d?.collectionView(self, didDeselectItemAt: old) }
        d?.collectionView(self, didSelectItemAt: path)
    }

    /// Sets the shown cell's `isSelected` (a cell not shown gets it when it is).
    private func setSelected(_ selected: Bool, at path: IndexPath) {
        (visibleViews[ElementKey(cell: path)] as? UICollectionViewCell)?.isSelected = selected
    }

    /// Whether the item at `path` is selected.
    func isItemSelected(_ path: IndexPath) -> Bool {
        !selectedItems.isEmpty && selectedItems.contains(path)
    }

    /// The selection after a batch update: each selected item at its new index path; deleted
    /// and reloaded items are no longer selected.
    func moveSelection(_ mapping: ItemMapping) {
        guard !selectedItems.isEmpty else { return }
        selectedItems = selectedItems.compactMap { mapping.newIndexPath(ofItem: $0) }
    }
}
