import Foundation
import Dynamics

/// A minimal, headless `UIView`: geometry, a view tree and a few display properties to hold,
/// and a dynamic item, so the animator moves it as UIKit's moves a view.
///
/// Geometry follows UIKit: `center` is in the superview's coordinates, `bounds` in the
/// view's own, `transform` turns and scales the view about its center, and `frame` is the
/// smallest upright rectangle around the transformed bounds (setting it moves the center and
/// resizes the bounds; UIKit leaves it undefined under a non-identity transform). Nothing is
/// drawn, laid out or animated: `UIView.animate` runs its blocks at once.
///
/// As a dynamic item the view has rectangular collision bounds; a subclass overrides
/// `collisionBoundsType` (and `collisionBoundingPath`) as in UIKit:
///
/// ```swift
/// final class Ball: UIView {
///     override var collisionBoundsType: UIDynamicItemCollisionBoundsType { .ellipse }
/// }
/// ```
open class UIView: UIResponder, DynamicItem, CustomStringConvertible {
    // MARK: Geometry

    /// The view's center, in its superview's coordinates (points).
    open var center: CGPoint = .zero
    /// The view's own coordinate system: its origin (usually zero) and size (points). Setting
    /// it keeps the center.
    open var bounds: CGRect = .zero
    /// Rotation and scale about the center (the animator writes the rotation).
    open var transform: CGAffineTransform = .identity

    /// The smallest upright rectangle around the view in its superview's coordinates.
    open var frame: CGRect {
        get {
            CGRect(x: -bounds.width / 2, y: -bounds.height / 2, width: bounds.width, height: bounds.height)
                .applying(transform)
                .offsetBy(dx: center.x, dy: center.y)
        }
        set {
            center = CGPoint(x: newValue.midX, y: newValue.midY)
            bounds.size = newValue.size
        }
    }

    public init(frame: CGRect) {
        super.init()
        self.frame = frame
    }

    /// A view with a zero frame.
    public override convenience init() {
        self.init(frame: .zero)
    }

    /// There is nothing to decode on this platform: the view gets a zero frame.
    public required init?(coder: NSCoder) {
        super.init()
    }

    // MARK: Dynamic item

    /// The shape the view presents to collisions: `.rectangle` unless a subclass overrides it.
    open var collisionBoundsType: UIDynamicItemCollisionBoundsType { .rectangle }

    /// For `.path`: a convex path centered on the view's center. By default the bounds'
    /// rectangle.
    open var collisionBoundingPath: UIBezierPath {
        UIBezierPath(rect: CGRect(x: -bounds.width / 2, y: -bounds.height / 2, width: bounds.width, height: bounds.height))
    }

    // MARK: Display state (held, never drawn)

    open var backgroundColor: UIColor? {
        didSet { layer.backgroundColor = backgroundColor?.cgColor }
    }
    open var alpha: CGFloat = 1
    open var isHidden = false
    open var isOpaque = true
    open var clipsToBounds = false
    open var isUserInteractionEnabled = true
    open var tag = 0
    /// A name for tests and printouts (UIKit's accessibility identifier).
    open var accessibilityIdentifier: String?
    /// UIKit's default: 8 pt on every side.
    open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    /// The layer's corner radius, border and colors (held, never drawn).
    public let layer = CALayer()

    // MARK: View tree

    public private(set) var subviews: [UIView] = []
    public private(set) weak var superview: UIView?

