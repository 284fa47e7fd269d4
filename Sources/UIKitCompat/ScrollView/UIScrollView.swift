import Foundation
import Dynamics

/// A headless `UIScrollView`: a view whose bounds origin is the content offset, so moving the
/// offset scrolls the subviews (the content) under a fixed frame.
///
/// It scrolls when code sets `contentOffset`, when a pan is simulated on its
/// `panGestureRecognizer` (the content follows the finger, rubber-bands past the edges when
/// `bounces`, and decelerates after a release; see UIScrollView+Dragging.swift), and with
/// `setContentOffset(_:animated:)`. Animations run on the main loop (`MainLoop`), one step
/// per frame.
///
/// The offset's range: from (−left, −top) to (contentSize.width + right − bounds.width,
/// contentSize.height + bottom − bounds.height) with the `adjustedContentInset`'s edges, the
/// upper end never below the lower one. Setting `contentOffset` directly is not clamped, as in UIKit.
open class UIScrollView: UIView {
    /// The point of the content at the view's top-left corner (points): the bounds origin.
    /// Setting it reports a non-finite or huge offset (see `UIKitInput`) and keeps the old one.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard UIKitInput.point(newValue, "\(type(of: self))", "contentOffset") else { return }
            var b = bounds
            b.origin = newValue
            bounds = b
        }
    }

    /// The size of the content (points).
    open var contentSize: CGSize = .zero {
        didSet { if !UIKitInput.size(contentSize, "\(type(of: self))", "contentSize") { contentSize = oldValue } }
    }

    /// Extra room around the content (points).
    open var contentInset: UIEdgeInsets = .zero {
        didSet { if !UIKitInput.insets(contentInset, "\(type(of: self))", "contentInset") { contentInset = oldValue } }
    }

    /// How the safe area adds to `contentInset` (UIKit's `UIScrollView.ContentInsetAdjustmentBehavior`).
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        /// As `.scrollableAxes` (a headless view has no navigation bars to adjust for).
        case automatic
        /// The safe area is added on the axes the view scrolls along.
        case scrollableAxes
        /// The safe area is never added.
        case never
        /// The safe area is always added.
        case always
    }

    /// Whether the safe area adds to the content inset (default `.automatic`).
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic

    /// `contentInset` plus the safe area where `contentInsetAdjustmentBehavior` adds it (points).
    open var adjustedContentInset: UIEdgeInsets {
        let safe = safeAreaInsets
        var i = contentInset
        let addVertical: Bool, addHorizontal: Bool
        switch contentInsetAdjustmentBehavior {
        case .never: addVertical = false; addHorizontal = false
        case .always: addVertical = true; addHorizontal = true
        case .automatic, .scrollableAxes:
            addVertical = scrollsVertically(contentInset: contentInset)
            addHorizontal = scrollsHorizontally(contentInset: contentInset)
        }
        if addVertical { i.top += safe.top; i.bottom += safe.bottom }
        if addHorizontal { i.left += safe.left; i.right += safe.right }
        return i
    }

    /// Called when `adjustedContentInset` changes.
    open func adjustedContentInsetDidChange() {}

    // MARK: Behavior

    /// Whether a pan scrolls the view (default true).
    open var isScrollEnabled = true
    /// Whether the content rubber-bands past its edges while dragged and springs back
    /// (default true); false stops it at the edges.
    open var bounces = true
    /// Whether a vertical drag bounces even when the content is not taller than the view.
    open var alwaysBounceVertical = false
    /// Whether a horizontal drag bounces even when the content is not wider than the view.
    open var alwaysBounceHorizontal = false
    /// Whether a flick stops on multiples of the view's size (a page per flick at most).
    open var isPagingEnabled = false
    /// How quickly a flick slows down: the fraction of velocity kept per millisecond
    /// (`.normal` 0.998, `.fast` 0.99).
    open var decelerationRate: DecelerationRate = .normal
    /// Whether scroll indicators would be drawn (held; nothing is drawn headless).
    open var showsVerticalScrollIndicator = true
    open var showsHorizontalScrollIndicator = true
    /// Whether tapping the status bar would scroll to the top (held).
    open var scrollsToTop = true

    /// Told of scrolling, dragging and decelerating.
    open weak var delegate: UIScrollViewDelegate?

    /// True while a finger is on the content (a simulated pan is under way).
    open internal(set) var isTracking = false
    /// True from the start of a drag to the lift of the finger.
    open internal(set) var isDragging = false
    /// True while the content moves on after a release: decelerating or springing back from
    /// past an edge.
    open internal(set) var isDecelerating = false

    /// The pan that scrolls the view; simulate one on it to drag the content
    /// (`panGestureRecognizer.simulate(.began, at:)`, `.changed`, `.ended` with a velocity).
    public let panGestureRecognizer = UIPanGestureRecognizer()

    /// The drag or the animation under way (see UIScrollView+Dragging.swift).
    var motion = ScrollMotion()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
        addGestureRecognizer(panGestureRecognizer)
        panGestureRecognizer.addAction { [weak self] recognizer in
            self?.handlePan(recognizer as! UIPanGestureRecognizer)
        }
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        clipsToBounds = true
        addGestureRecognizer(panGestureRecognizer)
        panGestureRecognizer.addAction { [weak self] recognizer in
            self?.handlePan(recognizer as! UIPanGestureRecognizer)
        }
    }

    /// Tells the delegate after the offset moved.
    open override var bounds: CGRect {
        didSet { if bounds.origin != oldValue.origin { delegate?.scrollViewDidScroll(self) } }
    }

    /// Moves the content offset to `contentOffset`: at once, or over
    /// `scrollAnimationDuration` seconds of the main loop (easing in and out), after which the
    /// delegate hears `scrollViewDidEndScrollingAnimation`. A non-finite offset is reported.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        moveContentOffset(to: contentOffset, animated: animated)
    }

    /// Where a release's target goes (see UIScrollView+Dragging.swift); a collection view
    /// asks its layout.
    func adjustTargetContentOffset(_ target: CGPoint, velocity: CGPoint) -> CGPoint { target }

    // MARK: Offset range

    /// The least content offset (points): minus the adjusted insets' top-left.
    public var minimumContentOffset: CGPoint {
        let i = adjustedContentInset
        return CGPoint(x: -i.left, y: -i.top)
    }

    /// The greatest content offset (points): where the content's bottom-right (with the
    /// adjusted insets) meets the view's; never below `minimumContentOffset`.
    public var maximumContentOffset: CGPoint {
        let i = adjustedContentInset, lo = minimumContentOffset
        return CGPoint(x: max(lo.x, contentSize.width + i.right - bounds.width),
                       y: max(lo.y, contentSize.height + i.bottom - bounds.height))
    }

    /// Whether a drag moves the content vertically: it is taller than the view (with the
    /// insets), or `alwaysBounceVertical`.
    func scrollsVertically(contentInset i: UIEdgeInsets) -> Bool {
        alwaysBounceVertical || contentSize.height + i.top + i.bottom > bounds.height
    }

    /// Whether a drag moves the content horizontally.
    func scrollsHorizontally(contentInset i: UIEdgeInsets) -> Bool {
        alwaysBounceHorizontal || contentSize.width + i.left + i.right > bounds.width
    }

    /// `offset` brought within the offset range.
    func clampedOffset(_ offset: CGPoint) -> CGPoint {
        let lo = minimumContentOffset, hi = maximumContentOffset
        return CGPoint(x: min(max(offset.x, lo.x), hi.x), y: min(max(offset.y, lo.y), hi.y))
    }
}

/// What a scroll view tells its delegate (UIKit's `UIScrollViewDelegate`); every method is
/// optional (a default that does nothing).
public protocol UIScrollViewDelegate: AnyObject {
    /// The content offset changed (by code, a drag, deceleration or an animation).
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// A drag begins.
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// The finger lifts with `velocity` (points per millisecond, of the content offset:
    /// positive when the offset grows); `targetContentOffset` holds where the content will
    /// come to rest, and may be changed.
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>)
    /// The drag ended; `decelerate` says whether the content moves on.
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    /// The content moves on after the drag.
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    /// The content came to rest after a drag.
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    /// An animated `setContentOffset(_:animated:)` finished.
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                          targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
}
