import Dynamics
import Foundation

/// What the debug overlay draws for an animator: each collision behavior's boundaries, each
/// attachment, snap point and field region in its tree, and where items touch. The one
/// description that the SVG writer (`TraceRecorder.svg(debug:)`) and the live viewer's frames
/// draw from, each in its own medium (animated SVG elements, JSON shapes).
///
/// Elements are the behaviors in the tree's depth-first order (children after their parent).
/// What grows with a behavior's size (boundary paths, region outlines) is read from the
/// behavior when asked for, so taking the overlay at every sample of a recording costs an
/// element per behavior.
public struct DebugOverlay {
    /// The overlay's behaviors, depth-first.
    public var elements: [Element]
    /// Where items touch something (world, points), at most the number asked for.
    public var contacts: [CGPoint]

    /// The overlay of `animator` now, with at most `maximumContacts` (≥ 0) contact points.
    public init(of animator: DynamicAnimator, maximumContacts: Int = 256) {
        elements = DebugOverlay.elements(of: animator)
        contacts = Array(animator.contactPoints.prefix(max(0, maximumContacts)))
    }

    /// The elements of `animator`'s tree (collision, attachment, snap and field behaviors),
    /// depth-first.
    public static func elements(of animator: DynamicAnimator) -> [Element] {
        var out: [Element] = []
        func visit(_ b: DynamicBehavior) {
            if let e = Element(b, in: animator) { out.append(e) }
            for child in b.childBehaviors { visit(child) }
        }
        for b in animator.behaviors { visit(b) }
        return out
    }

    /// One behavior the overlay draws.
    public enum Element {
        case boundaries(Boundaries)
        case attachment(Attachment)
        case snap(Snap)
        case field(Field)

        /// The element of `behavior` in `animator`, or nil for a behavior the overlay does not
        /// draw (gravity, push, item behaviors, plugins).
        public init?(_ behavior: DynamicBehavior, in animator: DynamicAnimator) {
            switch behavior {
            case let c as CollisionBehavior: self = .boundaries(Boundaries(behavior: c, referenceBounds: animator.referenceBounds))
            case let a as AttachmentBehavior: self = .attachment(Attachment(behavior: a))
            case let s as SnapBehavior: self = .snap(Snap(behavior: s))
            case let f as FieldBehavior: self = .field(Field(behavior: f))
            default: return nil
            }
        }

        /// The behavior drawn.
        public var behavior: DynamicBehavior {
            switch self {
            case .boundaries(let b): b.behavior
            case .attachment(let a): a.behavior
            case .snap(let s): s.behavior
            case .field(let f): f.behavior
            }
        }

        /// The point a recording follows over time: an item–anchor attachment's anchor, a
        /// snap point, a field's position (points); zero for the others, which have none.
        public var trackedPoint: CGPoint {
            switch self {
            case .boundaries: .zero
            case .attachment(let a): a.second == nil ? a.anchor : .zero
            case .snap(let s): s.point
            case .field(let f): f.position
            }
        }
    }

    /// A collision behavior's boundaries.
    public struct Boundaries {
        public let behavior: CollisionBehavior
        /// The animator's reference bounds (points), nil in abstract coordinates.
        public let referenceBounds: CGRect?

        /// The reference bounds with the behavior's insets (standardized), when it makes them
        /// a boundary and the animator has reference bounds.
        public var referenceRect: CGRect? {
            guard let insets = behavior.referenceInsets, let bounds = referenceBounds else { return nil }
            return bounds.inset(by: insets).standardized
        }

        /// Each identified boundary in the behavior's order: its identifier as text and its path.
        public var paths: [(identifier: String, path: BezierPath)] {
            behavior.boundaryIdentifiers.compactMap { id in
                behavior.boundary(withIdentifier: id).map { ("\(id.base)", $0) }
            }
        }
    }

    /// An attachment: a line from its second end (an anchor or a second item's attachment
    /// point) to the first item's attachment point.
    public struct Attachment {
        public let behavior: AttachmentBehavior
        public var kind: AttachmentBehavior.Kind { behavior.kind }
        /// A spring that springs (`frequency` > 0): drawn dashed.
        public var isSpring: Bool { behavior.kind == .spring && behavior.frequency > 0 }
        /// The first item and its attachment point's offset from its center (its own axes).
        public var first: (item: DynamicItem, offset: CGVector) { (behavior.items[0], behavior.offsetA) }
        /// The second item and its offset, for an attachment between two items; nil for one
        /// to an anchor.
        public var second: (item: DynamicItem, offset: CGVector)? {
            behavior.items.count > 1 ? (behavior.items[1], behavior.offsetB) : nil
        }
        /// The anchor (points), for an attachment to an anchor.
        public var anchor: CGPoint { behavior.anchorPoint }

        /// Where the ends are now: `a` on the first item, `b` on the second item or at the anchor.
        public var ends: (a: CGPoint, b: CGPoint) {
            let a = DebugOverlay.point(of: first.item, offset: first.offset)
            let b = second.map { DebugOverlay.point(of: $0.item, offset: $0.offset) } ?? anchor
            return (a, b)
        }
    }

    /// A snap behavior: its item and the point it snaps to.
    public struct Snap {
        public let behavior: SnapBehavior
        public var item: DynamicItem { behavior.item }
        /// The snap point (points).
        public var point: CGPoint { behavior.snapPoint }
    }

    /// A field: its position and its region's outlines.
    public struct Field {
        public let behavior: FieldBehavior
        /// The field's position (points): its region is centered there.
        public var position: CGPoint { behavior.position }
        /// The outlines of its region, relative to `position`.
        public var regions: [RegionOutline] { RegionOutline.outlines(of: behavior.region.shape) }
    }

    /// A circle or rectangle of a field's region, centered on the field's position; dashed
    /// when it bounds the region from outside (under an inverse or an intersection, or the
    /// subtracted side of a difference), solid when reached through unions and the kept side
    /// of differences only. The infinite region has no outline.
    public struct RegionOutline: Equatable {
        public enum Shape: Equatable {
            case circle(radius: CGFloat)
            case rectangle(size: CGSize)
        }
        public var shape: Shape
        public var dashed: Bool

        /// The outlines of a region's tree, depth-first.
        public static func outlines(of shape: Region.Shape, dashed: Bool = false) -> [RegionOutline] {
            switch shape {
            case .infinite: []
            case .circle(let radius): [RegionOutline(shape: .circle(radius: radius), dashed: dashed)]
            case .rectangle(let size): [RegionOutline(shape: .rectangle(size: size), dashed: dashed)]
            case .inverse(let a): outlines(of: a, dashed: true)
            case .union(let a, let b): outlines(of: a, dashed: dashed) + outlines(of: b, dashed: dashed)
            case .difference(let a, let b): outlines(of: a, dashed: dashed) + outlines(of: b, dashed: true)
            case .intersection(let a, let b): outlines(of: a, dashed: true) + outlines(of: b, dashed: true)
            }
        }
    }

    /// The point at `offset` (the item's own axes) from the item's center, where the item is now.
    public static func point(of item: DynamicItem, offset: CGVector) -> CGPoint {
        let a = Double(atan2(item.transform.b, item.transform.a)), (c, s) = (cos(a), sin(a))
        let dx = Double(offset.dx), dy = Double(offset.dy)
        return CGPoint(x: Double(item.center.x) + c * dx - s * dy, y: Double(item.center.y) + s * dx + c * dy)
    }
}
