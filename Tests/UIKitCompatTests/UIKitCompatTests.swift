import Foundation
import Testing
import UIKitCompat

/// A view whose collision shape is its inscribed circle, the iOS 9 way.
final class Ball: UIView {
    override var collisionBoundsType: UIDynamicItemCollisionBoundsType {
        return .ellipse
    }
}

/// A delegate written for UIKit: `NSCopying?` boundary identifiers.
final class UIKitStyleDelegate: NSObject, UICollisionBehaviorDelegate, UIDynamicAnimatorDelegate {
    var boundaryContacts: [String] = []
    var itemContacts = 0
    var pauses = 0

    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
                           withBoundaryIdentifier identifier: NSCopying?, at p: CGPoint) {
        boundaryContacts.append((identifier as? NSString).map { String(describing: $0) } ?? "bounds")
    }

    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem,
                           with item2: UIDynamicItem, at p: CGPoint) {
        itemContacts += 1
    }

    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {
        pauses += 1
    }
}

/// A delegate written for Dynamics: `AnyHashable?` identifiers, through the UIKit protocol.
final class DynamicsStyleDelegate: UICollisionBehaviorDelegate {
    var identifiers: [AnyHashable?] = []
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                           withBoundaryIdentifier identifier: AnyHashable?, at point: CGPoint) {
        identifiers.append(identifier)
    }
}

private func run(_ animator: UIDynamicAnimator, seconds: Double) {
    for _ in 0..<Int(seconds * 60) where animator.isRunning { animator.step(1.0 / 60) }
}

