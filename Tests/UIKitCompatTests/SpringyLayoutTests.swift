import Foundation
import Testing
@testable import UIKitPorts
import UIKitCompat

// The springy flow layout of Examples/UIKitPorts/Springy, checked as a person would: the grid
// at rest, the lag while dragging, the spring back after the release, and the tiling.
@Suite struct SpringyLayoutTests {
    @Test func atRestEveryCellSitsOnTheGrid() throws {
        let vc = makeSpringy()
        #expect(vc.collectionView.visibleCells.count == 32, "8 lines of 4 in 568 pt (70 pt apart, 10 pt inset)")
        #expect(vc.worstOffsetFromGrid == 0)
        // 4 per 300 pt line: 60 pt cells, (300 − 240) / 3 = 20 pt apart.
        let cell = try #require(vc.collectionView.cellForItem(at: IndexPath(item: 5, section: 0)))
        #expect(cell.frame == CGRect(x: 90, y: 80, width: 60, height: 60))
        // The new springs wake the animator: it finds nothing to move (to the rounding of the
        // engine's units, ~1e-13 pt) and pauses.
        MainLoop.current.advance(frames: 30)
        #expect(!vc.layout.animator.isRunning && vc.worstOffsetFromGrid < 1e-9, "nothing moves by itself: \(vc.worstOffsetFromGrid)")
    }

    @Test func cellsNearTheFingerFollowAndFarCellsLagInProportionToDistance() throws {
        let vc = makeSpringy()
        let cv = vc.collectionView!
        let pan = cv.panGestureRecognizer
        pan.simulate(.began, at: CGPoint(x: 120, y: 100), in: vc.view)
        pan.simulate(.changed, at: CGPoint(x: 120, y: 60), in: vc.view) // 40 pt up: the offset grows by 40
        #expect(cv.contentOffset.y == 40)
        let offsets = vc.offsetsFromGrid
        #expect(offsets.count >= 28)
        // Before any frame, each cell trails the scroll by 40 · d / 1500 points, d its anchor's
        // |dx| + |dy| from the finger: where the finger is now, in the content as it was
        // before this scroll step, (120, 60).
        for (path, offset) in offsets {
            let grid = try #require(vc.layout.gridFrame(at: path))
            let d = abs(grid.midX - 120) + abs(grid.midY - 60)
            let lag = 40 * min(1, d / 1500)
            #expect(abs(offset.dy - lag) < 1e-9, "item \(path.item): \(offset.dy) vs \(lag)")
            #expect(offset.dx == 0)
        }
        // The cell under the finger follows it within a point; one 400 pt away lags 10.7 pt.
        let near = try #require(offsets[IndexPath(item: 1, section: 0)]) // center (120, 40)
        let far = try #require(offsets[IndexPath(item: 25, section: 0)]) // center (120, 460)
        #expect(abs(near.dy - 40 * 20.0 / 1500) < 1e-9 && near.dy < 1)
        #expect(abs(far.dy - 40 * 400.0 / 1500) < 1e-9)
        pan.simulate(.ended, at: CGPoint(x: 120, y: 60), in: vc.view)
    }

    @Test func onReleaseEveryCellSpringsBackAndTheAnimatorPauses() {
        let vc = makeSpringy()
        let pan = vc.collectionView.panGestureRecognizer
        pan.simulate(.began, at: CGPoint(x: 160, y: 100), in: vc.view)
        for step in 1...10 {
            pan.simulate(.changed, at: CGPoint(x: 160, y: 100 - 12 * CGFloat(step)), in: vc.view)
            MainLoop.current.advance(frames: 1)
        }
        #expect(vc.worstOffsetFromGrid > 10, "cells trail while the finger moves")
        pan.simulate(.ended, at: CGPoint(x: 160, y: -20), in: vc.view)
        let frames = vc.settle()
        #expect(!vc.layout.animator.isRunning, "paused after \(frames) frames")
        #expect(vc.worstOffsetFromGrid < 0.5, "every cell back on the grid: worst \(vc.worstOffsetFromGrid) pt")
        // A 1 Hz spring at a damping ratio of 0.8 settles in a couple of seconds.
        #expect(frames < 4 * 60)
    }

    @Test func cellsThatScrollOutOfViewLeaveTheAnimator() throws {
        let vc = makeSpringy(cells: 1000)
        let cv = vc.collectionView!
        let start = vc.layout.springs.count
        #expect(start == 40, "8 visible lines and the 100 pt margin below: 10 lines of 4")
        let pan = cv.panGestureRecognizer
        pan.simulate(.began, at: CGPoint(x: 160, y: 500), in: vc.view)
        for step in 1...150 { // 3000 pt up
            pan.simulate(.changed, at: CGPoint(x: 160, y: 500 - 20 * CGFloat(step)), in: vc.view)
            MainLoop.current.advance(frames: 1)
        }
        pan.simulate(.ended, at: CGPoint(x: 160, y: -2500), in: vc.view)
        vc.settle()
        let area = cv.bounds.insetBy(dx: -100, dy: -100)
        let springs = vc.layout.springs
        // The tiled area is 568 + 2 · 100 pt tall: 60 pt cells 70 pt apart meet it in at most
        // 12 lines of 4.
        #expect(springs.count <= 48, "about a screenful on springs: \(springs.count)")
        for (path, spring) in springs {
            let grid = try #require(vc.layout.gridFrame(at: path))
            #expect(grid.intersects(area), "item \(path.item) hangs outside the tiled area")
            #expect(spring.dynamicAnimator === vc.layout.animator)
        }
        // The first cells left the animator; the animator holds the springs' items and no more.
        #expect(vc.layout.animator.layoutAttributesForCell(at: IndexPath(item: 0, section: 0)) == nil)
        #expect(vc.layout.animator.behaviors.count == springs.count)
        #expect(vc.layout.animator.items(in: CGRect(x: 0, y: 0, width: 320, height: 100_000)).count == springs.count)
        #expect(vc.worstOffsetFromGrid < 0.5)
    }
}
