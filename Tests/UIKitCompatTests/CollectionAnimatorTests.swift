import Foundation
import Testing
import UIKitCompat

/// A flow layout whose cells and headers hang on springs of a collection-view animator.
final class HangingFlowLayout: UICollectionViewFlowLayout {
    lazy var animator = UIDynamicAnimator(collectionViewLayout: self)
    var springs: [IndexPath: UIAttachmentBehavior] = [:]

    override func prepare() {
        super.prepare()
        guard animator.behaviors.isEmpty, let cv = collectionView else { return }
        let everything = CGRect(origin: .zero, size: collectionViewContentSize)
        for a in super.layoutAttributesForElements(in: everything) ?? [] {
            let item = a.copy() as! UICollectionViewLayoutAttributes
            let spring = UIAttachmentBehavior(item: item, attachedToAnchor: item.center)
            spring.length = 0
            spring.damping = 0.8
            spring.frequency = 2
            animator.addBehavior(spring)
            if item.representedElementCategory == .cell { springs[item.indexPath] = spring }
        }
        _ = cv
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        animator.items(in: rect) as? [UICollectionViewLayoutAttributes]
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        animator.layoutAttributesForCell(at: indexPath) ?? super.layoutAttributesForItem(at: indexPath)
    }
}

@Suite struct CollectionAnimatorTests {
    func make() -> (UICollectionView, HangingFlowLayout) {
        let layout = HangingFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 50)
        layout.headerReferenceSize = CGSize(width: 0, height: 30)
        let source = GridSource([9])
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        cv.register(CountingCell.self, forCellWithReuseIdentifier: "cell")
        cv.register(UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "supplementary")
        cv.dataSource = source
        cv.layoutIfNeeded()
        return (cv, layout)
    }

    @Test func theAnimatorFindsItsAttributesByElement() throws {
        let (cv, layout) = make()
        let animator = layout.animator
        #expect(animator.collectionViewLayout === layout && animator.referenceView == nil && animator.referenceBounds == nil)
        let cell = try #require(animator.layoutAttributesForCell(at: IndexPath(item: 4, section: 0)))
        #expect(cell.frame == CGRect(x: 110, y: 90, width: 100, height: 50) && cell === layout.springs[cell.indexPath]?.items[0])
        let header = try #require(animator.layoutAttributesForSupplementaryView(ofKind: UICollectionView.elementKindSectionHeader,
                                                                                 at: IndexPath(item: 0, section: 0)))
        #expect(header.frame == CGRect(x: 0, y: 0, width: 320, height: 30))
        #expect(animator.layoutAttributesForCell(at: IndexPath(item: 40, section: 0)) == nil)
        #expect(animator.layoutAttributesForDecorationView(ofKind: "badge", at: IndexPath(item: 0, section: 0)) == nil)
        // Items in a rectangle of the content: the header and the first line (30…80).
        let found = (animator.items(in: CGRect(x: 0, y: 0, width: 320, height: 60)) as? [UICollectionViewLayoutAttributes]) ?? []
        #expect(Set(found.map { "\($0.representedElementKind ?? "cell") \($0.indexPath.item)" }) ==
                ["\(UICollectionView.elementKindSectionHeader) 0", "cell 0", "cell 1", "cell 2"])
        #expect(cv.cellForItem(at: IndexPath(item: 4, section: 0))?.frame == cell.frame)
    }

    @Test func framesInWhichItemsMoveRelayTheCollectionView() throws {
        let (cv, layout) = make()
        let animator = layout.animator
        let attributes = try #require(animator.layoutAttributesForCell(at: IndexPath(item: 4, section: 0)))
        let cell = try #require(cv.cellForItem(at: IndexPath(item: 4, section: 0)))
        let home = attributes.center
        attributes.center.y += 30
        animator.updateItem(usingCurrentState: attributes)
        #expect(cell.center == home, "nothing moves before a frame")
        MainLoop.current.advance(frames: 1)
        // The frame stepped the animator, invalidated the layout and ran the layout pass.
        #expect(animator.isRunning && attributes.center.y > home.y && attributes.center.y < home.y + 30)
        #expect(cell.center == attributes.center, "the cell follows its attributes")
        var frames = 1
        while animator.isRunning && frames < 600 {
            MainLoop.current.advance(frames: 1)
            frames += 1
        }
        #expect(!animator.isRunning, "paused after \(frames) frames")
        #expect(abs(cell.center.y - home.y) < 0.5 && abs(cell.center.x - home.x) < 0.5, "back home: \(cell.center)")
        // 2 Hz at a damping ratio of 0.8 settles (to within 0.5 of 30 pt) in about a second.
        #expect(frames < 180)
        _ = cv
    }
}
