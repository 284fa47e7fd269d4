import Dynamics
import DynamicsTestSupport
import Foundation
import Testing

/// The property a `DynamicsError` thrown by `body` (inside `InvalidInput.catching`) names, or
/// nil when nothing was reported.
func reportedProperty(_ body: () -> Void) -> String? {
    do {
        try InvalidInput.catching { body() }
        return nil
    } catch let error as DynamicsError {
        return error.property
    } catch {
        return "not a DynamicsError: \(error)"
    }
}

@Suite("Spring and gesture bad input")
struct SpringBadInputTests {
    static let bad: [CGFloat] = [.nan, .infinity, -.infinity, 1e300, -1]

    @Test("Every dialect refuses NaN, ±∞, huge and negative values, naming the parameter (bounce: NaN, ±∞, huge)")
    func dialects() {
        for v in SpringBadInputTests.bad {
            #expect(reportedProperty { _ = Spring(frequency: v, dampingRatio: 0.5) } == "frequency", "frequency \(v)")
            #expect(reportedProperty { _ = Spring(frequency: 2, dampingRatio: v) } == "dampingRatio", "dampingRatio \(v)")
            #expect(reportedProperty { _ = Spring(response: Double(v), dampingFraction: 0.5) } == "response")
            #expect(reportedProperty { _ = Spring(response: 0.5, dampingFraction: v) } == "dampingFraction")
            #expect(reportedProperty { _ = Spring(duration: Double(v), bounce: 0.2) } == "duration")
            #expect(reportedProperty { _ = Spring(mass: v, stiffness: 100, damping: 10) } == "mass")
            #expect(reportedProperty { _ = Spring(mass: 1, stiffness: v, damping: 10) } == "stiffness")
            #expect(reportedProperty { _ = Spring(mass: 1, stiffness: 100, damping: v) } == "damping")
            #expect(reportedProperty { _ = Spring(stiffness: v, dampingRatio: 0.5) } == "stiffness")
            #expect(reportedProperty { _ = Spring(stiffness: 100, dampingRatio: v) } == "dampingRatio")
            #expect(reportedProperty { _ = Spring(bounciness: v, speed: 12) } == "bounciness")
            #expect(reportedProperty { _ = Spring(bounciness: 4, speed: v) } == "speed")
        }
        for v in [CGFloat.nan, .infinity, -.infinity, 1e300, -1.5, 1.5] {
            #expect(reportedProperty { _ = Spring(duration: 0.5, bounce: v) } == "bounce", "bounce \(v)")
        }
        for v in [CGFloat.nan, .infinity, -.infinity, 1e300, 0, -30] {
            #expect(reportedProperty { _ = Spring(tension: v, friction: 7) } == "tension", "tension \(v)")
        }
        for v in [CGFloat.nan, .infinity, -.infinity, 1e300, -1] {
            #expect(reportedProperty { _ = Spring(tension: 40, friction: v) } == "friction", "friction \(v)")
        }
        // Zero where a spring needs a value: no frequency, no stiffness, no mass.
        #expect(reportedProperty { _ = Spring(frequency: 0, dampingRatio: 0.5) } == "frequency")
        #expect(reportedProperty { _ = Spring(mass: 0, stiffness: 100, damping: 1) } == "mass")
        #expect(reportedProperty { _ = Spring(mass: 1, stiffness: 0, damping: 1) } == "stiffness")
        #expect(reportedProperty { _ = Spring(response: 0, dampingFraction: 1) } == "response")
        // The limits of the motion: a frequency past 10⁴ Hz, a damping ratio past 10⁴.
        #expect(reportedProperty { _ = Spring(mass: 1e-9, stiffness: 1e9, damping: 0) } == "stiffness")
        #expect(reportedProperty { _ = Spring(mass: 1, stiffness: 1, damping: 1e6) } == "damping")
        #expect(reportedProperty { _ = Spring(bounciness: 43, speed: 12) } == "bounciness")
        // Valid values report nothing.
        #expect(reportedProperty { _ = Spring(duration: 0.5, bounce: -0.9) } == nil)
        #expect(reportedProperty { _ = Spring(tension: -10, friction: 0) } == nil)
    }

