import Dynamics
import Foundation

/// A scene script loaded as `dynamics run`, the viewer and a replay load it: a fresh sandboxed
/// `LuaState` with the `dynamics` module, the script run with its folder as the scene's, and
/// what it returned (its animator, or `{ animator = a, seconds = S, params = { … } }`) with
/// its parameters checked. Callers step the animator (by 0 s, to let its behaviors' items
/// join the world) when they want to.
public final class LuaScene {
    public let state: LuaState
    public let bridge: LuaBridge
    public let animator: DynamicAnimator
    /// The `seconds` the scene asked for, if any (unchecked: `run` checks its range).
    public let seconds: Double?
    public let params: [LuaSceneParam]

    /// Loads `path` as `host` runs it. `name` is how error locations and messages name the
    /// file (the path as given, or its file name in the viewer's messages). Errors of
    /// callbacks later on go to `onError`. Throws a `LuaError` (`name: message`) when the file
    /// cannot be read, the script fails, its parameters are malformed or it makes no animator;
    /// in the viewer a parameter's message names the parameter (`scene.params…`) alone.
    public init(path: String, name: String, host: LuaHost, limits: LuaLimits,
                onError: @escaping (LuaError) -> Void) throws {
        let source: String
        do { source = try LuaSource.read(path) } catch {
            throw LuaError(kind: .runtime, message: "\(name): \(error)")
        }
        state = try LuaState(limits: limits)
        bridge = LuaBridge(state: state, errorHandler: onError)
        bridge.host = host
        bridge.sceneFolder = folderPath(of: path)
        let results = try state.run(source, chunkName: name)
        let found: (animator: DynamicAnimator?, seconds: Double?)
        do {
            found = try bridge.sceneResult(results: results)
            params = try bridge.sceneParams(results: results)
        } catch let error as LuaError {
            state.pop(results)
            let bare = host == .serve && error.message.hasPrefix("scene.params")
            throw LuaError(kind: error.kind, message: bare ? error.message : "\(name): \(error.message)")
        }
        state.pop(results)
        guard let animator = found.animator ?? bridge.animators.first else {
            let shape = host == .serve ? "{ animator = a }" : "{ animator = a, seconds = S }"
            throw LuaError(kind: .runtime, message: "\(name): the scene made no animator (return it, or a table \(shape))")
        }
        self.animator = animator
        seconds = found.seconds
    }
}
