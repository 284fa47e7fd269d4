import Foundation
import Dynamics

/// A recorded trace as the JSON writer writes it (and a reader can decode it):
///
/// ```json
/// {
///   "items": ["box", "ball"],
///   "sampleRate": 30,
///   "samples": [
///     {
///       "time": 0,
///       "items": [
///         {"name": "box", "x": 100, "y": 50, "angle": 0, "vx": 0, "vy": 0},
///         {"name": "ball", "x": 200, "y": 40, "angle": 0, "vx": 0, "vy": 0}
///       ],
///       "contacts": [[x, y], …]
///     },
///     …
///   ]
/// }
/// ```
///
/// `items` are the item names in column order; every sample lists every item in that order.
/// Units: time s, x and y points (y down), angle radians (clockwise on screen), vx and vy
/// pt/s. `contacts` (each point an array [x, y], points) is present only in a trace recorded
/// with `debug: true`. Numbers are the recorded Doubles, exactly; keys are sorted.
public struct Trace: Codable, Equatable, Sendable {
    public struct Item: Codable, Equatable, Sendable {
        public var name: String
        public var x: Double
        public var y: Double
        public var angle: Double
        public var vx: Double
        public var vy: Double

        public init(name: String, x: Double, y: Double, angle: Double, vx: Double, vy: Double) {
            self.name = name; self.x = x; self.y = y; self.angle = angle; self.vx = vx; self.vy = vy
        }
    }

    public struct Sample: Codable, Equatable, Sendable {
        public var time: Double
        public var items: [Item]
        /// Contact points as [x, y] pairs; nil unless recorded for debugging.
        public var contacts: [[Double]]?

        public init(time: Double, items: [Item], contacts: [[Double]]? = nil) {
            self.time = time; self.items = items; self.contacts = contacts
        }
    }

    public var items: [String]
    public var sampleRate: Double
    public var samples: [Sample]

    public init(items: [String], sampleRate: Double, samples: [Sample]) {
        self.items = items; self.sampleRate = sampleRate; self.samples = samples
    }
}

/// The formats `write(to:debug:)` picks from a file's extension.
public enum TraceFormat: String, Sendable, CaseIterable {
    case csv, json, svg

    /// The format of a path's extension (case-insensitive), or nil.
    public init?(path: String) {
        self.init(rawValue: (path as NSString).pathExtension.lowercased())
    }
}

extension TraceRecorder {
    /// The CSV header.
    public static let csvHeader = "time,item,x,y,angle,vx,vy"

    /// The samples as CSV: the header `time,item,x,y,angle,vx,vy`, then one row per item per
    /// sample (samples in time order, items in `names` order), lines ending in "\n".
    /// Fixed decimals: time and angle 6 (s, rad), x, y, vx, vy 4 (points, pt/s); names quoted
    /// when they hold a comma or quote. At most `maximumBytes` (see `writeCSV`).
    public func csv() -> String {
        TraceOutput.collecting(limit: maximumBytes) { writeCSV(to: $0) }
    }

    /// Writes the CSV (see `csv()`) to `output`, a sample's rows at a time: the samples whose
    /// rows fit under its limit (it turns `isTruncated` when one did not).
    public func writeCSV(to output: TraceOutput) {
        guard output.piece(TraceRecorder.csvHeader + "\n") else { return }
        let quoted = names.map(Format.csvField)
        for frame in frames {
            var rows = ""
            let time = Format.fixed(frame.time, 6)
            for (i, s) in frame.items.enumerated() {
                rows += time; rows += ","; rows += quoted[i]; rows += ","
                rows += Format.fixed(s.x, 4); rows += ","; rows += Format.fixed(s.y, 4); rows += ","
                rows += Format.fixed(s.angle, 6); rows += ","
                rows += Format.fixed(s.vx, 4); rows += ","; rows += Format.fixed(s.vy, 4); rows += "\n"
            }
            guard output.piece(rows) else { break }
        }
    }

    /// The samples as a `Trace`.
    public var trace: Trace {
        Trace(items: names, sampleRate: sampleRate, samples: frames.map { frame in
            Trace.Sample(time: frame.time,
                         items: zip(names, frame.items).map { Trace.Item(name: $0, x: $1.x, y: $1.y, angle: $1.angle, vx: $1.vx, vy: $1.vy) },
                         contacts: debug ? frame.contacts.map { [Double($0.x), Double($0.y)] } : nil)
        })
    }

