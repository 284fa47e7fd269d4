// A Messages-style bubble list: one bubble a line, each as tall as its text needs (self-sized
// cells), hanging on springs as the springy flow layout's cells do, so the list ripples as it
// scrolls. A message added at the end rises into place from below on its spring.
//
// Everything below is UIKit code: it compiles as written against UIKit.

import UIKitCompat

final class ChatBubbleLayout: SpringyFlowLayout {
    /// How far below its place (points) a new message starts before its spring pulls it in.
    var arrivalDrop: CGFloat = 120
    /// The items inserted by the last batch update that have not yet got their spring.
    private var arriving = Set<IndexPath>()

    override init() {
        super.init()
        minimumLineSpacing = 8
        sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        // Every bubble spans the width; its height comes from the cell.
        itemSize = CGSize(width: 300, height: 40)
        estimatedItemSize = UICollectionViewFlowLayout.automaticSize
        // Bubbles are lighter than squares: a livelier spring.
        springFrequency = 1.5
        springDamping = 0.7
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        for update in updateItems where update.updateAction == .insert {
            if let path = update.indexPathAfterUpdate, path.count == 2 { arriving.insert(path) }
        }
    }

    override func prepare() {
        super.prepare()
        arriving = [] // those out of the springs' reach arrive in place
    }

    /// A new message starts `arrivalDrop` below its place.
    override func willHang(_ item: UICollectionViewLayoutAttributes, on spring: UIAttachmentBehavior) {
        guard arriving.remove(item.indexPath) != nil else { return }
        item.center = CGPoint(x: item.center.x, y: item.center.y + arrivalDrop)
    }
}
