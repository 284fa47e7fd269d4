import Foundation

/// What scripts may read: the one rule for every file a script makes the host read (a test's
/// `loadScene`, the modules `require` loads, the plugins `require` and `dyn.use` load, the
/// plugin folders a message lists).
///
/// A file may be read when its real path (every symbolic link resolved, `.` and `..` gone)
/// lies inside one of these folders, each taken by its real path too:
/// - the script's own folder: the scene's (`dynamics run`, `check`, `serve`) or the test
///   file's (`dynamics test`), and everything below it;
/// - the folders its `dynamics test` run was given (a file given stands for its folder), so a
///   test in `tests/` may load the scene above it when the run was given the scene's folder;
/// - the folders of `DYNAMICS_PATH`, the search path the user set.
///
/// `/` is never one of them, whoever names it: a test at `/tmp/x_test.lua` may read `/tmp`
/// and below, not the machine. The rule is checked on the path before a file is opened and
/// again on the file that was opened (`LuaSource.read`), so a link swapped in between cannot
/// lead out either.
public struct LuaReadableFolders: Sendable {
    /// The folders as given (messages name them).
    public let folders: [String]
    /// Their real paths, each ending in "/": folders that do not exist and `/` are left out.
    let roots: [String]
    /// Resolves a path to its real path, nil when it does not exist (`realpath(3)`; another
    /// in tests).
    let resolve: @Sendable (String) -> String?

    /// The folders scripts of `scriptFolder` ("" is the working directory) may read, with
    /// `runFolders` (a `dynamics test` run's) and `environment` (by default DYNAMICS_PATH's).
    public init(scriptFolder: String, runFolders: [String] = [],
                environment: [String]? = nil,
                resolve: @escaping @Sendable (String) -> String? = LuaReadableFolders.realPath) {
        var folders: [String] = []
        for f in [scriptFolder] + runFolders + (environment ?? LuaSearchScope.environmentFolders) where !folders.contains(f) { folders.append(f) }
        self.folders = folders
        self.resolve = resolve
        var roots: [String] = []
        for f in folders {
            guard let real = resolve(f.isEmpty ? "." : f), real != "/" else { continue }
            let root = real.hasSuffix("/") ? real : real + "/"
            if !roots.contains(root) { roots.append(root) }
        }
        self.roots = roots
    }

    /// The real path of an existing file or folder (links resolved), or nil.
    @Sendable public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path.isEmpty ? "." : path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether the real path `real` lies inside one of the folders (or is one of them).
    public func contains(real: String) -> Bool {
        roots.contains { real.hasPrefix($0) || real + "/" == $0 }
    }

    /// Why a file outside the folders is refused, after what the caller names.
    public var refusal: String {
        let shown = folders.filter { $0 != "/" }.map { $0.isEmpty ? "." : LuaBridge.shown($0) }
        return "is outside the folders scripts may read (\(shown.joined(separator: ", ")) and what they hold; never /)"
    }

    /// The real path of `path` if it may be read; nil when it does not exist; an error
    /// (`what()` and `refusal`) when it resolves outside the folders, through a link or not.
    public func permit(_ path: String, _ what: () -> String) throws -> String? {
        guard let real = resolve(path.isEmpty ? "." : path) else { return nil }
        guard contains(real: real) else { throw LuaArgumentError(message: "\(what()) \(refusal)") }
        return real
    }
}
