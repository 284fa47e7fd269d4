import Dynamics
import DynamicsScenes
import DynamicsTestSupport
import Foundation
import Testing

@Test func probeBoxes() {
    let scene = StandardScenes.boxes(1000)
    var frames = 0
    for _ in 0..<2400 { scene.animator.step(1.0 / 120); frames += 1; if !scene.animator.isRunning { break } }
    var worst = 0.0
    for b in scene.items {
        let f = frame(of: b)
        worst = max(worst, Double(-f.minX), Double(-f.minY), Double(f.maxX - 1000), Double(f.maxY - 1000))
    }
    let maxY = scene.items.map { Double($0.center.y) }.max()!
    print("PROBE frames \(frames) running \(scene.animator.isRunning) worst \(worst) maxY \(maxY)")
}
