import DynamicsEngine
import Foundation

/// The shape an item presents to collisions (UIDynamicItemCollisionBoundsType).
public enum DynamicItemCollisionBoundsType: Sendable, Equatable {
    /// The item's bounds, rotated with it.
    case rectangle
    /// The ellipse inscribed in the bounds (a circle is exact; other ellipses are a
    /// 24-sided polygon within 0.5 % of the true outline).
    case ellipse
    /// `collisionBoundingPath`: a convex path, relative to the item's center.
    case path
}

/// Anything the animator can move: a center, bounds and a rotation (UIDynamicItem).
///
/// The animator reads `center`, `bounds.size` and the rotation of `transform` when the item
/// joins (or on `updateItem(usingCurrentState:)`), and writes `center` and `transform` after
/// every frame. Sizes and positions are in points, with y growing downward.
public protocol DynamicItem: AnyObject {
    var center: CGPoint { get set }
    var bounds: CGRect { get }
    var transform: CGAffineTransform { get set }
    var collisionBoundsType: DynamicItemCollisionBoundsType { get }
    var collisionBoundingPath: BezierPath { get }
    /// How the item looks when drawn (the live viewer, SVG output); nil draws it as a debug box.
    var itemStyle: ItemStyle? { get }
}

extension DynamicItem {
    public var itemStyle: ItemStyle? { nil }
    public var collisionBoundsType: DynamicItemCollisionBoundsType { .rectangle }
    public var collisionBoundingPath: BezierPath {
        BezierPath(rect: CGRect(x: -bounds.width / 2, y: -bounds.height / 2, width: bounds.width, height: bounds.height))
    }
}

/// The stock dynamic item: a minimal view with a frame, center, bounds and transform.
open class DynamicView: DynamicItem, CustomStringConvertible, EmbedderSlotted {
    // The animator writes `center` and `transform` of every moving item after every frame:
    // unchecked, those writes skip Swift's run-time exclusivity check (a thread-local access
    // set per write). A view is used from one thread and its setters call nothing that could
    // access the same property again, which is all the check would catch.
    @exclusivity(unchecked) public var center: CGPoint
    public var bounds: CGRect
    @exclusivity(unchecked) public var transform: CGAffineTransform = .identity
    public var collisionBoundsType: DynamicItemCollisionBoundsType
    /// Used when `collisionBoundsType` is `.path`: convex, relative to the center.
    public var collisionBoundingPath: BezierPath
    /// A name for messages and traces.
    public var name: String?
    /// How the view looks when drawn (see `ItemStyle`). Setting a style that fails
    /// `ItemStyle.validate(owner:)` reports it (see `InvalidInput`) and keeps the old one.
    public var style: ItemStyle? {
        get { _style }
        set {
            guard let newValue else { _style = nil; return }
            guard accept({ try newValue.validate(owner: Validate.owner(of: self)) }) else { return }
            _style = newValue
        }
    }
    private var _style: ItemStyle?
    public var itemStyle: ItemStyle? { _style }
    package var embedder = EmbedderSlot() // see `EmbedderSlot`

    public init(frame: CGRect, collisionBoundsType: DynamicItemCollisionBoundsType = .rectangle, name: String? = nil) {
        center = CGPoint(x: frame.midX, y: frame.midY)
        bounds = CGRect(origin: .zero, size: frame.size)
        self.collisionBoundsType = collisionBoundsType
        self.name = name
        collisionBoundingPath = BezierPath(rect: CGRect(x: -frame.width / 2, y: -frame.height / 2,
                                                        width: frame.width, height: frame.height))
    }

    public convenience init(center: CGPoint, size: CGSize, collisionBoundsType: DynamicItemCollisionBoundsType = .rectangle, name: String? = nil) {
        self.init(frame: CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2,
                                width: size.width, height: size.height),
                  collisionBoundsType: collisionBoundsType, name: name)
    }

    /// The smallest upright rectangle around the transformed bounds, as UIView's frame.
    /// Setting it moves the center and resizes the bounds.
    public var frame: CGRect {
        get {
            let r = CGRect(x: -bounds.width / 2, y: -bounds.height / 2, width: bounds.width, height: bounds.height)
                .applying(transform)
            return r.offsetBy(dx: center.x, dy: center.y)
        }
        set {
            center = CGPoint(x: newValue.midX, y: newValue.midY)
            bounds.size = newValue.size
        }
    }

    /// The rotation of `transform`, in radians (positive turns clockwise on screen).
    public var angle: CGFloat { DeterministicMath.atan2(transform.b, transform.a) }

    public var description: String {
        let label = name.map { "\"\($0)\"" } ?? "DynamicView"
        return "\(label) at (\(center.x), \(center.y)) size \(bounds.width)×\(bounds.height)"
    }
}
