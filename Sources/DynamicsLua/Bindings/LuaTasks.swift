import CLua
import CLuaShim
import Dynamics
import Foundation

// Tasks: sequencing on simulated time (docs/lua-api.md, "Sequencing").
//
//   local task = animator:spawn(function()
//     dyn.wait(0.5); dyn.waitFrames(3)
//     local ok = dyn.waitUntil(function() return card.center.y < 0 end, 2)
//     dyn.waitForRest{ items = {card}, timeout = 3 }
//     local point = dyn.waitForContact(card, "floor", 1)
//   end)
//   task:cancel(); task.done; task.error; task.cancelled
//
// A task is a coroutine the host keeps; the model's `DynamicTask` carries its waits. Each
// `dyn.wait*` checks its arguments in the host and starts the wait on the model's task
// (bad input is an error at the script's line, and changes nothing), then yields a token
// only this file's Lua code holds. When the wait ends, the animator's step resumes the
// coroutine with the wait's result: one call into Lua under the budget. A coroutine that
// yields anything else, or raises, ends its task with the error reported (file:line).

extension LuaBridge {
    /// The Lua half of tasks: the `dyn.wait*` functions and the coroutine driver. Runs once
    /// per state as a host chunk (its frames are skipped when errors are located, so a
    /// wait's error points at the script's line).
    static let taskSource = """
        local dyn, register = ...
        local create, resume, status, yield, running = coroutine.create, coroutine.resume, coroutine.status, coroutine.yield, coroutine.running
        local error, setmetatable = error, setmetatable
        local token = {}
        local tasks = setmetatable({}, { __mode = 'k' })
        local function waitFor(name, a, b, c)
          local co, main = running()
          if main or not tasks[co] then
            error('dyn.' .. name .. ': call it inside a task (animator:spawn(fn)); it waits in simulated time', 3)
          end
          register(name, a, b, c)
          return yield(token)
        end
        -- Not tail calls: each wait keeps its frame, so levels count the same for all.
        function dyn.wait(seconds) local r = waitFor('wait', seconds) return r end
        function dyn.waitFrames(count) local r = waitFor('waitFrames', count) return r end
        function dyn.waitUntil(condition, timeout) local r = waitFor('waitUntil', condition, timeout) return r end
        function dyn.waitForRest(options) local r = waitFor('waitForRest', options) return r end
        function dyn.waitForContact(item, other, timeout)
          local r = waitFor('waitForContact', item, other, timeout)
          if r == false then return nil end
          return r
        end
        local function new(fn)
          local co = create(fn)
          tasks[co] = true
          return co
        end
        -- Resumes a task: 'done', 'waiting', or 'error' and the message.
        local function step(co, ...)
          local ok, t = resume(co, ...)
          if not ok then return 'error', t end
          if status(co) == 'dead' then return 'done' end
          if t ~= token then return 'error', 'the task yielded outside dyn.wait (a task pauses only in dyn.wait, dyn.waitFrames, dyn.waitUntil, dyn.waitForRest and dyn.waitForContact)' end
          return 'waiting'
        end
        return new, step
        """

    /// Runs `taskSource` with the module at `module`; keeps its `new` and `step`.
    func installTasks(module: Int32) throws {
        let status = LuaSource.load(L, LuaBridge.taskSource, chunkName: "=dynamics.tasks")
        guard status == LUA_OK else { throw LuaError(kind: .syntax, message: dyn_lua_tostring(L, -1).map { String(cString: $0) } ?? "?") }
        lua_pushvalue(L, module)
        pushFunction { bridge, _ in try bridge.registerWait() }
        try state.call(nargs: 2, nresults: 2)
        taskStep = dyn_lua_ref(L)
        taskNew = dyn_lua_ref(L)
    }

