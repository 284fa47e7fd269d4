// The headless driver for the catalog port (Catalog/): makes each view controller, shows it
// as a window would (`beginAppearance()`: viewDidLoad, viewWillAppear, a layout pass,
// viewDidAppear), sends it taps, pans and button presses, and steps its animator at 60
// frames per second with a layout pass after every frame, until the animator pauses or a
// time limit passes.

import UIKitCompat

/// The catalog's pictures and their sizes in points, as its asset catalog would give them.
func registerCatalogAssets() {
    UIImage.registerAsset(named: "Crate", size: CGSize(width: 80, height: 80))
    UIImage.registerAsset(named: "Lantern", size: CGSize(width: 60, height: 80))
    UIImage.registerAsset(named: "Arrow", size: CGSize(width: 100, height: 12))
    UIImage.registerAsset(named: "Heart", size: CGSize(width: 100, height: 40))
}

/// The status bar and home indicator of a notched phone, given to every catalog screen.
let catalogSafeArea = UIEdgeInsets(top: 20, left: 0, bottom: 34, right: 0)

extension Driver {
    /// As `run(_:limit:)`, with `controller`'s layout pass after every frame; `watch` sees
    /// every frame.
    @discardableResult
    static func run(_ animator: UIDynamicAnimator, laying controller: UIViewController, limit: Double = 20,
                    watch: () -> Void = {}) -> RunResult {
        let maxFrames = Int((limit * framesPerSecond).rounded())
        var frames = 0
        repeat {
            animator.step(1.0 / framesPerSecond)
            controller.layoutPass()
            watch()
            frames += 1
        } while animator.isRunning && frames < maxFrames
        return RunResult(frames: frames, paused: !animator.isRunning)
    }

    /// Makes `controller` appear on the catalog's screen.
    static func show(_ controller: UIViewController) {
        registerCatalogAssets()
        controller.additionalSafeAreaInsets = catalogSafeArea
        controller.beginAppearance()
    }
}

// MARK: - 1. Falling crate

struct CrateDropOutcome {
    let controller: CrateDropViewController
    var fall: Phase
    /// The crate's tint after the first frame (in the air).
    var tintInTheAir: UIColor?
}

func runCrateDrop(limit: Double = 20) -> CrateDropOutcome {
    let vc = CrateDropViewController()
    Driver.show(vc)
    vc.animator.step(1.0 / Driver.framesPerSecond)
    let inAir = vc.crate.tintColor
    let run = Driver.run(vc.animator, laying: vc, limit: limit)
    return CrateDropOutcome(controller: vc,
                            fall: Phase(title: "Catalog: the crate falls to the safe area's floor (\(vc.landingsLabel.text ?? ""))",
                                        run: run, items: [ItemState("crate", vc.crate)]),
                            tintInTheAir: inAir)
}

// MARK: - 2. Lantern on a rod

struct LanternOutcome {
    let controller: LanternViewController
    /// Hanging from the first anchor, then after each pan.
    var phases: [Phase] = []
}

/// Where the pans of the demo take the anchor.
let lanternPans = [CGPoint(x: 100, y: 200)]

func runLantern(pans: [CGPoint] = lanternPans, limit: Double = 20) -> LanternOutcome {
    let vc = LanternViewController()
    Driver.show(vc)
    var outcome = LanternOutcome(controller: vc)
    outcome.phases.append(Phase(title: "Catalog: the lantern swings down under its anchor",
                                run: Driver.run(vc.animator, laying: vc, limit: limit), items: [ItemState("lantern", vc.lantern)]))
    for goal in pans {
        let start = vc.rod.anchorPoint
        vc.pan.simulate(.began, at: start, in: vc.view)
        for i in 1...10 {
            let s = CGFloat(i) / 10
            vc.pan.simulate(.changed, at: CGPoint(x: start.x + (goal.x - start.x) * s, y: start.y + (goal.y - start.y) * s), in: vc.view)
            Driver.step(vc.animator, frames: 1)
        }
        vc.pan.simulate(.ended, at: goal, in: vc.view)
        outcome.phases.append(Phase(title: "Catalog: the anchor panned to \(Driver.point(goal))",
                                    run: Driver.run(vc.animator, laying: vc, limit: limit), items: [ItemState("lantern", vc.lantern)]))
    }
    return outcome
}

// MARK: - 3. Kick and snap

struct KickAndSnapOutcome {
    let controller: KickAndSnapViewController
    /// The puck's velocity one frame after the kick (pt/s).
    var velocityAfterKick: CGPoint
    var phases: [Phase] = []
}

/// Where the demo taps to snap the puck.
let kickSnapTap = CGPoint(x: 200, y: 150)

func runKickAndSnap(snapTo: CGPoint = kickSnapTap, limit: Double = 20) -> KickAndSnapOutcome {
    let vc = KickAndSnapViewController()
    Driver.show(vc)
    vc.kickButton.sendActions(for: .touchUpInside)
    vc.animator.step(1.0 / Driver.framesPerSecond)
    let v = vc.animator.linearVelocity(of: vc.puck) ?? .zero
    var outcome = KickAndSnapOutcome(controller: vc, velocityAfterKick: v)
    outcome.phases.append(Phase(title: "Catalog: the puck kicked to the right at \(Driver.f1(v.x)) pt/s",
                                run: Driver.run(vc.animator, laying: vc, limit: limit), items: [ItemState("puck", vc.puck)]))
    vc.tap.simulateTap(at: snapTo, in: vc.view)
    outcome.phases.append(Phase(title: "Catalog: a tap at \(Driver.point(snapTo)) snaps the puck there",
                                run: Driver.run(vc.animator, laying: vc, limit: limit), items: [ItemState("puck", vc.puck)]))
    return outcome
}

// MARK: - 4. Springy button

struct SpringyButtonOutcome {
    let controller: SpringyButtonViewController
    var bounce: Phase
    /// The largest bounds size during the bounce (points).
    var largest: CGSize
    /// Whether the button's image filled its bounds exactly in every frame.
    var imageAlwaysFilled: Bool
}

func runSpringyButton(limit: Double = 20) -> SpringyButtonOutcome {
    let vc = SpringyButtonViewController()
    Driver.show(vc)
    vc.button.sendActions(for: .touchUpInside)
    var largest = vc.button.bounds.size
    var filled = true
    let run = Driver.run(vc.animator!, laying: vc, limit: limit) {
        let b = vc.button.bounds
        largest = CGSize(width: max(largest.width, b.width), height: max(largest.height, b.height))
        filled = filled && vc.button.imageView?.frame == b
    }
    let size = vc.button.bounds.size
    return SpringyButtonOutcome(controller: vc,
                                bounce: Phase(title: "Catalog: the button swells to \(Driver.f1(largest.width))×\(Driver.f1(largest.height)) and settles at \(Driver.f1(size.width))×\(Driver.f1(size.height))",
                                              run: run, items: [ItemState("button", vc.button)]),
                                largest: largest, imageAlwaysFilled: filled)
}
