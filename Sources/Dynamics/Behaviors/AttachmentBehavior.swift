import DynamicsEngine
import Foundation

/// Connects an item to an anchor point or to another item (UIAttachmentBehavior).
///
/// The plain initializers make a spring (`frequency` > 0, Hz) or, with frequency 0, a rigid
/// rod of `length` (the distance at creation). The factories make the other kinds: a
/// sliding attachment (translation along an axis only), a limit (a rope: at most `length`
/// apart), a fixed attachment (welded) and a pin (a shared point, free rotation with
/// `frictionTorque` and an optional angle `attachmentRange`). Offsets are in the item's own
/// axes, from its center, so they turn with it. Anchors and offsets are captured from the
/// items' state when the attachment is created.
open class AttachmentBehavior: DynamicBehavior {
    /// See `DynamicBehavior.savedState()`.
    override func savedState() -> () -> Void {
        let base = super.savedState()
        let anchor = self.anchor, storedLength = self.storedLength, storedDamping = self.storedDamping, storedFrequency = self.storedFrequency, storedFrictionTorque = self.storedFrictionTorque, storedRange = self.storedRange
        return { [self] in
            base()
            self.anchor = anchor
            self.storedLength = storedLength
            self.storedDamping = storedDamping
            self.storedFrequency = storedFrequency
            self.storedFrictionTorque = storedFrictionTorque
            self.storedRange = storedRange
        }
    }

    /// What the attachment connects (UIAttachmentBehaviorType).
    public enum AttachmentType: Sendable, Equatable {
        case items
        case anchor
    }

    /// The constraint it makes.
    public enum Kind: String, Sendable, Equatable {
        case spring, sliding, limit, fixed, pin
    }

    public let kind: Kind
    public let attachedBehaviorType: AttachmentType
    public let items: [DynamicItem]
    override var ownItems: [DynamicItem] { items }

    /// Offsets of the attachment points from the items' centers, in their own axes (points).
    /// Where the attachment holds the first item: an offset from its center in its own axes
    /// (points). For pin, fixed and sliding attachments, the anchor point's offset.
    public let offsetA: CGVector
    /// The same on the second item (zero for an item–anchor attachment).
    public let offsetB: CGVector
    /// Relative angle (second item's minus first's, or the first's for an anchor) at creation.
    let referenceAngle: CGFloat
    /// Sliding axis in the second item's axes at creation (unit); for an anchor, in the world.
    let localAxis: CGVector
    /// A sliding attachment's axis of translation as given (unit, world axes at creation);
    /// nil for the other kinds.
    public var axisOfTranslation: CGVector? { kind == .sliding ? givenAxis : nil }
    private let givenAxis: CGVector

    private var anchor: CGPoint
    private var storedLength: CGFloat
    private var storedDamping: CGFloat = 0
    private var storedFrequency: CGFloat = 0
    private var storedFrictionTorque: CGFloat = 0
    private var storedRange: FloatRange = .infinite

