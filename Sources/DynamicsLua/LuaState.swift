import CLua
import CLuaShim
import Foundation

/// Limits that keep a script from hurting the host.
public struct LuaLimits: Sendable, Equatable {
    /// Lua VM instructions one call into Lua may run. Enforced by a watchdog that converts
    /// the budget to time at a conservative 10⁸ instructions per second and, only when a
    /// call overruns, installs a count hook that stops it within 1000 instructions: healthy
    /// calls pay nothing for it. The default (10⁸) stops an endless loop within a second.
    public var instructionBudget: Int
    /// The state's memory cap in bytes (default 64 MiB). A script that allocates past it
    /// gets a "not enough memory" error; the host's own allocations are exempt.
    public var memoryCap: Int

    public init(instructionBudget: Int = 100_000_000, memoryCap: Int = 64 << 20) {
        self.instructionBudget = instructionBudget
        self.memoryCap = memoryCap
    }

    /// The time allowance of one call, from the budget.
    var deadline: TimeInterval { Double(instructionBudget) / 1e8 }
}

/// Owns one sandboxed Lua 5.4 state: one per scene or animator run, so that a scene's
/// scripts share globals and plugins while two scenes never see each other, and all of a
/// state's memory goes with it. Not thread-safe: use a state from one thread at a time.
public final class LuaState {
    /// The raw state, for the bindings.
    let L: OpaquePointer
    /// The raw state, for bindings and tests that use the C API directly. Do not close it.
    public var raw: OpaquePointer { L }
    public private(set) var limits: LuaLimits
    let watchdog: Watchdog
    /// Host objects Lua may call until the state closes (callbacks, whose finalizers can
    /// still run while `lua_close` collects): released only after the state is closed.
    var retained: [AnyObject] = []

    public init(limits: LuaLimits = LuaLimits()) throws {
        guard limits.instructionBudget > 0, limits.memoryCap > 0 else {
            throw LuaError(kind: .runtime, message: "LuaLimits: instructionBudget and memoryCap must be > 0")
        }
        guard let L = dyn_lua_newstate_capped(limits.memoryCap) else {
            throw LuaError(kind: .memory, message: "cannot create a Lua state within \(limits.memoryCap) bytes")
        }
        self.L = L
        self.limits = limits
        watchdog = Watchdog(state: L)
        let status = dyn_lua_open_sandbox(L)
        guard status == LUA_OK else {
            watchdog.stop()
            dyn_lua_close(L)
            throw LuaError(kind: .memory, message: "cannot build the sandbox (status \(status))")
        }
    }

    deinit {
        watchdog.stop()
        dyn_lua_close(L)
        retained.removeAll()
    }

    /// Changes the limits; the memory cap applies to allocations from now on.
    public func setLimits(_ newLimits: LuaLimits) {
        limits = newLimits
        _ = dyn_lua_set_memory_cap(L, newLimits.memoryCap)
    }

    /// Bytes the state uses now.
    public var memoryUsed: Int { dyn_lua_memory_used(L) }

    /// Loads `source` as text under the sandbox (binary chunks are refused) and runs it.
    /// `chunkName` is the file name errors report (`scene.lua:3: ...`).
    /// Returns how many results the chunk left on the stack (the caller pops them).
    @discardableResult
    public func run(_ source: String, chunkName: String) throws -> Int {
        let base = lua_gettop(L)
        let status = source.withCString { dyn_lua_load_sandboxed(L, $0, strlen($0), "@" + chunkName) }
        guard status == LUA_OK else { throw popError(status) }
        try call(nargs: 0, nresults: LUA_MULTRET)
        return Int(lua_gettop(L) - base)
    }

    /// A new table {x = 0, y = 0} kept in the registry (argument tables that are refilled
    /// rather than allocated per call); returns its reference.
    func makePointTable() -> Int32 {
        lua_createtable(L, 0, 2)
        lua_pushnumber(L, 0); lua_setfield(L, -2, "x")
        lua_pushnumber(L, 0); lua_setfield(L, -2, "y")
        return dyn_lua_ref(L)
    }

    /// Pops `n` values (results of `run`).
    public func pop(_ n: Int) {
        lua_settop(L, -Int32(n) - 1)
    }

