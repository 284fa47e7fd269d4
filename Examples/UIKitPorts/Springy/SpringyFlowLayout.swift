// A springy flow layout, in the spirit of objc.io's "UICollectionView + UIKit Dynamics"
// (issue 5, 2013), written anew for this port. Each cell's layout attributes hang on a spring
// of zero length anchored where the flow layout puts the cell. When the content scrolls, every
// cell is carried along by the scroll but held back in proportion to its distance from the
// finger, so the cells under the finger move with it and the far ones trail; the springs then
// pull every cell back onto the grid.
//
// Tiling: only cells within `tilingMargin` of the bounds hang on springs. As the content
// scrolls, cells that leave that area let go of their springs (their items leave the
// animator) and cells that enter it get one, so the animator holds about a screenful of items
// whatever the number of cells.
//
// Everything below is UIKit code: it compiles as written against UIKit.

import UIKitCompat

final class SpringyFlowLayout: UICollectionViewFlowLayout {
    /// How far past the bounds (points) cells keep their springs.
    var tilingMargin: CGFloat = 100
    /// false hangs every cell on a spring (no tiling).
    var tiles = true
    /// The distance from the finger (points, |dx| + |dy|) at which a cell does not follow a
    /// scroll at all; nearer cells follow it in proportion.
    var resistance: CGFloat = 1500
    /// The springs' damping ratio and frequency (Hz).
    var springDamping: CGFloat = 0.8
    var springFrequency: CGFloat = 1

    lazy var animator = UIDynamicAnimator(collectionViewLayout: self)
    /// The spring of each cell that has one.
    private(set) var springs: [IndexPath: UIAttachmentBehavior] = [:]
    /// The last scroll step (points along the scroll direction), for cells that join mid-scroll.
    private var lastScrollDelta: CGFloat = 0

    override func prepare() {
        super.prepare()
        guard let collectionView else { return }
        let area = tiles ? collectionView.bounds.insetBy(dx: -tilingMargin, dy: -tilingMargin)
                         : CGRect(origin: .zero, size: collectionViewContentSize)
        let inArea = (super.layoutAttributesForElements(in: area) ?? []).filter { $0.representedElementCategory == .cell }
        let paths = Set(inArea.map(\.indexPath))

        for (path, spring) in springs where !paths.contains(path) {
            animator.removeBehavior(spring)
            springs[path] = nil
        }

        let scrolling = collectionView.isDragging || collectionView.isDecelerating
        let touch = collectionView.panGestureRecognizer.location(in: collectionView)
        for attributes in inArea where springs[attributes.indexPath] == nil {
            let item = attributes.copy() as! UICollectionViewLayoutAttributes
            let spring = UIAttachmentBehavior(item: item, attachedToAnchor: item.center)
            spring.length = 0
            spring.damping = springDamping
            spring.frequency = springFrequency
            // A cell that comes into view mid-scroll starts where the last step would have left it.
            if scrolling { item.center = displaced(item.center, anchor: spring.anchorPoint, by: lastScrollDelta, touch: touch) }
            animator.addBehavior(spring)
            springs[attributes.indexPath] = spring
        }
    }

    /// A new grid (new data, a new size) moves every anchor: the springs start over.
    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        if context.invalidateEverything || context.invalidateDataSourceCounts {
            animator.removeAllBehaviors()
            springs = [:]
        }
        super.invalidateLayout(with: context)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let hanging = animator.items(in: rect) as? [UICollectionViewLayoutAttributes] ?? []
        // Headers, footers and any cell without a spring, where the grid puts them.
        let still = (super.layoutAttributesForElements(in: rect) ?? []).filter {
            $0.representedElementCategory != .cell || springs[$0.indexPath] == nil
        }
        return hanging + still
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        animator.layoutAttributesForCell(at: indexPath) ?? super.layoutAttributesForItem(at: indexPath)
    }

    /// A scroll carries every hanging cell along, less its lag, and keeps the layout.
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView else { return false }
        let old = collectionView.bounds
        lastScrollDelta = scrollDirection == .vertical ? newBounds.minY - old.minY : newBounds.minX - old.minX
        let touch = collectionView.panGestureRecognizer.location(in: collectionView)
        for spring in springs.values {
            let item = spring.items[0]
            item.center = displaced(item.center, anchor: spring.anchorPoint, by: lastScrollDelta, touch: touch)
            animator.updateItem(usingCurrentState: item)
        }
        return super.shouldInvalidateLayout(forBoundsChange: newBounds)
    }

    /// Where the flow layout puts the cell at `indexPath` (its spring's anchor).
    func gridFrame(at indexPath: IndexPath) -> CGRect? {
        super.layoutAttributesForItem(at: indexPath)?.frame
    }

    /// `center` moved by the part of a scroll step `delta` that a cell anchored at `anchor`
    /// lags behind, with the finger at `touch`: all of it `resistance` points away, none of it
    /// under the finger.
    func displaced(_ center: CGPoint, anchor: CGPoint, by delta: CGFloat, touch: CGPoint) -> CGPoint {
        let distance = abs(touch.x - anchor.x) + abs(touch.y - anchor.y)
        let lag = delta * min(1, distance / resistance)
        var moved = center
        if scrollDirection == .vertical { moved.y += lag } else { moved.x += lag }
        return moved
    }
}