    /// Adds `view` on top of the subviews, taking it from its former superview.
    open func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` of the subviews (clamped), taking it from its former superview.
    open func insertSubview(_ view: UIView, at index: Int) {
        precondition(view !== self, "UIKitCompat: a view cannot be its own subview")
        view.removeFromSuperview()
        subviews.insert(view, at: Swift.max(0, Swift.min(index, subviews.count)))
        view.superview = self
    }

    /// Removes the view from its superview (if any).
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    open func bringSubviewToFront(_ view: UIView) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: i))
    }

    open func sendSubviewToBack(_ view: UIView) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.insert(subviews.remove(at: i), at: 0)
    }

    /// Whether `view` is this view or one of its ancestors.
    open func isDescendant(of view: UIView) -> Bool {
        var v: UIView? = self
        while let w = v {
            if w === view { return true }
            v = w.superview
        }
        return false
    }

    /// This view or the first descendant (depth first) with `tag`.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for v in subviews { if let found = v.viewWithTag(tag) { return found } }
        return nil
    }

    /// The gesture recognizers attached with `addGestureRecognizer(_:)`.
    public private(set) var gestureRecognizers: [UIGestureRecognizer]?

    open func addGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        recognizer.view = self
        gestureRecognizers = (gestureRecognizers ?? []) + [recognizer]
    }

    open func removeGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        gestureRecognizers?.removeAll { $0 === recognizer }
        if recognizer.view === self { recognizer.view = nil }
    }

    // MARK: Coordinates

    /// `point` (in this view's coordinates) in `view`'s coordinates; nil means the coordinates
    /// the root of the tree is placed in (UIKit's window).
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let p = toRoot(point)
        return view?.fromRoot(p) ?? p
    }

    /// `point` (in `view`'s coordinates; nil: the root's) in this view's coordinates.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        fromRoot(view?.toRoot(point) ?? point)
    }

    /// `rect` (in this view's coordinates) in `view`'s, as the box around its four corners.
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                       CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)]
            .map { convert($0, to: view) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// From this view's coordinates to its superview's.
    private func toSuperview(_ p: CGPoint) -> CGPoint {
        let local = CGPoint(x: p.x - bounds.midX, y: p.y - bounds.midY).applying(transform)
        return CGPoint(x: center.x + local.x, y: center.y + local.y)
    }

    /// From the superview's coordinates to this view's.
    private func fromSuperview(_ p: CGPoint) -> CGPoint {
        let local = CGPoint(x: p.x - center.x, y: p.y - center.y).applying(transform.inverted())
        return CGPoint(x: bounds.midX + local.x, y: bounds.midY + local.y)
    }

    private func toRoot(_ p: CGPoint) -> CGPoint {
        let q = toSuperview(p)
        return superview?.toRoot(q) ?? q
    }

    private func fromRoot(_ p: CGPoint) -> CGPoint {
        fromSuperview(superview?.fromRoot(p) ?? p)
    }

    // MARK: Animation (headless: immediate)

    /// Runs `animations` at once (nothing is animated headless).
    open class func animate(withDuration duration: TimeInterval, animations: () -> Void) {
        animations()
    }

    /// Runs `animations`, then `completion(true)`, at once.
    open class func animate(withDuration duration: TimeInterval, animations: () -> Void,
                            completion: ((Bool) -> Void)?) {
        animations()
        completion?(true)
    }

    /// Runs `animations`, then `completion(true)`, at once.
    open class func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                            animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        animations()
        completion?(true)
    }

    open var description: String {
        let name = accessibilityIdentifier.map { "\"\($0)\" " } ?? ""
        let f = frame
        return "<\(type(of: self)) \(name)frame = (\(f.origin.x) \(f.origin.y); \(f.width) \(f.height))>"
    }
}

/// A minimal, headless `CALayer`: the display properties code sets on a view's layer.
open class CALayer {
    open var cornerRadius: CGFloat = 0
    open var borderWidth: CGFloat = 0
    open var borderColor: CGColor?
    open var backgroundColor: CGColor?
    open var masksToBounds = false
    open var opacity: Float = 1
    open var shadowOpacity: Float = 0
    open var shadowRadius: CGFloat = 3
    open var shadowColor: CGColor?
    open var zPosition: CGFloat = 0

    public init() {}

    /// Headless, the layer is its own presentation layer.
    open func presentation() -> Self? { self }
}
