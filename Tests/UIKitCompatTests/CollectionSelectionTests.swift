import Foundation
import Testing
import UIKitCompat

/// A data source and delegate that records what the collection view tells it.
final class SelectionSource: NSObject, UICollectionViewDataSource, UICollectionViewDelegate {
    var count: Int
    var events: [String] = []
    var refusesSelection: Set<Int> = []
    var refusesDeselection: Set<Int> = []
    var refusesHighlight: Set<Int> = []
    /// Each event's cell state: whether the cell shown for the item was highlighted then.
    var highlightedWhenDidHighlight: Bool?
    weak var collectionView: UICollectionView?

    init(count: Int) { self.count = count }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }

    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        events.append("shouldHighlight \(indexPath.item)")
        return !refusesHighlight.contains(indexPath.item)
    }
    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {
        events.append("didHighlight \(indexPath.item)")
        highlightedWhenDidHighlight = collectionView.cellForItem(at: indexPath)?.isHighlighted
    }
    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {
        events.append("didUnhighlight \(indexPath.item)")
    }
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        events.append("shouldSelect \(indexPath.item)")
        return !refusesSelection.contains(indexPath.item)
    }
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        events.append("didSelect \(indexPath.item)")
    }
    func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
        events.append("shouldDeselect \(indexPath.item)")
        return !refusesDeselection.contains(indexPath.item)
    }
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
        events.append("didDeselect \(indexPath.item)")
    }
}

/// A 320 × 568 collection view of `count` 100 × 100 items, 3 a line 110 pt apart (10 pt gaps).
func makeSelectable(count: Int = 60) -> (UICollectionView, SelectionSource) {
    let layout = UICollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 100, height: 100)
    let cv = KeepingCollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 568), collectionViewLayout: layout)
    cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    let source = SelectionSource(count: count)
    cv.kept = source
    cv.dataSource = source
    cv.delegate = source
    cv.layoutIfNeeded()
    return (cv, source)
}

func item(_ i: Int) -> IndexPath { IndexPath(item: i, section: 0) }

/// A collection view that holds its data source (which the view holds weakly, as UIKit's), so
/// a helper can return the view alone.
final class KeepingCollectionView: UICollectionView {
    var kept: AnyObject?
}

@Suite struct CollectionSelectionTests {
    @Test func codeSelectsWithoutTellingTheDelegate() throws {
        let (cv, source) = makeSelectable()
        cv.selectItem(at: item(1), animated: false, scrollPosition: [])
        #expect(cv.indexPathsForSelectedItems == [item(1)] && cv.cellForItem(at: item(1))?.isSelected == true)
        // Single selection: a new one replaces it.
        cv.selectItem(at: item(4), animated: false, scrollPosition: [])
        #expect(cv.indexPathsForSelectedItems == [item(4)])
        #expect(cv.cellForItem(at: item(1))?.isSelected == false && cv.cellForItem(at: item(4))?.isSelected == true)
        cv.allowsMultipleSelection = true
        cv.selectItem(at: item(2), animated: false, scrollPosition: [])
        #expect(cv.indexPathsForSelectedItems == [item(2), item(4)])
        cv.deselectItem(at: item(4), animated: false)
        #expect(cv.indexPathsForSelectedItems == [item(2)] && cv.cellForItem(at: item(4))?.isSelected == false)
        cv.selectItem(at: nil, animated: false, scrollPosition: [])
        #expect(cv.indexPathsForSelectedItems == [] && cv.cellForItem(at: item(2))?.isSelected == false)
        #expect(source.events.isEmpty, "\(source.events)")
        cv.allowsSelection = false
        cv.selectItem(at: item(3), animated: false, scrollPosition: [])
        #expect(cv.indexPathsForSelectedItems == [])
    }

    @Test func selectingWithAScrollPositionScrollsToTheItem() {
        let (cv, _) = makeSelectable()
        cv.selectItem(at: item(30), animated: false, scrollPosition: .top) // line 10, at y = 1100
        #expect(cv.contentOffset.y == 1100 && cv.cellForItem(at: item(30))?.isSelected == true)
    }

