import Foundation
import Testing
import UIKitCompat
@testable import UIKitPorts

/// The catalog port (Examples/UIKitPorts/Catalog), driven as `swift run UIKitPorts` drives
/// it, against numbers worked out by hand.
@Suite struct CatalogPortTests {
    /// The crate (80 × 80) falls onto the floor of the safe area: 568 − 34 pt, so its center
    /// rests at 534 − 40 = 494 (contacts touch within 0.5 pt, docs/units.md).
    @Test func crateLandsOnTheSafeAreaFloorAndTheDelegateTintsIt() throws {
        let outcome = runCrateDrop()
        let vc = outcome.controller
        #expect(outcome.fall.run.paused)
        #expect(vc.view.safeAreaInsets == catalogSafeArea)
        #expect(abs(vc.crate.center.y - 494) <= 0.5, "crate at \(vc.crate.center)")
        #expect(abs(vc.crate.center.x - 160) <= 0.5)
        // Darker in the air, lighter while touching the floor (began without ended).
        #expect(outcome.tintInTheAir == UIColor.darkGray)
        #expect(vc.crate.tintColor == UIColor.lightGray)
        #expect(vc.crate.renderedTintColor == UIColor.lightGray, "a template image draws in the tint")
        #expect(vc.crate.image?.renderingMode == .alwaysTemplate)
        #expect(vc.crate.image?.name == "Crate")
        #expect(vc.crate.bounds.size == CGSize(width: 80, height: 80), "init(image:) sizes the view to the image")
        // Elasticity 0.3: it bounces, and the label counts every landing.
        #expect(vc.landings >= 1)
        #expect(vc.landingsLabel.text == (vc.landings == 1 ? "1 landing" : "\(vc.landings) landings"))
        // The label sits under the status bar, inside the margins, sized to its text (footnote: 13 pt).
        #expect(vc.landingsLabel.frame.origin == CGPoint(x: 8, y: 28))
        #expect(vc.landingsLabel.frame.height == UIFont.preferredFont(forTextStyle: .footnote).lineHeight)
    }

    /// A rigid rod from the anchor to the point 14 pt right of and below the center: at
    /// rest that point hangs straight under the anchor, at the rod's length L = √(14² + 124²)
    /// = 124.8 pt, and the center √(14² + 14²) = 19.8 pt under it, the lantern turned by −3π/4.
    @Test func lanternHangsUnderItsAnchorAndFollowsThePan() throws {
        let outcome = runLantern()
        let vc = outcome.controller
        let L = (14.0 * 14 + 124 * 124).squareRoot(), r = (14.0 * 14 + 14 * 14).squareRoot()
        #expect(abs(vc.rod.length - L) < 1e-9)
        let anchors = [CGPoint(x: 160, y: 150)] + lanternPans
        #expect(outcome.phases.count == anchors.count)
        for (phase, anchor) in zip(outcome.phases, anchors) {
            #expect(phase.run.paused, "\(phase.title)")
            let item = try #require(phase.items.first)
            #expect(abs(item.center.x - anchor.x) <= 1, "\(phase.title): lantern at \(item.center)")
            #expect(abs(item.center.y - (anchor.y + L + r)) <= 1, "\(phase.title): lantern at \(item.center)")
            #expect(abs(item.angle + 3 * .pi / 4) <= 0.02, "\(phase.title): angle \(item.angle)")
        }
        // The pan moved the anchor and its marker.
        #expect(vc.rod.anchorPoint == lanternPans.last)
        #expect(vc.anchorMarker.center == lanternPans.last)
        // The backdrop's layout pass stretched the rod view from marker to marker.
        let backdrop = try #require(vc.view as? RodBackdropView)
        let markerInView = vc.lantern.convert(vc.lanternMarker.center, to: vc.view)
        #expect(abs(hypot(markerInView.x - vc.rod.anchorPoint.x, markerInView.y - vc.rod.anchorPoint.y) - L) <= 1)
        #expect(abs(backdrop.rod.bounds.height - L) <= 1, "rod view \(backdrop.rod.bounds.height) pt long")
        #expect(vc.anchorMarker.renderedTintColor == UIColor.red)
        #expect(vc.lanternMarker.renderedTintColor == UIColor.blue)
        #expect(vc.lanternMarker.bounds.size == CGSize(width: 17, height: 17), "a symbol's default size")
    }

