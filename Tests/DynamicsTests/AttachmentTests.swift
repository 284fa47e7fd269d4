import Dynamics
import DynamicsTestSupport
import Foundation
import Testing

/// Times between successive upward zero crossings of `signal` sampled every `dt`.
func periods(_ signal: [Double], dt: Double) -> [Double] {
    var crossings: [Double] = []
    for i in 1..<signal.count where signal[i - 1] < 0 && signal[i] >= 0 {
        let t = (Double(i - 1) + signal[i - 1] / (signal[i - 1] - signal[i])) * dt
        crossings.append(t)
    }
    return zip(crossings.dropFirst(), crossings).map { $0 - $1 }
}

/// An animator with no gravity and an item whose resistance is 0.
func weightless(_ item: DynamicView) -> (DynamicAnimator, DynamicItemBehavior) {
    let animator = DynamicAnimator()
    let props = DynamicItemBehavior(items: [item])
    props.resistance = 0
    props.angularResistance = 0
    animator.addBehavior(props)
    return (animator, props)
}

/// A 100×10 arm pinned at (220, 100), its left end, to an anchored 40×40 base, under
/// gravity: the pin tests' pendulum. `configure` sets the pin up before anything is added;
/// `extra` behaviors are added between the base's and the pin.
func pinnedArm(_ animator: DynamicAnimator, extra: (DynamicView) -> [DynamicBehavior] = { _ in [] },
               configure: (AttachmentBehavior) -> Void = { _ in }) -> (arm: DynamicView, pin: AttachmentBehavior) {
    let base = DynamicView(center: CGPoint(x: 200, y: 100), size: CGSize(width: 40, height: 40))
    let arm = DynamicView(center: CGPoint(x: 260, y: 100), size: CGSize(width: 100, height: 10))
    let anchor = DynamicItemBehavior(items: [base]); anchor.isAnchored = true
    let pin = AttachmentBehavior.pinAttachment(with: arm, attachedTo: base, attachmentAnchor: CGPoint(x: 220, y: 100))
    configure(pin)
    animator.addBehavior(anchor)
    for b in extra(arm) { animator.addBehavior(b) }
    animator.addBehavior(pin)
    animator.addBehavior(GravityBehavior(items: [arm]))
    return (arm, pin)
}

