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
    /// Lua, less what the Lua allocator counts (docs/lua-boundary.md has the table): an item
    /// with its shape, engine body and record (~2.1 KB), a behavior (~0.2 KB for gravity;
    /// joints and fields hold more), an animator with its world (~4 KB).
    enum Estimate {
        static let item = 2048
        static let behavior = 512
        static let animator = 8192
        /// A timer: the model's timer and its body, the host's closures around the script's
        /// function, its reference, the weak links between them and the charge itself. 200 000
        /// timers grow the process by 600 B each beyond what Lua counts.
        static let timer = 640
        /// A task: the model's task and its wait, the host's closures and the coroutine's
        /// reference (the coroutine itself is Lua memory, counted by the allocator). 50 000
        /// tasks waiting grow the process by 562 B each beyond what Lua counts.
        static let task = 576
        /// A scripted gesture (`drag`, `tap`): its task, the gesture's path and the pointer
        /// events it will play. 50 000 drags grow the process by 853 B each.
        static let gesture = 896
        /// A region handle and the node its operation made (a union of two regions is one
        /// new node sharing both operands).
        static let region = 128
        /// Per point of a collision boundary: the model's path element and the engine's chain
        /// segment with its vertices, normals and broad-phase proxy. 60 000- and 120 000-point
        /// boundaries grow the process by 410 B a point, beside the script's point table.
        static let boundaryPoint = 448
        /// Per entry of a behavior's item list (the list's array and identity set hold about
        /// 33 B an item: a timer making behaviors over 16 000 items grew the process by
        /// 1.3 GB under 64 MB).
        static let listedItem = 48
        /// Per contact the engine holds (its slot, index entry, pair keys, manifold, the
        /// solver's constraint rows and the broad phase's pair buffers, which keep their size):
        /// piles of 400 and 800 items (79 800 and 319 600 touching pairs) grow the process by
        /// 1416 B a contact. An animator's charge follows the contacts its world holds
        /// (`DynamicAnimator.contactAllowance`).
        static let contact = 1472
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

    /// A charge of `bytes` whatever the cap: for memory already held (contacts a frame made).
    func forcedCharge(_ bytes: Int) -> Charge {
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

extension EmbedderSlotted {
    /// The object's memory charge, kept in its embedder slot: refunded when the object goes
    /// or another charge replaces it.
    var hostCharge: HostMemory.Charge? {
        get { embedder[HostMemory.Charge.self] }
        set { embedder[HostMemory.Charge.self] = newValue }
    }
}

extension LuaBridge {
    /// Charges a new host object the script made against the memory cap (see `HostMemory`);
    /// throws "not enough memory" when the cap would be passed. Call before the object is
    /// handed to the script or to the model.
    func charge(_ object: some EmbedderSlotted, _ bytes: Int, _ what: String) throws {
        object.hostCharge = try reserve(bytes, what)
    }

    /// Reserves `bytes` for an object about to be made, before anything is made: throws "not
    /// enough memory" when the cap would be passed, so a refused creation changes nothing.
    /// The charge is the object's once assigned to its `hostCharge`; dropped unassigned (the
    /// model refused the object), it is refunded.
    func reserve(_ bytes: Int, _ what: String) throws -> HostMemory.Charge {
        let cap = Int(dyn_lua_memory_cap(state.main))
        guard let charge = state.hostMemory.charge(bytes, luaBytes: state.memoryUsed, cap: cap) else {
            throw LuaArgumentError(message: "\(what): not enough memory (the script's objects and data would pass the state's memory cap of \(cap >> 20) MB)")
        }
        return charge
    }

    /// The contacts `animator`'s world may hold during its next frame, once the `held` it
    /// holds now are charged (its `contactAllowance`): those and as many more as the room
    /// left under the cap holds, at `Estimate.contact` each. The charge is the animator's
    /// own plus its contacts; it is forced (the contacts exist already), so a frame whose
    /// callbacks filled the cap leaves the next frame no room, and the world stops there.
    func contactAllowance(of animator: DynamicAnimator, held: Int) -> Int {
        let bytes = HostMemory.Estimate.animator + held * HostMemory.Estimate.contact
        if animator.hostCharge?.bytes != bytes {
            let charge = state.hostMemory.forcedCharge(bytes)
            animator.hostCharge = charge // the old charge is refunded as it goes
        }
        let cap = Int(dyn_lua_memory_cap(state.main))
        guard cap != 0 else { return Int.max }
        let room = cap - state.memoryUsed - state.hostMemory.bytes
        return held + max(0, room) / HostMemory.Estimate.contact
    }

    /// What a behavior holds, by estimate: its own 512 B, 48 B per entry of its item list,
    /// and for a collision behavior 448 B per boundary point (`boundaryPoints`, or what its
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
        let old = behavior.hostCharge?.bytes ?? 0
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
