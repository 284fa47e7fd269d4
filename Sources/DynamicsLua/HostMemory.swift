import CLuaShim
import Dynamics

/// Host memory a script causes: the items, behaviors, animators, timers and regions it makes live in
/// Swift, outside the Lua allocator, yet a loop of `g:addItem(dyn.item{...})` would otherwise
/// grow the process by about 2 KB per item with nothing to stop it (2 million items: 4.3 GB
/// under a 64 MB cap). Each such object is charged a flat estimate against the state's
/// memory cap when the script makes it, and refunded when the object is freed; the Lua
/// allocator counts the same total, so a state full of objects also refuses Lua allocations.
///
/// The counter lives in memory this object owns, not in the Lua state: a charged object can
/// outlive the state (an animator the host kept), and refunds it later. The state reads it
/// while open (`dyn_lua_set_host_bytes`) and forgets it before closing.
final class HostMemory {
    /// Estimates (bytes), from measurements of the process's growth per object made from
    /// Lua: an item with its shape, engine body and record (~2.1 KB), a behavior (~0.2 KB
    /// for gravity; joints and fields hold more), an animator with its world (~4 KB).
    enum Estimate {
        static let item = 2048
        static let behavior = 512
        static let animator = 8192
        static let timer = 256
        /// A task: the model's task and its wait, the host's closures and the coroutine's
        /// reference (the coroutine itself is Lua memory, counted by the allocator).
        static let task = 512
        /// A region handle and the node its operation made (a union of two regions is one
        /// new node sharing both operands).
        static let region = 128
        /// Per point of a collision boundary: the model's path element (~40 B) and the
        /// engine's chain segment with its four vertices and normals (~330 B). 60 boundaries
        /// of 100 000 points grew the process by 2.2 GB.
        static let boundaryPoint = 384
        /// Per entry of a behavior's item list (the list's array and identity set hold about
        /// 33 B an item: a timer making behaviors over 16 000 items grew the process by
        /// 1.3 GB under 64 MB).
        static let listedItem = 48
        /// Per contact the engine may hold (its slot, index entry, pair keys, manifold and
        /// solver constraint): an animator holds at most one contact per this many bytes of
        /// the memory cap (65 536 under 64 MB). Not charged: a bound, since contacts come and
        /// go with every step.
        static let contact = 1024
    }

    /// Bytes charged and not yet refunded.
    let counter: UnsafeMutablePointer<Int> = {
        let p = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        p.initialize(to: 0)
        return p
    }()

    deinit { counter.deallocate() }

    /// Bytes charged now.
    var bytes: Int { counter.pointee }

    /// A charge of `bytes` (for the object that will hold it until it is freed), or nil when
    /// that would pass `cap` (0 = no cap) with `luaBytes` in use.
    func charge(_ bytes: Int, luaBytes: Int, cap: Int) -> Charge? {
        if cap != 0 && luaBytes + counter.pointee + bytes > cap { return nil }
        counter.pointee += bytes
        return Charge(self, bytes)
    }

    /// One object's share; refunded when the object lets go of it.
    final class Charge {
        let ledger: HostMemory
        let bytes: Int
        init(_ ledger: HostMemory, _ bytes: Int) {
            self.ledger = ledger
            self.bytes = bytes
        }
        deinit { ledger.counter.pointee -= bytes }
    }
}

extension LuaBridge {
    /// Charges a new host object the script made against the memory cap (see `HostMemory`);
    /// throws "not enough memory" when the cap would be passed. Call before the object is
    /// handed to the script or to the model.
    func charge(_ object: some HostCharged, _ bytes: Int, _ what: String) throws {
        let cap = Int(dyn_lua_memory_cap(state.main))
        guard let charge = state.hostMemory.charge(bytes, luaBytes: state.memoryUsed, cap: cap) else {
            throw LuaArgumentError(message: "\(what): not enough memory (the script's objects and data would pass the state's memory cap of \(cap >> 20) MB)")
        }
        object.hostCharge = charge
    }

    /// What a behavior holds, by estimate: its own 512 B, 48 B per entry of its item list,
    /// and for a collision behavior 384 B per boundary point (`boundaryPoints`, or what its
    /// boundaries hold now).
    func hostBytes(of behavior: DynamicBehavior, boundaryPoints: Int? = nil) -> Int {
        let items = LuaBridge.itemsOf(behavior)?.count ?? 0
        let points = boundaryPoints ?? (behavior as? CollisionBehavior)?.boundaryElementCount ?? 0
        return HostMemory.Estimate.behavior + items * HostMemory.Estimate.listedItem + points * HostMemory.Estimate.boundaryPoint
    }

    /// Charges a behavior again for what it holds (`hostBytes`): the new charge replaces the
    /// old one (refunding it), so a shorter list or a removed boundary is refunded. Throws
    /// "not enough memory", leaving the old charge, when the cap would be passed.
    func recharge(_ behavior: DynamicBehavior, boundaryPoints: Int? = nil, _ what: String) throws {
        let old = (behavior.hostCharge as? HostMemory.Charge)?.bytes ?? 0
        let bytes = hostBytes(of: behavior, boundaryPoints: boundaryPoints)
        let cap = Int(dyn_lua_memory_cap(state.main))
        // The old charge is refunded as the new one replaces it, so only the difference counts;
        // a charge that shrinks is never refused (a removal must work at the cap).
        guard let charge = state.hostMemory.charge(bytes, luaBytes: state.memoryUsed - old, cap: bytes <= old ? 0 : cap) else {
            throw LuaArgumentError(message: "\(what): not enough memory (the script's objects and data would pass the state's memory cap of \(cap >> 20) MB)")
        }
        behavior.hostCharge = charge
    }

    /// Charges a collision behavior for its boundaries once the identifier `id` holds a path
    /// of `elements` points (0: removed). Call before changing the boundaries.
    func rechargeBoundaries(of collision: CollisionBehavior, id: AnyHashable, elements: Int, _ what: String) throws {
        let points = collision.boundaryElementCount - (collision.boundary(withIdentifier: id)?.elements.count ?? 0) + elements
        try recharge(collision, boundaryPoints: points, what)
    }

    /// Charges a behavior the script made (see `charge`) and pushes its handle.
    func pushNew(_ behavior: DynamicBehavior, _ what: String) throws {
        try charge(behavior, hostBytes(of: behavior), what)
        push(behavior, as: .behavior)
    }
}
