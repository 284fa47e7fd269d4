import CLua
import CLuaShim
import Dynamics
import Foundation

// dyn.spring{ frequency, damping }            UIKit attachment (Hz, damping ratio)
//          { response, dampingFraction }      SwiftUI
//          { duration, bounce }               SwiftUI 17
//          { mass, stiffness, damping }       Core Animation, UISpringTimingParameters, CSS (mass 1 if omitted)
//          { stiffness, dampingRatio }        Android SpringForce
//          { tension, friction }              Origami
//          { bounciness, speed }              Pop
// One dialect's keys, all of them (but mass); mixing dialects or an unknown key is an error.
// The spring reads back in every dialect: s.frequency, s.dampingRatio, s.response,
// s.dampingFraction, s.duration, s.bounce, s.mass, s.stiffness, s.damping (the coefficient c,
// not the ratio: the UIKit dialect's input `damping` reads back as s.dampingRatio), s.tension,
// s.friction, s.bounciness and s.speed (nil outside Pop's range); s.overshoot, s.period,
// s:settlingTime(tolerance).
//
// A spring is a value: a full userdata holding the Swift `Spring` itself (24 bytes, in Lua's
// own memory, so the memory cap counts it and nothing on the host side needs freeing), with
// one locked metatable. Read-only; `==` compares the values. Cheaper and safer than a
// handle kind: no slot, no generation, no host charge, and a script can neither forge one
// (its metatable is locked and userdata are made only here) nor change one.

extension LuaBridge {
    static let springMetatableName = "dynamics.spring"

    /// The dialects of `dyn.spring`: their name in messages, their keys, and the keys that may
    /// be left out.
    static let springDialects: [(name: String, keys: [String], optional: [String])] = [
        ("UIKit attachment", ["frequency", "damping"], []),
        ("SwiftUI", ["response", "dampingFraction"], []),
        ("SwiftUI 17", ["duration", "bounce"], []),
        ("mass–stiffness–damping", ["mass", "stiffness", "damping"], ["mass"]),
        ("Android SpringForce", ["stiffness", "dampingRatio"], []),
        ("Origami", ["tension", "friction"], []),
        ("Pop", ["bounciness", "speed"], []),
    ]
    static let springKeys = unique(springDialects.flatMap(\.keys))
    /// What a spring reads back (and `settlingTime`, its method).
    static let springProperties = ["frequency", "dampingRatio", "response", "dampingFraction", "duration", "bounce",
                                   "mass", "stiffness", "damping", "tension", "friction", "bounciness", "speed",
                                   "overshoot", "period"]

    /// Installs the spring's metatable and `dyn.spring` in the module at `module`.
    func installSpring(in module: Int32) {
        dyn_lua_newmetatable(L, LuaBridge.springMetatableName)
        let mt = lua_gettop(L)
        // s:settlingTime(tolerance), kept by reference for __index to return.
        pushFunction { bridge, L in
            let s = try bridge.spring(at: 1, "settlingTime", hint: " (call it as s:settlingTime(tolerance))")
            let tolerance = lua_type(L, 2) <= 0 ? 0.01 : try bridge.number(at: 2, "spring:settlingTime(tolerance)")
            do {
                lua_pushnumber(L, try InvalidInput.catching { s.settlingTime(tolerance: CGFloat(tolerance)) })
            } catch let e as DynamicsError {
                throw LuaArgumentError(message: "spring:settlingTime(tolerance): \(e.message)")
            }
            return 1
        }
        let settlingTime = dyn_lua_ref(L)
        setFunction("__index", in: mt) { bridge, L in
            let s = try bridge.spring(at: 1, "spring")
            guard let key = bridge.string(at: 2) else { lua_pushnil(L); return 1 }
            if key == "settlingTime" { dyn_lua_getref(L, settlingTime); return 1 }
            guard LuaBridge.pushSpringProperty(s, key, L) else {
                let names = LuaBridge.springProperties + ["settlingTime"]
                throw LuaArgumentError(message: "spring has no property '\(LuaBridge.shown(key))'\(LuaBridge.suggestion(for: key, among: names)) (properties: \(LuaBridge.listed(names)))")
            }
            return 1
        }
        setFunction("__newindex", in: mt) { bridge, _ in
            let key = bridge.string(at: 2).map { LuaBridge.shown($0) } ?? bridge.typeName(at: 2)
            throw LuaArgumentError(message: "spring.\(key) is read-only: a spring is a value (make another with dyn.spring{...})")
        }
        setFunction("__eq", in: mt) { bridge, L in
            let a = bridge.springValue(at: 1), b = bridge.springValue(at: 2)
            lua_pushboolean(L, a != nil && a == b ? 1 : 0)
            return 1
        }
        setFunction("__tostring", in: mt) { bridge, L in
            let s = try bridge.spring(at: 1, "tostring")
            func n(_ v: CGFloat) -> String { String(format: "%.6g", Double(v)) }
            lua_pushstring(L, "spring: \(n(s.frequency)) Hz, damping ratio \(n(s.dampingRatio)) (mass \(n(s.mass)), stiffness \(n(s.stiffness)), damping \(n(s.damping)))")
            return 1
        }
        lua_pushstring(L, "locked")
        dyn_lua_rawsetfield(L, mt, "__metatable")
        lua_settop(L, mt - 1)
        setFunction("spring", in: module) { bridge, _ in
            bridge.pushSpring(try bridge.makeSpring(at: 1))
            return 1
        }
    }

