import CLua
import CLuaShim
import Dynamics
import DynamicsLua
import DynamicsTestSupport
import Foundation
import Testing

/// Validation before effect: a timer, task or gesture whose creation is refused (a number out
/// of range, a wrong type, the memory cap) leaves nothing behind. The scene pauses when it
/// would have without the call, nothing pending stays, nothing is charged, no pointer event
/// or callback runs.
@Suite("A refused creation leaves no state")
struct RefusedCreationTests {
    /// What a run of the probe scene leaves.
    struct Outcome: Equatable {
        var pausedAt: Double
        var resumes: Double
        var pointerEvents: Double
        var pendingTimers: Int
        var runningTasks: Int
        var hostBytes: Int
        var refused: String
    }

    /// A box slides to rest under resistance; `call` runs (in a pcall) before the run, its
    /// error kept. With `full`, the state's memory is filled first (and freed after).
    static func probe(_ call: String, full: Bool = false) throws -> Outcome {
        let state = try LuaState(limits: LuaLimits(instructionBudget: 1_000_000_000, memoryCap: 8 << 20))
        let bridge = LuaBridge(state: state) { _ in }
        return try withExtendedLifetime(bridge) {
            let n = try state.run("""
                local dyn = require "dynamics"
                local a = dyn.animator{}
                local box = dyn.item{ center = {0, 0}, size = {10, 10} }
                a:addBehavior(dyn.itemBehavior{ items = {box}, resistance = 3 })
                local resumes, events = 0, 0
                a.delegate = { willResume = function() resumes = resumes + 1 end }
                a.onPointer = function() events = events + 1 end
                a:step(0)
                box.velocity = {200, 0}
                local f = function() end
                local waiter = function() dyn.wait(1) end
                local dragOptions, tapOptions = { item = box, by = {10, 0}, at = 0.1 }, { point = {0, 0}, at = 0.1 }
                local call = function() \(call) end
                local fill = false
                if \(full) then
                  -- Full to the last bytes, in a list (no array to regrow), with smaller pieces
                  -- as it fills: no room for a timer, task or gesture (the smallest is charged
                  -- 576 B); the garbage a collection frees leaves room for the error's message.
                  for _, size in ipairs{ 65536, 4096, 256, 32 } do
                    local add = function() fill = { next = fill, piece = string.rep("x", size) } end
                    while pcall(add) do end
                  end
                  collectgarbage()
                end
                local ok, err = pcall(call)
                fill = nil
                collectgarbage()
                collectgarbage()
                a:run{ untilPaused = true, seconds = 30 }
                return a.elapsedTime, resumes, events, ok and "" or tostring(err)
                """, chunkName: "probe.lua")
            defer { lua_settop(state.raw, 0) }
            let a = try #require(bridge.animators.first)
            return Outcome(pausedAt: dyn_lua_tonumber(state.raw, Int32(n - 3)), resumes: dyn_lua_tonumber(state.raw, Int32(n - 2)),
                           pointerEvents: dyn_lua_tonumber(state.raw, Int32(n - 1)),
                           pendingTimers: a.pendingTimers.count, runningTasks: a.runningTasks.count,
                           hostBytes: state.hostObjectBytes, refused: lua_tostring_or_empty(state.raw, Int32(n)))
        }
    }

    /// The same run with nothing called.
    static let control: Outcome = {
        var o = try! probe("")
        o.refused = ""
        return o
    }()

