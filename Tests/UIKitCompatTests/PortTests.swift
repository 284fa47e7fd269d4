import Foundation
import Testing
import UIKitCompat
@testable import UIKitPorts

/// The three ports, driven in-process as `swift run UIKitPorts` drives them: outcomes with
/// stated tolerances.
@Suite struct TutorialPortTests {
    static let floor: CGFloat = 568
    static let barrier = CGRect(x: 0, y: 300, width: 130, height: 20)

    @Test func squareFallsAndRestsOnTheFloorOrTheBarrierInsideTheView() throws {
        let outcome = runTutorial(tapAt: nil)
        let fall = try #require(outcome.phases.first)
        #expect(fall.run.paused, "the squares should come to rest within 20 s")
        let vc = outcome.controller
        let square = try #require(vc.square)
        let bounds = vc.view.bounds
        let frame = square.frame

        // Resting: its lowest point is on the floor, or on the barrier's top over the barrier
        // (within 1 pt, the 0.5 pt contact gap of docs/units.md plus the corner's rounding).
        let onFloor = abs(frame.maxY - Self.floor) <= 1
        let onBarrier = abs(frame.maxY - Self.barrier.minY) <= 1 && frame.minX < Self.barrier.maxX
        #expect(onFloor || onBarrier, "square's frame \(frame) rests on neither the floor nor the barrier")
        #expect(bounds.insetBy(dx: -1, dy: -1).contains(frame), "square's frame \(frame) leaves the view")
        #expect((vc.animator.linearVelocity(of: square).map { hypot($0.x, $0.y) } ?? 0) < 1)
    }

    @Test func firstContactDropsASecondSquareAttachedToTheFirst() throws {
        let outcome = runTutorial(tapAt: nil)
        let vc = outcome.controller
        #expect(vc.firstContact)
        // The delegate added a second square to the collision and gravity behaviors and
        // attached it with a rod.
        #expect(outcome.squares.count == 2)
        #expect(vc.gravity.items.count == 2)
        let attachment = try #require(vc.animator.behaviors.compactMap { $0 as? UIAttachmentBehavior }.first)
        #expect(attachment.attachedBehaviorType == .items)
        let (a, b) = (attachment.items[0], attachment.items[1])
        let distance = hypot(a.center.x - b.center.x, a.center.y - b.center.y)
        #expect(abs(distance - attachment.length) <= 1, "rod of \(attachment.length) pt measures \(distance) pt")
        for s in outcome.squares {
            #expect(vc.view.bounds.insetBy(dx: -1, dy: -1).contains(s.frame), "\(s.frame) leaves the view")
            // The contact turned it yellow, and the (immediate, headless) animation back to gray.
            #expect(s.backgroundColor == UIColor.gray)
        }
    }

    @Test func actionLeavesATrailOfOutlinesEveryThirdFrame() throws {
        let outcome = runTutorial(tapAt: nil)
        let vc = outcome.controller
        let frames = try #require(outcome.phases.first).run.frames
        // The square, the barrier, the dropped square, and one outline per third frame.
        let outlines = vc.view.subviews.filter { $0.layer.borderWidth == 1 }
        #expect(outlines.count == (frames + 2) / 3)
        #expect(outlines.allSatisfy { $0.backgroundColor == UIColor.clear && $0.alpha == 0.5 })
        #expect(outlines.first?.layer.borderColor == UIColor.gray.cgColor)
    }

    /// The snap is a spring of `SnapBehavior.frequency` (3.59 Hz): under gravity g = 1000 pt/s²
    /// it holds the square g/ω² ≈ 2.0 pt below the point, up to twice that if the attached square
    /// hangs from it (here the rod leaves that square lying on the barrier: 5.9 pt).
    @Test func tapSnapsTheSquareUprightNearTheTappedPoint() throws {
        let outcome = runTutorial(tapAt: tutorialTap)
        let tap = try #require(outcome.phases.last)
        #expect(tap.run.paused)
        let square = try #require(outcome.controller.square)
        let sag = 1000 / pow(2 * CGFloat.pi * UISnapBehavior.frequency, 2)
        #expect(abs(square.center.x - tutorialTap.x) <= 1, "square at \(square.center)")
        #expect(square.center.y >= tutorialTap.y - 0.5 && square.center.y <= tutorialTap.y + 2 * sag + 0.5,
                "square at \(square.center), expected within \(2 * sag) pt below \(tutorialTap)")
        #expect(abs(atan2(square.transform.b, square.transform.a)) < 0.01)
    }
}

