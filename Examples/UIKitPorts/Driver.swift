// The headless driver: builds each port's view controller, calls `viewDidLoad()`, feeds it
// simulated taps and flings, and steps its animator at 60 frames per second until the
// animator pauses (everything rests) or a time limit passes. The tests call the same
// functions in-process.

import UIKitCompat

/// One item as it was at the end of a phase.
struct ItemState {
    var name: String
    var center: CGPoint
    /// Rotation, radians (positive clockwise on screen).
    var angle: CGFloat
    var size: CGSize

    init(_ name: String, _ view: UIView) {
        self.name = name
        center = view.center
        angle = atan2(view.transform.b, view.transform.a)
        size = view.bounds.size
    }

    /// The printed line: name, center (1 decimal) and rotation in degrees (1 decimal).
    var line: String {
        let padded = name.padding(toLength: max(name.count, 16), withPad: " ", startingAt: 0)
        return "\(padded) center \(Driver.point(center))  angle \(Driver.f1(angle * 180 / .pi))°"
    }
}

/// A stretch of simulation: what started it, how it ended, and where the items were then.
struct Phase {
    var title: String
    var run: RunResult
    var items: [ItemState]

    /// A header line, then one line per item.
    var report: String {
        ([Driver.header(title, run)] + items.map(\.line)).joined(separator: "\n")
    }
}

/// How a stretch of stepping ended.
struct RunResult {
    /// Frames stepped (1/60 s each).
    var frames: Int
    /// Whether the animator paused (everything at rest) before the time limit.
    var paused: Bool
    var seconds: Double { Double(frames) / Driver.framesPerSecond }
}

enum Driver {
    static let framesPerSecond = 60.0

    /// Steps `animator` one frame at a time until it pauses or `limit` seconds pass; always
    /// at least one frame.
    @discardableResult
    static func run(_ animator: UIDynamicAnimator, limit: Double = 20) -> RunResult {
        let maxFrames = Int((limit * framesPerSecond).rounded())
        var frames = 0
        repeat {
            animator.step(1.0 / framesPerSecond)
            frames += 1
        } while animator.isRunning && frames < maxFrames
        return RunResult(frames: frames, paused: !animator.isRunning)
    }

    /// Steps exactly `frames` frames.
    static func step(_ animator: UIDynamicAnimator, frames: Int) {
        for _ in 0..<frames { animator.step(1.0 / framesPerSecond) }
    }

    static func header(_ title: String, _ run: RunResult) -> String {
        "== \(title): \(f1(run.seconds)) s, \(run.paused ? "paused" : "still moving")"
    }

    static func f1(_ v: CGFloat) -> String {
        let s = String(format: "%.1f", Double(v))
        return s == "-0.0" ? "0.0" : s
    }

    static func point(_ p: CGPoint) -> String { "(\(f1(p.x)), \(f1(p.y)))" }
}

// MARK: - (a) The tutorial

struct TutorialOutcome {
    let controller: TutorialViewController
    /// The fall, then the tap (when there was one).
    var phases: [Phase] = []

    /// The squares: the tutorial's, and the one its first contact dropped (when it did).
    var squares: [UIView] { controller.collision.items.compactMap { $0 as? UIView } }

    func snapshot(_ title: String, _ run: RunResult) -> Phase {
        let names = ["square", "droppedSquare"]
        return Phase(title: title, run: run,
                     items: squares.enumerated().map { ItemState($0.offset < 2 ? names[$0.offset] : "square\($0.offset + 1)", $0.element) })
    }
}

/// The default tap: low on the left, under the barrier, where the square can get to. After
/// the fall the attached square lies against the right wall, and the rod (about 211 pt)
/// keeps the first square from points nearer to it than that: a tap at (220, 400) or above
/// the barrier leaves it wedged under the barrier's right end.
let tutorialTap = CGPoint(x: 60, y: 420)

/// Lets the square fall and settle; then, with `tapAt`, taps there and lets it settle again.
func runTutorial(tapAt: CGPoint? = tutorialTap, limit: Double = 20) -> TutorialOutcome {
    let vc = TutorialViewController()
    vc.viewDidLoad()
    var outcome = TutorialOutcome(controller: vc)
    outcome.phases.append(outcome.snapshot("Tutorial: the square falls onto the barrier", Driver.run(vc.animator, limit: limit)))
    if let p = tapAt {
        vc.touchesEnded([UITouch(location: p, in: vc.view)], with: nil)
        outcome.phases.append(outcome.snapshot("Tutorial: a tap at \(Driver.point(p)) snaps the square there",
                                               Driver.run(vc.animator, limit: limit)))
    }
    return outcome
}

// MARK: - (b) Block Man

struct BlockManOutcome {
    let controller: BlockManViewController
    /// The fall, then one phase per tap.
    var phases: [Phase] = []

    func snapshot(_ title: String, _ run: RunResult) -> Phase {
        Phase(title: title, run: run,
              items: zip(blockManPartNames, controller.bodyParts).map { ItemState($0.0, $0.1) })
    }
}

/// The parts' names, in `bodyParts` order.
let blockManPartNames = ["head", "torso", "upperLeg", "leftLeg", "rightLeg",
                         "leftUpperArm", "rightUpperArm", "leftLowerArm", "rightLowerArm"]

