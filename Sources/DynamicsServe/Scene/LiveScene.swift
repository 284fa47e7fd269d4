import Dynamics
import DynamicsLua
import Foundation

/// One load of a scene script: a fresh sandboxed `LuaState` with the `dynamics` module, the
/// animator the script returned and the parameters it declared. A reload or restart makes a
/// new `LiveScene`; the old one (and its state) is dropped whole.
final class LiveScene {
    let state: LuaState
    let bridge: LuaBridge
    let animator: DynamicAnimator
    let params: [LuaSceneParam]
    /// The fixed frame of the viewer: every step is 1/60 s, so recorded sessions replay exactly.
    static let frame: TimeInterval = 1.0 / 60

    /// Loads `path` under `limits` (the same sandbox and limits as `dynamics run`). Errors of
    /// callbacks later on go to `onError`. Throws a `LuaError` (file:line: message) when the
    /// script fails or makes no animator.
    init(path: String, limits: LuaLimits, onError: @escaping (LuaError) -> Void) throws {
        let scene = try LuaScene(path: path, name: (path as NSString).lastPathComponent, host: .serve,
                                 limits: limits, onError: onError)
        state = scene.state
        bridge = scene.bridge
        animator = scene.animator
        params = scene.params
        animator.step(0) // the scene's behaviors join, so its items are in the world
    }

    /// Every item in the world, in the animator's order (the order tests and frames use).
    var items: [DynamicItem] {
        animator.items(in: CGRect(x: -1e12, y: -1e12, width: 2e12, height: 2e12))
    }
}