    /// `animator:spawn(fn)`.
    func spawnMethod() throws -> Int32 {
        let a = try object(at: 1, .animator, as: DynamicAnimator.self, what: "spawn")
        guard lua_type(L, 2) == LUA_TFUNCTION else {
            throw LuaArgumentError(message: "spawn(fn): expected a function, got \(typeName(at: 2))")
        }
        // The memory first: a refused task is never made (the animator does not see it).
        let charge = try reserve(HostMemory.Estimate.task, "spawn")
        let place = callerLocation()
        // The coroutine, made by the task chunk (which marks it as a task).
        var co: Int32 = LUA_NOREF
        if let error = callReference(taskNew, nargs: 1, nresults: 1, pushArgs: { lua_pushvalue(L, 2) }, results: {
            lua_pushvalue(L, -1)
            co = dyn_lua_ref(L)
        }) {
            throw LuaArgumentError(message: "spawn: \(error.message)")
        }
        let coroutine = HeldFunction(bridge: self, ref: co)
        let task = a.spawn { task in
            task.hostCharge = charge
            advance(task, coroutine, place: place, outcome: nil)
        }
        push(task, as: .task)
        return 1
    }

    /// Resumes the task's coroutine with the result of the wait that ended (`outcome`, or
    /// nothing when it starts), so that it starts its next wait, ends, or fails.
    func advance(_ task: DynamicTask, _ coroutine: HeldFunction, place: String, outcome: DynamicTask.Outcome?) {
        let outer = runningTask
        runningTask = (task, coroutine, place)
        defer { runningTask = outer }
        var result = "", message = ""
        let error = callReference(taskStep, nargs: outcome == nil ? 1 : 2, nresults: 2, pushArgs: {
            dyn_lua_getref(L, coroutine.ref)
            switch outcome {
            case nil: break
            case .done?: lua_pushboolean(L, 1)
            case .timedOut?:
                // waitForContact's timeout is nil; the others' false.
                lua_pushboolean(L, 0)
            case .contact(let p)?: pushPoint(p)
            }
        }, results: {
            result = string(at: -2) ?? ""
            message = dyn_lua_tostring(L, -1).map { String(cString: $0) } ?? "?"
        })
        if let error { message = error.message } else if result != "error" { return }
        // An error the script did not raise (the budget's, the memory cap's, which end the
        // resume itself) carries no place: it is where the dead coroutine stopped.
        if let place = failedLocation(coroutine), !message.hasPrefix(place + ":") {
            message = "\(place): \(message)"
        }
        report(task, message)
    }

    /// "file:line" where a coroutine that died by an error stopped: the innermost frame of a
    /// script's chunk. Its stack is kept after the error; reading it allocates nothing.
    private func failedLocation(_ coroutine: HeldFunction) -> String? {
        dyn_lua_getref(L, coroutine.ref)
        defer { lua_settop(L, -2) }
        guard let co = lua_tothread(L, -1) else { return nil }
        var ar = lua_Debug()
        var level: Int32 = 0
        while level < 64, lua_getstack(co, level, &ar) != 0 {
            if lua_getinfo(co, "Sl", &ar) != 0, ar.currentline > 0, let source = ar.source, source.pointee == UInt8(ascii: "@") {
                return "\(String(cString: source + 1)):\(ar.currentline)"
            }
            level += 1
        }
        return nil
    }

    /// Ends `task` as failed and reports its error.
    private func report(_ task: DynamicTask, _ message: String) {
        let place = runningTask?.place ?? "?"
        task.fail(DynamicsError(owner: "task", property: "spawn", message: message))
        errorHandler(LuaError(kind: .runtime, message: "task (spawned at \(place)): \(message)"))
    }

