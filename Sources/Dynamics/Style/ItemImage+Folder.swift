import Foundation

extension ItemImage {
    /// Reads the picture `relativePath` names inside `folder` (a scene's folder).
    ///
    /// The path must be relative, made of plain names joined by "/" (no "..", no ".", no
    /// empty part, no backslash, no NUL), at most 255 bytes; the file it names must be a
    /// regular file, and resolving every symbolic link on the way must leave it inside
    /// `folder` (itself resolved). Then `init(name:data:)` checks its size and kind; the file
    /// is read only when its size is within `maximumBytes`. Throws a `DynamicsError` on
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
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw refuse("is not a file in the scene's folder")
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
        guard (attributes?[.type] as? FileAttributeType) == .typeRegular else { throw refuse("is not a regular file") }
        if let size = (attributes?[.size] as? NSNumber)?.intValue, size > maximumBytes {
            throw refuse("is \(size) bytes; an image is at most \(maximumBytes) bytes")
        }
        guard let handle = FileHandle(forReadingAtPath: file.path) else { throw refuse("cannot be read") }
        defer { try? handle.close() }
        // One byte more than allowed: a file that grew since it was measured is still refused.
        let data = (try? handle.read(upToCount: maximumBytes + 1)) ?? Data()
        return try ItemImage(name: relativePath, data: data, owner: owner(), property: property)
    }
}
