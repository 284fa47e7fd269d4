import Foundation

/// Bad input: what was wrong, on which property of which object. UIKit raises an exception
/// in these cases; the Swift API traps with this message by default (see
/// `DynamicAnimator.invalidInputHandler`), and bindings turn it into their own errors.
/// Nothing invalid ever enters the engine.
public struct DynamicsError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The object concerned, e.g. `GravityBehavior` or an item's description.
    public var owner: String
    /// The property concerned, e.g. `magnitude`, `bounds.size`.
    public var property: String
    public var message: String

    public init(owner: String, property: String, message: String) {
        self.owner = owner
        self.property = property
        self.message = message
    }

    public var description: String { "\(owner).\(property): \(message)" }
}

/// Checks shared by the Swift setters and the bindings. The owner's description is built
/// only when a check fails.
public enum Validate {
    public static func finite(_ v: CGFloat, _ owner: @autoclosure () -> String, _ property: String) throws {
        guard v.isFinite else { throw DynamicsError(owner: owner(), property: property, message: "must be a finite number, got \(v)") }
    }

    public static func nonNegative(_ v: CGFloat, _ owner: @autoclosure () -> String, _ property: String) throws {
        guard v.isFinite, v >= 0 else {
            throw DynamicsError(owner: owner(), property: property, message: "must be a finite number ≥ 0, got \(v)")
        }
    }

    public static func positive(_ v: CGFloat, _ owner: @autoclosure () -> String, _ property: String) throws {
        guard v.isFinite, v > 0 else {
            throw DynamicsError(owner: owner(), property: property, message: "must be a finite number > 0, got \(v)")
        }
    }

    public static func finite(_ p: CGPoint, _ owner: @autoclosure () -> String, _ property: String) throws {
        guard p.x.isFinite, p.y.isFinite else {
            throw DynamicsError(owner: owner(), property: property, message: "must be finite, got (\(p.x), \(p.y))")
        }
    }

    public static func finite(_ v: CGVector, _ owner: @autoclosure () -> String, _ property: String) throws {
        guard v.dx.isFinite, v.dy.isFinite else {
            throw DynamicsError(owner: owner(), property: property, message: "must be finite, got (\(v.dx), \(v.dy))")
        }
    }
}

/// Runs a check from a Swift setter: an invalid value is a programming error, as in UIKit.
@inline(__always)
func require(_ check: () throws -> Void) {
    do { try check() } catch { preconditionFailure("Dynamics: \(error)") }
}