/// The default taps: gravity up, then to the left, then down again.
let blockManTaps = [CGPoint(x: 160, y: 20), CGPoint(x: 20, y: 284), CGPoint(x: 160, y: 548)]

/// Lets Block Man fall and settle, then taps at each point in turn, letting him settle
/// (or `limit` seconds pass) after each.
func runBlockMan(taps: [CGPoint] = blockManTaps, limit: Double = 20) -> BlockManOutcome {
    let vc = BlockManViewController()
    vc.viewDidLoad()
    var outcome = BlockManOutcome(controller: vc)
    outcome.phases.append(outcome.snapshot("Block Man falls", Driver.run(vc.animator, limit: limit)))
    let tap = vc.view.gestureRecognizers!.first as! UITapGestureRecognizer
    for p in taps {
        tap.simulateTap(at: p, in: vc.view)
        let g = vc.gravity.gravityDirection
        outcome.phases.append(outcome.snapshot("Block Man: a tap at \(Driver.point(p)) turns gravity to (\(Driver.f1(g.dx)), \(Driver.f1(g.dy)))",
                                               Driver.run(vc.animator, limit: limit)))
    }
    return outcome
}

/// How far apart an attachment's two points are now (points), given their offsets from the
/// items' centers in the items' own axes.
func currentLength(of joint: UIAttachmentBehavior, offsets: (UIOffset, UIOffset)) -> CGFloat {
    func point(_ item: UIDynamicItem, _ o: UIOffset) -> CGPoint {
        let t = item.transform, c = item.center
        return CGPoint(x: c.x + t.a * o.horizontal + t.c * o.vertical, y: c.y + t.b * o.horizontal + t.d * o.vertical)
    }
    let a = point(joint.items[0], offsets.0), b = point(joint.items[1], offsets.1)
    return hypot(a.x - b.x, a.y - b.y)
}

// MARK: - (c) Picture in picture

struct FlingOutcome {
    var target: StickyCorner
    var phase: Phase
    /// The corner whose field region holds the view's center at the end, and that field's position.
    var corner: StickyCorner?
    var cornerPosition: CGPoint?
    var center: CGPoint { phase.items[0].center }
}

/// A fling: toward which corner, and how fast the finger leaves the screen (pt/s).
struct Fling {
    var target: StickyCorner
    var speed: CGFloat
}

/// Brisk flings toward each corner, then a gentle one that does not leave its quarter.
let pipFlings = [Fling(target: .bottomLeft, speed: 2500), Fling(target: .bottomRight, speed: 2500),
                 Fling(target: .topLeft, speed: 2500), Fling(target: .topRight, speed: 2500),
                 Fling(target: .bottomLeft, speed: 300)]

/// Lets the picture-in-picture view settle in its first corner (the first outcome), then
/// flings it as told, letting it settle after each: a drag 40 % of the way from where it
/// rests toward the target corner's field, in six moves over 0.1 s, then a release at the
/// fling's speed toward that corner.
func runPiP(flings: [Fling] = pipFlings, limit: Double = 20) -> (controller: PiPViewController, flings: [FlingOutcome]) {
    let vc = PiPViewController(viewFrame: PiPViewController.screen)
    vc.viewDidLoad()
    let first = Driver.run(vc.animator, limit: limit)
    var outcomes = [FlingOutcome(target: .topRight, phase: Phase(title: "PiP: starts in the top-right corner", run: first,
                                                                 items: [ItemState("pip", vc.pipView)]),
                                 corner: vc.stickyBehavior.currentCorner,
                                 cornerPosition: vc.stickyBehavior.currentCorner.map { vc.stickyBehavior.positionForCorner($0) })]
    for fling in flings {
        let pan = vc.panGesture!
        let start = vc.pipView.center
        let goal = vc.stickyBehavior.positionForCorner(fling.target)
        let dx = goal.x - start.x, dy = goal.y - start.y
        let distance = max(hypot(dx, dy), 1)
        let velocity = CGPoint(x: dx / distance * fling.speed, y: dy / distance * fling.speed)
        pan.simulate(.began, at: start, in: vc.view)
        for i in 1...6 {
            let s = 0.4 * CGFloat(i) / 6
            pan.simulate(.changed, at: CGPoint(x: start.x + dx * s, y: start.y + dy * s), velocity: velocity, in: vc.view)
            Driver.step(vc.animator, frames: 1)
        }
        pan.simulate(.ended, at: CGPoint(x: start.x + dx * 0.4, y: start.y + dy * 0.4), velocity: velocity, in: vc.view)
        let run = Driver.run(vc.animator, limit: limit)
        let corner = vc.stickyBehavior.currentCorner
        let title = "PiP: flung toward \(fling.target) at \(Driver.f1(fling.speed)) pt/s, rests in \(corner.map { "\($0)" } ?? "no corner")"
        outcomes.append(FlingOutcome(target: fling.target, phase: Phase(title: title, run: run, items: [ItemState("pip", vc.pipView)]),
                                     corner: corner, cornerPosition: corner.map { vc.stickyBehavior.positionForCorner($0) }))
    }
    return (vc, outcomes)
}
