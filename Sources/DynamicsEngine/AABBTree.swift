// The broad phase's bounding volume hierarchy: Box2D's dynamic AABB tree (b2DynamicTree, as
// in Box2D v2.4: surface-area insertion and AVL rotations).
//
// It replaced a sort-and-sweep along x, which is fast for ordinary scenes but quadratic when
// many shapes share an x range: 20 000 items in one column cost 0.33 s a step, every moved
// shape was tested against every boundary segment (12 000 items over an 80 000-point wall:
// 20 s for one step), and one wide moving shape made every query scan back over everything.
// A query here costs O(log n + k) for k overlapping boxes whatever the layout, and the pairs
// it finds are the same (every pair of overlapping fat boxes), so the simulation is unchanged.

/// A binary tree of boxes with a shape index at each leaf. Leaves hold fat boxes, so a shape
/// moves in the tree only when it leaves its box. Complexity: insert, remove and move are
/// O(log n) (the tree is kept balanced by rotations); a query is O(log n + k).
struct AABBTree {
    /// 32 bytes, two to a cache line. The box is single precision, rounded outwards, so a
    /// query finds every box the exact (double) test would and perhaps a few more, which the
    /// broad phase's exact test then drops: the pairs are exactly those of the double boxes.
    struct Node {
        /// (lower x, lower y, −upper x, −upper y): a union is a lane-wise minimum, and an
        /// overlap test one comparison (see `queryKey`).
        var box = SIMD4<Float>(repeating: 0)
        /// The parent node, or the next free node while on the free list (−1: none).
        var parent: Int32 = -1
        /// −1 for a leaf.
        var child1: Int32 = -1
        /// A leaf's shape.
        var child2: Int32 = -1
        /// 0 for a leaf, −1 for a free node.
        var height: Int32 = 0
        var isLeaf: Bool { child1 < 0 }
    }

    /// `b` as a node box, rounded outwards.
    @inline(__always)
    static func packed(_ b: AABB) -> SIMD4<Float> {
        SIMD4(down(b.lower.x), down(b.lower.y), down(-b.upper.x), down(-b.upper.y))
    }

    /// The largest float not above `d`.
    @inline(__always)
    static func down(_ d: Double) -> Float {
        let f = Float(d)
        return Double(f) > d ? f.nextDown : f
    }

    /// What a node box must not exceed, lane by lane, to overlap `b`: (upper x, upper y,
    /// −lower x, −lower y), rounded outwards.
    @inline(__always)
    static func queryKey(_ b: AABB) -> SIMD4<Float> {
        SIMD4(-down(-b.upper.x), -down(-b.upper.y), -down(b.lower.x), -down(b.lower.y))
    }