    /// Pushes `s`'s property `key` (nil for Pop's values out of its range); false if `key`
    /// is not one.
    static func pushSpringProperty(_ s: Spring, _ key: String, _ L: OpaquePointer) -> Bool {
        let value: Double?
        switch key {
        case "frequency": value = Double(s.frequency)
        case "dampingRatio": value = Double(s.dampingRatio)
        case "response": value = s.response
        case "dampingFraction": value = Double(s.dampingFraction)
        case "duration": value = s.duration
        case "bounce": value = Double(s.bounce)
        case "mass": value = Double(s.mass)
        case "stiffness": value = Double(s.stiffness)
        case "damping": value = Double(s.damping)
        case "tension": value = Double(s.tension)
        case "friction": value = Double(s.friction)
        case "bounciness": value = s.bounciness.map(Double.init)
        case "speed": value = s.speed.map(Double.init)
        case "overshoot": value = Double(s.overshoot)
        case "period": value = s.period
        default: return false
        }
        if let value { lua_pushnumber(L, value) } else { lua_pushnil(L) }
        return true
    }

    /// The spring metatable's address (nil before it is installed).
    private var springMetatable: UnsafeRawPointer? {
        dyn_lua_rawgetfield(L, dyn_lua_registryindex(), LuaBridge.springMetatableName)
        defer { lua_settop(L, -2) }
        return lua_topointer(L, -1)
    }

    /// The spring at `index`, or nil if it is not one.
    func springValue(at index: Int32) -> Spring? {
        dyn_lua_touserdata_with(L, index, springMetatable)?.load(as: Spring.self)
    }

    /// The spring at `index`; anything else is an error naming `what`.
    func spring(at index: Int32, _ what: String, hint: String = "") throws -> Spring {
        guard let s = springValue(at: index) else {
            throw LuaArgumentError(message: "\(what): expected a spring (dyn.spring{...}), got \(typeName(at: index))\(hint)")
        }
        return s
    }

    /// Pushes a new spring value.
    func pushSpring(_ s: Spring) {
        let raw = lua_newuserdatauv(L, MemoryLayout<Spring>.size, 0)!
        raw.storeBytes(of: s, as: Spring.self)
        dyn_lua_rawgetfield(L, dyn_lua_registryindex(), LuaBridge.springMetatableName)
        lua_setmetatable(L, -2)
    }

