import Dynamics
import DynamicsLua
import Foundation

/// A scene loaded to replay a recording, as `dynamics run` and the viewer load it: a fresh
/// sandboxed state with the `dynamics` module, the script run, its animator stepped by 0 s
/// (so its behaviors' items are in the world) and the recording's starting slider values
/// applied, in that order.
public final class RecordedScene {
    public let state: LuaState
    public let bridge: LuaBridge
    public let animator: DynamicAnimator
    public let params: [LuaSceneParam]

    /// Loads `path` as `host` runs it; errors of callbacks later on go to `onError`.
    public init(path: String, host: LuaHost, limits: LuaLimits, onError: @escaping (LuaError) -> Void) throws {
        let scene = try LuaScene(path: path, name: path, host: host, limits: limits, onError: onError)
        state = scene.state
        bridge = scene.bridge
        animator = scene.animator
        params = scene.params
        animator.step(0)
    }

    /// Applies one recorded input as the viewer applied it. A slider the scene does not have,
    /// or a value out of its range, is an error (the recording is not of this scene); an
    /// error in the scene's `apply` goes to the scene's error handler, as in the viewer.
    public func apply(_ input: RecordedInput) throws(RecordingError) {
        switch input {
        case let .pointer(phase, x, y):
            bridge.pointer(PointerPhase(rawValue: phase) ?? .cancelled, at: CGPoint(x: x, y: y), on: animator)
        case let .param(name, value):
            guard let p = params.first(where: { $0.name == name }) else {
                throw RecordingError(line: 0, message: "the scene has no parameter named \"\(LuaBridge.shown(name))\"")
            }
            guard value >= p.min, value <= p.max else {
                throw RecordingError(line: 0, message: "parameter \"\(LuaBridge.shown(name))\": \(value) is outside its range \(p.min)…\(p.max)")
            }
            if let e = bridge.apply(p, value: value) { bridge.errorHandler(e) }
        }
    }
}