    @inline(__always)
    static func union(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> { a.replacing(with: b, where: b .< a) }

    @inline(__always)
    static func perimeter(_ p: SIMD4<Float>) -> Float { 2 * ((-p.z - p.x) + (-p.w - p.y)) }

    private var nodes: [Node] = []
    private var root: Int32 = -1
    private var freeList: Int32 = -1
    private var freeCount = 0
    /// Query scratch, kept between queries (no allocation in a step once grown).
    private var stack: [Int32] = []

    /// A copy that shares no storage with this tree (so neither pays a copy-on-write in a step),
    /// and the bytes its nodes take.
    func detached() -> AABBTree {
        var t = self
        t.nodes = nodes.withUnsafeBufferPointer { Array($0) }
        t.stack = stack.withUnsafeBufferPointer { Array($0) }
        return t
    }
    var byteCount: Int { nodes.count * MemoryLayout<Node>.stride }

    var isEmpty: Bool { root < 0 }

    mutating func removeAll() {
        nodes.removeAll(keepingCapacity: true)
        root = -1
        freeList = -1
        freeCount = 0
    }

    /// Adds a leaf for `shape` with `box`; returns the leaf (the shape's proxy).
    mutating func insert(shape: Int32, box: AABB) -> Int32 {
        // The leaf and its future parent come from the free list, grown first: the edit
        // below works on a pointer into `nodes`, which must not move.
        while freeCount < 2 {
            nodes.append(Node())
            nodes[nodes.count - 1].parent = freeList
            nodes[nodes.count - 1].height = -1
            freeList = Int32(nodes.count - 1)
            freeCount += 1
        }
        return edit { e in
            let leaf = e.allocate()
            e.n[Int(leaf)].box = AABBTree.packed(box)
            e.n[Int(leaf)].child2 = shape
            e.n[Int(leaf)].height = 0
            e.insertLeaf(leaf)
            return leaf
        }
    }

    /// Gives leaf `proxy` a new box (its parent node is freed and taken again).
    mutating func move(_ proxy: Int32, to box: AABB) {
        edit { e in
            e.removeLeaf(proxy)
            e.n[Int(proxy)].box = AABBTree.packed(box)
            e.insertLeaf(proxy)
        }
    }

    /// Runs `body` on the nodes through a pointer (no uniqueness check per access).
    @inline(__always)
    private mutating func edit<R>(_ body: (inout Editor) -> R) -> R {
        let (root, freeList, freeCount) = (self.root, self.freeList, self.freeCount)
        let (result, e) = nodes.withUnsafeMutableBufferPointer { p -> (R, Editor) in
            var e = Editor(n: p.baseAddress!, root: root, freeList: freeList, freeCount: freeCount)
            let r = body(&e)
            return (r, e)
        }
        self.root = e.root
        self.freeList = e.freeList
        self.freeCount = e.freeCount
        return result
    }

    /// Appends to `found` the shape of every leaf whose box overlaps `box`. Children are
    /// tested before they are pushed, so leaves never go through the stack.
    mutating func query(_ box: AABB, into found: inout [Int32]) {
        guard root >= 0 else { return }
        // A depth-first walk holds at most one pending node per level.
        let need = Int(nodes[Int(root)].height) + 2
        if stack.count < need { stack = [Int32](repeating: -1, count: max(need, 64)) }
        let key = AABBTree.queryKey(box)
        let top = nodes[Int(root)]
        guard all(top.box .<= key) else { return }
        if top.isLeaf { found.append(top.child2); return }
        nodes.withUnsafeBufferPointer { nodes in
            stack.withUnsafeMutableBufferPointer { stack in
                stack[0] = root
                var count = 1
                while count > 0 {
                    count -= 1
                    let node = nodes[Int(stack[count])]
                    @inline(__always)
                    func visit(_ c: Int32) {
                        let child = nodes[Int(c)]
                        guard all(child.box .<= key) else { return }
                        if child.isLeaf {
                            found.append(child.child2)
                        } else {
                            stack[count] = c
                            count += 1
                        }
                    }
                    visit(node.child1)
                    visit(node.child2)
                }
            }
        }
    }

    /// The tree's edits, on a pointer to its nodes.
    struct Editor {
        let n: UnsafeMutablePointer<Node>
        var root: Int32
        var freeList: Int32
        var freeCount: Int

        /// A leaf from the free list (the caller made sure it has one).
        mutating func allocate() -> Int32 {
            let i = freeList
            freeList = n[Int(i)].parent
            freeCount -= 1
            n[Int(i)] = Node()
            return i
        }

        mutating func release(_ i: Int32) {
            n[Int(i)] = Node()
            n[Int(i)].parent = freeList
            n[Int(i)].height = -1
            freeList = i
            freeCount += 1
        }

        /// Inserts a leaf next to the sibling that grows the tree's total perimeter least
        /// (descending from the root while a child is cheaper than a new parent here).
        mutating func insertLeaf(_ leaf: Int32) {
            guard root >= 0 else {
                root = leaf
                n[Int(leaf)].parent = -1
                return
            }
            let box = n[Int(leaf)].box
            var index = root
            while !n[Int(index)].isLeaf {
                let node = n[Int(index)]
                let area = AABBTree.perimeter(node.box)
                let combined = AABBTree.perimeter(AABBTree.union(node.box, box))
                // Cost of a new parent for this node and the leaf, and the cost this node's
                // box growth pushes down to either child.
                let cost = 2 * combined
                let inheritance = 2 * (combined - area)
                @inline(__always)
            func descendCost(_ c: Int32) -> Float {
                    let child = n[Int(c)]
                    let grown = AABBTree.perimeter(AABBTree.union(child.box, box))
                    return (child.isLeaf ? grown : grown - AABBTree.perimeter(child.box)) + inheritance
                }
                let cost1 = descendCost(node.child1), cost2 = descendCost(node.child2)
                if cost < cost1 && cost < cost2 { break }
                index = cost1 < cost2 ? node.child1 : node.child2
            }
            let sibling = index
            let oldParent = n[Int(sibling)].parent
            let newParent = allocate()
            n[Int(newParent)].parent = oldParent
            n[Int(newParent)].box = AABBTree.union(box, n[Int(sibling)].box)
            n[Int(newParent)].height = n[Int(sibling)].height + 1
            n[Int(newParent)].child1 = sibling
            n[Int(newParent)].child2 = leaf
            if oldParent >= 0 {
                if n[Int(oldParent)].child1 == sibling { n[Int(oldParent)].child1 = newParent }
                else { n[Int(oldParent)].child2 = newParent }
            } else {
                root = newParent
            }
            n[Int(sibling)].parent = newParent
            n[Int(leaf)].parent = newParent
            refit(from: newParent)
        }

        mutating func removeLeaf(_ leaf: Int32) {
            if leaf == root {
                root = -1
                return
            }
            let parent = n[Int(leaf)].parent
            let grandParent = n[Int(parent)].parent
            let sibling = n[Int(parent)].child1 == leaf ? n[Int(parent)].child2 : n[Int(parent)].child1
            if grandParent >= 0 {
                if n[Int(grandParent)].child1 == parent { n[Int(grandParent)].child1 = sibling }
                else { n[Int(grandParent)].child2 = sibling }
                n[Int(sibling)].parent = grandParent
                release(parent)
                refit(from: grandParent)
            } else {
                root = sibling
                n[Int(sibling)].parent = -1
                release(parent)
            }
            n[Int(leaf)].parent = -1
        }

        /// Walks up from `start`, balancing and refitting boxes and heights.
        /// Stops early where a node comes out as it was (no rotation, same box and height):
        /// nothing above it changes then, so a shape moving within its neighbourhood costs a
        /// few levels instead of the whole path to the root.
        mutating func refit(from start: Int32) {
            var index = start
            while index >= 0 {
                let before = n[Int(index)]
                let balanced = balance(index)
                let c1 = n[Int(balanced)].child1, c2 = n[Int(balanced)].child2
                let height = 1 + max(n[Int(c1)].height, n[Int(c2)].height)
                let box = AABBTree.union(n[Int(c1)].box, n[Int(c2)].box)
                // (The first node is always refitted: a new parent arrives with its values set.)
                if index != start && balanced == index && height == before.height && box == before.box { return }
                n[Int(balanced)].height = height
                n[Int(balanced)].box = box
                index = n[Int(balanced)].parent
            }
        }

        /// An AVL rotation at `iA` if its children's heights differ by more than one; returns
        /// the node now in its place.
        mutating func balance(_ iA: Int32) -> Int32 {
            let A = n[Int(iA)]
            if A.isLeaf || A.height < 2 { return iA }
            let iB = A.child1, iC = A.child2
            let diff = n[Int(iC)].height - n[Int(iB)].height
            if diff > 1 { return rotateUp(iC, over: iA, keeping: iB, cIsChild2: true) }
            if diff < -1 { return rotateUp(iB, over: iA, keeping: iC, cIsChild2: false) }
            return iA
        }

        /// Lifts child `iC` of `iA` into `iA`'s place; `iA` keeps its other child `iB` and takes
        /// the lower of `iC`'s children, `iC` keeps the higher one.
        mutating func rotateUp(_ iC: Int32, over iA: Int32, keeping iB: Int32, cIsChild2: Bool) -> Int32 {
            let iF = n[Int(iC)].child1, iG = n[Int(iC)].child2
            // C takes A's place.
            n[Int(iC)].child1 = iA
            n[Int(iC)].parent = n[Int(iA)].parent
            n[Int(iA)].parent = iC
            let p = n[Int(iC)].parent
            if p >= 0 {
                if n[Int(p)].child1 == iA { n[Int(p)].child1 = iC } else { n[Int(p)].child2 = iC }
            } else {
                root = iC
            }
            // The higher of F and G stays under C; the other goes under A, where C was.
            let (up, down) = n[Int(iF)].height > n[Int(iG)].height ? (iF, iG) : (iG, iF)
            n[Int(iC)].child2 = up
            if cIsChild2 { n[Int(iA)].child2 = down } else { n[Int(iA)].child1 = down }
            n[Int(down)].parent = iA
            n[Int(iA)].box = AABBTree.union(n[Int(iB)].box, n[Int(down)].box)
            n[Int(iA)].height = 1 + max(n[Int(iB)].height, n[Int(down)].height)
            n[Int(iC)].box = AABBTree.union(n[Int(iA)].box, n[Int(up)].box)
            n[Int(iC)].height = 1 + max(n[Int(iA)].height, n[Int(up)].height)
            return iC
        }
    }
}
