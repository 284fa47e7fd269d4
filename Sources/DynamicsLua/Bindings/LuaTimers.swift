import CLua
import CLuaShim
import Dynamics
import Foundation

// animator:after(seconds, fn)   -- fn() once, when elapsedTime has advanced by seconds
// animator:every(seconds, fn)   -- fn() every seconds; return false from fn to stop
// Both return a timer: t:cancel(); read: time (next firing, in elapsedTime), interval (nil for
// after), cancelled. A pending timer keeps the animator stepping; timers fire after the
// actions of the frame in which their time is reached, in the order they were made (see
// DynamicAnimator.after). A timer whose function raises is cancelled and the error reported
// through the bridge's errorHandler, located (file:line) like an action's.

extension LuaBridge {
    /// animator:after(s, fn) and animator:every(s, fn).
    static func timerMethod(repeating: Bool) -> @Sendable (LuaBridge, OpaquePointer) throws -> Int32 {
        let name = repeating ? "every" : "after"
        return { bridge, L in
            let a = try bridge.object(at: 1, .animator, as: DynamicAnimator.self, what: name)
            let seconds = try bridge.number(at: 2, "\(name)(seconds)")
            // Every check before anything is made: the range is the model's (one validation
            // layer), the memory is reserved before the timer exists.
            do {
                if repeating { try DynamicAnimator.validateInterval(seconds) } else { try DynamicAnimator.validateDelay(seconds) }
            } catch let error as DynamicsError {
                throw LuaArgumentError(message: LuaBridge.luaMessage(error))
            }
            let charge = try bridge.reserve(HostMemory.Estimate.timer, "timer")
            // The function's reference lives as long as the timer's body: the animator
            // releases the body when the timer ends (fired, cancelled or failed), and the
            // reference with it.
            let held = HeldFunction(bridge: bridge, ref: try bridge.functionReference(at: 3, "\(name)(seconds, fn)"))
            let ref = held.ref
            // Where errors point: the function's definition, or (for a C function or a
            // sandbox wrapper, "[C]:-1") the script line that made the timer.
            let definedAt = bridge.definedAt(ref)
            let place = definedAt.hasPrefix("[C]") || definedAt.hasPrefix("sandbox:") ? "made at \(bridge.callerLocation())" : "at \(definedAt)"
            let timer = TimerBox()
            let body: () -> Bool = { [weak bridge] in
                withExtendedLifetime(held) {}
                guard let bridge, let t = timer.timer else { return false }
                var again = true
                if let error = bridge.callReference(ref, nargs: 0, nresults: 1, pushArgs: {}, results: {
                    // Only an explicit false stops a repeating timer (nil, the usual "no
                    // return", keeps it going).
                    again = !(lua_type(bridge.L, -1) == LUA_TBOOLEAN && lua_toboolean(bridge.L, -1) == 0)
                }) {
                    t.cancel() // a failing timer is cancelled, the animator keeps running
                    bridge.errorHandler(LuaError(kind: error.kind, message: "timer (\(name) \(place)): \(error.message)",
                                                 traceback: error.traceback))
                    return false
                }
                return again
            }
            let t = repeating ? a.every(seconds, body) : a.after(seconds) { _ = body() }
            timer.timer = t
            t.hostCharge = charge
            bridge.push(t, as: .timer)
            return 1
        }
    }

    static let timerBinding = ClassBinding(
        get: { bridge, _, object, key in
            let t = object as! DynamicTimer
            switch key {
            case "time": lua_pushnumber(bridge.L, t.fireTime)
            case "interval":
                if let i = t.interval { lua_pushnumber(bridge.L, i) } else { lua_pushnil(bridge.L) }
            case "cancelled": lua_pushboolean(bridge.L, t.isCancelled ? 1 : 0)
            default: return false
            }
            return true
        },
        set: { _, _, _, _, _ in false },
        methods: [
            "cancel": { bridge, _ in
                try bridge.object(at: 1, .timer, as: DynamicTimer.self, what: "cancel").cancel()
                return 0
            },
        ],
        properties: ["time", "interval", "cancelled"]
    )
}

/// The timer a Lua body belongs to (set once the animator made it), held weakly so the
/// body does not keep its own timer alive.
private final class TimerBox {
    weak var timer: DynamicTimer?
}

/// A registry reference to a script function, released when this is (on the host's side,
/// between Lua calls: timers end inside `fireTimers` or a script's `cancel`, both host code).
final class HeldFunction {
    weak var bridge: LuaBridge?
    let ref: Int32

    init(bridge: LuaBridge, ref: Int32) {
        self.bridge = bridge
        self.ref = ref
    }

    deinit {
        if let bridge { dyn_lua_unref(bridge.L, ref) } // nil once the bridge (and its state) went
    }
}
