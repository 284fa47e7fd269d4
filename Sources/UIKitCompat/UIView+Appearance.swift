import Foundation
import Dynamics

extension UIView {
    /// How a view's content is placed in its bounds (UIKit's `UIView.ContentMode`).
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight
    }

    /// How a view resizes with its superview (held; nothing resizes headless).
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// Whether tint colors are drawn as they are or dimmed (held).
    public enum TintAdjustmentMode: Int, Sendable { case automatic, normal, dimmed }

    func tintColorDidChangeInTree() {
        tintColorDidChange()
        for v in subviews where v.ownTintColor == nil { v.tintColorDidChangeInTree() }
    }

    /// The rectangle of the bounds inside the safe area insets.
    public var safeAreaLayoutGuide: UILayoutGuide {
        UILayoutGuide(layoutFrame: bounds.inset(by: safeAreaInsets))
    }

    /// The rectangle of the bounds inside the layout margins.
    public var layoutMarginsGuide: UILayoutGuide {
        UILayoutGuide(layoutFrame: bounds.inset(by: layoutMargins))
    }

    func computedSafeAreaInsets() -> UIEdgeInsets {
        guard let parent = superview else { return rootSafeAreaInsets }
        // The parent's safe area, in this view's coordinates, clipped to the bounds.
        let p = parent.safeAreaInsets
        let safe = parent.bounds.inset(by: p)
        let mine = parent.convert(bounds, from: self)
        return UIEdgeInsets(top: Swift.max(0, Swift.min(mine.height, safe.minY - mine.minY)),
                            left: Swift.max(0, Swift.min(mine.width, safe.minX - mine.minX)),
                            bottom: Swift.max(0, Swift.min(mine.height, mine.maxY - safe.maxY)),
                            right: Swift.max(0, Swift.min(mine.width, mine.maxX - safe.maxX)))
    }

    public static let noIntrinsicMetric: CGFloat = -1

    /// Swift 4's name of `bringSubviewToFront(_:)`.
    public func bringSubview(toFront view: UIView) { bringSubviewToFront(view) }
    /// Swift 4's name of `sendSubviewToBack(_:)`.
    public func sendSubview(toBack view: UIView) { sendSubviewToBack(view) }

    /// Inserts `view` just above `sibling` (on top when `sibling` is not a subview).
    public func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        insertSubview(view, at: (subviews.firstIndex { $0 === sibling } ?? subviews.count - 1) + 1)
    }

    /// Inserts `view` just below `sibling` (at the bottom when `sibling` is not a subview).
    public func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        insertSubview(view, at: subviews.firstIndex { $0 === sibling } ?? 0)
    }

    /// Ends editing in the view's tree; headless there is none.
    @discardableResult
    public func endEditing(_ force: Bool) -> Bool { true }
}

/// A rectangle of a view the layout can refer to (UIKit's `UILayoutGuide`), here a value
/// computed when asked for.
public struct UILayoutGuide: Sendable, Equatable {
    /// The rectangle, in its view's coordinates (points).
    public var layoutFrame: CGRect
}

// MARK: - Animation (headless: immediate)

extension UIView {
    /// Options of `UIView.animate` (held; headless animations run at once).
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        public static let curveEaseInOut = AnimationOptions([])
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
    }

    /// Runs `animations`, then `completion(true)`, at once.
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                               options: AnimationOptions, animations: () -> Void,
                               completion: ((Bool) -> Void)? = nil) {
        animations()
        completion?(true)
    }

    /// A spring animation: runs `animations`, then `completion(true)`, at once.
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                               usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
                               options: AnimationOptions, animations: () -> Void,
                               completion: ((Bool) -> Void)? = nil) {
        animations()
        completion?(true)
    }

    /// A transition of `view`: runs `animations`, then `completion(true)`, at once.
    public static func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions,
                                  animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        animations?()
        completion?(true)
    }

    /// Runs `actions` (headless, nothing is ever animated).
    public static func performWithoutAnimation(_ actions: () -> Void) { actions() }
}