@Suite("Attachments")
struct AttachmentTests {
    @Test("A 2 Hz spring with damping 0 has a 0.5 s period (±0.01 s)")
    func springPeriod() {
        let item = DynamicView(center: CGPoint(x: 200, y: 300), size: CGSize(width: 100, height: 100))
        let (animator, _) = weightless(item)
        let spring = AttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 200, y: 100))
        #expect(abs(spring.length - 200) < 1e-9, "length starts as the distance")
        #expect(spring.attachedBehaviorType == .anchor && spring.kind == .spring)
        spring.frequency = 2
        spring.damping = 0
        spring.length = 150
        animator.addBehavior(spring)
        var ys: [Double] = []
        animator.run(seconds: 3, dt: 1.0 / 120) { ys.append(Double(item.center.y) - 250); return false }
        let p = periods(ys, dt: 1.0 / 120)
        #expect(p.count >= 4)
        for period in p { #expect(abs(period - 0.5) <= 0.01, "period \(period)") }
        #expect(ys.suffix(120).max()! > 40, "damping 0 keeps most of the 50 pt amplitude: \(ys.suffix(120).max()!)")
    }

    @Test("Critical damping (1) settles without overshoot")
    func criticalDamping() {
        let item = DynamicView(center: CGPoint(x: 200, y: 300), size: CGSize(width: 100, height: 100))
        let (animator, _) = weightless(item)
        let spring = AttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 200, y: 100))
        spring.frequency = 2
        spring.damping = 1
        spring.length = 150
        animator.addBehavior(spring)
        var minY = CGFloat.infinity
        animator.run(seconds: 3) { minY = min(minY, item.center.y); return false }
        #expect(minY >= 250 - 0.5, "overshot to \(minY)")
        #expect(abs(item.center.y - 250) < 0.5)
    }

    @Test("A 100 pt rod swings with period 2π√(L/g) ≈ 1.99 s and keeps its length within 0.5 pt")
    func rodPendulum() {
        let animator = DynamicAnimator()
        let pivot = CGPoint(x: 200, y: 100)
        let angle0 = 0.15
        let bob = DynamicView(center: CGPoint(x: 200 + 100 * sin(angle0), y: 100 + 100 * cos(angle0)), size: CGSize(width: 4, height: 4))
        let props = DynamicItemBehavior(items: [bob]); props.resistance = 0; props.angularResistance = 0
        let rod = AttachmentBehavior(item: bob, attachedToAnchor: pivot)
        #expect(abs(rod.length - 100) < 1e-9 && rod.frequency == 0)
        animator.addBehavior(props); animator.addBehavior(rod); animator.addBehavior(GravityBehavior(items: [bob]))
        var xs: [Double] = [], worst = 0.0
        animator.run(seconds: 8, dt: 1.0 / 120) {
            xs.append(Double(bob.center.x - pivot.x))
            worst = max(worst, abs(hypot(Double(bob.center.x - pivot.x), Double(bob.center.y - pivot.y)) - 100))
            return false
        }
        let expected = 2 * Double.pi * (1.0 / 10).squareRoot() * (1 + angle0 * angle0 / 16)
        let p = periods(xs, dt: 1.0 / 120)
        #expect(p.count >= 3)
        for period in p { #expect(abs(period - expected) <= 0.02, "period \(period), expected \(expected)") }
        #expect(worst <= 0.5, "length drifted by \(worst) pt")
    }

    @Test("Two items on a spring oscillate about the rest length")
    func itemToItemSpring() {
        let a = DynamicView(center: CGPoint(x: 100, y: 100), size: CGSize(width: 100, height: 100))
        let b = DynamicView(center: CGPoint(x: 400, y: 100), size: CGSize(width: 100, height: 100))
        let (animator, props) = weightless(a)
        props.addItem(b)
        let spring = AttachmentBehavior(item: a, attachedTo: b)
        #expect(spring.attachedBehaviorType == .items && abs(spring.length - 300) < 1e-9)
        spring.frequency = 1
        spring.damping = 1
        spring.length = 200
        animator.addBehavior(spring)
        animator.run(seconds: 5)
        #expect(abs((b.center.x - a.center.x) - 200) < 0.5)
        #expect(abs((a.center.x + b.center.x) / 2 - 250) < 1e-6, "momentum is conserved: the middle stays put")
    }

    @Test("An offset attachment turns with the item and keeps the offset point on the rod's circle")
    func offsetTurns() {
        let item = DynamicView(center: CGPoint(x: 200, y: 200), size: CGSize(width: 100, height: 20))
        let (animator, _) = weightless(item)
        let rod = AttachmentBehavior(item: item, offsetFromCenter: Offset(horizontal: 50, vertical: 0),
                                     attachedToAnchor: CGPoint(x: 250, y: 100))
        #expect(abs(rod.length - 100) < 1e-9)
        animator.addBehavior(rod)
        animator.addBehavior(GravityBehavior(items: [item]))
        var worst = 0.0, maxTurn = 0.0
        animator.run(seconds: 3) {
            let end = CGPoint(x: item.center.x + 50 * item.transform.a, y: item.center.y + 50 * item.transform.b)
            worst = max(worst, abs(Double(hypot(end.x - 250, end.y - 100)) - 100))
            maxTurn = max(maxTurn, abs(angle(of: item)))
            return false
        }
        #expect(worst <= 0.5, "the offset point left the rod's circle by \(worst) pt")
        #expect(maxTurn > 0.5, "the bar swung round its attached end: \(maxTurn) rad")
    }

    @Test("anchorPoint moves while running and the item follows")
    func movingAnchor() {
        let item = DynamicView(center: CGPoint(x: 200, y: 300), size: CGSize(width: 40, height: 40))
        let (animator, props) = weightless(item)
        props.resistance = 2
        let spring = AttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 200, y: 200))
        spring.frequency = 3; spring.damping = 1
        animator.addBehavior(spring)
        animator.run(seconds: 1)
        spring.anchorPoint = CGPoint(x: 400, y: 200)
        #expect(spring.anchorPoint == CGPoint(x: 400, y: 200))
        animator.run(seconds: 5)
        // It settles at the spring's length (100) from the new anchor, having moved toward it.
        #expect(abs(hypot(item.center.x - 400, item.center.y - 200) - 100) < 0.5, "\(item.center)")
        #expect(item.center.x > 290)
    }

    /// Under gravity 1 (1000 pt/s²) a spring of f Hz stretches g/ω² at rest: 25.33 pt at 1 Hz,
    /// 101.32 pt at 0.5 Hz. Heavily damped, the item creeps there below the usual resting
    /// speed, and the animator paused up to 6.6 pt short (0.5 Hz, damping 2).
    @Test("A damped spring under gravity pauses at its rest stretch g/ω² (±0.5 pt)", arguments: [(1.0, 1.0), (0.5, 1.0), (1.0, 2.0), (0.5, 2.0)])
    func dampedSpringRestsAtEquilibrium(frequency: Double, damping: Double) {
        let animator = DynamicAnimator()
        let item = DynamicView(center: CGPoint(x: 200, y: 200), size: CGSize(width: 20, height: 20))
        let spring = AttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 200, y: 100))
        spring.frequency = frequency
        spring.damping = damping
        animator.addBehavior(spring)
        animator.addBehavior(GravityBehavior(items: [item]))
        let frames = animator.run(seconds: 30, dt: 1.0 / 60) { !animator.isRunning }
        let omega = 2 * Double.pi * frequency
        let stretch = Double(item.center.y) - 200
        #expect(!animator.isRunning, "paused (after \(frames) frames)")
        #expect(abs(stretch - 1000 / (omega * omega)) <= 0.5, "stretch \(stretch) pt, expected \(1000 / (omega * omega))")
    }

    @Test("A pin keeps the shared point within 0.5 pt; friction torque slows the swing")
    func pin() {
        func swing(friction: CGFloat) -> (worst: Double, speed: Double) {
            let animator = DynamicAnimator()
            let (arm, _) = pinnedArm(animator, extra: { arm in
                let props = DynamicItemBehavior(items: [arm]); props.resistance = 0; props.angularResistance = 0
                return [props]
            }, configure: { $0.frictionTorque = friction })
            var worst = 0.0
            animator.run(seconds: 2) {
                let p = CGPoint(x: arm.center.x - 40 * arm.transform.a, y: arm.center.y - 40 * arm.transform.b)
                worst = max(worst, Double(hypot(p.x - 220, p.y - 100)))
                return false
            }
            return (worst, abs(Double(animator.angularVelocity(of: arm)!)))
        }
        let free = swing(friction: 0), braked = swing(friction: 2000)
        #expect(free.worst <= 0.5, "the pinned end wandered \(free.worst) pt")
        #expect(braked.worst <= 0.5)
        #expect(braked.speed < free.speed * 0.5 || braked.speed < 0.01, "friction \(braked.speed) vs free \(free.speed)")
    }

    @Test("A pin's friction set back to 0 while it runs releases it (no leftover impulse)")
    func pinFrictionReleased() {
        let animator = DynamicAnimator()
        let (arm, pin) = pinnedArm(animator, configure: { $0.frictionTorque = 1e6 }) // holds the arm level
        animator.run(seconds: 0.5)
        #expect(abs(angle(of: arm)) < 0.01, "held by friction: \(angle(of: arm))")
        pin.frictionTorque = 0
        animator.run(seconds: 0.3)
        // Free, it falls like a pendulum released level: well past 0.3 rad in 0.3 s (a held
        // arm stayed at 0.001).
        #expect(angle(of: arm) > 0.3, "swings once released: \(angle(of: arm)) rad")
    }

    @Test("A sliding attachment's frictionTorque resists sliding: a force in UIKit Newtons (±2 %)")
    func slidingFriction() {
        // A 40×40 item of density 1 (mass 0.16) on a vertical slide under gravity 1 (1000 pt/s²):
        // its weight is 1.6 UIKit N (a = 100·f/mass). Friction 1.2 leaves a net 0.4 N: 250 pt/s².
        func fall(friction: CGFloat) -> Double {
            let animator = DynamicAnimator()
            let item = DynamicView(center: CGPoint(x: 200, y: 200), size: CGSize(width: 40, height: 40))
            let props = DynamicItemBehavior(items: [item]); props.resistance = 0
            let slide = AttachmentBehavior.slidingAttachment(with: item, attachmentAnchor: CGPoint(x: 200, y: 200),
                                                             axisOfTranslation: CGVector(dx: 0, dy: 1))
            slide.frictionTorque = friction
            animator.addBehavior(props); animator.addBehavior(slide); animator.addBehavior(GravityBehavior(items: [item]))
            animator.run(seconds: 0.5, dt: 1.0 / 120)
            return Double(item.center.y) - 200
        }
        let free = fall(friction: 0), braked = fall(friction: 1.2), held = fall(friction: 2)
        #expect(abs(free - 0.5 * 1000 * 0.25) <= 0.02 * 125, "free: \(free) pt")
        #expect(abs(braked - 0.5 * 250 * 0.25) <= 0.02 * 31.25, "braked: \(braked) pt")
        #expect(abs(held) <= 0.01, "friction above the weight holds it: \(held) pt")
    }

    /// Beads of 1 pt pinned 5 pt off their centers turn at the slightest push (their inertia
    /// is 1/150 of what the pins' lever needs): with joints as stiff as 4× the contact
    /// stiffness the chain gained energy from gravity alone, to the 40 000 pt/s clamp in
    /// half a second, and flew 2 300 pt. At Box2D's 2× it hangs.
    @Test("A chain of ten 1 pt beads pinned 10 pt apart hangs under gravity (no energy gained)")
    func beadChainHangs() {
        let animator = DynamicAnimator()
        let top = DynamicView(center: CGPoint(x: 500, y: 500), size: CGSize(width: 20, height: 20))
        let anchor = DynamicItemBehavior(items: [top]); anchor.isAnchored = true
        animator.addBehavior(anchor)
        var beads: [DynamicView] = []
        var previous: DynamicItem = top
        for k in 1...10 {
            let bead = DynamicView(center: CGPoint(x: 500 + 10 * Double(k), y: 500), size: CGSize(width: 1, height: 1))
            animator.addBehavior(AttachmentBehavior.pinAttachment(with: bead, attachedTo: previous,
                                                                  attachmentAnchor: CGPoint(x: 495 + 10 * Double(k), y: 500)))
            beads.append(bead)
            previous = bead
        }
        animator.addBehavior(GravityBehavior(items: beads))
        var fastest = 0.0, furthest = 0.0
        animator.run(seconds: 5, dt: 1.0 / 60) {
            for b in beads {
                let v = animator.linearVelocity(of: b) ?? .zero
                fastest = max(fastest, Double(hypot(v.x, v.y)))
                furthest = max(furthest, Double(hypot(b.center.x - 500, b.center.y - 500)))
            }
            return false
        }
        // A 100 pt chain released level: its end falls 100 pt, so at most √(2·1000·100) ≈ 450
        // pt/s from the fall, more where the chain whips; never thousands.
        #expect(fastest < 1500, "fastest bead \(fastest) pt/s")
        #expect(furthest < 110, "a bead went \(furthest) pt from the top of a 100 pt chain")
    }

    @Test("A pin's attachmentRange limits the angle")
    func pinRange() {
        let animator = DynamicAnimator()
        let (arm, _) = pinnedArm(animator, configure: { $0.attachmentRange = FloatRange(minimum: -0.3, maximum: 0.5) })
        var maxAngle = 0.0
        animator.run(seconds: 3) { maxAngle = max(maxAngle, angle(of: arm)); return false }
        #expect(maxAngle <= 0.5 + 0.01, "reached \(maxAngle) rad")
        #expect(angle(of: arm) > 0.45, "rests against the upper limit: \(angle(of: arm))")
    }

    @Test("A fixed attachment welds two items: they fall as one")
    func fixed() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 600, height: 600))
        let a = DynamicView(center: CGPoint(x: 200, y: 200), size: CGSize(width: 40, height: 40))
        let b = DynamicView(center: CGPoint(x: 240, y: 200), size: CGSize(width: 40, height: 40))
        b.transform = CGAffineTransform(rotationAngle: 0.2)
        let weld = AttachmentBehavior.fixedAttachment(with: a, attachedTo: b, attachmentAnchor: CGPoint(x: 220, y: 200))
        let collision = CollisionBehavior(items: [a, b]); collision.collisionMode = .boundaries
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(weld); animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: [a, b]))
        var worstGap = 0.0, worstTurn = 0.0, landed = false
        animator.run(seconds: 3) {
            landed = landed || a.center.y > 500
            worstGap = max(worstGap, abs(Double(hypot(b.center.x - a.center.x, b.center.y - a.center.y)) - 40))
            if !landed { worstTurn = max(worstTurn, abs(angle(of: b) - angle(of: a) - 0.2)) }
            return false
        }
        #expect(landed, "they fell to the floor together")
        #expect(worstGap <= 0.5 && worstTurn <= 0.001, "in flight: gap \(worstGap) pt, turn \(worstTurn) rad")
        // The weld is stiff, not infinitely so: the landing bends it a little, then it recovers.
        #expect(abs(angle(of: b) - angle(of: a) - 0.2) <= 0.01)
    }

    @Test("A sliding attachment allows motion only along its axis, within its range")
    func sliding() {
        let animator = DynamicAnimator()
        let item = DynamicView(center: CGPoint(x: 200, y: 200), size: CGSize(width: 40, height: 40))
        let axis = CGVector(dx: 0.6, dy: 0.8)
        let slide = AttachmentBehavior.slidingAttachment(with: item, attachmentAnchor: CGPoint(x: 200, y: 200), axisOfTranslation: axis)
        slide.attachmentRange = FloatRange(minimum: -50, maximum: 100)
        let g = GravityBehavior(items: [item]); g.setAngle(0.3, magnitude: 1)
        animator.addBehavior(slide); animator.addBehavior(g)
        var worstOff = 0.0, worstTurn = 0.0, maxAlong = -Double.infinity
        animator.run(seconds: 3) {
            let dx = Double(item.center.x - 200), dy = Double(item.center.y - 200)
            worstOff = max(worstOff, abs(dx * 0.8 - dy * 0.6))
            maxAlong = max(maxAlong, dx * 0.6 + dy * 0.8)
            worstTurn = max(worstTurn, abs(angle(of: item)))
            return false
        }
        #expect(worstOff <= 0.5 && worstTurn <= 0.01, "off the axis \(worstOff) pt, turned \(worstTurn)")
        #expect(maxAlong <= 100.5 && maxAlong > 99, "stopped at the range's end: \(maxAlong)")
    }

    @Test("Two items on a sliding attachment keep their relative axis")
    func slidingPair() {
        let a = DynamicView(center: CGPoint(x: 200, y: 200), size: CGSize(width: 40, height: 40))
        let b = DynamicView(center: CGPoint(x: 300, y: 200), size: CGSize(width: 40, height: 40))
        let (animator, props) = weightless(a)
        props.addItem(b)
        let slide = AttachmentBehavior.slidingAttachment(with: a, attachedTo: b, attachmentAnchor: CGPoint(x: 250, y: 200),
                                                         axisOfTranslation: CGVector(dx: 1, dy: 0))
        props.addLinearVelocity(CGPoint(x: -50, y: 80), for: a)
        animator.addBehavior(slide)
        var worstOff = 0.0, worstTurn = 0.0
        animator.run(seconds: 2) {
            // a's offset from b in b's axes: along x only, and no relative turn.
            let t = b.transform, dx = Double(a.center.x - b.center.x), dy = Double(a.center.y - b.center.y)
            worstOff = max(worstOff, abs(-Double(t.b) * dx + Double(t.a) * dy))
            worstTurn = max(worstTurn, abs(angle(of: a) - angle(of: b)))
            return false
        }
        #expect(worstOff <= 0.5 && worstTurn <= 0.01, "off the moving axis \(worstOff) pt, turned \(worstTurn)")
        #expect(abs(angle(of: b)) > 0.1, "the kick turned the pair as one")
    }

    @Test("A limit (rope) keeps two items at most its length apart but lets them close in")
    func rope() {
        let animator = DynamicAnimator()
        let top = DynamicView(center: CGPoint(x: 200, y: 100), size: CGSize(width: 20, height: 20))
        let weight = DynamicView(center: CGPoint(x: 200, y: 250), size: CGSize(width: 20, height: 20))
        let anchor = DynamicItemBehavior(items: [top]); anchor.isAnchored = true
        let rope = AttachmentBehavior.limitAttachment(with: weight, offsetFromCenter: Offset(horizontal: 0, vertical: 0),
                                                      attachedTo: top, offsetFromCenter: Offset(horizontal: 0, vertical: 0))
        #expect(rope.kind == .limit && abs(rope.length - 150) < 1e-9)
        let props = DynamicItemBehavior(items: [weight]); props.resistance = 0
        props.addLinearVelocity(CGPoint(x: 0, y: -400), for: weight)
        animator.addBehavior(anchor); animator.addBehavior(rope); animator.addBehavior(props)
        animator.addBehavior(GravityBehavior(items: [weight]))
        var minDistance = CGFloat.infinity, maxDistance: CGFloat = 0
        animator.run(seconds: 3) {
            let d = hypot(weight.center.x - 200, weight.center.y - 100)
            minDistance = min(minDistance, d); maxDistance = max(maxDistance, d)
            return false
        }
        #expect(minDistance < 100, "slack: thrown up, it came closer (\(minDistance))")
        #expect(maxDistance <= 150.5, "taut at most at its length: \(maxDistance)")
    }

    @Test("Attached items do not collide with each other (as in Box2D and UIKit)")
    func attachedDoNotCollide() {
        let animator = DynamicAnimator()
        let a = DynamicView(center: CGPoint(x: 200, y: 200), size: CGSize(width: 40, height: 40))
        let b = DynamicView(center: CGPoint(x: 220, y: 200), size: CGSize(width: 40, height: 40)) // overlaps a by 20 pt
        let c = DynamicView(center: CGPoint(x: 260, y: 200), size: CGSize(width: 40, height: 40))
        let collision = CollisionBehavior(items: [a, b, c])
        let pin = AttachmentBehavior.pinAttachment(with: b, attachedTo: a, attachmentAnchor: CGPoint(x: 210, y: 200))
        animator.addBehavior(collision)
        animator.addBehavior(pin)
        animator.run(seconds: 1)
        #expect(abs(b.center.x - a.center.x - 20) < 0.5, "the pinned pair kept its overlap: \(a.center) \(b.center)")
        #expect(c.center.x - b.center.x >= 40 - 0.5, "c, not attached, still collides with b")
    }

    @Test("Bad attachment input traps naming the property")
    func badInput() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let item = DynamicView(center: .zero, size: CGSize(width: 1, height: 1))
            _ = AttachmentBehavior.slidingAttachment(with: item, attachmentAnchor: .zero, axisOfTranslation: CGVector(dx: 1, dy: 1))
        }.map { #expect(String(decoding: $0.standardErrorContent, as: UTF8.self).contains("axisOfTranslation")) }
        await #expect(processExitsWith: .failure) {
            let item = DynamicView(center: .zero, size: CGSize(width: 1, height: 1))
            AttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 1, y: 0)).frequency = -1
        }
        await #expect(processExitsWith: .failure) {
            let item = DynamicView(center: .zero, size: CGSize(width: 1, height: 1))
            AttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 1, y: 0)).damping = -0.1
        }
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let a = DynamicView(center: .zero, size: CGSize(width: 1, height: 1))
            let b = DynamicView(center: CGPoint(x: 5, y: 0), size: CGSize(width: 1, height: 1))
            AttachmentBehavior.pinAttachment(with: a, attachedTo: b, attachmentAnchor: .zero).attachmentRange =
                FloatRange(minimum: 0.1, maximum: 1)
        }.map { #expect(String(decoding: $0.standardErrorContent, as: UTF8.self).contains("attachmentRange")) }
        await #expect(processExitsWith: .failure) { SnapBehavior(item: DynamicView(center: .zero, size: CGSize(width: 1, height: 1)), snapTo: .zero).damping = 2 }
        await #expect(processExitsWith: .failure) { PushBehavior(mode: .continuous).magnitude = .nan }
    }
}

