import Foundation

extension ItemImage {
    /// Reads the picture `relativePath` names inside `folder` (a scene's folder).
    ///
    /// The path must be relative, made of plain names joined by "/" (no "..", no ".", no
    /// empty part, no backslash, no NUL), at most 255 bytes; the file it names must be a
    /// regular file, and resolving every symbolic link on the way must leave it inside
    /// `folder` (itself resolved), checked on the path and again on the file opened (so a link
    /// swapped in between cannot lead out). The file is read only when its size is within
    /// `maximumBytes`; then `init(name:data:)` checks its kind. Throws a `DynamicsError` on
    /// `owner`.`property` naming the path.
    public static func load(_ relativePath: String, in folder: String, owner: @autoclosure () -> String = "style",
                            property: String = "image") throws -> ItemImage {
        let shown = ShownText.line(String(relativePath.prefix(200)))
        func refuse(_ why: String) -> DynamicsError {
            DynamicsError(owner: owner(), property: property, message: "\"\(shown)\" \(why)")
        }
        guard !relativePath.isEmpty, relativePath.utf8.count <= 255 else {
            throw refuse("must be a file name of 1…255 bytes")
        }
        guard !relativePath.hasPrefix("/"), !relativePath.hasPrefix("~") else {
            throw refuse("must be relative to the scene's folder, not an absolute path")
        }
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        for part in parts where part.isEmpty || part == "." || part == ".." || part.contains("\\") || part.contains("\0") {
            throw refuse("must name a file inside the scene's folder (no \"..\", \".\", empty parts or backslashes)")
        }
        let base = URL(fileURLWithPath: folder.isEmpty ? "." : folder).standardizedFileURL.resolvingSymlinksInPath()
        let file = base.appendingPathComponent(relativePath).resolvingSymlinksInPath()
        let inside = base.path == "/" ? file.path.hasPrefix("/") : file.path.hasPrefix(base.path + "/")
        guard inside else { throw refuse("leads outside the scene's folder (through a symbolic link)") }
        let fd = open(file.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw refuse("is not a file in the scene's folder") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw refuse("is not a regular file") }
        // The file opened must be the one checked: a link swapped in between cannot lead out.
        guard opened(fd, info, isInside: base.path, checked: file.path) else {
            throw refuse("leads outside the scene's folder (through a symbolic link)")
        }
        guard Int(info.st_size) <= maximumBytes else {
            throw refuse("is \(info.st_size) bytes; an image is at most \(maximumBytes) bytes")
        }
        // Its measured size and one byte more: a file that grew past the limit since is refused.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw refuse("cannot be read") }
            if n == 0 { break }
            count += n
        }
        let data = Data(bytes[0..<count])
        return try ItemImage(name: relativePath, data: data, owner: owner(), property: property)
    }

    /// Whether the file open at `fd` (its `fstat` is `info`) lies inside `folder` (a real
    /// path): by the path the system reports for the descriptor (`/proc/self/fd` on Linux,
    /// `F_GETPATH` on Darwin), or where there is none, by being the same file as `checked`.
    private static func opened(_ fd: Int32, _ info: stat, isInside folder: String, checked: String) -> Bool {
        func inside(_ path: String) -> Bool { folder == "/" ? path.hasPrefix("/") : path.hasPrefix(folder + "/") }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        #if os(Linux)
        let n = readlink("/proc/self/fd/\(fd)", &buffer, buffer.count - 1)
        if n > 0 { return inside(String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        #elseif canImport(Darwin)
        if fcntl(fd, F_GETPATH, &buffer) != -1 { return inside(String(cString: buffer)) }
        #endif
        var named = stat()
        return inside(checked) && stat(checked, &named) == 0 && named.st_dev == info.st_dev && named.st_ino == info.st_ino
    }
}
