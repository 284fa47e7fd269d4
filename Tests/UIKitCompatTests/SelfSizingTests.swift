import Foundation
import Testing
import UIKitCompat

/// A cell that prefers the height its data source gave it (nil: the layout's).
final class SizedCell: UICollectionViewCell {
    var preferredHeight: CGFloat?
    override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        guard let preferredHeight else { return layoutAttributes }
        let fitted = layoutAttributes.copy() as! UICollectionViewLayoutAttributes
        fitted.size = CGSize(width: layoutAttributes.size.width, height: preferredHeight)
        return fitted
    }
}

final class SizedSource: NSObject, UICollectionViewDataSource {
    var heights: [CGFloat]
    init(_ heights: [CGFloat]) { self.heights = heights }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { heights.count }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "sized", for: indexPath) as! SizedCell
        cell.preferredHeight = heights[indexPath.item]
        return cell
    }
}

/// A 320 × 568 list of full-width (300 pt) self-sizing rows, 10 pt insets, 10 pt apart.
func makeSizedList(_ heights: [CGFloat], estimated: CGSize = UICollectionViewFlowLayout.automaticSize) -> (UICollectionView, SizedSource) {
    let layout = UICollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 300, height: 40)
    layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
    layout.estimatedItemSize = estimated
    let cv = KeepingCollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 568), collectionViewLayout: layout)
    cv.register(SizedCell.self, forCellWithReuseIdentifier: "sized")
    let source = SizedSource(heights)
    cv.kept = source
    cv.dataSource = source
    cv.layoutIfNeeded()
    return (cv, source)
}

/// The rows' frames as a person adds them up: from y = 10, each as tall as given, 10 pt apart.
func stacked(_ heights: [CGFloat]) -> [CGRect] {
    var y: CGFloat = 10
    return heights.map { h in
        defer { y += h + 10 }
        return CGRect(x: 10, y: y, width: 300, height: h)
    }
}

@Suite struct SelfSizingTests {
    @Test func shownCellsGetTheHeightTheyPrefer() {
        let heights: [CGFloat] = [36, 80, 52, 120, 36]
        let (cv, _) = makeSizedList(heights)
        let frames = cv.visibleCells.map(\.frame)
        #expect(frames == stacked(heights), "\(frames)")
        #expect(cv.contentSize.height == stacked(heights).last!.maxY + 10)
    }

    @Test func itemsNotYetShownKeepTheEstimateUntilTheyAre() {
        // 20 rows that prefer 100 pt, estimated at 50: the first pass shows rows 0–9 (at 10, 70,
        // … 550) and sizes them; the second lays those out at 100 (rows 0–5 then meet the bounds).
        let (cv, _) = makeSizedList(Array(repeating: 100, count: 20), estimated: CGSize(width: 300, height: 50))
        let layout = cv.collectionViewLayout
        func frame(_ i: Int) -> CGRect? { layout.layoutAttributesForItem(at: IndexPath(item: i, section: 0))?.frame }
        #expect(frame(4) == CGRect(x: 10, y: 450, width: 300, height: 100))
        let sized = (0..<20).filter { frame($0)?.height == 100 }
        #expect(sized == Array(0...9), "\(sized)")
        #expect(frame(10) == CGRect(x: 10, y: 1110, width: 300, height: 50))
        #expect(cv.indexPathsForVisibleItems.map(\.item) == Array(0...5))
        cv.setContentOffset(CGPoint(x: 0, y: 600), animated: false)
        cv.layoutIfNeeded()
        #expect(frame(10)?.height == 100 && frame(11)?.height == 50)
    }

    @Test func aCellThatChangesSizeMovesTheItemsAfterItOnInvalidation() {
        let (cv, source) = makeSizedList([40, 40, 40])
        source.heights[1] = 90
        if let cell = cv.cellForItem(at: IndexPath(item: 1, section: 0)) as? SizedCell { cell.preferredHeight = 90 }
        cv.collectionViewLayout.invalidateLayout()
        cv.layoutIfNeeded()
        #expect(cv.visibleCells.map(\.frame) == stacked([40, 90, 40]))
    }

    @Test func withoutAnEstimateTheLayoutKeepsItsSizes() {
        let (cv, _) = makeSizedList([80, 80], estimated: .zero)
        #expect(cv.visibleCells.map(\.frame.height) == [40, 40])
    }

    @Test func sizesFollowTheirItemsThroughBatchUpdates() {
        let (cv, source) = makeSizedList([30, 60, 90])
        cv.performBatchUpdates({
            source.heights.insert(45, at: 0)
            cv.insertItems(at: [IndexPath(item: 0, section: 0)])
        })
        #expect(cv.visibleCells.map(\.frame) == stacked([45, 30, 60, 90]))
    }

    @Test func badPreferredSizesAndEstimatesAreReported() {
        let error = reported { _ = makeSizedList([40, .nan, 40]) }
        #expect(error?.owner == "SizedCell" && error?.property == "preferredLayoutAttributesFitting(_:) for item [0, 1]")
        #expect(error?.message.contains("NaN") == true)
        let layout = UICollectionViewFlowLayout()
        let negative = reported { layout.estimatedItemSize = CGSize(width: -1, height: 40) }
        #expect(negative?.owner == "UICollectionViewFlowLayout" && negative?.property == "estimatedItemSize" && layout.estimatedItemSize == .zero)
        #expect(reported { layout.estimatedItemSize = CGSize(width: 10, height: CGFloat.infinity) } != nil)
    }

    @Test func aBadSizeLeavesTheItemAtItsEstimate() {
        var frames: [CGRect] = []
        let error = reported {
            let (cv, _) = makeSizedList([40, -5, 60])
            frames = cv.visibleCells.map(\.frame)
        }
        #expect(error?.message.contains("-5") == true)
        #expect(frames == stacked([40, 40, 60]))
    }
}
