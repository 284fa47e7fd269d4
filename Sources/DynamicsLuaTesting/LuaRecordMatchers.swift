import CLua
import CLuaShim
import Dynamics
import DynamicsLua
import Foundation

// The physics matchers of the test API over run records (LuaTestRunner's `expect`):
//   expect(run):toComeToRest{ within = S }
//   expect(track):toSettleAt(point, tolerance [, { within = S }])
//   expect(track):toNeverOvershoot(point, distance)
//   expect(track):toStayInside(rect)
//   expect(track):toLeave(rect [, { within = S }])
//   expect(track):toEndNear(point, tolerance)
//   expect(track):toOverlap(otherTrack)
//   expect(run):toMatchGolden(name [, { tolerance, stride, items }])   (LuaGoldens.swift)
// Each host function takes the expected value and the matcher's arguments and returns
// whether the claim holds, the message for a failure and the message for a failure under
// `.never`: when and where, in the animator's time (`t`, s) and points. A misused matcher
// (wrong types, NaN, an unknown option) raises its error, which the test API reports at the
// test's line.

/// One matcher's verdict: whether the claim holds, what to say if it should and does not,
/// and what to say if it should not (`.never`) and does.
struct MatcherVerdict {
    var holds: Bool
    var message: String
    var negated: String
}

extension LuaBridge {
    /// The matcher functions, by name, as the test API calls them.
    static let recordMatchers: [(name: String, check: @Sendable (LuaBridge, LuaTestContext) throws -> MatcherVerdict)] = [
        ("toComeToRest", { bridge, _ in try bridge.comeToRest() }),
        ("toSettleAt", { bridge, _ in try bridge.settleAt() }),
        ("toNeverOvershoot", { bridge, _ in try bridge.neverOvershoot() }),
        ("toStayInside", { bridge, _ in try bridge.stayInside() }),
        ("toLeave", { bridge, _ in try bridge.leave() }),
        ("toEndNear", { bridge, _ in try bridge.endNear() }),
        ("toOverlap", { bridge, _ in try bridge.overlap() }),
        ("toMatchGolden", { bridge, context in try bridge.matchGolden(context) }),
    ]

    /// Installs `__dynamics_physics`, the table of matcher functions the test API wraps;
    /// `context` is the test file they check (its goldens).
    public func installRecordMatchers(context: LuaTestContext) {
        dyn_lua_host_enter(L)
        defer { dyn_lua_host_leave(L) }
        dyn_lua_push_sandbox(L)
        lua_createtable(L, 0, Int32(LuaBridge.recordMatchers.count))
        let table = lua_gettop(L)
        for (name, check) in LuaBridge.recordMatchers {
            setFunction(name, in: table) { bridge, L in
                let verdict = try check(bridge, context)
                lua_pushboolean(L, verdict.holds ? 1 : 0)
                lua_pushstring(L, verdict.message)
                lua_pushstring(L, verdict.negated)
                return 3
            }
        }
        dyn_lua_rawsetfield(L, table - 1, "__dynamics_physics")
        lua_settop(L, table - 2)
    }

    // MARK: Arguments

    /// Refuses arguments past the `count` a matcher takes (the expected value is the first).
    func checkArgumentCount(_ what: String, _ count: Int32, _ shape: String) throws {
        let given = lua_gettop(L)
        guard given <= count + 1 else {
            throw LuaArgumentError(message: "\(what): takes \(shape), got \(given - 1) arguments")
        }
    }

    /// A number ≥ 0 at `index` (`what` names it).
    func nonNegative(at index: Int32, _ what: String) throws -> Double {
        let v = try number(at: index, what)
        guard v >= 0 else { throw LuaArgumentError(message: "\(what): must be ≥ 0, got \(LuaRecordFormat.number(v))") }
        return v
    }

    /// The `within = S` option of the options table at `index` (nil when absent).
    func within(at index: Int32, _ what: String) throws -> Double? {
        _ = try options(at: index, what, allowed: ["within"])
        guard lua_type(L, index) == LUA_TTABLE else { return nil }
        return try withField("within", of: index) { try nonNegative(at: $0, "\(what).within") }
    }

    /// A track matcher's track, point and distance: `what(point, distanceName [, { within = S }])`
    /// (`within`: whether the options table may follow).
    func trackPointAndDistance(_ what: String, _ distanceName: String, within: Bool = false) throws -> (RunRecord.Track, CGPoint, Double) {
        let t = try runTrack(at: 1, what)
        try checkArgumentCount(what, within ? 3 : 2, "(point, \(distanceName)\(within ? " [, { within = S }]" : ""))")
        return (t, try point(at: 2, "\(what)(point)"), try nonNegative(at: 3, "\(what)(point, \(distanceName))"))
    }

