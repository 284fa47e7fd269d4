import CLua
import CLuaShim
import Dynamics
import Foundation

/// What a slider says of a spring (docs/lua-api.md, "Scene parameters"): in a scene's
/// `params`, `k = { value =, min =, max =, apply =, spring = { frequency = "k", damping = 0.5 } }`
/// binds the slider to a spring, and the viewer draws that spring's step response beside it.
/// The spring is given in one dialect, UIKit's `frequency` (Hz) and `damping` (ratio) or
/// SwiftUI's `response` (s) and `dampingFraction`; each term is a number or the name of a
/// slider (this one or another) whose value it takes. At least one term names a slider.
public struct LuaSceneSpring: Sendable, Equatable {
    /// A term of the spring: a fixed number, or the value of the slider of that name.
    public enum Term: Sendable, Equatable {
        case value(Double)
        case param(String)
    }
    /// "frequency" and "damping", or "response" and "dampingFraction".
    public var keys: [String]
    /// The terms, in the order of `keys`.
    public var terms: [Term]

    /// The dialects a spring is declared in, keys in order.
    public static let dialects = [["frequency", "damping"], ["response", "dampingFraction"]]
    /// Each dialect's range per key, as `Spring`'s initializers take them.
    static func range(of key: String) -> ClosedRange<Double> {
        switch key {
        case "frequency": return Double(Spring.frequencyRange.lowerBound)...Double(Spring.frequencyRange.upperBound)
        case "response": return Spring.responseRange
        default: return 0...Double(Spring.maximumDampingRatio)
        }
    }
}

extension LuaBridge {
    /// The `spring` table at `index` of the slider `name`. Slider names are checked against
    /// the scene's sliders once all are read (`checkSceneSprings`).
    func sceneSpring(at index: Int32) throws -> LuaSceneSpring {
        let example = "{ frequency = \"NAME\" or Hz, damping = \"NAME\" or ratio } (or response and dampingFraction)"
        guard lua_type(L, index) == LUA_TTABLE else {
            throw LuaArgumentError(message: "spring: expected a table \(example), got \(typeName(at: index))")
        }
        var found: [String: LuaSceneSpring.Term] = [:]
        let all = LuaSceneSpring.dialects.joined()
        lua_pushnil(L)
        // An error leaves the stack to the caller, which resets it to the params table.
        while lua_next(L, index) != 0 {
            defer { lua_settop(L, -2) }
            guard let key = string(at: -2), all.contains(key) else {
                let shown = string(at: -2).map { "\"\(LuaBridge.shown($0))\"" } ?? typeName(at: -2)
                throw LuaArgumentError(message: "spring: unknown key \(shown) (frequency and damping, or response and dampingFraction)")
            }
            if lua_type(L, -1) == LUA_TSTRING, let name = string(at: -1) {
                found[key] = .param(name)
            } else if lua_type(L, -1) == LUA_TNUMBER {
                let v = try number(at: -1, "spring.\(key)")
                let range = LuaSceneSpring.range(of: key)
                guard range.contains(v) else {
                        throw LuaArgumentError(message: "spring.\(key): must be within \(range.lowerBound)…\(range.upperBound), got \(v)")
                }
                found[key] = .value(v)
            } else {
                let type = typeName(at: -1)
                throw LuaArgumentError(message: "spring.\(key): expected a number or a slider's name, got \(type)")
            }
        }
        guard let keys = LuaSceneSpring.dialects.first(where: { Set($0) == Set(found.keys) }) else {
            throw LuaArgumentError(message: "spring: expected \(example), got the keys \(found.keys.sorted().joined(separator: ", "))")
        }
        let terms = keys.map { found[$0]! }
        guard terms.contains(where: { if case .param = $0 { true } else { false } }) else {
            throw LuaArgumentError(message: "spring: name the slider it follows in \(keys[0]) or \(keys[1]) (both are numbers)")
        }
        return LuaSceneSpring(keys: keys, terms: terms)
    }

    /// Every slider a `spring` names exists.
    func checkSceneSprings(_ params: [LuaSceneParam]) throws {
        let names = Set(params.map(\.name))
        for p in params {
            guard let spring = p.spring else { continue }
            for (key, term) in zip(spring.keys, spring.terms) {
                if case .param(let name) = term, !names.contains(name) {
                    throw LuaError(kind: .runtime, message: "scene.params.\(p.name): spring.\(key): no slider named \"\(LuaBridge.shown(name))\" (\(params.map(\.name).prefix(5).joined(separator: ", ")))")
                }
            }
        }
    }
}
