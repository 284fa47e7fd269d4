import Dynamics
import DynamicsTestSupport
import Foundation
import Testing

// A golden determinism test in the manner of Box2D's `determinism` test: one fixed scene with
// contacts and joints runs until it pauses, and the hash of the final transforms and the step
// at which it paused are compared with constants committed here. Unlike the run-it-twice test
// (EngineTests.swift), this one fails when any change alters the arithmetic of a step, on
// purpose or not: an optimization that reorders a sum, a solver change, a new contact rule.
//
// Updating the constants on purpose: when a change is meant to alter the simulation (and every
// physics test still holds), run `swift test --filter GoldenDeterminism`; the failure message
// prints the new hash and pause step. Paste them below and say in the commit message why the
// simulation changed. The constants hold for the build `swift test` makes on x86-64 Linux; another
// architecture or compiler may legitimately order floating-point work differently.
//
// Its pins have no limits and its items start upright, so no angle the step computes enters
// its state (the restitution check's turn only feeds an inequality): moving the step onto
// DeterministicMath left this hash and pause step as they were. Tests/DynamicsLuaTests/GoldenBehaviorsTests.swift holds
// the second golden hash, over every behavior kind, whose forces and constraints do call them.

@Suite("Golden determinism")
struct GoldenDeterminismTests {
    static let expectedHash: UInt64 = 0x06cb_95bd_165c_0244
    static let expectedPauseStep = 1532

    /// Falling hinges and a pile: a chain of eight boxes pinned to each other and to an anchor,
    /// damped, swinging into twelve boxes dropped in a staggered pile on the floor of a 600×600 area;
    /// runs until everything rests (at most 30 s of 120 Hz steps).
    static func run() -> (hash: UInt64, pauseStep: Int?) {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 600, height: 600))
        var chain: [DynamicView] = []
        var pins: [AttachmentBehavior] = []
        for i in 0..<8 {
            let link = DynamicView(center: CGPoint(x: 120 + CGFloat(i) * 40, y: 100), size: CGSize(width: 36, height: 12))
            if let previous = chain.last {
                pins.append(.pinAttachment(with: previous, attachedTo: link,
                                           attachmentAnchor: CGPoint(x: link.center.x - 20, y: 100)))
            } else {
                pins.append(AttachmentBehavior(item: link, offsetFromCenter: Offset(horizontal: -18, vertical: 0),
                                               attachedToAnchor: CGPoint(x: 102, y: 100)))
            }
            chain.append(link)
        }
        var pile: [DynamicView] = []
        for i in 0..<12 {
            let row = i / 4, column = i % 4
            pile.append(DynamicView(center: CGPoint(x: 300 + CGFloat(column) * 45 + CGFloat(row % 2) * 20,
                                                    y: 560 - CGFloat(row) * 80),
                                    size: CGSize(width: 40, height: 30)))
        }
        let all = chain + pile
        let gravity = GravityBehavior(items: all)
        let collision = CollisionBehavior(items: all)
        collision.translatesReferenceBoundsIntoBoundary = true
        let props = DynamicItemBehavior(items: all)
        props.friction = 0.4
        props.elasticity = 0.2
        animator.addBehavior(gravity)
        animator.addBehavior(collision)
        animator.addBehavior(props)
        let damping = DynamicItemBehavior(items: chain)   // the chain swings down and settles
        damping.resistance = 1
        damping.angularResistance = 1
        animator.addBehavior(damping)
        for p in pins { animator.addBehavior(p) }
        var pauseStep: Int?
        for step in 1...3600 {
            animator.step(1.0 / 120)
            if !animator.isRunning { pauseStep = step; break }
        }
        return (stateHash(all), pauseStep)
    }

    @Test("The falling-hinges scene ends with the committed hash and pause step")
    func golden() {
        let result = Self.run()
        #expect(result.hash == Self.expectedHash && result.pauseStep == Self.expectedPauseStep,
                "simulation changed: hash 0x\(String(result.hash, radix: 16)), paused at step \(result.pauseStep.map(String.init) ?? "never") (see the comment at the top of this file to update the constants on purpose)")
    }
}
