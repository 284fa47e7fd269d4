import Dynamics
import DynamicsTestSupport
import Foundation
import Testing

/// A Swift plugin: a constant force on every item, once per internal step.
final class Wind: DynamicBehavior, CustomBehavior {
    let items: [DynamicItem]
    var force: CGVector
    private(set) var steps = 0
    init(items: [DynamicItem], force: CGVector) {
        self.items = items
        self.force = force
    }
    func step(_ context: inout DynamicBehaviorContext) {
        steps += 1
        for i in 0..<context.count { context.applyForce(force, to: i) }
    }
}

@Suite("Plugins and the registry")
struct PluginTests {
    func registry() throws -> BehaviorRegistry {
        let r = BehaviorRegistry()
        try r.register(BehaviorDefinition(name: "wind", summary: "a steady push",
                                          parameters: [("strength", .number(1)), ("direction", .vector(CGVector(dx: 1, dy: 0)))]) { items, p in
            let d = p["direction"]!.vector!, s = p["strength"]!.number!
            return Wind(items: items, force: CGVector(dx: d.dx * s, dy: d.dy * s))
        })
        return r
    }

    @Test("Built-ins and Swift plugins share one registry")
    func names() throws {
        let r = try registry()
        #expect(r.names.prefix(6) == ["gravity", "collision", "itemBehavior", "attachment", "snap", "push"])
        #expect(r.names.contains("field.drag") && r.names.last == "wind")
        #expect(r.definition(named: "gravity")?.origin == .builtIn)
        #expect(r.definition(named: "wind")?.origin == .swift)
        #expect(BehaviorRegistry.shared.names.starts(with: ["gravity", "collision", "itemBehavior"]))
    }

    @Test("A custom force of 1 UIKit Newton on mass 1 accelerates at 100 pt/s² (±1 %)")
    func customForce() throws {
        let r = try registry()
        let animator = DynamicAnimator()
        let item = DynamicView(center: .zero, size: CGSize(width: 100, height: 100))
        let wind = try r.makeBehavior(named: "wind", items: [item], overrides: ["strength": .number(1)])
        let props = try r.makeBehavior(named: "itemBehavior", items: [item], overrides: ["resistance": .number(0)])
        animator.addBehavior(wind)
        animator.addBehavior(props)
        animator.run(seconds: 1)
        #expect(abs(item.center.x - 50) <= 0.5, "x = \(item.center.x)")
        #expect(abs(animator.linearVelocity(of: item)!.x - 100) <= 1)
        #expect((wind as! Wind).steps == 120, "once per internal step")
    }

    @Test("A plugin composes with built-ins from the registry: wind pushes boxes along the floor")
    func composition() throws {
        let r = try registry()
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 600))
        let box = DynamicView(center: CGPoint(x: 50, y: 500), size: CGSize(width: 40, height: 40))
        let root = DynamicBehavior()
        for (name, overrides) in [("gravity", [:]), ("collision", ["boundsAsBoundary": ParameterValue.bool(true)]),
                                  ("wind", ["strength": .number(0.5)])] as [(String, [String: ParameterValue])] {
            root.addChildBehavior(try r.makeBehavior(named: name, items: [box], overrides: overrides))
        }
        animator.addBehavior(root)
        animator.run(seconds: 3)
        #expect(abs(box.center.y - 580) <= 0.5, "rests on the floor")
        #expect(box.center.x > 300, "pushed along it: \(box.center)")
    }

    @Test("Unknown names, parameters and wrong types are clear errors")
    func errors() throws {
        let r = try registry()
        #expect {
            _ = try r.makeBehavior(named: "wnd", items: [])
        } throws: { error in
            "\(error)".contains("wnd") && "\(error)".contains("available: gravity, collision, itemBehavior, attachment, snap, push, field.drag") && "\(error)".contains(", wind")
        }
        #expect {
            _ = try r.makeBehavior(named: "wind", items: [], overrides: ["strenght": .number(2)])
        } throws: { "\($0)".contains("wind.strenght") && "\($0)".contains("parameters: strength, direction") }
        #expect {
            _ = try r.makeBehavior(named: "wind", items: [], overrides: ["strength": .string("big")])
        } throws: { "\($0)".contains("wind.strength: must be a number, got a string") }
        #expect {
            _ = try r.makeBehavior(named: "wind", items: [], overrides: ["strength": .number(Double.nan)])
        } throws: { "\($0)".contains("must be finite") }
        #expect {
            _ = try r.makeBehavior(named: "collision", items: [], overrides: ["mode": .string("walls")])
        } throws: { "\($0)".contains("collision.mode") }
        #expect {
            _ = try r.makeBehavior(named: "itemBehavior", items: [], overrides: ["density": .number(0)])
        } throws: { "\($0)".contains("itemBehavior.density") }
        #expect {
            try r.register(BehaviorDefinition(name: "gravity", summary: "", parameters: []) { _, _ in DynamicBehavior() })
        } throws: { "\($0)".contains("already registered") }
    }
}
