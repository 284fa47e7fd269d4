import Dynamics
import DynamicsLua
import Foundation
import Testing

@Suite("Built-ins in the behavior registry")
struct RegistryBuiltInTests {
    /// `dyn.use("snap")` failed ("no behavior or plugin named 'snap'"): the registry held only
    /// gravity, collision and itemBehavior. Every built-in is registered now, and `dyn.use`
    /// returns its `dyn.*` constructor (the same options table).
    @Test("Every built-in is in the registry, and dyn.use returns its dyn.* constructor")
    func everyBuiltInThroughUse() throws {
        let scene = try Scene()
        let builtIns = BehaviorRegistry.shared.names.filter { BehaviorRegistry.shared.definition(named: $0)?.origin == .builtIn }
        #expect(builtIns == ["gravity", "collision", "itemBehavior", "attachment", "snap", "push"]
            + ["drag", "vortex", "radialGravity", "linearGravity", "velocity", "noise", "turbulence", "spring", "electric", "magnetic"]
                .map { "field.\($0)" })
        for name in builtIns {
            #expect(try scene.number("return dynamics.use('\(name)') == dynamics.\(name) and 1 or 0") == 1, "\(name)")
        }
        // What the registry cannot hold (a function or child behaviors) is Lua-only.
        #expect(try scene.error("dynamics.use('field.custom')")?.message.contains("no behavior or plugin named 'field.custom'") == true)
    }

    @Test("The built-ins build from Swift through the registry too")
    func builtInsFromSwift() throws {
        let r = BehaviorRegistry.shared
        let a = DynamicView(center: CGPoint(x: 0, y: 0), size: CGSize(width: 10, height: 10))
        let b = DynamicView(center: CGPoint(x: 100, y: 0), size: CGSize(width: 10, height: 10))
        let spring = try r.makeBehavior(named: "attachment", items: [a], overrides: ["anchor": .vector(CGVector(dx: 0, dy: -50))]) as? AttachmentBehavior
        #expect(spring?.kind == .spring && abs(spring!.length - 50) < 1e-9, "length defaults to the distance")
        let pin = try r.makeBehavior(named: "attachment", items: [a, b],
                                     overrides: ["type": .string("pin"), "anchor": .vector(CGVector(dx: 50, dy: 0))]) as? AttachmentBehavior
        #expect(pin?.kind == .pin)
        let snap = try r.makeBehavior(named: "snap", items: [a]) as? SnapBehavior
        #expect(snap?.snapPoint == a.center && snap?.damping == 0.5)
        let push = try r.makeBehavior(named: "push", items: [a], overrides: ["mode": .string("instantaneous"), "magnitude": .number(2)]) as? PushBehavior
        #expect(push?.mode == .instantaneous && push?.magnitude == 2)
        let drag = try r.makeBehavior(named: "field.drag", items: [a], overrides: ["strength": .number(3)]) as? FieldBehavior
        #expect(drag?.strength == 3 && drag?.items.count == 1, "\(String(describing: drag)) \(String(describing: drag?.strength))")
        let gravity = try r.makeBehavior(named: "gravity", items: [a], overrides: ["direction": .vector(CGVector(dx: 0, dy: 2))]) as? GravityBehavior
        #expect(gravity?.magnitude == 2, "no default magnitude resets a given direction")
        #expect {
            _ = try r.makeBehavior(named: "gravity", items: [], overrides: ["magnitude": .number(1e300)])
        } throws: { "\($0)".contains("magnitude") }
        #expect {
            _ = try r.makeBehavior(named: "snap", items: [a, b])
        } throws: { "\($0)".contains("snap.items") }
        #expect {
            _ = try r.makeBehavior(named: "attachment", items: [a], overrides: ["type": .string("pin")])
        } throws: { "\($0)".contains("attachment.") }
    }
}
