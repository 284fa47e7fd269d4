import DynamicsTestSupport
import Foundation
import Testing

/// What a script makes is charged at what the process holds for it, so the memory cap bounds
/// the process: measured here as the CLI's peak resident memory above an empty scene's.
@Suite("Charges that match what is held: the process stays near the cap", .serialized, .enabled(if: canMeasurePeakMemory))
struct HeldMemoryTests {
    static func scene(_ name: String, _ source: String) throws -> String {
        let dir = testScratch.appendingPathComponent("held-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try source.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// An empty scene's peak, the baseline of the others.
    static func baseline() throws -> Int {
        let empty = try scene("empty.lua", "return { animator = require('dynamics').animator{}, seconds = 0.1 }\n")
        return try runMeasured(["run", empty]).peakBytes
    }

    /// Runs `arguments` and expects exit status 1 with `error` in the standard error, and a
    /// peak at most `limit` MB above an empty scene's (printed as `label`); the run.
    @discardableResult
    static func expectNear(_ arguments: [String], error: String, limit: Double, _ label: String) throws -> MeasuredRun {
        let base = try baseline()
        let r = try runMeasured(arguments)
        #expect(r.status == 1 && r.stderr.contains(error), "\(r.output)")
        let grown = Double(r.peakBytes - base) / 1_048_576
        print("\(label): peak \(r.peakBytes >> 20) MB, \(String(format: "%.1f", grown)) MB above an empty scene")
        #expect(grown < limit, "\(label): the process grew by \(grown) MB")
        return r
    }

    /// 211 000 timers under a 64 MiB cap: charged 256 B each while each held about 600 B, they
    /// grew the process by 114–133 MB before the cap said no.
    @Test("timersChargedLessThanTheyHold: 211 000 timers under 64 MiB stop at the cap, the process near it")
    func timersChargedLessThanTheyHold() throws {
        let path = try Self.scene("timers.lua", """
            local dyn = require "dynamics"
            local a = dyn.animator{}
            for i = 1, 211000 do a:after(1000 + i, function() end) end
            return a
            """)
        try Self.expectNear(["run", path, "--seconds", "0.1", "--lua-budget", "1e12", "--lua-memory", "64"],
                            error: "timers.lua:3: timer: not enough memory", limit: 80, "timers under 64 MiB")
    }

    /// Wide items lying on a 60 000-point boundary touch thousands of its segments each: the
    /// contacts were bounded (65 536) but not charged, and grew the process by 143 MB.
    @Test("boundaryContactsWereNotCharged: items on a 60 000-point boundary stop at the cap, the process near it")
    func boundaryContactsWereNotCharged() throws {
        let path = try Self.scene("boundary.lua", """
            local dyn = require "dynamics"
            local a = dyn.animator{}
            local items = {}
            for i = 1, 30 do items[i] = dyn.item{ center = {i * 1000 - 500, -6}, size = {990, 10} } end
            local c = dyn.collision{ items = items }
            local pts = {}
            for i = 0, 59999 do pts[#pts + 1] = { i * 0.5, (i % 2) * 0.2 } end
            c:addBoundary("long", pts)
            pts = nil
            a:addBehavior(c)
            a:addBehavior(dyn.gravity{ items = items })
            return { animator = a, seconds = 1 }
            """)
        try Self.expectNear(["run", path, "--lua-budget", "1e12", "--lua-memory", "64"],
                            error: "pairs of shapes the contact allowance grants", limit: 80, "boundary contacts under 64 MiB")
    }

    /// `run --trace o.json` with 100 items named with 4 KiB of U+0001: the bound counted raw
    /// name bytes while the JSON writes six for each, and the whole file was built in memory:
    /// 1.6 GB written and 3 GB of memory under a 256 MB bound.
    @Test("traceBoundCountedRawNameBytes: the JSON stops at its bound, streamed, the process small")
    func traceBoundCountedRawNameBytes() throws {
        let path = try Self.scene("names.lua", """
            local dyn = require "dynamics"
            local a = dyn.animator{}
            local items = {}
            for i = 1, 100 do items[i] = dyn.item{ center = {i * 10, 0}, size = {5, 5}, name = string.rep("\\1", 4090) .. string.format("%06d", i) } end
            a:addBehavior(dyn.gravity{ items = items })
            return { animator = a, seconds = 60 }
            """)
        let json = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("o.json").path
        defer { try? FileManager.default.removeItem(atPath: json) }
        try Self.expectNear(["run", path, "--trace", json, "--lua-budget", "1e12"],
                            error: "--trace: the recording of 100 items reached its bound of 256 MB", limit: 64, "trace of escaped names")
        let size = (try FileManager.default.attributesOfItem(atPath: json)[.size] as? Int) ?? -1
        #expect(size > 128 << 20 && size <= 256 << 20, "\(size) bytes")
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: json))
        try handle.seek(toOffset: UInt64(size - 2))
        #expect(try handle.readToEnd() == Data("]}".utf8), "the JSON is closed")
        try handle.close()
    }
}
