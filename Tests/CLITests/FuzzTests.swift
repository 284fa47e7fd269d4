import DynamicsTestSupport
import Foundation
import Testing

/// SplitMix64: a tiny deterministic generator, so a seed names a case for good.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Writes random scenes: random constructors with random property values (wrong types, NaN,
/// ±inf, huge and tiny numbers, negative sizes, strings where numbers go), random
/// add/remove/step/run calls, setters, and callbacks (actions, collision onBegan/onEnded,
/// delegate, custom field evaluate, plugin-free) that themselves add, remove, step, run and
/// set. Every top-level operation is wrapped in pcall so one refusal does not end the scene;
/// the scene ends by printing every item's state as `STATE i x y angle vx vy w`.
struct SceneFuzzer {
    var rng: SeededGenerator
    private var depth = 0

    init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

    mutating func int(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    mutating func chance(_ p: Double) -> Bool { Double(rng.next() % 1_000_000) / 1_000_000 < p }
    mutating func pick<T>(_ xs: [T]) -> T { xs[int(xs.count)] }

    /// A number: mostly sane, often hostile.
    mutating func number() -> String {
        if chance(0.8) {
            return pick(["0", "1", "2", "0.5", "10", "50", "100", "-3", "0.25", "200", "1/60", "3.14159", "-0.7"])
        }
        return pick(["0/0", "math.huge", "-math.huge", "1e300", "-1e300", "1e-300", "-1e-300", "math.maxinteger",
                     "math.mininteger", "1e150", "-1e150", "1e18", "-1", "-100", "2^53", "1e-9", "1e9"])
    }

    /// A value where a number is expected: usually a number, sometimes the wrong type.
    mutating func numberish() -> String {
        chance(0.85) ? number() : pick(["\"12\"", "\"x\"", "true", "nil", "{}", "{1, 2}", "print", "I[1]", "B[1]"])
    }

    mutating func vector() -> String {
        if chance(0.1) { return pick(["\"up\"", "{}", "{1}", "{x = \"1\", y = 2}", "I[1]", "nil", "7"]) }
        return chance(0.5) ? "{\(numberish()), \(numberish())}" : "{ x = \(numberish()), y = \(numberish()) }"
    }

    mutating func size() -> String {
        chance(0.8) ? "{\(pick(["10", "20", "40", "5", "1", "100"])), \(pick(["10", "20", "40", "5", "1", "100"]))}" : vector()
    }

    /// An existing item or behavior (R wraps the index around the list), now and then a missing one.
    mutating func itemRef() -> String { chance(0.05) ? "I[99]" : "R(I, \(int(8) + 1))" }
    mutating func behaviorRef() -> String { chance(0.05) ? "B[99]" : "R(B, \(int(16) + 1))" }
    mutating func itemList() -> String {
        if chance(0.05) { return pick(["{}", "\"all\"", "I", "{B[1]}", "nil"]) }
        return "{" + (0..<(int(4) + 1)).map { _ in itemRef() }.joined(separator: ", ") + "}"
    }

    /// A spring in a random dialect (now and then two dialects mixed), with numberish values.
    mutating func spring() -> String {
        let keys = pick([["frequency", "damping"], ["response", "dampingFraction"], ["duration", "bounce"],
                         ["mass", "stiffness", "damping"], ["stiffness", "dampingRatio"], ["tension", "friction"],
                         ["bounciness", "speed"], ["frequency", "tension"], ["stiffness"]])
        return "dyn.spring{ " + keys.map { "\($0) = \(numberish())" }.joined(separator: ", ") + " }"
    }

    /// A gesture helper's call, its numbers numberish.
    mutating func gesture() -> String {
        switch int(3) {
        case 0: return "dyn.gesture.project(\(chance(0.5) ? numberish() : vector()), \(pick(["nil", "\"normal\"", "\"fast\"", numberish()])))"
        case 1: return "dyn.gesture.rubberBand(\(numberish()), \(numberish()), \(chance(0.5) ? "nil" : numberish()))"
        default: return "(dyn.gesture.nearest(\(vector()), { \(vector()), \(vector()) }))"
        }
    }

    mutating func shape() -> String {
        switch int(6) {
        case 0: return "\"ellipse\""
        case 1: return "\"rectangle\""
        case 2: return "{ {-5, -5}, {5, -5}, {0, 5} }"
        case 3: return "{ {\(numberish()), 0}, {0, \(numberish())}, {\(numberish()), \(numberish())} }"
        case 4: return pick(["\"blob\"", "{}", "{ {0, 0}, {0, 0}, {0, 0} }", "7"])
        default: return "nil"
        }
    }

    /// A callback body: a few operations, re-entrant ones included, guarded so a step from
    /// inside a step re-enters at most once.
    mutating func callback(params: String, returns: String = "") -> String {
        depth += 1
        defer { depth -= 1 }
        let ops = (0..<(int(3) + 1)).map { _ in operation(inCallback: true) }.joined(separator: "\n    ")
        return """
            function(\(params))
                if D > 1 then return \(returns) end
                D = D + 1
                \(ops)
                D = D - 1
                return \(returns)
              end
            """
    }

    mutating func constructor() -> String {
        switch int(11) {
        case 0, 1:
            return "I[#I + 1] = dyn.item{ center = \(vector()), size = \(size()), shape = \(shape()), angle = \(chance(0.5) ? numberish() : "nil") }"
        case 2: return "B[#B + 1] = dyn.gravity{ items = \(itemList()), \(pick(["direction = \(vector())", "magnitude = \(numberish())", "angle = \(numberish())"])) }"
        case 3:
            let mode = pick(["\"everything\"", "\"items\"", "\"boundaries\"", "\"nope\"", "nil"])
            let began = depth < 1 && chance(0.5) ? ", onBegan = \(callback(params: "item, other, point"))" : ""
            return "B[#B + 1] = dyn.collision{ items = \(itemList()), mode = \(mode), boundsAsBoundary = \(pick(["true", "false", "nil", "1"]))\(began) }"
        case 4:
            let k = pick(["elasticity", "friction", "density", "resistance", "angularResistance", "charge"])
            return "B[#B + 1] = dyn.itemBehavior{ items = \(itemList()), \(k) = \(numberish()), allowsRotation = \(pick(["true", "false"])) }"
        case 5:
            let type = pick(["\"spring\"", "\"sliding\"", "\"limit\"", "\"fixed\"", "\"pin\"", "nil", "\"rope\""])
            let target = chance(0.5) ? "to = \(itemRef())" : "anchor = \(vector())"
            let pace = chance(0.3) ? "spring = \(spring())" : "frequency = \(numberish()), damping = \(numberish())"
            return "B[#B + 1] = dyn.attachment{ item = \(itemRef()), \(target), type = \(type), anchor = \(vector()), \(pace), length = \(chance(0.5) ? numberish() : "nil") }"
        case 6:
            let pace = chance(0.3) ? "spring = \(spring())" : "damping = \(numberish()), frequency = \(chance(0.5) ? numberish() : "nil")"
            return "B[#B + 1] = dyn.snap{ item = \(itemRef()), point = \(vector()), \(pace) }"
        case 7:
            return "B[#B + 1] = dyn.push{ items = \(itemList()), mode = \(pick(["\"continuous\"", "\"instantaneous\"", "\"x\""])), \(pick(["direction = \(vector())", "magnitude = \(numberish()), angle = \(numberish())"])) }"
        case 8:
            let kind = pick(["drag", "vortex", "radialGravity", "linearGravity", "velocity", "noise", "turbulence", "spring", "electric", "magnetic"])
            let region = chance(0.3) ? ", region = dyn.region.\(pick(["circle(\(numberish()))", "rect(\(numberish()), \(numberish()))", "infinite"]))" : ""
            return "B[#B + 1] = dyn.field.\(kind){ items = \(itemList()), position = \(vector()), strength = \(numberish())\(region) }"
        case 9:
            guard depth < 1 else { return "B[#B + 1] = dyn.behavior{}" }
            return "B[#B + 1] = dyn.field.custom{ items = \(itemList()), evaluate = \(callback(params: "p, v, m, q, t", returns: "\(number()), \(number())")) }"
        default:
            guard depth < 1 else { return "B[#B + 1] = dyn.behavior{ children = { \(behaviorRef()) } }" }
            return "B[#B + 1] = dyn.behavior{ items = \(itemList()), children = { \(behaviorRef()) }, action = \(callback(params: "self, dt")) }"
        }
    }

    mutating func operation(inCallback: Bool) -> String {
        let op: String
        switch int(inCallback ? 20 : 22) {
        case 0: op = "A:addBehavior(\(behaviorRef()))"
        case 1: op = "A:removeBehavior(\(behaviorRef()))"
        case 2: op = chance(0.2) ? "A:removeAllBehaviors()" : "A:addBehavior(\(behaviorRef()))"
        case 3: op = "A:step(\(chance(0.7) ? "" : numberish()))"
        case 4: op = "A:run{ seconds = \(pick(["0.05", "0.1", numberish()])), dt = \(chance(0.8) ? "nil" : numberish()) }"
        case 5: op = "\(itemRef()).\(pick(["center", "velocity"])) = \(vector())"
        case 6: op = "\(itemRef()).\(pick(["angle", "angularVelocity"])) = \(numberish())"
        case 7:
            let key = pick(["magnitude", "angle", "elasticity", "friction", "density", "resistance", "charge", "length",
                            "frequency", "damping", "strength", "falloff", "minimumRadius", "smoothness", "active"])
            op = "\(behaviorRef()).\(key) = \(numberish())"
        case 8: op = "\(behaviorRef()).\(pick(["direction", "point", "anchor", "position", "insets"])) = \(vector())"
        case 9: op = "\(behaviorRef()):\(pick(["addChild", "removeChild"]))(\(behaviorRef()))"
        case 10: op = "\(behaviorRef()):\(pick(["addItem", "removeItem"]))(\(itemRef()))"
        case 11: op = "\(itemRef()):\(pick(["applyForce", "applyImpulse"]))(\(vector()), \(chance(0.5) ? vector() : "nil"))"
        case 12: op = "\(itemRef()):applyTorque(\(numberish()))"
        case 13: op = "\(behaviorRef()):\(pick(["addLinearVelocity", "setTargetOffset"]))(\(itemRef()), \(vector()))"
        case 14: op = "\(behaviorRef()).spring = \(spring())"
        case 15:
            op = chance(0.5) ? "\(itemRef()).center = { \(gesture()), \(gesture()) }" : "\(itemRef()).velocity = \(gesture())"
        case 16:
            // A task with random waits (numberish times and frames, a condition callback).
            let waits = (0..<(int(3) + 1)).map { _ in
                pick(["dyn.wait(\(numberish()))", "dyn.waitFrames(\(numberish()))",
                      "dyn.waitUntil(\(depth < 1 ? callback(params: "", returns: "true") : "function() return true end"), \(chance(0.5) ? numberish() : "nil"))",
                      "dyn.waitForRest{ items = \(itemList()), timeout = \(numberish()) }",
                      "dyn.waitForContact(\(itemRef()), \(pick(["nil", itemRef(), "\"floor\""])), \(numberish()))"])
            }
            op = "A:spawn(function() \(waits.joined(separator: "; ")) end)"
        case 17:
            op = "A:drag{ \(chance(0.5) ? "item = \(itemRef())" : "from = \(vector())"), \(pick(["to", "by"])) = \(vector()), "
                + "at = \(chance(0.5) ? "nil" : numberish()), duration = \(chance(0.5) ? "0.1" : numberish()), "
                + "path = \(chance(0.7) ? "nil" : "{ \(vector()), \(vector()) }"), release = \(pick(["nil", "\"fling\"", "\"stop\"", "\"throw\""])) }"
        case 18:
            op = chance(0.5) ? "A:tap{ point = \(vector()), at = \(chance(0.5) ? "nil" : numberish()) }"
                : "A:pointer{ phase = \(pick(["\"began\"", "\"moved\"", "\"ended\"", "\"cancelled\""])), x = \(numberish()), y = \(numberish()) }"
        case 19:
            op = "local r = dyn.release{ item = \(itemRef()), targets = { \(vector()), \(vector()) }, \(chance(0.5) ? "spring = \(spring())" : "decelerationRate = \(numberish())") }; "
                + "A:addBehavior(r); r:release(\(vector()))"
        case 20: op = constructor()
        default:
            op = "A.delegate = { didPause = \(callback(params: "")), willResume = \(callback(params: "")) }"
        }
        return "P(function() \(op) end)"
    }

    /// A whole scene.
    mutating func scene() -> String {
        var lines = ["""
            -- generated by SceneFuzzer
            local dyn = require "dynamics"
            I, B, D = {}, {}, 0
            local function P(f) local ok, e = pcall(f) end
            local function R(t, k) if #t == 0 then return nil end return t[(k - 1) % #t + 1] end
            A = dyn.animator{ bounds = \(chance(0.8) ? "{0, 0, 400, 600}" : chance(0.5) ? "nil" : "{0, 0, \(numberish()), \(numberish())}") }
            """]
        for _ in 0..<(int(4) + 2) {
            lines.append("P(function() I[#I + 1] = dyn.item{ center = {\(int(400)), \(int(600))}, size = \(size()), shape = \(shape()) } end)")
        }
        for _ in 0..<(int(12) + 4) {
            lines.append(chance(0.5) ? "P(function() \(constructor()) end)" : operation(inCallback: false))
        }
        lines.append("P(function() A:addBehavior(dyn.gravity{ items = I }) end)")
        lines.append("for _, b in ipairs(B) do P(function() A:addBehavior(b) end) end")
        lines.append("P(function() A:run{ seconds = 0.25 } end)")
        for _ in 0..<(int(4)) { lines.append(operation(inCallback: false)) }
        lines.append("""
            P(function() A:run{ seconds = 0.25 } end)
            for i, it in ipairs(I) do
              local ok, line = pcall(function()
                local c, v = it.center, it.velocity
                return string.format("STATE %d %.17g %.17g %.17g %.17g %.17g %.17g", i, c.x, c.y, it.angle, v.x, v.y, it.angularVelocity)
              end)
              if ok then print(line) else print("STATE-ERROR " .. i .. " " .. tostring(line)) end
            end
            print("FUZZ-END")
            return A
            """)
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Non-finite numbers in the scene's STATE lines or in the CSV trace (time,item,x,y,angle,vx,vy).
func nonFiniteState(output: String, trace: String?) -> String? {
    for line in output.split(separator: "\n") where line.hasPrefix("STATE ") {
        let fields = line.split(separator: " ").dropFirst(2)
        if fields.contains(where: { Double($0).map { !$0.isFinite } ?? true }) { return "non-finite state: \(line)" }
    }
    if let trace {
        for row in trace.split(separator: "\n").dropFirst() {
            let fields = row.split(separator: ",")
            guard fields.count >= 7 else { continue }
            let numbers = [fields[0]] + fields[2...]
            if numbers.contains(where: { Double($0).map { !$0.isFinite } ?? true }) { return "non-finite trace row: \(row)" }
        }
    }
    return nil
}

@Suite("Seeded fuzzer: random scenes and call sequences never crash, hang or go non-finite")
struct FuzzTests {
    static var caseCount: Int { Int(ProcessInfo.processInfo.environment["FUZZ_CASES"] ?? "") ?? 40 }
    static var seed: UInt64 { UInt64(ProcessInfo.processInfo.environment["FUZZ_SEED"] ?? "") ?? 20_250_601 }

    @Test("The generator is deterministic from its seed")
    func deterministic() {
        var a = SceneFuzzer(seed: 7), b = SceneFuzzer(seed: 7), c = SceneFuzzer(seed: 8)
        let sa = a.scene(), sb = b.scene(), sc = c.scene()
        #expect(sa == sb)
        #expect(sa != sc)
        #expect(sa.contains("dyn.animator"))
    }

    @Test("Finite-state check reads STATE lines and CSV rows")
    func finiteCheck() {
        #expect(nonFiniteState(output: "STATE 1 1 2 3 4 5 6\n", trace: "time,item,x,y,angle,vx,vy\n0,a,1,2,3,4,5\n") == nil)
        #expect(nonFiniteState(output: "STATE 1 1 -nan 3 4 5 6\n", trace: nil) != nil)
        #expect(nonFiniteState(output: "", trace: "time,item,x,y,angle,vx,vy\n0,a,1,inf,3,4,5\n") != nil)
    }

    @Test("FUZZ_CASES random scenes from FUZZ_SEED run through dynamics run")
    func fuzz() async throws {
        let seed = FuzzTests.seed, count = FuzzTests.caseCount
        let folder = testScratch.appendingPathComponent("dynamics-fuzz-\(seed)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Failing cases are kept for reproduction (FUZZ_KEEP=1 keeps every case with its outcome).
        let kept = packageRoot.appendingPathComponent(".build/fuzz-failures")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<count {
                group.addTask {
                    let caseSeed = seed &+ UInt64(index) &* 0x9E37_79B9
                    var fuzzer = SceneFuzzer(seed: caseSeed)
                    let source = fuzzer.scene()
                    let name = "fuzz_\(seed)_\(index).lua"
                    let scene = folder.appendingPathComponent(name), trace = folder.appendingPathComponent("fuzz_\(index).csv")
                    try source.write(to: scene, atomically: true, encoding: .utf8)
                    let outcome = try await runLimited(
                        ["run", scene.path, "--seconds", "0.5", "--lua-budget", "10000000", "--lua-memory", "32", "--trace", trace.path],
                        in: folder, timeout: 15)
                    var problem: String?
                    switch outcome.end {
                    case .hung, .signal: problem = outcome.summary
                    case .exited(let s) where s != 0 && s != 1: problem = outcome.summary
                    case .exited:
                        let traceText = try? String(contentsOf: trace, encoding: .utf8)
                        problem = nonFiniteState(output: outcome.stdout, trace: traceText)
                        if problem == nil && outcome.end == .exited(0) && !outcome.stdout.contains("FUZZ-END") {
                            problem = "the scene exited 0 without finishing: \(outcome.summary)"
                        }
                    }
                    if ProcessInfo.processInfo.environment["FUZZ_KEEP"] != nil {
                        try? FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
                        try? (source + "--[[ outcome:\n" + outcome.summary + "\n]]\n").write(
                            to: kept.appendingPathComponent("all_" + name), atomically: true, encoding: .utf8)
                    }
                    if let problem {
                        try? FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
                        let copy = kept.appendingPathComponent(name)
                        try? FileManager.default.removeItem(at: copy)
                        try? FileManager.default.copyItem(at: scene, to: copy)
                        Issue.record("fuzz case \(index) (seed \(caseSeed), kept as \(copy.path)): \(problem)")
                    }
                    try? FileManager.default.removeItem(at: scene)
                    try? FileManager.default.removeItem(at: trace)
                }
            }
            try await group.waitForAll()
        }
        try? FileManager.default.removeItem(at: folder)
    }
}
