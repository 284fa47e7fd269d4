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
        let name = (path as NSString).lastPathComponent
        let source: String
        do { source = try LuaSource.read(path) } catch {
            throw LuaError(kind: .runtime, message: "\(name): \(error)")
        }
        state = try LuaState(limits: limits)
        bridge = LuaBridge(state: state, errorHandler: onError)
        bridge.host = .serve
        bridge.sceneFolder = folderPath(of: path)
        let results = try state.run(source, chunkName: name)
        let found: (animator: DynamicAnimator?, seconds: Double?)
        do {
            found = try bridge.sceneResult(results: results)
            params = try bridge.sceneParams(results: results)
        } catch let error as LuaError {
            state.pop(results)
            throw LuaError(kind: error.kind, message: error.message.hasPrefix("scene.params") ? error.message : "\(name): \(error.message)")
        }
        state.pop(results)
        guard let animator = found.animator ?? bridge.animators.first else {
            throw LuaError(kind: .runtime, message: "\(name): the scene made no animator (return it, or a table { animator = a })")
        }
        self.animator = animator
        animator.step(0) // the scene's behaviors join, so its items are in the world
    }

    /// Every item in the world, in the animator's order (the order tests and frames use).
    var items: [DynamicItem] {
        animator.items(in: CGRect(x: -1e12, y: -1e12, width: 2e12, height: 2e12))
    }
}
