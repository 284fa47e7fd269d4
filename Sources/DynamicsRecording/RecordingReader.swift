import Dynamics
import Foundation

/// A recording that cannot be read or replayed: the line it is about (0: the file as a
/// whole) and what is wrong with it.
public struct RecordingError: Error, CustomStringConvertible, Sendable {
    public var line: Int
    public var message: String
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }
    public var description: String { line > 0 ? "line \(line): \(message)" : message }
}

/// Reads a recording line by line and checks every line before handing it on (docs/
/// recordings.md, "Limits"): the header's format and version, every key and its type,
/// numbers finite and within range, frames numbered in order, keyframes where the header says,
/// at most `maximumInputsPerFrame` inputs a frame, `maximumItems` items a keyframe and
/// `maximumLineBytes` a line, and the end line (a file cut short has none). A problem is a
/// `RecordingError` naming the line; nothing in a file can crash the reader or make it read
/// more than one line's bound at a time.
public final class RecordingReader {
    /// Longest line, in bytes (a keyframe of `maximumItems` items fits).
    public static let maximumLineBytes = 32 << 20
    /// Most items in a keyframe.
    public static let maximumItems = 100_000
    /// Most inputs in one frame.
    public static let maximumInputsPerFrame = 10_000
    /// Longest simulated run, seconds (as `dynamics run --seconds`).
    public static let maximumSeconds = 86_400.0
    /// Largest |number| of an item's state or an input (points, pt/s, rad/s, a slider's value).
    public static let largest = 1e15
    /// Longest name (item, slider), scene path and build text, in bytes.
    public static let maximumTextBytes = 4096

    public let path: String
    public let header: RecordingHeader
    /// The line last read (1: the header).
    public private(set) var lineNumber = 1
    /// The frames read so far.
    public private(set) var framesRead = 0
    private var lastTime = 0.0
    private var ended = false
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var bufferStart = 0
    private var atEOF = false

