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
    /// gets a "not enough memory" error. It counts the state's own memory and an estimate of
    /// the host objects the script made (see `HostMemory`); other host allocations are exempt.
    public var memoryCap: Int

    /// How many calls from the host may run out of their budget before the state refuses
    /// every later one ("the script is stopped"; default 3). Each call is bounded by its
    /// budget, but a host makes many calls (each action, field, timer and callback, every
    /// frame): a scene of 30 actions that each loop held the CLI for 30 budgets. A failing
    /// callback is disabled, so a healthy script never meets this limit.
    public var overBudgetCalls: Int

    public init(instructionBudget: Int = 100_000_000, memoryCap: Int = 64 << 20, overBudgetCalls: Int = 3) {
        self.instructionBudget = instructionBudget
        self.memoryCap = memoryCap
        self.overBudgetCalls = overBudgetCalls
    }

    /// The time allowance of one call, from the budget (at most `maximumSeconds`).
    package var deadline: TimeInterval { min(Double(instructionBudget) / 1e8, LuaLimits.maximumSeconds) }

    /// The longest time allowance a budget converts to (a day).
    public static let maximumSeconds: TimeInterval = 86_400
}

/// Owns one sandboxed Lua 5.4 state: one per scene or animator run, so that a scene's
/// scripts share globals and plugins while two scenes never see each other, and all of a
/// state's memory goes with it. Not thread-safe: use a state from one thread at a time.
public final class LuaState {
    /// The main thread of the state.
    let main: OpaquePointer
    /// The Lua thread the host is serving now: the main thread, or the coroutine whose
    /// host call is running (host code uses the calling thread's stack). Every host call
    /// sets and restores it: kept in manually allocated memory, which needs no dynamic
    /// exclusivity check (a class's stored `var` gets one on every access).
    package var L: OpaquePointer {
        @inline(__always) get { current.pointee }
        @inline(__always) set { current.pointee = newValue }
    }
    private let current: UnsafeMutablePointer<OpaquePointer>
    /// The raw state (the current thread), for bindings and tests that use the C API
    /// directly. Do not close it.
    public var raw: OpaquePointer { L }
    public private(set) var limits: LuaLimits
    let watchdog: Watchdog
    /// Host objects Lua may call until the state closes (callbacks, whose finalizers can
    /// still run while `lua_close` collects): released only after the state is closed.
    var retained: [AnyObject] = []
    /// Host objects the script made, counted against the memory cap (see `HostMemory`).
    let hostMemory = HostMemory()

    /// The sandbox's setup (Resources/sandbox.lua, embedded at build time), which every state
    /// runs before any other code.
    static let sandboxSetup: [UInt8] = PackageResources.sandbox_lua

    public convenience init(limits: LuaLimits = LuaLimits()) throws {
        try self.init(limits: limits, sandboxSetup: LuaState.sandboxSetup)
    }

    /// A state whose sandbox is built by `sandboxSetup` (Lua text returning the environment
    /// table): the tests give a broken one to see that the state is refused, not left open.
    init(limits: LuaLimits, sandboxSetup: [UInt8]) throws {
        guard limits.instructionBudget > 0, limits.memoryCap > 0 else {
            throw LuaError(kind: .runtime, message: "LuaLimits: instructionBudget and memoryCap must be > 0")
        }
        guard let L = dyn_lua_newstate_capped(limits.memoryCap) else {
            throw LuaError(kind: .memory, message: "cannot create a Lua state within \(limits.memoryCap) bytes")
        }
        current = .allocate(capacity: 1)
        current.initialize(to: L)
        self.main = L
        self.limits = limits
        watchdog = Watchdog(state: L)
        dyn_lua_set_host_bytes(L, UnsafePointer(hostMemory.counter))
        let status = sandboxSetup.withUnsafeBufferPointer { setup in
            setup.withMemoryRebound(to: CChar.self) { dyn_lua_open_sandbox(L, $0.baseAddress, $0.count) }
        }
        guard status == LUA_OK else {
            // Every stored property is set: the throw releases the object and deinit stops
            // the watchdog and closes the state (closing here too would close it twice).
            let message = dyn_lua_tostring(L, -1).map { String(cString: $0) } ?? "no message"
            throw LuaError(kind: status == LUA_ERRMEM ? .memory : .runtime,
                           message: "cannot set up the sandbox (Resources/sandbox.lua, status \(status)): \(message)")
        }
    }

