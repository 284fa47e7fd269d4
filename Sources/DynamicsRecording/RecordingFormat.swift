import Foundation

/// A recording (`.dynrec`, docs/recordings.md): JSON Lines, a `Header` and then one
/// `RecordedFrame` a line. These are the values; `RecordingWriter` writes them and
/// `RecordingReader` reads and checks them.
public enum RecordingFormat {
    /// The header's `format`.
    public static let name = "dynamics-recording"
    /// The header's `version`: the one this build writes and reads.
    public static let version = 1
    /// The file name extension.
    public static let fileExtension = "dynrec"
    /// Frames between keyframes when the writer is not told otherwise (1 s at 60 fps).
    public static let defaultKeyframeInterval = 60
}

/// The first line of a recording.
public struct RecordingHeader: Sendable, Equatable {
    /// The scene file as the recorder named it (relative to the recording's folder when it
    /// was written beside the scene, as the viewer and `run --record` do).
    public var scene: String
    /// SHA-256 of the scene file's bytes when the recording was made (64 hex digits).
    public var sceneSHA256: String
    /// Frames a simulated second; every frame steps 1/fps s.
    public var fps: Double
    /// Sliders' values applied after the scene loaded, before frame 0 (name → value).
    public var params: [(name: String, value: Double)]
    /// The build that made it: `dynamics <version>` and the SHA-256 of the executable.
    public var build: String
    /// What ran the scene (`animator.host` in Lua): "run" or "serve".
    public var host: String
    /// A keyframe every this many frames (frame 0 is one).
    public var keyframeInterval: Int

    public init(scene: String, sceneSHA256: String, fps: Double, params: [(name: String, value: Double)] = [], build: String,
                host: String, keyframeInterval: Int = RecordingFormat.defaultKeyframeInterval) {
        self.scene = scene
        self.sceneSHA256 = sceneSHA256
        self.fps = fps
        self.params = params
        self.build = build
        self.host = host
        self.keyframeInterval = keyframeInterval
    }

    public static func == (a: RecordingHeader, b: RecordingHeader) -> Bool {
        a.scene == b.scene && a.sceneSHA256 == b.sceneSHA256 && a.fps.bitPattern == b.fps.bitPattern
            && a.params.map(\.name) == b.params.map(\.name) && a.params.map(\.value.bitPattern) == b.params.map(\.value.bitPattern)
            && a.build == b.build && a.host == b.host && a.keyframeInterval == b.keyframeInterval
    }
}

/// Something that reached the scene in a frame, before that frame's step.
public enum RecordedInput: Sendable, Equatable {
    /// A pointer event (scene points).
    case pointer(phase: String, x: Double, y: Double)
    /// A slider moved to `value`.
    case param(name: String, value: Double)
}

/// An input with the simulated time (s) at which it reached the scene.
public struct TimedInput: Sendable, Equatable {
    public var time: Double
    public var input: RecordedInput
    public init(time: Double, input: RecordedInput) {
        self.time = time
        self.input = input
    }

    public static func == (a: TimedInput, b: TimedInput) -> Bool {
        a.time.bitPattern == b.time.bitPattern && a.input == b.input
    }
}

/// One item's visible state in a keyframe: what the state hash covers, at full precision.
public struct RecordedItem: Sendable, Equatable {
    public var name: String
    /// Center (pt), rotation (rad, `DynamicItem.angle`), velocity (pt/s), angular velocity (rad/s).
    public var x, y, angle, vx, vy, w: Double
    public var sleeping: Bool

    public init(name: String, x: Double, y: Double, angle: Double, vx: Double, vy: Double, w: Double, sleeping: Bool) {
        self.name = name
        self.x = x; self.y = y; self.angle = angle; self.vx = vx; self.vy = vy; self.w = w
        self.sleeping = sleeping
    }

    /// The properties compared one by one, in the order a difference is looked for.
    public var numbers: [(property: String, value: Double)] {
        [("x", x), ("y", y), ("angle", angle), ("vx", vx), ("vy", vy), ("angularVelocity", w)]
    }

    public static func == (a: RecordedItem, b: RecordedItem) -> Bool {
        a.name == b.name && a.sleeping == b.sleeping && zip(a.numbers, b.numbers).allSatisfy { $0.value.bitPattern == $1.value.bitPattern }
    }
}

/// The visible part of a snapshot: every item and the elapsed time.
public struct Keyframe: Sendable, Equatable {
    public var time: Double
    public var items: [RecordedItem]
    public init(time: Double, items: [RecordedItem]) {
        self.time = time
        self.items = items
    }
}

/// One frame: the inputs that reached the scene before its step, the state hash after it
/// and, every `keyframeInterval` frames, a keyframe. Frame 0 is the state as loaded (no step).
public struct RecordedFrame: Sendable, Equatable {
    public var frame: Int
    /// The elapsed time after the frame (s).
    public var time: Double
    public var inputs: [TimedInput]
    public var hash: UInt64
    public var keyframe: Keyframe?
    /// The frame's step (s) when it is not 1/fps (the last, shorter frame of `run --record`);
    /// nil for frame 0, which does not step, and for a step of 1/fps.
    public var step: Double?

    public init(frame: Int, time: Double, inputs: [TimedInput] = [], hash: UInt64, keyframe: Keyframe? = nil, step: Double? = nil) {
        self.step = step
        self.frame = frame
        self.time = time
        self.inputs = inputs
        self.hash = hash
        self.keyframe = keyframe
    }

    public static func == (a: RecordedFrame, b: RecordedFrame) -> Bool {
        a.frame == b.frame && a.time.bitPattern == b.time.bitPattern && a.inputs == b.inputs && a.hash == b.hash && a.keyframe == b.keyframe
            && a.step?.bitPattern == b.step?.bitPattern
    }
}