    @Test func aTapHighlightsThenSelectsAndDeselectsThePreviousItem() {
        let (cv, source) = makeSelectable()
        cv.simulateTap(at: CGPoint(x: 160, y: 160)) // item 4: (110…210, 110…210)
        #expect(source.events == ["shouldHighlight 4", "didHighlight 4", "didUnhighlight 4", "shouldSelect 4", "didSelect 4"])
        #expect(source.highlightedWhenDidHighlight == true && cv.cellForItem(at: item(4))?.isHighlighted == false)
        #expect(cv.indexPathsForSelectedItems == [item(4)] && cv.cellForItem(at: item(4))?.isSelected == true)
        source.events = []
        cv.simulateTap(at: CGPoint(x: 50, y: 50)) // item 0
        #expect(source.events == ["shouldHighlight 0", "didHighlight 0", "didUnhighlight 0", "shouldSelect 0", "didDeselect 4", "didSelect 0"])
        #expect(cv.indexPathsForSelectedItems == [item(0)] && cv.cellForItem(at: item(4))?.isSelected == false)
        // A tap on the selected item selects it again (single selection never deselects by tap).
        source.events = []
        cv.simulateTap(at: CGPoint(x: 50, y: 50))
        #expect(source.events.suffix(2) == ["shouldSelect 0", "didSelect 0"] && cv.indexPathsForSelectedItems == [item(0)])
        // Between cells, nothing.
        source.events = []
        cv.simulateTap(at: CGPoint(x: 105, y: 50))
        #expect(source.events.isEmpty)
    }

    @Test func withMultipleSelectionATapTogglesTheItem() {
        let (cv, source) = makeSelectable()
        cv.allowsMultipleSelection = true
        cv.simulateTap(at: CGPoint(x: 50, y: 50))
        cv.simulateTap(at: CGPoint(x: 270, y: 50))
        #expect(cv.indexPathsForSelectedItems == [item(0), item(2)])
        source.events = []
        cv.simulateTap(at: CGPoint(x: 50, y: 50))
        #expect(source.events == ["shouldHighlight 0", "didHighlight 0", "didUnhighlight 0", "shouldDeselect 0", "didDeselect 0"])
        #expect(cv.indexPathsForSelectedItems == [item(2)])
        source.refusesDeselection = [2]
        cv.simulateTap(at: CGPoint(x: 270, y: 50))
        #expect(cv.indexPathsForSelectedItems == [item(2)], "the delegate kept it")
    }

    @Test func theDelegateCanRefuseAndAllowsSelectionTurnsTapsOff() {
        let (cv, source) = makeSelectable()
        source.refusesSelection = [0]
        cv.simulateTap(at: CGPoint(x: 50, y: 50))
        #expect(cv.indexPathsForSelectedItems == [] && source.events.last == "shouldSelect 0")
        source.refusesHighlight = [1]
        source.events = []
        cv.simulateTap(at: CGPoint(x: 160, y: 50))
        #expect(source.events == ["shouldHighlight 1", "shouldSelect 1", "didSelect 1"])
        cv.allowsSelection = false
        source.events = []
        cv.simulateTap(at: CGPoint(x: 270, y: 50))
        #expect(source.events.isEmpty && cv.indexPathsForSelectedItems == [item(1)])
    }

    @Test func aCellShownForASelectedItemIsSelectedAndReusedCellsAreNot() {
        let (cv, _) = makeSelectable()
        cv.selectItem(at: item(40), animated: false, scrollPosition: []) // line 13, not shown
        cv.setContentOffset(CGPoint(x: 0, y: 1300), animated: false)
        cv.layoutIfNeeded()
        #expect(cv.cellForItem(at: item(40))?.isSelected == true)
        #expect(cv.visibleCells.filter(\.isSelected).count == 1, "reused cells come back unselected")
    }