extension TutorialPortTests {
    /// The tutorial's barrier is a closed rectangular path. A square snapped from under it
    /// toward a point up and to the right slides along the barrier's bottom edge and out past
    /// its end, and settles g/ω² ≈ 2.0 pt below the point, as it does when the barrier is only
    /// its bottom segment. (Path boundaries are chains of smooth one-sided segments: the
    /// barrier's right edge leaves the square's top-right corner to the bottom edge at the
    /// vertex (130, 320), where two-sided segments caught it, stopped at (80.0, 369.9) with the
    /// snap stretched by about 230 pt.)
    @Test(arguments: [false, true])
    func squareSnappedFromUnderTheBarrierSlidesOut(_ barrierIsClosedPath: Bool) {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 568))
        let square = UIView(frame: CGRect(x: 10, y: 330, width: 100, height: 100))
        let animator = UIDynamicAnimator(referenceView: view)
        let collision = UICollisionBehavior(items: [square])
        if barrierIsClosedPath {
            collision.addBoundary(withIdentifier: "barrier", for: UIBezierPath(rect: Self.barrier))
        } else {
            collision.addBoundary(withIdentifier: "barrier", from: CGPoint(x: Self.barrier.minX, y: Self.barrier.maxY),
                                  to: CGPoint(x: Self.barrier.maxX, y: Self.barrier.maxY))
        }
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(UIGravityBehavior(items: [square]))
        let target = CGPoint(x: 160, y: 150)
        animator.addBehavior(UISnapBehavior(item: square, snapTo: target))
        Driver.run(animator, limit: 10)
        let sag = 1000 / pow(2 * CGFloat.pi * UISnapBehavior.frequency, 2)
        let reached = abs(square.center.x - target.x) <= 1 && abs(square.center.y - (target.y + sag)) <= 1
        #expect(reached, "square stopped at \(square.center) (closed path: \(barrierIsClosedPath))")
    }
}

@Suite struct BlockManPortTests {
    @Test func partsStayAttachedAndInsideTheViewAfterEveryPhase() throws {
        let outcome = runBlockMan()
        let vc = outcome.controller
        #expect(outcome.phases.count == 1 + blockManTaps.count)
        #expect(vc.joints.count == 8)
        let bounds = vc.view.bounds
        // Replay phase by phase to check each one's end (runBlockMan keeps only the items' states).
        let replay = BlockManViewController()
        replay.viewDidLoad()
        let tap = try #require(replay.view.gestureRecognizers?.first as? UITapGestureRecognizer)
        for (index, phase) in outcome.phases.enumerated() {
            if index > 0 { tap.simulateTap(at: blockManTaps[index - 1], in: replay.view) }
            let run = Driver.run(replay.animator)
            #expect(run.frames == phase.run.frames, "the replay is deterministic")
            #expect(run.paused, "\(phase.title): Block Man should come to rest within 20 s")
            for (joint, offsets) in zip(replay.joints, replay.jointOffsets) {
                let length = currentLength(of: joint, offsets: offsets)
                #expect(abs(length - joint.length) <= 1,
                        "\(phase.title): a joint of rest length \(joint.length) pt measures \(length) pt")
            }
            for (name, part) in zip(blockManPartNames, replay.bodyParts) {
                #expect(bounds.insetBy(dx: -1, dy: -1).contains(part.frame),
                        "\(phase.title): \(name) at \(part.frame) leaves the view")
            }
        }
    }

    @Test func tapsTurnGravityTowardTheTap() throws {
        let vc = BlockManViewController()
        vc.viewDidLoad()
        let tap = try #require(vc.view.gestureRecognizers?.first as? UITapGestureRecognizer)
        tap.simulateTap(at: CGPoint(x: 160, y: 20), in: vc.view)
        #expect(vc.gravity.gravityDirection == CGVector(dx: 0, dy: -1))
        tap.simulateTap(at: CGPoint(x: 320, y: 284), in: vc.view)
        #expect(vc.gravity.gravityDirection == CGVector(dx: 1, dy: 0))
        tap.simulateTap(at: CGPoint(x: 260, y: 384), in: vc.view)
        let g = vc.gravity.gravityDirection
        #expect(abs(g.dx - 1 / 2.0.squareRoot()) < 1e-9 && abs(g.dy - 1 / 2.0.squareRoot()) < 1e-9)
    }

    @Test func gravityUpCarriesTheFigureToTheTop() throws {
        let outcome = runBlockMan(taps: [CGPoint(x: 160, y: 20)])
        let up = try #require(outcome.phases.last)
        // Every part rests against the top edge or on a part that does: all in the top third.
        for item in up.items {
            #expect(item.center.y < 568.0 / 3, "\(item.name) at \(item.center)")
        }
    }

    @Test func theHeadIsTheBounciestPart() throws {
        let vc = BlockManViewController()
        vc.viewDidLoad()
        let props = vc.animator.behaviors.compactMap { $0 as? UIDynamicItemBehavior }
        let head = try #require(props.first { $0.items.contains { $0 === vc.head } })
        let body = try #require(props.first { $0.items.contains { $0 === vc.torso } })
        #expect(head.elasticity == 0.8)
        #expect(body.elasticity < head.elasticity)
        #expect(body.items.count == 8)
    }
}