    deinit {
        watchdog.stop()
        dyn_lua_set_host_bytes(main, nil) // objects freed from now on refund only the counter
        dyn_lua_close(main)
        retained.removeAll()
        current.deallocate()
    }

    /// Changes the limits; the memory cap applies to allocations from now on.
    public func setLimits(_ newLimits: LuaLimits) {
        limits = newLimits
        _ = dyn_lua_set_memory_cap(L, newLimits.memoryCap)
    }

    /// True while the current call into Lua is over its budget. Host loops run on behalf
    /// of a script (an `a:run{}` stepping many frames) stop when it turns true.
    public var isOverBudget: Bool { watchdog.isExceeded }

    /// Bytes the state uses now (Lua's own memory).
    public var memoryUsed: Int { dyn_lua_memory_used(L) }

    /// Bytes charged now for host objects the script made (items, behaviors, animators,
    /// timers; see `HostMemory`), counted against the cap with `memoryUsed`.
    public var hostObjectBytes: Int { hostMemory.bytes }

    /// Loads `source` as text under the sandbox (binary chunks are refused) and runs it.
    /// `chunkName` is the file name errors report (`scene.lua:3: ...`).
    /// Returns how many results the chunk left on the stack (the caller pops them).
    /// With `host`, the chunk is the host's own ("=NAME"): error locations and the budget's
    /// message skip its frames for the script line that called into it. The chunk gets
    /// `arguments` as its `...`.
    @discardableResult
    public func run(_ source: String, chunkName: String, host: Bool = false, arguments: [Int] = []) throws -> Int {
        let base = lua_gettop(L)
        let status = LuaSource.load(L, source, chunkName: (host ? "=" : "@") + chunkName)
        guard status == LUA_OK else { throw popError(status) }
        for argument in arguments { lua_pushinteger(L, lua_Integer(argument)) }
        do {
            try call(nargs: Int32(arguments.count), nresults: LUA_MULTRET)
        } catch var error as LuaError where error.kind == .memory && !host && !error.message.hasPrefix(chunkName) {
            // Lua's own memory error has no location (its message handler does not run for
            // it): the script's name at least.
            error.message = "\(chunkName): \(error.message)"
            throw error
        }
        return Int(lua_gettop(L) - base)
    }

    /// Compiles `source` as text under the sandbox without running it (a syntax error throws,
    /// located at `chunkName`'s line).
    package func compile(_ source: String, chunkName: String) throws {
        let status = LuaSource.load(L, source, chunkName: "@" + chunkName)
        guard status == LUA_OK else { throw popError(status) }
        lua_settop(L, -2)
    }

    /// A new table {x = 0, y = 0} kept in the registry (argument tables that are refilled
    /// rather than allocated per call); returns its reference.
    package func makePointTable() -> Int32 {
        lua_createtable(L, 0, 2)
        lua_pushnumber(L, 0); dyn_lua_rawsetfield(L, -2, "x")
        lua_pushnumber(L, 0); dyn_lua_rawsetfield(L, -2, "y")
        return dyn_lua_ref(L)
    }

    /// Pops `n` values (results of `run`).
    public func pop(_ n: Int) {
        lua_settop(L, -Int32(n) - 1)
    }

    /// Calls the function below its `nargs` arguments on the stack under the budget (or
    /// `seconds`, when given), with a traceback on error. On error the stack is left as it
    /// was below the function. With `limit` (longer than the budget), engine time the call
    /// spends in `animator:run`/`step` does not count against its budget, and the call ends
    /// at `limit` seconds of wall-clock time whatever it spends them on (see `Watchdog`).
    public func call(nargs: Int32, nresults: Int32, seconds: TimeInterval? = nil, limit: TimeInterval? = nil) throws {
        if let stopped = stoppedError() {
            lua_settop(L, -nargs - 2)
            throw stopped
        }
        watchdog.begin(deadline: seconds ?? limits.deadline, limit: limit)
        let status = dyn_lua_pcall_traceback(L, nargs, nresults)
        let stoppedBy = watchdog.end()
        guard status == LUA_OK else { throw popError(status, bound: stoppedBy) }
    }

