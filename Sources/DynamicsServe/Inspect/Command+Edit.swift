import Dynamics
import DynamicsLua
import Foundation

/// `POST /edit` (and `{"type": "edit", ...}` on the WebSocket): the inspector's edit of one
/// number of an item, checked here for its shape and range; the model's setters check the
/// rest (a behavior's own range) when it applies.
extension Command {
    /// The item properties the inspector edits, and how many numbers each takes.
    static let editableProperties: [(name: String, count: Int, max: Double)] = [
        ("center", 2, Double(Limits.coordinate)), ("velocity", 2, Double(Limits.magnitude)),
        ("angle", 1, Double(Limits.magnitude)), ("angularVelocity", 1, Double(Limits.magnitude)),
    ]

    /// Longest item name an edit or `GET /item/NAME` takes, in bytes (an item's name is at
    /// most 4 KiB).
    static let longestItemName = 4096

    /// The `edit` command of `o`: `item` a name, `property` one of `editableProperties` or
    /// `behaviors.INDEX.NAME`, `value` a number or [x, y], each finite and in range.
    static func edit(_ o: KeyedDecodingContainer<Key>) throws(CommandError) -> Command {
        let item = try Command.string(o, "item", "edit", [])
        try checkItemName(item, field: "edit.item")
        guard let property = try? o.decode(String.self, forKey: Key("property")) else {
            throw CommandError("edit.property: expected a string: center, velocity, angle, angularVelocity or behaviors.INDEX.NAME")
        }
        let count: Int, max: Double
        if let known = editableProperties.first(where: { $0.name == property }) {
            (count, max) = (known.count, known.max)
        } else if behaviorParameter(property) != nil {
            (count, max) = (1, Double(Limits.magnitude))
        } else {
            throw CommandError("edit.property: expected center, velocity, angle, angularVelocity or behaviors.INDEX.NAME, got \"\(LuaBridge.shown(String(property.prefix(64))))\"")
        }
        var values: [Double] = []
        if count == 1 {
            values = [try Command.number(o, "value", "edit", max: max)]
        } else {
            guard var list = try? o.nestedUnkeyedContainer(forKey: Key("value")) else {
                throw CommandError("edit.value: \(property) takes [x, y], two numbers")
            }
            while !list.isAtEnd && values.count <= count {
                guard let v = try? list.decode(Double.self) else {
                    throw CommandError("edit.value: \(property) takes [x, y], two finite numbers within ±\(max)")
                }
                values.append(v)
            }
            guard values.count == count, list.isAtEnd else { throw CommandError("edit.value: \(property) takes [x, y], two numbers") }
            for v in values where !(v.isFinite && abs(v) <= max) {
                throw CommandError("edit.value: \(property) must be finite numbers within ±\(max), got \(v)")
            }
        }
        return .edit(item: item, property: property, value: values)
    }

    /// `behaviors.INDEX.NAME` as (INDEX, NAME), else nil.
    static func behaviorParameter(_ property: String) -> (index: Int, name: String)? {
        let parts = property.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "behaviors", let i = Int(parts[1]), i >= 0, !parts[2].isEmpty,
              parts[2].count <= 64 else { return nil }
        return (i, String(parts[2]))
    }

    /// An item name as a request gives it: at most `longestItemName` bytes, no control or
    /// bidirectional characters (`ShownText.isControl`; names shown in the page never hold
    /// them).
    static func checkItemName(_ name: String, field: String) throws(CommandError) {
        guard !name.isEmpty else { throw CommandError("\(field): expected an item's name, got an empty string") }
        guard name.utf8.count <= longestItemName else {
            throw CommandError("\(field): an item's name is at most \(longestItemName) bytes, got \(name.utf8.count)")
        }
        if name.unicodeScalars.contains(where: ShownText.isControl) {
            throw CommandError("\(field): control characters are refused in an item's name")
        }
    }
}