@Suite("Snap and push")
struct SnapPushTests {
    @Test("Snap settles on the point within 0.5 pt and angle 0 within 0.01 rad", arguments: [CGFloat(0.5), 1])
    func snap(damping: CGFloat) {
        let item = DynamicView(center: CGPoint(x: 50, y: 400), size: CGSize(width: 60, height: 30))
        item.transform = CGAffineTransform(rotationAngle: 1.2)
        let animator = DynamicAnimator()
        let snap = SnapBehavior(item: item, snapTo: CGPoint(x: 300, y: 120))
        snap.damping = damping
        animator.addBehavior(snap)
        animator.run(seconds: 4) { !animator.isRunning }
        #expect(hypot(item.center.x - 300, item.center.y - 120) <= 0.5, "\(item.center)")
        #expect(abs(angle(of: item)) <= 0.01)
        #expect(!animator.isRunning, "it comes to rest and the animator pauses")
    }

    @Test("Changing snapPoint and damping while running takes effect")
    func snapLive() {
        let item = DynamicView(center: CGPoint(x: 100, y: 100), size: CGSize(width: 40, height: 40))
        let animator = DynamicAnimator()
        let snap = SnapBehavior(item: item, snapTo: CGPoint(x: 200, y: 100))
        animator.addBehavior(snap)
        animator.run(seconds: 0.5)
        snap.snapPoint = CGPoint(x: 100, y: 300)
        snap.damping = 1
        var minY = CGFloat.infinity, maxY: CGFloat = 0
        animator.run(seconds: 4) { minY = min(minY, item.center.y); maxY = max(maxY, item.center.y); return false }
        #expect(hypot(item.center.x - 100, item.center.y - 300) <= 0.5)
        #expect(maxY <= 300.5, "critically damped after the change: no overshoot (\(maxY))")
    }

