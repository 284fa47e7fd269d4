import Dynamics
import Foundation

/// A golden run: the positions and angles of a run's items at every `stride`-th frame (and
/// the last), rounded to what `tolerance` needs, to compare later runs with. It is kept as
/// JSON, one line per frame, so a change shows in a diff as the frames it moved
/// (`json()`, `parse(_:)`, Golden+JSON.swift):
///
/// ```
/// {
///   "format": "dynamics-golden",
///   "version": 1,
///   "tolerance": 0.5,
///   "stride": 2,
///   "items": ["sheet"],
///   "columns": "t (s), then x, y (points) and angle (radians) of each item",
///   "frames": [
///     [0, 187.5, 850.5, 0],
///     [0.033333, 187.5, 841.27, 0]
///   ]
/// }
/// ```
///
/// Positions are written with the decimals that keep their rounding under a twentieth of
/// the tolerance (0.5 pt: two decimals), angles with three more, times with six. An item not
/// in the run yet at a frame is `null` there.
public struct Golden: Equatable, Sendable {
    public static let format = "dynamics-golden"
    public static let version = 1
    /// The largest golden file read or written (bytes): 16 MiB.
    public static let maximumBytes = 16 << 20

    /// The distance (points) within which positions match, and corners of turned items.
    public var tolerance: Double
    /// Every how many frames of the run a frame was kept (the last frame always is).
    public var stride: Int
    /// The items' names (`RunRecord.uniqueNames`), one per group of columns.
    public var items: [String]
    /// The kept frames' times (s), increasing.
    public var times: [Double]
    /// Per kept frame, x, y and angle of each item in order (`3 × items.count` numbers; NaN
    /// where the item was not in the run yet).
    public var values: [Double]

    public init(tolerance: Double, stride: Int, items: [String], times: [Double], values: [Double]) {
        self.tolerance = tolerance
        self.stride = stride
        self.items = items
        self.times = times
        self.values = values
    }

    /// The golden of `record`'s items at `indices` (all by default): frames 0, `stride`,
    /// 2 × `stride`… and the last, rounded for `tolerance` (> 0).
    public init(record: RunRecord, items indices: [Int]? = nil, tolerance: Double, stride: Int) {
        precondition(tolerance >= Golden.minimumTolerance && tolerance.isFinite && stride >= 1, "DynamicsRender: Golden needs a tolerance ≥ \(Golden.minimumTolerance) and a stride ≥ 1")
        let chosen = indices ?? Array(record.items.indices)
        let names = record.uniqueNames
        let n = record.frameCount
        var frames = Array(Swift.stride(from: 0, to: n, by: stride))
        if let last = frames.last, last != n - 1 { frames.append(n - 1) }
        let places = Golden.decimals(for: tolerance)
        var values: [Double] = []
        values.reserveCapacity(frames.count * chosen.count * 3)
        for f in frames {
            for i in chosen {
                let track = RunRecord.Track(record: record, index: i)
                guard track.frames.contains(f) else { values += [.nan, .nan, .nan]; continue }
                let s = track.state(frame: f)
                values.append(Golden.rounded(Double(s.center.x), places))
                values.append(Golden.rounded(Double(s.center.y), places))
                values.append(Golden.rounded(s.angle, places + 3))
            }
        }
        self.init(tolerance: tolerance, stride: stride, items: chosen.map { names[$0] },
                  times: frames.map { Golden.rounded(record.times[$0], 6) }, values: values)
    }

    /// The smallest tolerance a golden takes (points): its numbers have at most 8 decimals.
    public static let minimumTolerance = 1e-4

    /// Decimals that keep a position's rounding within a twentieth of `tolerance` (at most
    /// 5, for the `minimumTolerance`; angles take 3 more).
    static func decimals(for tolerance: Double) -> Int {
        min(5, max(0, Int((log10(10 / tolerance)).rounded(.up))))
    }

    /// `v` as written with `places` decimals and read back (so a golden made from a run
    /// equals the one read from its file).
    static func rounded(_ v: Double, _ places: Int) -> Double {
        Double(Format.short(v, places)) ?? v
    }

    /// The item's x, y and angle at kept frame `frame` (NaN when it was not in the run).
    public func state(frame: Int, item: Int) -> (x: Double, y: Double, angle: Double) {
        let k = (frame * items.count + item) * 3
        return (values[k], values[k + 1], values[k + 2])
    }

    /// The item's x, y and angle at `time`, interpolated between kept frames (held at the
    /// first and last); nil when it was not in the run then.
    public func state(at time: Double, item: Int) -> (x: Double, y: Double, angle: Double)? {
        guard !times.isEmpty else { return nil }
        var f = 0
        while f + 1 < times.count && times[f + 1] <= time { f += 1 }
        let a = state(frame: f, item: item)
        guard !a.x.isNaN else { return nil }
        guard f + 1 < times.count, time > times[f] else { return a }
        let b = state(frame: f + 1, item: item)
        guard !b.x.isNaN else { return a }
        let u = (time - times[f]) / (times[f + 1] - times[f])
        return (a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u, a.angle + (b.angle - a.angle) * u)
    }
}