    /// An instantaneous push of magnitude 1 on a 50 × 50 puck (mass 0.25) changes its
    /// velocity by 100 · 1 / 0.25 = 400 pt/s; one frame of resistance 0.5 (two steps of
    /// 1/120 s) leaves 400 / (1 + 0.5/120)² = 396.7 pt/s.
    @Test func kickGivesTheImpulsesVelocityAndTheSnapHoldsThePuck() throws {
        let outcome = runKickAndSnap()
        let vc = outcome.controller
        let expected: CGFloat = 400 / ((1 + 0.5 / 120) * (1 + 0.5 / 120))
        #expect(abs(outcome.velocityAfterKick.x - expected) <= 0.5, "velocity \(outcome.velocityAfterKick)")
        #expect(abs(outcome.velocityAfterKick.y) <= 0.01)
        #expect(outcome.phases.count == 2)
        #expect(outcome.phases.allSatisfy { $0.run.paused })
        // Snapped: on the point, upright (rotation is off for the puck).
        #expect(hypot(vc.puck.center.x - kickSnapTap.x, vc.puck.center.y - kickSnapTap.y) <= 0.5, "puck at \(vc.puck.center)")
        #expect(vc.puck.transform == .identity)
        // The arrow was drawn 100 pt long for magnitude 1, then faded at once (headless).
        #expect(vc.arrow.bounds.width == 100)
        #expect(vc.arrow.alpha == 0 && vc.arrow.isHidden)
        #expect(vc.arrow.renderedTintColor == UIColor.red)
        // The system button takes the root view's tint for its title and symbol.
        #expect(vc.kickButton.currentTitle == "Kick")
        #expect(vc.kickButton.currentTitleColor == UIColor.systemOrange)
        #expect(vc.kickButton.imageView?.renderedTintColor == UIColor.systemOrange)
        #expect(vc.puck.layer.cornerRadius == 25)
    }

    /// The push gives the size item (mass 100 · 40 / 10⁴ = 0.4) 100 · 2 / 0.4 = 500 pt/s along
    /// the diagonal, v₀ = 353.6 pt/s per axis, against a 2 Hz spring with damping ratio 0.3:
    /// the peak of v₀/ω_d · e^(−ζωt) · sin(ω_d t) is 18.9 pt past the resting size.
    @Test func buttonSwellsByTheSpringsPeakAndSettlesBack() throws {
        let outcome = runSpringyButton()
        let omega = 2 * Double.pi * 2, zeta = 0.3
        let wd = omega * (1 - zeta * zeta).squareRoot()
        let t = atan(wd / (zeta * omega)) / wd
        let v0 = 500 / 2.0.squareRoot()
        let peak = v0 / wd * exp(-zeta * omega * t) * sin(wd * t)
        #expect(abs(peak - 18.9) < 0.1)
        #expect(outcome.bounce.run.paused)
        #expect(abs(outcome.largest.width - (100 + peak)) <= 1.5, "peak width \(outcome.largest.width)")
        #expect(abs(outcome.largest.height - (40 + peak)) <= 1.5, "peak height \(outcome.largest.height)")
        let b = outcome.controller.button.bounds
        #expect(abs(b.width - 100) <= 0.5 && abs(b.height - 40) <= 0.5, "settled at \(b.size)")
        #expect(outcome.imageAlwaysFilled, "contentHorizontal/VerticalAlignment .fill: the image is the bounds")
        #expect(outcome.controller.button.center == CGPoint(x: 160, y: 270), "the center never moved")
    }
}