    /// Opens `path` and reads its header.
    public init(path: String) throws(RecordingError) {
        self.path = path
        fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw RecordingError(line: 0, message: "cannot open it: \(String(cString: strerror(errno)))") }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw RecordingError(line: 0, message: "is not a regular file")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        let header: RecordingHeader
        do throws(RecordingError) {
            guard let first = try RecordingReader.nextLine(fd: fd, buffer: &buffer, start: &bufferStart, atEOF: &atEOF, line: 1) else {
                throw RecordingError(line: 0, message: "is empty (a recording starts with its header line)")
            }
            header = try RecordingReader.header(first)
        } catch {
            close(fd)
            throw error
        }
        self.header = header
    }

    deinit { close(fd) }

    /// The next frame, or nil after the end line. Reading on after an error is an error too.
    public func next() throws(RecordingError) -> RecordedFrame? {
        guard !ended else { return nil }
        lineNumber += 1
        guard let line = try RecordingReader.nextLine(fd: fd, buffer: &buffer, start: &bufferStart, atEOF: &atEOF, line: lineNumber) else {
            throw RecordingError(line: lineNumber, message: "the file ends after frame \(framesRead - 1) without its end line (the recording was cut short)")
        }
        let value: JSONLineValue
        do { value = try JSONLineParser.parse(line) } catch { throw RecordingError(line: lineNumber, message: error.message) }
        let fields = try object(value, "a frame")
        if fields.count == 1, fields[0].key == "end" {
            let n = try integer(fields[0].value, "end", 0...Int.max)
            guard n == framesRead else {
                throw RecordingError(line: lineNumber, message: "end: the recording says \(n) frames, it holds \(framesRead)")
            }
            guard framesRead > 0 else { throw RecordingError(line: lineNumber, message: "the recording holds no frames") }
            ended = true
            // Nothing may follow the end line.
            let more = try RecordingReader.nextLine(fd: fd, buffer: &buffer, start: &bufferStart, atEOF: &atEOF, line: lineNumber + 1)
            if more != nil { throw RecordingError(line: lineNumber + 1, message: "text after the end line") }
            return nil
        }
        let frame = try self.frame(fields)
        framesRead += 1
        return frame
    }

    /// Every frame to the end line (for the viewer, which replays from any frame).
    public func readAll() throws(RecordingError) -> [RecordedFrame] {
        var frames: [RecordedFrame] = []
        while let f = try next() { frames.append(f) }
        return frames
    }

    // MARK: Lines

    /// The next line's bytes without its newline, nil at the end of the file. A last line
    /// without a newline is a truncated file; a line longer than `maximumLineBytes` is refused
    /// as soon as that many bytes have come.
    private static func nextLine(fd: Int32, buffer: inout [UInt8], start: inout Int, atEOF: inout Bool, line: Int) throws(RecordingError) -> [UInt8]? {
        var searched = start
        while true {
            if let nl = buffer[searched...].firstIndex(of: 0x0A) {
                let out = Array(buffer[start..<nl])
                start = nl + 1
                if start > 1 << 20 { buffer.removeFirst(start); start = 0 }
                return out
            }
            searched = buffer.count
            guard buffer.count - start <= maximumLineBytes else {
                throw RecordingError(line: line, message: "the line is longer than \(maximumLineBytes >> 20) MB, the most a line may hold")
            }
            if atEOF {
                guard buffer.count > start else { return nil }
                throw RecordingError(line: line, message: "the file ends inside this line (the recording was cut short)")
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw RecordingError(line: line, message: "cannot be read: \(String(cString: strerror(errno)))")
            }
            if n == 0 { atEOF = true; continue }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }

    // MARK: Header

    private static func header(_ line: [UInt8]) throws(RecordingError) -> RecordingHeader {
        let value: JSONLineValue
        do { value = try JSONLineParser.parse(line) } catch {
            throw RecordingError(line: 1, message: "not a recording (its first line is not a JSON object: \(error.message))")
        }
        guard case .object(let fields) = value else { throw RecordingError(line: 1, message: "not a recording (its first line is \(value.kind), not a header object)") }
        // The format first: another file's keys are not a recording's, whatever they are.
        guard let format = fields.first(where: { $0.key == "format" }), case .string(RecordingFormat.name) = format.value else {
            throw RecordingError(line: 1, message: "not a recording: header.format must be \"\(RecordingFormat.name)\"")
        }
        let c = Checker(line: 1, owner: "header")
        let map = try c.keys(fields, required: ["format", "version", "scene", "sceneSHA256", "fps", "params", "build"],
                             optional: ["host", "keyframeInterval"])
        let version = try c.integer(map["version"]!, "version", 0...Int.max)
        guard version == RecordingFormat.version else {
            throw RecordingError(line: 1, message: "header.version: this build reads version \(RecordingFormat.version), the recording is version \(version)")
        }
        let scene = try c.text(map["scene"]!, "scene")
        guard !scene.isEmpty else { throw RecordingError(line: 1, message: "header.scene: must name the scene file") }
        let sha = try c.text(map["sceneSHA256"]!, "sceneSHA256")
        guard sha.count == 64, sha.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
            throw RecordingError(line: 1, message: "header.sceneSHA256: expected 64 lowercase hexadecimal digits")
        }
        let fps = try c.number(map["fps"]!, "fps", 1...1000)
        guard case .object(let paramFields) = map["params"]! else {
            throw RecordingError(line: 1, message: "header.params: expected an object of name: value, got \(map["params"]!.kind)")
        }
        guard paramFields.count <= 200 else { throw RecordingError(line: 1, message: "header.params: more than 200 parameters") }
        var params: [(name: String, value: Double)] = []
        for m in paramFields {
            let name = m.key, v = m.value
            guard name.utf8.count <= maximumTextBytes else { throw RecordingError(line: 1, message: "header.params: a name longer than \(maximumTextBytes) bytes") }
            params.append((name, try c.number(v, "params.\(name)", -largest...largest)))
        }
        let build = try c.text(map["build"]!, "build")
        let host = try map["host"].map { v throws(RecordingError) in try c.text(v, "host") } ?? "run"
        guard ["run", "serve"].contains(host) else { throw RecordingError(line: 1, message: "header.host: expected \"run\" or \"serve\", got \"\(host.prefix(40))\"") }
        let interval = try map["keyframeInterval"].map { v throws(RecordingError) in try c.integer(v, "keyframeInterval", 1...100_000) }
            ?? RecordingFormat.defaultKeyframeInterval
        return RecordingHeader(scene: scene, sceneSHA256: sha, fps: fps, params: params, build: build, host: host, keyframeInterval: interval)
    }

    // MARK: Frames

    private func object(_ v: JSONLineValue, _ what: String) throws(RecordingError) -> [JSONMember] {
        guard case .object(let fields) = v else { throw RecordingError(line: lineNumber, message: "expected \(what) object, got \(v.kind)") }
        return fields
    }

    private func integer(_ v: JSONLineValue, _ key: String, _ range: ClosedRange<Int>) throws(RecordingError) -> Int {
        try Checker(line: lineNumber, owner: "frame").integer(v, key, range)
    }

    private func frame(_ fields: [JSONMember]) throws(RecordingError) -> RecordedFrame {
        let c = Checker(line: lineNumber, owner: "frame")
        let map = try c.keys(fields, required: ["frame", "t", "hash"], optional: ["inputs", "dt", "keyframe"])
        let n = try c.integer(map["frame"]!, "frame", 0...Int.max)
        guard n == framesRead else { throw RecordingError(line: lineNumber, message: "frame: expected frame \(framesRead), got \(n)") }
        let t = try c.number(map["t"]!, "t", 0...RecordingReader.maximumSeconds)
        guard t >= lastTime else { throw RecordingError(line: lineNumber, message: "t: \(t) s is before the previous frame's \(lastTime) s") }
        guard case .string(let hashText) = map["hash"]!, hashText.utf8.count == 16, let hash = UInt64(hashText, radix: 16) else {
            throw RecordingError(line: lineNumber, message: "frame.hash: expected 16 hexadecimal digits")
        }
        var inputs: [TimedInput] = []
        if let list = map["inputs"] {
            guard case .array(let elements) = list else { throw RecordingError(line: lineNumber, message: "frame.inputs: expected an array, got \(list.kind)") }
            guard elements.count <= RecordingReader.maximumInputsPerFrame else {
                throw RecordingError(line: lineNumber, message: "frame.inputs: \(elements.count) inputs in one frame, more than the \(RecordingReader.maximumInputsPerFrame) a frame may hold")
            }
            inputs.reserveCapacity(elements.count)
            for (i, e) in elements.enumerated() { inputs.append(try input(e, index: i + 1, frameTime: t)) }
        }
        var step: Double?
        if let dt = map["dt"] {
            step = try c.number(dt, "dt", Limits.minimumTimeStep...Limits.frame)
            guard n > 0 else { throw RecordingError(line: lineNumber, message: "frame.dt: frame 0 does not step") }
        }
        var keyframe: Keyframe?
        if let k = map["keyframe"] { keyframe = try self.keyframe(k, time: t) }
        let due = n % header.keyframeInterval == 0
        if due && keyframe == nil {
            throw RecordingError(line: lineNumber, message: "frame \(n) has no keyframe (one is due every \(header.keyframeInterval) frames)")
        }
        if !due && keyframe != nil {
            throw RecordingError(line: lineNumber, message: "frame \(n) has a keyframe, which is due only every \(header.keyframeInterval) frames")
        }
        lastTime = t
        return RecordedFrame(frame: n, time: t, inputs: inputs, hash: hash, keyframe: keyframe, step: step)
    }

    private func input(_ v: JSONLineValue, index: Int, frameTime: Double) throws(RecordingError) -> TimedInput {
        let c = Checker(line: lineNumber, owner: "inputs[\(index)]")
        guard case .object(let fields) = v else { throw RecordingError(line: lineNumber, message: "inputs[\(index)]: expected an object, got \(v.kind)") }
        let isPointer = fields.contains { $0.key == "pointer" }
        let map = try isPointer ? c.keys(fields, required: ["t", "pointer", "x", "y"], optional: [])
                                : c.keys(fields, required: ["t", "param", "value"], optional: [])
        let t = try c.number(map["t"]!, "t", 0...frameTime)
        if isPointer {
            let phase = try c.text(map["pointer"]!, "pointer")
            guard PointerPhase(rawValue: phase) != nil else {
                throw RecordingError(line: lineNumber, message: "inputs[\(index)].pointer: expected began, moved, ended or cancelled, got \"\(phase.prefix(40))\"")
            }
            let limit = Double(Limits.coordinate)
            return TimedInput(time: t, input: .pointer(phase: phase, x: try c.number(map["x"]!, "x", -limit...limit),
                                                       y: try c.number(map["y"]!, "y", -limit...limit)))
        }
        return TimedInput(time: t, input: .param(name: try c.text(map["param"]!, "param"),
                                                 value: try c.number(map["value"]!, "value", -RecordingReader.largest...RecordingReader.largest)))
    }

    private func keyframe(_ v: JSONLineValue, time: Double) throws(RecordingError) -> Keyframe {
        let c = Checker(line: lineNumber, owner: "keyframe")
        guard case .object(let fields) = v else { throw RecordingError(line: lineNumber, message: "keyframe: expected an object, got \(v.kind)") }
        let map = try c.keys(fields, required: ["time", "items"], optional: [])
        let kt = try c.number(map["time"]!, "time", 0...RecordingReader.maximumSeconds)
        guard kt.bitPattern == time.bitPattern else { throw RecordingError(line: lineNumber, message: "keyframe.time: \(kt) s is not the frame's time \(time) s") }
        guard case .array(let list) = map["items"]! else { throw RecordingError(line: lineNumber, message: "keyframe.items: expected an array, got \(map["items"]!.kind)") }
        guard list.count <= RecordingReader.maximumItems else {
            throw RecordingError(line: lineNumber, message: "keyframe.items: \(list.count) items, more than the \(RecordingReader.maximumItems) a keyframe may hold")
        }
        var items: [RecordedItem] = []
        items.reserveCapacity(list.count)
        let r = -RecordingReader.largest...RecordingReader.largest
        for (i, e) in list.enumerated() {
            let ic = Checker(line: lineNumber, owner: "keyframe.items[\(i + 1)]")
            guard case .object(let f) = e else { throw RecordingError(line: lineNumber, message: "keyframe.items[\(i + 1)]: expected an object, got \(e.kind)") }
            let m = try ic.keys(f, required: ["name", "x", "y", "angle", "vx", "vy", "w", "sleeping"], optional: [])
            guard case .bool(let sleeping) = m["sleeping"]! else {
                throw RecordingError(line: lineNumber, message: "keyframe.items[\(i + 1)].sleeping: expected a boolean, got \(m["sleeping"]!.kind)")
            }
            items.append(RecordedItem(name: try ic.text(m["name"]!, "name"), x: try ic.number(m["x"]!, "x", r), y: try ic.number(m["y"]!, "y", r),
                                      angle: try ic.number(m["angle"]!, "angle", -4...4), vx: try ic.number(m["vx"]!, "vx", r),
                                      vy: try ic.number(m["vy"]!, "vy", r), w: try ic.number(m["w"]!, "w", r), sleeping: sleeping))
        }
        return Keyframe(time: kt, items: items)
    }
}

