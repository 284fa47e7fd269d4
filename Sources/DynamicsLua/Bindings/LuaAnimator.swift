import CLua
import CLuaShim
import Dynamics
import Foundation

// dyn.animator{ bounds = {x, y, width, height} }   -- omit bounds: abstract coordinates
// Read: elapsedTime, isRunning. Read/write: delegate = { didPause = fn, willResume = fn }.
// Methods: addBehavior, removeBehavior, removeAllBehaviors, behaviors, step([dt]),
//          run{ seconds = S } or run{ untilPaused = true [, seconds = limit] } (record = true:
//          returns a record of every frame, LuaRunRecord.swift), itemsIn(rect),
//          after(s, fn), every(s, fn) (LuaTimers.swift).

/// Forwards the animator's pause and resume to Lua functions.
final class LuaAnimatorDelegate: DynamicAnimatorDelegate {
    unowned let bridge: LuaBridge
    var didPause: Int32?
    var willResume: Int32?

    init(bridge: LuaBridge) { self.bridge = bridge }

    private func call(_ ref: inout Int32?, _ name: String) {
        guard let r = ref else { return }
        if let error = bridge.callReference(r, nargs: 0, nresults: 0, pushArgs: {}) {
            if ref == r { dyn_lua_unref(bridge.L, r); ref = nil } // a failing callback is disabled
            bridge.errorHandler(LuaError(kind: error.kind, message: "delegate.\(name): \(error.message)", traceback: error.traceback))
        }
    }

    func dynamicAnimatorDidPause(_ animator: DynamicAnimator) { call(&didPause, "didPause") }
    func dynamicAnimatorWillResume(_ animator: DynamicAnimator) { call(&willResume, "willResume") }
}

extension LuaBridge {
    /// Lets go of the delegate a script gave `a` (its functions, its table, the bridge's
    /// strong reference): assigning `a.delegate` again must not keep every earlier one
    /// (a loop of assignments grew the registry past the memory cap for good).
    func releaseDelegate(of a: DynamicAnimator) {
        guard let d = a.delegate as? LuaAnimatorDelegate, d.bridge === self else { return }
        for ref in [d.didPause, d.willResume].compactMap({ $0 }) { dyn_lua_unref(L, ref) }
        d.didPause = nil
        d.willResume = nil
        if let t = delegateTables.removeValue(forKey: ObjectIdentifier(d)) { dyn_lua_unref(L, t) }
        delegates.removeAll { $0 === d }
        a.delegate = nil
    }

    /// Shortest frame `run{dt}` takes (s), and the longest run (s).
    static let minimumFrame: TimeInterval = 1e-4
    static let maximumRunSeconds: TimeInterval = 86_400

    /// Refuses to start a frame inside a frame of the same animator (from a field, an action,
    /// a collision or delegate callback, a timer).
    func checkNotStepping(_ a: DynamicAnimator) throws {
        guard !a.isStepping else {
            throw LuaArgumentError(message: "cannot step the animator from inside its own step")
        }
    }

    /// dyn.animator{...}
    /// Most animators one script makes. The bridge keeps every animator a script made (the
    /// CLI and the viewer step them, and items moved by a script are refreshed in each), so
    /// a loop making animators held them all: 100 000 took 330 MB and half a minute.
    static let maximumAnimators = 1000

