// Contacts: one per pair of shapes whose fat boxes overlap, kept in key order.

struct Contact {
    /// (lower shape index) << 32 | (higher shape index): the sort and merge key.
    var key: UInt64
    /// In collide order: a polygon comes before a circle.
    var shapeA: Int32
    var shapeB: Int32
    /// The shapes' bodies (a shape never changes body): the passes that visit every contact
    /// find them here, without a load from each shape. The flags come next, and the manifold
    /// (its point count first) after them, so a contact's first cache line says whether a
    /// pass has anything to do with it.
    var bodyA: Int32 = -1
    var bodyB: Int32 = -1
    /// Touching as the collision delegate sees it: set when a point comes within the slop,
    /// cleared only when the manifold empties (the shapes really separated), so resting
    /// micro-bounces report nothing.
    var touching = false
    /// Chain segment contacts: the other shape is on the segment's left, so the segment is seen
    /// reversed (decided when the contact is not touching, kept while it touches).
    var chainReversed = false
    /// False for a free slot.
    var alive = true
    /// Contact recycling: whether the pose below was cached (false: never, or the pair has
    /// been apart since). Here, in the first cache line with the other flags, rather than
    /// beside the pose: collide reads it for every pair, most of which are apart, and its
    /// load from a second line of each contact was a fifth of collide's time (boxes4000).
    var poseCached = false
    var friction = 0.0
    var restitution = 0.0
    var manifold = Manifold()
    /// Contact recycling: the bodies' rotations and B's pose in A's frame when the manifold
    /// was last computed (valid when `poseCached`).
    var cachedRotationA = Rot.identity
    var cachedRotationB = Rot.identity
    var cachedRelativePose = Transform.identity
    /// centreA − centreB then (m, world axes).
    var cachedCenterDelta = Vec2.zero

    init(key: UInt64, shapeA: Int32, shapeB: Int32) {
        self.key = key
        self.shapeA = shapeA
        self.shapeB = shapeB
    }
}

/// A contact with manifold points after `collide`, with its bodies: the colouring reads
/// these 12 bytes instead of the first line of each contact (~360 bytes apart).
struct SolverCandidate {
    var contact: Int32
    var bodyA: Int32
    var bodyB: Int32
    @inline(__always) init(_ contact: Int, _ bodyA: Int, _ bodyB: Int) {
        self.contact = Int32(truncatingIfNeeded: contact)
        self.bodyA = Int32(truncatingIfNeeded: bodyA)
        self.bodyB = Int32(truncatingIfNeeded: bodyB)
    }
}

/// An entry of the sorted contact index.
struct ContactRef {
    var key: UInt64
    var slot: Int32
}

@inline(__always)
func pairKey(_ a: Int32, _ b: Int32) -> UInt64 {
    let lo = UInt64(UInt32(min(a, b))), hi = UInt64(UInt32(max(a, b)))
    return lo << 32 | hi
}

/// The broad phase over fat boxes. Moving (non-static) shapes: a sort-and-sweep along x,
/// whose order persists from step to step (the insertion sort that keeps it is linear while
/// things move smoothly), as long as its scans stay within a linear budget; past that it
/// gives way for good to a tree (`AABBTree`). Static shapes: always a tree. Pairs are
/// regenerated only when some shape left its fat box or the shape set changed.
///
/// Why both: the sweep is the fastest on ordinary scenes (a tree costs `boxes1000` about 6 %
/// more), but a sweep along one axis is quadratic when many shapes share an x range (20 000
/// items in one column: 0.33 s a step) or when one wide shape stretches every scan; a tree
/// query is O(log n + k) whatever the layout. Both find exactly the pairs of overlapping fat
/// boxes, so which one runs never changes the simulation.
struct BroadPhase {
    /// Shapes of moving bodies that can collide with something, sorted by fat lower x.
    var order: [Int32] = []
    /// Each ordered shape's index in `order` (by shape index; −1 elsewhere).
    var position: [Int32] = []
    /// Lower x of `order`'s fat boxes (kept in step with it for a cache-friendly sweep).
    var lowerX: [Double] = []
    /// True once the sweep went over its budget: moving shapes are in `movingTree` then.
    var usesTree = false
    var movingTree = AABBTree()
    var staticTree = AABBTree()
    /// Each shape's leaf in its tree (by shape index; −1 for a shape in neither).
    var proxy: [Int32] = []
    /// Scratch: shapes that left their fat box this step.
    var movedFlags: [Bool] = []
    /// Scratch: a query's shapes.
    var found: [Int32] = []
    /// The categories of the moving and of the static shapes (at the last rebuild).
    var movingCategories: UInt64 = 0, staticCategories: UInt64 = 0

    /// Whether a shape with `f` can collide with some shape of `categories` (the moving or the
    /// static ones): its mask meets one of them, or its group is positive (a group overrides
    /// the masks).
    @inline(__always) static func meets(_ f: Filter, _ categories: UInt64) -> Bool { f.maskBits & categories != 0 || f.groupIndex > 0 }

    /// The moving tree built again from the sweep's shapes (when the tree takes over).
    mutating func buildMovingTree(_ sh: UnsafeBufferPointer<ShapeData>) {
        movingTree.removeAll()
        for s in order { proxy[Int(s)] = movingTree.insert(shape: s, box: sh[Int(s)].fatAABB) }
    }
    var keys: [UInt64] = []
    var radixScratch: [UInt64] = []
}

/// Sorts 64-bit keys whose set bits lie below bit 32 + `highBits` and, in the low half,
/// below `lowBits`: least-significant-digit radix sort, 8 bits a pass. Linear and stable.
func radixSortPairKeys(_ keys: inout [UInt64], scratch: inout [UInt64], bits: Int) {
    let n = keys.count
    if n < 64 { keys.sort(); return }
    if scratch.count < n { scratch = [UInt64](repeating: 0, count: n) }
    let passesPerHalf = (bits + 7) / 8
    var shifts: [UInt64] = []
    for p in 0..<passesPerHalf { shifts.append(UInt64(8 * p)) }
    for p in 0..<passesPerHalf { shifts.append(UInt64(32 + 8 * p)) }
    keys.withUnsafeMutableBufferPointer { src0 in
        scratch.withUnsafeMutableBufferPointer { dst0 in
            var src = src0.baseAddress!, dst = dst0.baseAddress!
            var counts = [Int](repeating: 0, count: 256)
            for shift in shifts {
                for i in 0..<256 { counts[i] = 0 }
                for i in 0..<n { counts[Int((src[i] >> shift) & 0xFF)] += 1 }
                var sum = 0
                for i in 0..<256 { let c = counts[i]; counts[i] = sum; sum += c }
                for i in 0..<n {
                    let d = Int((src[i] >> shift) & 0xFF)
                    dst[counts[d]] = src[i]
                    counts[d] += 1
                }
                swap(&src, &dst)
            }
            if shifts.count % 2 == 1 {
                // The result is in the scratch buffer.
                for i in 0..<n { dst[i] = src[i] }
            }
        }
    }
}
