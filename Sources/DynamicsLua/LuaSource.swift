import CLua
import CLuaShim
import Foundation

/// The folder part of a file path, as `NSString.deletingLastPathComponent` gives it ("" for a
/// bare name, "/" for a file at the root), for every path: swift-corelibs-foundation's traps
/// on a path of one character ("p", "e/"), and `dynamics run p` crashed with it.
public func folderPath(of path: String) -> String {
    var p = Substring(path)
    while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
    guard let slash = p.lastIndex(of: "/") else { return "" }
    if slash == p.startIndex { return "/" }
    var folder = p[..<slash]
    while folder.count > 1 && folder.hasSuffix("/") { folder = folder.dropLast() }
    return String(folder)
}

/// Script files as the host reads them: scenes, plugins, test files, `loadScene`. One reader,
/// so every kind of script has the same bounds: a regular file (not a FIFO or a device), at
/// most `maximumBytes`, valid UTF-8. A plugin of 8 GB was read whole, outside the memory cap
/// (16.8 GB resident before it failed); a test file of 600 MB took 1.25 GB.
public enum LuaSource {
    /// The largest script file read (bytes): 16 MiB.
    public static let maximumBytes = 16 << 20

    /// Why a file was not read, as messages show it after the file's name.
    public enum Refusal: Error, CustomStringConvertible {
        case unreadable, notAFile, tooLarge(Int), notUTF8, nameNotUTF8, outside

        public var description: String {
            switch self {
            case .unreadable: return "cannot read the file"
            case .notAFile: return "cannot read the file (not a regular file)"
            case .tooLarge(let n): return "cannot read the file: \(n) bytes, more than the \(LuaSource.maximumBytes >> 20) MB a script may have"
            case .notUTF8: return "cannot read the file (it is not UTF-8 text)"
            case .nameNotUTF8: return "cannot read the file: file names must be valid UTF-8 (the bytes shown as \u{FFFD} are not)"
            case .outside: return "cannot read the file: the file opened is outside the folders scripts may read"
            }
        }
    }

    /// The text of the script at `path`. A symbolic link is followed (a scene linked into a
    /// folder runs). With `folders` (a read a script caused, which its caller checked against
    /// them by path), the file opened must lie inside them too, so a link swapped in between
    /// the check and the open cannot lead out. The file is opened without blocking and
    /// checked once open, so nothing swapped in between the check and the read (a FIFO) can
    /// hold the host.
    public static func read(_ path: String, within folders: LuaReadableFolders? = nil) throws(Refusal) -> String {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        // Paths are Strings: a name that is not UTF-8 (found in a folder, or given on the
        // command line) reaches here with U+FFFD for its bad bytes, and no such file exists.
        // Saying so beats "cannot read the file" about a file the user can see.
        guard fd >= 0 else { throw errno == ENOENT && path.contains("\u{FFFD}") ? .nameNotUTF8 : .unreadable }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable }
        if let folders, !opened(fd, info, isInside: folders, path: path) { throw .outside }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .notAFile }
        let size = Int(info.st_size)
        guard size <= maximumBytes else { throw .tooLarge(size) }
        // At most one byte past the limit, whatever the file grew to since: room for its size
        // and a byte, grown only if it grew.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var count = 0
        while count <= maximumBytes {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: min(bytes.count, maximumBytes + 1 - count)) }
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw .unreadable }
            if n == 0 { break }
            count += n
        }
        guard count <= maximumBytes else { throw .tooLarge(count) }
        guard var text = String(validating: bytes[0..<count], as: UTF8.self) else { throw .notUTF8 }
        // As the stock `lua` reads a file: a byte-order mark is skipped, and a first line
        // starting with '#' (`#!/usr/bin/env lua`) is blanked, its line break kept so line
        // numbers stay (both were syntax errors).
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        if text.hasPrefix("#") {
            let end = text.firstIndex { $0 == "\n" || $0 == "\r\n" } ?? text.endIndex
            text.replaceSubrange(text.startIndex..<end, with: "")
        }
        return text
    }

    /// Whether the file open at `fd` (its `fstat` is `info`) lies inside `folders`: by the path
    /// the system reports for the descriptor (`/proc/self/fd` on Linux, `F_GETPATH` on
    /// Darwin), or where there is none, by being the same file as `path`'s real path.
    private static func opened(_ fd: Int32, _ info: stat, isInside folders: LuaReadableFolders, path: String) -> Bool {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        #if os(Linux)
        let n = readlink("/proc/self/fd/\(fd)", &buffer, buffer.count - 1)
        if n > 0 { return folders.contains(real: String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        #elseif canImport(Darwin)
        if fcntl(fd, F_GETPATH, &buffer) != -1 { return folders.contains(real: String(cString: buffer)) }
        #endif
        guard let real = folders.resolve(path), folders.contains(real: real) else { return false }
        var named = stat()
        return stat(real, &named) == 0 && named.st_dev == info.st_dev && named.st_ino == info.st_ino
    }

    /// Loads `source` as a text chunk under the sandbox, its whole length: a NUL byte is part
    /// of the text (Lua then reports it where it is), not its end. A chunk once stopped at
    /// the first NUL, so a test file's cases after one were silently never run.
    static func load(_ L: OpaquePointer, _ source: String, chunkName: String) -> Int32 {
        // withCString hands over every byte (a NUL inside stays); the length says where it ends.
        source.withCString { dyn_lua_load_sandboxed(L, $0, source.utf8.count, chunkName) }
    }

    /// Pushes `text` as a Lua string of its whole length (NUL bytes included).
    static func push(_ L: OpaquePointer, _ text: String) {
        _ = text.withCString { lua_pushlstring(L, $0, text.utf8.count) }
    }
}
