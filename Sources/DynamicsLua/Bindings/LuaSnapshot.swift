import CLua
import CLuaShim
import Dynamics

// animator:snapshot()   -- the animator's state now (DynamicAnimator.snapshot()), a handle
// animator:restore(s)   -- puts it back: stepping on repeats, bit for bit, what followed it
// A snapshot reads: time (the elapsedTime it holds), items (items in the world), bytes (engine
// state it copied). It holds no Lua value: tables, closures and upvalues stay as the script
// left them, and a restore with a task alive (or of a snapshot taken with one) is an error.
// Its memory is charged to the script's cap, and refunded when the handle is collected.

/// A snapshot as a script holds it: a class, so it can carry its memory charge and be a
/// handle; it restores only into the animator that took it (the model checks).
final class LuaSnapshot: EmbedderSlotted {
    var embedder = EmbedderSlot()
    let snapshot: AnimatorSnapshot

    init(_ snapshot: AnimatorSnapshot) { self.snapshot = snapshot }

    /// Host memory a snapshot holds: the engine's copies plus its share of model state.
    var estimatedBytes: Int { snapshot.byteCount + 256 * snapshot.itemCount + HostMemory.Estimate.timer }
}

extension LuaBridge {
    /// animator:snapshot()
    func snapshotMethod() throws -> Int32 {
        let a = try object(at: 1, .animator, as: DynamicAnimator.self, what: "snapshot")
        let box = LuaSnapshot(a.snapshot())
        box.hostCharge = try reserve(box.estimatedBytes, "snapshot")
        push(box, as: .snapshot)
        return 1
    }

    /// animator:restore(snapshot)
    func restoreMethod() throws -> Int32 {
        let a = try object(at: 1, .animator, as: DynamicAnimator.self, what: "restore")
        let box = try object(at: 2, .snapshot, as: LuaSnapshot.self, what: "restore(snapshot)")
        do {
            try a.restore(box.snapshot)
        } catch let error as DynamicsError {
            throw LuaArgumentError(message: LuaBridge.luaMessage(error))
        }
        return 0
    }

    static let snapshotBinding = ClassBinding(
        get: { bridge, _, object, key in
            let s = (object as! LuaSnapshot).snapshot
            switch key {
            case "time": lua_pushnumber(bridge.L, s.elapsedTime)
            case "items": lua_pushinteger(bridge.L, lua_Integer(s.itemCount))
            case "bytes": lua_pushinteger(bridge.L, lua_Integer(s.byteCount))
            default: return false
            }
            return true
        },
        set: { _, _, _, _, _ in false },
        methods: [:],
        properties: ["time", "items", "bytes"],
        name: "snapshot"
    )
}
