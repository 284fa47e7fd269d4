import Dynamics
import DynamicsLua
import DynamicsLuaTesting
import DynamicsRender
import Foundation

/// `dynamics test --artifacts DIR`: for every failing case that stepped an animator, an
/// animated SVG of that animator's last run (with the time readout), written to DIR.
///
/// The worker keeps, while a case runs and only when `--artifacts` is given, one
/// `TraceRecorder` per animator the case steps (at most `maximumAnimators` of them): a call
/// of `animator:run{…}` starts the animator's recording afresh (its last run is what the
/// picture shows), a call of `animator:step()` continues it (or starts it, with the state
/// before the step). A recording that reaches its bound (`bytesPerAnimator`) starts again
/// from that frame, so the picture keeps the end of the run, where the case failed. When the
/// case passes the recordings are dropped; when it fails each is drawn, and the failure says
/// where: `… (picture of the last run: DIR/NAME.svg)`.
///
/// File names: the test file's name without `.lua` (the supervisor's `prefix`), "__", the
/// case's full name, each character other than ASCII letters, digits, "-", "_" and "."
/// replaced by "_" (at most 100 of them), a "-2", "-3"… suffix for a name taken already
/// in this file (a second animator, two cases of one name), and ".svg".
final class ArtifactPictures: LuaTestObserver {
    /// The recordings one case keeps at most (the animators it steps first).
    static let maximumAnimators = 8
    /// The bound of each recording (`TraceRecorder.maximumBytes`): with `maximumAnimators`,
    /// 64 MiB a case at most.
    static let bytesPerAnimator = 8 << 20

    let folder: String
    let prefix: String
    private var recordings: [(animator: DynamicAnimator, recorder: TraceRecorder)] = []
    private var used: Set<String> = []

    init(folder: String, prefix: String) {
        self.folder = folder
        self.prefix = ArtifactPictures.sanitised(prefix, limit: 100)
    }

    func testFile(_ file: String, madeBridge bridge: LuaBridge) {
        bridge.frameObserver = { [unowned self] animator, frame in self.frame(animator, frame) }
    }

    func caseBegan(_ name: String) { recordings = [] }

    func caseEnded(_ name: String, failure: String?) -> String? {
        defer { recordings = [] }
        guard failure != nil, !recordings.isEmpty else { return nil }
        var written: [String] = [], problems: [String] = []
        for (_, recorder) in recordings {
            recorder.finish(time: recorder.animator.elapsedTime)
            let path = (folder as NSString).appendingPathComponent(uniqueName(for: name))
            do {
                try ArtifactPictures.write(recorder.svg(debug: true), to: path)
                written.append(path)
            } catch {
                problems.append("\(error)")
            }
        }
        var note = ""
        if !written.isEmpty { note += " (picture of the last run: \(written.joined(separator: ", ")))" }
        if !problems.isEmpty { note += " (no picture: \(problems.joined(separator: "; ")))" }
        return note
    }

    private func frame(_ animator: DynamicAnimator, _ frame: ScriptFrame) {
        let index = recordings.firstIndex { $0.animator === animator }
        switch frame {
        case .willRun:
            if let index { recordings[index].recorder = start(animator) } else { add(animator) }
        case .willStep:
            if index == nil { add(animator) }
        case .didStep:
            guard let index else { return }
            let recorder = recordings[index].recorder
            recorder.record(time: animator.elapsedTime)
            if recorder.isTruncated { recordings[index].recorder = start(animator) }
        }
    }

    private func add(_ animator: DynamicAnimator) {
        guard recordings.count < ArtifactPictures.maximumAnimators else { return }
        recordings.append((animator, start(animator)))
    }

    /// A recording of `animator`'s items from its state now.
    private func start(_ animator: DynamicAnimator) -> TraceRecorder {
        let items = animator.items(in: CGRect(x: -1e15, y: -1e15, width: 2e15, height: 2e15))
        let recorder = TraceRecorder(animator: animator, items: items, sampleRate: 30, debug: true)
        recorder.maximumBytes = ArtifactPictures.bytesPerAnimator
        recorder.record(time: animator.elapsedTime)
        return recorder
    }