extension Golden {
    /// Where a run first differs from a golden.
    public struct Mismatch: Equatable, Sendable, CustomStringConvertible {
        /// The golden's frame (nil: a frame of the run after the golden's last, or the items).
        public var frame: Int?
        /// The time of the difference (s; nil when the items differ).
        public var time: Double?
        public var item: String
        /// "x", "y", "angle", or "item" (the item is in one and not the other).
        public var property: String
        /// The run's value and the golden's (nil for "item").
        public var actual: Double?
        public var expected: Double?
        /// The difference in words.
        public var description: String
    }

    /// The first difference of `record`'s items at `indices` (all by default) from the
    /// golden, beyond `tolerance` points: the items by name, then each kept frame in order
    /// (the run at that time, interpolated), then the run's frames after the golden's last
    /// (against its last). An angle differs when it moves the item's farthest point (its
    /// `radius`) by more than the tolerance. Nil when they match.
    public func firstMismatch(with record: RunRecord, items indices: [Int]? = nil, tolerance: Double) -> Mismatch? {
        let chosen = indices ?? Array(record.items.indices)
        let names = record.uniqueNames
        let runNames = chosen.map { names[$0] }
        for name in items where !runNames.contains(name) {
            return Mismatch(item: name, property: "item", description: "the golden has the item '\(name)', which this run has not (it has \(Golden.listed(runNames)))")
        }
        for name in runNames where !items.contains(name) {
            return Mismatch(item: name, property: "item", description: "this run has the item '\(name)', which the golden has not (it has \(Golden.listed(items)))")
        }
        let tracks = items.map { name in RunRecord.Track(record: record, index: chosen[runNames.firstIndex(of: name)!]) }
        let runEnd = record.times.last ?? 0
        let decimals = max(1, Golden.decimals(for: tolerance) - 1)
        func compare(_ expected: (x: Double, y: Double, angle: Double)?, _ j: Int, at time: Double, frame: Int?, when: String) -> Mismatch? {
            let track = tracks[j]
            // Within the golden's time resolution (a microsecond) of the track's start is on it.
            let actual = time >= track.startTime - 1e-6 ? track.at(min(max(time, track.startTime), track.endTime)) : nil
            switch (expected, actual) {
            case (nil, nil): return nil
            case (nil, let a?):
                return Mismatch(frame: frame, time: time, item: items[j], property: "item", actual: nil, expected: nil,
                                description: "\(when): '\(items[j])' is in this run (at (\(Format.short(Double(a.center.x), decimals)), \(Format.short(Double(a.center.y), decimals)))), not yet in the golden")
            case (let e?, nil):
                return Mismatch(frame: frame, time: time, item: items[j], property: "item", actual: nil, expected: nil,
                                description: "\(when): '\(items[j])' is in the golden (at (\(Format.short(e.x, decimals)), \(Format.short(e.y, decimals)))), not yet in this run")
            case (let e?, let a?):
                let ax = Double(a.center.x), ay = Double(a.center.y)
                for (property, got, want) in [("x", ax, e.x), ("y", ay, e.y)] where !(abs(got - want) <= tolerance) {
                    return Mismatch(frame: frame, time: time, item: items[j], property: property, actual: got, expected: want,
                                    description: "\(when): '\(items[j])'.\(property) is \(Format.short(got, decimals)), the golden has \(Format.short(want, decimals)) (tolerance \(Format.short(tolerance, 8)))")
                }
                let arc = abs(a.angle - e.angle) * track.radius
                if !(arc <= tolerance) {
                    return Mismatch(frame: frame, time: time, item: items[j], property: "angle", actual: a.angle, expected: e.angle,
                                    description: "\(when): '\(items[j])'.angle is \(Format.short(a.angle, decimals + 3)) rad, the golden has \(Format.short(e.angle, decimals + 3)) rad (its corners \(Format.short(arc, decimals)) pt apart; tolerance \(Format.short(tolerance, 8)))")
                }
                return nil
            }
        }
        for f in times.indices {
            for j in items.indices {
                let e = state(frame: f, item: j)
                let when = "at frame \(f + 1) of \(times.count) (t = \(String(format: "%.3f", times[f])) s)"
                if let m = compare(e.x.isNaN ? nil : e, j, at: min(times[f], runEnd), frame: f, when: when) { return m }
            }
        }
        // The run after the golden's last frame: it should stay where the golden ended.
        if let end = times.last {
            for (f, t) in record.times.enumerated() where t > end + 1e-6 {
                for j in items.indices {
                    let e = state(frame: times.count - 1, item: j)
                    let when = "at t = \(String(format: "%.3f", t)) s (frame \(f + 1) of this run, after the golden's last at \(String(format: "%.3f", end)) s)"
                    if let m = compare(e.x.isNaN ? nil : e, j, at: t, frame: nil, when: when) { return m }
                }
            }
        }
        return nil
    }

    /// Names for a message: the first ten, then how many in all.
    static func listed(_ names: [String]) -> String {
        guard !names.isEmpty else { return "no items" }
        let shown = names.prefix(10).map { "'\($0)'" }.joined(separator: ", ")
        return names.count > 10 ? "\(shown), … (\(names.count) in all)" : shown
    }
}
