import Foundation
import Dynamics

/// A headless `UICollectionView`: a scroll view that shows a data source's items as cells,
/// placed by a layout (`collectionViewLayout`).
///
/// The data source gives the counts and the cells, which it dequeues from the collection
/// view (`register(_:forCellWithReuseIdentifier:)`, `dequeueReusableCell(withReuseIdentifier:for:)`);
/// cells that scroll out of the bounds go back to a reuse pool. A layout pass
/// (`layoutSubviews()`, run by `layoutIfNeeded()` or at the end of a main-loop frame)
/// prepares the layout if it was invalidated, takes its content size, asks it for the
/// attributes of the elements in the bounds, makes or reuses a view for each and applies
/// the attributes to it: `center`, `bounds.size`, `transform`, `alpha`, `isHidden`,
/// `zIndex` (as the layer's `zPosition`), then `apply(_:)`. Scrolling (a new bounds origin)
/// asks the layout's `shouldInvalidateLayout(forBoundsChange:)` with the bounds still the old
/// ones, and marks the view for a layout pass.
///
/// Counts are read from the data source once and kept until `reloadData()` or a batch
/// update. Bad input UIKit raises for (a negative or huge count, a cell not dequeued from
/// this collection view, an index path outside the data, an inconsistent batch update) is
/// reported through the model's invalid-input handler (see `UIKitInput`).
open class UICollectionView: UIScrollView {
    /// The most items (all sections together) and the most sections a data source may give.
    public static let maximumItemCount = 1_000_000

