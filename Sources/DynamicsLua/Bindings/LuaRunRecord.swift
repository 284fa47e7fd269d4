import CLua
import CLuaShim
import Dynamics
import Foundation

// local run = animator:run{ seconds = S, record = true }   -- a record of every frame
// Record, read: restedAt (s, or nil), startTime, endTime (s), frames (count), times (each
//         frame's, s), names (list).
//         run:item(nameOrItem) → the item's track.
// Track, read: name, item, first, last (states), startTime, endTime.
//         track:at(t) → state (interpolated between frames); track:max(prop), track:min(prop)
//         → value, time; prop: x, y, angle, vx, vy, speed, angularVelocity.
// A state is { time, center = {x, y}, angle, velocity = {x, y}, angularVelocity, speed }.
// The physics matchers over records and the goldens are the test framework's (DynamicsLuaTesting).

/// One item's track as a script holds it (the model's `RunRecord.Track` is a value).
package final class LuaTrack: EmbedderSlotted, CustomStringConvertible {
    package var embedder = EmbedderSlot() // its memory charge
    package let track: RunRecord.Track
    package init(_ track: RunRecord.Track) { self.track = track }

    /// "'box', 0 … 1 s" (what `tostring` shows after "track: ").
    package var description: String {
        "'\(LuaBridge.shown(track.name))', \(LuaRecordFormat.number(track.startTime)) … \(LuaRecordFormat.number(track.endTime)) s"
    }
}

/// A record being made by `animator:run{ record = true }`: captures every frame and charges
/// what the record holds against the state's memory cap as it grows.
package struct LuaRecording {
    package let bridge: LuaBridge
    package let record: RunRecord
    /// Bytes of growth between charges: a frame of 1000 items is 48 KB, so a long run is
    /// charged every frame or two, and a small one every few seconds.
    package static let chargeStep = 64 << 10

    /// A record of `animator`'s next `frames` frames (room is made for them, within what the
    /// memory cap leaves: a run that stops early wastes only the room).
    package init(bridge: LuaBridge, animator: DynamicAnimator, frames: Int) throws {
        self.bridge = bridge
        record = RunRecord(animator: animator)
        try bridge.charge(record, record.estimatedBytes, "run{ record = true }")
        let cap = Int(dyn_lua_memory_cap(bridge.state.main))
        if cap > 0 { record.maximumBytes = min(record.maximumBytes, cap) }
        record.reserveCapacity(frames: frames)
    }

    /// Records the frame just stepped; throws "not enough memory" once the record would pass
    /// the state's memory cap (the run stops there).
    package func capture() throws {
        record.capture()
        let charged = record.hostCharge?.bytes ?? 0
        guard record.estimatedBytes - charged >= LuaRecording.chargeStep || record.isTruncated else { return }
        if record.isTruncated {
            throw LuaArgumentError(message: "run{ record = true }: the record of \(record.items.count) items reached its bound of \(record.maximumBytes >> 20) MB at t = \(LuaRecordFormat.number(record.times.last ?? 0)) s; record a shorter run")
        }
        let cap = Int(dyn_lua_memory_cap(bridge.state.main))
        func charge() -> HostMemory.Charge? {
            bridge.state.hostMemory.charge(record.estimatedBytes, luaBytes: bridge.state.memoryUsed - charged, cap: cap)
        }
        // Records the script dropped hold their charge until Lua collects their handles, and
        // Lua paces its collector by its own allocations, not the host's: a full collection
        // frees them before the cap is called reached (a test making many large records).
        var granted = charge()
        if granted == nil {
            dyn_lua_gc_collect(bridge.L)
            granted = charge()
        }
        guard let charge = granted else {
            throw LuaArgumentError(message: "run{ record = true }: not enough memory for the record of \(record.items.count) items at t = \(LuaRecordFormat.number(record.times.last ?? 0)) s (it would pass the state's memory cap of \(cap >> 20) MB); record a shorter run, or raise --lua-memory")
        }
        record.hostCharge = charge
    }
}

