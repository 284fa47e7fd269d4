// (d) The catalog, 1: "Falling crate". A crate picture falls under gravity and lands on the
// floor of the safe area (the reference bounds inset by the status bar and the home
// indicator). A collision delegate lightens the crate's tint while it touches a boundary and
// counts the landings in a label; the crate bounces a little (elasticity 0.3).
//
// Written for this project in the style of the view controllers of Apple's UIKit Dynamics
// catalog: as it would be written for UIKit, with only the Interface Builder attributes gone
// (the views are made in `viewDidLoad` instead of outlets) and `import UIKitCompat`.

import UIKitCompat

final class CrateDropViewController: UIViewController, UICollisionBehaviorDelegate {
    var crate: UIImageView!
    var landingsLabel: UILabel!
    var animator: UIDynamicAnimator!
    var landings = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor.white

        // A template image, so the crate takes the image view's tint color.
        crate = UIImageView(image: UIImage(named: "Crate"))
        crate.image = crate.image?.withRenderingMode(.alwaysTemplate)
        crate.tintColor = UIColor.darkGray
        crate.contentMode = .scaleAspectFit
        crate.center = CGPoint(x: view.bounds.midX, y: 140)
        view.addSubview(crate)

        landingsLabel = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 21))
        landingsLabel.textAlignment = .center
        landingsLabel.font = UIFont.preferredFont(forTextStyle: .footnote)
        landingsLabel.text = "No landings yet"
        view.addSubview(landingsLabel)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        // Keep the label under the status bar, inside the margins.
        landingsLabel.sizeToFit()
        landingsLabel.frame.origin = CGPoint(x: view.layoutMargins.left, y: view.safeAreaInsets.top + 8)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        animator = UIDynamicAnimator(referenceView: view)

        let gravity = UIGravityBehavior(items: [crate])
        animator.addBehavior(gravity)

        let collision = UICollisionBehavior(items: [crate])
        // The floor is the bottom of the safe area, not of the screen.
        collision.setTranslatesReferenceBoundsIntoBoundary(with: view.safeAreaInsets)
        collision.collisionDelegate = self
        animator.addBehavior(collision)

        let bounciness = UIDynamicItemBehavior(items: [crate])
        bounciness.elasticity = 0.3
        animator.addBehavior(bounciness)
    }

    // MARK: UICollisionBehaviorDelegate

    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
                           withBoundaryIdentifier identifier: NSCopying?, at p: CGPoint) {
        (item as! UIView).tintColor = UIColor.lightGray
        landings += 1
        landingsLabel.text = landings == 1 ? "1 landing" : "\(landings) landings"
    }

    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem,
                           withBoundaryIdentifier identifier: NSCopying?) {
        (item as! UIView).tintColor = UIColor.darkGray
    }
}
