import DynamicsEngine
import Foundation

// Balanced collision callbacks: every `began` a delegate is told gets its `ended`, one pair
// of callbacks per pair of parties (`PartyKey`) however many shape contacts they have.
//
// The engine reports a contact's end when its shapes part or when the contact is destroyed
// (a body or shape removed, a filter changed), naming the same shape pair as at its begin.
// The animator remembers, per pair, which behaviors it told `began` (with the items and
// boundary it named) and tells exactly those `ended`: an item removed from the behavior, a
// behavior removed from the animator or a mode that no longer collides still closes what it
// opened. A behavior that stops covering a contact the engine keeps (another collision
// behavior still holds both items) is told at the next frame after the change.

/// The engine's shape pair of a contact, the same in its begin and end events.
struct ContactKey: Hashable {
    let shapeA: ShapeID, shapeB: ShapeID
    init(_ e: ContactEvent) { shapeA = e.shapeA; shapeB = e.shapeB }
}

/// The parties of a contact as a delegate hears of it (see `OpenContact.parties`). `boundary`
/// is `.some(nil)` for the reference bounds.
struct PartyKey: Hashable {
    let behavior: ObjectIdentifier
    let first: ObjectIdentifier
    let second: ObjectIdentifier?
    let boundary: AnyHashable??
}

/// A contact a behavior's delegate was told began: whom to tell it ended, and about what.
struct OpenContact {
    enum Other {
        case item(DynamicItem)
        /// nil: the reference bounds.
        case boundary(AnyHashable?)
    }
    let behavior: CollisionBehavior
    let item: DynamicItem
    let other: Other

    /// Who touches whom, as the delegate sees it: the behavior, and the two items (either way
    /// round) or the item and the boundary.
    var parties: PartyKey {
        switch other {
        case .item(let x):
            let p = ObjectIdentifier(item), q = ObjectIdentifier(x)
            return PartyKey(behavior: ObjectIdentifier(behavior), first: min(p, q), second: max(p, q), boundary: nil)
        case .boundary(let id):
            return PartyKey(behavior: ObjectIdentifier(behavior), first: ObjectIdentifier(item), second: nil, boundary: .some(id))
        }
    }

    /// Tells the behavior's delegate (as it is now; none, nothing) that the contact ended.
    func tellEnded() {
        guard let d = behavior.collisionDelegate else { return }
        switch other {
        case .item(let other): d.collisionBehavior(behavior, endedContactFor: item, with: other)
        case .boundary(let id): d.collisionBehavior(behavior, endedContactFor: item, withBoundaryIdentifier: id)
        }
    }
}

/// A frame's contacts whose parties stopped touching, in the order they stopped; one that
/// starts again within the frame is taken out (O(1), by its parties) and never told.
struct EndingContacts {
    private(set) var list: [OpenContact?] = []
    private var index: [PartyKey: Int] = [:]

    mutating func append(_ o: OpenContact) {
        index[o.parties] = list.count
        list.append(o)
    }

    /// Takes out the ending contact of `parties`; false if there is none.
    mutating func cancel(_ parties: PartyKey) -> Bool {
        guard let i = index.removeValue(forKey: parties) else { return false }
        list[i] = nil
        return true
    }
}

extension DynamicAnimator {
    /// After the behaviors changed: open contacts whose behavior no longer holds both parties
    /// (left the animator, dropped an item or boundary, or changed its mode) are closed and
    /// told `ended` with the next frame's callbacks. O(open contacts), only on an update.
    func closeUncoveredContacts() {
        let active = Set(collisionBehaviors.map(ObjectIdentifier.init))
        for (key, open) in openContacts {
            var kept: [OpenContact] = []
            for o in open {
                if covers(o, active: active) { kept.append(o) } else { staleContacts.append(o) }
            }
            if kept.count != open.count { openContacts[key] = kept.isEmpty ? nil : kept }
        }
    }

    private func covers(_ o: OpenContact, active: Set<ObjectIdentifier>) -> Bool {
        let c = o.behavior
        guard active.contains(ObjectIdentifier(c)), c.contains(o.item) else { return false }
        switch o.other {
        case .item(let other):
            return c.collisionMode.contains(.items) && c.contains(other)
        case .boundary(let id):
            guard c.collisionMode.contains(.boundaries) else { return false }
            guard let id else { return c.referenceInsets != nil }
            return c.boundaries.contains { $0.identifier == id }
        }
    }
}
