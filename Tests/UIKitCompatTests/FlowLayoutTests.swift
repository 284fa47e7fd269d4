import Foundation
import Testing
import UIKitCompat

@Suite struct IndexPathAndAttributesTests {
    @Test func indexPathsHaveSectionItemAndRow() {
        var p = IndexPath(item: 3, section: 2)
        #expect(p.section == 2 && p.item == 3 && p.row == 3 && p.count == 2)
        #expect(IndexPath(row: 3, section: 2) == p)
        p.item = 5
        #expect(p == IndexPath(item: 5, section: 2))
        #expect(IndexPath(item: 9, section: 0) < IndexPath(item: 0, section: 1))
    }

    @Test func attributesKeepFrameCenterSizeAndBoundsTogether() {
        let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 1, section: 0))
        a.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(a.center == CGPoint(x: 60, y: 45) && a.size == CGSize(width: 100, height: 50))
        #expect(a.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        a.center = CGPoint(x: 0, y: 0)
        #expect(a.frame == CGRect(x: -50, y: -25, width: 100, height: 50))
        a.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        #expect(a.frame == CGRect(x: -10, y: -5, width: 20, height: 10), "a new size keeps the center")
        #expect(a.representedElementCategory == .cell && a.representedElementKind == nil)
        let header = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                                                      with: IndexPath(item: 0, section: 2))
        #expect(header.representedElementCategory == .supplementaryView)
        #expect(header.representedElementKind == UICollectionElementKindSectionHeader)
    }

    @Test func attributesCopyByValueAndCompareByValue() throws {
        let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 4, section: 1))
        a.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        a.alpha = 0.5
        a.zIndex = 7
        a.transform = CGAffineTransform(rotationAngle: 0.3)
        let b = try #require(a.copy() as? UICollectionViewLayoutAttributes)
        #expect(b !== a && b == a && b.isEqual(a))
        b.isHidden = true
        #expect(b != a)
        #expect(a.isHidden == false, "the copy is independent")
    }

    @Test func attributesAreDynamicItemsTheAnimatorMoves() {
        // The same fall for layout attributes and for the stock item: bit-identical.
        func fall(_ item: DynamicItem) {
            let animator = DynamicAnimator()
            animator.addBehavior(GravityBehavior(items: [item]))
            for _ in 0..<60 { animator.step(1.0 / 60) }
        }
        let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        a.frame = CGRect(x: 100, y: 100, width: 100, height: 100)
        let view = DynamicView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        fall(a)
        fall(view)
        #expect(a.center == view.center && a.transform == view.transform)
        #expect(a.center.y > 550, "fell \(a.center.y - 150) pt in a second")
        #expect(a.frame == CGRect(x: a.center.x - 50, y: a.center.y - 50, width: 100, height: 100))
    }
}