@Suite struct UIKitNamesTests {
    /// Classic lines, verbatim (Swift 4.2+ spellings), must compile and mean what they mean.
    @Test func classicSnippetsCompileAsWritten() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 568))
        let animator = UIDynamicAnimator(referenceView: view)
        #expect(animator.referenceView === view)
        #expect(animator.referenceBounds == view.bounds)

        let box = UIView(frame: CGRect(x: 135, y: 100, width: 50, height: 50))
        box.backgroundColor = UIColor.red
        view.addSubview(box)

        let gravity = UIGravityBehavior(items: [box])
        gravity.gravityDirection = CGVector(dx: 0, dy: 0.5)
        gravity.angle = .pi / 2
        gravity.magnitude = 1

        let collision = UICollisionBehavior(items: [box])
        collision.collisionMode = UICollisionBehavior.Mode.everything
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.setTranslatesReferenceBoundsIntoBoundary(with: UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        collision.addBoundary(withIdentifier: "shelf" as NSCopying, from: CGPoint(x: 0, y: 400), to: CGPoint(x: 320, y: 400))
        collision.addBoundary(withIdentifier: "ring" as NSString, for: UIBezierPath(ovalIn: CGRect(x: 10, y: 10, width: 20, height: 20)))
        #expect(collision.boundary(withIdentifier: "shelf") != nil, "an NSCopying string id is found by its String")
        #expect(collision.boundary(withIdentifier: "ring" as NSCopying) != nil)
        collision.removeBoundary(withIdentifier: "ring" as NSCopying)
        #expect(collision.boundaryIdentifiers == ["shelf"])

        let itemBehavior = UIDynamicItemBehavior(items: [box])
        itemBehavior.elasticity = 0.75
        itemBehavior.friction = 0.2
        itemBehavior.density = 1
        itemBehavior.resistance = 0
        itemBehavior.angularResistance = 0
        itemBehavior.allowsRotation = true
        itemBehavior.isAnchored = false
        itemBehavior.charge = 0
        itemBehavior.addLinearVelocity(CGPoint(x: 0, y: 100), for: box)
        itemBehavior.addAngularVelocity(0.5, for: box)

        let push = UIPushBehavior(items: [box], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 0.2, dy: 0)
        push.setAngle(0, magnitude: 0.2)
        push.setTargetOffsetFromCenter(UIOffset(horizontal: 0, vertical: 10), for: box)
        push.active = true
        let mode: UIPushBehavior.Mode = .continuous
        #expect(mode != push.mode)

        let snap = UISnapBehavior(item: box, snapTo: CGPoint(x: 160, y: 100))
        snap.damping = 0.7
        snap.snapPoint = CGPoint(x: 160, y: 120)

        let spring = UIAttachmentBehavior(item: box, attachedToAnchor: CGPoint(x: 160, y: 40))
        spring.frequency = 2
        spring.damping = 0.3
        spring.length = 50
        spring.anchorPoint = CGPoint(x: 160, y: 50)
        #expect(spring.attachedBehaviorType == .anchor)
        #expect(spring.attachedBehaviorType == UIAttachmentBehaviorType.anchor)

        let other = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        let rod = UIAttachmentBehavior(item: box, offsetFromCenter: UIOffset(horizontal: 0, vertical: -25),
                                       attachedTo: other, offsetFromCenter: UIOffset.zero)
        #expect(rod.attachedBehaviorType == .items)
        let pin = UIAttachmentBehavior.pinAttachment(with: box, attachedTo: other, attachmentAnchor: CGPoint(x: 100, y: 100))
        pin.attachmentRange = UIFloatRange(minimum: -.pi / 4, maximum: .pi / 4)
        pin.frictionTorque = 1
        let slider = UIAttachmentBehavior.slidingAttachment(with: box, attachmentAnchor: CGPoint(x: 160, y: 125),
                                                           axisOfTranslation: CGVector(dx: 0, dy: 1))
        slider.attachmentRange = UIFloatRangeMake(-50, 50)
        _ = UIAttachmentBehavior.limitAttachment(with: box, offsetFromCenter: UIOffsetZero, attachedTo: other, offsetFromCenter: .zero)
        _ = UIAttachmentBehavior.fixedAttachment(with: box, attachedTo: other, attachmentAnchor: CGPoint(x: 100, y: 100))
        #expect(UIFloatRange.infinite.isInfinite && !UIFloatRange.zero.isInfinite)

        let field = UIFieldBehavior.springField()
        field.position = CGPoint(x: 160, y: 284)
        field.region = UIRegion(size: CGSize(width: 160, height: 284))
        field.strength = 2
        field.addItem(box)
        let radial = UIFieldBehavior.radialGravityField(position: CGPoint(x: 160, y: 284))
        radial.region = UIRegion(radius: 200).inverse().byUnion(with: UIRegion(radius: 20))
        radial.falloff = 2
        radial.minimumRadius = 10
        _ = UIFieldBehavior.linearGravityField(direction: CGVector(dx: 0, dy: 1))
        _ = UIFieldBehavior.velocityField(direction: CGVector(dx: 1, dy: 0))
        _ = UIFieldBehavior.vortexField()
        _ = UIFieldBehavior.dragField()
        _ = UIFieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 1)
        _ = UIFieldBehavior.turbulenceField(smoothness: 0.5, animationSpeed: 1)
        _ = UIFieldBehavior.electricField()
        _ = UIFieldBehavior.magneticField()
        let custom = UIFieldBehavior.field { field, position, velocity, mass, charge, deltaTime in
            return CGVector(dx: -position.x, dy: -position.y)
        }
        #expect(UIRegion.infinite.contains(CGPoint(x: 1e6, y: 0)))
        #expect(custom.strength == 1)

        let a = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let b = UIView(frame: CGRect(x: 10, y: 0, width: 10, height: 10))
        let group = UIDynamicItemGroup(items: [a, b])
        #expect(group.bounds.size == CGSize(width: 20, height: 10))

        let composite = UIDynamicBehavior()
        composite.addChildBehavior(gravity)
        composite.addChildBehavior(collision)
        composite.addChildBehavior(itemBehavior)
        composite.action = { _ = box.center }
        animator.addBehavior(composite)
        #expect(animator.behaviors.count == 1)
        animator.step(1.0 / 60)
        #expect(animator.isRunning)
        #expect(animator.elapsedTime > 0)
        #expect(animator.items(in: view.bounds).contains { $0 === box })
        animator.removeAllBehaviors()

        // Geometry on Linux: CGVector, CGAffineTransform and CGSize.applying exist.
        let t = CGAffineTransform(rotationAngle: .pi / 2)
        let turned = CGSize(width: 40, height: 10).applying(t)
        #expect(abs(turned.width + 10) < 1e-9 && abs(turned.height - 40) < 1e-9)
        #expect(CGAffineTransform(scaleX: 2, y: 3).a == 2)
        #expect(UIEdgeInsets.zero == UIEdgeInsetsMake(0, 0, 0, 0))
        #expect(UIOffset.zero == UIOffsetMake(0, 0))
        let arc = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi, clockwise: true)
        #expect(abs(arc.currentPoint.x + 10) < 1e-9)
        #expect(UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 20, height: 20), cornerRadius: 4).bounds.width == 20)
    }

    @Test func subclassOverridesOfTheCollisionShapeReachTheEngine() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 568))
        let ball = Ball(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        let item: UIDynamicItem = ball
        #expect(item.collisionBoundsType == .ellipse)
        #expect((UIView(frame: .zero) as UIDynamicItem).collisionBoundsType == .rectangle)
        let animator = UIDynamicAnimator(referenceView: view)
        animator.addBehavior(UIGravityBehavior(items: [ball]))
        animator.step(1.0 / 60)
        // An ellipse's mass uses its true area: π·50² / 10 000.
        let mass = try #require(animator.mass(of: ball))
        #expect(abs(mass - .pi / 4) < 1e-3)
    }

    @Test func uikitStyleDelegateGetsNSCopyingIdentifiers() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 568))
        let box = UIView(frame: CGRect(x: 20, y: 100, width: 50, height: 50))
        let ball = Ball(frame: CGRect(x: 200, y: 100, width: 50, height: 50))
        let delegate = UIKitStyleDelegate()
        let animator = UIDynamicAnimator(referenceView: view)
        animator.delegate = delegate
        let collision = UICollisionBehavior(items: [box, ball])
        collision.collisionDelegate = delegate
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.addBoundary(withIdentifier: "shelf" as NSCopying, from: CGPoint(x: 0, y: 300), to: CGPoint(x: 120, y: 300))
        animator.addBehavior(collision)
        animator.addBehavior(UIGravityBehavior(items: [box, ball]))
        run(animator, seconds: 10)
        #expect(delegate.boundaryContacts.first == "shelf", "the box lands on the shelf first")
        #expect(delegate.boundaryContacts.contains("bounds"), "the ball lands on the floor (identifier nil)")
        #expect(delegate.pauses == 1)
        #expect(!animator.isRunning)
        #expect(abs(box.frame.maxY - 300) <= 1)
        #expect(abs(ball.frame.maxY - 568) <= 1)
    }

    @Test func dynamicsStyleDelegateThroughTheUIKitProtocolGetsTheStoredIdentifiers() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 568))
        let box = UIView(frame: CGRect(x: 20, y: 100, width: 50, height: 50))
        let delegate = DynamicsStyleDelegate()
        let animator = UIDynamicAnimator(referenceView: view)
        let collision = UICollisionBehavior(items: [box])
        collision.collisionDelegate = delegate
        collision.addBoundary(withIdentifier: "shelf" as NSCopying, from: CGPoint(x: 0, y: 300), to: CGPoint(x: 120, y: 300))
        collision.addBoundary(withIdentifier: 7 as NSNumber, from: CGPoint(x: 0, y: 500), to: CGPoint(x: 320, y: 500))
        animator.addBehavior(collision)
        animator.addBehavior(UIGravityBehavior(items: [box]))
        run(animator, seconds: 3)
        // The NSString id is stored as a String, so a String literal matches it.
        #expect(delegate.identifiers.first == AnyHashable("shelf"))
        #expect(collision.boundaryIdentifiers.contains(AnyHashable(7)))
    }

    @Test func identifierBridging() {
        #expect(boundaryIdentifier("a" as NSString) == AnyHashable("a"))
        #expect(boundaryIdentifier(NSNumber(value: 3)) == AnyHashable(3))
        #expect(boundaryIdentifier(NSNumber(value: 2.5)) == AnyHashable(2.5))
        #expect(nsCopyingIdentifier("a") as? NSString == "a")
        #expect(nsCopyingIdentifier(3) as? NSNumber == NSNumber(value: 3))
        #expect(nsCopyingIdentifier(AnyHashable(CGPoint(x: 1, y: 2))) is NSString)
    }
}

