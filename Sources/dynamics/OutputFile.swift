import Dynamics
import DynamicsLua
import DynamicsRender
import Foundation

/// The files the CLI writes on request (`run --trace/--svg`, `test --junit`, `types --output`):
/// written through the named path, never renamed over it (a temporary file renamed over
/// `/dev/null`, a FIFO or a symbolic link replaced it with a regular file), and every failure
/// told in one line that names the option, the path and the system's reason.
enum OutputFile {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Refuses, before any work, a path that cannot be written: a folder, or a file in a
    /// folder that does not exist. (A full disk or a device that refuses writes shows when
    /// the file is written.)
    /// Nor does it write over a script: an existing `.lua` file (through a link too), one of
    /// `inputs` (the scene being run, under any name), or a file with several hard links:
    /// `run s.lua --svg s.lua` replaced the scene with its own drawing.
    ///
    /// And an existing regular file is written over only when it holds what this option
    /// writes (`outputs`: the openings of an SVG, a trace, a JUnit report) or nothing: a
    /// script reached through a link inside a scanned folder (a test, a plugin) was replaced,
    /// whatever its name, so the content decides, not the name.
    ///
    /// An output that is itself Lua (`types --output`, annotations) may replace a `.lua` file,
    /// when that file holds such an output already (`outputs`) or nothing.
    static func check(_ path: String, option: String, inputs: [String] = [], outputs: [String] = [], writesLua: Bool = false) throws {
        guard !path.isEmpty else { throw Failure(description: "\(option): expected a file name, got an empty one") }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw Failure(description: "\(option): cannot write \(path): it is a folder")
        }
        var target = stat()
        if stat(path, &target) == 0 {
            for input in inputs {
                var source = stat()
                if stat(input, &source) == 0, source.st_dev == target.st_dev, source.st_ino == target.st_ino {
                    throw Failure(description: "\(option): cannot write \(path): it is the script \(input) itself")
                }
            }
            let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            if !writesLua && (path.hasSuffix(".lua") || resolved.hasSuffix(".lua")) {
                throw Failure(description: "\(option): cannot write \(path): it is a Lua script, which the output would replace")
            }
            // A hard link is the same file under another name, perhaps a script's (`ln
            // scene.lua out.svg`): its other names cannot be checked cheaply, so it is refused.
            if (target.st_mode & S_IFMT) == S_IFREG && target.st_nlink > 1 {
                throw Failure(description: "\(option): cannot write \(path): the file has \(target.st_nlink) names (hard links), and the output would replace it under all of them")
            }
            if (target.st_mode & S_IFMT) == S_IFREG, target.st_size > 0, !outputs.isEmpty,
               let handle = FileHandle(forReadingAtPath: path) {
                let head = String(decoding: (try? handle.read(upToCount: 64)) ?? Data(), as: UTF8.self)
                try? handle.close()
                let trimmed = head.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
                // Blank (whitespace only, as read whole) counts as empty.
                let blank = trimmed.isEmpty && target.st_size <= 64
                if !blank && !outputs.contains(where: { trimmed.hasPrefix($0) }) {
                    throw Failure(description: "\(option): cannot write \(path): it holds something else than a previous output (it begins \"\(ShownText.line(String(trimmed.prefix(20))))\"), which the output would replace")
                }
            }
        }
        let folder = folderPath(of: path)
        let parent = folder.isEmpty ? "." : folder
        if !FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder) || !isFolder.boolValue {
            throw Failure(description: "\(option): cannot write \(path): the folder \(parent) does not exist")
        }
    }

    /// Writes `data` into `path` (created or truncated), through it if it is a link or a
    /// device. Throws a `Failure` naming `option` and the system's reason.
    /// A FIFO is written only while a process reads it: opened without blocking (a FIFO with
    /// no reader held the CLI for good, `--timeout` or not), then written blocking.
    static func write(_ data: Data, to path: String, option: String) throws {
        let fd = try openForWriting(path, option: option)
        defer { close(fd) }
        guard data.withUnsafeBytes({ writeAll(fd, $0) }) else { throw failure(option, path) }
    }

    /// `path` opened for writing (created or truncated; a FIFO only while a process reads it),
    /// in blocking mode.
    private static func openForWriting(_ path: String, option: String) throws -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NONBLOCK, 0o644)
        guard fd >= 0 else {
            if errno == ENXIO { throw Failure(description: "\(option): cannot write \(path): it is a FIFO that no process is reading") }
            throw failure(option, path)
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// Writes `text` to standard output (file descriptor 1, after what `print` buffered),
    /// throwing a `Failure` with the system's reason: `print` drops a failed write silently.
    static func writeStandardOutput(_ text: String) throws {
        fflush(nil)
        guard writeRaw(1, text) else {
            throw Failure(description: "cannot write the standard output: \(String(cString: strerror(errno)))")
        }
    }

    /// Streams what `write` writes into `path` (as `write(_:to:option:)` writes data), at most
    /// `limit` bytes (see `TraceOutput`); returns whether the writer stopped at the limit.
    static func stream(to path: String, option: String, limit: Int, _ write: (TraceOutput) throws -> Void) throws -> Bool {
        let fd = try openForWriting(path, option: option)
        defer { close(fd) }
        let output = TraceOutput(limit: limit) { bytes in
            guard writeAll(fd, bytes) else { throw failure(option, path) }
        }
        try write(output)
        try output.finish()
        return output.isTruncated
    }

    static func write(_ text: String, to path: String, option: String) throws {
        try write(Data(text.utf8), to: path, option: option)
    }

    private static func failure(_ option: String, _ path: String) -> Failure {
        Failure(description: "\(option): cannot write \(path): \(String(cString: strerror(errno)))")
    }
}
