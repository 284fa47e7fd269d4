import DynamicsEngine
import Foundation

// Reading an item's state as the animator holds it, for tools that show it (an inspector, a
// plot): what the item's own properties do not carry.

extension DynamicAnimator {
    /// Whether the item is asleep: it moves under a behavior, came to rest and the world put it
    /// to sleep (it wakes when something touches or pushes it). False for an awake item and for
    /// an anchored one (it never moves, so it never sleeps); nil if the item is not in the world.
    /// O(1).
    public func isSleeping(_ item: DynamicItem) -> Bool? {
        guard let i = recordIndex[ObjectIdentifier(item)] else { return nil }
        let body = records[i].body
        return world.type(of: body) == .dynamic && !world.isAwake(body)
    }
}
