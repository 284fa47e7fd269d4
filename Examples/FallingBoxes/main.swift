// FallingBoxes: a dozen boxes and balls fall into a 400×600 box with a small shelf, bounce
// and settle. Prints where everything came to rest; `--svg FILE` writes an animated SVG.
//
//     swift run -c release FallingBoxes --svg falling_boxes.svg [--seconds 15]

import Foundation
import Dynamics

// MARK: - The scene

/// One item of the scene: a name, its shape, its starting frame and rotation.
struct ItemSpec {
    var name: String
    var shape: DynamicItemCollisionBoundsType
    var frame: CGRect
    var angle: CGFloat = 0
}

// (Static properties rather than top-level variables: main.swift's top-level variables are
// main-actor isolated and only initialized when the top-level code runs, which tests that
// import this module never do.)
enum Scene {
    static let bounds = CGRect(x: 0, y: 0, width: 400, height: 600)
    /// A short, slightly tilted shelf on the left: boxes stay on it, round things roll off.
    static let shelf = (from: CGPoint(x: 30, y: 330), to: CGPoint(x: 190, y: 350))
    static let items: [ItemSpec] = [
        ItemSpec(name: "crate", shape: .rectangle, frame: CGRect(x: 50, y: 50, width: 80, height: 60)),
        ItemSpec(name: "ball", shape: .ellipse, frame: CGRect(x: 180, y: 20, width: 40, height: 40)),
        ItemSpec(name: "tilted", shape: .rectangle, frame: CGRect(x: 250, y: 105, width: 100, height: 30), angle: 0.5),
        ItemSpec(name: "brick", shape: .rectangle, frame: CGRect(x: 25, y: 182, width: 70, height: 35)),
        ItemSpec(name: "disc", shape: .ellipse, frame: CGRect(x: 125, y: 165, width: 50, height: 50)),
        ItemSpec(name: "egg", shape: .ellipse, frame: CGRect(x: 300, y: 240, width: 60, height: 40)),
        ItemSpec(name: "tall", shape: .rectangle, frame: CGRect(x: 235, y: 205, width: 30, height: 90)),
        ItemSpec(name: "small", shape: .rectangle, frame: CGRect(x: 355, y: 45, width: 30, height: 30)),
        ItemSpec(name: "slab", shape: .rectangle, frame: CGRect(x: 200, y: 407, width: 120, height: 25)),
        ItemSpec(name: "cube", shape: .rectangle, frame: CGRect(x: 315, y: 445, width: 50, height: 50)),
        ItemSpec(name: "pebble", shape: .ellipse, frame: CGRect(x: 98, y: 438, width: 24, height: 24)),
        ItemSpec(name: "plank", shape: .rectangle, frame: CGRect(x: 75, y: 530, width: 90, height: 20)),
    ]
}

/// Counts the contacts that begin, between items and with boundaries.
final class ContactCounter: CollisionBehaviorDelegate {
    var began = 0
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem,
                           with item2: DynamicItem, at point: CGPoint) { began += 1 }
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                           withBoundaryIdentifier identifier: AnyHashable?, at point: CGPoint) { began += 1 }
}

/// What a run produced: the items in their final state, and poses sampled at 30 fps.
struct SceneRun {
    var items: [DynamicView]
    /// Sample times (s), from 0 to `elapsed`.
    var times: [Double] = []
    /// `poses[i][k]`: item i at `times[k]`.
    var poses: [[SVGWriter.Pose]]
    var frames = 0
    var elapsed: Double { Double(frames) / 60 }
    var paused = false
    var contacts = 0
}

