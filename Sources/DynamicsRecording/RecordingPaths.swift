import Foundation

/// Paths in recordings: a header names its scene relative to the recording's folder, so a
/// folder holding both can move.
public enum RecordingPaths {
    /// How every recording begins (its header's first key): a file that does not is not
    /// written over.
    public static let opening = "{\"format\":\"dynamics-recording\""

    /// `scene` relative to the folder of `recording` (both as given, made absolute from the
    /// current folder): `s.lua` beside it, `../scenes/s.lua` elsewhere.
    public static func relative(_ scene: String, from recording: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        func absolute(_ p: String) -> [String] {
            let full = p.hasPrefix("/") ? p : (cwd as NSString).appendingPathComponent(p)
            return (full as NSString).standardizingPath.split(separator: "/").map(String.init)
        }
        let s = absolute(scene), folder = Array(absolute(recording).dropLast())
        var common = 0
        while common < min(s.count - 1, folder.count), s[common] == folder[common] { common += 1 }
        let up = Array(repeating: "..", count: folder.count - common)
        return (up + s[common...]).joined(separator: "/")
    }
}
