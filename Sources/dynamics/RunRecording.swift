import Dynamics
import DynamicsRecording
import Foundation

/// `run --record FILE`: the recording of a run, written frame by frame as it goes (a run
/// that is stopped leaves a file without its end line, which `replay` calls cut short).
final class RunRecording {
    let writer: RecordingFileWriter
    let recorder: Recorder

    init(path: String, scene: String, fps: Double) throws {
        guard let sha = SHA256.hex(ofFile: scene) else {
            throw RecordingError(line: 0, message: "\(scene): cannot be read to take its SHA-256")
        }
        let header = RecordingHeader(scene: RecordingPaths.relative(scene, from: path), sceneSHA256: sha, fps: fps,
                                     build: RecordingBuild.current, host: "run")
        do {
            writer = try RecordingFileWriter(path: path, header: header)
        } catch let error as RecordingError {
            throw OutputFile.Failure(description: "--record: \(error.message)")
        }
        let writer = writer
        recorder = Recorder(header: header) { try writer.append($0) }
    }

    func endFrame(_ animator: DynamicAnimator, step: Double? = nil) throws {
        do { try recorder.endFrame(animator, step: step) } catch let error as RecordingError {
            throw OutputFile.Failure(description: "--record: \(error.message)")
        }
    }

    func finish() throws {
        do { try writer.finish(frames: recorder.frames) } catch let error as RecordingError {
            throw OutputFile.Failure(description: "--record: \(error.message)")
        }
    }
}