/// Builds the scene and steps it at 60 fps until everything rests or `maxSeconds` pass.
func runFallingBoxes(maxSeconds: Double) -> SceneRun {
    let animator = DynamicAnimator(referenceBounds: Scene.bounds)
    let items = Scene.items.map { spec -> DynamicView in
        let view = DynamicView(frame: spec.frame, collisionBoundsType: spec.shape, name: spec.name)
        if spec.angle != 0 { view.transform = CGAffineTransform(rotationAngle: spec.angle) }
        return view
    }

    let gravity = GravityBehavior(items: items)

    let collision = CollisionBehavior(items: items)
    collision.translatesReferenceBoundsIntoBoundary = true
    collision.addBoundary(withIdentifier: "shelf", from: Scene.shelf.from, to: Scene.shelf.to)
    let counter = ContactCounter()
    collision.collisionDelegate = counter  // weak: `counter` lives until the end of the run

    // The ball is bouncy; everything else keeps the defaults (elasticity 0.2, friction 0.2).
    let bouncy = DynamicItemBehavior(items: items.filter { $0.name == "ball" })
    bouncy.elasticity = 0.8

    animator.addBehavior(gravity)
    animator.addBehavior(collision)
    animator.addBehavior(bouncy)

    var run = SceneRun(items: items, poses: Array(repeating: [], count: items.count))
    func sample() {
        run.times.append(run.elapsed)
        for (i, item) in items.enumerated() {
            run.poses[i].append(SVGWriter.Pose(x: Double(item.center.x), y: Double(item.center.y),
                                               angle: Double(item.angle)))
        }
    }

    sample()
    let maxFrames = Int((maxSeconds * 60).rounded(.down))
    while animator.isRunning && run.frames < maxFrames {
        animator.step(1.0 / 60)
        run.frames += 1
        if run.frames % 2 == 0 { sample() }  // 30 fps for the SVG
    }
    if run.frames % 2 != 0 { sample() }  // always keep the final state
    run.paused = !animator.isRunning
    run.contacts = counter.began
    return run
}

// MARK: - Output

func svg(of run: SceneRun) -> String {
    var svg = SVGWriter(width: Double(Scene.bounds.width), height: Double(Scene.bounds.height))
    let (w, h) = (Double(Scene.bounds.width), Double(Scene.bounds.height))
    for (a, b) in [((0.0, 0.0), (w, 0.0)), ((w, 0.0), (w, h)), ((w, h), (0.0, h)), ((0.0, h), (0.0, 0.0))] {
        svg.addLine(from: a, to: b, width: 6)  // half of it is outside the picture
    }
    svg.addLine(from: (Double(Scene.shelf.from.x), Double(Scene.shelf.from.y)), to: (Double(Scene.shelf.to.x), Double(Scene.shelf.to.y)))
    for (i, item) in run.items.enumerated() {
        svg.addItem(name: item.name ?? "item\(i)", shape: item.collisionBoundsType == .ellipse ? .ellipse : .rectangle,
                    width: Double(item.bounds.width), height: Double(item.bounds.height),
                    poses: run.poses[i], times: run.times)
    }
    return svg.render()
}

func report(_ run: SceneRun) -> String {
    var lines: [String] = []
    for item in run.items {
        let name = (item.name ?? "item").padding(toLength: 8, withPad: " ", startingAt: 0)
        let angle = abs(item.angle) < 0.0005 ? 0 : Double(item.angle)  // no "-0.000"
        lines.append(name + String(format: " center (%.1f, %.1f)  angle %.3f",
                                   Double(item.center.x), Double(item.center.y), angle))
    }
    lines.append(String(format: "elapsed %.3f s (%d frames), ", run.elapsed, run.frames)
                 + "paused: \(run.paused ? "yes" : "no"), contacts began: \(run.contacts)")
    return lines.joined(separator: "\n")
}

// MARK: - Command line

let usage = """
    usage: FallingBoxes [--svg FILE] [--seconds S]
      --svg FILE     write an animated SVG of the run to FILE
      --seconds S    stop after S simulated seconds (default 15) even if items still move
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("FallingBoxes: \(message)\n\(usage)\n".utf8))
    exit(2)
}

var svgPath: String?
var maxSeconds = 15.0
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--svg":
        guard let path = arguments.popFirst(), !path.isEmpty else { fail("--svg needs a file name") }
        svgPath = path
    case "--seconds":
        guard let text = arguments.popFirst(), let seconds = Double(text), seconds.isFinite, seconds > 0 else {
            fail("--seconds needs a number > 0")
        }
        maxSeconds = seconds
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        fail("unknown argument '\(argument)'")
    }
}

let run = runFallingBoxes(maxSeconds: maxSeconds)
print(report(run))
if let svgPath {
    do {
        try svg(of: run).write(toFile: svgPath, atomically: true, encoding: .utf8)
    } catch {
        FileHandle.standardError.write(Data("FallingBoxes: cannot write \(svgPath): \(error)\n".utf8))
        exit(1)
    }
}
