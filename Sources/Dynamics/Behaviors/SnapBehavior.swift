import DynamicsEngine
import Foundation

/// Pulls an item to a point with a damped spring, turning it in transit and upright at the
/// end (UISnapBehavior).
///
/// The law (measured vs. modelled):
/// - **Measured** (UIKit, one case): a 100×50 item snapping from (100, 100) to (300, 200)
///   with damping 0.5, stepped at 1/60 s, is at (113.27, 106.62) with angle 0.0361 rad after
///   the first frame; it ends on the point at angle 0.
/// - **Modelled** to fit that frame and the settling: the center follows a damped spring to
///   the point with damping ratio `damping` and frequency `SnapBehavior.frequency` (Hz;
///   fitted to the frame's 6.6 % of the way; the measurement is at damping 0.5 only, so
///   the frequency is taken not to depend on damping). The angle follows a second damped
///   spring (`SnapBehavior.angularFrequency`, same damping ratio) toward a target that turns
///   the nearest of the item's axes onto the line from its center to the point — the
///   smallest turn, at most π/4 — weighted by min(1, distance / `turnFadeDistance`), so
///   the item leans into its travel and comes upright (angle 0) as it arrives. Fitted:
///   the angular frequency, to the frame's 0.0361 rad. Not measured: other sizes,
///   distances and dampings, and the fade; treat them as a plausible model.
///
/// `damping` is 0…1 (default 0.5; 1 = critically damped: no overshoot). `frequency` sets the
/// pace (default `SnapBehavior.frequency`, UIKit's); the angular spring keeps its ratio to
/// it. `spring` reads and sets both as a `Spring`. Unlike UIKit, changing `damping`,
/// `frequency` or `snapPoint` while running takes effect at once.
open class SnapBehavior: DynamicBehavior {
    /// See `DynamicBehavior.savedState()`.
    override func savedState() -> () -> Void {
        let base = super.savedState()
        let point = self.point, storedDamping = self.storedDamping, storedFrequency = self.storedFrequency
        return { [self] in
            base()
            self.point = point
            self.storedDamping = storedDamping
            self.storedFrequency = storedFrequency
        }
    }

    /// The linear spring's frequency, Hz (fitted to UIKit's first frame at damping 0.5).
    public static let frequency: CGFloat = 3.59
    /// The angular spring's frequency, Hz (fitted to UIKit's first-frame angle).
    public static let angularFrequency: CGFloat = 3.92
    /// The distance (points) under which the turn toward the line of travel fades out.
    public static let turnFadeDistance: CGFloat = 100

    public let item: DynamicItem
    override var ownItems: [DynamicItem] { [item] }

    private var point: CGPoint
    private var storedDamping: CGFloat = 0.5
    private var storedFrequency: CGFloat = SnapBehavior.frequency

    public init(item: DynamicItem, snapTo point: CGPoint) {
        require { try Validate.finite(point, "SnapBehavior", "snapPoint") }
        self.item = item
        self.point = point
        super.init()
    }

    /// Where the item's center goes (points).
    public var snapPoint: CGPoint {
        get { point }
        set { guard accept({ try Validate.finite(newValue, "SnapBehavior", "snapPoint") }) else { return }; point = newValue; setNeedsUpdate() }
    }

    /// Damping ratio, 0…1.
    public var damping: CGFloat {
        get { storedDamping }
        set {
            guard accept({
                guard newValue.isFinite, newValue >= 0, newValue <= 1 else {
                    throw DynamicsError(owner: "SnapBehavior", property: "damping", message: "must be in 0…1, got \(newValue)")
                }
            }) else { return }
            storedDamping = newValue; setNeedsUpdate()
        }
    }

    /// The linear spring's frequency, Hz (> 0, at most 10⁴; default `SnapBehavior.frequency`,
    /// UIKit's pace). The angular spring follows at `angularFrequency / SnapBehavior.frequency`
    /// times it, so a faster snap turns upright as much faster.
    public var frequency: CGFloat {
        get { storedFrequency }
        set {
            guard accept({ try Validate.positive(newValue, "SnapBehavior", "frequency", max: Spring.frequencyRange.upperBound) }) else { return }
            storedFrequency = newValue; setNeedsUpdate()
        }
    }

    /// The snap's spring: `frequency` and `damping` as a `Spring`. Setting takes a spring's
    /// frequency and damping ratio together (its mass does not matter); a snap's damping is
    /// 0…1, so an overdamped spring is reported as invalid input and changes nothing.
    public var spring: Spring {
        get { Spring(unchecked: 1, (2 * .pi * storedFrequency) * (2 * .pi * storedFrequency), 4 * .pi * storedFrequency * storedDamping) }
        set {
            let f = newValue.frequency, z = newValue.dampingRatio
            guard accept({
                guard z <= 1 else {
                    throw DynamicsError(owner: "SnapBehavior", property: "spring",
                                        message: "a snap's damping ratio is 0…1, and this spring's is \(z) (overdamped)")
                }
                try Validate.positive(f, "SnapBehavior", "spring", max: Spring.frequencyRange.upperBound)
            }) else { return }
            storedFrequency = f; storedDamping = z; setNeedsUpdate()
        }
    }

    /// The engine's target joint: the item's center pulled to the snap point (on the ground
    /// body) with the snap's springs.
    func joint(ground: BodyID, body: BodyID) -> JointDef {
        var j = JointDef(kind: .target, bodyA: ground, bodyB: body)
        j.localAnchorA = Units.meters(point)
        j.hertz = Double(storedFrequency)
        // Scaled as angular × (frequency / default): exactly `angularFrequency` by default.
        j.angularHertz = Double(SnapBehavior.angularFrequency * (storedFrequency / SnapBehavior.frequency))
        j.turnFadeLength = Double(SnapBehavior.turnFadeDistance) * Units.metersPerPoint
        j.dampingRatio = Double(storedDamping)
        return j
    }
}