/// How record messages write numbers: times to the millisecond, coordinates to a tenth of a
/// point (more when a tolerance asks for it), other numbers short.
package enum LuaRecordFormat {
    /// A number as short as it reads exactly ("375", "0.5", "1e-06").
    package static func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return String(format: "%.10g", v)
    }

    /// "t = 1.233 s".
    package static func time(_ t: Double) -> String { String(format: "t = %.3f s", t) }

    /// Decimals that show a difference of `tolerance`: 1, or more for tolerances under 0.1.
    package static func decimals(for tolerance: Double) -> Int {
        guard tolerance > 0, tolerance < 0.1 else { return 1 }
        return min(9, Int((-log10(tolerance)).rounded(.up)) + 1)
    }

    /// "(380.2, 200.0)".
    package static func point(_ p: CGPoint, decimals: Int = 1) -> String {
        "(\(fixed(Double(p.x), decimals)), \(fixed(Double(p.y), decimals)))"
    }

    /// `v` with `decimals` decimals ("-0.0" reads "0.0").
    package static func fixed(_ v: Double, _ decimals: Int) -> String {
        let s = String(format: "%.*f", decimals, v)
        return s.hasPrefix("-") && Double(s) == 0 ? String(s.dropFirst()) : s
    }

    /// "{187, 333}" for a point given to a matcher.
    package static func given(_ p: CGPoint) -> String { "{\(number(Double(p.x))), \(number(Double(p.y)))}" }

    /// "{0, 0, 375, 667}".
    package static func rect(_ r: CGRect) -> String {
        "{\(number(Double(r.origin.x))), \(number(Double(r.origin.y))), \(number(Double(r.size.width))), \(number(Double(r.size.height)))}"
    }
}

extension LuaBridge {
    /// The record at `index` (`what` names the call in the error).
    package func runRecord(at index: Int32, _ what: String) throws -> RunRecord {
        guard let h = handle(at: index, class: .record) else {
            throw LuaArgumentError(message: "\(what): expected a run record (animator:run{ seconds = S, record = true }), got \(handleTypeName(at: index))")
        }
        guard let r = liveObject(h) as? RunRecord else { throw LuaArgumentError(message: "\(what): this record is no longer valid") }
        return r
    }

    /// The track at `index`.
    package func runTrack(at index: Int32, _ what: String) throws -> RunRecord.Track {
        guard let h = handle(at: index, class: .track) else {
            let got = handle(at: index, class: .record) != nil ? "a record (take one item's track with run:item(name))" : handleTypeName(at: index)
            throw LuaArgumentError(message: "\(what): expected an item's track (run:item(name)), got \(got)")
        }
        guard let t = liveObject(h) as? LuaTrack else { throw LuaArgumentError(message: "\(what): this track is no longer valid") }
        return t.track
    }

    /// Pushes a state table { time, center, angle, velocity, angularVelocity, speed }.
    package func pushState(_ s: RunRecord.State) {
        lua_createtable(L, 0, 6)
        lua_pushnumber(L, s.time); dyn_lua_rawsetfield(L, -2, "time")
        pushPoint(s.center); dyn_lua_rawsetfield(L, -2, "center")
        lua_pushnumber(L, s.angle); dyn_lua_rawsetfield(L, -2, "angle")
        pushPoint(s.velocity); dyn_lua_rawsetfield(L, -2, "velocity")
        lua_pushnumber(L, s.angularVelocity); dyn_lua_rawsetfield(L, -2, "angularVelocity")
        lua_pushnumber(L, s.speed); dyn_lua_rawsetfield(L, -2, "speed")
    }

    /// The names of a record for a message: the first ten, then how many in all.
    package static func someNames(of record: RunRecord) -> String {
        let shown = record.names.prefix(10).map { "'\(LuaBridge.shown($0))'" }.joined(separator: ", ")
        return record.names.count > 10 ? "\(shown), … (\(record.names.count) in all)" : shown
    }

    /// `run:item(nameOrItem)`: the track of the item, or of the one item of that name.
    package func trackMethod() throws -> Int32 {
        let record = try runRecord(at: 1, "run:item")
        let track: RunRecord.Track
        if lua_type(L, 2) == LUA_TSTRING {
            let name = string(at: 2) ?? ""
            switch record.track(named: name) {
            case .found(let t): track = t
            case .ambiguous(let count):
                throw LuaArgumentError(message: "run:item: \(count) items are named '\(LuaBridge.shown(name))' in this record; pass the item itself: run:item(item)")
            case .missing:
                let known = record.names.isEmpty ? "it has no items" : "items: \(LuaBridge.someNames(of: record))"
                throw LuaArgumentError(message: "run:item: no item named '\(LuaBridge.shown(name))' in this record\(LuaBridge.suggestion(for: name, among: record.names)) (\(known))")
            }
        } else if handle(at: 2, .item) != nil {
            let item = try object(at: 2, .item, as: DynamicView.self, what: "run:item(item)")
            guard let t = record.track(of: item) else {
                throw LuaArgumentError(message: "run:item: \(luaDescription(of: item, .item)) is not in this record (it was not in the animator during the run)")
            }
            track = t
        } else {
            throw LuaArgumentError(message: "run:item: expected an item's name or the item, got \(handleTypeName(at: 2))")
        }
        let box = LuaTrack(track)
        try charge(box, 128, "run:item")
        push(box, as: .track)
        return 1
    }

