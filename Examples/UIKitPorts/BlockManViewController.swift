// (b) "Block Man" (iOS Developer Tips, "iOS 7 UIKit Dynamics: Gravity and Collisions" and its
// sequel on attachments): a stick figure of nine plain views — a head, a torso, a hip bar,
// two legs, two upper and two lower arms — held together by attachment behaviors at the
// joints, falls under gravity and tumbles inside the screen, whose bounds are a collision
// boundary. The head is bouncier than the rest. Every tap turns gravity toward the tap.
//
// The frames are the tutorial's; the joints attach the end points of neighbouring parts with
// `UIAttachmentBehavior(item:offsetFromCenter:attachedTo:offsetFromCenter:)` (rigid: the
// frequency stays 0). The tap recognizer is made with a closure, as Linux has no selectors.
//
// The parts collide with everything (`collisionMode = .everything`), as in the tutorial:
// attached parts do not collide with each other (as in UIKit), so the neck and hip joints,
// rods of length 0 on the edges two parts share, bend freely; unattached parts do collide.

import UIKitCompat

let kHeadInitialPosition = CGRect(x: 135, y: 100, width: 50, height: 50)
let kTorsoInitialPosition = CGRect(x: 155, y: 150, width: 10, height: 100)
let kUpperLegInitialPosition = CGRect(x: 140, y: 250, width: 40, height: 10)
let kLeftLegInitialPosition = CGRect(x: 130, y: 250, width: 10, height: 40)
let kRightLegInitialPosition = CGRect(x: 180, y: 250, width: 10, height: 40)
let kLeftUpperArmInitialPosition = CGRect(x: 115, y: 170, width: 40, height: 10)
let kRightUpperArmInitialPosition = CGRect(x: 165, y: 170, width: 40, height: 10)
let kLeftLowerArmInitialPosition = CGRect(x: 105, y: 170, width: 10, height: 40)
let kRightLowerArmInitialPosition = CGRect(x: 205, y: 170, width: 10, height: 40)

final class BlockManViewController: UIViewController {
    var bodyParts: [UIView] = []
    var animator: UIDynamicAnimator!
    var gravity: UIGravityBehavior!
    var collision: UICollisionBehavior!
    var joints: [UIAttachmentBehavior] = []
    /// Each joint's offsets from its two items' centers (UIKit does not expose them).
    var jointOffsets: [(UIOffset, UIOffset)] = []

    var head: UIView!
    var torso: UIView!
    var upperLeg: UIView!
    var leftLeg: UIView!
    var rightLeg: UIView!
    var leftUpperArm: UIView!
    var rightUpperArm: UIView!
    var leftLowerArm: UIView!
    var rightLowerArm: UIView!

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor.white

        head = UIView(frame: kHeadInitialPosition)
        head.backgroundColor = UIColor.orange
        head.layer.cornerRadius = 25
        torso = UIView(frame: kTorsoInitialPosition)
        upperLeg = UIView(frame: kUpperLegInitialPosition)
        leftLeg = UIView(frame: kLeftLegInitialPosition)
        rightLeg = UIView(frame: kRightLegInitialPosition)
        leftUpperArm = UIView(frame: kLeftUpperArmInitialPosition)
        rightUpperArm = UIView(frame: kRightUpperArmInitialPosition)
        leftLowerArm = UIView(frame: kLeftLowerArmInitialPosition)
        rightLowerArm = UIView(frame: kRightLowerArmInitialPosition)

        bodyParts = [head, torso, upperLeg, leftLeg, rightLeg,
                     leftUpperArm, rightUpperArm, leftLowerArm, rightLowerArm]
        for part in bodyParts where part !== head {
            part.backgroundColor = UIColor.blue
        }
        for part in bodyParts {
            view.addSubview(part)
        }

        animator = UIDynamicAnimator(referenceView: view)

        gravity = UIGravityBehavior(items: bodyParts)
        animator.addBehavior(gravity)

        collision = UICollisionBehavior(items: bodyParts)
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.collisionMode = .everything
        animator.addBehavior(collision)

        // The head bounces; the rest of the body barely does.
        let headBehavior = UIDynamicItemBehavior(items: [head])
        headBehavior.elasticity = 0.8
        animator.addBehavior(headBehavior)

        let bodyBehavior = UIDynamicItemBehavior(items: Array(bodyParts.dropFirst()))
        bodyBehavior.elasticity = 0.3
        bodyBehavior.friction = 0.5
        animator.addBehavior(bodyBehavior)

        // Neck: the bottom of the head to the top of the torso.
        attach(head, UIOffset(horizontal: 0, vertical: 25), to: torso, UIOffset(horizontal: 0, vertical: -50))
        // Hips: the bottom of the torso to the middle of the hip bar.
        attach(torso, UIOffset(horizontal: 0, vertical: 50), to: upperLeg, UIOffset(horizontal: 0, vertical: -5))
        // Legs hang from the ends of the hip bar.
        attach(upperLeg, UIOffset(horizontal: -20, vertical: 0), to: leftLeg, UIOffset(horizontal: 0, vertical: -20))
        attach(upperLeg, UIOffset(horizontal: 20, vertical: 0), to: rightLeg, UIOffset(horizontal: 0, vertical: -20))
        // Shoulders: the inner ends of the upper arms to the torso.
        attach(torso, UIOffset(horizontal: 0, vertical: -25), to: leftUpperArm, UIOffset(horizontal: 20, vertical: 0))
        attach(torso, UIOffset(horizontal: 0, vertical: -25), to: rightUpperArm, UIOffset(horizontal: -20, vertical: 0))
        // Elbows: the outer ends of the upper arms to the tops of the lower arms.
        attach(leftUpperArm, UIOffset(horizontal: -20, vertical: 0), to: leftLowerArm, UIOffset(horizontal: 0, vertical: -20))
        attach(rightUpperArm, UIOffset(horizontal: 20, vertical: 0), to: rightLowerArm, UIOffset(horizontal: 0, vertical: -20))

        let tap = UITapGestureRecognizer { [unowned self] recognizer in self.tapped(recognizer) }
        view.addGestureRecognizer(tap)
    }

    func attach(_ item1: UIView, _ offset1: UIOffset, to item2: UIView, _ offset2: UIOffset) {
        let joint = UIAttachmentBehavior(item: item1, offsetFromCenter: offset1,
                                         attachedTo: item2, offsetFromCenter: offset2)
        animator.addBehavior(joint)
        joints.append(joint)
        jointOffsets.append((offset1, offset2))
    }

    // Gravity turns toward the tap, seen from the middle of the screen.
    func tapped(_ recognizer: UITapGestureRecognizer) {
        let location = recognizer.location(in: view)
        let dx = location.x - view.bounds.midX
        let dy = location.y - view.bounds.midY
        let length = sqrt(dx * dx + dy * dy)
        guard length > 0 else { return }
        gravity.gravityDirection = CGVector(dx: dx / length, dy: dy / length)
    }
}
