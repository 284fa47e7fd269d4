/// The objects scripts hold, by handle slot, in manually managed memory. Property access
/// reads a slot on every call from Lua: an `Array` stored in a class costs a dynamic
/// exclusivity check on each access and reading an `AnyObject?` out of it a retain; a slot
/// here is read with neither. Each occupied slot holds one strong reference to its object,
/// and a slot's generation changes when it is freed (a stale handle is refused).
final class HandleSlots {
    struct Slot {
        var object: Unmanaged<AnyObject>?
        var generation: UInt32
    }

    private struct Storage {
        var base: UnsafeMutablePointer<Slot>
        var count: Int
        var capacity: Int
    }

    private let storage: UnsafeMutablePointer<Storage>
    /// Freed slots, reused first.
    private var freeSlots: [Int32] = []

    init() {
        storage = .allocate(capacity: 1)
        storage.initialize(to: Storage(base: .allocate(capacity: 16), count: 0, capacity: 16))
    }

    deinit {
        let s = storage.pointee
        for i in 0..<s.count { s.base[i].object?.release() }
        s.base.deinitialize(count: s.count)
        s.base.deallocate()
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// Slots occupied now.
    var liveCount: Int { storage.pointee.count - freeSlots.count }

    /// Puts `object` in a free slot (retained) and returns the slot and its generation.
    func add(_ object: AnyObject) -> (slot: Int32, generation: UInt32) {
        let retained = Unmanaged.passRetained(object)
        if let free = freeSlots.popLast() {
            let slot = storage.pointee.base + Int(free)
            slot.pointee.object = retained
            return (free, slot.pointee.generation)
        }
        var s = storage.pointee
        if s.count == s.capacity {
            let grown = UnsafeMutablePointer<Slot>.allocate(capacity: 2 * s.capacity)
            grown.moveInitialize(from: s.base, count: s.count)
            s.base.deallocate()
            s.base = grown
            s.capacity *= 2
        }
        (s.base + s.count).initialize(to: Slot(object: retained, generation: 0))
        s.count += 1
        storage.pointee = s
        return (Int32(s.count - 1), 0)
    }

    /// The object in `slot` if the slot still has `generation` (borrowed: the slot keeps it).
    @inline(__always)
    func object(slot: Int32, generation: UInt32) -> Unmanaged<AnyObject>? {
        let s = storage.pointee
        guard slot >= 0, Int(slot) < s.count else { return nil }
        let entry = s.base[Int(slot)]
        return entry.generation == generation ? entry.object : nil
    }

    /// Frees `slot` if it still has `generation`: its object is released and its generation
    /// changes.
    func free(slot: Int32, generation: UInt32) {
        let s = storage.pointee
        guard slot >= 0, Int(slot) < s.count, s.base[Int(slot)].generation == generation,
              let object = s.base[Int(slot)].object else { return }
        s.base[Int(slot)].object = nil
        s.base[Int(slot)].generation &+= 1
        freeSlots.append(slot)
        object.release()
    }
}