    func makeAnimator() throws -> Int32 {
        guard animators.count < LuaBridge.maximumAnimators else {
            throw LuaArgumentError(message: "dynamics.animator: a script makes at most \(LuaBridge.maximumAnimators) animators")
        }
        _ = try options(at: 1, "dynamics.animator", allowed: ["bounds"])
        let animator: DynamicAnimator
        if let bounds = try withField("bounds", of: 1, { try rect(at: $0, "animator.bounds", max: Limits.coordinate) }) {
            // `size`: CGRect's width and height are standardized, so a negative width passed
            // (and was normalised) while a zero one was refused.
            guard bounds.size.width > 0, bounds.size.height > 0 else {
                throw LuaArgumentError(message: "animator.bounds: width and height must be > 0, got \(bounds.size.width) × \(bounds.size.height)")
            }
            animator = DynamicAnimator(referenceBounds: bounds)
        } else {
            animator = DynamicAnimator()
        }
        animator.invalidInputHandler = { [unowned self] error in
            // Inside a call from a script: that call's error (with its file:line).
            // The contact allowance is this bridge's (`contactAllowance` below): the room left
            // under the memory cap. The model names the bound; the script learns where it comes from.
            var error = error
            if error.property == "contactAllowance" || error.property == "maximumContacts" {
                error.message += "; for a script, the contact allowance is the room left under the Lua memory cap (\(HostMemory.Estimate.contact) B a contact): a larger cap raises it"
            }
            if InvalidInput.isCatching { InvalidInput.report(error) } else {
                self.errorHandler(LuaError(kind: .runtime, message: LuaBridge.luaMessage(error)))
            }
        }
        // The engine's contacts grow with the square of the items piled on one spot: they are
        // charged against the script's memory cap as the world holds them, and a frame may
        // make only as many as the room left holds (see `Estimate.contact`).
        animator.contactAllowance = { [weak self, unowned animator] held in
            self?.contactAllowance(of: animator, held: held) ?? Int.max // the bridge gone: no cap left to keep
        }
        // A frame stepped from a script stops between internal steps once the script's call
        // is over budget (outside calls into Lua the mark is never set).
        animator.shouldInterruptStep = { [weak state] in state?.isOverBudget ?? false }
        try charge(animator, HostMemory.Estimate.animator, "dynamics.animator")
        animators.append(animator)
        push(animator, as: .animator)
        return 1
    }

    static let defaultFrame: TimeInterval = 1.0 / 60