@Suite struct PiPPortTests {
    /// From the top-right corner where it starts, the view is flung toward each corner; it
    /// must come to rest within 1 pt of that corner's field position.
    @Test(arguments: StickyCorner.allCases)
    func flingEndsInTheCornerItWasFlungToward(_ target: StickyCorner) throws {
        let (vc, outcomes) = runPiP(flings: [Fling(target: target, speed: 2500)])
        let start = try #require(outcomes.first)
        #expect(start.corner == .topRight)
        let fling = try #require(outcomes.last)
        #expect(fling.phase.run.paused, "the view should settle within 20 s")
        #expect(fling.corner == target)
        let goal = vc.stickyBehavior.positionForCorner(target)
        let miss = hypot(fling.center.x - goal.x, fling.center.y - goal.y)
        #expect(miss <= 1, "flung toward \(target): rests at \(fling.center), \(miss) pt from \(goal)")
    }

    @Test func everyFlingOfTheDemoSettlesInTheNearestCorner() throws {
        let (vc, outcomes) = runPiP()
        #expect(outcomes.count == pipFlings.count + 1)
        for outcome in outcomes {
            let corner = try #require(outcome.corner, "\(outcome.phase.title): in no corner's region")
            let position = try #require(outcome.cornerPosition)
            // The corner whose field position is nearest is the one it rests in.
            let nearest = StickyCorner.allCases.min { a, b in
                let pa = vc.stickyBehavior.positionForCorner(a), pb = vc.stickyBehavior.positionForCorner(b)
                return hypot(outcome.center.x - pa.x, outcome.center.y - pa.y) < hypot(outcome.center.x - pb.x, outcome.center.y - pb.y)
            }
            #expect(corner == nearest)
            #expect(hypot(outcome.center.x - position.x, outcome.center.y - position.y) <= 1,
                    "\(outcome.phase.title): rests at \(outcome.center), not at \(position)")
        }
        // The brisk flings reach their targets; the gentle last one springs back.
        for (fling, outcome) in zip(pipFlings, outcomes.dropFirst()) where fling.speed >= 2000 {
            #expect(outcome.corner == fling.target)
        }
        #expect(outcomes.last?.corner == outcomes[outcomes.count - 2].corner)
    }

    @Test func fieldsSitInTheCornersWithQuarterScreenRegions() throws {
        let vc = PiPViewController(viewFrame: PiPViewController.screen)
        vc.viewDidLoad()
        // cornerInset 16 plus half the 90×160 view.
        #expect(vc.stickyBehavior.positionForCorner(.topLeft) == CGPoint(x: 61, y: 96))
        #expect(vc.stickyBehavior.positionForCorner(.bottomRight) == CGPoint(x: 314, y: 571))
        let fields = vc.stickyBehavior.childBehaviors.compactMap { $0 as? UIFieldBehavior }
        #expect(fields.count == 4)
        for field in fields {
            #expect(field.region == UIRegion(size: CGSize(width: 375 - 122, height: 667 - 192)))
        }
        #expect(vc.animator.referenceView === vc.view)
    }

    @Test func draggingTakesTheViewOutOfTheBehaviors() throws {
        let vc = PiPViewController(viewFrame: PiPViewController.screen)
        vc.viewDidLoad()
        Driver.run(vc.animator)
        vc.panGesture.simulate(.began, at: vc.pipView.center, in: vc.view)
        #expect(vc.stickyBehavior.isEnabled == false)
        vc.panGesture.simulate(.changed, at: CGPoint(x: 200, y: 300), in: vc.view)
        Driver.step(vc.animator, frames: 30)
        #expect(vc.pipView.center == CGPoint(x: 200, y: 300), "while dragged, the springs leave it alone")
        vc.panGesture.simulate(.ended, at: CGPoint(x: 200, y: 300), velocity: .zero, in: vc.view)
        #expect(vc.stickyBehavior.isEnabled)
        Driver.run(vc.animator)
        // (200, 300) is in the right half and the top half: the top-right quarter.
        #expect(vc.stickyBehavior.currentCorner == .topRight)
    }
}