    /// The samples as JSON (see `Trace` for the shape, which `JSONDecoder` reads back exactly),
    /// keys sorted, no extra whitespace. Throws `EncodingError` if a recorded number is not
    /// finite. At most `maximumBytes` (see `writeJSON`).
    public func json() throws -> Data {
        Data(try TraceOutput.collecting(limit: maximumBytes) { try writeJSON(to: $0) }.utf8)
    }

    /// Writes the JSON (see `json()`) to `output`, a sample at a time: the samples that fit
    /// under its limit, and the closing brackets (it turns `isTruncated` when a sample did
    /// not fit). Encoding a
    /// `Trace` with `JSONEncoder` held several copies of the recording (28 000 items traced
    /// to the 256 MB bound grew the process to 1.7 GB); a string of the whole trace held one,
    /// six times the names' bytes when they were control characters (3 GB).
    public func writeJSON(to output: TraceOutput) throws {
        func number(_ v: Double, into out: inout String) throws {
            guard v.isFinite else {
                throw EncodingError.invalidValue(v, .init(codingPath: [], debugDescription: "a trace number is not finite: \(v)"))
            }
            out += v.description // the shortest text that reads back as the same Double
        }
        let quoted = names.map(Format.jsonString)
        var head = "{\"items\":["
        head += quoted.joined(separator: ",")
        head += "],\"sampleRate\":"
        try number(sampleRate, into: &head)
        head += ",\"samples\":["
        // A head that does not fit leaves a trace without names: an empty one instead.
        guard output.piece(head) else {
            output.close("{\"items\":[],\"sampleRate\":")
            var rate = ""
            try number(sampleRate, into: &rate)
            output.close(rate + ",\"samples\":[]}")
            return
        }
        for (f, frame) in frames.enumerated() {
            var out = f > 0 ? ",{" : "{"
            if debug {
                out += "\"contacts\":["
                for (k, p) in frame.contacts.enumerated() {
                    out += k > 0 ? ",[" : "["
                    try number(Double(p.x), into: &out); out += ","; try number(Double(p.y), into: &out); out += "]"
                }
                out += "],"
            }
            out += "\"items\":["
            for (i, s) in frame.items.enumerated() {
                out += i > 0 ? ",{\"angle\":" : "{\"angle\":"
                try number(s.angle, into: &out)
                out += ",\"name\":"; out += quoted[i]
                out += ",\"vx\":"; try number(s.vx, into: &out)
                out += ",\"vy\":"; try number(s.vy, into: &out)
                out += ",\"x\":"; try number(s.x, into: &out)
                out += ",\"y\":"; try number(s.y, into: &out)
                out += "}"
            }
            out += "],\"time\":"
            try number(frame.time, into: &out)
            out += "}"
            guard output.piece(out) else { break }
        }
        output.close("]}")
    }

    /// Writes the trace to `url` in the format of its extension: `.csv`, `.json` or `.svg`
    /// (`debug` adds the SVG's overlay), streamed to a temporary file beside it that then
    /// replaces it. Throws for another extension or a failed write. Returns whether the
    /// writer stopped at `maximumBytes` (the file is complete, with fewer samples or elements).
    @discardableResult
    public func write(to url: URL, debug: Bool = false) throws -> Bool {
        guard let format = TraceFormat(path: url.path) else {
            throw CocoaError(.fileWriteUnsupportedScheme, userInfo: [NSFilePathErrorKey: url.path,
                NSLocalizedDescriptionKey: "unknown trace format '\(url.pathExtension)' (expected .csv, .json or .svg)"])
        }
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path])
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            let output = TraceOutput(limit: maximumBytes) { bytes in try handle.write(contentsOf: bytes) }
            try write(format, to: output, debug: debug)
            try output.finish()
            try handle.close()
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path,
                    NSLocalizedDescriptionKey: "cannot write \(url.path): \(String(cString: strerror(errno)))"])
            }
            return output.isTruncated
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Writes the trace in `format` to `output` (`debug` adds the SVG's overlay).
    public func write(_ format: TraceFormat, to output: TraceOutput, debug: Bool = false) throws {
        switch format {
        case .csv: writeCSV(to: output)
        case .json: try writeJSON(to: output)
        case .svg: writeSVG(to: output, debug: debug)
        }
    }
}
