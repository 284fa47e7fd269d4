import CLua
import CLuaShim
import Dynamics
import DynamicsLua
import DynamicsRender
import Foundation

// expect(run):toMatchGolden(name [, { tolerance = 0.5, stride = N, items = {...} }])
// compares a run record with __goldens__/NAME.json beside the test file (DynamicsRender's
// `Golden`); `dynamics test --update-goldens` writes the goldens that are missing or differ.
// Goldens are read and written only in that folder: a name with '/', '..' or a control
// character is refused, as are a `__goldens__` that is a symbolic link and golden files that
// are links, folders or devices.

/// What a test runner tells its matchers about the file it runs (the golden matcher keeps
/// it; `LuaBridge.installRecordMatchers(context:)`).
public final class LuaTestContext {
    /// The test file, as the runner was given it (messages and commands name it so).
    public let testFile: String
    /// `dynamics test --update-goldens`: missing and differing goldens are written.
    public var updatesGoldens: Bool
    /// The golden names this file checked, and the line of the first check of each.
    var goldenChecks: [String: String] = [:]

    public init(testFile: String, updatesGoldens: Bool = false) {
        self.testFile = testFile
        self.updatesGoldens = updatesGoldens
    }
}

extension LuaBridge {
    /// The longest golden name (bytes): with ".mismatch.svg" it stays well inside a file name.
    static let maximumGoldenNameBytes = 100

    /// Refuses a golden name that is not a plain file name.
    static func checkGoldenName(_ name: String) throws {
        let what = "toMatchGolden(name)"
        guard !name.isEmpty else { throw LuaArgumentError(message: "\(what): the name is empty") }
        guard name.utf8.count <= maximumGoldenNameBytes else {
            throw LuaArgumentError(message: "\(what): at most \(maximumGoldenNameBytes) bytes, got \(name.utf8.count)")
        }
        // The one rule for what is not shown raw (`ShownText.isControl`): C0, DEL, C1 and the
        // bidirectional controls, which would make the file's name read as another.
        if let bad = name.unicodeScalars.first(where: ShownText.isControl) {
            throw LuaArgumentError(message: "\(what): a golden's name may not hold control characters (U+\(String(format: "%04X", bad.value)) in \(Golden.quoted(name)))")
        }
        for bad in ["/", "\\"] where name.contains(bad) {
            throw LuaArgumentError(message: "\(what): a golden's name is a file name in __goldens__, without '\(bad)' (got \(Golden.quoted(name)))")
        }
        guard !name.contains(".."), !name.hasPrefix(".") else {
            throw LuaArgumentError(message: "\(what): a golden's name may not start with '.' or hold '..' (got \(Golden.quoted(name)))")
        }
    }