    /// A rectangle with width and height ≥ 0.
    func area(at index: Int32, _ what: String) throws -> CGRect {
        let r = try rect(at: index, what)
        guard r.size.width >= 0, r.size.height >= 0 else {
            throw LuaArgumentError(message: "\(what): width and height must be ≥ 0, got \(LuaRecordFormat.rect(r))")
        }
        return r
    }

    // MARK: Wording

    /// "'sheet'".
    static func quoted(_ track: RunRecord.Track) -> String { "'\(LuaBridge.shown(track.name))'" }

    /// " within 1.2 s" (or "" without a limit).
    static func withinPhrase(_ within: Double?) -> String {
        within.map { " within \(LuaRecordFormat.number($0)) s" } ?? ""
    }

    /// The track's state at a frame: "at (380.2, 200.0)".
    static func whereAt(_ t: RunRecord.Track, _ frame: Int, decimals: Int = 1) -> String {
        "at \(LuaRecordFormat.point(t.state(frame: frame).center, decimals: decimals))"
    }

    /// The last frame at or before `time`, within `frames`.
    static func frame(at time: Double, in record: RunRecord, _ frames: Range<Int>) -> Int {
        var f = frames.lowerBound
        while f + 1 < frames.upperBound && record.times[f + 1] <= time + 1e-9 { f += 1 }
        return f
    }

    // MARK: Matchers

    /// expect(run):toComeToRest{ within = S }: the animator paused and stayed paused, by
    /// S s after the record began (by its end without `within`).
    func comeToRest() throws -> MatcherVerdict {
        let what = "toComeToRest"
        let record = try runRecord(at: 1, what)
        try checkArgumentCount(what, 1, "{ within = S }")
        let within = try self.within(at: 2, what)
        let start = record.times.first ?? 0, end = record.times.last ?? 0
        let claim = "the animator to come to rest\(LuaBridge.withinPhrase(within))"
        // The fastest item at `frame`, for saying what still moved.
        func fastest(at frame: Int) -> String {
            var best: (track: RunRecord.Track, speed: Double)?
            for i in record.items.indices {
                let t = RunRecord.Track(record: record, index: i)
                guard t.frames.contains(frame) else { continue }
                let s = t.state(frame: frame).speed
                if best == nil || s > best!.speed { best = (t, s) }
            }
            guard let best else { return "it has no items (timers, tasks or gestures kept it running)" }
            return "the fastest item, \(LuaBridge.quoted(best.track)), moved at \(LuaRecordFormat.fixed(best.speed, 1)) pt/s \(LuaBridge.whereAt(best.track, frame))"
        }
        guard let rested = record.restedAt else {
            return MatcherVerdict(holds: false,
                                  message: "expected \(claim); it was still running at the end of the run (\(LuaRecordFormat.time(end))): \(fastest(at: record.frameCount - 1))",
                                  negated: "")
        }
        let inTime = within.map { rested <= start + $0 + 1e-9 } ?? true
        var message = ""
        if !inTime, let within {
            let f = LuaBridge.frame(at: start + within, in: record, 0..<record.frameCount)
            message = "expected \(claim); it came to rest only at \(LuaRecordFormat.time(rested)); at \(LuaRecordFormat.time(record.times[f])) \(fastest(at: f))"
        }
        return MatcherVerdict(holds: inTime, message: message,
                              negated: "expected the animator not to come to rest\(LuaBridge.withinPhrase(within)); it came to rest at \(LuaRecordFormat.time(rested))")
    }