    @Test func reloadDataClearsTheSelectionAndBatchUpdatesMoveIt() {
        let (cv, source) = makeSelectable()
        cv.allowsMultipleSelection = true
        cv.selectItem(at: item(2), animated: false, scrollPosition: [])
        cv.selectItem(at: item(5), animated: false, scrollPosition: [])
        cv.performBatchUpdates({
            source.count += 1
            cv.insertItems(at: [item(0)])
            source.count -= 1
            cv.deleteItems(at: [item(5)])
        })
        #expect(cv.indexPathsForSelectedItems == [item(3)], "item 2 moved to 3; item 5 was deleted")
        #expect(cv.cellForItem(at: item(3))?.isSelected == true)
        cv.reloadData()
        #expect(cv.indexPathsForSelectedItems == [])
        cv.layoutIfNeeded()
        #expect(cv.visibleCells.allSatisfy { !$0.isSelected })
    }

    @Test func selectingAnItemOutsideTheDataIsReported() {
        let (cv, _) = makeSelectable(count: 5)
        let error = reported { cv.selectItem(at: item(9), animated: false, scrollPosition: []) }
        #expect(error?.owner == "UICollectionView" && error?.property == "selectItem(at:animated:scrollPosition:)")
        #expect(error?.message.contains("[0, 9]") == true)
        #expect(reported { cv.deselectItem(at: IndexPath(item: 0, section: 3), animated: false) }?.property == "deselectItem(at:animated:)")
        #expect(reported { cv.simulateTap(at: CGPoint(x: CGFloat.nan, y: 0)) }?.property == "simulateTap(at:in:)")
        #expect(cv.indexPathsForSelectedItems == [])
    }
}

/// Records what the collection view asks it to prefetch and cancel.
final class PrefetchRecorder: UICollectionViewDataSourcePrefetching {
    var prefetched: [[Int]] = []
    var cancelled: [[Int]] = []
    func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        prefetched.append(indexPaths.map(\.item))
    }
    func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
        cancelled.append(indexPaths.map(\.item))
    }
}

@Suite struct CollectionPrefetchingTests {
    /// 100 pt items 3 a line, lines 110 pt apart; the bounds show lines 0–5 (line 5 at 550–650).
    @Test func itemsAheadOfTheBoundsArePrefetchedAndCancelledWhenTheScrollTurnsBack() {
        let (cv, _) = makeSelectable()
        let recorder = PrefetchRecorder()
        cv.prefetchDataSource = recorder
        cv.setNeedsLayout()
        cv.layoutIfNeeded()
        // The area ahead is one screen below the bounds: y 568…1136, lines 6–10.
        #expect(recorder.prefetched == [Array(18...32)], "nearest line first: \(recorder.prefetched)")
        cv.setContentOffset(CGPoint(x: 0, y: 220), animated: false) // two lines down
        cv.layoutIfNeeded()
        // Lines 6 and 7 are shown now; the area reaches 1356: lines 11 and 12 are new.
        #expect(recorder.prefetched.last == Array(33...38) && recorder.cancelled.isEmpty)
        cv.setContentOffset(CGPoint(x: 0, y: 0), animated: false) // back up
        cv.layoutIfNeeded()
        // The area is now above the content: everything told and not shown is cancelled.
        #expect(recorder.cancelled == [Array(24...38)], "\(recorder.cancelled)")
        #expect(recorder.prefetched.count == 2)
    }

    @Test func turningPrefetchingOffStopsIt() {
        let (cv, _) = makeSelectable()
        let recorder = PrefetchRecorder()
        cv.isPrefetchingEnabled = false
        cv.prefetchDataSource = recorder
        cv.setContentOffset(CGPoint(x: 0, y: 500), animated: false)
        cv.layoutIfNeeded()
        #expect(recorder.prefetched.isEmpty && recorder.cancelled.isEmpty)
    }
}