    static let refusals: [(call: String, message: String)] = [
        ("a:after(2e9, f)", "animator.after(seconds): must be a finite number in 0…"),
        ("a:after(-1, f)", "animator.after(seconds): must be a finite number in 0…"),
        ("a:after(0/0, f)", "after(seconds)"),
        ("a:after(1, 42)", "after(seconds, fn): expected a function"),
        ("a:every(0, f)", "animator.every(seconds): must be a finite number > 0"),
        ("a:every(2e9, f)", "animator.every(seconds): must be a finite number > 0"),
        ("a:every(1, nil)", "every(seconds, fn): expected a function"),
        ("a:spawn(42)", "spawn(fn): expected a function"),
        ("a:drag{ item = box, by = {10, 0}, at = 2e9 }", "drag.at: must be a finite number in 0…"),
        ("a:drag{ item = box, by = {10, 0}, duration = -1 }", "drag.duration: must be a finite number in 0…"),
        ("a:drag{ from = {0/0, 0}, by = {10, 0} }", "drag.from"),
        ("a:drag{ item = dyn.item{ size = {1, 1} }, by = {10, 0} }", "drag.item: the item is not in this animator"),
        ("a:drag{ item = box, to = {1, 1}, by = {1, 1} }", "drag.to: give an end point or an offset, not both"),
        ("a:tap{ point = {1e300, 0} }", "tap.point: must be finite and within"),
        ("a:tap{ point = {0, 0}, at = -1 }", "tap.at: must be a finite number in 0…"),
    ]

    @Test("aRefusedTimerStaysAlive: each refused after, every, spawn, drag and tap leaves the run as if never called",
          arguments: refusals.map(\.call))
    func refusedByItsArguments(_ call: String) throws {
        let message = Self.refusals.first { $0.call == call }!.message
        let outcome = try Self.probe(call)
        #expect(outcome.refused.contains("probe.lua:") && outcome.refused.contains(message), "\(outcome.refused)")
        var same = outcome
        same.refused = ""
        #expect(same == Self.control, "\(call): \(same) against \(Self.control)")
    }

    static let memoryRefusals = [
        ("a:after(1, f)", "timer: not enough memory"),
        ("a:every(0.5, f)", "timer: not enough memory"),
        ("a:spawn(waiter)", "spawn: not enough memory"),
        ("a:drag(dragOptions)", "drag: not enough memory"),
        ("a:tap(tapOptions)", "tap: not enough memory"),
    ]

    @Test("A creation the memory cap refuses is never made: no timer, task or gesture, nothing charged",
          arguments: memoryRefusals.map(\.0))
    func refusedByTheMemoryCap(_ call: String) throws {
        let message = Self.memoryRefusals.first { $0.0 == call }!.1
        let outcome = try Self.probe(call, full: true)
        #expect(outcome.refused.contains(message), "\(outcome.refused)")
        var same = outcome
        same.refused = ""
        #expect(same == Self.control, "\(call): \(same) against \(Self.control)")
    }

    /// The same calls accepted do leave state: the probe sees it.
    @Test("The probe sees an accepted creation")
    func probeSeesAcceptedCreations() throws {
        #expect(try Self.probe("a:after(5, f)").pausedAt > Self.control.pausedAt)
        #expect(try Self.probe("a:every(5, function() return false end)").pausedAt > Self.control.pausedAt)
        #expect(try Self.probe("a:drag(dragOptions)").pointerEvents > 0)
        #expect(try Self.probe("a:tap(tapOptions)").pointerEvents >= 2)
        #expect(try Self.probe("a:spawn(function() dyn.wait(5) end)").pausedAt > Self.control.pausedAt)
    }

    /// The model's own creation paths, called from Swift: a refused one adds nothing.
    @Test("Swift: refused after, every, drag and tap add nothing and the animator pauses as if never called")
    func swiftCreationPaths() throws {
        func run(_ call: (DynamicAnimator, DynamicView) -> Void) -> (pausedAt: Double, timers: Int, tasks: Int) {
            let animator = DynamicAnimator()
            let box = DynamicView(center: .zero, size: CGSize(width: 10, height: 10))
            let behavior = DynamicItemBehavior(items: [box])
            behavior.resistance = 3
            animator.addBehavior(behavior)
            animator.step(0)
            behavior.addLinearVelocity(CGPoint(x: 200, y: 0), for: box)
            _ = try? InvalidInput.catching { call(animator, box) }
            var frames = 0
            repeat { animator.step(1.0 / 60); frames += 1 } while animator.isRunning && frames < 1800
            return (animator.elapsedTime, animator.pendingTimers.count, animator.runningTasks.count)
        }
        let control = run { _, _ in }
        let calls: [(String, (DynamicAnimator, DynamicView) -> Void)] = [
            ("after(2e9)", { a, _ in a.after(2e9) {} }),
            ("every(0)", { a, _ in a.every(0) { true } }),
            ("every(-1)", { a, _ in a.every(-1) { true } }),
            ("drag at 2e9", { a, box in _ = a.drag(DragGesture(item: box, offset: CGVector(dx: 10, dy: 0), time: 2e9)) }),
            ("drag from NaN", { a, _ in _ = a.drag(DragGesture(start: CGPoint(x: Double.nan, y: 0), offset: CGVector(dx: 1, dy: 0))) }),
            ("tap at -1", { a, _ in a.tap(at: .zero, time: -1) }),
        ]
        for (name, call) in calls {
            let outcome = run(call)
            #expect(outcome.pausedAt == control.pausedAt && outcome.timers == 0 && outcome.tasks == 0, "\(name): \(outcome) against \(control)")
        }
    }
}

