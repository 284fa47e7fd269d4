// (d) The catalog, 2: "Lantern on a rod". A lantern picture hangs from an anchor 110 pt
// above its center by a rigid attachment fixed 14 pt right of and 14 pt below its center, so
// it swings and turns until that point is straight under the anchor. Two small template
// markers show the attachment's ends (red on the anchor, blue on the lantern), and the root
// view, a `RodBackdropView` made in `loadView()`, lays out a thin "rod" view between them
// after every step. Panning moves the anchor; the lantern follows.

import UIKitCompat

/// The root view: keeps `rod` stretched from the anchor marker to the lantern's marker in
/// each layout pass (UIKit's sample observes the views' centers for this; here the
/// attachment's action asks for a layout).
final class RodBackdropView: UIView {
    let rod = UIView(frame: CGRect(x: 0, y: 0, width: 2, height: 1))
    weak var anchorMarker: UIView?
    weak var itemMarker: UIView?

    override init(frame: CGRect) {
        super.init(frame: frame)
        rod.backgroundColor = UIColor.gray
        addSubview(rod)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        guard let a = anchorMarker, let b = itemMarker, let lantern = b.superview else { return }
        let from = a.center
        let to = lantern.convert(b.center, to: self)
        let length = hypot(to.x - from.x, to.y - from.y)
        rod.transform = .identity
        rod.bounds = CGRect(x: 0, y: 0, width: 2, height: length)
        rod.center = CGPoint(x: (from.x + to.x) / 2, y: (from.y + to.y) / 2)
        rod.transform = CGAffineTransform(rotationAngle: atan2(to.y - from.y, to.x - from.x) - .pi / 2)
    }
}

final class LanternViewController: UIViewController {
    var lantern: UIImageView!
    var anchorMarker: UIImageView!
    var lanternMarker: UIImageView!
    var animator: UIDynamicAnimator!
    var rod: UIAttachmentBehavior!
    var pan: UIPanGestureRecognizer!

    /// Where the rod holds the lantern, from its center in its own axes (points).
    let holdOffset = UIOffset(horizontal: 14, vertical: 14)

    override func loadView() {
        view = RodBackdropView(frame: UIScreen.main.bounds)
    }

    override func viewDidLoad() {
        super.viewDidLoad()

        lantern = UIImageView(image: UIImage(named: "Lantern"))
        lantern.center = CGPoint(x: view.bounds.midX, y: 260)
        view.addSubview(lantern)

        animator = UIDynamicAnimator(referenceView: view)

        let anchor = CGPoint(x: lantern.center.x, y: lantern.center.y - 110)
        rod = UIAttachmentBehavior(item: lantern, offsetFromCenter: holdOffset, attachedToAnchor: anchor)
        animator.addBehavior(rod)
        animator.addBehavior(UIGravityBehavior(items: [lantern]))

        // Air drag, so the swing dies down in a few seconds.
        let air = UIDynamicItemBehavior(items: [lantern])
        air.resistance = 3
        air.angularResistance = 3
        animator.addBehavior(air)

        // Show both ends of the rod.
        anchorMarker = UIImageView(image: UIImage(systemName: "circle.fill"))
        anchorMarker.image = anchorMarker.image?.withRenderingMode(.alwaysTemplate)
        anchorMarker.tintColor = UIColor.red
        anchorMarker.center = rod.anchorPoint
        view.addSubview(anchorMarker)

        lanternMarker = UIImageView(image: UIImage(systemName: "circle.fill"))
        lanternMarker.image = lanternMarker.image?.withRenderingMode(.alwaysTemplate)
        lanternMarker.tintColor = UIColor.blue
        lanternMarker.center = CGPoint(x: lantern.bounds.midX + holdOffset.horizontal,
                                       y: lantern.bounds.midY + holdOffset.vertical)
        lantern.addSubview(lanternMarker)

        let backdrop = view as! RodBackdropView
        backdrop.anchorMarker = anchorMarker
        backdrop.itemMarker = lanternMarker
        rod.action = { [weak self] in self?.view.setNeedsLayout() }

        pan = UIPanGestureRecognizer(target: self, action: LanternViewController.moveAnchor)
        view.addGestureRecognizer(pan)
    }

    func moveAnchor(_ sender: UIPanGestureRecognizer) {
        rod.anchorPoint = sender.location(in: view)
        anchorMarker.center = rod.anchorPoint
    }
}
