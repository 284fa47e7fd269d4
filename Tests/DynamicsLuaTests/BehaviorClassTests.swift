import CLua
import CLuaShim
import DynamicsLua
import Foundation
import Testing

/// Each kind of behavior is its own class of handle (Bindings/Lua<Kind>.swift): its own
/// metatable with the shared behavior methods and properties, then its own.
@Suite("Behavior classes")
struct BehaviorClassTests {
    /// Every kind a script can make, as `local b = …` after `box` and `other`, and every
    /// member it has that some other kind lacks (a collision's `insets` is write-only).
    static let kinds: [(name: String, make: String, own: [String])] = [
        ("gravity", "dyn.gravity{ items = {box} }", ["direction", "angle", "magnitude"]),
        ("collision", "dyn.collision{ items = {box} }",
         ["mode", "boundsAsBoundary", "boundaryElasticity", "boundaryFriction", "onBegan", "onEnded", "addBoundary", "removeBoundary"]),
        ("itemBehavior", "dyn.itemBehavior{ items = {box} }",
         ["elasticity", "friction", "density", "resistance", "angularResistance", "allowsRotation", "anchored", "charge",
          "addLinearVelocity", "addAngularVelocity"]),
        ("field.drag", "dyn.field.drag{ items = {box} }",
         ["position", "region", "strength", "falloff", "minimumRadius", "direction", "smoothness", "animationSpeed"]),
        ("attachment", "dyn.attachment{ item = box, to = other }",
         ["anchor", "length", "frequency", "damping", "frictionTorque", "range", "type", "item", "to", "offset", "offsetTo", "axis", "spring"]),
        ("snap", "dyn.snap{ item = box, point = {5, 5} }", ["point", "damping", "frequency", "spring"]),
        ("push", "dyn.push{ items = {box} }", ["direction", "angle", "magnitude", "active", "mode", "setTargetOffset"]),
        ("composite", "dyn.behavior{ items = {box} }", ["action"]),
    ]

    /// The members only some kinds have: each kind must have exactly its own of these.
    static let ownMembers = Set(kinds.flatMap(\.own))

    @Test("Each kind has the shared members and its own, and none of another kind's")
    func ownMembers() throws {
        for kind in Self.kinds {
            let scene = try Scene()
            var lines = ["local dyn = dynamics", "local box = dyn.item{ size = {10, 10} }", "local other = dyn.item{ size = {10, 10} }",
                         "local b = \(kind.make)", "assert(tostring(b):find('behavior: \(kind.name)', 1, true), tostring(b))"]
            for shared in ["addItem", "removeItem", "addChild", "removeChild"] {
                lines.append("assert(type(b.\(shared)) == 'function', '\(shared)')")
            }
            lines.append("assert(type(b.children) == 'table')")
            for member in Self.ownMembers {
                if kind.own.contains(member) {
                    lines.append("assert(pcall(function() return b.\(member) end), '\(kind.name) lacks \(member)')")
                } else {
                    lines.append("assert(not pcall(function() return b.\(member) end), '\(kind.name) has \(member)')")
                }
            }
            let error = try scene.error(lines.joined(separator: "\n"))
            #expect(error == nil, "\(kind.name): \(error?.message ?? "")")
        }
    }

    @Test("Another kind's member is unknown to a behavior, suggested only among its own")
    func unknownMember() throws {
        let scene = try Scene()
        let cases = [
            ("local g = dynamics.gravity{}\nreturn g.addBoundary", "scene.lua:2: gravity has no property or method 'addBoundary' (properties: items, children, direction, angle, magnitude)"),
            ("local g = dynamics.gravity{}\ng:addBoundry('x', {0, 0}, {1, 1})", "scene.lua:2: gravity has no property or method 'addBoundry' (properties:"),
            ("local c = dynamics.collision{}\nreturn c.addBoundry", "scene.lua:2: collision has no property or method 'addBoundry' — did you mean 'addBoundary'?"),
            ("local s = dynamics.snap{ item = dynamics.item{ size = {1, 1} } }\ns.magnitude = 1", "scene.lua:2: snap has no property 'magnitude'"),
        ]
        try scene.expectErrors(cases)
    }

    @Test("A kind's own method refuses a handle of another class, naming both")
    func ownMethodChecksItsClass() throws {
        let scene = try Scene()
        let cases = [
            ("local c = dynamics.collision{}\nc.addBoundary(dynamics.gravity{}, 'x', {0, 0}, {1, 1})",
             "scene.lua:2: addBoundary: expected a collision, got a gravity"),
            ("local c = dynamics.collision{}\nc.removeBoundary(dynamics.item{ size = {1, 1} }, 'x')",
             "scene.lua:2: removeBoundary: expected a collision, got an item"),
            ("local b = dynamics.itemBehavior{}\nb.addLinearVelocity(dynamics.push{}, nil, {1, 1})",
             "scene.lua:2: addLinearVelocity: expected an itemBehavior, got a push"),
            ("local p = dynamics.push{}\np.setTargetOffset(3)", "scene.lua:2: setTargetOffset: expected a push, got number"),
            // The shared methods take any behavior.
            ("local g = dynamics.gravity{}\ng.addChild(dynamics.field.drag{}, 5)", "scene.lua:2: addChild(behavior): expected a behavior, got number"),
        ]
        try scene.expectErrors(cases)
    }

    @Test("Every kind is a behavior: to an animator, as a child, and back as the same handle")
    func everyKindIsABehavior() throws {
        let scene = try Scene()
        let made = Self.kinds.map(\.make).joined(separator: ",\n  ")
        let error = try scene.error("""
            local dyn = dynamics
            local a = dyn.animator{}
            local box = dyn.item{ size = {10, 10} }
            local other = dyn.item{ center = {50, 0}, size = {10, 10} }
            local all = {
              \(made)
            }
            local parent = dyn.behavior{}
            for i, b in ipairs(all) do
              if i % 2 == 0 then a:addBehavior(b) else parent:addChild(b) end
            end
            a:addBehavior(parent)
            a:step()
            local listed = a:behaviors()
            local children = parent.children
            for i, b in ipairs(all) do
              local found = false
              for _, x in ipairs(i % 2 == 0 and listed or children) do found = found or x == b end
              assert(found, "kind " .. i .. " not found as itself")
            end
            assert(#listed == \(Self.kinds.count / 2 + 1) and #children == \(Self.kinds.count - Self.kinds.count / 2))
            """)
        #expect(error == nil, "\(error?.message ?? "")")
    }
}

extension Scene {
    /// Each source (chunk `scene.lua`) fails with a message that starts with its expected text.
    func expectErrors(_ cases: [(source: String, expected: String)], sourceLocation: SourceLocation = #_sourceLocation) throws {
        for (source, expected) in cases {
            let error = try error(source)
            #expect(error?.message.hasPrefix(expected) == true, "\(source) → \(String(describing: error?.message))",
                    sourceLocation: sourceLocation)
        }
    }
}
