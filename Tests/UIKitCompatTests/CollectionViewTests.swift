import Foundation
import Testing
import UIKitCompat

/// A layout that places `count` cells in one column of 100 × 40 cells with per-item display
/// properties, to check what a layout pass applies.
final class ColumnLayout: UICollectionViewLayout {
    var prepared = 0
    var cells: [UICollectionViewLayoutAttributes] = []

    override func prepare() {
        prepared += 1
        let n = collectionView?.numberOfItems(inSection: 0) ?? 0
        cells = (0..<n).map { i in
            let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: i, section: 0))
            a.frame = CGRect(x: 10, y: CGFloat(i) * 50, width: 100, height: 40)
            a.alpha = i == 1 ? 0.5 : 1
            a.zIndex = i
            a.isHidden = i == 2
            if i == 3 { a.transform = CGAffineTransform(rotationAngle: .pi / 2) }
            return a
        }
    }

    override var collectionViewContentSize: CGSize { CGSize(width: 120, height: CGFloat(cells.count) * 50) }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cells.filter { $0.frame.minY < rect.maxY && $0.frame.maxY > rect.minY }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cells.indices.contains(indexPath.item) ? cells[indexPath.item] : nil
    }
}

@Suite struct CollectionViewTests {
    func grid(_ counts: [Int], height: CGFloat = 480) -> (UICollectionView, GridSource) {
        let source = GridSource(counts)
        let cv = makeCollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: height), source: source) {
            $0.itemSize = CGSize(width: 100, height: 50)
        }
        return (cv, source)
    }

    @Test func theVisibleCellsAreThoseInTheBounds() throws {
        // 3 per line, lines 60 pt apart: a 480 pt view shows lines 0…7 (line 8 starts at 480).
        let (cv, source) = grid([100])
        #expect(cv.numberOfSections == 1 && cv.numberOfItems(inSection: 0) == 100)
        #expect(cv.indexPathsForVisibleItems == (0..<24).map { IndexPath(item: $0, section: 0) })
        #expect(cv.visibleCells.count == 24 && source.madeCells == 24)
        let cell = try #require(cv.cellForItem(at: IndexPath(item: 4, section: 0)))
        #expect(cell.frame == CGRect(x: 110, y: 60, width: 100, height: 50) && cell.superview === cv)
        #expect(cell.contentView.frame == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(cv.indexPath(for: cell) == IndexPath(item: 4, section: 0))
        #expect(cv.cellForItem(at: IndexPath(item: 30, section: 0)) == nil)
        #expect(cv.cellForItem(at: IndexPath(item: 300, section: 0)) == nil, "outside the data: nil, as UIKit")
        #expect(cv.indexPathForItem(at: CGPoint(x: 150, y: 70)) == IndexPath(item: 4, section: 0))
        #expect(source.displayed.count == 24)
    }

    @Test func cellsThatLeaveTheBoundsAreReused() throws {
        let (cv, source) = grid([100])
        let first = try #require(cv.cellForItem(at: IndexPath(item: 0, section: 0)) as? CountingCell)
        cv.contentOffset = CGPoint(x: 0, y: 600) // lines 10…17 now: items 30…53
        cv.layoutIfNeeded()
        #expect(cv.indexPathsForVisibleItems.first == IndexPath(item: 30, section: 0))
        #expect(cv.indexPathsForVisibleItems.count == 24)
        #expect(source.madeCells == 48, "24 more asked of the data source")
        #expect(source.ended.count == 24)
        #expect(first.superview == nil || cv.visibleCells.contains { $0 === first })
        #expect(cv.visibleCells.contains { $0 === first } && first.reuses == 1, "the first cell came back for a new item")
        #expect(cv.visibleCells.count == 24 && Set(cv.visibleCells.map { ObjectIdentifier($0) }).count == 24)
        #expect(cv.subviews.count == 24, "the reused cells were not kept as subviews")
    }

    @Test func aLayoutPassAppliesEveryAttribute() throws {
        let source = GridSource([5])
        let layout = ColumnLayout()
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        cv.register(CountingCell.self, forCellWithReuseIdentifier: "cell")
        cv.dataSource = source
        cv.layoutIfNeeded()
        #expect(layout.prepared == 1 && cv.contentSize == CGSize(width: 120, height: 250))
        let cells = try (0..<5).map { try #require(cv.cellForItem(at: IndexPath(item: $0, section: 0))) }
        #expect(cells[0].center == CGPoint(x: 60, y: 20) && cells[0].bounds.size == CGSize(width: 100, height: 40))
        #expect(cells[1].alpha == 0.5 && cells[2].isHidden && cells[4].layer.zPosition == 4)
        #expect(cells[3].transform == CGAffineTransform(rotationAngle: .pi / 2))
        #expect(cells.allSatisfy { ($0 as! CountingCell).applied == 1 })
        // A pass with the same attributes applies nothing new; a changed one calls apply(_:).
        cv.setNeedsLayout()
        cv.layoutIfNeeded()
        #expect(cells.allSatisfy { ($0 as! CountingCell).applied == 1 } && layout.prepared == 1)
        layout.cells[0].alpha = 0.25
        cv.setNeedsLayout()
        cv.layoutIfNeeded()
        #expect(cells[0].alpha == 0.25 && (cells[0] as! CountingCell).applied == 2)
    }

    @Test func headersAndFootersAreDequeuedSupplementaryViews() throws {
        let source = GridSource([3, 3])
        let cv = makeCollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), source: source) {
            $0.itemSize = CGSize(width: 100, height: 50)
            $0.headerReferenceSize = CGSize(width: 0, height: 20)
        }
        let headers = cv.visibleSupplementaryViews(ofKind: UICollectionView.elementKindSectionHeader)
        #expect(headers.count == 2 && headers.map(\.frame) == [CGRect(x: 0, y: 0, width: 320, height: 20), CGRect(x: 0, y: 70, width: 320, height: 20)])
        #expect(cv.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1)) === headers[1])
        #expect(headers.allSatisfy { $0.reuseIdentifier == "supplementary" })
    }

    @Test func reloadDataAsksTheCountsAgain() {
        let (cv, source) = grid([100])
        source.counts = [2, 1]
        cv.reloadData()
        cv.layoutIfNeeded()
        #expect(cv.numberOfSections == 2 && cv.numberOfItems(inSection: 1) == 1)
        #expect(cv.indexPathsForVisibleItems == [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0), IndexPath(item: 0, section: 1)])
        #expect(cv.subviews.count == 3)
    }

    @Test func batchUpdatesMoveTheVisibleCellsWithTheirItems() throws {
        let (cv, source) = grid([6])
        let cells = try (0..<6).map { try #require(cv.cellForItem(at: IndexPath(item: $0, section: 0))) }
        var completed = false
        cv.performBatchUpdates({
            source.counts = [6]
            cv.deleteItems(at: [IndexPath(item: 1, section: 0)])
            cv.insertItems(at: [IndexPath(item: 0, section: 0)])
        }, completion: { completed = $0 })
        #expect(completed)
        // Old 0 → 1, old 1 deleted, old 2…5 stay at 2…5; a new cell for the inserted item 0.
        #expect(cv.cellForItem(at: IndexPath(item: 1, section: 0)) === cells[0])
        #expect((2..<6).allSatisfy { cv.cellForItem(at: IndexPath(item: $0, section: 0)) === cells[$0] })
        let inserted = try #require(cv.cellForItem(at: IndexPath(item: 0, section: 0)))
        #expect(!cells.contains { $0 === inserted } || inserted === cells[1], "a new or reused cell")
        #expect(cv.visibleCells.count == 6)
        // A move, alone.
        cv.moveItem(at: IndexPath(item: 5, section: 0), to: IndexPath(item: 0, section: 0))
        #expect(cv.cellForItem(at: IndexPath(item: 0, section: 0)) === cells[5])
        #expect(cv.cellForItem(at: IndexPath(item: 1, section: 0)) === inserted)
    }

    @Test func anInconsistentBatchIsReportedAndTheDataReloaded() {
        let (cv, source) = grid([6])
        let error = reported {
            cv.performBatchUpdates({
                source.counts = [8]
                cv.insertItems(at: [IndexPath(item: 0, section: 0)])
            })
        }
        #expect(error?.owner == "UICollectionView" && error?.property == "performBatchUpdates(_:completion:)")
        #expect(error?.message.contains("invalid number of items in section 0: 8 after the update; 6 before it, 1 inserted") == true)
        #expect(cv.numberOfItems(inSection: 0) == 8 && cv.visibleCells.count == 8)
        let outside = reported { cv.deleteItems(at: [IndexPath(item: 9, section: 0)]) }
        #expect(outside?.message.contains("attempt to delete item [0, 9]") == true)
    }

    @Test func badCountsAndForeignCellsAreReported() {
        let (cv, source) = grid([3])
        source.counts = [-2]
        var error = reported { cv.reloadData(); cv.layoutIfNeeded() }
        #expect(error?.property == "collectionView(_:numberOfItemsInSection:)" && error?.message.contains("-2") == true)
        #expect(cv.numberOfItems(inSection: 0) == 0 && cv.visibleCells.isEmpty)
        source.counts = [UICollectionView.maximumItemCount + 1]
        error = reported { cv.reloadData(); cv.layoutIfNeeded() }
        #expect(error?.message.contains("\(UICollectionView.maximumItemCount + 1) items") == true)
        #expect(reported { _ = cv.numberOfItems(inSection: 4) }?.property == "numberOfItems(inSection:)")
        #expect(reported { cv.scrollToItem(at: IndexPath(item: 0, section: 7), at: .top, animated: false) }?.property == "scrollToItem(at:at:animated:)")

        // A data source that hands out cells from another collection view.
        final class Thief: NSObject, UICollectionViewDataSource {
            let other: UICollectionView
            init(_ other: UICollectionView) { self.other = other }
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 1 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                other.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
            }
        }
        let (other, _) = grid([1])
        let thief = Thief(other)
        cv.dataSource = thief
        error = reported { cv.layoutIfNeeded() }
        #expect(error?.property == "collectionView(_:cellForItemAt:)" && error?.message.contains("from another collection view") == true)
        #expect(cv.visibleCells.count == 1 && cv.visibleCells[0].superview === cv, "a plain cell stands in")
        #expect(reported { _ = cv.dequeueReusableCell(withReuseIdentifier: "never registered", for: IndexPath(item: 0, section: 0)) }?
            .message.contains("never registered") == true)
    }

    @Test func scrollToItemPutsTheItemWhereAsked() {
        let (cv, _) = grid([100])
        cv.scrollToItem(at: IndexPath(item: 30, section: 0), at: .top, animated: false) // line 10: y 600
        #expect(cv.contentOffset.y == 600)
        cv.scrollToItem(at: IndexPath(item: 30, section: 0), at: .centeredVertically, animated: false)
        #expect(cv.contentOffset.y == CGFloat(625 - 240))
        cv.scrollToItem(at: IndexPath(item: 99, section: 0), at: .top, animated: false)
        #expect(cv.contentOffset.y == cv.contentSize.height - 480, "held within the offset range")
    }
}
