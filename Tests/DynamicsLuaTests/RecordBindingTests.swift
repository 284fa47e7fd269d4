import DynamicsLua
import DynamicsLuaTesting
import DynamicsTestSupport
import Foundation
import Testing

/// `animator:run{ record = true }` under the state's memory cap (Tests/Scenes/records/ has the
/// records' and matchers' own tests).
@Suite("Run records in Lua")
struct RecordBindingTests {
    func run(_ source: String, limits: LuaLimits = LuaLimits()) throws -> [LuaTestRunner.Result] {
        let file = testScratch.appendingPathComponent("records_\(UUID().uuidString)_test.lua")
        try source.write(to: file, atomically: true, encoding: .utf8)
        return LuaTestRunner(limits: limits).run(file: file.path)
    }

    /// 2000 free items make 96 KB a frame: a 16 MB cap holds about 120 frames of them.
    static let crowd = """
        local dyn = require "dynamics"
        local function crowd()
          local a = dyn.animator{}
          local items = {}
          for i = 1, 2000 do items[i] = dyn.item{ center = {i, 0}, size = {1, 1} } end
          a:addBehavior(dyn.gravity{ items = items })
          return a
        end

        """

    @Test("A record that would pass the memory cap ends the run with an error at its line")
    func recordPastTheCap() throws {
        let results = try run(RecordBindingTests.crowd + """
            test("too long", function()
              local a = crowd()
              a:run{ seconds = 60, record = true }
            end)
            """, limits: LuaLimits(memoryCap: 16 << 20))
        let failure = try #require(results.first?.failure)
        #expect(failure.contains("_test.lua:11: run{ record = true }: not enough memory for the record of 2000 items at t = "), "\(failure)")
        #expect(failure.hasSuffix(" s (it would pass the state's memory cap of 16 MB); record a shorter run, or raise --lua-memory"), "\(failure)")
    }

    @Test("Records a script dropped are collected when a new one needs their room")
    func droppedRecordsAreCollected() throws {
        // Twenty records of 30 frames (2.9 MB each, 58 MB in all) under a 16 MB cap.
        let results = try run(RecordBindingTests.crowd + """
            test("many", function()
              local a = crowd()
              for i = 1, 20 do
                local r = a:run{ seconds = 0.5, record = true }
                expect(r.frames):toBe(31)
              end
            end)
            """, limits: LuaLimits(memoryCap: 16 << 20))
        #expect(results.map(\.line) == ["ok many"], "\(results.map(\.line))")
    }
}