    private func uniqueName(for caseName: String) -> String {
        let base = prefix + "__" + ArtifactPictures.sanitised(caseName, limit: 100)
        var name = base + ".svg", n = 2
        while used.contains(name) { name = "\(base)-\(n).svg"; n += 1 }
        used.insert(name)
        return name
    }

    /// `s` as a file name: ASCII letters, digits, "-", "_" and "." kept, anything else "_",
    /// at most `limit` characters, never empty, never starting with ".".
    static func sanitised(_ s: String, limit: Int) -> String {
        var out = String(s.unicodeScalars.prefix(limit).map { u -> Character in
            u.isASCII && (CharacterSet.alphanumerics.contains(u) || u == "-" || u == "_" || u == ".") ? Character(u) : "_"
        })
        if out.hasPrefix(".") { out = "_" + out.dropFirst() }
        return out.isEmpty ? "_" : out
    }

    /// Writes a picture: a new file, or a previous picture replaced (`OutputFile.check`'s
    /// rules: never a script or another kind of file). Opened without following a link, so
    /// a link planted in the folder is not written through.
    static func write(_ text: String, to path: String) throws {
        try OutputFile.check(path, option: "--artifacts", outputs: ["<?xml", "<svg"])
        let fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw OutputFile.Failure(description: "--artifacts: cannot write \(path): \(errno == ELOOP ? "it is a symbolic link" : String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw OutputFile.Failure(description: "--artifacts: cannot write \(path): it is not a regular file")
        }
        let ok = ftruncate(fd, 0) == 0 && Data(text.utf8).withUnsafeBytes { writeAll(fd, $0) }
        guard ok else { throw OutputFile.Failure(description: "--artifacts: cannot write \(path): \(String(cString: strerror(errno)))") }
    }

    /// Makes `path` and the folders above it that are missing; the system's error, or nil.
    private static func makeFolder(_ path: String) -> Int32? {
        if mkdir(path, 0o777) == 0 { return nil }
        let failure = errno
        var isFolder: ObjCBool = false
        if failure == EEXIST { return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue ? nil : ENOTDIR }
        guard failure == ENOENT else { return failure }
        let parent = (path as NSString).deletingLastPathComponent
        guard !parent.isEmpty, parent != path else { return failure }
        if let e = makeFolder(parent) { return e }
        return mkdir(path, 0o777) == 0 ? nil : errno
    }

    /// Checks `--artifacts DIR` before any test runs, making the folder when it does not
    /// exist: a path that is a symbolic link, or anything but a folder, or a folder that
    /// cannot be made or written, is bad usage (the message names the path and the reason).
    static func prepareFolder(_ path: String) throws -> String {
        guard !path.isEmpty else { throw OutputFile.Failure(description: "--artifacts: expected a folder, got an empty name") }
        var info = stat()
        if lstat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFLNK {
                throw OutputFile.Failure(description: "--artifacts: \(path) is a symbolic link; give the folder itself (pictures are not written through links)")
            }
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw OutputFile.Failure(description: "--artifacts: \(path) exists and is not a folder")
            }
        } else {
            if let failure = makeFolder(path) {
                throw OutputFile.Failure(description: "--artifacts: cannot make the folder \(path): \(String(cString: strerror(failure)))")
            }
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw OutputFile.Failure(description: "--artifacts: cannot write into \(path): \(String(cString: strerror(errno)))")
        }
        return path
    }
}

extension ArtifactPictures {
    /// The worker arguments of each of `files` for `--artifacts folder`: the folder and the
    /// pictures' prefix, the file's name without `.lua`, or, for names that several of the
    /// files share (`a/x_test.lua`, `b/x_test.lua`), its path as given.
    static func workerArguments(folder: String, files: [String]) -> [[String]] {
        func base(_ f: String) -> String {
            let name = (f as NSString).lastPathComponent
            return name.hasSuffix(".lua") ? String(name.dropLast(4)) : name
        }
        var counts: [String: Int] = [:]
        for f in files { counts[base(f), default: 0] += 1 }
        return files.map { f in
            var prefix = base(f)
            if counts[prefix, default: 0] > 1 {
                prefix = String((f.hasSuffix(".lua") ? String(f.dropLast(4)) : f).drop { $0 == "/" || $0 == "." })
            }
            return ["--artifacts=\(folder)", "--artifacts-name=\(prefix)"]
        }
    }
}