    static let animatorBinding = ClassBinding(
        get: { bridge, handle, object, key in
            let a = object as! DynamicAnimator
            switch key {
            case "elapsedTime": lua_pushnumber(bridge.L, a.elapsedTime)
            case "isRunning": lua_pushboolean(bridge.L, a.isRunning ? 1 : 0)
            case "delegate":
                if let d = a.delegate as? LuaAnimatorDelegate, let t = bridge.delegateTables[ObjectIdentifier(d)] {
                    dyn_lua_getref(bridge.L, t)
                } else { lua_pushnil(bridge.L) }
            case "onPointer": bridge.pushPointerHandler(of: a)
            case "host": lua_pushstring(bridge.L, bridge.host.rawValue)
            default: return false
            }
            return true
        },
        set: { bridge, handle, object, key, value in
            let a = object as! DynamicAnimator
            if key == "onPointer" { try bridge.setPointerHandler(of: a, at: value); return true }
            guard key == "delegate" else { return false }
            if lua_type(bridge.L, value) == LUA_TNIL { bridge.releaseDelegate(of: a); a.delegate = nil; return true }
            _ = try bridge.options(at: value, "animator.delegate", allowed: ["didPause", "willResume"])
            let d = LuaAnimatorDelegate(bridge: bridge)
            d.didPause = try bridge.withField("didPause", of: value) { try bridge.functionReference(at: $0, "delegate.didPause") }
            d.willResume = try bridge.withField("willResume", of: value) { try bridge.functionReference(at: $0, "delegate.willResume") }
            bridge.releaseDelegate(of: a)
            bridge.delegates.append(d)
            lua_pushvalue(bridge.L, value)
            bridge.delegateTables[ObjectIdentifier(d)] = dyn_lua_ref(bridge.L)
            a.delegate = d
            return true
        },
        methods: [
            "addBehavior": { bridge, _ in
                let a = try bridge.object(at: 1, .animator, as: DynamicAnimator.self, what: "addBehavior")
                let b = try bridge.object(at: 2, .behavior, as: DynamicBehavior.self, what: "addBehavior(behavior)")
                guard b.dynamicAnimator == nil || b.dynamicAnimator === a else {
                    throw LuaArgumentError(message: "addBehavior: the behavior is already in another animator")
                }
                try LuaBridge.checkBounds(of: a, for: b)
                a.addBehavior(b)
                return 0
            },
            "removeBehavior": { bridge, _ in
                let a = try bridge.object(at: 1, .animator, as: DynamicAnimator.self, what: "removeBehavior")
                a.removeBehavior(try bridge.object(at: 2, .behavior, as: DynamicBehavior.self, what: "removeBehavior(behavior)"))
                return 0
            },
            "removeAllBehaviors": { bridge, _ in
                try bridge.object(at: 1, .animator, as: DynamicAnimator.self, what: "removeAllBehaviors").removeAllBehaviors()
                return 0
            },
            "behaviors": { bridge, L in
                let a = try bridge.object(at: 1, .animator, as: DynamicAnimator.self, what: "behaviors")
                bridge.pushList(a.behaviors, as: .behavior)
                return 1
            },
            "step": { bridge, L in
                let a = try bridge.object(at: 1, .animator, as: DynamicAnimator.self, what: "step")
                let dt = lua_type(L, 2) <= 0 ? LuaBridge.defaultFrame : try bridge.number(at: 2, "step(dt)")
                try Validate.nonNegative(dt, "animator", "step(dt)", max: Limits.frame)
                try bridge.checkNotStepping(a)
                bridge.state.beginEngineTime(); defer { bridge.state.endEngineTime() }
                bridge.frameObserver?(a, .willStep)
                a.step(dt)
                bridge.frameObserver?(a, .didStep)
                return 0
            },
            "run": { bridge, L in
                let a = try bridge.object(at: 1, .animator, as: DynamicAnimator.self, what: "run")
                _ = try bridge.options(at: 2, "run", allowed: ["seconds", "untilPaused", "dt", "record"])
                let record = try bridge.withField("record", of: 2) { try bridge.bool(at: $0, "run.record") } ?? false
                let untilPaused = try bridge.withField("untilPaused", of: 2) { try bridge.bool(at: $0, "run.untilPaused") } ?? false
                let seconds = try bridge.withField("seconds", of: 2) { try bridge.number(at: $0, "run.seconds") }
                let dt = try bridge.withField("dt", of: 2) { try bridge.number(at: $0, "run.dt") } ?? LuaBridge.defaultFrame
                try Validate.positive(dt, "animator", "run.dt", min: LuaBridge.minimumFrame, max: Limits.frame)
                guard seconds != nil || untilPaused else {
                    throw LuaArgumentError(message: "run: give seconds = S, or untilPaused = true (with an optional seconds limit)")
                }
                let limit = seconds ?? 60
                try Validate.nonNegative(limit, "animator", "run.seconds", max: LuaBridge.maximumRunSeconds)
                try bridge.checkNotStepping(a)
                // Engine time: it counts against a test case's wall-clock limit, not its budget.
                bridge.state.beginEngineTime(); defer { bridge.state.endEngineTime() }
                // Whole frames, then a shorter one: the run ends at `seconds` (rounded to the
                // internal step), not at the last whole frame before it.
                let (frames, last) = a.frames(covering: limit, frame: dt)
                // Every frame into a record (LuaRunRecord.swift), returned instead of the time.
                let recording = record ? try LuaRecording(bridge: bridge, animator: a, frames: frames + 1) : nil
                bridge.frameObserver?(a, .willRun)
                for f in 0...frames {
                    if f == frames && last == 0 { break }
                    a.step(f < frames ? dt : last)
                    bridge.frameObserver?(a, .didStep)
                    try recording?.capture()
                    // A call over its budget (or a test case over its limit) stops here.
                    if bridge.state.isOverBudget { break }
                    if untilPaused && !a.isRunning { break }
                }
                if let recording { bridge.push(recording.record, as: .record) } else { lua_pushnumber(L, a.elapsedTime) }
                return 1
            },
            "pointer": { bridge, _ in try bridge.pointerMethod() },
            "itemsIn": { bridge, L in
                let a = try bridge.object(at: 1, .animator, as: DynamicAnimator.self, what: "itemsIn")
                bridge.pushItems(a.items(in: try bridge.rect(at: 2, "itemsIn(rect)")))
                return 1
            },
            "spawn": { bridge, _ in try bridge.spawnMethod() },
            "explainRest": { bridge, _ in try bridge.explainRestMethod() },
            "drag": { bridge, _ in try bridge.dragMethod() },
            "tap": { bridge, _ in try bridge.tapMethod() },
            "after": LuaBridge.timerMethod(repeating: false),
            "every": LuaBridge.timerMethod(repeating: true),
            "snapshot": { bridge, _ in try bridge.snapshotMethod() },
            "restore": { bridge, _ in try bridge.restoreMethod() },
        ],
        properties: ["elapsedTime", "isRunning", "delegate", "onPointer", "host"]
    )
}
