import Dynamics
import Foundation

/// FNV-1a over the bit patterns of doubles: equal exactly when every bit agrees. One hash
/// for `check --determinism` (every frame's, and every item's) and for recordings (every
/// frame's, `RecordedState.hash`).
public struct StateHash: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func mix(_ v: Double) { mix(v.bitPattern) }

    public mutating func mix(_ bits: UInt64) {
        var b = bits
        for _ in 0..<8 { value = (value ^ (b & 0xFF)) &* 0x100_0000_01b3; b >>= 8 }
    }

    /// The hash of one item's visible state on `animator`: its center, its transform's four
    /// numbers, its velocity and angular velocity (when it is in the world) and whether it
    /// sleeps.
    public static func item(_ item: DynamicItem, on animator: DynamicAnimator) -> UInt64 {
        var h = StateHash()
        h.mix(Double(item.center.x)); h.mix(Double(item.center.y))
        let t = item.transform
        h.mix(Double(t.a)); h.mix(Double(t.b)); h.mix(Double(t.c)); h.mix(Double(t.d))
        if let v = animator.linearVelocity(of: item) { h.mix(Double(v.x)); h.mix(Double(v.y)) }
        if let w = animator.angularVelocity(of: item) { h.mix(Double(w)) }
        if animator.isSleeping(item) == true { h.mix(UInt64(1)) }
        return h.value
    }

    /// The hash of a frame: the animator's elapsed time, then each item's hash in order.
    public static func frame(time: Double, items: some Sequence<UInt64>) -> UInt64 {
        var h = StateHash()
        h.mix(time)
        for i in items { h.mix(i) }
        return h.value
    }

    /// Every item in the animator's world, in its order (the order hashes and keyframes use).
    /// Speeds are clamped, so ±10¹⁵ pt holds any run.
    public static func items(of animator: DynamicAnimator) -> [DynamicItem] {
        animator.items(in: CGRect(x: -1e15, y: -1e15, width: 2e15, height: 2e15))
    }

    /// An item's name as recordings and hashes list it: its `DynamicView` name, or "".
    public static func name(of item: DynamicItem) -> String {
        (item as? DynamicView)?.name ?? ""
    }
}
