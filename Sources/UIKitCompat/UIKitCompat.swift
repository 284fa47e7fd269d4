// UIKitCompat: UIKit's names for Dynamics, so that classic UIKit Dynamics code compiles
// with no edits but the view controller around it.
//
//     import UIKitCompat          // in place of `import UIKit`
//
//     let animator = UIDynamicAnimator(referenceView: view)
//     let gravity = UIGravityBehavior(items: [square])
//     animator.addBehavior(gravity)
//
// Every type below is the Dynamics type under UIKit's name (not a wrapper), so the two
// spellings mix freely. What differs from UIKit on Linux, and how it is bridged:
// - boundary identifiers are `AnyHashable` (a `String` works); `NSCopying` identifiers, as
//   in `"barrier" as NSCopying`, are accepted by overloads (see UICollisionBehavior+UIKit);
// - `UICollisionBehaviorDelegate` is a protocol that refines `CollisionBehaviorDelegate`
//   with UIKit's `NSCopying?` boundary callbacks;
// - `UIView`, `UIColor`, `UIViewController` and friends are minimal headless stand-ins: they
//   hold state, draw nothing and run `UIView.animate` blocks at once.

@_exported import Foundation
@_exported import Dynamics

// MARK: - Animator and behaviors

public typealias UIDynamicAnimator = DynamicAnimator
public typealias UIDynamicAnimatorDelegate = DynamicAnimatorDelegate
public typealias UIDynamicBehavior = DynamicBehavior
public typealias UIGravityBehavior = GravityBehavior
public typealias UICollisionBehavior = CollisionBehavior
public typealias UIAttachmentBehavior = AttachmentBehavior
public typealias UISnapBehavior = SnapBehavior
public typealias UIPushBehavior = PushBehavior
public typealias UIDynamicItemBehavior = DynamicItemBehavior
public typealias UIFieldBehavior = FieldBehavior

// MARK: - Items

public typealias UIDynamicItem = DynamicItem
public typealias UIDynamicItemGroup = DynamicItemGroup
public typealias UIDynamicItemCollisionBoundsType = DynamicItemCollisionBoundsType

// MARK: - Values

public typealias UIRegion = Region
public typealias UIFloatRange = FloatRange
public typealias UIOffset = Offset
public typealias UIEdgeInsets = EdgeInsets
public typealias UIBezierPath = BezierPath

/// UIKit's top-level name for `UIAttachmentBehavior.attachedBehaviorType` values (`.items`, `.anchor`).
public typealias UIAttachmentBehaviorType = AttachmentBehavior.AttachmentType

// Pre-Swift 4.2 spellings, still common in snippets.
public typealias UIPushBehaviorMode = PushBehavior.Mode
public typealias UICollisionBehaviorMode = CollisionBehavior.Mode

// MARK: - Swift 3-era constants and constructors

public let UIOffsetZero = Offset.zero
public let UIEdgeInsetsZero = EdgeInsets.zero
public let UIFloatRangeZero = FloatRange.zero
public let UIFloatRangeInfinite = FloatRange.infinite

/// `UIOffset(horizontal:vertical:)` (UIKit's C constructor).
public func UIOffsetMake(_ horizontal: CGFloat, _ vertical: CGFloat) -> UIOffset {
    UIOffset(horizontal: horizontal, vertical: vertical)
}

/// `UIEdgeInsets(top:left:bottom:right:)` (UIKit's C constructor).
public func UIEdgeInsetsMake(_ top: CGFloat, _ left: CGFloat, _ bottom: CGFloat, _ right: CGFloat) -> UIEdgeInsets {
    UIEdgeInsets(top: top, left: left, bottom: bottom, right: right)
}

/// `UIFloatRange(minimum:maximum:)` (UIKit's C constructor).
public func UIFloatRangeMake(_ minimum: CGFloat, _ maximum: CGFloat) -> UIFloatRange {
    UIFloatRange(minimum: minimum, maximum: maximum)
}

// MARK: - Paths

extension BezierPath {
    /// A path holding one circular arc (UIKit's `UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)`):
    /// angles in radians, 0 along +x, π/2 pointing down the screen; `clockwise` as seen on screen.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat,
                            endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }
}