    /// Brackets host code that steps the engine on behalf of the running call (pair each
    /// with `endEngineTime`, e.g. with `defer`): engine time does not count against the
    /// call's own budget, only against its wall-clock limit, for calls that have one (a
    /// test case); for every other call it counts as host time always does.
    func beginEngineTime() { watchdog.pauseOwnTime() }
    func endEngineTime() { watchdog.resumeOwnTime() }

    /// Forgets the calls that ran out of their budget so far, so that the next ones run
    /// (`LuaLimits.overBudgetCalls`): a test runner between cases, each bounded on its own.
    package func forgetOverBudgetCalls() { watchdog.forgetOverBudgetCalls() }

    /// Runs `body` (a C call that does its own protected call and leaves a message on error)
    /// under the instruction budget, turning a failure status into a `LuaError`.
    package func guarded(_ body: () -> Int32) throws {
        if let stopped = stoppedError() { throw stopped }
        watchdog.begin(deadline: limits.deadline)
        let status = body()
        let stoppedBy = watchdog.end()
        guard status == LUA_OK else { throw popError(status, bound: stoppedBy) }
    }

    /// Calls from the host that ran out of their budget so far (see
    /// `LuaLimits.overBudgetCalls`).
    public var overBudgetCalls: Int { watchdog.overBudgetCalls }

    /// The error a new call from the host meets once `LuaLimits.overBudgetCalls` calls ran
    /// out of their budget; nil otherwise and for calls nested in a call into Lua (those are
    /// bounded by the call around them).
    private func stoppedError() -> LuaError? {
        guard watchdog.isIdle, watchdog.overBudgetCalls >= limits.overBudgetCalls else { return nil }
        return LuaError(kind: .budget, message: "not run: \(watchdog.overBudgetCalls) calls into this script ran out of their "
                        + "instruction budget (\(limits.instructionBudget) instructions per call), so the script is stopped")
    }

    package static func shownSeconds(_ s: TimeInterval) -> String {
        s >= 1 ? String(format: "%g s", s) : String(format: "%g ms", s * 1000)
    }

    /// Pops the error message on top of the stack into a `LuaError`.
    private func popError(_ status: Int32, bound: Watchdog.Bound? = nil) -> LuaError {
        let parts = LuaState.splitError(at: -1, of: L)
        var message = parts.0
        let traceback = parts.1
        dyn_lua_pop(L, 1)
        let kind: LuaError.Kind
        switch status {
        case LUA_ERRSYNTAX: kind = .syntax
        case LUA_ERRMEM:
            kind = .memory
            message = "not enough memory: the script went past the memory cap of \(limits.memoryCap) bytes"
        default:
            // Also a memory error: the cap found exceeded after a host call (CLuaShim's
            // dyn_host_end), located at the script's line.
            kind = bound != nil || message.hasSuffix("instruction budget exceeded") ? .budget
                : message.hasSuffix("went past the memory cap of \(limits.memoryCap) bytes") ? .memory : .runtime
        }
        if case .limit(let seconds)? = bound, message.hasSuffix("instruction budget exceeded") {
            // The call's wall-clock limit ended it, not its budget: say which.
            message = String(message.dropLast("instruction budget exceeded".count))
                + "time limit exceeded (\(LuaState.shownSeconds(seconds)) of wall-clock time, the engine's included)"
        } else if kind == .budget && !message.contains("\(limits.instructionBudget)") {
            // The budget is kept as time: say so, since a loaded machine (more test workers
            // than cores) runs fewer instructions in it.
            message += " (\(limits.instructionBudget) instructions per call, kept as \(LuaState.shownSeconds(limits.deadline)) of wall-clock time)"
        }
        return LuaError(kind: kind, message: message, traceback: traceback)
    }

