import Foundation

/// The arithmetic of fluid gestures, as UIKit apps do it by hand (WWDC 2018, "Designing
/// Fluid Interfaces"): where a flick would come to rest, how content resists being pulled
/// past an edge, and which of several resting places a point is nearest. Pure functions:
/// they act on nothing, and a release behavior or a script decides what to do with them.
///
/// Invalid input (NaN, ±∞, a value out of range) is reported as `DynamicsError` through
/// `InvalidInput`, as the model's setters report it (a trap by default, an error inside
/// `InvalidInput.catching`); if the host's handler returns, the result is 0 (or nil).
public enum Gesture {
    /// The distance a flick at `velocity` (pt/s) travels before it stops, decelerating as
    /// a scroll view does: each millisecond keeps `rate` of the velocity, so the distance
    /// is v/1000 · r/(1 − r) (UIKit's `project(initialVelocity:decelerationRate:)`, WWDC
    /// 2018). With `.normal` (0.998) that is about half a second of the flick's speed.
    public static func project(_ velocity: CGFloat, decelerationRate rate: DecelerationRate = .normal) -> CGFloat {
        guard accept({ try Validate.finite(velocity, "Gesture.project", "velocity") }) else { return 0 }
        let r = rate.rawValue
        return velocity / 1000 * r / (1 - r)
    }

    /// The same for a velocity in two dimensions (pt/s, a point as UIKit's velocities are):
    /// the offset the flick travels, each axis on its own.
    public static func project(_ velocity: CGPoint, decelerationRate rate: DecelerationRate = .normal) -> CGPoint {
        guard accept({ try Validate.finite(CGVector(dx: velocity.x, dy: velocity.y), "Gesture.project", "velocity") }) else { return .zero }
        let r = rate.rawValue, scale = r / (1 - r) / 1000
        return CGPoint(x: velocity.x * scale, y: velocity.y * scale)
    }

    /// UIScrollView's rubber band: content pulled `offset` points past an edge moves
    /// (1 − 1/(|offset|·c/d + 1))·d with the sign of `offset`, where d is the `dimension` of
    /// the view along the pull (points, > 0) and c the `constant` (> 0; UIKit's 0.55). It
    /// follows the finger at first (slope c) and never passes d.
    public static func rubberBand(_ offset: CGFloat, dimension: CGFloat, constant: CGFloat = 0.55) -> CGFloat {
        guard accept({
            try Validate.finite(offset, "Gesture.rubberBand", "offset", max: Limits.coordinate)
            try Validate.positive(dimension, "Gesture.rubberBand", "dimension", max: Limits.length)
            try Validate.positive(constant, "Gesture.rubberBand", "constant")
        }) else { return 0 }
        let moved = (1 - 1 / (abs(offset) * constant / dimension + 1)) * dimension
        return offset < 0 ? -moved : moved
    }

    /// The target nearest `point` (by distance) and its index in `targets`; the first of
    /// equally near ones; nil for no targets.
    public static func nearest(to point: CGPoint, in targets: [CGPoint]) -> (target: CGPoint, index: Int)? {
        guard accept({
            try Validate.finite(point, "Gesture.nearest", "point")
            for (i, t) in targets.enumerated() { try Validate.finite(t, "Gesture.nearest", "targets[\(i)]") }
        }) else { return nil }
        var best: (target: CGPoint, index: Int)?
        var bestDistance = CGFloat.infinity
        for (i, t) in targets.enumerated() {
            let dx = t.x - point.x, dy = t.y - point.y
            let d = dx * dx + dy * dy
            if d < bestDistance { bestDistance = d; best = (t, i) }
        }
        return best
    }

    /// The same along one axis (a sheet's detents, a carousel's pages): the nearest value.
    public static func nearest(to value: CGFloat, in targets: [CGFloat]) -> (target: CGFloat, index: Int)? {
        guard accept({
            try Validate.finite(value, "Gesture.nearest", "point", max: Limits.coordinate)
            for (i, t) in targets.enumerated() { try Validate.finite(t, "Gesture.nearest", "targets[\(i)]", max: Limits.coordinate) }
        }) else { return nil }
        var best: (target: CGFloat, index: Int)?
        var bestDistance = CGFloat.infinity
        for (i, t) in targets.enumerated() where abs(t - value) < bestDistance {
            bestDistance = abs(t - value)
            best = (t, i)
        }
        return best
    }
}
