import Foundation

/// Turns a recording's header and frames into its lines (JSON, one a line, each ending in
/// a newline). Keys are written in a fixed order; empty input lists and absent keyframes
/// are left out.
public enum RecordingEncoder {
    /// The header line.
    public static func line(_ h: RecordingHeader) -> String {
        var o = JSONLineText()
        o.raw("{\"format\":"); o.string(RecordingFormat.name)
        o.raw(",\"version\":\(RecordingFormat.version),\"scene\":"); o.string(h.scene)
        o.raw(",\"sceneSHA256\":"); o.string(h.sceneSHA256)
        o.raw(",\"fps\":"); o.number(h.fps)
        o.raw(",\"params\":{")
        for (i, p) in h.params.enumerated() {
            if i > 0 { o.raw(",") }
            o.string(p.name); o.raw(":"); o.number(p.value)
        }
        o.raw("},\"build\":"); o.string(h.build)
        o.raw(",\"host\":"); o.string(h.host)
        o.raw(",\"keyframeInterval\":\(h.keyframeInterval)}\n")
        return o.text
    }

    /// A frame's line.
    public static func line(_ f: RecordedFrame) -> String {
        var o = JSONLineText()
        o.raw("{\"frame\":\(f.frame),\"t\":"); o.number(f.time)
        if !f.inputs.isEmpty {
            o.raw(",\"inputs\":[")
            for (i, input) in f.inputs.enumerated() {
                if i > 0 { o.raw(",") }
                o.raw("{\"t\":"); o.number(input.time)
                switch input.input {
                case let .pointer(phase, x, y):
                    o.raw(",\"pointer\":"); o.string(phase)
                    o.raw(",\"x\":"); o.number(x)
                    o.raw(",\"y\":"); o.number(y)
                case let .param(name, value):
                    o.raw(",\"param\":"); o.string(name)
                    o.raw(",\"value\":"); o.number(value)
                }
                o.raw("}")
            }
            o.raw("]")
        }
        if let dt = f.step { o.raw(",\"dt\":"); o.number(dt) }
        o.raw(",\"hash\":\"\(hex(f.hash))\"")
        if let k = f.keyframe {
            o.raw(",\"keyframe\":{\"time\":"); o.number(k.time)
            o.raw(",\"items\":[")
            for (i, item) in k.items.enumerated() {
                if i > 0 { o.raw(",") }
                o.raw("{\"name\":"); o.string(item.name)
                o.raw(",\"x\":"); o.number(item.x)
                o.raw(",\"y\":"); o.number(item.y)
                o.raw(",\"angle\":"); o.number(item.angle)
                o.raw(",\"vx\":"); o.number(item.vx)
                o.raw(",\"vy\":"); o.number(item.vy)
                o.raw(",\"w\":"); o.number(item.w)
                o.raw(",\"sleeping\":\(item.sleeping)}")
            }
            o.raw("]}")
        }
        o.raw("}\n")
        return o.text
    }

    /// A 64-bit hash as 16 lowercase hexadecimal digits.
    public static func hex(_ v: UInt64) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}

/// Writes a recording to a file as it runs: the header when made, then each frame as it
/// comes (`append`). Writes go through the file descriptor whole; a failed write is thrown.
public final class RecordingFileWriter {
    private let fd: Int32
    public let path: String
    /// Bytes written so far.
    public private(set) var bytes = 0

    /// Creates (or truncates) `path` and writes the header.
    public init(path: String, header: RecordingHeader) throws {
        self.path = path
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw RecordingError(line: 0, message: "\(path): cannot be written: \(String(cString: strerror(errno)))") }
        try writeText(RecordingEncoder.line(header))
    }

    deinit { close(fd) }

    public func append(_ frame: RecordedFrame) throws {
        try writeText(RecordingEncoder.line(frame))
    }

    func writeText(_ text: String) throws {
        var data = Array(text.utf8)[...]
        while !data.isEmpty {
            let n = data.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw RecordingError(line: 0, message: "\(path): cannot be written: \(String(cString: strerror(errno)))") }
            data = data.dropFirst(n)
        }
        bytes += text.utf8.count
    }
}

extension RecordingEncoder {
    /// The last line: how many frames came before it (a file without it was cut short).
    public static func endLine(frames: Int) -> String { "{\"end\":\(frames)}\n" }
}

extension RecordingFileWriter {
    /// Writes the end line; the file is then complete.
    public func finish(frames: Int) throws {
        try writeText(RecordingEncoder.endLine(frames: frames))
    }
}