    /// The error text on the stack at `index`, as a message and the traceback the handler
    /// appended ("stack traceback:…"), each shortened (`shortened`). The traceback is looked
    /// for only in the text's last 64 KiB (Lua's tracebacks are a few KiB), so a huge message
    /// costs one copy of its first bytes, not a search through all of it.
    static func splitError(at index: Int32, of L: OpaquePointer) -> (String, String?) {
        var length = 0
        guard lua_type(L, index) == LUA_TSTRING, let chars = lua_tolstring(L, index, &length) else {
            return ("(error object is not a string)", nil)
        }
        let bytes = UnsafeRawBufferPointer(start: chars, count: length).bindMemory(to: UInt8.self)
        let marker = Array("\nstack traceback:".utf8)
        var split: Int?
        var k = length - marker.count
        while k >= max(0, length - 65_536) {
            if bytes[k] == marker[0] && bytes[k ..< k + marker.count].elementsEqual(marker) { split = k; break }
            k -= 1
        }
        func text(_ range: Range<Int>) -> String {
            let shown = min(range.count, maximumMessageBytes)
            let head = String(decoding: bytes[range.lowerBound ..< range.lowerBound + shown], as: UTF8.self)
            return shown < range.count ? "\(head)… (\(range.count) bytes in all)" : head
        }
        guard let split else { return (text(0 ..< length), nil) }
        return (text(0 ..< split), text(split + 1 ..< length))
    }

    /// Longest error message (and traceback) kept from a script, in bytes.
    static let maximumMessageBytes = 4096

    /// A script's error text as the host keeps it: at most `maximumMessageBytes`, then an
    /// ellipsis and the full length. Hosts keep and print errors (a run lists each failing
    /// callback's): `error(("x"):rep(10e6))` from 100 actions held 1.4 GB.
    package static func shortened(_ text: String) -> String {
        let length = text.utf8.count
        guard length > maximumMessageBytes else { return text }
        // A cut inside a character decodes as one replacement character.
        return "\(String(decoding: text.utf8.prefix(maximumMessageBytes), as: UTF8.self))… (\(length) bytes in all)"
    }

    /// `shortened` of raw bytes (a Lua string, NULs included), decoding only what it keeps.
    package static func shortened(_ bytes: UnsafeRawBufferPointer) -> String {
        let kept = String(decoding: bytes.prefix(maximumMessageBytes), as: UTF8.self)
        return bytes.count > maximumMessageBytes ? "\(kept)… (\(bytes.count) bytes in all)" : kept
    }
}

/// Enforces the instruction budget of calls into Lua, host time included.
///
/// The budget converts to wall-clock time at a conservative 10⁸ instructions per second.
/// Each call from the host into Lua pushes a frame with a deadline (a nested call — Lua →
/// host → Lua — never gets more time than the call around it); a thread wakes every 10 ms
/// and, once the innermost deadline has passed, marks the state over budget and arms the
/// count hook on every running Lua thread. From then on the hook, the bounded C functions,
/// the sandbox's pcall/xpcall and every host call raise "instruction budget exceeded" until
/// control is back in the host code whose deadline passed: nothing a script does can resume
/// an over-budget call. Healthy calls never run with a hook (a permanently installed count
/// hook would slow the VM); they pay a lock per call.
///
/// A call may also have a wall-clock `limit` past its budget (a test case: 30 s). Its own
/// time (Lua, and quick host calls such as property access) runs against the budget, while
/// engine time — the frames `animator:run`/`step` compute on its behalf, bracketed by
/// `pauseOwnTime`/`resumeOwnTime` — moves its deadline on, never past the limit. A loop in
/// the case stops at the budget; a long simulation runs until the limit.
final class Watchdog: @unchecked Sendable {
    /// What ended an over-budget call.
    enum Bound: Equatable {
        /// The instruction budget (the call's own time).
        case budget
        /// The wall-clock limit of a call that has one past its budget, engine time included.
        case limit(TimeInterval)
    }

    /// One call into Lua under way.
    private struct Frame {
        /// When the call's own time runs out (uptime ns); engine time moves it on.
        var deadline: UInt64
        /// The latest the call may run, whatever it waits for (uptime ns).
        var limit: UInt64
        /// The limit's length when it is longer than the budget (a test case), else nil.
        var limitSeconds: TimeInterval?
        /// Nested engine-time brackets under way, and when the outermost began.
        var paused = 0
        var pausedAt: UInt64 = 0
        /// The deadline that applies now: the limit while the engine runs for the call.
        var effective: UInt64 { paused > 0 ? limit : deadline }
    }

