import Foundation

extension AttachmentBehavior {
    /// The attachment's spring as a `Spring`, in any dialect: reading gives
    /// `Spring(frequency: frequency, dampingRatio: damping)`, or nil for a rigid rod
    /// (frequency 0); setting sets `frequency` and `damping` to the spring's frequency and
    /// damping ratio (its mass does not matter: the attachment keeps the motion whatever
    /// the items weigh), and nil makes a rod. Only a spring attachment has one: setting it
    /// on another kind is reported as invalid input, as for any setter.
    public var spring: Spring? {
        get { frequency > 0 ? Spring(unchecked: 1, (2 * .pi * frequency) * (2 * .pi * frequency), 4 * .pi * frequency * damping) : nil }
        set {
            // Every range before anything changes: frequency and damping ratio together.
            guard accept({
                guard kind == .spring else {
                    throw DynamicsError(owner: "AttachmentBehavior", property: "spring",
                                        message: "applies to spring attachments, not \(kind.rawValue)")
                }
                if let spring = newValue {
                    try AttachmentBehavior.checkFrequency(spring.frequency)
                    try AttachmentBehavior.checkDamping(spring.dampingRatio)
                }
            }) else { return }
            guard let spring = newValue else { frequency = 0; return }
            frequency = spring.frequency
            damping = spring.dampingRatio
        }
    }
}
