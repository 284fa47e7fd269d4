import Dynamics
import Foundation
import Testing

@Suite("Springs on behaviors")
struct SpringBehaviorTests {
    @Test("An attachment's spring sets and reads frequency and damping ratio; nil is a rod; mass does not matter")
    func attachment() {
        let item = DynamicView(center: CGPoint(x: 200, y: 300), size: CGSize(width: 100, height: 100))
        let a = AttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 200, y: 100))
        #expect(a.spring == nil, "a new attachment is a rod")
        a.spring = Spring(response: 0.5, dampingFraction: 0.7)
        #expect(abs(a.frequency - 2) < 1e-12 && abs(a.damping - 0.7) < 1e-12)
        let read = a.spring
        #expect(read != nil && abs(read!.response - 0.5) < 1e-12 && abs(read!.dampingRatio - 0.7) < 1e-12)
        a.spring = Spring(mass: 4, stiffness: 400, damping: 8) // ω = 10, ζ = 0.1
        #expect(abs(a.frequency - 10 / (2 * .pi)) < 1e-12 && abs(a.damping - 0.1) < 1e-12)
        a.spring = nil
        #expect(a.frequency == 0 && a.spring == nil)
    }

    /// Under gravity (1000 pt/s²) a snap holds its item g/(2πf)² below the point.
    @Test("A snap's frequency sets its pace: the item sags g/(2πf)² under gravity (2 Hz: 6.33 pt; default 3.59 Hz: 1.97 pt; ±0.3 pt)",
          arguments: [nil, 2.0] as [CGFloat?])
    func snapFrequency(_ frequency: CGFloat?) {
        let animator = DynamicAnimator()
        let item = DynamicView(center: CGPoint(x: 100, y: 100), size: CGSize(width: 50, height: 50))
        let snap = SnapBehavior(item: item, snapTo: CGPoint(x: 200, y: 200))
        if let frequency { snap.frequency = frequency }
        snap.damping = 1
        animator.addBehavior(snap)
        animator.addBehavior(GravityBehavior(items: [item]))
        for _ in 0..<600 { animator.step(1.0 / 60) }
        let f = frequency ?? SnapBehavior.frequency
        let sag = 1000 / pow(2 * .pi * f, 2)
        #expect(abs(item.center.x - 200) < 0.3 && abs(item.center.y - (200 + sag)) < 0.3, "at \(item.center), sag \(sag)")
    }

    @Test("A snap's spring reads its frequency and damping, and sets both from any dialect")
    func snapSpring() {
        let item = DynamicView(center: CGPoint(x: 100, y: 100), size: CGSize(width: 50, height: 50))
        let snap = SnapBehavior(item: item, snapTo: CGPoint(x: 200, y: 200))
        #expect(abs(snap.spring.frequency - SnapBehavior.frequency) < 1e-12 && abs(snap.spring.dampingRatio - 0.5) < 1e-12)
        snap.spring = Spring(duration: 0.25, bounce: 0.2)
        #expect(abs(snap.frequency - 4) < 1e-12 && abs(snap.damping - 0.8) < 1e-12)
    }

    @Test("A faster snap arrives sooner: at 2× the default frequency the first frame moves about 4× as far (small-time t²ω²)")
    func snapPace() {
        func firstFrame(_ f: CGFloat?) -> CGFloat {
            let animator = DynamicAnimator()
            let item = DynamicView(center: CGPoint(x: 100, y: 100), size: CGSize(width: 50, height: 50))
            let snap = SnapBehavior(item: item, snapTo: CGPoint(x: 300, y: 100))
            if let f { snap.frequency = f }
            animator.addBehavior(snap)
            animator.step(1.0 / 60)
            return item.center.x - 100
        }
        let ratio = firstFrame(2 * SnapBehavior.frequency) / firstFrame(nil)
        #expect(ratio > 3 && ratio < 4.2, "ratio \(ratio)")
    }

    @Test("The registry's snap takes a frequency (default 3.59 Hz) and refuses a bad one")
    func registrySnap() throws {
        let item = DynamicView(center: CGPoint(x: 100, y: 100), size: CGSize(width: 50, height: 50))
        let snap = try BehaviorRegistry.shared.makeBehavior(named: "snap", items: [item], overrides: ["frequency": .number(2)]) as? SnapBehavior
        #expect(snap?.frequency == 2)
        let plain = try BehaviorRegistry.shared.makeBehavior(named: "snap", items: [item], overrides: [:]) as? SnapBehavior
        #expect(plain?.frequency == SnapBehavior.frequency)
        #expect(throws: DynamicsError.self) {
            _ = try BehaviorRegistry.shared.makeBehavior(named: "snap", items: [item], overrides: ["frequency": .number(-1)])
        }
    }
}
