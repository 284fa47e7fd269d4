import DynamicsEngine

extension DynamicAnimator {
    /// Whether the item's body is asleep (resting in the engine's sleeping island, not
    /// stepped until something wakes it); false for an item that does not move (static);
    /// nil when the item is not in the world.
    public func isSleeping(_ item: DynamicItem) -> Bool? {
        guard let i = recordIndex[ObjectIdentifier(item)] else { return nil }
        let body = records[i].body
        return world.type(of: body) == .dynamic && !world.isAwake(body)
    }
}
