// (d) The catalog, 3: "Kick and snap". A puck (a rounded view, no rotation) lies in a box
// with no gravity. The "Kick" button gives it an instantaneous push to the right; a tap
// anywhere else snaps it to the tapped point. While a kick is under way a red arrow (a
// template image view) shows its direction and strength, then fades out.

import UIKitCompat

final class KickAndSnapViewController: UIViewController {
    var puck: UIView!
    var kickButton: UIButton!
    var arrow: UIImageView!
    var animator: UIDynamicAnimator!
    var kick: UIPushBehavior!
    var snap: UISnapBehavior?
    var tap: UITapGestureRecognizer!

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor.white
        view.tintColor = UIColor.systemOrange

        puck = UIView(frame: CGRect(x: 60, y: 260, width: 50, height: 50))
        puck.backgroundColor = UIColor.darkGray
        puck.layer.cornerRadius = 25
        puck.layer.masksToBounds = true
        view.addSubview(puck)

        kickButton = UIButton(type: .system)
        kickButton.setTitle("Kick", for: .normal)
        kickButton.setImage(UIImage(systemName: "arrow.right.circle"), for: .normal)
        kickButton.contentHorizontalAlignment = .left
        kickButton.sizeToFit()
        kickButton.frame.origin = CGPoint(x: view.layoutMargins.left, y: view.bounds.height - view.safeAreaInsets.bottom - 44)
        kickButton.addTarget(self, action: KickAndSnapViewController.kickTapped, for: .touchUpInside)
        view.addSubview(kickButton)

        arrow = UIImageView(image: UIImage(named: "Arrow")?.withRenderingMode(.alwaysTemplate))
        arrow.tintColor = UIColor.red
        arrow.alpha = 0
        arrow.isHidden = true
        view.addSubview(arrow)

        tap = UITapGestureRecognizer(target: self, action: KickAndSnapViewController.snapToTap)
        view.addGestureRecognizer(tap)

        animator = UIDynamicAnimator(referenceView: view)
        let walls = UICollisionBehavior(items: [puck])
        walls.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(walls)

        let puckProperties = UIDynamicItemBehavior(items: [puck])
        puckProperties.allowsRotation = false
        puckProperties.elasticity = 0.5
        puckProperties.friction = 0
        puckProperties.resistance = 0.5
        animator.addBehavior(puckProperties)

        kick = UIPushBehavior(items: [puck], mode: .instantaneous)
        kick.active = false
        animator.addBehavior(kick)
    }

    func kickTapped(_ sender: UIButton) {
        if let snap { animator.removeBehavior(snap) }
        snap = nil
        kick.angle = 0
        kick.magnitude = 1
        kick.active = true
        showArrow(length: 100 * kick.magnitude, angle: kick.angle)
    }

    func snapToTap(_ sender: UITapGestureRecognizer) {
        if let snap { animator.removeBehavior(snap) }
        let point = sender.location(in: view)
        let newSnap = UISnapBehavior(item: puck, snapTo: point)
        newSnap.damping = 0.7
        animator.addBehavior(newSnap)
        snap = newSnap
    }

    /// Draws the arrow from the puck's center, `length` points long, turned by `angle`, then fades it.
    func showArrow(length: CGFloat, angle: CGFloat) {
        arrow.isHidden = false
        arrow.transform = .identity
        arrow.bounds = CGRect(x: 0, y: 0, width: length, height: arrow.bounds.height)
        arrow.center = CGPoint(x: puck.center.x + length / 2 * cos(angle), y: puck.center.y + length / 2 * sin(angle))
        arrow.transform = CGAffineTransform(rotationAngle: angle)
        arrow.alpha = 1
        UIView.animate(withDuration: 1.0, animations: {
            self.arrow.alpha = 0
        }, completion: { _ in
            self.arrow.isHidden = true
        })
    }
}
