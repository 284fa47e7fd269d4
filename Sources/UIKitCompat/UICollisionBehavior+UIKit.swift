import Foundation
import Dynamics

// UIKit names boundaries with `NSCopying` values; Dynamics with `AnyHashable`. On Linux a
// string literal is not `NSCopying` (but `"id" as NSCopying` gives an `NSString`), and an
// `NSString` is not equal, as `AnyHashable`, to the `String` with the same characters. The
// overloads below therefore store `NSString` identifiers as `String`s, and hand `String`
// identifiers to `NSCopying` callbacks as `NSString`s, so either spelling finds the other.

/// A boundary identifier as Dynamics stores it: `NSString` → `String`, `NSNumber` → `Int` or
/// `Double`, any other `Hashable` value as is, and anything else by its description.
public func boundaryIdentifier(_ identifier: NSCopying) -> AnyHashable {
    if let s = identifier as? NSString { return AnyHashable(String(describing: s)) }
    if let n = identifier as? NSNumber {
        let d = n.doubleValue
        if d == d.rounded(), abs(d) < 1e15 { return AnyHashable(n.intValue) }
        return AnyHashable(d)
    }
    if let h = identifier as? AnyHashable { return h }
    return AnyHashable(String(describing: identifier))
}

/// A Dynamics boundary identifier as UIKit hands it out: `String` → `NSString`, integers and
/// floating-point numbers → `NSNumber`, an `NSCopying` value as is, anything else as the
/// `NSString` of its description.
public func nsCopyingIdentifier(_ identifier: AnyHashable) -> NSCopying {
    switch identifier.base {
    case let s as String: return NSString(string: s)
    case let i as Int: return NSNumber(value: i)
    case let d as Double: return NSNumber(value: d)
    case let c as NSCopying: return c
    default: return NSString(string: String(describing: identifier.base))
    }
}

extension CollisionBehavior {
    /// UIKit's `addBoundary(withIdentifier:for:)` with an `NSCopying` identifier.
    public func addBoundary(withIdentifier identifier: NSCopying, for path: BezierPath) {
        addBoundary(withIdentifier: boundaryIdentifier(identifier), for: path)
    }

    /// UIKit's `addBoundary(withIdentifier:from:to:)` with an `NSCopying` identifier.
    public func addBoundary(withIdentifier identifier: NSCopying, from p1: CGPoint, to p2: CGPoint) {
        addBoundary(withIdentifier: boundaryIdentifier(identifier), from: p1, to: p2)
    }

    /// UIKit's `boundary(withIdentifier:)` with an `NSCopying` identifier.
    public func boundary(withIdentifier identifier: NSCopying) -> BezierPath? {
        boundary(withIdentifier: boundaryIdentifier(identifier))
    }

    /// UIKit's `removeBoundary(withIdentifier:)` with an `NSCopying` identifier.
    public func removeBoundary(withIdentifier identifier: NSCopying) {
        removeBoundary(withIdentifier: boundaryIdentifier(identifier))
    }
}

/// UIKit's collision delegate: `CollisionBehaviorDelegate` plus the boundary callbacks with
/// UIKit's `NSCopying?` identifiers, so that a delegate written for UIKit is called as
/// written. Implement either spelling of a boundary callback: the `AnyHashable?` one, when
/// implemented, is called instead of the `NSCopying?` one. The identifier is nil for the
/// reference-bounds boundary; a `String` identifier arrives as an `NSString`.
///
/// (On Linux `identifier as? String` on an `NSCopying?` always fails; compare with
/// `identifier as? NSString == "barrier"`, or implement the `AnyHashable?` callback.)
public protocol UICollisionBehaviorDelegate: CollisionBehaviorDelegate {
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                           withBoundaryIdentifier identifier: NSCopying?, at p: CGPoint)
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem,
                           withBoundaryIdentifier identifier: NSCopying?)
}

extension UICollisionBehaviorDelegate {
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                                  withBoundaryIdentifier identifier: NSCopying?, at p: CGPoint) {}
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem,
                                  withBoundaryIdentifier identifier: NSCopying?) {}

    // The Dynamics callbacks, forwarded to the UIKit ones (a conformer's own implementation
    // of these wins over the forwarding).
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                                  withBoundaryIdentifier identifier: AnyHashable?, at point: CGPoint) {
        collisionBehavior(behavior, beganContactFor: item,
                          withBoundaryIdentifier: identifier.map(nsCopyingIdentifier), at: point)
    }
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem,
                                  withBoundaryIdentifier identifier: AnyHashable?) {
        collisionBehavior(behavior, endedContactFor: item, withBoundaryIdentifier: identifier.map(nsCopyingIdentifier))
    }
}