    /// Calls the function below its `nargs` arguments on the stack under the budget, with a
    /// traceback on error. On error the stack is left as it was below the function.
    public func call(nargs: Int32, nresults: Int32) throws {
        watchdog.begin(deadline: limits.deadline)
        let status = dyn_lua_pcall_traceback(L, nargs, nresults)
        let stoppedByBudget = watchdog.end()
        guard status == LUA_OK else { throw popError(status, budget: stoppedByBudget) }
    }

    /// Runs `body` (a C call that does its own protected call and leaves a message on error)
    /// under the instruction budget, turning a failure status into a `LuaError`.
    func guarded(_ body: () -> Int32) throws {
        watchdog.begin(deadline: limits.deadline)
        let status = body()
        let stoppedByBudget = watchdog.end()
        guard status == LUA_OK else { throw popError(status, budget: stoppedByBudget) }
    }

    /// Pops the error message on top of the stack into a `LuaError`.
    private func popError(_ status: Int32, budget: Bool = false) -> LuaError {
        let text = dyn_lua_tostring(L, -1).map { String(cString: $0) } ?? "(error object is not a string)"
        dyn_lua_pop(L, 1)
        var message = text, traceback: String?
        if let r = text.range(of: "\nstack traceback:") {
            message = String(text[..<r.lowerBound])
            traceback = String(text[text.index(after: r.lowerBound)...])
        }
        let kind: LuaError.Kind
        switch status {
        case LUA_ERRSYNTAX: kind = .syntax
        case LUA_ERRMEM:
            kind = .memory
            message = "not enough memory: the script went past the memory cap of \(limits.memoryCap) bytes"
        default: kind = budget || message.hasSuffix("instruction budget exceeded") ? .budget : .runtime
        }
        if kind == .budget && !message.contains("\(limits.instructionBudget)") {
            message += " (\(limits.instructionBudget) instructions per call)"
        }
        return LuaError(kind: kind, message: message, traceback: traceback)
    }
}

/// Arms the instruction-budget hook of a state whose current call has overrun its time
/// allowance. One thread per state, waking every 10 ms; `begin`/`end` cost a lock each.
final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private let state: OpaquePointer
    private var callStart: UInt64 = 0
    private var allowance: UInt64 = 0
    private var armed = false
    private var stopped = false
    private var thread: Thread?

    init(state: OpaquePointer) {
        self.state = state
        let t = Thread { [weak self] in
            while let self, self.tick() {
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
        t.name = "dynamics.lua.watchdog"
        thread = t
        t.start()
    }

    /// Checks the running call; false once stopped.
    private func tick() -> Bool {
        lock.lock(); defer { lock.unlock() }
        if stopped { return false }
        if callStart != 0 && !armed && DispatchTime.now().uptimeNanoseconds - callStart > allowance {
            dyn_lua_arm_budget(state)
            armed = true
        }
        return true
    }

    /// Calls nest: Lua → host callback (suspended) → Lua again (a fresh allowance).
    private var depth = 0

    /// A call into Lua starts: its allowance runs from now. A call made from a host callback
    /// (itself inside Lua) gets a fresh allowance: time spent in the host never counts.
    func begin(deadline: TimeInterval) {
        lock.lock()
        depth += 1
        callStart = DispatchTime.now().uptimeNanoseconds
        allowance = UInt64(deadline * 1e9)
        lock.unlock()
    }

    /// Host code runs (a callback from Lua): its time does not count against the budget.
    func suspend() {
        lock.lock(); defer { lock.unlock() }
        guard depth > 0 else { return }
        callStart = 0
        if armed { dyn_lua_disarm_budget(state); armed = false }
    }

    /// Back in Lua after a host callback: the allowance starts again.
    func resume() {
        lock.lock(); defer { lock.unlock() }
        if depth > 0 { callStart = DispatchTime.now().uptimeNanoseconds }
    }

    /// Ends the call; true if the hook had been armed.
    func end() -> Bool {
        lock.lock(); defer { lock.unlock() }
        depth -= 1
        guard depth == 0 else {
            // Back in the host code that called into Lua (suspended until it returns).
            callStart = 0
            let wasArmed = armed
            if armed { dyn_lua_disarm_budget(state); armed = false }
            return wasArmed
        }
        callStart = 0
        let wasArmed = armed
        if armed {
            dyn_lua_disarm_budget(state)
            armed = false
        }
        return wasArmed
    }

    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }
}