    /// The designated initializer every other calls: an attachment of `kind` between one item
    /// and `anchor` (nil: where the item's attachment point is) or two items, at offsets (points,
    /// item axes) from their centers, sliding along `axis` (a unit vector) for `.sliding`. It is
    /// public so that a subclass, defined anywhere, inherits the convenience initializers.
    public init(kind: Kind, items: [DynamicItem], anchor: CGPoint?, offsetA: CGVector, offsetB: CGVector, axis: CGVector = CGVector(dx: 1, dy: 0)) {
        if kind == .sliding { _ = AttachmentBehavior.checkedAxis(axis) }
        require {
            guard (1...2).contains(items.count) else {
                throw DynamicsError(owner: "AttachmentBehavior", property: "items",
                                    message: "attaches one item (to an anchor) or two, got \(items.count)")
            }
            if (kind == .pin || kind == .fixed) && items.count != 2 {
                throw DynamicsError(owner: "AttachmentBehavior", property: "items", message: "a \(kind.rawValue) attachment joins two items")
            }
            if items.count == 2 && items[0] === items[1] {
                throw DynamicsError(owner: "AttachmentBehavior", property: "items", message: "attaches an item to itself")
            }
            if let anchor { try Validate.finite(anchor, "AttachmentBehavior", "anchorPoint") }
            // Pin, fixed and sliding attachments hold each item at the anchor: their offsets
            // are the anchor's, and an anchor too far from an item is named as what was given.
            if kind == .pin || kind == .fixed || kind == .sliding {
                for (i, o) in [offsetA, offsetB].prefix(items.count).enumerated()
                where !(o.dx.isFinite && o.dy.isFinite && abs(o.dx) <= Limits.length && abs(o.dy) <= Limits.length) {
                    throw DynamicsError(owner: "AttachmentBehavior", property: "attachmentAnchor",
                                        message: "must be within \(Limits.length) pt of each item's center, got (\(o.dx), \(o.dy)) from item \(i + 1)'s")
                }
            } else {
                try Validate.finite(offsetA, "AttachmentBehavior", "offsetFromCenter", max: Limits.length)
                try Validate.finite(offsetB, "AttachmentBehavior", "offsetFromCenter", max: Limits.length)
            }
        }
        // Refused input (reported above) leaves an object to discard; it must still be whole.
        let items = items.isEmpty ? [DynamicView(frame: CGRect(x: 0, y: 0, width: 1, height: 1))] : Array(items.prefix(2))
        self.kind = kind
        self.items = items
        self.offsetA = offsetA
        self.offsetB = offsetB
        givenAxis = axis
        attachedBehaviorType = items.count == 1 ? .anchor : .items
        let a = items[0]
        let pa = AttachmentBehavior.point(of: a, offset: offsetA)
        let angleA = DeterministicMath.atan2(a.transform.b, a.transform.a)
        if items.count == 2 {
            let b = items[1]
            let pb = AttachmentBehavior.point(of: b, offset: offsetB)
            referenceAngle = DeterministicMath.atan2(b.transform.b, b.transform.a) - angleA
            self.anchor = anchor ?? pb
            storedLength = DeterministicMath.hypot(pa.x - pb.x, pa.y - pb.y)
            // The engine measures the axis in the second item's axes (its body A).
            let angleB = DeterministicMath.atan2(b.transform.b, b.transform.a)
            let (c, s) = DeterministicMath.cosSin(Double(-angleB))
            localAxis = CGVector(dx: CGFloat(c) * axis.dx - CGFloat(s) * axis.dy,
                                 dy: CGFloat(s) * axis.dx + CGFloat(c) * axis.dy)
        } else {
            referenceAngle = angleA
            self.anchor = anchor ?? pa
            storedLength = DeterministicMath.hypot(pa.x - self.anchor.x, pa.y - self.anchor.y)
            localAxis = axis
        }
        super.init()
    }

    static func point(of item: DynamicItem, offset: CGVector) -> CGPoint {
        let t = item.transform, c = item.center
        return CGPoint(x: c.x + t.a * offset.dx + t.c * offset.dy, y: c.y + t.b * offset.dx + t.d * offset.dy)
    }

    /// A spring (or rod) from the item's center to an anchor point.
    public convenience init(item: DynamicItem, attachedToAnchor point: CGPoint) {
        self.init(item: item, offsetFromCenter: .zero, attachedToAnchor: point)
    }

    public convenience init(item: DynamicItem, offsetFromCenter offset: Offset, attachedToAnchor point: CGPoint) {
        self.init(kind: .spring, items: [item], anchor: point,
                  offsetA: CGVector(dx: offset.horizontal, dy: offset.vertical), offsetB: .zero)
    }

    /// A spring (or rod) between two items' centers.
    public convenience init(item item1: DynamicItem, attachedTo item2: DynamicItem) {
        self.init(item: item1, offsetFromCenter: .zero, attachedTo: item2, offsetFromCenter: .zero)
    }

    public convenience init(item item1: DynamicItem, offsetFromCenter offset1: Offset,
                            attachedTo item2: DynamicItem, offsetFromCenter offset2: Offset) {
        self.init(kind: .spring, items: [item1, item2], anchor: nil,
                  offsetA: CGVector(dx: offset1.horizontal, dy: offset1.vertical),
                  offsetB: CGVector(dx: offset2.horizontal, dy: offset2.vertical))
    }

    private static func checkedAxis(_ axis: CGVector) -> CGVector {
        require {
            try Validate.finite(axis, "AttachmentBehavior", "axisOfTranslation")
            let l = (axis.dx * axis.dx + axis.dy * axis.dy).squareRoot()
            guard abs(l - 1) < 1e-6 else {
                throw DynamicsError(owner: "AttachmentBehavior", property: "axisOfTranslation",
                                    message: "must be a unit vector, got (\(axis.dx), \(axis.dy)) of length \(l)")
            }
        }
        return axis
    }

    /// Two items slide along `axis` (unit, through `point`) relative to each other, without turning.
    public static func slidingAttachment(with item1: DynamicItem, attachedTo item2: DynamicItem,
                                         attachmentAnchor point: CGPoint, axisOfTranslation axis: CGVector) -> AttachmentBehavior {
        let axis = checkedAxis(axis)
        return AttachmentBehavior(kind: .sliding, items: [item1, item2], anchor: point,
                                  offsetA: localOffset(of: point, in: item1), offsetB: localOffset(of: point, in: item2), axis: axis)
    }

