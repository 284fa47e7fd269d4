import Foundation
import Dynamics

/// How UIKitCompat reports bad input that UIKit raises an exception for: through the
/// model's invalid-input handler (`InvalidInput.report`: a trap by default, an error inside
/// `InvalidInput.catching`, or the host's `InvalidInput.uncaughtHandler`). The error names
/// the class, the method or property, and the value; the caller then carries on with the
/// safe value it documents, so nothing non-finite reaches a view or a dynamic item.
enum UIKitInput {
    static func report(_ owner: String, _ member: String, _ message: String) {
        InvalidInput.report(DynamicsError(owner: owner, property: member, message: message))
    }

    /// True if `v` is finite and within ±`max`; otherwise reports it and returns false.
    static func finite(_ v: CGFloat, _ owner: String, _ member: String, max: CGFloat = Limits.length) -> Bool {
        guard v.isFinite, abs(v) <= max else {
            report(owner, member, "must be a finite number within ±\(max), got \(Validate.shown(v))")
            return false
        }
        return true
    }

    /// True if both sides of `s` are finite, ≥ 0 and ≤ `Limits.length`; otherwise reports it.
    static func size(_ s: CGSize, _ owner: String, _ member: String) -> Bool {
        guard s.width.isFinite, s.height.isFinite, s.width >= 0, s.height >= 0,
              s.width <= Limits.length, s.height <= Limits.length else {
            report(owner, member, "each side must be a finite number in 0…\(Limits.length) pt, got \(Validate.shown(s.width)) × \(Validate.shown(s.height))")
            return false
        }
        return true
    }

    /// True if each inset is finite and within ±`Limits.length`; otherwise reports them.
    static func insets(_ i: UIEdgeInsets, _ owner: String, _ member: String) -> Bool {
        for v in [i.top, i.left, i.bottom, i.right] where !(v.isFinite && abs(v) <= Limits.length) {
            report(owner, member, "each inset must be a finite number within ±\(Limits.length), got {\(Validate.shown(i.top)), \(Validate.shown(i.left)), \(Validate.shown(i.bottom)), \(Validate.shown(i.right))}")
            return false
        }
        return true
    }

    /// True if `p` is finite and within ±`Limits.coordinate`; otherwise reports it.
    static func point(_ p: CGPoint, _ owner: String, _ member: String) -> Bool {
        guard p.x.isFinite, p.y.isFinite, abs(p.x) <= Limits.coordinate, abs(p.y) <= Limits.coordinate else {
            report(owner, member, "must be finite and within ±\(Limits.coordinate), got (\(Validate.shown(p.x)), \(Validate.shown(p.y)))")
            return false
        }
        return true
    }
}
