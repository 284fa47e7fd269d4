import CLua
import CLuaShim
import Foundation

/// Script files as the host reads them: scenes, plugins, test files, `loadScene`. One reader,
/// so every kind of script has the same bounds: a regular file (not a FIFO or a device), at
/// most `maximumBytes`, valid UTF-8. A plugin of 8 GB was read whole, outside the memory cap
/// (16.8 GB resident before it failed); a test file of 600 MB took 1.25 GB.
public enum LuaSource {
    /// The largest script file read (bytes): 16 MiB.
    public static let maximumBytes = 16 << 20

    /// Why a file was not read, as messages show it after the file's name.
    public enum Refusal: Error, CustomStringConvertible {
        case unreadable, notAFile, tooLarge(Int), notUTF8

        public var description: String {
            switch self {
            case .unreadable: return "cannot read the file"
            case .notAFile: return "cannot read the file (not a regular file)"
            case .tooLarge(let n): return "cannot read the file: \(n) bytes, more than the \(LuaSource.maximumBytes >> 20) MB a script may have"
            case .notUTF8: return "cannot read the file (it is not UTF-8 text)"
            }
        }
    }

    /// The text of the script at `path`.
    public static func read(_ path: String) throws(Refusal) -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { throw .unreadable }
        guard attributes[.type] as? FileAttributeType == .typeRegular else { throw .notAFile }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maximumBytes else { throw .tooLarge(size) }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable }
        defer { try? handle.close() }
        // At most one byte past the limit, whatever the file grew to since.
        guard let data = try? handle.read(upToCount: maximumBytes + 1) ?? Data() else { throw .unreadable }
        guard data.count <= maximumBytes else { throw .tooLarge(data.count) }
        guard let text = String(data: data, encoding: .utf8) else { throw .notUTF8 }
        return text
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
        text.withCString { lua_pushlstring(L, $0, text.utf8.count) }
    }
}
