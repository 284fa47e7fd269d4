import Dynamics
import DynamicsLua
import DynamicsScenes
import Foundation

/// The scenes `dynamics bench` runs: the standard scenes, and those built by a Lua script
/// (`luaFieldN`, `luaActionN`), which measure the Lua boundary under the engine.
public enum BenchScenes {
    /// The benchmark names `dynamics bench` runs, in order.
    public static let benchmarkNames = ["boxes100", "boxes1000", "boxes4000", "pyramid20", "luaField10000", "luaAction1000",
                                        "largePyramid", "manyPyramids", "jointGrid"]

    /// The scene `name` names (a standard scene or a Lua-built one); nil for an unknown name.
    /// Throws what stopped a Lua scene from building.
    public static func build(_ name: String) throws -> Scene? {
        if let make = luaMaker(named: name) { return try make() }
        return StandardScenes.build(name)
    }

    /// Whether `name` names a scene, without building it.
    public static func exists(_ name: String) -> Bool { luaMaker(named: name) != nil || StandardScenes.exists(name) }

    /// How to build the Lua scene `name` names; nil when it names none.
    private static func luaMaker(named name: String) -> (() throws -> Scene)? {
        if let n = StandardScenes.size(of: name, prefix: "luaField", items: { $0 }) { return { try luaField(n) } }
        if let n = StandardScenes.size(of: name, prefix: "luaAction", items: { $0 }) { return { try luaAction(n) } }
        return nil
    }
}

extension BenchScenes {
    /// `luaField(N)`: N items without collisions under one Lua custom field (a spring toward
    /// the center), 600 steps at 120 Hz.
    public static func luaField(_ n: Int) throws -> Scene {
        try luaScene(name: "luaField\(n)", items: n, frames: 600, source: """
            local dyn = require "dynamics"
            local a = dyn.animator{ bounds = {0, 0, 1000, 1000} }
            local items = {}
            for i = 0, \(n) - 1 do
              items[#items + 1] = dyn.item{ center = {5 + (i % 100) * 9.9, 5 + math.floor(i / 100) * 9.9 % 990}, size = {4, 4} }
            end
            a:addBehavior(dyn.itemBehavior{ items = items, resistance = 0 })
            a:addBehavior(dyn.field.custom{ items = items, position = {500, 500},
              evaluate = function(position, velocity, mass, charge, time) return -position.x * 0.001, -position.y * 0.001 end })
            return a
            """)
    }

    /// `luaAction(N)`: N items and a Lua `action` that reads and writes every item each frame
    /// (a frame per 120 Hz step), 600 steps.
    public static func luaAction(_ n: Int) throws -> Scene {
        try luaScene(name: "luaAction\(n)", items: n, frames: 600, source: """
            local dyn = require "dynamics"
            local a = dyn.animator{ bounds = {0, 0, 1000, 1000} }
            local items = {}
            for i = 0, \(n) - 1 do
              items[#items + 1] = dyn.item{ center = {15 + (i % 40) * 24, 15 + math.floor(i / 40) * 24}, size = {10, 10} }
            end
            a:addBehavior(dyn.itemBehavior{ items = items, resistance = 0 })
            a:addBehavior(dyn.behavior{ items = items, action = function(self, dt)
              for _, item in ipairs(self.items) do
                local v = item.velocity
                item.velocity = { v.x * 0.99 + 1, v.y * 0.99 - 1 }
              end
            end })
            return a
            """)
    }

    /// A Lua scene of `items` items. Its state's memory cap is the default 64 MB plus 4 KB an
    /// item: every item counts about 2 KB of host memory against the cap, and the script's
    /// own tables hold the rest (`luaField100000` would not fit in 64 MB).
    private static func luaScene(name: String, items: Int, frames: Int, source: String) throws -> Scene {
        let state = try LuaState(limits: LuaLimits(memoryCap: LuaLimits().memoryCap + 4096 * items))
        let bridge = LuaBridge(state: state) { error in print("\(name): \(error)") }
        guard try state.run(source, chunkName: "\(name).lua") == 1, let animator = bridge.animators.first else {
            throw LuaError(kind: .runtime, message: "\(name): the scene did not return its animator")
        }
        animator.step(0) // applies the script's behaviors, so the items are in the world
        let items = animator.items(in: CGRect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)).compactMap { $0 as? DynamicView }
        return Scene(name: name, animator: animator, items: items, frames: frames, frameDuration: 1.0 / 120, keepAlive: bridge)
    }
}
