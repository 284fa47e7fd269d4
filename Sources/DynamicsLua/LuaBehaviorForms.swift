import Dynamics
import Foundation

// What `dynamics behaviors` prints for each behavior: how a script writes it. A built-in is
// its `dyn.*` constructor with every option at its default (the options it does not take
// together in a comment), a Swift or Lua plugin `dyn.use(NAME){ items = {item}, … }` with its
// parameters' defaults. Each form runs as printed in a scene that has items `item` and `other`
// (LuaBehaviorFormTests).

extension LuaBridge {
    /// The Lua form of a registered behavior (built-in or Swift plugin).
    public static func luaForm(of definition: BehaviorDefinition) -> String {
        if definition.origin == .builtIn {
            if let form = builtInForms[definition.name] { return form }
            if definition.name.hasPrefix("field."), let form = fieldForm(definition.name) { return form }
        }
        let given = definition.parameters.map { "\($0.name) = \(luaLiteral($0.defaultValue))" }
        let optional = definition.optionalParameters.map { "\($0.name) (\($0.example.typeName))" }
        let form = "dyn.use(\(luaLiteral(.string(definition.name)))){ \((["items = {item}"] + given).joined(separator: ", ")) }"
        return optional.isEmpty ? form : "\(form)  -- also \(optional.joined(separator: ", "))"
    }

    /// The Lua form of a Lua plugin, from its parameters as `luaPluginDescription` lists them
    /// (`name = value, …`, in Lua's notation).
    public static func luaForm(plugin name: String, params: String) -> String {
        "dyn.use(\(luaLiteral(.string(name)))){ items = {item}\(params.isEmpty ? "" : ", " + params) }"
    }

    /// A parameter value as Lua source: `40`, `0.5`, `true`, `"text"` (escaped), `{1, 0}`.
    static func luaLiteral(_ value: ParameterValue) -> String {
        switch value {
        case .number(let v): return luaNumber(v)
        case .bool(let v): return v ? "true" : "false"
        case .string(let s): return luaString(s)
        case .vector(let v): return "{\(luaNumber(v.dx)), \(luaNumber(v.dy))}"
        }
    }

    /// A table key as Lua source: `name` for an identifier, else `["any key"]`.
    static func luaKey(_ key: String) -> String {
        let identifier = key.first.map { !$0.isNumber } == true
            && key.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
        return identifier && !luaKeywords.contains(key) ? key : "[\(luaString(key))]"
    }

    static let luaKeywords: Set<String> = ["and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
                                           "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while"]

    /// A finite number as Lua source that reads back as the same Double: an integral one
    /// without a fraction (`40`, not `40.0`).
    package static func luaNumber(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)" }

    /// A string as a Lua literal: quotes, backslashes and control characters escaped (three
    /// digits: "\1" followed by "2" would read as "\12").
    package static func luaString(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            // Controls as Lua escapes: C0 and DEL as \ddd, C1 and bidirectional ones
            // (`ShownText.isControl`) as \u{XXXX}, so the form reads back as the same string
            // and shows nothing raw.
            default:
                if u.value < 32 || u.value == 127 { out += "\\" + String(format: "%03d", u.value) }
                else if ShownText.isControl(u) { out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}" }
                else { out += String(u) }
            }
        }
        return out + "\""
    }

    /// Bytes as a Lua string literal that reads back as exactly these bytes: valid UTF-8 as
    /// `luaString` writes text, anything else with every byte outside printable ASCII as a
    /// three-digit decimal escape (`"\255\254"`).
    package static func luaString(bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return luaString(text) }
        var out = "\""
        for b in bytes {
            switch b {
            case UInt8(ascii: "\""): out += "\\\""
            case UInt8(ascii: "\\"): out += "\\\\"
            case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(b))
            default: out += "\\" + String(format: "%03d", b)
            }
        }
        return out + "\""
    }

    /// The built-ins but the fields, written as docs/lua-api.md documents them.
    static let builtInForms: [String: String] = [
        "gravity": "dyn.gravity{ items = {item}, direction = {0, 1}, magnitude = 1 }  -- or angle (radians) in place of direction",
        "collision": "dyn.collision{ items = {item}, mode = \"everything\", boundsAsBoundary = false, boundaryElasticity = 0, "
            + "boundaryFriction = 0.2, onBegan = function(item, other, point) end, onEnded = function(item, other) end }"
            + "  -- mode \"items\" | \"boundaries\"; insets = {top, left, bottom, right} keeps items inside the bounds",
        "itemBehavior": "dyn.itemBehavior{ items = {item}, elasticity = 0.2, friction = 0.2, density = 1, resistance = 0.1, "
            + "angularResistance = 0.1, allowsRotation = true, anchored = false, charge = 0 }",
        "attachment": "dyn.attachment{ item = item, anchor = {0, 0}, type = \"spring\", frequency = 0, damping = 0, offset = {0, 0} }"
            + "  -- or to = other (and offsetTo) in place of anchor; length (default: the distance when made); "
            + "type \"limit\" | \"pin\" | \"fixed\" | \"sliding\" (axis = {1, 0}), range = {min, max}, frictionTorque; "
            + "spring = dyn.spring{ … } in place of frequency and damping",
        "snap": "dyn.snap{ item = item, point = {0, 0}, damping = 0.5, frequency = 3.59 }  -- point defaults to the item's center; "
            + "or spring = dyn.spring{ … } in place of frequency and damping",
        "push": "dyn.push{ items = {item}, mode = \"continuous\", direction = {1, 0}, magnitude = 1, active = true }"
            + "  -- or angle (radians) in place of direction; mode \"instantaneous\" pushes once",
    ]

    /// A field kind's form, with the kind's own defaults (read from a field the registry makes).
    static func fieldForm(_ name: String) -> String? {
        guard let f = try? BehaviorRegistry.shared.makeBehavior(named: name, items: []) as? FieldBehavior else { return nil }
        func point(_ x: CGFloat, _ y: CGFloat) -> String { "{\(luaNumber(x)), \(luaNumber(y))}" }
        var options = ["items = {item}", "position = \(point(f.position.x, f.position.y))", "region = dyn.region.infinite",
                       "strength = \(luaNumber(f.strength))", "falloff = \(luaNumber(f.falloff))",
                       "minimumRadius = \(luaNumber(f.minimumRadius))"]
        // The options a kind reads (every field takes them all).
        if ["field.drag", "field.linearGravity", "field.velocity"].contains(name) {
            options.append("direction = \(point(f.direction.dx, f.direction.dy))")
        }
        if name == "field.noise" || name == "field.turbulence" {
            options += ["smoothness = \(luaNumber(f.smoothness))", "animationSpeed = \(luaNumber(f.animationSpeed))"]
        }
        return "dyn.\(name){ \(options.joined(separator: ", ")) }"
    }
}
