// (c) The FaceTime picture-in-picture pattern (Apple's "StickyCorners" sample, WWDC 2015
// "What's New in UIKit Dynamics and Visual Effects"): the small self-view can be flung
// anywhere and always comes to rest in the nearest corner. A compound behavior holds one
// spring field per corner, each confined by a `UIRegion(size:)` to its quarter of the
// screen, a collision behavior that keeps the view on screen, and an item behavior that
// makes it light and heavily damped. Dragging turns the behavior off; letting go turns it
// back on and hands it the finger's velocity.

import UIKitCompat

enum StickyCorner: Int, CaseIterable {
    case topLeft = 0
    case bottomLeft
    case bottomRight
    case topRight
}

final class StickyCornersBehavior: UIDynamicBehavior {
    private let cornerInset: CGFloat
    private let itemBehavior: UIDynamicItemBehavior
    private let collisionBehavior: UICollisionBehavior
    private let item: UIDynamicItem
    private var fieldBehaviors = [UIFieldBehavior]()

    // Turning the behavior off takes the item out of every child behavior, so a drag
    // can move it freely.
    var isEnabled = true {
        didSet {
            if isEnabled {
                for field in fieldBehaviors { field.addItem(item) }
                collisionBehavior.addItem(item)
                itemBehavior.addItem(item)
            } else {
                for field in fieldBehaviors { field.removeItem(item) }
                collisionBehavior.removeItem(item)
                itemBehavior.removeItem(item)
            }
        }
    }

    // The corner whose field region holds the item's center.
    var currentCorner: StickyCorner? {
        guard dynamicAnimator != nil else { return nil }
        let center = item.center
        for (index, field) in fieldBehaviors.enumerated() {
            let relative = CGPoint(x: center.x - field.position.x, y: center.y - field.position.y)
            if field.region.contains(relative) {
                return StickyCorner(rawValue: index)
            }
        }
        return nil
    }

    init(item: UIDynamicItem, cornerInset: CGFloat) {
        self.item = item
        self.cornerInset = cornerInset

        collisionBehavior = UICollisionBehavior(items: [item])
        collisionBehavior.translatesReferenceBoundsIntoBoundary = true

        // Light and strongly damped, never turning: the springs pull it straight in.
        itemBehavior = UIDynamicItemBehavior(items: [item])
        itemBehavior.density = 0.01
        itemBehavior.resistance = 10
        itemBehavior.friction = 0.0
        itemBehavior.allowsRotation = false

        super.init()

        addChildBehavior(collisionBehavior)
        addChildBehavior(itemBehavior)

        for _ in StickyCorner.allCases {
            let field = UIFieldBehavior.springField()
            field.addItem(item)
            fieldBehaviors.append(field)
            addChildBehavior(field)
        }
    }

    override func willMove(to dynamicAnimator: UIDynamicAnimator?) {
        super.willMove(to: dynamicAnimator)
        guard let bounds = dynamicAnimator?.referenceView?.bounds else { return }
        updateFieldsInBounds(bounds)
    }

    // Each field sits `cornerInset` plus half the item from its corner; its region is a
    // rectangle around it reaching the middle of the screen both ways.
    func updateFieldsInBounds(_ bounds: CGRect) {
        guard bounds != CGRect.zero else { return }
        let itemBounds = item.bounds
        let dx = cornerInset + itemBounds.width / 2
        let dy = cornerInset + itemBounds.height / 2
        let w = bounds.width, h = bounds.height

        func update(_ field: UIFieldBehavior, _ point: CGPoint) {
            field.position = point
            field.region = UIRegion(size: CGSize(width: w - dx * 2, height: h - dy * 2))
        }

        update(fieldBehaviors[StickyCorner.topLeft.rawValue], CGPoint(x: dx, y: dy))
        update(fieldBehaviors[StickyCorner.bottomLeft.rawValue], CGPoint(x: dx, y: h - dy))
        update(fieldBehaviors[StickyCorner.bottomRight.rawValue], CGPoint(x: w - dx, y: h - dy))
        update(fieldBehaviors[StickyCorner.topRight.rawValue], CGPoint(x: w - dx, y: dy))
    }

    func addLinearVelocity(_ velocity: CGPoint) {
        itemBehavior.addLinearVelocity(velocity, for: item)
    }

    func positionForCorner(_ corner: StickyCorner) -> CGPoint {
        fieldBehaviors[corner.rawValue].position
    }
}

final class PiPViewController: UIViewController {
    static let screen = CGRect(x: 0, y: 0, width: 375, height: 667)

    var animator: UIDynamicAnimator!
    var stickyBehavior: StickyCornersBehavior!
    var pipView: UIView!
    var panGesture: UIPanGestureRecognizer!
    private var offset = CGPoint.zero

    override func viewDidLoad() {
        super.viewDidLoad()

        // A portrait video thumbnail, FaceTime style.
        pipView = UIView(frame: CGRect(x: 0, y: 0, width: 90, height: 160))
        pipView.backgroundColor = UIColor.darkGray
        pipView.layer.cornerRadius = 12
        view.addSubview(pipView)

        panGesture = UIPanGestureRecognizer { [unowned self] pan in self.pan(pan) }
        pipView.addGestureRecognizer(panGesture)

        animator = UIDynamicAnimator(referenceView: view)
        stickyBehavior = StickyCornersBehavior(item: pipView, cornerInset: 16)
        animator.addBehavior(stickyBehavior)

        // Start in the top-right corner, as FaceTime does.
        pipView.center = stickyBehavior.positionForCorner(.topRight)
        animator.updateItem(usingCurrentState: pipView)
    }

    func pan(_ pan: UIPanGestureRecognizer) {
        var location = pan.location(in: view)

        switch pan.state {
        case .began:
            // Hand the view to the finger.
            let center = pipView.center
            offset.x = location.x - center.x
            offset.y = location.y - center.y
            stickyBehavior.isEnabled = false

        case .changed:
            let referenceBounds = view.bounds
            let itemBounds = pipView.bounds
            location.x -= offset.x
            location.y -= offset.y
            // Keep the view on screen while it is dragged.
            location.x = max(itemBounds.width / 2, min(referenceBounds.width - itemBounds.width / 2, location.x))
            location.y = max(itemBounds.height / 2, min(referenceBounds.height - itemBounds.height / 2, location.y))
            pipView.center = location

        case .cancelled, .ended:
            // Give the view back to the springs, moving as the finger did.
            let velocity = pan.velocity(in: view)
            stickyBehavior.isEnabled = true
            stickyBehavior.addLinearVelocity(velocity)

        default:
            break
        }
    }
}