    @Test("A continuous push of magnitude 1 on mass 1 accelerates at 100 pt/s² (±1 %)")
    func continuous() {
        let item = DynamicView(center: .zero, size: CGSize(width: 100, height: 100))
        let (animator, _) = weightless(item)
        let push = PushBehavior(items: [item], mode: .continuous)
        push.setAngle(.pi / 2, magnitude: 1)
        #expect(abs(push.pushDirection.dy - 1) < 1e-12 && abs(push.pushDirection.dx) < 1e-12)
        animator.addBehavior(push)
        animator.run(seconds: 1)
        #expect(abs(animator.linearVelocity(of: item)!.y - 100) <= 1)
        #expect(abs(item.center.y - 50) <= 0.5)
        push.active = false
        let v = animator.linearVelocity(of: item)!.y
        animator.run(seconds: 0.5)
        #expect(animator.linearVelocity(of: item)!.y == v, "an inactive push does nothing")
    }

    @Test("An instantaneous push changes the velocity by 100·m/mass once, and again when re-activated")
    func instantaneous() {
        let item = DynamicView(center: .zero, size: CGSize(width: 100, height: 200)) // mass 2
        let (animator, _) = weightless(item)
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 3, dy: 4) // magnitude 5
        #expect(abs(push.magnitude - 5) < 1e-12)
        animator.addBehavior(push)
        animator.run(seconds: 0.5)
        #expect(!push.active)
        var v = animator.linearVelocity(of: item)!
        #expect(abs(v.x - 150) < 1e-9 && abs(v.y - 200) < 1e-9, "Δv = 100·(3,4)/2: \(v)")
        push.active = true
        animator.run(seconds: 0.5)
        v = animator.linearVelocity(of: item)!
        #expect(abs(v.x - 300) < 1e-9 && abs(v.y - 400) < 1e-9, "fired once more: \(v)")
    }

    @Test("An off-center push also spins the item")
    func offCenter() {
        let item = DynamicView(center: .zero, size: CGSize(width: 100, height: 100))
        let (animator, _) = weightless(item)
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 0, dy: 1)
        push.setTargetOffsetFromCenter(Offset(horizontal: 50, vertical: 0), for: item)
        #expect(push.targetOffsetFromCenter(for: item) == Offset(horizontal: 50, vertical: 0))
        animator.addBehavior(push)
        animator.step(1.0 / 60)
        // J = 1 N·s at r = 0.5 m on I = m(w² + h²)/12 = 1/6 kg·m²: ω = 0.5 / (1/6) = 3 rad/s (clockwise).
        #expect(abs(animator.angularVelocity(of: item)! - 3) < 1e-9)
        #expect(abs(animator.linearVelocity(of: item)!.y - 100) < 1e-9)
    }

    @Test("Activating a push resumes a paused animator")
    func pushResumes() {
        let scene = DynamicsTestScene.restingBox()
        scene.animator.run(seconds: 3) { !scene.animator.isRunning }
        #expect(!scene.animator.isRunning)
        let push = PushBehavior(items: [scene.box], mode: .instantaneous)
        push.active = false
        push.pushDirection = CGVector(dx: 0, dy: -1)
        scene.animator.addBehavior(push)
        scene.animator.step(1.0 / 60)
        push.active = true
        scene.animator.step(1.0 / 60)
        #expect(scene.box.center.y < 580, "pushed up off the floor")
    }
}

