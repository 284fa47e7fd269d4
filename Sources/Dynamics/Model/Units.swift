import DynamicsEngine
import Foundation

// Conversions between the public units (points, UIKit Newtons) and the engine's (metres,
// newtons). 100 pt = 1 m is UIKit's own ratio: gravity magnitude 1 = 1000 pt/s² = 10 m/s²,
// and one UIKit Newton accelerates mass 1 at 100 pt/s² = 1 m/s², i.e. it is one newton.

enum Units {
    static let pointsPerMeter: Double = 100
    static let metersPerPoint: Double = 0.01
    /// Gravity magnitude 1, in m/s².
    static let gravity: Double = 10

    @inline(__always) static func meters(_ p: CGPoint) -> Vec2 { Vec2(Double(p.x) * metersPerPoint, Double(p.y) * metersPerPoint) }
    @inline(__always) static func meters(_ v: CGVector) -> Vec2 { Vec2(Double(v.dx) * metersPerPoint, Double(v.dy) * metersPerPoint) }
    @inline(__always) static func point(_ v: Vec2) -> CGPoint { CGPoint(x: v.x * pointsPerMeter, y: v.y * pointsPerMeter) }
    @inline(__always) static func vector(_ v: Vec2) -> CGVector { CGVector(dx: v.x * pointsPerMeter, dy: v.y * pointsPerMeter) }
}