/// The string at `index` (tostring'd by the script already), or "".
private func lua_tostring_or_empty(_ L: OpaquePointer, _ index: Int32) -> String {
    dyn_lua_tostring(L, index).map { String(cString: $0) } ?? ""
}

/// Setters check every range before they change anything, and the bindings take the model's
/// ranges (one validation layer).
@Suite("A refused setter changes nothing; the binding's ranges are the model's")
struct RefusedSetterTests {
    /// A spring of 5000 Hz (within a spring's range, past a release's 1000 Hz) set its damping
    /// ratio and left its frequency: half of it took.
    @Test("aRefusedSpringHalfTook: a release's spring is checked whole before either part changes")
    func aRefusedSpringHalfTook() throws {
        let item = DynamicView(center: .zero, size: CGSize(width: 10, height: 10))
        let release = ReleaseBehavior(item: item)
        let before = (release.frequency, release.damping)
        #expect(throws: DynamicsError.self) { try InvalidInput.catching { release.spring = Spring(frequency: 5000, dampingRatio: 0.2) } }
        #expect(release.frequency == before.0 && release.damping == before.1, "\(release.frequency) \(release.damping)")
        release.spring = Spring(frequency: 3, dampingRatio: 0.5)
        #expect(abs(release.frequency - 3) < 1e-9 && abs(release.damping - 0.5) < 1e-9)
        // The release's targets are bounded in the model, as the binding says.
        #expect(throws: DynamicsError.self) {
            try InvalidInput.catching { release.targets = Array(repeating: .zero, count: ReleaseBehavior.maximumTargets + 1) }
        }
        #expect(release.targets.isEmpty)
    }

    /// Through Lua: the same refusal at the script's line, and nothing changed; a field's
    /// animation speed takes what the model takes (the binding refused negative speeds).
    @Test("The bindings refuse what the model refuses, and take what it takes")
    func bindingsTakeTheModelsRanges() throws {
        let scene = try Scene()
        let results = try scene.number("""
            local dyn = require "dynamics"
            local it = dyn.item{ size = {10, 10} }
            local r = dyn.release{ item = it }
            local f0, d0 = r.frequency, r.damping
            local ok, err = pcall(function() r.spring = dyn.spring{ frequency = 5000, damping = 0.2 } end)
            assert(not ok and tostring(err):find("release.frequency: must be a finite number > 0 and ≤ 1000", 1, true), tostring(err))
            assert(r.frequency == f0 and r.damping == d0, "half the spring took")
            local noise = dyn.field.noise{ items = {it} }
            noise.animationSpeed = -2
            assert(noise.animationSpeed == -2)
            local a = dyn.attachment{ item = it, anchor = {0, 0} }
            local ok2, err2 = pcall(function() a.frequency = 2e4 end)
            assert(not ok2 and tostring(err2):find("attachment.frequency: must be a finite number in 0…10000"), tostring(err2))
            local ok3, err3 = pcall(dyn.region.circle, -1)
            assert(not ok3 and tostring(err3):find("region.radius: must be a finite number in 0…"), tostring(err3))
            return 1
            """)
        #expect(results == 1, "\(scene.errors)")
    }
}
