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

class SpringyFlowLayout: UICollectionViewFlowLayout {
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
    /// Whether the grid moved under the springs (a batch update, a cell's new size, a resize):
    /// the next `prepare()` moves their anchors.
    private var gridMoved = false

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
        if gridMoved {
            gridMoved = false
            moveAnchorsOntoGrid()
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
            willHang(item, on: spring)
            animator.addBehavior(spring)
            springs[attributes.indexPath] = spring
        }
    }

    /// New data moves every anchor: the springs start over. A batch update, a cell's new size
    /// or a resize moves the grid under the springs, which follow it in the next `prepare()`.
    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        if context.invalidateEverything {
            animator.removeAllBehaviors()
            springs = [:]
        } else if context.invalidateDataSourceCounts || context.invalidatedItemIndexPaths != nil
                    || (context as? UICollectionViewFlowLayoutInvalidationContext)?.invalidateFlowLayoutAttributes == true {
            gridMoved = true
        }
        super.invalidateLayout(with: context)
    }

    /// A batch update: the springs of deleted and reloaded items let go, the others follow
    /// their items to their new index paths (moves and section changes start the springs over).
    override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        var deleted: [IndexPath] = [], inserted: [IndexPath] = []
        for update in updateItems {
            let before = update.indexPathBeforeUpdate, after = update.indexPathAfterUpdate
            switch update.updateAction {
            case .delete where before?.count == 2: deleted.append(before!)
            case .insert where after?.count == 2: inserted.append(after!)
            case .reload where before?.count == 2: deleted.append(before!); inserted.append(after ?? before!)
            default:
                animator.removeAllBehaviors()
                springs = [:]
                return
            }
        }
        var moved: [IndexPath: UIAttachmentBehavior] = [:]
        for (path, spring) in springs {
            guard !deleted.contains(path) else { animator.removeBehavior(spring); continue }
            var item = path.item - deleted.filter { $0.section == path.section && $0.item < path.item }.count
            for new in inserted.filter({ $0.section == path.section }).map(\.item).sorted() where new <= item { item += 1 }
            let to = IndexPath(item: item, section: path.section)
            guard to != path, let old = spring.items.first as? UICollectionViewLayoutAttributes,
                  let copy = old.copy() as? UICollectionViewLayoutAttributes else { moved[to] = spring; continue }
            // An item's index path is part of its identity in the animator: hang a copy.
            copy.indexPath = to
            let renamed = UIAttachmentBehavior(item: copy, attachedToAnchor: spring.anchorPoint)
            renamed.length = 0
            renamed.damping = spring.damping
            renamed.frequency = spring.frequency
            animator.removeBehavior(spring)
            animator.addBehavior(renamed)
            moved[to] = renamed
        }
        springs = moved
    }

    /// Moves each spring's anchor onto its cell's place on the grid, and its item by as much
    /// (so it keeps its lag), with the grid's size.
    private func moveAnchorsOntoGrid() {
        for (path, spring) in springs {
            guard let grid = super.layoutAttributesForItem(at: path)?.frame,
                  let item = spring.items.first as? UICollectionViewLayoutAttributes else { continue }
            let anchor = CGPoint(x: grid.midX, y: grid.midY)
            let dx = anchor.x - spring.anchorPoint.x, dy = anchor.y - spring.anchorPoint.y
            guard dx != 0 || dy != 0 || item.size != grid.size else { continue }
            spring.anchorPoint = anchor
            item.size = grid.size
            item.center = CGPoint(x: item.center.x + dx, y: item.center.y + dy)
            animator.updateItem(usingCurrentState: item)
        }
    }

    /// Called with each item as it gets its spring, before the spring is added (a subclass
    /// may move it, to have it spring in).
    func willHang(_ item: UICollectionViewLayoutAttributes, on spring: UIAttachmentBehavior) {}

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
