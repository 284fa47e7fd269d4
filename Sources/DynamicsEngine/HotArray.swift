// The storage of the world's per-step arrays (after Box2D v3's b2Array: a pointer, a count
// and a capacity, read straight through the pointer).

/// A growable array of plain values (no references, so no retains and no destructors: checked
/// when the array is made, a check the compiler folds away), owned by the world and shared by reference: the world holds each one in a
/// `let`, so reading or writing an element never copies the array, never pays Swift's run-time
/// exclusivity check on a class's stored `var`, and never checks its index in a release build
/// (debug builds assert it). Solver code reads and writes elements in place (`sims[b].v = …`)
/// or takes `data`, the base pointer, for a loop, as Box2D's solver takes `array.data`.
///
/// The trade-off is Array's safety net: the world is single-threaded, and no method keeps
/// `data` across a call that may append to the same array (an append may move the storage).
/// Indices come from the world's own lists or from ids whose generation was checked
/// (World+API.swift), so an index is in range by construction, as in Box2D.
@usableFromInline
final class HotArray<Element>: RandomAccessCollection, MutableCollection {
    /// The first element; valid until the next append (the storage may move then).
    @exclusivity(unchecked) @usableFromInline private(set) var data: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) @usableFromInline private(set) var count: Int
    @exclusivity(unchecked) private var capacity: Int

    /// An empty array (its `data` is never nil).
    init() {
        precondition(_isPOD(Element.self), "a HotArray holds plain values only (no references)")
        data = .allocate(capacity: 1)
        count = 0
        capacity = 1
    }

    deinit { data.deallocate() }

    @inlinable var startIndex: Int { 0 }
    @inlinable var endIndex: Int { count }
    @inlinable var isEmpty: Bool { count == 0 }

    @inlinable
    subscript(i: Int) -> Element {
        unsafeAddress {
            assert(i >= 0 && i < count, "index out of range")
            return UnsafePointer(data + i)
        }
        unsafeMutableAddress {
            assert(i >= 0 && i < count, "index out of range")
            return data + i
        }
    }

    /// The elements as a buffer (valid until the next append).
    var buffer: UnsafeMutableBufferPointer<Element> { UnsafeMutableBufferPointer(start: data, count: count) }

    /// Room for `n` elements without moving the storage.
    func reserveCapacity(_ n: Int) {
        guard n > capacity else { return }
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: n)
        grown.initialize(from: data, count: count)
        data.deallocate()
        data = grown
        capacity = n
    }

    @inline(__always)
    func append(_ element: Element) {
        if count == capacity { reserveCapacity(2 * capacity) }
        (data + count).initialize(to: element)
        count += 1
    }

    func append(contentsOf elements: some Sequence<Element>) {
        for e in elements { append(e) }
    }

    /// `n` more elements, each `value`.
    func append(repeating value: Element, count n: Int) {
        guard n > 0 else { return }
        if count + n > capacity { reserveCapacity(Swift.max(count + n, 2 * capacity)) }
        (data + count).initialize(repeating: value, count: n)
        count += n
    }

    func popLast() -> Element? {
        guard count > 0 else { return nil }
        count -= 1
        return data[count]
    }

    /// Empties the array; its storage is kept for the next fill (no allocation per step).
    func removeAll() { count = 0 }

    func removeLast(_ n: Int) {
        precondition(n >= 0 && n <= count, "removing more elements than the array holds")
        count -= n
    }

    /// Removes the elements `remove` accepts; the others keep their order.
    func removeAll(where remove: (Element) -> Bool) {
        var kept = 0
        for i in 0..<count where !remove(data[i]) {
            data[kept] = data[i]
            kept += 1
        }
        count = kept
    }

    /// `n` elements, each `value` (the storage is kept when it is large enough).
    func reset(count n: Int, to value: Element) {
        count = 0
        append(repeating: value, count: n)
    }

    /// The elements of `other`, in place of these.
    func replaceAll(with other: some Collection<Element>) {
        count = 0
        reserveCapacity(other.count)
        append(contentsOf: other)
    }
}

extension HotArray {
    /// A copy of the elements (for a snapshot). O(n), one allocation.
    func saved() -> [Element] { Array(buffer) }

    /// The elements of a copy made by `saved()`, in place of these; the storage is kept when
    /// it is large enough. O(n), one copy.
    func restore(_ saved: [Element]) {
        count = 0
        reserveCapacity(saved.count)
        saved.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { data.initialize(from: base, count: source.count) }
        }
        count = saved.count
    }
}
