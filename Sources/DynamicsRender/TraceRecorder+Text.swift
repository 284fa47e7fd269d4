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
    /// when they hold a comma or quote.
    public func csv() -> String {
        var out = TraceRecorder.csvHeader + "\n"
        out.reserveCapacity(frames.count * items.count * 48 + 32)
        let quoted = names.map(Format.csvField)
        for frame in frames {
            let time = Format.fixed(frame.time, 6)
            for (i, s) in frame.items.enumerated() {
                out += time; out += ","; out += quoted[i]; out += ","
                out += Format.fixed(s.x, 4); out += ","; out += Format.fixed(s.y, 4); out += ","
                out += Format.fixed(s.angle, 6); out += ","
                out += Format.fixed(s.vx, 4); out += ","; out += Format.fixed(s.vy, 4); out += "\n"
            }
        }
        return out
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
    /// keys sorted, no extra whitespace. Written as text in one pass, as the CSV is: encoding
    /// a `Trace` with `JSONEncoder` held several copies of the recording (28 000 items traced
    /// to the 256 MB bound grew the process to 1.7 GB). Throws `EncodingError` if a recorded
    /// number is not finite.
    public func json() throws -> Data {
        var out = ""
        out.reserveCapacity(estimatedBytes + 64)
        func number(_ v: Double) throws {
            guard v.isFinite else {
                throw EncodingError.invalidValue(v, .init(codingPath: [], debugDescription: "a trace number is not finite: \(v)"))
            }
            out += v.description // the shortest text that reads back as the same Double
        }
        let quoted = names.map(Format.jsonString)
        out += "{\"items\":["
        out += quoted.joined(separator: ",")
        out += "],\"sampleRate\":"
        try number(sampleRate)
        out += ",\"samples\":["
        for (f, frame) in frames.enumerated() {
            if f > 0 { out += "," }
            out += "{"
            if debug {
                out += "\"contacts\":["
                for (k, p) in frame.contacts.enumerated() {
                    out += k > 0 ? ",[" : "["
                    try number(Double(p.x)); out += ","; try number(Double(p.y)); out += "]"
                }
                out += "],"
            }
            out += "\"items\":["
            for (i, s) in frame.items.enumerated() {
                out += i > 0 ? ",{\"angle\":" : "{\"angle\":"
                try number(s.angle)
                out += ",\"name\":"; out += quoted[i]
                out += ",\"vx\":"; try number(s.vx)
                out += ",\"vy\":"; try number(s.vy)
                out += ",\"x\":"; try number(s.x)
                out += ",\"y\":"; try number(s.y)
                out += "}"
            }
            out += "],\"time\":"
            try number(frame.time)
            out += "}"
        }
        out += "]}"
        return Data(out.utf8)
    }

    /// Writes the trace to `url` in the format of its extension: `.csv`, `.json` or `.svg`
    /// (`debug` adds the SVG's overlay). Throws for another extension or a failed write.
    public func write(to url: URL, debug: Bool = false) throws {
        guard let format = TraceFormat(path: url.path) else {
            throw CocoaError(.fileWriteUnsupportedScheme, userInfo: [NSFilePathErrorKey: url.path,
                NSLocalizedDescriptionKey: "unknown trace format '\(url.pathExtension)' (expected .csv, .json or .svg)"])
        }
        let data: Data
        switch format {
        case .csv: data = Data(csv().utf8)
        case .json: data = try json()
        case .svg: data = Data(svg(debug: debug).utf8)
        }
        try data.write(to: url, options: .atomic)
    }
}