    private let lock = NSLock()
    private let state: OpaquePointer
    /// The calls into Lua under way, innermost last.
    private var frames: [Frame] = []
    private var armed = false
    /// The bound that armed the hook (meaningful while `armed`).
    private var armedBy: Bound = .budget
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
        let now = DispatchTime.now().uptimeNanoseconds
        if let frame = frames.last, !armed, now > frame.effective {
            // A wall-clock limit that has passed (the innermost call's or one around it)
            // is what stopped the call; otherwise its budget.
            armedBy = frames.last { $0.limitSeconds != nil && now > $0.limit }.flatMap { $0.limitSeconds.map(Bound.limit) } ?? .budget
            dyn_lua_arm_budget(state)
            armed = true
        }
        return true
    }

    /// A call into Lua starts with an allowance of `seconds` of its own time, and at most
    /// `limit` seconds in all (when longer), each bounded by any call around it.
    func begin(deadline seconds: TimeInterval, limit: TimeInterval? = nil) {
        func nanoseconds(_ s: TimeInterval) -> UInt64 { UInt64(min(max(s, 0), LuaLimits.maximumSeconds) * 1e9) }
        lock.lock()
        let now = DispatchTime.now().uptimeNanoseconds
        let outer = frames.last?.effective ?? .max
        let longer = limit.map { $0 > seconds } ?? false
        let end = min(now &+ nanoseconds(longer ? limit! : seconds), outer)
        frames.append(Frame(deadline: min(now &+ nanoseconds(seconds), end), limit: end, limitSeconds: longer ? limit : nil))
        lock.unlock()
    }

    /// The call ends; the bound that stopped it, or nil if it kept within them. The mark
    /// stays when the call around it is over budget too, so the host code between the two
    /// cannot run on.
    func end() -> Bound? {
        lock.lock(); defer { lock.unlock() }
        let wasArmed = armed
        frames.removeLast()
        if wasArmed && frames.isEmpty { overBudgetCalls += 1 }
        if armed, frames.last.map({ DispatchTime.now().uptimeNanoseconds <= $0.effective }) ?? true {
            dyn_lua_disarm_budget(state)
            armed = false
        }
        return wasArmed ? armedBy : nil
    }

    /// Engine time begins for the innermost call: its own deadline stops counting (up to
    /// its limit). Calls nest; nothing happens outside a call.
    func pauseOwnTime() {
        lock.lock(); defer { lock.unlock() }
        guard let i = frames.indices.last else { return }
        if frames[i].paused == 0 { frames[i].pausedAt = DispatchTime.now().uptimeNanoseconds }
        frames[i].paused += 1
    }

    /// Engine time ends: the innermost call's deadline moves on by the time it lasted.
    func resumeOwnTime() {
        lock.lock(); defer { lock.unlock() }
        guard let i = frames.indices.last, frames[i].paused > 0 else { return }
        frames[i].paused -= 1
        if frames[i].paused == 0 {
            let engine = DispatchTime.now().uptimeNanoseconds &- frames[i].pausedAt
            frames[i].deadline = min(frames[i].deadline &+ engine, frames[i].limit)
        }
    }

    /// Outermost calls (calls from the host, not nested in another) that ended over budget.
    private(set) var overBudgetCalls = 0

    /// Forgets the calls that ran out of their budget so far (a test runner, between cases).
    func forgetOverBudgetCalls() {
        lock.lock(); defer { lock.unlock() }
        overBudgetCalls = 0
    }

    /// True when no call into Lua is under way (the next call comes from the host).
    var isIdle: Bool {
        lock.lock(); defer { lock.unlock() }
        return frames.isEmpty
    }

    /// True while the current call into Lua is over budget: host loops that run on behalf
    /// of a script (a:run{}) stop at once.
    var isExceeded: Bool {
        lock.lock(); defer { lock.unlock() }
        return armed
    }

    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }
}
