import CLua
import CLuaShim
import Dynamics
import Foundation

// animator:explainRest() → a table: what keeps the animator awake, or what rested last
// (docs/lua-api.md, "Why is it awake?"). The model's `restExplanation()` decides; this file
// only copies it into a table, with the sentences `dynamics run --explain-rest` prints.

extension LuaBridge {
    /// Most entries of each list `explainRest` returns (items, timers, tasks, …); the counts
    /// (`itemCount`, …) say how many there are.
    static let explainRestLimit = 1000

    func explainRestMethod() throws -> Int32 {
        let a = try object(at: 1, .animator, as: DynamicAnimator.self, what: "explainRest")
        guard lua_type(L, 2) <= 0 else {
            throw LuaArgumentError(message: "explainRest: takes no arguments, got \(typeName(at: 2))")
        }
        let e = a.restExplanation()
        let limit = LuaBridge.explainRestLimit
        // An item's name as messages show it (the table's `item` is the item itself).
        func name(_ item: DynamicItem) -> String {
            guard let name = (item as? DynamicView)?.name else { return "an unnamed item" }
            return ShownText.line(name.count > 128 ? String(name.prefix(128)) + "…" : name)
        }
        func number(_ v: Double, _ key: String) { lua_pushnumber(L, v); dyn_lua_rawsetfield(L, -2, key) }
        func number(_ v: CGFloat, _ key: String) { number(Double(v), key) }
        func optional(_ v: Double?, _ key: String) { if let v { number(v, key) } }
        func bool(_ v: Bool, _ key: String) { lua_pushboolean(L, v ? 1 : 0); dyn_lua_rawsetfield(L, -2, key) }
        func string(_ s: String, _ key: String) { LuaSource.push(L, s); dyn_lua_rawsetfield(L, -2, key) }
        func list<T>(_ xs: [T], _ key: String, _ fill: (T) -> Void) {
            let shown = xs.prefix(limit)
            lua_createtable(L, Int32(shown.count), 0)
            for (i, x) in shown.enumerated() { fill(x); lua_rawseti(L, -2, lua_Integer(i + 1)) }
            dyn_lua_rawsetfield(L, -2, key)
        }

        lua_createtable(L, 0, 24)
        bool(e.isRunning, "running")
        number(e.elapsedTime, "time")
        bool(e.isSleepEnabled, "sleepEnabled")
        bool(e.hasTooManyContacts, "tooManyContacts")
        number(e.restSpeed, "restSpeed")
        number(e.timeToRest, "timeToRest")
        list(e.causes.names, "causes") { LuaSource.push(L, $0) }
        number(Double(e.movingItems.count), "itemCount")
        list(e.movingItems, "items") { m in
            lua_createtable(L, 0, 14)
            push(m.item, as: .item); dyn_lua_rawsetfield(L, -2, "item")
            string(name(m.item), "name")
            number(m.speed, "speed")
            pushPoint(m.velocity); dyn_lua_rawsetfield(L, -2, "velocity")
            number(m.angularVelocity, "angularVelocity")
            number(m.turnSpeed, "turnSpeed")
            number(m.stepDistance, "stepDistance")
            number(m.restThreshold, "restThreshold")
            number(m.restedFor, "restedFor")
            string(m.reason.rawValue, "reason")
            bool(m.isUnderUnbalancedForce, "unbalancedForce")
            number(m.acceleration, "acceleration")
            bool(m.isTouching, "touching")
            number(Double(m.attachmentCount), "attachments")
            string(e.sentence(for: m, name: name), "sentence")
        }
        list(e.timers, "timers") { t in
            lua_createtable(L, 0, 2)
            number(t.fireTime, "fireTime")
            optional(t.interval, "interval")
        }
        list(e.tasks, "tasks") { t in
            lua_createtable(L, 0, 4)
            string(t.waitingFor, "waitingFor")
            optional(t.dueTime, "dueTime")
            number(Double(t.framesLeft), "framesLeft")
            bool(t.keepsAwake, "keepsAwake")
        }
        list(e.pushes, "pushes") { p in
            lua_createtable(L, 0, 3)
            push(p.behavior, as: .behavior); dyn_lua_rawsetfield(L, -2, "behavior")
            number(p.magnitude, "magnitude")
            number(Double(p.itemCount), "items")
        }
        list(e.timeDependentFields, "fields") { f in
            lua_createtable(L, 0, 4)
            push(f.behavior, as: .behavior); dyn_lua_rawsetfield(L, -2, "behavior")
            string(f.kind, "kind")
            number(f.animationSpeed, "animationSpeed")
            bool(f.keepsItemsAwake, "keepsAwake")
            number(Double(f.itemCount), "items")
        }
        list(e.itemsWithHeldForces, "heldForces") { push($0, as: .item) }
        optional(e.pausedAt, "pausedAt")
        if let last = e.lastRest {
            lua_createtable(L, 0, 4)
            if let item = last.item {
                push(item, as: .item); dyn_lua_rawsetfield(L, -2, "item")
                string(name(item), "name")
            }
            number(last.time, "time")
            number(Double(last.count), "count")
            dyn_lua_rawsetfield(L, -2, "lastRest")
        }
        list(e.lines(limit: limit, name: name), "lines") { LuaSource.push(L, $0) }
        return 1
    }
}
