import Foundation
import Testing
import UIKitCompat

// The shape of the popular one-file bouncy flow layouts, written for UIKit: a flow layout
// subclass whose visible cells hang on attachments of `UIDynamicAnimator(collectionViewLayout: self)`
// (added through an `open` extension of UIDynamicAnimator, in OpenClassesTests.swift), nudged
// in `shouldInvalidateLayout(forBoundsChange:)` by their distance from the finger of the
// collection view's pan. It compiles here as written for iOS.

final class BouncyShapedLayout: UICollectionViewFlowLayout {
    enum BounceStyle {
        case subtle, regular, prominent

        var damping: CGFloat {
            switch self {
            case .subtle: return 1
            case .regular: return 0.75
            case .prominent: return 0.5
            }
        }

        var frequency: CGFloat {
            switch self {
            case .subtle: return 2
            case .regular: return 1.5
            case .prominent: return 1
            }
        }
    }

    private var damping: CGFloat = BounceStyle.regular.damping
    private var frequency: CGFloat = BounceStyle.regular.frequency

    convenience init(style: BounceStyle) {
        self.init()
        damping = style.damping
        frequency = style.frequency
    }

    private(set) lazy var animator: UIDynamicAnimator = UIDynamicAnimator(collectionViewLayout: self)

    override func prepare() {
        super.prepare()
        guard let view = collectionView,
              let attributes = super.layoutAttributesForElements(in: view.bounds)?.compactMap({ $0.copy() as? UICollectionViewLayoutAttributes })
        else { return }
        oldBehaviors(for: attributes).forEach { animator.removeBehavior($0) }
        newAttributes(for: attributes).forEach { animator.addBehavior($0, damping, frequency) }
    }

    private func oldBehaviors(for attributes: [UICollectionViewLayoutAttributes]) -> [UIAttachmentBehavior] {
        let indexPaths = attributes.map { $0.indexPath }
        return animator.behaviors.compactMap {
            guard let behavior = $0 as? UIAttachmentBehavior,
                  let itemAttributes = behavior.items.first as? UICollectionViewLayoutAttributes else { return nil }
            return indexPaths.contains(itemAttributes.indexPath) ? nil : behavior
        }
    }

    private func newAttributes(for attributes: [UICollectionViewLayoutAttributes]) -> [UICollectionViewLayoutAttributes] {
        let indexPaths = animator.behaviors.compactMap { (($0 as? UIAttachmentBehavior)?.items.first as? UICollectionViewLayoutAttributes)?.indexPath }
        return attributes.filter { !indexPaths.contains($0.indexPath) }
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        animator.items(in: rect) as? [UICollectionViewLayoutAttributes]
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        animator.layoutAttributesForCell(at: indexPath) ?? super.layoutAttributesForItem(at: indexPath)
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let view = collectionView else { return false }
        animator.behaviors.forEach {
            guard let behavior = $0 as? UIAttachmentBehavior, let item = behavior.items.first else { return }
            update(behavior: behavior, and: item, in: view, for: newBounds)
            animator.updateItem(usingCurrentState: item)
        }
        return view.bounds.width != newBounds.width
    }

    private func update(behavior: UIAttachmentBehavior, and item: UIDynamicItem, in view: UICollectionView, for bounds: CGRect) {
        let delta = CGVector(dx: bounds.origin.x - view.bounds.origin.x, dy: bounds.origin.y - view.bounds.origin.y)
        let touch = view.panGestureRecognizer.location(in: view)
        let resistance = CGVector(dx: abs(touch.x - behavior.anchorPoint.x) / 1000,
                                  dy: abs(touch.y - behavior.anchorPoint.y) / 1000)
        switch scrollDirection {
        case .horizontal: item.center.x += delta.dx < 0 ? max(delta.dx, delta.dx * resistance.dx) : min(delta.dx, delta.dx * resistance.dx)
        case .vertical: item.center.y += delta.dy < 0 ? max(delta.dy, delta.dy * resistance.dy) : min(delta.dy, delta.dy * resistance.dy)
        @unknown default: break
        }
    }
}

@Suite struct BouncyLayoutPortTests {
    @Test func theBouncyShapeRunsAsOnIOS() throws {
        MainLoop.current.clock = .virtual
        let layout = BouncyShapedLayout(style: .prominent)
        layout.itemSize = CGSize(width: 300, height: 44)
        let source = GridSource([200])
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 568))
        let cv = UICollectionView(frame: root.bounds, collectionViewLayout: layout)
        root.addSubview(cv)
        cv.register(CountingCell.self, forCellWithReuseIdentifier: "cell")
        cv.dataSource = source
        cv.layoutIfNeeded()
        #expect(layout.animator.behaviors.count == cv.visibleCells.count && cv.visibleCells.count == 11)
        let spring = try #require(layout.animator.behaviors.first as? UIAttachmentBehavior)
        #expect(spring.damping == 0.5 && spring.frequency == 1 && spring.length == 0)

        let pan = cv.panGestureRecognizer
        pan.simulate(.began, at: CGPoint(x: 160, y: 400), in: root)
        for step in 1...10 { // 20 pt a frame
            pan.simulate(.changed, at: CGPoint(x: 160, y: 400 - 20 * CGFloat(step)), in: root)
            MainLoop.current.advance(frames: 1)
        }
        // The finger stays over content y ≈ 380 (item 7, centered at 7 · 54 + 22 = 400): the
        // cell there trails the scroll a little, one 160 pt further down (item 10, attached
        // from the start) trails it several times as much.
        func offset(_ item: Int) -> CGFloat? {
            guard let cell = cv.cellForItem(at: IndexPath(item: item, section: 0)),
                  let grid = UICollectionViewFlowLayout.gridFrame(in: cv, item: item) else { return nil }
            return cell.center.y - grid.midY
        }
        let under = try #require(offset(7)), far = try #require(offset(10))
        #expect(under > 0 && far > 3 * under, "under the finger \(under), far \(far)")
        pan.simulate(.ended, at: CGPoint(x: 160, y: 200), in: root)
        var frames = 0
        while layout.animator.isRunning && frames < 1200 { MainLoop.current.advance(frames: 1); frames += 1 }
        #expect(!layout.animator.isRunning)
        for cell in cv.visibleCells {
            let item = try #require(cv.indexPath(for: cell)).item
            #expect(abs(try #require(offset(item))) < 0.5)
        }
    }
}

extension UICollectionViewFlowLayout {
    /// Where a plain flow layout with `cv`'s layout's metrics puts `item` (section 0).
    static func gridFrame(in cv: UICollectionView, item: Int) -> CGRect? {
        guard let springy = cv.collectionViewLayout as? UICollectionViewFlowLayout else { return nil }
        // 44 pt rows 10 pt apart in one column, centered: 300 pt wide in 320.
        return CGRect(x: 10, y: CGFloat(item) * (springy.itemSize.height + springy.minimumLineSpacing),
                      width: springy.itemSize.width, height: springy.itemSize.height)
    }
}