    /// Places the items; setting it gives the new layout this collection view.
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            guard collectionViewLayout !== oldValue else { return }
            if oldValue.collectionView === self { oldValue.collectionView = nil }
            collectionViewLayout.collectionView = self
            collectionViewLayout.invalidateLayout()
        }
    }

    /// Gives the counts, cells and supplementary views.
    open weak var dataSource: UICollectionViewDataSource? {
        didSet { if dataSource !== oldValue { reloadAll() } }
    }

    /// Counts per section, read from the data source on first use; nil until then.
    var sectionCounts: [Int]?
    /// The visible elements' views, by element.
    var visibleViews: [ElementKey: UICollectionReusableView] = [:]
    /// Registered classes by reuse identifier (cells) and by kind + identifier (supplementary views).
    var cellClasses: [String: UICollectionReusableView.Type] = [:]
    var supplementaryClasses: [String: UICollectionReusableView.Type] = [:]
    /// Views waiting for reuse, by reuse identifier (cells) or kind + identifier.
    var reusePool: [String: [UICollectionReusableView]] = [:]
    /// Changes recorded inside `performBatchUpdates` (nil outside).
    var pendingUpdates: BatchUpdates?
    /// Whether the main loop holds this view for its layout pass.
    var isQueuedForLayout = false

    /// Whether a tap selects an item (UIKit's default true; see UICollectionView+Selection.swift).
    open var allowsSelection = true
    /// Whether a tap adds to the selection (and a tap on a selected item deselects it) rather
    /// than replacing it (default false).
    open var allowsMultipleSelection = false
    /// The selected items, in the order they were selected.
    var selectedItems: [IndexPath] = []

    /// Told which items will be shown soon and which no longer will (UICollectionView+Prefetching.swift).
    open weak var prefetchDataSource: UICollectionViewDataSourcePrefetching? {
        didSet { if prefetchDataSource !== oldValue { prefetchedItems = [] } }
    }
    /// Whether the prefetch data source is told (default true).
    open var isPrefetchingEnabled = true
    /// The items the prefetch data source was told to prefetch and that have not been shown since.
    var prefetchedItems = Set<IndexPath>()
    /// The direction of the last scroll along the scroll axis: +1 toward the content's end, −1 back.
    var scrollSign: CGFloat = 1

    /// A collection view with `frame` whose elements `layout` places.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
        layout.invalidateLayout()
    }

    /// There is nothing to decode on this platform: a zero frame and a flow layout.
    public required init?(coder: NSCoder) {
        collectionViewLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
        collectionViewLayout.collectionView = self
    }

    /// A collection view needs a layout (UIKit raises for `init(frame:)`): this one gets a
    /// `UICollectionViewFlowLayout`.
    public convenience override init(frame: CGRect) {
        self.init(frame: frame, collectionViewLayout: UICollectionViewFlowLayout())
    }

    // MARK: Layout pass

    /// Scrolling asks the layout whether the new bounds need a new layout (with the bounds
    /// still the old ones, as UIKit does), then marks the view for a layout pass.
    open override var bounds: CGRect {
        willSet {
            guard newValue != bounds else { return }
            let layout = collectionViewLayout
            if layout.collectionView === self, layout.shouldInvalidateLayout(forBoundsChange: newValue) {
                layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: newValue))
            }
        }
        didSet {
            guard bounds != oldValue else { return }
            let along = isScrollingVertically ? bounds.minY - oldValue.minY : bounds.minX - oldValue.minX
            if along != 0 { scrollSign = along > 0 ? 1 : -1 }
            setNeedsLayout()
        }
    }

    /// Whether the content scrolls vertically: a flow layout's direction, else whether the
    /// content is taller than the bounds or not wider than them.
    var isScrollingVertically: Bool {
        if let flow = collectionViewLayout as? UICollectionViewFlowLayout { return flow.scrollDirection == .vertical }
        return contentSize.height > bounds.height || contentSize.width <= bounds.width
    }

    /// Marks the view for a layout pass, which the main loop runs at the end of its frame
    /// (or `layoutIfNeeded()` runs now).
    open override func setNeedsLayout() {
        super.setNeedsLayout()
        MainLoop.current.setNeedsLayout(self)
    }

    /// The layout pass (see the type's documentation; UICollectionView+Layout.swift).
    open override func layoutSubviews() {
        super.layoutSubviews()
        runLayoutPass()
    }

    /// A release's target, as the layout would have it.
    override func adjustTargetContentOffset(_ target: CGPoint, velocity: CGPoint) -> CGPoint {
        collectionViewLayout.targetContentOffset(forProposedContentOffset: target, withScrollingVelocity: velocity)
    }

    // MARK: Cells and reuse (UICollectionView+Reuse.swift)

    /// Registers the class that cells dequeued with `identifier` are made of (a subclass of
    /// `UICollectionViewCell`; nil removes it).
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        registerCell(cellClass, identifier: identifier)
    }

    /// Registers the class that supplementary views of `elementKind` dequeued with
    /// `identifier` are made of (a subclass of `UICollectionReusableView`; nil removes it).
    open func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String) {
        registerSupplementary(viewClass, kind: elementKind, identifier: identifier)
    }

    /// A cell for the item at `indexPath`: one that left the visible area, after its
    /// `prepareForReuse()`, or a new one of the registered class. An identifier nothing was
    /// registered for is reported (UIKit raises) and gives a plain `UICollectionViewCell`.
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        dequeueCell(identifier: identifier, for: indexPath)
    }

    /// A supplementary view of `elementKind` for `indexPath`, as `dequeueReusableCell` does for cells.
    open func dequeueReusableSupplementaryView(ofKind elementKind: String, withReuseIdentifier identifier: String,
                                               for indexPath: IndexPath) -> UICollectionReusableView {
        dequeueSupplementary(kind: elementKind, identifier: identifier, for: indexPath)
    }

    // MARK: Data changes (UICollectionView+Updates.swift)

    /// Reads the counts from the data source again and shows the items anew: the views shown
    /// go back to the reuse pools, and the layout is invalidated.
    open func reloadData() {
        reloadAll()
    }

    /// Runs `updates`, in which the data source changes its data and the insert, delete,
    /// reload and move methods say how; then checks the new counts against the old ones and
    /// the changes (UIKit raises when they disagree: this reports it and reloads the data),
    /// tells the layout (`prepare(forCollectionViewUpdates:)`), runs a layout pass in which the
    /// views shown follow their items to their new index paths, tells the layout
    /// `finalizeCollectionViewUpdates()`, and calls `completion(true)`. Nothing is animated.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        performUpdates(updates, completion: completion)
    }

    open func insertItems(at indexPaths: [IndexPath]) { record { $0.insertedItems += indexPaths } }
    open func deleteItems(at indexPaths: [IndexPath]) { record { $0.deletedItems += indexPaths } }
    open func reloadItems(at indexPaths: [IndexPath]) { record { $0.reloadedItems += indexPaths } }
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { record { $0.movedItems.append((indexPath, newIndexPath)) } }
    open func insertSections(_ sections: IndexSet) { record { $0.insertedSections.formUnion(sections) } }
    open func deleteSections(_ sections: IndexSet) { record { $0.deletedSections.formUnion(sections) } }
    open func reloadSections(_ sections: IndexSet) { record { $0.reloadedSections.formUnion(sections) } }

    // MARK: Counts

    /// The number of sections (from the data source; 0 without one).
    open var numberOfSections: Int {
        loadCounts().count
    }

    /// The number of items in `section`; a section outside the data is reported (UIKit raises)
    /// and gives 0.
    open func numberOfItems(inSection section: Int) -> Int {
        let counts = loadCounts()
        guard section >= 0, section < counts.count else {
            UIKitInput.report("UICollectionView", "numberOfItems(inSection:)",
                              "section \(section) is outside the data (\(counts.count) sections)")
            return 0
        }
        return counts[section]
    }

    /// The counts, read from the data source if not yet known, each checked: a negative
    /// count, or more than `maximumItemCount` sections or items, is reported and read as 0.
    @discardableResult
    func loadCounts() -> [Int] {
        if let counts = sectionCounts { return counts }
        let counts = readCounts()
        sectionCounts = counts
        return counts
    }

    /// Asks the data source for the counts, checked as `loadCounts()` says.
    func readCounts() -> [Int] {
        guard let source = dataSource else { return [] }
        var sections = source.numberOfSections(in: self)
        if sections < 0 || sections > UICollectionView.maximumItemCount {
            UIKitInput.report("UICollectionView", "numberOfSections(in:)",
                              "the data source returned \(sections) sections; the count must be in 0…\(UICollectionView.maximumItemCount) (none are shown)")
            sections = 0
        }
        var counts: [Int] = []
        counts.reserveCapacity(sections)
        var total = 0
        for s in 0..<sections {
            var n = source.collectionView(self, numberOfItemsInSection: s)
            if n < 0 || n > UICollectionView.maximumItemCount - total {
                UIKitInput.report("UICollectionView", "collectionView(_:numberOfItemsInSection:)",
                                  "the data source returned \(n) items for section \(s); counts must be ≥ 0 and all sections together at most \(UICollectionView.maximumItemCount) items (the section is shown empty)")
                n = 0
            }
            total += n
            counts.append(n)
        }
        return counts
    }

    /// Whether `indexPath` names an item of the data.
    func contains(item indexPath: IndexPath) -> Bool {
        let counts = loadCounts()
        return indexPath.count == 2 && indexPath.section >= 0 && indexPath.section < counts.count
            && indexPath.item >= 0 && indexPath.item < counts[indexPath.section]
    }
}

