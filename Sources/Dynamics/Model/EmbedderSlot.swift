/// What the code embedding the model keeps with a model object: at most one value of each
/// class, looked up by that class. A memory charge that is refunded when the object goes, a
/// reference view or layout with an animator, a back-reference to the embedder's own wrapper.
///
/// The model never reads it, and it is released with the object. It is cold data: read
/// when the embedder makes, charges or looks up an object, never during a frame. It holds
/// one value without allocating; more go into an array.
package struct EmbedderSlot {
    private var first: AnyObject?
    private var rest: [AnyObject] = []

    package init() {}

    /// The value of exactly the class `type` (not a subclass), or nil. Setting replaces the
    /// value of that class (releasing the old one) or, with nil, removes it.
    package subscript<Value: AnyObject>(_ type: Value.Type) -> Value? {
        get {
            if let first, Swift.type(of: first) == type { return unsafeDowncast(first, to: Value.self) }
            for v in rest where Swift.type(of: v) == type { return unsafeDowncast(v, to: Value.self) }
            return nil
        }
        set {
            if let f = first, Swift.type(of: f) == type {
                first = newValue
            } else if let i = rest.firstIndex(where: { Swift.type(of: $0) == type }) {
                if let newValue { rest[i] = newValue } else { rest.remove(at: i) }
            } else if let newValue {
                if first == nil { first = newValue } else { rest.append(newValue) }
            }
            // An emptied first place takes the next value, so lookups start from it.
            if first == nil, !rest.isEmpty { first = rest.removeFirst() }
        }
    }
}

/// A model object with an `EmbedderSlot`: animators, behaviors, `DynamicView` items,
/// timers, tasks and run records. An embedder's own classes may adopt it too, so one
/// mechanism (a memory charge, for instance) serves both.
package protocol EmbedderSlotted: AnyObject {
    var embedder: EmbedderSlot { get set }
}