@Suite struct UIViewTests {
    @Test func geometryFollowsUIKit() {
        let v = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(v.center == CGPoint(x: 60, y: 45))
        #expect(v.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        v.transform = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(abs(v.frame.width - 50) < 1e-9 && abs(v.frame.height - 100) < 1e-9)
        #expect(v.center == CGPoint(x: 60, y: 45), "a transform turns the view about its center")
        v.transform = .identity
        v.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        #expect(v.center == CGPoint(x: 60, y: 45), "resizing the bounds keeps the center")
        v.frame = CGRect(x: 0, y: 0, width: 30, height: 40)
        #expect(v.center == CGPoint(x: 15, y: 20) && v.bounds.size == CGSize(width: 30, height: 40))
        #expect(v.layoutMargins == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
    }

    @Test func viewTreeAndCoordinates() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 568))
        let child = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        let grandchild = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        root.addSubview(child)
        child.addSubview(grandchild)
        #expect(root.subviews.count == 1 && child.superview === root && grandchild.isDescendant(of: root))
        #expect(grandchild.convert(CGPoint.zero, to: root) == CGPoint(x: 110, y: 110))
        #expect(root.convert(CGPoint(x: 110, y: 110), to: grandchild) == .zero)
        child.transform = CGAffineTransform(rotationAngle: .pi)
        let p = grandchild.convert(CGPoint.zero, to: root)
        #expect(abs(p.x - 190) < 1e-9 && abs(p.y - 190) < 1e-9, "a half turn about the child's center")
        let touch = UITouch(location: CGPoint(x: 5, y: 5), in: grandchild)
        let back = touch.location(in: grandchild)
        #expect(abs(back.x - 5) < 1e-9 && abs(back.y - 5) < 1e-9)
        child.tag = 7
        #expect(root.viewWithTag(7) === child)
        child.removeFromSuperview()
        #expect(root.subviews.isEmpty && child.superview == nil)
    }

    @Test func colors() {
        #expect(UIColor.red == UIColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(UIColor.gray == UIColor(white: 0.5, alpha: 1))
        #expect(UIColor.clear.alphaComponent == 0)
        #expect(UIColor.red.withAlphaComponent(0.5).alphaComponent == 0.5)
        #expect(UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1) == .red)
        #expect(UIColor(cgColor: UIColor.orange.cgColor) == .orange)
        #expect("\(UIColor.purple)" == "UIColor.purple")
        let v = UIView(frame: .zero)
        v.backgroundColor = .yellow
        #expect(v.layer.presentation()?.backgroundColor == UIColor.yellow.cgColor)
        var r: CGFloat = 0, a: CGFloat = 0
        UIColor.orange.getRed(&r, green: nil, blue: nil, alpha: &a)
        #expect(r == 1 && a == 1)
    }

    @Test func viewControllerAndGestures() {
        final class Controller: UIViewController {
            var loaded = false
            var panned: [UIGestureRecognizer.State] = []
            override func viewDidLoad() {
                super.viewDidLoad()
                loaded = true
                let pan = UIPanGestureRecognizer { [unowned self] pan in self.panned.append(pan.state) }
                view.addGestureRecognizer(pan)
            }
        }
        let vc = Controller()
        #expect(vc.view.bounds.size == CGSize(width: 320, height: 568))
        vc.viewDidLoad()
        #expect(vc.loaded)
        let pan = vc.view.gestureRecognizers?.first as? UIPanGestureRecognizer
        pan?.simulate(.began, at: CGPoint(x: 10, y: 10))
        pan?.simulate(.changed, at: CGPoint(x: 40, y: 50), velocity: CGPoint(x: 300, y: 0))
        #expect(pan?.translation(in: vc.view) == CGPoint(x: 30, y: 40))
        #expect(pan?.velocity(in: vc.view) == CGPoint(x: 300, y: 0))
        pan?.simulate(.ended, at: CGPoint(x: 40, y: 50))
        #expect(vc.panned == [.began, .changed, .ended])
    }
}