    /// expect(track):toSettleAt(point, tolerance [, { within = S }]): the center comes within
    /// `tolerance` of `point` and stays there to the end (by S s after the record began).
    func settleAt() throws -> MatcherVerdict {
        let what = "toSettleAt"
        let (t, point, tolerance) = try trackPointAndDistance(what, "tolerance", within: true)
        let within = try self.within(at: 4, what)
        let record = t.record, start = record.times.first ?? 0
        let d = LuaRecordFormat.decimals(for: tolerance)
        let target = "\(LuaRecordFormat.given(point)) ± \(LuaRecordFormat.number(tolerance))"
        let claim = "\(LuaBridge.quoted(t)) to settle at \(target)\(LuaBridge.withinPhrase(within))"
        func away(_ f: Int) -> String { "\(LuaBridge.whereAt(t, f, decimals: d)), \(LuaRecordFormat.fixed(t.distance(frame: f, to: point), d + 1)) pt away" }
        let outside = t.lastFrame(fartherThan: tolerance, from: point)
        if let outside, outside == t.frames.upperBound - 1 {
            return MatcherVerdict(holds: false,
                                  message: "expected \(claim); at the end (\(LuaRecordFormat.time(record.times[outside]))) it was \(away(outside))",
                                  negated: "")
        }
        let settled = outside.map { $0 + 1 } ?? t.frames.lowerBound
        let settledAt = record.times[settled]
        let inTime = within.map { settledAt <= start + $0 + 1e-9 } ?? true
        var message = ""
        if !inTime, let outside {
            message = "expected \(claim); it settled only at \(LuaRecordFormat.time(settledAt)); at \(LuaRecordFormat.time(record.times[outside])) it was \(away(outside))"
        }
        return MatcherVerdict(holds: inTime, message: message,
                              negated: "expected \(LuaBridge.quoted(t)) not to settle at \(target)\(LuaBridge.withinPhrase(within)); it stayed within from \(LuaRecordFormat.time(settledAt)) (\(away(settled)))")
    }

    /// expect(track):toNeverOvershoot(point, distance): the center never goes more than
    /// `distance` past `point` along its approach (from the track's first center).
    func neverOvershoot() throws -> MatcherVerdict {
        let (t, point, limit) = try trackPointAndDistance("toNeverOvershoot", "distance")
        let d = LuaRecordFormat.decimals(for: limit)
        let (past, frame) = t.overshoot(past: point)
        let went = past > 0
            ? "it went \(LuaRecordFormat.fixed(past, d + 1)) pt past it at \(LuaRecordFormat.time(t.record.times[frame])), \(LuaBridge.whereAt(t, frame, decimals: d))"
            : "it never passed it"
        let target = "\(LuaRecordFormat.given(point)) by more than \(LuaRecordFormat.number(limit)) pt"
        return MatcherVerdict(holds: past <= limit,
                              message: "expected \(LuaBridge.quoted(t)) never to overshoot \(target); \(went)",
                              negated: "expected \(LuaBridge.quoted(t)) to overshoot \(target); \(past > 0 ? went.replacingOccurrences(of: "it went", with: "it went at most") : went)")
    }

    /// Which side of `rect` the extent `e` crosses first: "its right side at x = 430.2".
    static func crossedSide(_ e: CGRect, of rect: CGRect) -> String {
        let r = rect.standardized
        if e.minX < r.minX { return "its left side at x = \(LuaRecordFormat.fixed(Double(e.minX), 1))" }
        if e.maxX > r.maxX { return "its right side at x = \(LuaRecordFormat.fixed(Double(e.maxX), 1))" }
        if e.minY < r.minY { return "its top at y = \(LuaRecordFormat.fixed(Double(e.minY), 1))" }
        return "its bottom at y = \(LuaRecordFormat.fixed(Double(e.maxY), 1))"
    }

    /// expect(track):toStayInside(rect): the item's outline stays inside `rect` (reaching
    /// past an edge by at most `RunRecord.Track.contactSlack`, as resting on it does).
    func stayInside() throws -> MatcherVerdict {
        let what = "toStayInside"
        let t = try runTrack(at: 1, what)
        try checkArgumentCount(what, 1, "(rect)")
        let rect = try area(at: 2, "\(what)(rect)")
        let shown = LuaRecordFormat.rect(rect)
        guard let f = t.firstFrame(leaving: rect) else {
            return MatcherVerdict(holds: true, message: "",
                                  negated: "expected \(LuaBridge.quoted(t)) to leave \(shown); it stayed inside to the end (\(LuaRecordFormat.time(t.endTime)))")
        }
        return MatcherVerdict(holds: false,
                              message: "expected \(LuaBridge.quoted(t)) to stay inside \(shown); it left at \(LuaRecordFormat.time(t.record.times[f])) \(LuaBridge.whereAt(t, f)), \(LuaBridge.crossedSide(t.extent(frame: f), of: rect))",
                              negated: "")
    }