    @Test("The message names the value and the range; a refused spring is the fallback")
    func messageAndFallback() {
        do {
            try InvalidInput.catching { _ = Spring(response: .nan, dampingFraction: 0.5) }
            Issue.record("no error")
        } catch let error as DynamicsError {
            #expect(error.description == "Spring.response: must be a finite number in 0.0001…1000.0 s, got NaN")
        } catch { Issue.record("\(error)") }
        // Inside catching the initializer still returns (the error is thrown after the
        // body): with the fallback spring.
        var made: Spring?
        #expect(throws: DynamicsError.self) { try InvalidInput.catching { made = Spring(frequency: -1, dampingRatio: 0.5) } }
        #expect(made == Spring.fallback)
        #expect(Spring.fallback.response == 0.55 && abs(Spring.fallback.dampingFraction - 0.825) < 1e-12)
    }

    @Test("settlingTime refuses tolerances outside 0…1 (exclusive) and NaN")
    func tolerance() {
        let s = Spring(frequency: 1, dampingRatio: 0.5)
        for t in [0, 1, -0.1, 2, CGFloat.nan, .infinity] as [CGFloat] {
            #expect(reportedProperty { _ = s.settlingTime(tolerance: t) } == "settlingTime(tolerance)", "tolerance \(t)")
        }
    }

    @Test("Gesture helpers refuse NaN, ±∞ and out-of-range values, naming the parameter")
    func gestures() {
        for v in [CGFloat.nan, .infinity, -.infinity, 1e300] {
            #expect(reportedProperty { _ = Gesture.project(v) } == "velocity")
            #expect(reportedProperty { _ = Gesture.project(CGPoint(x: 0, y: v)) } == "velocity")
            #expect(reportedProperty { _ = Gesture.rubberBand(v, dimension: 100) } == "offset")
            #expect(reportedProperty { _ = Gesture.nearest(to: CGPoint(x: v, y: 0), in: [.zero]) } == "point")
            #expect(reportedProperty { _ = Gesture.nearest(to: .zero, in: [.zero, CGPoint(x: v, y: 0)]) } == "targets[1]")
            #expect(reportedProperty { _ = Gesture.nearest(to: v, in: [0]) } == "point")
        }
        for v in [CGFloat.nan, .infinity, 0, -5, 1e300] {
            #expect(reportedProperty { _ = Gesture.rubberBand(10, dimension: v) } == "dimension", "dimension \(v)")
            #expect(reportedProperty { _ = Gesture.rubberBand(10, dimension: 100, constant: v) } == "constant", "constant \(v)")
        }
        for v in [CGFloat.nan, .infinity, 0, 1, -0.5, 1.5] {
            #expect(reportedProperty { _ = DecelerationRate(rawValue: v) } == "rawValue", "rate \(v)")
        }
    }

    @Test("A snap refuses an overdamped spring and a bad frequency, keeping its own; an attachment's spring is for springs only")
    func behaviors() {
        let item = DynamicView(center: CGPoint(x: 100, y: 100), size: CGSize(width: 10, height: 10))
        let snap = SnapBehavior(item: item, snapTo: .zero)
        #expect(reportedProperty { snap.spring = Spring(frequency: 2, dampingRatio: 1.5) } == "spring")
        #expect(snap.frequency == SnapBehavior.frequency && snap.damping == 0.5)
        for v in [CGFloat.nan, .infinity, 0, -1, 1e5] {
            #expect(reportedProperty { snap.frequency = v } == "frequency", "frequency \(v)")
        }
        #expect(snap.frequency == SnapBehavior.frequency)
        let other = DynamicView(center: CGPoint(x: 200, y: 100), size: CGSize(width: 10, height: 10))
        let pin = AttachmentBehavior.pinAttachment(with: item, attachedTo: other, attachmentAnchor: CGPoint(x: 150, y: 100))
        #expect(reportedProperty { pin.spring = Spring(frequency: 2, dampingRatio: 0.5) } == "spring")
        #expect(pin.frequency == 0)
    }
}
