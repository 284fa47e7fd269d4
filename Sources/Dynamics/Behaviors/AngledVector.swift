import DynamicsEngine
import Foundation

/// A vector with three consistent views: components, angle and magnitude (gravity's and a
/// push's direction). The angle survives a zero vector, so setting a magnitude afterwards
/// still has a direction to use. Setters validate and name `owner` and the property.
struct AngledVector {
    private(set) var vector: CGVector
    private(set) var angle: CGFloat
    let owner: String
    let vectorName: String

    init(_ vector: CGVector, angle: CGFloat, owner: String, vectorName: String) {
        self.vector = vector
        self.angle = angle
        self.owner = owner
        self.vectorName = vectorName
    }

    var magnitude: CGFloat { (vector.dx * vector.dx + vector.dy * vector.dy).squareRoot() }

    mutating func set(_ v: CGVector) {
        guard accept({ try Validate.finite(v, owner, vectorName) }) else { return }
        vector = v
        if v.dx != 0 || v.dy != 0 { angle = DeterministicMath.atan2(v.dy, v.dx) }
    }

    mutating func set(angle a: CGFloat, magnitude m: CGFloat) {
        guard accept({
            try Validate.finite(a, owner, "angle")
            try Validate.finite(m, owner, "magnitude")
        }) else { return }
        angle = a
        vector = CGVector(dx: DeterministicMath.cos(a) * m, dy: DeterministicMath.sin(a) * m)
    }
}