    /// expect(track):toLeave(rect [, { within = S }]): the item's outline comes wholly out of
    /// `rect` (by S s after the record began).
    func leave() throws -> MatcherVerdict {
        let what = "toLeave"
        let t = try runTrack(at: 1, what)
        try checkArgumentCount(what, 2, "(rect [, { within = S }])")
        let rect = try area(at: 2, "\(what)(rect)")
        let within = try self.within(at: 3, what)
        let record = t.record, start = record.times.first ?? 0
        let shown = LuaRecordFormat.rect(rect)
        let claim = "\(LuaBridge.quoted(t)) to leave \(shown)\(LuaBridge.withinPhrase(within))"
        guard let f = t.firstFrame(clearOf: rect) else {
            let last = t.frames.upperBound - 1
            return MatcherVerdict(holds: false,
                                  message: "expected \(claim); it still overlapped it at the end (\(LuaRecordFormat.time(record.times[last]))) \(LuaBridge.whereAt(t, last))",
                                  negated: "")
        }
        let inTime = within.map { record.times[f] <= start + $0 + 1e-9 } ?? true
        var message = ""
        if !inTime, let within {
            let g = LuaBridge.frame(at: start + within, in: record, t.frames)
            message = "expected \(claim); it left only at \(LuaRecordFormat.time(record.times[f])); at \(LuaRecordFormat.time(record.times[g])) it was \(LuaBridge.whereAt(t, g))"
        }
        return MatcherVerdict(holds: inTime, message: message,
                              negated: "expected \(LuaBridge.quoted(t)) not to leave \(shown)\(LuaBridge.withinPhrase(within)); it left at \(LuaRecordFormat.time(record.times[f])) \(LuaBridge.whereAt(t, f))")
    }

    /// expect(track):toEndNear(point, tolerance): the last frame's center is within
    /// `tolerance` of `point`.
    func endNear() throws -> MatcherVerdict {
        let (t, point, tolerance) = try trackPointAndDistance("toEndNear", "tolerance")
        let d = LuaRecordFormat.decimals(for: tolerance)
        let last = t.frames.upperBound - 1
        let distance = t.distance(frame: last, to: point)
        let ended = "it ended \(LuaBridge.whereAt(t, last, decimals: d)) at \(LuaRecordFormat.time(t.endTime)), \(LuaRecordFormat.fixed(distance, d + 1)) pt away"
        let target = "within \(LuaRecordFormat.number(tolerance)) pt of \(LuaRecordFormat.given(point))"
        return MatcherVerdict(holds: distance <= tolerance,
                              message: "expected \(LuaBridge.quoted(t)) to end \(target); \(ended)",
                              negated: "expected \(LuaBridge.quoted(t)) not to end \(target); \(ended)")
    }

    /// expect(track):toOverlap(other): at some frame the two items' outlines interpenetrate by
    /// more than `RunRecord.Track.contactSlack` (0.5 pt).
    func overlap() throws -> MatcherVerdict {
        let what = "toOverlap"
        let t = try runTrack(at: 1, what)
        try checkArgumentCount(what, 1, "(otherTrack)")
        let other = try runTrack(at: 2, "\(what)(otherTrack)")
        guard other.record === t.record else {
            throw LuaArgumentError(message: "\(what): \(LuaBridge.quoted(other)) is a track of another run; compare two tracks of one run")
        }
        guard other.index != t.index else {
            throw LuaArgumentError(message: "\(what): both tracks are \(LuaBridge.quoted(t)); compare two items")
        }
        let pair = "\(LuaBridge.quoted(t)) and \(LuaBridge.quoted(other))"
        func places(_ f: Int) -> String {
            "\(LuaBridge.quoted(t)) \(LuaBridge.whereAt(t, f)) and \(LuaBridge.quoted(other)) \(LuaBridge.whereAt(other, f))"
        }
        if let f = t.firstFrame(overlapping: other) {
            return MatcherVerdict(holds: true, message: "",
                                  negated: "expected \(LuaBridge.quoted(t)) not to overlap \(LuaBridge.quoted(other)); they overlapped at \(LuaRecordFormat.time(t.record.times[f])), \(places(f)), \(LuaRecordFormat.fixed(t.depth(frame: f, with: other), 1)) pt deep")
        }
        let closest: String
        if let (depth, f) = t.closestApproach(to: other) {
            let how = depth > 0 ? "touching, \(LuaRecordFormat.fixed(depth, 2)) pt deep" : "\(LuaRecordFormat.fixed(-depth, 1)) pt apart"
            closest = "closest at \(LuaRecordFormat.time(t.record.times[f])), \(places(f)), \(how)"
        } else {
            closest = "they were never in the run together"
        }
        return MatcherVerdict(holds: false,
                              message: "expected \(LuaBridge.quoted(t)) to overlap \(LuaBridge.quoted(other)) (by more than \(LuaRecordFormat.number(RunRecord.Track.contactSlack)) pt); \(pair) never did: \(closest)",
                              negated: "")
    }
}