    /// The item slides along `axis` (unit) through `point`, without turning.
    public static func slidingAttachment(with item: DynamicItem, attachmentAnchor point: CGPoint,
                                         axisOfTranslation axis: CGVector) -> AttachmentBehavior {
        let axis = checkedAxis(axis)
        return AttachmentBehavior(kind: .sliding, items: [item], anchor: point,
                                  offsetA: localOffset(of: point, in: item), offsetB: .zero, axis: axis)
    }

    /// A rope: the two points stay at most `length` (their distance now) apart.
    public static func limitAttachment(with item1: DynamicItem, offsetFromCenter offset1: Offset,
                                       attachedTo item2: DynamicItem, offsetFromCenter offset2: Offset) -> AttachmentBehavior {
        AttachmentBehavior(kind: .limit, items: [item1, item2], anchor: nil,
                           offsetA: CGVector(dx: offset1.horizontal, dy: offset1.vertical),
                           offsetB: CGVector(dx: offset2.horizontal, dy: offset2.vertical))
    }

    /// The two items are welded at `point`.
    public static func fixedAttachment(with item1: DynamicItem, attachedTo item2: DynamicItem,
                                       attachmentAnchor point: CGPoint) -> AttachmentBehavior {
        AttachmentBehavior(kind: .fixed, items: [item1, item2], anchor: point,
                           offsetA: localOffset(of: point, in: item1), offsetB: localOffset(of: point, in: item2))
    }

    /// The two items share `point` and turn freely about it.
    public static func pinAttachment(with item1: DynamicItem, attachedTo item2: DynamicItem,
                                     attachmentAnchor point: CGPoint) -> AttachmentBehavior {
        AttachmentBehavior(kind: .pin, items: [item1, item2], anchor: point,
                           offsetA: localOffset(of: point, in: item1), offsetB: localOffset(of: point, in: item2))
    }

    /// The attachment of `kind` between `item` and `other` (or an anchor), with the factory
    /// each kind takes: what the registry's `attachment` and any embedder's constructor build.
    /// A kind that needs a second item or an anchor and lacks it is a `DynamicsError` of
    /// `attachment.<otherName>` or `attachment.anchor`. A spring joins `other` if given, else
    /// the anchor; a sliding attachment between two items defaults its anchor to the item's
    /// center. Offsets apply to springs and limits.
    public static func make(_ kind: Kind, item: DynamicItem, other: DynamicItem?, otherName: String,
                            anchor: CGPoint?, offset: Offset = Offset(horizontal: 0, vertical: 0),
                            offsetTo: Offset = Offset(horizontal: 0, vertical: 0),
                            axis: CGVector = CGVector(dx: 1, dy: 0)) throws -> AttachmentBehavior {
        func needOther() throws -> DynamicItem {
            guard let other else {
                throw DynamicsError(owner: "attachment", property: otherName, message: "a \(kind.rawValue) attachment needs a second item")
            }
            return other
        }
        func needAnchor() throws -> CGPoint {
            guard let anchor else {
                throw DynamicsError(owner: "attachment", property: "anchor", message: "a \(kind.rawValue) attachment needs an anchor point")
            }
            return anchor
        }
        switch kind {
        case .sliding:
            return other == nil
                ? .slidingAttachment(with: item, attachmentAnchor: try needAnchor(), axisOfTranslation: axis)
                : .slidingAttachment(with: item, attachedTo: try needOther(), attachmentAnchor: anchor ?? item.center, axisOfTranslation: axis)
        case .limit: return .limitAttachment(with: item, offsetFromCenter: offset, attachedTo: try needOther(), offsetFromCenter: offsetTo)
        case .fixed: return .fixedAttachment(with: item, attachedTo: try needOther(), attachmentAnchor: try needAnchor())
        case .pin: return .pinAttachment(with: item, attachedTo: try needOther(), attachmentAnchor: try needAnchor())
        case .spring:
            if let other { return AttachmentBehavior(item: item, offsetFromCenter: offset, attachedTo: other, offsetFromCenter: offsetTo) }
            return AttachmentBehavior(item: item, offsetFromCenter: offset, attachedToAnchor: try needAnchor())
        }
    }

    /// `point` (world) in the item's own axes, from its center.
    static func localOffset(of point: CGPoint, in item: DynamicItem) -> CGVector {
        let t = item.transform
        let dx = point.x - item.center.x, dy = point.y - item.center.y
        let det = t.a * t.d - t.b * t.c
        guard det != 0 else { return CGVector(dx: dx, dy: dy) }
        return CGVector(dx: (t.d * dx - t.c * dy) / det, dy: (-t.b * dx + t.a * dy) / det)
    }

    /// The anchor point (world, points). Settable for an item–anchor attachment, live.
    public var anchorPoint: CGPoint {
        get { anchor }
        set {
            guard accept({ try Validate.finite(newValue, "AttachmentBehavior", "anchorPoint") }) else { return }
            anchor = newValue
            setNeedsUpdate()
        }
    }