    /// A path as a shell reads it: quoted when it holds anything but plain characters.
    static func shellWord(_ s: String) -> String {
        let plain = s.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "/._-+,:@%".unicodeScalars.contains($0)) }
        return plain && !s.isEmpty ? s : "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The indices in `record` of the items an `items = {...}` option names (names or items).
    func goldenItems(at index: Int32, of record: RunRecord) throws -> [Int] {
        let what = "toMatchGolden.items"
        guard lua_type(L, index) == LUA_TTABLE else {
            throw LuaArgumentError(message: "\(what): expected a list of item names or items, got \(typeName(at: index))")
        }
        let count = Int(lua_rawlen(L, index))
        guard count > 0 else { throw LuaArgumentError(message: "\(what): the list is empty") }
        var indices: [Int] = []
        for k in 1...count {
            lua_rawgeti(L, index, lua_Integer(k))
            defer { lua_settop(L, -2) }
            let i: Int
            if lua_type(L, -1) == LUA_TSTRING, let name = string(at: -1) {
                switch record.track(named: name) {
                case .found(let t): i = t.index
                case .ambiguous(let n):
                    throw LuaArgumentError(message: "\(what)[\(k)]: \(n) items are named '\(LuaBridge.shown(name))'; give the item itself")
                case .missing:
                    throw LuaArgumentError(message: "\(what)[\(k)]: no item named '\(LuaBridge.shown(name))' in this record\(LuaBridge.suggestion(for: name, among: record.names)) (items: \(LuaBridge.someNames(of: record)))")
                }
            } else if handle(at: -1, .item) != nil {
                let item = try object(at: -1, .item, as: DynamicView.self, what: "\(what)[\(k)]")
                guard let found = record.index(of: item) else {
                    throw LuaArgumentError(message: "\(what)[\(k)]: \(luaDescription(of: item, .item)) is not in this record")
                }
                i = found
            } else {
                throw LuaArgumentError(message: "\(what)[\(k)]: expected an item's name or the item, got \(handleTypeName(at: -1))")
            }
            guard !indices.contains(i) else { throw LuaArgumentError(message: "\(what)[\(k)]: '\(LuaBridge.shown(record.names[i]))' is listed twice") }
            indices.append(i)
        }
        return indices
    }

    /// The stride that keeps about 30 frames a second of `record` (1 for slower frames).
    static func defaultStride(of record: RunRecord) -> Int {
        guard record.frameCount > 1, let first = record.times.first, let last = record.times.last, last > first else { return 1 }
        let frame = (last - first) / Double(record.frameCount - 1)
        return max(1, Int((1.0 / 30 / frame).rounded()))
    }

    /// expect(run):toMatchGolden(name [, { tolerance, stride, items }]) (the test API passes
    /// whether it is negated second).
    func matchGolden(_ context: LuaTestContext) throws -> MatcherVerdict {
        let what = "toMatchGolden"
        let record = try runRecord(at: 1, what)
        let negated = lua_toboolean(L, 2) != 0
        let given = lua_gettop(L)
        guard given <= 4 else { throw LuaArgumentError(message: "\(what): takes (name [, { tolerance, stride, items }]), got \(given - 2) arguments") }
        guard let name = string(at: 3) else {
            throw LuaArgumentError(message: "\(what)(name): expected the golden's name (a string), got \(handleTypeName(at: 3))")
        }
        try LuaBridge.checkGoldenName(name)
        _ = try options(at: 4, what, allowed: ["tolerance", "stride", "items"])
        var tolerance = 0.5, stride = LuaBridge.defaultStride(of: record), indices: [Int]?
        if lua_type(L, 4) == LUA_TTABLE {
            if let t = try withField("tolerance", of: 4, { try number(at: $0, "\(what).tolerance") }) {
                guard t >= Golden.minimumTolerance else {
                    throw LuaArgumentError(message: "\(what).tolerance: must be at least \(LuaRecordFormat.number(Golden.minimumTolerance)) pt, got \(LuaRecordFormat.number(t))")
                }
                tolerance = t
            }
            if let s = try withField("stride", of: 4, { try number(at: $0, "\(what).stride") }) {
                guard s >= 1, s <= 1_000_000, s == s.rounded() else {
                    throw LuaArgumentError(message: "\(what).stride: must be a whole number of frames in 1…1000000, got \(LuaRecordFormat.number(s))")
                }
                stride = Int(s)
            }
            indices = try withField("items", of: 4) { try goldenItems(at: $0, of: record) }
        }
        // Two checks of one name would write each other's golden (a check under .never writes
        // none, and may share it).
        if !negated {
            let location = scriptLocation()
            if let first = context.goldenChecks[name], first != location {
                throw LuaArgumentError(message: "\(what): the golden '\(name)' is already checked at \(first); give each check its own name")
            }
            context.goldenChecks[name] = location
        }

        // The files, and the folder they must be in.
        let testFolder = folderPath(of: context.testFile)
        let folder = (testFolder.isEmpty ? "" : testFolder.hasSuffix("/") ? testFolder : testFolder + "/") + "__goldens__"
        let file = folder + "/" + name + ".json", picture = folder + "/" + name + ".mismatch.svg"
        var info = stat()
        let folderExists = lstat(folder, &info) == 0
        if folderExists, (info.st_mode & S_IFMT) != S_IFDIR {
            throw LuaArgumentError(message: "\(what): \(folder) is \((info.st_mode & S_IFMT) == S_IFLNK ? "a symbolic link" : "not a folder"); goldens live in a real folder __goldens__ beside the test")
        }
        let update = context.updatesGoldens && !negated
        let command = "dynamics test \(LuaBridge.shellWord(context.testFile)) --update-goldens"
        let golden: Golden?
        do {
            golden = try Golden.read(path: file)
        } catch .missing {
            golden = nil
        } catch where update && error.isContent {
            golden = nil // replaced below
        } catch {
            throw LuaArgumentError(message: "\(what): the golden \(file) cannot be used: \(error)\(error.isContent ? "; check it, or write it again with: \(command)" : "")")
        }
        let chosenNames = (indices ?? Array(record.items.indices)).map { record.uniqueNames[$0] }

        if update {
            let mismatch = golden?.firstMismatch(with: record, items: indices, tolerance: tolerance)
            if golden == nil || mismatch != nil || golden!.tolerance != tolerance || golden!.stride != stride || golden!.items != chosenNames {
                let text = Golden(record: record, items: indices, tolerance: tolerance, stride: stride).json()
                guard text.utf8.count <= Golden.maximumBytes else {
                    throw LuaArgumentError(message: "\(what): the golden '\(name)' would take \(text.utf8.count >> 20) MB, more than the \(Golden.maximumBytes >> 20) MB a golden may have; give items = {...} or a larger stride")
                }
                if !folderExists, mkdir(folder, 0o755) != 0, errno != EEXIST {
                    throw LuaArgumentError(message: "\(what): cannot make the folder \(folder): \(String(cString: strerror(errno)))")
                }
                do { try Golden.write(text, to: file) } catch {
                    throw LuaArgumentError(message: "\(what): cannot write the golden \(file): \(error)")
                }
            }
            LuaBridge.removeStalePicture(picture)
            return MatcherVerdict(holds: true, message: "", negated: "")
        }
        // Missing, it fails under .never too: there is nothing to differ from.
        guard let golden else {
            throw LuaArgumentError(message: "no golden '\(name)' yet (\(file)); write it with: \(command)")
        }
        guard let mismatch = golden.firstMismatch(with: record, items: indices, tolerance: tolerance) else {
            LuaBridge.removeStalePicture(picture)
            return MatcherVerdict(holds: true, message: "",
                                  negated: "expected this run to differ from the golden '\(name)' (\(file)); it matches within \(LuaRecordFormat.number(tolerance)) pt")
        }
        var drawn = "picture: \(picture) (the golden ghosted, this run solid)"
        do { try Golden.write(golden.comparisonSVG(record: record, items: indices, marking: mismatch), to: picture) } catch {
            drawn = "no picture (\(picture): \(error))"
        }
        return MatcherVerdict(holds: false,
                              message: "this run differs from the golden '\(name)' (\(file)) \(mismatch.description); \(drawn); if the change is intended: \(command)",
                              negated: "")
    }

    /// "file:line" of the script's line running now, past the test API's own chunk (whose
    /// matchers call this), or "?" when none is known.
    func scriptLocation() -> String {
        dyn_lua_pushlocated(L, "")
        defer { lua_settop(L, -2) }
        let w = string(at: -1) ?? ""
        return w.hasSuffix(": ") ? String(w.dropLast(2)) : "?"
    }

    /// Removes the picture of an earlier mismatch once the golden matches (only a regular
    /// file of that name).
    static func removeStalePicture(_ path: String) {
        var info = stat()
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { unlink(path) }
    }
}

extension Golden.FileProblem {
    /// A problem with what the file holds (not with what the path is).
    var isContent: Bool {
        switch self {
        case .invalid, .tooLarge: true
        default: false
        }
    }
}
