// Drives the springy layout headless on the main loop's virtual clock: a drag with the finger
// at one point, a release, and the measurements the tests and `UIKitPorts --bench-springy`
// report.

import Dispatch
import UIKitCompat

/// A springy grid of `cells` cells, loaded and laid out, its thread's loop on the virtual clock.
func makeSpringy(cells: Int = 100, tiles: Bool = true) -> SpringyViewController {
    MainLoop.current.clock = .virtual
    let vc = SpringyViewController()
    vc.itemCount = cells
    vc.layout.tiles = tiles
    vc.loadViewIfNeeded()
    vc.collectionView.layoutIfNeeded()
    return vc
}

/// A screen whose collection view hangs on a springy layout (the springy grid, the chat).
protocol SpringyScreen: AnyObject {
    var collectionView: UICollectionView! { get }
    var springyLayout: SpringyFlowLayout { get }
}

extension SpringyViewController: SpringyScreen {
    var springyLayout: SpringyFlowLayout { layout }
}

extension SpringyScreen {
    /// Each visible cell's distance from its place on the grid (points), by index path.
    var offsetsFromGrid: [IndexPath: CGVector] {
        var out: [IndexPath: CGVector] = [:]
        for cell in collectionView.visibleCells {
            guard let path = collectionView.indexPath(for: cell), let grid = springyLayout.gridFrame(at: path) else { continue }
            out[path] = CGVector(dx: cell.center.x - grid.midX, dy: cell.center.y - grid.midY)
        }
        return out
    }

    /// The largest distance of a visible cell from its place on the grid (points).
    var worstOffsetFromGrid: CGFloat {
        offsetsFromGrid.values.map { hypot($0.dx, $0.dy) }.max() ?? 0
    }

    /// Runs frames until the layout's animator pauses (or `limit` frames); the frames run.
    @discardableResult
    func settle(limit: Int = 1200) -> Int {
        var frames = 0
        repeat {
            MainLoop.current.advance(frames: 1)
            frames += 1
        } while springyLayout.animator.isRunning && frames < limit
        return frames
    }
}

/// The figures of one scroll of a springy grid.
struct SpringyBench {
    var cells: Int
    var tiles: Bool
    var frames: Int
    /// Milliseconds per frame: median, mean and worst. A frame is a finger move (the scroll,
    /// the layout's nudging of every hanging cell) plus a main-loop frame (the animator's step,
    /// the layout pass that applies the attributes to the cells).
    var median: Double
    var mean: Double
    var worst: Double
    /// Springs held, on average over the frames.
    var springs: Double
    /// The mean milliseconds of the finger move alone (the scroll and the layout's nudging).
    var scrollMean: Double

    var line: String {
        func f(_ v: Double) -> String { String(format: "%.3f", v) }
        let springsText = String(format: "%.0f", springs)
        return "springy \(cells) cells, \(tiles ? "tiling" : "all attached"): \(frames) frames, ms/frame median \(f(median)) mean \(f(mean)) max \(f(worst)) (finger move \(f(scrollMean)) of the mean), springs \(springsText)"
    }
}

/// Drags a springy grid of `cells` cells upward at 480 pt/s (8 pt a frame at 60 Hz) for
/// `frames` frames with the finger at x = 160, timing each frame.
func benchSpringy(cells: Int, tiles: Bool, frames: Int = 600) -> SpringyBench {
    let vc = makeSpringy(cells: cells, tiles: tiles)
    let pan = vc.collectionView.panGestureRecognizer
    var finger = CGPoint(x: 160, y: 400)
    pan.simulate(.began, at: finger, in: vc.view)
    MainLoop.current.advance(frames: 5) // springs made, caches warm
    var times: [Double] = []
    var scroll = 0.0
    var springs = 0
    for _ in 0..<frames {
        finger.y -= 8
        let start = DispatchTime.now().uptimeNanoseconds
        pan.simulate(.changed, at: finger, in: vc.view)
        let moved = DispatchTime.now().uptimeNanoseconds
        MainLoop.current.advance(frames: 1)
        let end = DispatchTime.now().uptimeNanoseconds
        times.append(Double(end - start) / 1e6)
        scroll += Double(moved - start) / 1e6
        springs += vc.layout.springs.count
    }
    pan.simulate(.ended, at: finger, in: vc.view)
    let sorted = times.sorted()
    return SpringyBench(cells: cells, tiles: tiles, frames: frames, median: sorted[sorted.count / 2],
                        mean: times.reduce(0, +) / Double(times.count), worst: sorted.last ?? 0,
                        springs: Double(springs) / Double(frames), scrollMean: scroll / Double(frames))
}

/// The printed phases: at rest, a drag, the release.
func runSpringy() -> [String] {
    let vc = makeSpringy()
    var lines = ["== Springy flow layout: \(vc.itemCount) cells, \(vc.collectionView.visibleCells.count) visible, \(vc.layout.springs.count) on springs; at rest the worst cell is \(Driver.f1(vc.worstOffsetFromGrid)) pt off the grid"]
    let pan = vc.collectionView.panGestureRecognizer
    pan.simulate(.began, at: CGPoint(x: 160, y: 100), in: vc.view)
    pan.simulate(.changed, at: CGPoint(x: 160, y: 60), in: vc.view)
    let lags = vc.offsetsFromGrid
    func lag(_ item: Int) -> String { lags[IndexPath(item: item, section: 0)].map { Driver.f1($0.dy) } ?? "-" }
    lines.append("== Springy: a 40 pt drag up with the finger at (160, 100): cells lag by 0.0…\(Driver.f1(lags.values.map(\.dy).max() ?? 0)) pt (item 5 \(lag(5)), item 33 \(lag(33)))")
    pan.simulate(.ended, at: CGPoint(x: 160, y: 60), in: vc.view)
    let frames = vc.settle()
    lines.append("== Springy: released, settles in \(Driver.f1(Double(frames) / Driver.framesPerSecond)) s, \(vc.layout.animator.isRunning ? "still moving" : "paused"); worst cell \(Driver.f1(vc.worstOffsetFromGrid)) pt off the grid")
    return lines
}
