import Dynamics
import DynamicsScenes
import DynamicsTestSupport
import Foundation
import Testing

// Box2D's benchmark scenes, built through the model (StandardScenes+Box2D.swift), at a size a
// debug build runs in seconds. The full sizes run in `dynamics bench`.
@Suite("Box2D's benchmark scenes")
struct Box2DSceneTests {
    @Test("largePyramid: a 12-row pyramid of 1 m boxes stands on its ground for 2 s")
    func largePyramid() {
        let scene = StandardScenes.largePyramid(baseCount: 12)
        #expect(scene.items.count == 78)
        let start = scene.items.map(\.center)
        for _ in 0..<120 { scene.animator.step(scene.frameDuration) }
        for (item, p) in zip(scene.items, start) {
            // Boxes settle by at most a few slops each (0.5 pt per contact below them).
            #expect(abs(item.center.x - p.x) < 1 && item.center.y - p.y < 6 && item.center.y - p.y > -0.5, "\(item) from \(p)")
            #expect(abs(angle(of: item)) < 0.01)
        }
    }

    @Test("manyPyramids: every small pyramid stands on its own ground segment")
    func manyPyramids() {
        let scene = StandardScenes.manyPyramids(rows: 2, columns: 3, baseCount: 4)
        #expect(scene.items.count == 2 * 3 * 10)
        let start = scene.items.map(\.center)
        for _ in 0..<120 { scene.animator.step(scene.frameDuration) }
        for (item, p) in zip(scene.items, start) {
            #expect(abs(item.center.x - p.x) < 1 && abs(item.center.y - p.y) < 3, "\(item) from \(p)")
        }
    }

    @Test("jointGrid: the pinned grid hangs from its anchors, sags a little, and every pin holds within 2 pt")
    func jointGrid() {
        let n = 12
        let scene = StandardScenes.jointGrid(n)
        #expect(scene.items.count == n * n)
        let corner = scene.items[n - 1].center   // bottom of the leftmost column
        for _ in 0..<180 { scene.animator.step(scene.frameDuration) }
        let anchored = (n / 2 - 3...n / 2 + 3).map { k in scene.items[k * n] }
        for a in anchored { #expect(abs(a.center.y - 500) < 1e-9, "anchors do not move") }
        // Neighbours stay one pitch (100 pt) apart, up to the pins' softness.
        for k in 0..<n {
            for i in 0..<n {
                let b = scene.items[k * n + i].center
                if i > 0 { let a = scene.items[k * n + i - 1].center; #expect(abs(hypot(b.x - a.x, b.y - a.y) - 100) < 2) }
                if k > 0 { let a = scene.items[(k - 1) * n + i].center; #expect(abs(hypot(b.x - a.x, b.y - a.y) - 100) < 2) }
            }
        }
        // Each ball and its four pins form a rigid cross, and the anchored crosses cannot turn,
        // so the lattice hangs nearly rigid (as in Box2D): its far corner sags under the weight
        // by the pins' give (1–20 pt), neither falling away nor staying exactly put.
        let sag = scene.items[n - 1].center.y - corner.y
        #expect(sag > 1 && sag < 20, "the corner sagged \(sag) pt")
    }
}

@Suite("Sleep switch")
struct SleepSwitchTests {
    @Test("isSleepEnabled = false keeps a resting stack awake and running; turning it back on lets it pause")
    func noSleep() {
        let scene = StandardScenes.stack(3)
        scene.animator.isSleepEnabled = false
        for _ in 0..<600 { scene.animator.step(1.0 / 120) }     // 5 s: long past the 0.5 s to sleep
        #expect(scene.animator.isRunning)
        let resting = scene.items.map(\.center)
        scene.animator.isSleepEnabled = true
        var pausedAfter: Int?
        for f in 1...600 where pausedAfter == nil {
            scene.animator.step(1.0 / 120)
            if !scene.animator.isRunning { pausedAfter = f }
        }
        // Asleep within the 0.5 s rest time plus a few frames, where it rested.
        #expect(pausedAfter.map { $0 <= 70 } == true, "\(String(describing: pausedAfter))")
        for (item, p) in zip(scene.items, resting) { #expect(abs(item.center.y - p.y) < 0.1) }
    }
}