/// An element of a collection view: its category, kind and index path.
struct ElementKey: Hashable {
    var category: UICollectionView.ElementCategory
    var kind: String?
    var indexPath: IndexPath

    init(_ a: UICollectionViewLayoutAttributes) {
        category = a.representedElementCategory
        kind = a.representedElementKind
        indexPath = a.indexPath
    }

    init(category: UICollectionView.ElementCategory, kind: String?, indexPath: IndexPath) {
        self.category = category
        self.kind = kind
        self.indexPath = indexPath
    }

    init(cell indexPath: IndexPath) {
        category = .cell
        kind = nil
        self.indexPath = indexPath
    }
}

/// What a collection view asks for its data (UIKit's `UICollectionViewDataSource`).
public protocol UICollectionViewDataSource: AnyObject {
    /// The number of items in `section` (≥ 0).
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    /// The cell for the item at `indexPath`, dequeued with
    /// `collectionView.dequeueReusableCell(withReuseIdentifier:for:)`.
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    /// The number of sections; 1 by default.
    func numberOfSections(in collectionView: UICollectionView) -> Int
    /// The view for a supplementary element (a flow layout's header or footer), dequeued with
    /// `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`. A data source whose
    /// layout has supplementary elements implements it; the default reports their absence.
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }

    public func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> UICollectionReusableView {
        UIKitInput.report("\(type(of: self))", "collectionView(_:viewForSupplementaryElementOfKind:at:)",
                          "the layout has a supplementary view of kind \"\(kind)\" at \(indexPath) and the data source does not provide it")
        return collectionView.placeholderView(kind: kind)
    }
}

/// What a collection view tells its delegate, besides scrolling (UIKit's
/// `UICollectionViewDelegate`); every method is optional.
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    /// A cell is about to be shown (it entered the bounds).
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    /// A cell left the bounds (or its item was deleted or reloaded).
    func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    /// A supplementary view is about to be shown.
    func collectionView(_ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
                        forElementKind elementKind: String, at indexPath: IndexPath)
    /// A supplementary view left the bounds.
    func collectionView(_ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
                        forElementOfKind elementKind: String, at indexPath: IndexPath)
    /// Whether a touch on the item highlights it (default true).
    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
    /// A touch highlighted the item.
    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath)
    /// The touch on a highlighted item ended.
    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath)
    /// Whether a tap selects the item (default true).
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    /// A tap selected the item (not called for `selectItem(at:animated:scrollPosition:)`).
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    /// Whether a tap deselects the selected item (default true).
    func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
    /// A tap deselected the item (not called for `deselectItem(at:animated:)`).
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
}

extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
                               forElementKind elementKind: String, at indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
                               forElementOfKind elementKind: String, at indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
}
