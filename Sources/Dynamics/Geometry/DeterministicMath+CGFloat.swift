import DynamicsEngine
import Foundation

// The engine's deterministic functions in the model's CGFloat, so that geometry in points
// (item angles, pointer offsets, attachment lengths) reads as the formulas it computes. The
// model's step calls these, never the platform's libm (see docs/engine.md, "Determinism").
extension DeterministicMath {
    static func sin(_ x: CGFloat) -> CGFloat { CGFloat(sin(Double(x))) }
    static func cos(_ x: CGFloat) -> CGFloat { CGFloat(cos(Double(x))) }
    static func atan2(_ y: CGFloat, _ x: CGFloat) -> CGFloat { CGFloat(atan2(Double(y), Double(x))) }
    static func hypot(_ x: CGFloat, _ y: CGFloat) -> CGFloat { CGFloat(hypot(Double(x), Double(y))) }
}
