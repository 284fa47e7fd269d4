import Foundation
import Testing
import UIKitCompat

// UIKit's classes are open here too: these subclasses and extension members are the shapes
// iOS code uses, and they must compile as written. iOS code often declares such an extension
// method `open`; without Objective-C no extension member can be overridden, so Swift warns
// about `open` there and a port says `public`, as this one does.

extension UIDynamicAnimator {
    /// A spring from the item to where it is now (the extension a popular bouncy layout adds).
    public func addBehavior(_ item: UIDynamicItem, _ damping: CGFloat, _ frequency: CGFloat) {
        let spring = UIAttachmentBehavior(item: item, attachedToAnchor: item.center)
        spring.damping = damping
        spring.frequency = frequency
        spring.length = 0
        addBehavior(spring)
    }
}

final class CountingAnimator: UIDynamicAnimator {
    var added = 0
    override func addBehavior(_ behavior: UIDynamicBehavior) {
        added += 1
        super.addBehavior(behavior)
    }
    override func items(in rect: CGRect) -> [UIDynamicItem] {
        super.items(in: rect).filter { !($0 is HiddenItem) }
    }
}

final class HiddenItem: UIView {}

final class HeavyGravity: UIGravityBehavior {
    override init(items: [UIDynamicItem]) {
        super.init(items: items)
        magnitude = 2
    }
}

final class Spring: UIAttachmentBehavior {
    var label = "spring"
}

final class OpenBall: UIView {
    override var collisionBoundsType: UIDynamicItemCollisionBoundsType { .ellipse }
}

final class TaggedAttributes: UICollectionViewLayoutAttributes {
    var tag = 0
    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! TaggedAttributes
        copy.tag = tag
        return copy
    }
    override func isEqual(_ object: Any?) -> Bool {
        (object as? TaggedAttributes)?.tag == tag && super.isEqual(object)
    }
}

final class TaggedFlowLayout: UICollectionViewFlowLayout {
    override class var layoutAttributesClass: AnyClass { TaggedAttributes.self }
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        super.layoutAttributesForElements(in: rect)?.map {
            let copy = $0.copy() as! TaggedAttributes
            copy.tag = copy.indexPath.item * 10
            return copy
        }
    }
}

final class TaggedCell: UICollectionViewCell {
    var tag2 = -1
    let label = UILabel()
    required init(frame: CGRect) {
        super.init(frame: frame)
        contentView.addSubview(label)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        tag2 = (layoutAttributes as? TaggedAttributes)?.tag ?? -1
    }
}

final class CountingCollectionView: UICollectionView {
    var reloads = 0
    var passes = 0
    override func reloadData() {
        reloads += 1
        super.reloadData()
    }
    override func layoutSubviews() {
        passes += 1
        super.layoutSubviews()
    }
}

final class WatchedScrollView: UIScrollView {
    var offsets: [CGPoint] = []
    override func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        offsets.append(contentOffset)
        super.setContentOffset(contentOffset, animated: animated)
    }
}

final class EmptyLayout: UICollectionViewLayout {
    override var collectionViewContentSize: CGSize { CGSize(width: 10, height: 10) }
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
}

@Suite struct OpenClassesTests {
    @Test func subclassesAndOpenExtensionsWork() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 568))
        let animator = CountingAnimator(referenceView: view)
        #expect(animator.referenceView === view)
        let ball = OpenBall(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        let hidden = HiddenItem(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        animator.addBehavior(ball, 0.5, 2)
        animator.addBehavior(HeavyGravity(items: [ball, hidden]))
        let spring = Spring(item: hidden, attachedToAnchor: CGPoint(x: 20, y: 20))
        animator.addBehavior(spring)
        #expect(animator.added == 3 && spring.label == "spring" && spring.length == 0)
        #expect(animator.items(in: view.bounds).count == 1, "the override filters")
        #expect((animator.behaviors[1] as? UIGravityBehavior)?.magnitude == 2)

        let source = GridSource([3])
        let layout = TaggedFlowLayout()
        layout.itemSize = CGSize(width: 50, height: 50)
        let cv = CountingCollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        cv.register(TaggedCell.self, forCellWithReuseIdentifier: "cell")
        cv.dataSource = source
        cv.reloadData()
        cv.layoutIfNeeded()
        #expect(cv.reloads == 1 && cv.passes == 1)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0)) is TaggedAttributes)
        let cell = try #require(cv.cellForItem(at: IndexPath(item: 2, section: 0)) as? TaggedCell)
        #expect(cell.tag2 == 20 && cell.label.superview === cell.contentView)

        let scroll = WatchedScrollView(frame: view.bounds)
        scroll.setContentOffset(CGPoint(x: 0, y: 5), animated: false)
        #expect(scroll.offsets == [CGPoint(x: 0, y: 5)] && scroll.contentOffset.y == 5)
        // The attachment's general initializer, public so that subclasses inherit the others,
        // refuses what its UIKit initializers cannot express.
        #expect(reported { _ = UIAttachmentBehavior(kind: .pin, items: [ball], anchor: nil, offsetA: .zero, offsetB: .zero) }?
            .message == "a pin attachment joins two items")
        #expect(reported { _ = Spring(kind: .spring, items: [], anchor: .zero, offsetA: .zero, offsetB: .zero) }?.property == "items")
        let empty = UICollectionView(frame: view.bounds, collectionViewLayout: EmptyLayout())
        empty.layoutIfNeeded()
        #expect(empty.contentSize == CGSize(width: 10, height: 10))
    }
}
