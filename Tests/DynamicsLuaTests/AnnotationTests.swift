import CLua
import CLuaShim
import DynamicsLua
import Foundation
import Testing

/// What the annotation file declares: module names, and each class's parent, fields and methods.
struct Annotations {
    var moduleNames: Set<String> = []
    var parents: [String: String] = [:]
    var fields: [String: Set<String>] = [:]
    var methods: [String: Set<String>] = [:]

    init(_ text: String) {
        var currentClass: String?
        var locals: [String: String] = [:]
        func match(_ line: String, _ pattern: String) -> [String]? {
            guard let re = try? NSRegularExpression(pattern: pattern),
                  let m = re.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) else { return nil }
            return (1..<m.numberOfRanges).map { i in
                Range(m.range(at: i), in: line).map { String(line[$0]) } ?? ""
            }
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let m = match(line, #"^---@class ([\w.]+)(?:\s*:\s*([\w.]+))?"#) {
                currentClass = m[0]
                if !m[1].isEmpty { parents[m[0]] = m[1] }
            } else if let m = match(line, #"^---@field (\w+)"#), let c = currentClass {
                fields[c, default: []].insert(m[0])
            } else if let m = match(line, #"^local (\w+) = \{\}"#), let c = currentClass {
                locals[m[0]] = c
            } else if let m = match(line, #"^function ([\w.]+)([.:])(\w+)\("#) {
                if m[0].hasPrefix("dynamics") {
                    moduleNames.insert("\(m[0]).\(m[2])")
                } else if let c = locals[m[0]] {
                    methods[c, default: []].insert(m[2])
                }
            } else if let m = match(line, #"^(dynamics\.[\w.]+) = (?!\{)"#) {
                moduleNames.insert(m[0])
            }
        }
    }

    /// `dynamics.Kind` and every class descending from it.
    func family(of kind: String) -> [String] {
        let root = "dynamics." + kind.prefix(1).uppercased() + kind.dropFirst()
        let all = Set(fields.keys).union(methods.keys).union(parents.keys).union([root])
        return all.filter { c in
            var x: String? = c
            while let y = x { if y == root { return true }; x = parents[y] }
            return false
        }.sorted()
    }

    /// Whether a bound name (`dynamics.a.b`, `kind.property`, `kind:method`) is annotated.
    func annotates(_ name: String) -> Bool {
        if name.hasPrefix("dynamics.") { return moduleNames.contains(name) }
        if let i = name.firstIndex(of: ":") {
            let member = String(name[name.index(after: i)...])
            return family(of: String(name[..<i])).contains { methods[$0]?.contains(member) == true }
        }
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return false }
        return family(of: parts[0]).contains { fields[$0]?.contains(parts[1]) == true }
    }
}

@Suite struct AnnotationTests {
    let annotations = Annotations(LuaBridge.luaAnnotations)

    /// Names annotated from the contract (docs/lua-api.md) that are not bound yet.
    static let pending: Set<String> = []

    @Test func everyBoundNameIsAnnotated() throws {
        let bridge = try LuaBridge(state: LuaState())
        let bound = bridge.boundNames()
        // The walk found the module, both sub-tables and every class.
        #expect(bound.contains("dynamics.animator"))
        #expect(bound.contains("dynamics.field.custom"))
        #expect(bound.contains("dynamics.region.infinite"))
        #expect(bound.contains("item.center") && bound.contains("animator:addBehavior") && bound.contains("region:union"))
        #expect(bound.count > 90, "\(bound.count) names")
        let missing = bound.filter { !annotations.annotates($0) }
        #expect(missing.isEmpty, "bound but not annotated: \(missing)")
    }

    @Test func everyAnnotatedNameIsBound() throws {
        let bound = Set(try LuaBridge(state: LuaState()).boundNames())
        var annotated = annotations.moduleNames
        for kind in ["animator", "item", "behavior", "region", "timer"] {
            for c in annotations.family(of: kind) {
                for f in annotations.fields[c] ?? [] { annotated.insert("\(kind).\(f)") }
                for m in annotations.methods[c] ?? [] { annotated.insert("\(kind):\(m)") }
            }
        }
        let unbound = annotated.subtracting(bound).subtracting(Self.pending)
        #expect(unbound.isEmpty, "annotated but not bound: \(unbound.sorted())")
    }

    @Test func theFileIsAMetaModuleThatCompiles() throws {
        let text = LuaBridge.luaAnnotations
        #expect(text.hasPrefix("---@meta dynamics\n"))
        #expect(text.hasSuffix("return dynamics\n"))
        for alias in ["dynamics.Shape", "dynamics.CollisionMode", "dynamics.PushMode", "dynamics.AttachmentType", "dynamics.PointerPhase"] {
            #expect(text.contains("---@alias \(alias) "), "\(alias)")
        }
        #expect(!text.contains("]==]"))
        let state = try LuaState()
        let n = try state.run("local f, err = load([==[\(text)]==], '=dynamics.d.lua', 't'); return f ~= nil, err", chunkName: "check.lua")
        defer { lua_settop(state.raw, 0) }
        #expect(n == 2)
        #expect(lua_toboolean(state.raw, 1) != 0, "\(lua_tolstring(state.raw, 2, nil).map { String(cString: $0) } ?? "")")
    }

    @Test func theParserFindsClassesFieldsAndMethods() {
        let a = Annotations("""
            ---@class dynamics.Behavior
            ---@field items dynamics.Item[]
            local Behavior = {}
            function Behavior:addItem(item) end
            ---@class dynamics.Snap: dynamics.Behavior
            ---@field point dynamics.Point
            function dynamics.snap(options) end
            ---@type dynamics.Region
            dynamics.region.infinite = nil
            """)
        #expect(a.annotates("behavior.items") && a.annotates("behavior.point") && a.annotates("behavior:addItem"))
        #expect(a.annotates("dynamics.snap") && a.annotates("dynamics.region.infinite"))
        #expect(!a.annotates("behavior.nothing") && !a.annotates("dynamics.gravity") && !a.annotates("item.center"))
        #expect(a.family(of: "behavior") == ["dynamics.Behavior", "dynamics.Snap"])
    }
}