@Suite("Snap like UIKit")
struct SnapLikeUIKitTests {
    /// UIKit's measured first frame: a 100×50 item snapping from (100, 100) to (300, 200),
    /// damping 0.5, stepped at 1/60 s: center (113.27, 106.62), angle 0.0361 rad.
    @Test("Frame 1 of UIKit's measured snap: within 2 pt and 0.01 rad")
    func firstFrame() {
        let item = DynamicView(center: CGPoint(x: 100, y: 100), size: CGSize(width: 100, height: 50))
        let animator = DynamicAnimator()
        let snap = SnapBehavior(item: item, snapTo: CGPoint(x: 300, y: 200))
        snap.damping = 0.5
        animator.addBehavior(snap)
        animator.step(1.0 / 60)
        print("SNAP frame 1: \(item.center) angle \(angle(of: item))")
        #expect(hypot(item.center.x - 113.27, item.center.y - 106.62) <= 2, "\(item.center)")
        #expect(abs(angle(of: item) - 0.0361) <= 0.01, "\(angle(of: item))")
        var maxAngle = 0.0
        var frames = 0
        while animator.isRunning && frames < 600 {
            animator.step(1.0 / 60); frames += 1
            maxAngle = max(maxAngle, abs(angle(of: item)))
        }
        print("SNAP settles after \(frames) frames, max angle \(maxAngle)")
        #expect(hypot(item.center.x - 300, item.center.y - 200) <= 0.5, "\(item.center)")
        #expect(abs(angle(of: item)) <= 0.01)
    }
}
