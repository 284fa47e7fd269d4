import DynamicsEngine

/// How collision behaviors become the engine's filters (category and mask bits, Box2D's rule:
/// two shapes collide when each one's category meets the other's mask).
///
/// Collision behavior k of an animator owns three bits: i(k), which its items carry in
/// category and mask when it collides items with items; b(k), which its items carry in
/// category when it collides them with boundaries; and w(k), the category of its boundaries,
/// which those items also carry in their mask. A boundary of k has category w(k) and mask
/// b(k). So two items collide exactly when they share a behavior in `.items` mode, an item
/// meets a boundary exactly when the boundary's behavior includes the item in `.boundaries`
/// mode, and boundaries never meet each other (w bits are in no boundary's mask). Three bits
/// each in 64 is why an animator holds at most 21 collision behaviors.
enum CollisionBits {
    static let perKind = 21

    /// An item in the behaviors whose indices are set in `items` (`.items` mode) and
    /// `boundaries` (`.boundaries` mode).
    static func itemFilter(items: UInt64, boundaries: UInt64) -> Filter {
        if items == 0 && boundaries == 0 { return .none }
        let i = items, b = boundaries << UInt64(perKind), w = boundaries << UInt64(2 * perKind)
        return Filter(categoryBits: i | b, maskBits: i | w)
    }

    /// The boundaries of behavior `k`.
    static func boundaryFilter(_ k: Int) -> Filter {
        Filter(categoryBits: 1 << UInt64(2 * perKind + k), maskBits: 1 << UInt64(perKind + k))
    }
}
