// (d) The catalog, 4: "Springy button". Dynamics moves centers, not sizes; a stand-in
// dynamic item maps one onto the other — its center is the button's bounds size — so a
// spring and a push make the button swell and settle back. The button's image fills its
// bounds (both content alignments `.fill`), so the picture breathes with it.

import UIKitCompat

/// A dynamic item whose center is `target`'s bounds size: x is the width, y the height.
final class SizeAsPositionItem: NSObject, UIDynamicItem {
    let target: UIView

    init(target: UIView) {
        self.target = target
        super.init()
    }

    var center: CGPoint {
        get { CGPoint(x: target.bounds.size.width, y: target.bounds.size.height) }
        set { target.bounds = CGRect(x: 0, y: 0, width: newValue.x, height: newValue.y) }
    }

    var bounds: CGRect { target.bounds }

    var transform: CGAffineTransform {
        get { target.transform }
        set { target.transform = newValue }
    }
}

final class SpringyButtonViewController: UIViewController {
    var button: UIButton!
    var restingBounds: CGRect!
    var animator: UIDynamicAnimator?

    override func viewDidLoad() {
        super.viewDidLoad()

        button = UIButton(type: .custom)
        button.frame = CGRect(x: 110, y: 250, width: 100, height: 40)
        button.setImage(UIImage(named: "Heart")?.withRenderingMode(.alwaysTemplate), for: .normal)
        button.tintColor = UIColor.systemPink
        // The image scales with the bounds.
        button.contentHorizontalAlignment = .fill
        button.contentVerticalAlignment = .fill
        button.addTarget(self, action: SpringyButtonViewController.bounce, for: .touchUpInside)
        view.addSubview(button)

        // Each bounce starts again from here, however the last one ended.
        restingBounds = button.bounds
    }

    func bounce(_ sender: UIButton) {
        sender.bounds = restingBounds

        // A new animator per bounce is cheap.
        let animator = UIDynamicAnimator(referenceView: view)
        let item = SizeAsPositionItem(target: sender)

        // A spring holds the size at its resting value…
        let spring = UIAttachmentBehavior(item: item, attachedToAnchor: item.center)
        spring.frequency = 2.0
        spring.damping = 0.3
        animator.addBehavior(spring)

        // …and a push along the diagonal makes it grow in both directions at once.
        let push = UIPushBehavior(items: [item], mode: .instantaneous)
        push.angle = .pi / 4
        push.magnitude = 2.0
        animator.addBehavior(push)
        push.active = true

        self.animator = animator
    }
}
