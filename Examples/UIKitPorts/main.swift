// UIKitPorts: classic UIKit Dynamics code run headless on Dynamics through UIKitCompat.
// After each phase (a fall, a tap, a fling) prints a header, then where each item came to
// rest: one line per item, center and angle to 1 decimal.
//
//     swift run UIKitPorts
//     swift run -c release UIKitPorts --bench-springy   (ms per frame of a 1000-cell springy grid)

import UIKitCompat

if CommandLine.arguments.contains("--bench-springy") {
    for tiles in [true, false] { print(benchSpringy(cells: 1000, tiles: tiles).line) }
    exit(0)
}

// (a) The tutorial: the fall, then a tap.
for phase in runTutorial().phases { print(phase.report) }

// (b) Block Man: the fall, then taps that turn gravity up, left and down.
for phase in runBlockMan().phases { print(phase.report) }

// (c) Picture in picture: flings toward each corner.
for fling in runPiP().flings { print(fling.phase.report) }

// (d) The catalog port: a falling crate, a lantern on a rod, kick and snap, a springy button.
print(runCrateDrop().fall.report)
for phase in runLantern().phases { print(phase.report) }
for phase in runKickAndSnap().phases { print(phase.report) }
print(runSpringyButton().bounce.report)

// (e) A springy flow layout: a drag, a release.
for line in runSpringy() { print(line) }

// (f) A chat bubble list: self-sized springy bubbles, a drag, a release, a new message.
for line in runChat() { print(line) }
