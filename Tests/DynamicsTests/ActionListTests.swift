import Dynamics
import DynamicsScenes
import Foundation
import Testing

// The animator visits only behaviors that have an action (a 19 800-pin grid costs nothing per
// frame for its pins); the list follows actions set, replaced and cleared at any time.
@Suite("Actions")
struct ActionListTests {
    @Test("An action set, replaced or cleared on a behavior already in the animator takes effect from the next frame")
    func actionChanges() {
        let scene = StandardScenes.stack(2)
        let child = DynamicBehavior(), root = DynamicBehavior()
        root.addChildBehavior(child)
        scene.animator.addBehavior(root)
        var calls: [String] = []
        scene.animator.step(1.0 / 60)
        #expect(calls.isEmpty)
        child.action = { calls.append("child") }
        scene.animator.step(1.0 / 60)
        root.action = { calls.append("root") }
        scene.animator.step(1.0 / 60)
        #expect(calls == ["child", "root", "child"], "depth-first order: the root before its child")
        child.action = { calls.append("new child") }
        scene.animator.step(1.0 / 60)
        child.action = nil
        scene.animator.step(1.0 / 60)
        #expect(calls == ["child", "root", "child", "root", "new child", "root"])
        root.removeChildBehavior(child)
        child.action = { calls.append("removed") }
        scene.animator.step(1.0 / 60)
        #expect(calls.last == "root" && !calls.contains("removed"))
    }
}