    /// `dyn.spring{...}` at `index`: the one dialect its keys name, converted by the model's
    /// `Spring`, whose checks name the key as the script spelled it.
    func makeSpring(at index: Int32) throws -> Spring {
        let dialects = LuaBridge.springDialects
        func list(_ d: (name: String, keys: [String], optional: [String])) -> String {
            "{\(d.keys.joined(separator: ", "))} (\(d.name))"
        }
        let all = dialects.map(list).joined(separator: ", ")
        guard lua_type(L, index) == LUA_TTABLE else {
            throw LuaArgumentError(message: "spring: expected a table of one dialect's keys, got \(typeName(at: index)) (dialects: \(all))")
        }
        let keys = try options(at: index, "spring", allowed: LuaBridge.springKeys)
        guard !keys.isEmpty else { throw LuaArgumentError(message: "spring: give one dialect's keys: \(all)") }
        let candidates = dialects.filter { d in keys.allSatisfy(d.keys.contains) }
        guard !candidates.isEmpty else {
            let owners = keys.map { k in "\(k) is \(dialects.filter { $0.keys.contains(k) }.map(\.name).joined(separator: " or "))" }
            throw LuaArgumentError(message: "spring: the keys mix dialects (\(owners.joined(separator: "; "))): give one of \(all)")
        }
        let complete = candidates.filter { d in d.keys.allSatisfy { keys.contains($0) || d.optional.contains($0) } }
        guard complete.count == 1, let dialect = complete.first else {
            let missing = candidates.map { d in
                "\(d.keys.filter { !keys.contains($0) && !d.optional.contains($0) }.joined(separator: " and ")) (\(list(d)))"
            }
            throw LuaArgumentError(message: "spring: {\(keys.joined(separator: ", "))} is incomplete: add \(missing.joined(separator: ", or "))")
        }
        var v: [String: CGFloat] = [:]
        for key in keys {
            v[key] = CGFloat(try withField(key, of: index) { try number(at: $0, "spring.\(key)") }!)
        }
        do {
            return try InvalidInput.catching {
                switch dialect.name {
                case "UIKit attachment": Spring(frequency: v["frequency"]!, dampingRatio: v["damping"]!)
                case "SwiftUI": Spring(response: TimeInterval(v["response"]!), dampingFraction: v["dampingFraction"]!)
                case "SwiftUI 17": Spring(duration: TimeInterval(v["duration"]!), bounce: v["bounce"]!)
                case "mass–stiffness–damping": Spring(mass: v["mass"] ?? 1, stiffness: v["stiffness"]!, damping: v["damping"]!)
                case "Android SpringForce": Spring(stiffness: v["stiffness"]!, dampingRatio: v["dampingRatio"]!)
                case "Origami": Spring(tension: v["tension"]!, friction: v["friction"]!)
                default: Spring(bounciness: v["bounciness"]!, speed: v["speed"]!)
                }
            }
        } catch let e as DynamicsError {
            // The UIKit dialect's damping ratio is its `damping`.
            let key = dialect.name == "UIKit attachment" && e.property == "dampingRatio" ? "damping" : e.property
            throw LuaArgumentError(message: "spring.\(key): \(e.message)")
        }
    }
}

// attachment.spring, snap.spring and snap.frequency (the behaviors' bindings call these).

extension LuaBridge {
    /// `spring = s` among a constructor's options (`keys`, table at 1): the spring, or nil if
    /// not given; given together with one of `conflicts` (which it sets) it is an error.
    func springOption(_ keys: [String], _ owner: String, conflicts: [String]) throws -> Spring? {
        guard keys.contains("spring") else { return nil }
        if let clash = conflicts.first(where: keys.contains) {
            throw LuaArgumentError(message: "\(owner).spring: sets \(conflicts.joined(separator: " and ")): give spring or \(clash), not both")
        }
        return try withField("spring", of: 1) { try spring(at: $0, "\(owner).spring") }
    }

    /// dyn.snap's `frequency` and `spring` options (table at 1).
    func applySnapSpringOptions(_ snap: SnapBehavior, _ keys: [String]) throws {
        if let s = try springOption(keys, "snap", conflicts: ["frequency", "damping"]) { snap.spring = s }
        if let f = try withField("frequency", of: 1, { try number(at: $0, "snap.frequency") }) { snap.frequency = f }
    }
}
