import Foundation
import Dynamics
import DynamicsLua

/// A recorded session: the pointer events and slider moves seen since "record" restarted the
/// scene, each on the step (of 1/60 s) before which it was applied, and the parameter values
/// the scene started with. `testSource` turns it into a `*_test.lua` that replays it.
struct Recording {
    enum Event {
        case pointer(phase: String, x: Double, y: Double)
        case param(name: String, value: Double)
    }
    /// Most events a recording keeps (a test of 100 000 events is about 7 MB of Lua).
    static let maximumEvents = 100_000
    var start: [(name: String, value: Double)] = []
    var events: [(step: Int, event: Event)] = []
    /// The sliders' names as the scene's bytes, by their text: a name that is not UTF-8
    /// (its text has U+FFFD where the bytes were) is written into the test as those bytes,
    /// so `params[name]` finds the slider (the text found nothing: "attempt to index a nil
    /// value (field '?')").
    var nameBytes: [String: [UInt8]] = [:]

    /// A slider's name as a Lua literal of its bytes.
    func luaName(_ name: String) -> String {
        nameBytes[name].map { LuaBridge.luaString(bytes: $0) } ?? Recording.lua(name)
    }

    /// Lua source of a number that reads back as the same Double.
    static func lua(_ v: Double) -> String { LuaBridge.luaNumber(v) }

    /// Lua source of a string literal.
    static func lua(_ s: String) -> String { LuaBridge.luaString(s) }

    /// How every recorded test begins: a file that does not is someone's own test, which a
    /// save must not replace.
    static let header = "-- Recorded by `dynamics serve "

    /// Writes a recorded test to `path`: a new file, or an earlier recording replaced (its
    /// first bytes are `header`). Anything else is refused: a test written by hand, a folder,
    /// a FIFO, a device, and a symbolic link, which would have the viewer write wherever it
    /// points (another site's page could reach "save"; see `LiveRoutes.HostNames`). The file
    /// is opened once, without following a link and without blocking, and checked through
    /// that descriptor, so nothing swapped in meanwhile is written through.
    static func write(_ text: String, to path: String) throws(SaveRefusal) {
        let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw errno == ELOOP ? .link : .cannotWrite(String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw .notAFile }
        guard info.st_nlink <= 1 else { throw .link } // a hard link writes a file elsewhere too
        if info.st_size > 0 {
            let expected = Array(header.utf8)
            var start = [UInt8](repeating: 0, count: expected.count)
            let n = start.withUnsafeMutableBytes { read(fd, $0.baseAddress, expected.count) }
            guard n == expected.count, start == expected else { throw .notARecording }
        }
        guard ftruncate(fd, 0) == 0, lseek(fd, 0, SEEK_SET) == 0 else { throw .cannotWrite(String(cString: strerror(errno))) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw .cannotWrite(String(cString: strerror(errno))) }
            bytes = bytes.dropFirst(n)
        }
    }

    /// Why a recorded test was not written.
    enum SaveRefusal: Error, CustomStringConvertible {
        case link, notAFile, notARecording, cannotWrite(String)

        var description: String {
            switch self {
            case .link: return "is a link (a recording is written only to a file of its own)"
            case .notAFile: return "is not a regular file"
            case .notARecording: return "exists and is not a recording; move it away to save this one"
            case .cannotWrite(let reason): return "cannot be written: \(reason)"
            }
        }
    }

    /// A test file for the scene `sceneFile` (beside it): it loads the scene, sets the starting
    /// parameters, replays the events on their steps, runs to `steps` and expects every item's
    /// final center within 0.5 pt of `finals` (name, x, y, in the animator's item order).
    /// The file name goes into the header comment with its control characters escaped (a
    /// name with a newline put live code into the test).
    func testSource(sceneFile: String, steps: Int, finals: [(name: String, x: Double, y: Double)]) -> String {
        var s = """
        \(Recording.header)\(ShownText.line(sceneFile))`: the pointer events and slider moves of a live
        -- session, replayed on fixed steps of 1/60 s; every item must end where it ended then.
        local scene = loadScene(\(Recording.lua(sceneFile)))
        -- The scene returns its animator, or a table { animator = a, params = ... }.
        local described = type(scene) == "table"
        local animator = described and scene.animator or scene
        local params = described and scene.params or {}

        local start = {

        """
        for p in start { s += "  { name = \(luaName(p.name)), value = \(Recording.lua(p.value)) },\n" }
        s += "}\nlocal events = {\n"
        for (step, e) in events {
            switch e {
            case let .pointer(phase, x, y):
                s += "  { step = \(step), phase = \(Recording.lua(phase)), x = \(Recording.lua(x)), y = \(Recording.lua(y)) },\n"
            case let .param(name, value):
                s += "  { step = \(step), param = \(luaName(name)), value = \(Recording.lua(value)) },\n"
            }
        }
        s += "}\nlocal steps = \(steps)\nlocal expected = {\n"
        for f in finals { s += "  { name = \(Recording.lua(f.name)), x = \(Recording.lua(f.x)), y = \(Recording.lua(f.y)) },\n" }
        s += """
        }

        test(\(Recording.lua("replays the recorded session of " + sceneFile)), function()
          for _, p in ipairs(start) do params[p.name].apply(p.value) end
          local nextEvent = 1
          for step = 0, steps do
            while events[nextEvent] and events[nextEvent].step == step do
              local e = events[nextEvent]
              if e.param then params[e.param].apply(e.value)
              else animator:pointer{ phase = e.phase, x = e.x, y = e.y } end
              nextEvent = nextEvent + 1
            end
            if step < steps then animator:step(1 / 60) end
          end
          local items = animator:itemsIn{ -1e12, -1e12, 2e12, 2e12 }
          expect(#items):toBe(#expected)
          for i, want in ipairs(expected) do
            local item = items[i]
            expect(item.name or ("item" .. i)):toBe(want.name)
            expect(item.center.x):toBeCloseTo(want.x, 0.5)
            expect(item.center.y):toBeCloseTo(want.y, 0.5)
          end
        end)

        """
        return s
    }
}
