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
    open var bounds: CGRect = .zero {
        didSet { if bounds.size != oldValue.size { setNeedsLayout() } }
    }
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

    /// What a renderer draws for the view (see UIView+ItemStyle.swift): `layerStyle`, and in
    /// `UILabel` and `UIImageView` their text or picture too.
    open var itemStyle: ItemStyle? { layerStyle }

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
    /// The insets content keeps from the view's edges (points); UIKit's default: 8 pt on
    /// every side. Setting them calls `layoutMarginsDidChange()`.
    open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8) {
        didSet { layoutMarginsDidChange() }
    }
    /// Whether the view adds its superview's margins where they overlap it (held).
    open var preservesSuperviewLayoutMargins = false
    /// Whether the margins grow to cover the safe area (held).
    open var insetsLayoutMarginsFromSafeArea = true
    /// How the view's content fills its bounds (held; `UIButton` and `UIImageView` honor
    /// it where a headless layout can).
    open var contentMode: UIView.ContentMode = .scaleToFill
    /// The insets bars and the display's edges take from the view (points). Headless, a root
    /// view's come from `UIScreen.main.safeAreaInsets` and its view controller's
    /// `additionalSafeAreaInsets`; a subview's are its root's, clipped to where it overlaps them.
    open var safeAreaInsets: UIEdgeInsets { computedSafeAreaInsets() }
    /// The safe area set on a root view (by its view controller, or a driver).
    var rootSafeAreaInsets: UIEdgeInsets = .zero {
        didSet { if rootSafeAreaInsets != oldValue { safeAreaInsetsDidChange() } }
    }
    /// The tint color set on this view; nil inherits (see `tintColor`).
    var ownTintColor: UIColor?
    /// Whether `layoutIfNeeded()` has a pass to run.
    var needsLayout = true
    /// Held for code written for Auto Layout: no constraints are solved headless.
    open var translatesAutoresizingMaskIntoConstraints = true
    open var autoresizingMask: UIView.AutoresizingMask = []
    open var isMultipleTouchEnabled = false
    open var isExclusiveTouch = false
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
        view.didMoveToSuperview()
        didAddSubview(view)
        if view.ownTintColor == nil { view.tintColorDidChangeInTree() }
    }

    /// Removes the view from its superview (if any).
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.willRemoveSubview(self)
        parent.subviews.removeAll { $0 === self }
        superview = nil
        didMoveToSuperview()
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

    /// `rect` (in `view`'s coordinates; nil: the root's) in this view's, as the box around
    /// its four corners.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                       CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)]
            .map { convert($0, from: view) }
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

    // MARK: Tint, layout and tree hooks (override to react)

    /// The color template images and controls are drawn in. Unset (nil), a view inherits its
    /// superview's, and a root view has UIKit's default, `UIColor.systemBlue`; so reading it
    /// never gives nil. Setting it calls `tintColorDidChange()` on the view and on every
    /// descendant that inherits it.
    open var tintColor: UIColor! {
        get { ownTintColor ?? superview?.tintColor ?? UIColor.systemBlue }
        set {
            ownTintColor = newValue
            tintColorDidChangeInTree()
        }
    }

    /// Whether tint colors are drawn as they are or dimmed (held).
    open var tintAdjustmentMode: TintAdjustmentMode = .automatic

    /// Called when the view's (own or inherited) tint color changes.
    open func tintColorDidChange() {}

    /// Called when the safe area changes.
    open func safeAreaInsetsDidChange() {}

    /// Called when `layoutMargins` change.
    open func layoutMarginsDidChange() {}

    /// Marks the view for a layout pass (`layoutIfNeeded()` runs it).
    open func setNeedsLayout() { needsLayout = true }

    /// Runs `layoutSubviews()` now if the view was marked, then does the same for the
    /// subviews. Headless nothing runs layout by itself: a driver calls this after a frame.
    open func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            layoutSubviews()
        }
        for v in subviews { v.layoutIfNeeded() }
    }

    /// Places the subviews; does nothing by default.
    open func layoutSubviews() {}

    /// Headless, nothing is drawn: this marks nothing.
    open func setNeedsDisplay() {}

    /// Drawing code of a subclass; never called headless.
    open func draw(_ rect: CGRect) {}

    /// The size the view would like within `size`: its intrinsic size where it has one,
    /// else its current size.
    open func sizeThatFits(_ size: CGSize) -> CGSize {
        let i = intrinsicContentSize
        return CGSize(width: i.width == UIView.noIntrinsicMetric ? bounds.width : i.width,
                      height: i.height == UIView.noIntrinsicMetric ? bounds.height : i.height)
    }

    /// Resizes the view to `sizeThatFits(bounds.size)`, keeping its top-left corner.
    open func sizeToFit() {
        let origin = frame.origin
        frame = CGRect(origin: origin, size: sizeThatFits(bounds.size))
    }

    /// The natural size of the content (`noIntrinsicMetric` where it has none).
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    open func didAddSubview(_ subview: UIView) {}
    open func willRemoveSubview(_ subview: UIView) {}
    open func didMoveToSuperview() {}

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
    open var shadowOffset = CGSize(width: 0, height: -3)
    open var isHidden = false
    /// The layer's own coordinates (points).
    open var bounds: CGRect = .zero
    /// Where `anchorPoint` sits in the superlayer (points).
    open var position: CGPoint = .zero
    /// The point of the bounds that `position` places, as a fraction of the size (0.5, 0.5: the center).
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    /// What the layer shows (a `CGImage` for image layers; held).
    open var contents: Any?
    /// Rotation and scale about the anchor point.
    private var transform2D: CGAffineTransform = .identity
    public private(set) var sublayers: [CALayer]?
    public private(set) weak var superlayer: CALayer?

    public init() {}

    /// The upright box around the transformed bounds, in the superlayer's coordinates.
    open var frame: CGRect {
        get {
            CGRect(x: -anchorPoint.x * bounds.width, y: -anchorPoint.y * bounds.height, width: bounds.width, height: bounds.height)
                .applying(transform2D).offsetBy(dx: position.x, dy: position.y)
        }
        set {
            bounds.size = newValue.size
            position = CGPoint(x: newValue.minX + anchorPoint.x * newValue.width, y: newValue.minY + anchorPoint.y * newValue.height)
        }
    }

    open func affineTransform() -> CGAffineTransform { transform2D }
    open func setAffineTransform(_ m: CGAffineTransform) { transform2D = m }

    open func addSublayer(_ layer: CALayer) { insertSublayer(layer, at: UInt32(sublayers?.count ?? 0)) }

    open func insertSublayer(_ layer: CALayer, at index: UInt32) {
        layer.removeFromSuperlayer()
        var list = sublayers ?? []
        list.insert(layer, at: Swift.min(Int(index), list.count))
        sublayers = list
        layer.superlayer = self
    }

    open func removeFromSuperlayer() {
        superlayer?.sublayers?.removeAll { $0 === self }
        superlayer = nil
    }

    open func setNeedsDisplay() {}
    open func setNeedsLayout() {}

    /// Headless, the layer is its own presentation layer.
    open func presentation() -> Self? { self }
}

/// Headless Core Animation transactions: nothing animates, so these only keep code compiling.
public enum CATransaction {
    public static func begin() {}
    public static func commit() {}
    public static func flush() {}
    public static func setAnimationDuration(_ duration: TimeInterval) {}
    public static func setDisableActions(_ flag: Bool) {}
    public static func setCompletionBlock(_ block: (() -> Void)?) { block?() }
}
