import Foundation
import Dynamics
import DynamicsLua
import DynamicsRecording

/// A recording the viewer makes (Record, `POST /control {"action": "record"}`): from a fresh
/// load, every frame's inputs (pointer events, slider moves, each with its simulated time), its
/// state hash and every `keyframeInterval` frames a keyframe, kept in memory until it is
/// written as a `.dynrec` (docs/recordings.md) by "stop recording" or "save as test".
final class Recording {
    /// Most inputs a recording keeps (a client streaming pointer events grew one by 4 million
    /// events, 200 MB, in 30 s).
    static let maximumEvents = 100_000
    /// Most frames a recording keeps: 30 minutes at 60 frames a second.
    static let maximumFrames = 108_000
    let fileHeader: RecordingHeader
    private(set) var frames: [RecordedFrame] = []
    /// Inputs kept so far (in `frames` and waiting for the next frame).
    private(set) var events = 0
    private var pending: [TimedInput] = []

    init(header: RecordingHeader) { fileHeader = header }

    /// An input that reached the scene at simulated time `time`, before the next frame's step.
    func add(_ input: RecordedInput, at time: Double) {
        pending.append(TimedInput(time: time, input: input))
        events += 1
    }

    /// The frame that just ended on `animator` (frame 0: the scene as loaded).
    func endFrame(_ animator: DynamicAnimator) {
        let n = frames.count
        let (hash, keyframe) = RecordedState.capture(animator, keyframe: n % fileHeader.keyframeInterval == 0)
        frames.append(RecordedFrame(frame: n, time: animator.elapsedTime, inputs: pending, hash: hash, keyframe: keyframe))
        pending = []
    }

    /// Keeps frames 0…`frame` (the timeline went back to it): the later ones are no longer
    /// the run's.
    func keep(through frame: Int) {
        if frames.count > frame + 1 { frames.removeLast(frames.count - frame - 1) }
        pending = []
        events = frames.reduce(0) { $0 + $1.inputs.count }
    }

    /// The whole `.dynrec` text.
    var text: String {
        var out = RecordingEncoder.line(fileHeader)
        for f in frames { out += RecordingEncoder.line(f) }
        return out + RecordingEncoder.endLine(frames: frames.count)
    }

    /// Lua source of a string literal.
    static func lua(_ s: String) -> String { LuaBridge.luaString(s) }

    /// How every recorded test begins: a file that does not is someone's own test, which a
    /// save must not replace.
    static let header = "-- Recorded by `dynamics serve "

    /// Writes a recorded test to `path`: a new file, or an earlier recording replaced (its
    /// first bytes are `header`). Anything else is refused: a test written by hand, a folder,
    /// a FIFO, a device, and a symbolic link, which would have the viewer write wherever it
    /// points (another site's page could reach "save"; see `LiveRoutes.HostNames`). The file
    /// is opened once, without following a link and without blocking, and checked through
    /// that descriptor, so nothing swapped in meanwhile is written through.
    static func write(_ text: String, to path: String, opening: String = Recording.header) throws(SaveRefusal) {
        let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw errno == ELOOP ? .link : .cannotWrite(String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw .notAFile }
        guard info.st_nlink <= 1 else { throw .link } // a hard link writes a file elsewhere too
        if info.st_size > 0 {
            let expected = Array(opening.utf8)
            var start = [UInt8](repeating: 0, count: expected.count)
            let n = start.withUnsafeMutableBytes { read(fd, $0.baseAddress, expected.count) }
            guard n == expected.count, start == expected else { throw .notARecording }
        }
        guard ftruncate(fd, 0) == 0, lseek(fd, 0, SEEK_SET) == 0 else { throw .cannotWrite(String(cString: strerror(errno))) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw .cannotWrite(String(cString: strerror(errno))) }
            bytes = bytes.dropFirst(n)
        }
    }

    /// Why a recorded test was not written.
    enum SaveRefusal: Error, CustomStringConvertible {
        case link, notAFile, notARecording, cannotWrite(String)

        var description: String {
            switch self {
            case .link: return "is a link (a recording is written only to a file of its own)"
            case .notAFile: return "is not a regular file"
            case .notARecording: return "exists and is not a recording; move it away to save this one"
            case .cannotWrite(let reason): return "cannot be written: \(reason)"
            }
        }
    }

    /// A test file that replays the recording `recordingFile` (beside it) and checks every
    /// frame (`replayRecording`, docs/recordings.md): it fails, naming the frame, time, item
    /// and property, when the scene no longer does what it did. The scene's file name goes
    /// into the header comment with its control characters escaped (a name with a newline put
    /// live code into the test).
    static func testSource(sceneFile: String, recordingFile: String, frames: Int, events: Int) -> String {
        """
        \(Recording.header)\(ShownText.line(sceneFile))`: a live session of \(frames) frames and \(events)
        -- inputs, in \(ShownText.line(recordingFile)). The replay loads the scene afresh, applies the inputs on
        -- their frames and expects every frame's state to be the recorded one, bit for bit.

        test(\(Recording.lua("replays the recorded session of " + sceneFile)), function()
          local replay = replayRecording(\(Recording.lua(recordingFile)))
          expect(replay.frames, "frames replayed"):toBe(\(frames))
        end)

        """
    }
}