/// Checks of one object's fields, with errors naming the line and `owner.key`.
struct Checker {
    var line: Int
    var owner: String

    func fail(_ key: String, _ message: String) -> RecordingError {
        RecordingError(line: line, message: "\(owner).\(key): \(message)")
    }

    /// The fields by key: every required key present, no other key, none twice.
    func keys(_ fields: [JSONMember], required: [String], optional: [String]) throws(RecordingError) -> [String: JSONLineValue] {
        var map: [String: JSONLineValue] = [:]
        for m in fields {
            let k = m.key, v = m.value
            guard required.contains(k) || optional.contains(k) else {
                let shown = k.count > 40 ? "\(k.prefix(40))…" : k
                throw RecordingError(line: line, message: "\(owner): unknown key \"\(shown)\" (keys: \((required + optional).joined(separator: ", ")))")
            }
            guard map.updateValue(v, forKey: k) == nil else { throw fail(k, "given twice") }
        }
        for k in required where map[k] == nil { throw fail(k, "missing") }
        return map
    }

    func number(_ v: JSONLineValue, _ key: String, _ range: ClosedRange<Double>) throws(RecordingError) -> Double {
        guard case .number(let text) = v else { throw fail(key, "expected a number, got \(v.kind)") }
        guard let d = Double(text), d.isFinite else { throw fail(key, "\(text) is beyond Double's range") }
        guard range.contains(d) else { throw fail(key, "must be within \(range.lowerBound)…\(range.upperBound), got \(d)") }
        return d
    }

    func integer(_ v: JSONLineValue, _ key: String, _ range: ClosedRange<Int>) throws(RecordingError) -> Int {
        guard case .number(let text) = v else { throw fail(key, "expected a whole number, got \(v.kind)") }
        guard let n = Int(text) else { throw fail(key, "expected a whole number, got \(text)") }
        guard range.contains(n) else { throw fail(key, "must be within \(range.lowerBound)…\(range.upperBound), got \(n)") }
        return n
    }

    func text(_ v: JSONLineValue, _ key: String) throws(RecordingError) -> String {
        guard case .string(let s) = v else { throw fail(key, "expected a string, got \(v.kind)") }
        guard s.utf8.count <= RecordingReader.maximumTextBytes else { throw fail(key, "longer than \(RecordingReader.maximumTextBytes) bytes") }
        return s
    }
}
