import Dynamics
import DynamicsBench
import DynamicsScenes
import Foundation
import Testing

/// `dynamics bench` prints luaActionN beside swiftActionN as a ratio: the two scenes must do
/// the same per-item work.
@Suite("The Lua action scene and its Swift baseline")
struct ActionBaselineTests {
    /// From rest, with nothing else acting (no gravity, no collisions, resistance 0), each
    /// step sets v ← 0.99·v + (1, −1) pt/s: after n times v = (1 − 0.99^n)/0.01 · (1, −1).
    /// The Lua action runs once more, in the frame of 0 s that puts the scene's items in the
    /// world (actions run every frame; a custom behavior's step only in internal steps).
    @Test("Both give every item the velocity of k steps of v ← 0.99·v + (1, −1) pt/s", arguments: ["lua", "swift"])
    func sameWork(_ language: String) throws {
        let scene = language == "lua" ? try BenchScenes.luaAction(30) : StandardScenes.swiftAction(30)
        #expect(scene.items.count == 30 && scene.frames == 600)
        let k = 50
        for _ in 0..<k { scene.animator.step(scene.frameDuration) }
        let n = language == "lua" ? k + 1 : k
        let expected = (1 - pow(0.99, Double(n))) / 0.01 // about 40 pt/s
        for item in scene.items {
            let v = try #require(scene.animator.linearVelocity(of: item))
            #expect(abs(v.x - expected) < 1e-9 * expected && abs(v.y + expected) < 1e-9 * expected, "\(language): \(v), expected ±\(expected)")
        }
    }

    @Test("Both lay out the same items")
    func sameItems() throws {
        let lua = try BenchScenes.luaAction(100), swift = StandardScenes.swiftAction(100)
        func layout(_ s: DynamicsScenes.Scene) -> [String] {
            s.items.map { "\($0.center.x),\($0.center.y),\($0.bounds.width),\($0.bounds.height)" }.sorted()
        }
        #expect(layout(lua) == layout(swift))
    }
}
