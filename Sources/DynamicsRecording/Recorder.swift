import Dynamics
import DynamicsEngine
import Foundation

/// Captures what a recording holds about the world at the end of a frame.
public enum RecordedState {
    /// The frame's state hash and, when `keyframe`, every item's visible state.
    public static func capture(_ animator: DynamicAnimator, keyframe: Bool) -> (hash: UInt64, keyframe: Keyframe?) {
        let items = StateHash.items(of: animator)
        var hashes: [UInt64] = []
        hashes.reserveCapacity(items.count)
        for item in items { hashes.append(StateHash.item(item, on: animator)) }
        let time = animator.elapsedTime
        let hash = StateHash.frame(time: time, items: hashes)
        guard keyframe else { return (hash, nil) }
        let recorded = items.map { item in
            let v = animator.linearVelocity(of: item) ?? .zero
            return RecordedItem(name: StateHash.name(of: item), x: Double(item.center.x), y: Double(item.center.y), angle: DeterministicMath.atan2(Double(item.transform.b), Double(item.transform.a)),
                                vx: Double(v.x), vy: Double(v.y), w: Double(animator.angularVelocity(of: item) ?? 0),
                                sleeping: animator.isSleeping(item) ?? false)
        }
        return (hash, Keyframe(time: time, items: recorded))
    }
}

/// Builds a recording's frames as a run goes: inputs are added as they reach the scene
/// (`add`), and each frame's end (`endFrame`) makes a `RecordedFrame` with them, the state
/// hash and a keyframe when one is due, and hands it to `sink`.
public final class Recorder {
    public let header: RecordingHeader
    private let sink: (RecordedFrame) throws -> Void
    private var pending: [TimedInput] = []
    /// Frames made so far.
    public private(set) var frames = 0

    public init(header: RecordingHeader, sink: @escaping (RecordedFrame) throws -> Void) {
        self.header = header
        self.sink = sink
    }

    /// Inputs waiting for the next frame.
    public var pendingInputs: Int { pending.count }

    /// An input that reached the scene at simulated time `time`, before the next frame's step.
    public func add(_ input: RecordedInput, at time: Double) {
        pending.append(TimedInput(time: time, input: input))
    }

    /// The frame that just ended on `animator` (frame 0: the scene as loaded, before any
    /// step). `step`: the frame's step when it is not 1/fps.
    public func endFrame(_ animator: DynamicAnimator, step: Double? = nil) throws {
        let (hash, keyframe) = RecordedState.capture(animator, keyframe: frames % header.keyframeInterval == 0)
        let frame = RecordedFrame(frame: frames, time: animator.elapsedTime, inputs: pending, hash: hash, keyframe: keyframe, step: step)
        pending = []
        frames += 1
        try sink(frame)
    }
}

/// The build that writes a recording (docs/recordings.md, "build"): the compiler, the
/// system and architecture, and the executable's size and modification time. The same build
/// replays to the same hashes; another build may not (a warning says so). The executable's
/// SHA-256 would name it better, but hashing a debug build (over 100 MB) took seconds a run.
public enum RecordingBuild {
    public static let current: String = {
        #if compiler(>=6.2)
        let compiler = "swift 6.2+"
        #elseif compiler(>=6.1)
        let compiler = "swift 6.1"
        #else
        let compiler = "swift 6.0"
        #endif
        #if os(Linux)
        let system = "linux"
        #elseif os(macOS)
        let system = "macos"
        #else
        let system = "other"
        #endif
        #if arch(x86_64)
        let arch = "x86_64"
        #elseif arch(arm64)
        let arch = "arm64"
        #else
        let arch = "other"
        #endif
        var info = stat()
        let exe = stat("/proc/self/exe", &info) == 0 ? "\(info.st_size) bytes, modified \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
                                                     : "unknown executable"
        return "dynamics (\(compiler), \(system) \(arch), executable \(exe))"
    }()
}
