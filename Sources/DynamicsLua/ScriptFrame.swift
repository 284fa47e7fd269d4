/// A frame a script steps, as `LuaBridge.frameObserver` is told of it.
public enum ScriptFrame: Sendable, Equatable {
    /// `animator:run{…}` is about to step its frames: a new run of the animator starts.
    case willRun
    /// `animator:step(dt)` is about to step one frame.
    case willStep
    /// A frame of either has been stepped (the animator's state is the frame's end).
    case didStep
}
