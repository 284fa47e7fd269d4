import CLua
import Dynamics
import DynamicsLua
import DynamicsTestSupport
import Foundation
import Testing

// The second golden hash (after GoldenDeterminismTests' falling hinges): a Lua scene with every
// behavior kind — gravity, collision with a boundary and the bounds, item properties with
// charge, each kind of attachment, snap, both pushes, every field kind and a field written in
// Lua, a composite with a Lua action, a scripted drag — and items of every shape, some turned.
// Its hash covers the deterministic math of every behavior (fields' falloff powers and
// rotations, attachments' angles, the drag's route, shapes' turns) and of the engine.
//
// Updating the constants on purpose: as for GoldenDeterminismTests (the failure prints the new
// hash; say in the commit message why the simulation changed). They hold for the build
// `swift test` makes on x86-64 Linux.

@Suite("Golden determinism: every behavior kind")
struct GoldenBehaviorsTests {
    static let expectedHash: UInt64 = 0x25c4_2c9a_d98b_fe83
    static let frames = 360

    static let source = """
        local dyn = require "dynamics"
        local a = dyn.animator{ bounds = {0, 0, 600, 600} }
        local items = {}
        local function add(t) local i = dyn.item(t); items[#items + 1] = i; return i end
        local box = add{ center = {100, 100}, size = {40, 30}, name = "box" }
        local ball = add{ center = {200, 120}, size = {36, 36}, shape = "ellipse", name = "ball" }
        local egg = add{ center = {300, 100}, size = {50, 30}, shape = "ellipse", name = "egg" }
        local tri = add{ center = {400, 120}, size = {40, 40}, shape = { {0, -20}, {20, 20}, {-20, 20} }, name = "tri" }
        local arm = add{ center = {480, 200}, size = {60, 12}, name = "arm" }
        local bob = add{ center = {540, 200}, size = {20, 20}, name = "bob" }
        local slider = add{ center = {150, 300}, size = {30, 30}, name = "slider" }
        local leash = add{ center = {250, 300}, size = {24, 24}, name = "leash" }
        local weld = add{ center = {280, 300}, size = {24, 24}, name = "weld" }
        local snapped = add{ center = {350, 350}, size = {30, 30}, name = "snapped" }
        local pushed = add{ center = {450, 400}, size = {30, 30}, name = "pushed" }
        local charged = add{ center = {120, 450}, size = {20, 20}, shape = "ellipse", name = "charged" }
        local dragged = add{ center = {300, 500}, size = {40, 40}, name = "dragged" }
        box.angle = 0.3; tri.angle = -0.7; egg.angle = 1.1
        local falling = {box, ball, egg, tri, arm, bob, slider, leash, weld, pushed, charged, dragged}
        a:addBehavior(dyn.gravity{ items = falling, angle = 1.4, magnitude = 1 })
        local c = dyn.collision{ items = items, mode = "everything", boundsAsBoundary = true }
        c:addBoundary("shelf", {0, 420}, {260, 470})
        a:addBehavior(c)
        a:addBehavior(dyn.itemBehavior{ items = items, elasticity = 0.4, friction = 0.3, density = 1.5,
                                        resistance = 0.1, angularResistance = 0.2 })
        a:addBehavior(dyn.itemBehavior{ items = {charged, ball}, charge = 2 })
        a:addBehavior(dyn.attachment{ item = arm, anchor = {450, 200}, frequency = 3, damping = 0.4 })
        a:addBehavior(dyn.attachment{ item = arm, to = bob, type = "pin", anchor = {510, 200}, range = {-0.8, 0.8} })
        a:addBehavior(dyn.attachment{ item = slider, anchor = {150, 250}, type = "sliding", axis = {0.6, 0.8} })
        a:addBehavior(dyn.attachment{ item = leash, to = ball, type = "limit", length = 120 })
        a:addBehavior(dyn.attachment{ item = weld, to = leash, type = "fixed", anchor = {265, 300} })
        a:addBehavior(dyn.snap{ item = snapped, point = {380, 320}, damping = 0.3 })
        a:addBehavior(dyn.push{ items = {pushed}, mode = "continuous", angle = -2.2, magnitude = 0.3 })
        a:addBehavior(dyn.push{ items = {box}, mode = "instantaneous", direction = {0.4, -0.6} })
        local center = {300, 300}
        for _, kind in ipairs{ "drag", "vortex", "radialGravity", "linearGravity", "velocity", "noise",
                               "turbulence", "spring", "electric", "magnetic" } do
          a:addBehavior(dyn.field[kind]{ items = items, position = center, strength = 0.05, falloff = 1.5,
                                          minimumRadius = 10, region = dyn.region.circle(250),
                                          direction = {0.3, 0.1}, smoothness = 0.5, animationSpeed = 0.7 })
        end
        a:addBehavior(dyn.field.custom{ items = items, region = dyn.region.rect(500, 500),
          evaluate = function(p, v, m, q, t) return -0.02 * p.x * m - 0.001 * v.y, 0.01 * p.y * m * (t % 1) end })
        local turns = 0
        a:addBehavior(dyn.behavior{ items = {bob}, action = function(self, dt)
          turns = turns + 1
          if turns % 30 == 0 then bob:applyImpulse({0.2, -0.1}, {5, 0}) end
        end })
        a:drag{ item = dragged, path = { {300, 500}, {360, 450}, {420, 520} }, at = 1.0, duration = 0.5 }
        return { animator = a }
        """

    /// Runs the scene for `frames` frames of 1/60 s and hashes every item's center, turn and
    /// velocity.
    static func run() throws -> (hash: UInt64, items: [DynamicItem], errors: [LuaError]) {
        let state = try LuaState()
        var errors: [LuaError] = []
        let bridge = LuaBridge(state: state) { errors.append($0) }
        let results = try state.run(source, chunkName: "golden_behaviors.lua")
        let animator = try #require(try bridge.sceneResult(results: Int(results)).animator)
        state.pop(Int(results))
        for _ in 0..<frames { animator.step(1.0 / 60) }
        let items = animator.items(in: CGRect(x: -1e9, y: -1e9, width: 2e9, height: 2e9))
        var h = stateHash(items)
        for item in items {
            for v in [animator.linearVelocity(of: item)?.x ?? 0, animator.linearVelocity(of: item)?.y ?? 0,
                      animator.angularVelocity(of: item) ?? 0] {
                var bits = Double(v).bitPattern
                for _ in 0..<8 { h = (h ^ (bits & 0xFF)) &* 0x100_0000_01b3; bits >>= 8 }
            }
        }
        withExtendedLifetime(bridge) {}
        return (h, items, errors)
    }

    @Test("The every-behavior scene ends with the committed hash")
    func golden() throws {
        let result = try Self.run()
        #expect(result.errors.isEmpty, "\(result.errors.map(\.message))")
        #expect(result.items.count == 13)
        #expect(result.items.allSatisfy { $0.center.x.isFinite && $0.center.y.isFinite })
        #expect(result.hash == Self.expectedHash,
                "simulation changed: hash 0x\(String(result.hash, radix: 16)) (see the comment at the top of this file to update the constant on purpose)")
    }

    @Test("The every-behavior scene runs bit for bit the same twice in one process")
    func repeatable() throws {
        #expect(try Self.run().hash == Self.run().hash)
    }
}