@Suite struct FlowLayoutTests {
    @Test func verticalLinesAreJustifiedAndTheLastLineStartsAtTheLeftInset() {
        // Width 320, section insets 10 left/right: 300 pt for items. 100 pt items, 10 pt apart:
        // two fit (210), three do not (320). A full line's leftover 100 pt goes to its gap.
        let source = GridSource([7])
        let cv = makeCollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), source: source) {
            $0.itemSize = CGSize(width: 100, height: 50)
            $0.minimumInteritemSpacing = 10
            $0.minimumLineSpacing = 10
            $0.sectionInset = UIEdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
        }
        let xs: [CGFloat] = [10, 210, 10, 210, 10, 210, 10]
        let ys: [CGFloat] = [5, 5, 65, 65, 125, 125, 185]
        #expect(itemFrames(cv) == (0..<7).map { CGRect(x: xs[$0], y: ys[$0], width: 100, height: 50) })
        #expect(cv.contentSize == CGSize(width: 320, height: 5 + 4 * 50 + 3 * 10 + 5))
    }

    @Test func aShortLastLineSitsInTheColumnsOfTheFullLines() {
        // 90 pt items in 300 pt: three per line (290), gaps (300 − 270) / 2 = 15. The last line's
        // two items take the first two columns.
        let source = GridSource([5])
        let cv = makeCollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), source: source) {
            $0.itemSize = CGSize(width: 90, height: 40)
            $0.sectionInset = UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
        }
        #expect(itemFrames(cv).map(\.minX) == [10, 115, 220, 10, 115])
        #expect(itemFrames(cv).map(\.minY) == [0, 0, 0, 50, 50])
    }

    @Test func delegateSizesCenterLoneItemsAndCenterItemsInTallerLines() {
        // 200 pt items cannot share a 300 pt line: the first line holds one, centered
        // (10 + 50). The last line (200 + 10 + 50 = 260) is not uniform: left aligned at the
        // minimum spacing. It is 50 tall (the tallest item); the 30 pt item sits 10 pt down.
        let source = GridSource([3])
        source.usesSizes = true
        source.sizes = [IndexPath(item: 0, section: 0): CGSize(width: 200, height: 30),
                        IndexPath(item: 1, section: 0): CGSize(width: 200, height: 30),
                        IndexPath(item: 2, section: 0): CGSize(width: 50, height: 50)]
        let cv = makeCollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), source: source) {
            $0.sectionInset = UIEdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
        }
        #expect(itemFrames(cv) == [CGRect(x: 60, y: 5, width: 200, height: 30),
                                   CGRect(x: 10, y: 55, width: 200, height: 30),
                                   CGRect(x: 220, y: 45, width: 50, height: 50)])
        #expect(cv.contentSize.height == CGFloat(5 + 30 + 10 + 50 + 5))
    }

    @Test func headersAndFootersSpanTheWidthAroundEachSection() {
        let source = GridSource([3, 3])
        let cv = makeCollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), source: source) {
            $0.itemSize = CGSize(width: 100, height: 50)
            $0.headerReferenceSize = CGSize(width: 999, height: 20)
            $0.footerReferenceSize = CGSize(width: 999, height: 15)
        }
        let layout = cv.collectionViewLayout
        func supplementary(_ kind: String, _ s: Int) -> CGRect? {
            layout.layoutAttributesForSupplementaryView(ofKind: kind, at: IndexPath(item: 0, section: s))?.frame
        }
        #expect(supplementary(UICollectionView.elementKindSectionHeader, 0) == CGRect(x: 0, y: 0, width: 320, height: 20))
        #expect(supplementary(UICollectionView.elementKindSectionFooter, 0) == CGRect(x: 0, y: 70, width: 320, height: 15))
        #expect(supplementary(UICollectionView.elementKindSectionHeader, 1) == CGRect(x: 0, y: 85, width: 320, height: 20))
        #expect(itemFrames(cv, section: 1).map(\.origin) == [CGPoint(x: 0, y: 105), CGPoint(x: 110, y: 105), CGPoint(x: 220, y: 105)])
        #expect(cv.contentSize.height == 170)
        // y 60…100 meets section 0's items (20…70), its footer (70…85) and section 1's header (85…105).
        let found = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 60, width: 320, height: 40)) ?? []
        #expect(found.map { "\($0.representedElementKind ?? "cell") \($0.indexPath.section)/\($0.indexPath.item)" } == [
            "cell 0/0", "cell 0/1", "cell 0/2",
            "\(UICollectionView.elementKindSectionFooter) 0/0", "\(UICollectionView.elementKindSectionHeader) 1/0",
        ])
    }

    @Test func horizontalScrollingFillsColumnsTopToBottom() {
        // Height 200, insets 10 top/bottom: 180 pt per column; 80 pt items, two per column,
        // gap (180 − 160) = 20. Columns 20 pt apart.
        let source = GridSource([5])
        let cv = makeCollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 200), source: source) {
            $0.scrollDirection = .horizontal
            $0.itemSize = CGSize(width: 50, height: 80)
            $0.minimumLineSpacing = 20
            $0.sectionInset = UIEdgeInsets(top: 10, left: 5, bottom: 10, right: 5)
        }
        #expect(itemFrames(cv).map(\.origin) == [CGPoint(x: 5, y: 10), CGPoint(x: 5, y: 110), CGPoint(x: 75, y: 10),
                                                  CGPoint(x: 75, y: 110), CGPoint(x: 145, y: 10)])
        #expect(cv.contentSize == CGSize(width: 200, height: 200))
    }

    @Test func contentInsetsNarrowTheLines() {
        let source = GridSource([3])
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 50)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 340, height: 480), collectionViewLayout: layout)
        cv.contentInset = UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
        cv.register(CountingCell.self, forCellWithReuseIdentifier: "cell")
        cv.dataSource = source
        cv.layoutIfNeeded()
        #expect(itemFrames(cv).map(\.minX) == [0, 110, 220])
        #expect(cv.contentSize.width == 320)
    }

    @Test func scrollingKeepsTheGridAndAResizeRecomputesIt() {
        let source = GridSource([40])
        let cv = makeCollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), source: source) {
            $0.itemSize = CGSize(width: 100, height: 50)
        }
        let first = cv.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))
        cv.contentOffset = CGPoint(x: 0, y: 200)
        cv.layoutIfNeeded()
        #expect(cv.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)) === first,
                "a scroll does not recompute the grid")
        cv.bounds.size.width = 220 // two 100 pt items per line now
        cv.layoutIfNeeded()
        #expect(itemFrames(cv)[0...2].map(\.origin) == [CGPoint(x: 0, y: 0), CGPoint(x: 120, y: 0), CGPoint(x: 0, y: 60)])
    }

    @Test func badMetricsAreReportedAndReplaced() {
        let source = GridSource([2])
        source.usesSizes = true
        source.sizes = [IndexPath(item: 0, section: 0): CGSize(width: CGFloat.nan, height: 10),
                        IndexPath(item: 1, section: 0): CGSize(width: -5, height: 10)]
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 40, height: 40)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        cv.register(CountingCell.self, forCellWithReuseIdentifier: "cell")
        cv.dataSource = source
        cv.delegate = source
        let error = reported { cv.layoutIfNeeded() }
        #expect(error?.owner == "UICollectionViewFlowLayout")
        #expect(error?.property == "collectionView(_:layout:sizeForItemAt: [0, 0])")
        #expect(error?.message.contains("NaN") == true)
        // Both items fell back to itemSize; nothing non-finite reached their attributes.
        #expect(itemFrames(cv).allSatisfy { $0.size == CGSize(width: 40, height: 40) })
        #expect(reported { layout.itemSize = CGSize(width: 10, height: CGFloat.infinity) }?.property == "itemSize")
        #expect(layout.itemSize == CGSize(width: 40, height: 40))
        #expect(reported { layout.minimumLineSpacing = .nan }?.property == "minimumLineSpacing")
        #expect(reported { layout.sectionInset = UIEdgeInsets(top: 0, left: CGFloat.infinity, bottom: 0, right: 0) }?.property == "sectionInset")
        let outside = reported { _ = layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0)) }
        #expect(outside?.property == "layoutAttributesForItem(at:)" && outside?.message.contains("[0, 2]") == true)
    }
}
