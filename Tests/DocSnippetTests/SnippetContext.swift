import Dynamics
import UIKitCompat

/// What the docs' Swift blocks take from the text around them, named as the docs name them
/// (a block lists what it uses in `<!-- snippet uses: … -->` before its fence). Each block gets
/// a fresh context: an animator over a 320×568 area, a box under gravity and collision in it,
/// and the items and points the README's examples mention.
@MainActor
final class SnippetContext {
    let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 320, height: 568))
    let box = DynamicView(frame: CGRect(x: 135, y: 100, width: 50, height: 50), name: "box")
    let pip = DynamicView(frame: CGRect(x: 20, y: 30, width: 40, height: 60), name: "pip")
    let arm = DynamicView(frame: CGRect(x: 100, y: 150, width: 20, height: 100), name: "arm")
    let body = DynamicView(frame: CGRect(x: 90, y: 200, width: 60, height: 120), name: "body")
    let left = DynamicView(frame: CGRect(x: 40, y: 300, width: 30, height: 30), name: "left")
    let right = DynamicView(frame: CGRect(x: 70, y: 300, width: 30, height: 30), name: "right")
    let corners = [CGPoint(x: 30, y: 60), CGPoint(x: 290, y: 60), CGPoint(x: 30, y: 500), CGPoint(x: 290, y: 500)]
    let gravity: GravityBehavior
    let collision: CollisionBehavior
    let snap: SnapBehavior
    /// A Lua scene, for the blocks that run one.
    let source = """
        local dyn = require "dynamics"
        local a = dyn.animator{ bounds = {0, 0, 320, 568} }
        a:addBehavior(dyn.gravity{ items = { dyn.item{ center = {160, 100}, size = {50, 50} } } })
        return a
        """

    init() {
        gravity = GravityBehavior(items: [box])
        collision = CollisionBehavior(items: [box, pip])
        collision.translatesReferenceBoundsIntoBoundary = true
        snap = SnapBehavior(item: box, snapTo: CGPoint(x: 100, y: 100))
        animator.addBehavior(gravity)
        animator.addBehavior(collision)
    }
}

/// docs/uikit-ports.md's view controller: one that makes its animator when its view loads.
final class MyViewController: UIViewController {
    var animator: UIDynamicAnimator?

    override func viewDidLoad() {
        super.viewDidLoad()
        let square = UIView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        view.addSubview(square)
        let animator = UIDynamicAnimator(referenceView: view)
        animator.addBehavior(UIGravityBehavior(items: [square]))
        self.animator = animator
    }
}

/// The docs' `BehaviorRegistry.shared`, a registry of the snippets' own: the README registers a
/// "wind" plugin, and the process-wide registry is shared with every other test that runs in
/// this process (a project without plugins must not find one).
enum BehaviorRegistry {
    static let shared = Dynamics.BehaviorRegistry()
}