    /// `register(name, a, b, c)`, called by a `dyn.wait*` inside the running task: checks the
    /// arguments and starts the wait on the model's task; throws (at the script's line) and
    /// changes nothing on bad input.
    func registerWait() throws -> Int32 {
        let name = string(at: 1) ?? "?"
        guard let (task, coroutine, place) = runningTask else {
            throw LuaArgumentError(message: "dyn.\(name): call it inside a task (animator:spawn(fn))")
        }
        // Cancelled from inside: the task yields and is never resumed.
        if task.isDone { return 0 }
        let what = "dyn.\(name)"
        func seconds(at index: Int32, _ property: String) throws -> Double? {
            if lua_type(L, index) <= 0 { return nil }
            let s = try number(at: index, "\(what)(\(property))")
            try Validate.nonNegative(s, what, property, max: DynamicAnimator.maximumWait)
            return s
        }
        let wait: DynamicTask.Wait
        var held: HeldFunction?
        switch name {
        case "wait":
            guard let s = try seconds(at: 2, "seconds") else { throw LuaArgumentError(message: "\(what)(seconds): expected a number, got nil") }
            wait = .seconds(s)
        case "waitFrames":
            let n = try number(at: 2, "\(what)(count)")
            guard n >= 0, n <= Double(DynamicAnimator.maximumWaitFrames), n == n.rounded() else {
                throw LuaArgumentError(message: "\(what)(count): must be a whole number in 0…\(DynamicAnimator.maximumWaitFrames), got \(Validate.shown(n))")
            }
            wait = .frames(Int(n))
        case "waitUntil":
            let ref = try functionReference(at: 2, "\(what)(condition)")
            let condition = HeldFunction(bridge: self, ref: ref)
            held = condition
            let timeout = try seconds(at: 3, "timeout")
            wait = .until({ [unowned self] in self.test(condition, of: task, coroutine, place: place) }, timeout: timeout)
        case "waitForRest":
            var items: [DynamicItem] = []
            var timeout: Double?
            if lua_type(L, 2) > 0 {
                guard lua_type(L, 2) == LUA_TTABLE else {
                    throw LuaArgumentError(message: "\(what): expected a table { items =, timeout = } or nothing, got \(typeName(at: 2))")
                }
                _ = try options(at: 2, what, allowed: ["items", "timeout"])
                items = try withField("items", of: 2) { try self.items(at: $0, "\(what).items") } ?? []
                timeout = try withField("timeout", of: 2) { try seconds(at: $0, "timeout") } ?? nil
            }
            wait = .rest(items: items, timeout: timeout)
        case "waitForContact":
            let item = try object(at: 2, .item, as: DynamicView.self, what: "\(what)(item)")
            var other: DynamicTask.ContactParty?
            switch lua_type(L, 3) {
            case LUA_TNIL, LUA_TNONE: other = nil
            case LUA_TUSERDATA: other = .item(try object(at: 3, .item, as: DynamicView.self, what: "\(what)(item, other)"))
            default: other = .boundary(try identifier(at: 3, "\(what)(item, other)"))
            }
            wait = .contact(item, other: other, timeout: try seconds(at: 4, "timeout"))
        default:
            throw LuaArgumentError(message: "dyn.\(LuaBridge.shown(name)): no such wait")
        }
        do {
            try task.begin(wait) { [unowned self] outcome in
                withExtendedLifetime(held) {}
                self.advance(task, coroutine, place: place, outcome: outcome)
            }
        } catch let error as DynamicsError {
            throw LuaArgumentError(message: LuaBridge.luaMessage(error))
        }
        return 0
    }

    /// Calls a `waitUntil` condition; a failing one ends the task (reported) and counts as
    /// not met.
    private func test(_ condition: HeldFunction, of task: DynamicTask, _ coroutine: HeldFunction, place: String) -> Bool {
        var met = false
        let outer = runningTask
        runningTask = (task, coroutine, place)
        defer { runningTask = outer }
        if let error = callReference(condition.ref, nargs: 0, nresults: 1, pushArgs: {}, results: {
            met = lua_toboolean(L, -1) != 0
        }) {
            report(task, "waitUntil's condition: \(error.message)")
            return false
        }
        return met
    }

    static let taskBinding = ClassBinding(
        get: { bridge, _, object, key in
            let t = object as! DynamicTask
            switch key {
            case "done": lua_pushboolean(bridge.L, t.isDone ? 1 : 0)
            case "cancelled": lua_pushboolean(bridge.L, t.isCancelled ? 1 : 0)
            case "error":
                if let e = t.error { lua_pushstring(bridge.L, e.owner == "task" ? e.message : LuaBridge.luaMessage(e)) } else { lua_pushnil(bridge.L) }
            default: return false
            }
            return true
        },
        set: { _, _, _, _, _ in false },
        methods: [
            "cancel": { bridge, _ in
                try bridge.object(at: 1, .task, as: DynamicTask.self, what: "cancel").cancel()
                return 0
            },
        ],
        properties: ["done", "cancelled", "error"]
    )
}
