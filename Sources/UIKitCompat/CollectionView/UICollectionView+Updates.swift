import Foundation
import Dynamics

// reloadData and batch updates: the counts are read again, the changes are checked against
// them as UIKit checks them, and the views shown move to their items' new index paths.

/// The changes recorded inside one `performBatchUpdates` (or one `insertItems`, …).
struct BatchUpdates {
    var insertedItems: [IndexPath] = []
    var deletedItems: [IndexPath] = []
    var reloadedItems: [IndexPath] = []
    var movedItems: [(from: IndexPath, to: IndexPath)] = []
    var insertedSections = IndexSet()
    var deletedSections = IndexSet()
    var reloadedSections = IndexSet()

    var isEmpty: Bool {
        insertedItems.isEmpty && deletedItems.isEmpty && reloadedItems.isEmpty && movedItems.isEmpty
            && insertedSections.isEmpty && deletedSections.isEmpty && reloadedSections.isEmpty
    }
}

extension UICollectionView {
    func reloadAll() {
        sectionCounts = nil
        for path in selectedItems { (visibleViews[ElementKey(cell: path)] as? UICollectionViewCell)?.isSelected = false }
        selectedItems = []
        prefetchedItems = []
        (collectionViewLayout as? UICollectionViewFlowLayout)?.preferredSizes = [:]
        let gone = visibleViews
        visibleViews = [:]
        for (key, view) in gone { enqueueForReuse(view, key: key) }
        let context = (type(of: collectionViewLayout).invalidationContextClass as! UICollectionViewLayoutInvalidationContext.Type).init()
        context.invalidateEverything = true
        context.invalidateDataSourceCounts = true
        collectionViewLayout.invalidateLayout(with: context)
        setNeedsLayout()
    }

    func performUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        guard pendingUpdates == nil else { updates?(); return } // nested: part of the outer batch
        let oldCounts = loadCounts()
        pendingUpdates = BatchUpdates()
        updates?()
        let batch = pendingUpdates ?? BatchUpdates()
        pendingUpdates = nil
        apply(batch, oldCounts: oldCounts)
        completion?(true)
    }

    /// Records a change in the batch under way, or makes a batch of it alone.
    func record(_ change: (inout BatchUpdates) -> Void) {
        if pendingUpdates != nil {
            change(&pendingUpdates!)
            return
        }
        let oldCounts = loadCounts()
        var batch = BatchUpdates()
        change(&batch)
        apply(batch, oldCounts: oldCounts)
    }

    /// Checks the batch against the old and new counts, then moves the views shown.
    func apply(_ batch: BatchUpdates, oldCounts: [Int]) {
        let newCounts = readCounts()
        if let problem = check(batch, old: oldCounts, new: newCounts) {
            UIKitInput.report("UICollectionView", "performBatchUpdates(_:completion:)", "invalid update: \(problem); the data is reloaded instead")
            reloadAll()
            layoutIfNeeded()
            return
        }
        sectionCounts = newCounts
        let mapping = ItemMapping(batch, old: oldCounts, new: newCounts)
        var moved: [ElementKey: UICollectionReusableView] = [:]
        for (key, view) in visibleViews {
            var newKey = key
            switch key.category {
            case .cell:
                guard let to = mapping.newIndexPath(ofItem: key.indexPath) else {
                    tellEndedDisplaying(view, key)
                    enqueueForReuse(view, key: key)
                    continue
                }
                newKey.indexPath = to
            case .supplementaryView, .decorationView:
                guard key.indexPath.count >= 1, let s = mapping.newSection(of: key.indexPath[0]) else {
                    tellEndedDisplaying(view, key)
                    enqueueForReuse(view, key: key)
                    continue
                }
                newKey.indexPath[0] = s
            }
            moved[newKey] = view
        }
        visibleViews = moved
        moveSelection(mapping)
        movePrefetched(mapping)
        (collectionViewLayout as? UICollectionViewFlowLayout)?.movePreferredSizes(mapping)

        let context = (type(of: collectionViewLayout).invalidationContextClass as! UICollectionViewLayoutInvalidationContext.Type).init()
        context.invalidateDataSourceCounts = true
        collectionViewLayout.invalidateLayout(with: context)
        collectionViewLayout.prepare(forCollectionViewUpdates: mapping.updateItems(batch))
        setNeedsLayout()
        layoutIfNeeded()
        collectionViewLayout.finalizeCollectionViewUpdates()
    }

    /// What is wrong with the batch, in UIKit's terms, or nil.
    private func check(_ b: BatchUpdates, old: [Int], new: [Int]) -> String? {
        func inOld(_ p: IndexPath) -> Bool { p.count == 2 && p.section >= 0 && p.section < old.count && p.item >= 0 && p.item < old[p.section] }
        func inNew(_ p: IndexPath) -> Bool { p.count == 2 && p.section >= 0 && p.section < new.count && p.item >= 0 && p.item < new[p.section] }
        for p in b.deletedItems where !inOld(p) { return "attempt to delete item \(p), which does not exist before the update" }
        for p in b.reloadedItems where !inOld(p) { return "attempt to reload item \(p), which does not exist before the update" }
        for m in b.movedItems where !inOld(m.from) { return "attempt to move item \(m.from), which does not exist before the update" }
        for p in b.insertedItems where !inNew(p) { return "attempt to insert item \(p), which does not exist after the update" }
        for m in b.movedItems where !inNew(m.to) { return "attempt to move an item to \(m.to), which does not exist after the update" }
        for s in b.deletedSections.union(b.reloadedSections) where s >= old.count {
            return "attempt to delete or reload section \(s), but there are only \(old.count) sections before the update"
        }
        for s in b.insertedSections where s >= new.count {
            return "attempt to insert section \(s), but there are only \(new.count) sections after the update"
        }
        let expectedSections = old.count - b.deletedSections.count + b.insertedSections.count
        if new.count != expectedSections {
            return "invalid number of sections: \(new.count) after the update; \(old.count) before it, \(b.insertedSections.count) inserted, \(b.deletedSections.count) deleted"
        }
        let mapping = ItemMapping(b, old: old, new: new)
        for s in 0..<old.count where !b.deletedSections.contains(s) && !b.reloadedSections.contains(s) {
            guard let t = mapping.newSection(of: s) else { continue }
            let deleted = b.deletedItems.filter { $0.section == s }.count
            let inserted = b.insertedItems.filter { $0.section == t }.count
            let movedOut = b.movedItems.filter { $0.from.section == s }.count
            let movedIn = b.movedItems.filter { $0.to.section == t }.count
            let expected = old[s] - deleted + inserted - movedOut + movedIn
            if new[t] != expected {
                return "invalid number of items in section \(t): \(new[t]) after the update; \(old[s]) before it, \(inserted) inserted, \(deleted) deleted, \(movedIn) moved in, \(movedOut) moved out"
            }
        }
        return nil
    }
}