    static let recordBinding = ClassBinding(
        get: { bridge, _, object, key in
            let r = object as! RunRecord
            switch key {
            case "restedAt": if let t = r.restedAt { lua_pushnumber(bridge.L, t) } else { lua_pushnil(bridge.L) }
            case "startTime": lua_pushnumber(bridge.L, r.times.first ?? 0)
            case "endTime": lua_pushnumber(bridge.L, r.times.last ?? 0)
            case "frames": lua_pushinteger(bridge.L, lua_Integer(r.frameCount))
            case "times":
                lua_createtable(bridge.L, Int32(r.times.count), 0)
                for (i, t) in r.times.enumerated() {
                    lua_pushnumber(bridge.L, t)
                    lua_rawseti(bridge.L, -2, lua_Integer(i + 1))
                }
            case "names":
                lua_createtable(bridge.L, Int32(r.names.count), 0)
                for (i, n) in r.names.enumerated() {
                    LuaSource.push(bridge.L, n)
                    lua_rawseti(bridge.L, -2, lua_Integer(i + 1))
                }
            default: return false
            }
            return true
        },
        set: { _, _, _, _, _ in false },
        methods: ["item": { bridge, _ in try bridge.trackMethod() }],
        properties: ["restedAt", "startTime", "endTime", "frames", "times", "names"],
        name: "record"
    )

    static let trackBinding = ClassBinding(
        get: { bridge, _, object, key in
            let t = (object as! LuaTrack).track
            switch key {
            case "name": LuaSource.push(bridge.L, t.name)
            case "item": if let v = t.item as? DynamicView { bridge.push(v, as: .item) } else { lua_pushnil(bridge.L) }
            case "first": bridge.pushState(t.first)
            case "last": bridge.pushState(t.last)
            case "startTime": lua_pushnumber(bridge.L, t.startTime)
            case "endTime": lua_pushnumber(bridge.L, t.endTime)
            default: return false
            }
            return true
        },
        set: { _, _, _, _, _ in false },
        methods: [
            "at": { bridge, L in
                let t = try bridge.runTrack(at: 1, "track:at")
                let time = try bridge.number(at: 2, "track:at(t)")
                guard let s = t.at(time) else {
                    throw LuaArgumentError(message: "track:at(t): t = \(LuaRecordFormat.number(time)) s is outside the track of '\(LuaBridge.shown(t.name))' (\(LuaRecordFormat.number(t.startTime)) … \(LuaRecordFormat.number(t.endTime)) s)")
                }
                bridge.pushState(s)
                return 1
            },
            "max": { bridge, _ in try bridge.extremeMethod(largest: true) },
            "min": { bridge, _ in try bridge.extremeMethod(largest: false) },
        ],
        properties: ["name", "item", "first", "last", "startTime", "endTime"],
        name: "track"
    )

    /// track:max(prop) and track:min(prop): the value and the time of its first occurrence.
    package func extremeMethod(largest: Bool) throws -> Int32 {
        let what = largest ? "track:max" : "track:min"
        let t = try runTrack(at: 1, what)
        let names = RunRecord.Property.allCases.map(\.rawValue)
        guard let name = string(at: 2) else {
            throw LuaArgumentError(message: "\(what)(prop): expected a property name (\(names.joined(separator: ", "))), got \(typeName(at: 2))")
        }
        guard let p = RunRecord.Property(rawValue: name) else {
            throw LuaArgumentError(message: "\(what)(prop): unknown property '\(LuaBridge.shown(name))'\(LuaBridge.suggestion(for: name, among: names)) (properties: \(names.joined(separator: ", ")))")
        }
        let (value, frame) = largest ? t.maximum(p) : t.minimum(p)
        lua_pushnumber(L, value)
        lua_pushnumber(L, t.record.times[frame])
        return 2
    }
}