    /// A spring's frequency (Hz): 0 (a rigid rod) … 10⁴.
    static func checkFrequency(_ f: CGFloat) throws { try Validate.nonNegative(f, "AttachmentBehavior", "frequency", max: 1e4) }
    /// A damping ratio: ≥ 0.
    static func checkDamping(_ d: CGFloat) throws { try Validate.nonNegative(d, "AttachmentBehavior", "damping") }

    /// Rest length of a spring or rod, or the rope's maximum (points, ≥ 0).
    public var length: CGFloat {
        get { storedLength }
        set { guard accept({ try Validate.nonNegative(newValue, "AttachmentBehavior", "length", max: Limits.length) }) else { return }; storedLength = newValue; setNeedsUpdate() }
    }

    /// Damping ratio of the spring (1 = critical), ≥ 0.
    public var damping: CGFloat {
        get { storedDamping }
        set { guard accept({ try AttachmentBehavior.checkDamping(newValue) }) else { return }; storedDamping = newValue; setNeedsUpdate() }
    }

    /// Spring frequency in Hz (0 = rigid rod), ≥ 0.
    public var frequency: CGFloat {
        get { storedFrequency }
        set { guard accept({ try AttachmentBehavior.checkFrequency(newValue) }) else { return }; storedFrequency = newValue; setNeedsUpdate() }
    }

    /// Torque a pin resists turning with (UIKit Newton·points), or the force a sliding
    /// attachment resists sliding with (UIKit Newtons), ≥ 0. Other kinds have no friction.
    public var frictionTorque: CGFloat {
        get { storedFrictionTorque }
        set {
            guard accept({ try Validate.nonNegative(newValue, "AttachmentBehavior", "frictionTorque") }) else { return }
            storedFrictionTorque = newValue; setNeedsUpdate()
        }
    }

    /// A pin's angle range (radians) or a sliding attachment's translation range (points)
    /// from the creation pose; must contain 0. Infinite = no limit.
    public var attachmentRange: FloatRange {
        get { storedRange }
        set {
            guard accept({
                guard !newValue.minimum.isNaN, !newValue.maximum.isNaN, newValue.minimum <= 0, newValue.maximum >= 0 else {
                    throw DynamicsError(owner: "AttachmentBehavior", property: "attachmentRange",
                                        message: "must contain 0, got \(newValue.minimum)…\(newValue.maximum)")
                }
                // Infinite means no limit; a finite end must be a usable number.
                for end in [newValue.minimum, newValue.maximum] where end.isFinite && abs(end) > Limits.magnitude {
                    throw DynamicsError(owner: "AttachmentBehavior", property: "attachmentRange",
                                        message: "ends must be infinite (no limit) or within ±\(Limits.magnitude), got \(newValue.minimum)…\(newValue.maximum)")
                }
            }) else { return }
            storedRange = newValue; setNeedsUpdate()
        }
    }

    /// The engine joint this attachment asks for between `bodyA` (the second item or the
    /// ground) and `bodyB` (the first item).
    func joint(bodyA: BodyID, bodyB: BodyID) -> JointDef {
        var j = JointDef(kind: .distance, bodyA: bodyA, bodyB: bodyB)
        j.localAnchorB = Units.meters(offsetA)
        j.localAnchorA = items.count == 2 ? Units.meters(offsetB) : Units.meters(anchor)
        // Angles: B relative to A. With an anchor A is the ground (angle 0).
        j.referenceAngle = Double(items.count == 2 ? -referenceAngle : referenceAngle)
        let range = storedRange
        switch kind {
        case .spring:
            j.kind = .distance
            j.length = Double(storedLength) * Units.metersPerPoint
            j.enableSpring = storedFrequency > 0
            j.hertz = Double(storedFrequency)
            j.dampingRatio = Double(storedDamping)
        case .limit:
            j.kind = .distance
            j.length = Double(storedLength) * Units.metersPerPoint
            j.enableSpring = true
            j.hertz = 0
            j.enableLimit = true
            j.minLength = 0
            j.maxLength = j.length
        case .pin:
            j.kind = .revolute
            j.maxFrictionTorque = Double(storedFrictionTorque) * Units.metersPerPoint
            if !range.isInfinite { j.enableLimit = true; j.lower = Double(range.minimum); j.upper = Double(range.maximum) }
        case .fixed:
            j.kind = .weld
        case .sliding:
            j.kind = .prismatic
            j.localAxisA = Vec2(Double(localAxis.dx), Double(localAxis.dy))
            // A force along the axis, in UIKit Newtons (the engine's N: docs/units.md).
            j.maxFrictionForce = Double(storedFrictionTorque)
            if !range.isInfinite {
                j.enableLimit = true
                j.lower = Double(range.minimum) * Units.metersPerPoint
                j.upper = Double(range.maximum) * Units.metersPerPoint
            }
        }
        return j
    }
}