/// Where each old item and section goes in a batch update.
struct ItemMapping {
    /// Old section → new section (nil: deleted).
    private var sectionMap: [Int?]
    /// Per old section, old item → new index path (nil: deleted or reloaded).
    private var itemMap: [[IndexPath?]]

    init(_ b: BatchUpdates, old: [Int], new: [Int]) {
        // Sections: the survivors keep their order in the slots the insertions leave free.
        var free = (0..<new.count).filter { !b.insertedSections.contains($0) }.makeIterator()
        sectionMap = (0..<old.count).map { b.deletedSections.contains($0) ? nil : free.next() }
        var newToOld = [Int?](repeating: nil, count: new.count)
        for (o, n) in sectionMap.enumerated() { if let n, !b.reloadedSections.contains(o) { newToOld[n] = o } }

        itemMap = old.map { [IndexPath?](repeating: nil, count: $0) }
        for t in 0..<new.count {
            guard let s = newToOld[t] else { continue }
            // New slots taken by insertions and moves into this section.
            var taken = Set(b.insertedItems.filter { $0.section == t }.map(\.item))
            taken.formUnion(b.movedItems.filter { $0.to.section == t }.map(\.to.item))
            let gone = Set(b.deletedItems.filter { $0.section == s }.map(\.item))
                .union(b.movedItems.filter { $0.from.section == s }.map(\.from.item))
            var slot = 0
            for i in 0..<old[s] where !gone.contains(i) {
                while taken.contains(slot) { slot += 1 }
                if slot < new[t] { itemMap[s][i] = IndexPath(item: slot, section: t) }
                slot += 1
            }
        }
        for m in b.movedItems where m.from.section < itemMap.count && m.from.item < itemMap[m.from.section].count {
            itemMap[m.from.section][m.from.item] = m.to
        }
        for p in b.reloadedItems where p.section < itemMap.count && p.item < itemMap[p.section].count {
            itemMap[p.section][p.item] = nil
        }
    }

    func newSection(of old: Int) -> Int? { old >= 0 && old < sectionMap.count ? sectionMap[old] : nil }

    func newIndexPath(ofItem p: IndexPath) -> IndexPath? {
        guard p.count == 2, p.section >= 0, p.section < itemMap.count, p.item >= 0, p.item < itemMap[p.section].count else { return nil }
        return itemMap[p.section][p.item]
    }

    /// The changes as the layout is told them.
    func updateItems(_ b: BatchUpdates) -> [UICollectionViewUpdateItem] {
        var items: [UICollectionViewUpdateItem] = []
        for s in b.deletedSections { items.append(UICollectionViewUpdateItem(action: .delete, before: IndexPath(index: s), after: nil)) }
        for s in b.insertedSections { items.append(UICollectionViewUpdateItem(action: .insert, before: nil, after: IndexPath(index: s))) }
        for s in b.reloadedSections { items.append(UICollectionViewUpdateItem(action: .reload, before: IndexPath(index: s), after: IndexPath(index: s))) }
        for p in b.deletedItems { items.append(UICollectionViewUpdateItem(action: .delete, before: p, after: nil)) }
        for p in b.insertedItems { items.append(UICollectionViewUpdateItem(action: .insert, before: nil, after: p)) }
        for p in b.reloadedItems { items.append(UICollectionViewUpdateItem(action: .reload, before: p, after: p)) }
        for m in b.movedItems { items.append(UICollectionViewUpdateItem(action: .move, before: m.from, after: m.to)) }
        return items
    }
}
