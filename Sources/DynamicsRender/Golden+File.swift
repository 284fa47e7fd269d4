import Foundation

extension Golden {
    /// Why a golden file could not be read or written.
    public enum FileProblem: Error, Equatable, CustomStringConvertible {
        /// There is no file at the path.
        case missing
        /// A symbolic link, a folder, a device: goldens are regular files.
        case notAFile(String)
        case tooLarge(Int)
        case unreadable(String)
        case unwritable(String)
        /// The text is no golden (what is wrong, on which line).
        case invalid(Problem)

        public var description: String {
            switch self {
            case .missing: return "there is no such file"
            case .notAFile(let what): return "it is \(what), not a regular file"
            case .tooLarge(let n): return "\(n) bytes, more than the \(Golden.maximumBytes >> 20) MB a golden may have"
            case .unreadable(let why): return "cannot read it: \(why)"
            case .unwritable(let why): return "cannot write it: \(why)"
            case .invalid(let p): return p.description
            }
        }
    }

    /// The golden in the file at `path`: a regular file (a symbolic link is refused, not
    /// followed) of at most `maximumBytes`, read without blocking (a FIFO cannot hold the
    /// reader), UTF-8, parsed by `parse(_:)`.
    public static func read(path: String) throws(FileProblem) -> Golden {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else {
            let e = errno
            if e == ENOENT { throw .missing }
            if e == ELOOP { throw .notAFile("a symbolic link") }
            throw .unreadable(String(cString: strerror(e)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .notAFile((info.st_mode & S_IFMT) == S_IFDIR ? "a folder" : "a special file")
        }
        guard Int(info.st_size) <= maximumBytes else { throw .tooLarge(Int(info.st_size)) }
        // At most one byte past the bound, whatever the file grew to since it was measured:
        // room for its size and a byte, grown only if it grew.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while count <= maximumBytes {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: min(bytes.count, maximumBytes + 1 - count)) }
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
            if n == 0 { break }
            count += n
        }
        guard count <= maximumBytes else { throw .tooLarge(count) }
        guard let text = String(validating: bytes[0..<count], as: UTF8.self) else {
            throw .invalid(Problem(line: nil, message: "it is not UTF-8 text"))
        }
        do { return try parse(text) } catch { throw .invalid(error) }
    }

    /// Writes `text` to `path` whole or not at all: into a new file beside it (made with
    /// O_EXCL, so nothing there is followed), then renamed over `path`. What is at `path`
    /// must be a regular file or nothing (a symbolic link or folder there is refused).
    public static func write(_ text: String, to path: String) throws(FileProblem) {
        var info = stat()
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            throw .notAFile((info.st_mode & S_IFMT) == S_IFLNK ? "a symbolic link" : (info.st_mode & S_IFMT) == S_IFDIR ? "a folder" : "a special file")
        }
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = (folder.isEmpty ? "" : folder + "/") + ".\((path as NSString).lastPathComponent).\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .unwritable(String(cString: strerror(errno))) }
        var written = 0
        let bytes = Array(text.utf8)
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let why = String(cString: strerror(errno))
                close(fd); unlink(temporary)
                throw .unwritable(why)
            }
            written += n
        }
        guard close(fd) == 0, rename(temporary, path) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(temporary)
            throw .unwritable(why)
        }
    }
}
