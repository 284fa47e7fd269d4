import Foundation
import Testing
import UIKitCompat

/// Records a scroll view delegate's calls.
final class ScrollRecorder: NSObject, UIScrollViewDelegate {
    var events: [String] = []
    var endVelocity: CGPoint?
    var proposedTarget: CGPoint?
    /// Where to send the content instead of the proposal, if set.
    var redirect: CGPoint?

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        if events.last != "scroll" { events.append("scroll") }
    }
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { events.append("willBeginDragging") }
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        events.append("willEndDragging")
        endVelocity = velocity
        proposedTarget = targetContentOffset.pointee
        if let redirect { targetContentOffset.pointee = redirect }
    }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        events.append("didEndDragging(\(decelerate))")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { events.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { events.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { events.append("didEndScrollingAnimation") }
}

/// A 320 × 480 scroll view over 320 × 2000 points of content, in a root view (pans are
/// simulated in the root's coordinates, where the finger is).
func makeScrollView() -> (root: UIView, scroll: UIScrollView, recorder: ScrollRecorder) {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    let scroll = UIScrollView(frame: root.bounds)
    scroll.contentSize = CGSize(width: 320, height: 2000)
    root.addSubview(scroll)
    let recorder = ScrollRecorder()
    scroll.delegate = recorder
    return (root, scroll, recorder)
}

/// UIKit's rubber band: (1 − 1/(x·0.55/d + 1))·d.
func band(_ x: CGFloat, _ d: CGFloat) -> CGFloat { (1 - 1 / (x * 0.55 / d + 1)) * d }

@Suite struct ScrollViewTests {
    @Test func theOffsetIsTheBoundsOriginAndItsRangeFollowsTheInsets() {
        let (_, scroll, recorder) = makeScrollView()
        scroll.contentOffset = CGPoint(x: 0, y: 120)
        #expect(scroll.bounds.origin == CGPoint(x: 0, y: 120) && recorder.events == ["scroll"])
        let child = UIView(frame: CGRect(x: 0, y: 200, width: 10, height: 10))
        scroll.addSubview(child)
        #expect(child.convert(CGPoint.zero, to: nil) == CGPoint(x: 0, y: 80), "content moves up by the offset")
        scroll.contentInset = UIEdgeInsets(top: 20, left: 0, bottom: 30, right: 0)
        #expect(scroll.adjustedContentInset == scroll.contentInset)
        #expect(scroll.minimumContentOffset == CGPoint(x: 0, y: -20))
        #expect(scroll.maximumContentOffset == CGPoint(x: 0, y: 2000 + 30 - 480))
        #expect(reported { scroll.contentOffset = CGPoint(x: CGFloat.nan, y: 0) }?.property == "contentOffset")
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 120))
    }

    @Test func aDragMovesTheContentWithTheFinger() {
        let (root, scroll, recorder) = makeScrollView()
        let pan = scroll.panGestureRecognizer
        pan.simulate(.began, at: CGPoint(x: 160, y: 300), in: root)
        #expect(scroll.isDragging && scroll.isTracking)
        pan.simulate(.changed, at: CGPoint(x: 170, y: 200), in: root)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 100), "vertical only: the content is not wider than the view")
        pan.simulate(.changed, at: CGPoint(x: 160, y: 50), in: root)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 250))
        pan.simulate(.ended, at: CGPoint(x: 160, y: 50), in: root)
        #expect(!scroll.isDragging && !scroll.isTracking && !scroll.isDecelerating)
        #expect(recorder.events == ["willBeginDragging", "scroll", "willEndDragging", "didEndDragging(false)"])
    }

    @Test func pastAnEdgeTheContentRubberBands() {
        let (root, scroll, _) = makeScrollView()
        let pan = scroll.panGestureRecognizer
        pan.simulate(.began, at: CGPoint(x: 160, y: 100), in: root)
        pan.simulate(.changed, at: CGPoint(x: 160, y: 200), in: root) // 100 pt past the top
        #expect(abs(scroll.contentOffset.y - (-band(100, 480))) < 1e-9, "\(scroll.contentOffset.y)")
        #expect(abs(band(100, 480) - 49.35) < 0.01, "the content moved half as far as the finger")
        pan.simulate(.changed, at: CGPoint(x: 160, y: 1100), in: root) // 1000 pt past
        #expect(abs(scroll.contentOffset.y - (-band(1000, 480))) < 1e-9 && -scroll.contentOffset.y < 480)
        // Without bounces it stops at the edge.
        scroll.bounces = false
        pan.simulate(.changed, at: CGPoint(x: 160, y: 300), in: root)
        #expect(scroll.contentOffset.y == 0)
        // Past the bottom edge: the maximum offset is 2000 − 480 = 1520.
        scroll.bounces = true
        pan.simulate(.changed, at: CGPoint(x: 160, y: 100 - 1520 - 60), in: root)
        #expect(abs(scroll.contentOffset.y - (1520 + band(60, 480))) < 1e-9)
    }

    @Test func aReleaseDeceleratesAtTheRateAsUIKitProjectsIt() {
        // A second of the normal rate, a quarter of the fast one (which is nearly done by then).
        for (rate, name, frames) in [(DecelerationRate.normal, "normal", 60), (DecelerationRate.fast, "fast", 15)] {
            let (root, scroll, recorder) = makeScrollView()
            scroll.decelerationRate = rate
            let pan = scroll.panGestureRecognizer
            pan.simulate(.began, at: CGPoint(x: 160, y: 400), in: root)
            pan.simulate(.changed, at: CGPoint(x: 160, y: 300), in: root)
            // The finger leaves upward at 1000 pt/s: the offset grows at 1 pt/ms.
            pan.simulate(.ended, at: CGPoint(x: 160, y: 300), velocity: CGPoint(x: 0, y: -1000), in: root)
            let r = rate.rawValue
            let distance = 1000 / 1000 * r / (1 - r) // 499 pt (normal), 99 pt (fast)
            #expect(recorder.endVelocity == CGPoint(x: 0, y: 1), "\(name)")
            #expect(abs(recorder.proposedTarget!.y - (100 + distance)) < 1e-9, "\(name)")
            #expect(scroll.isDecelerating && recorder.events.suffix(2) == ["didEndDragging(true)", "willBeginDecelerating"])
            // t seconds of frames later: start + D·(1 − r^(1000·t)).
            MainLoop.current.advance(frames: frames)
            let expected = 100 + distance * (1 - pow(r, CGFloat(frames) / 60 * 1000))
            #expect(abs(scroll.contentOffset.y - expected) < 1e-6, "\(name): \(scroll.contentOffset.y) vs \(expected)")
            MainLoop.current.advance(frames: 60 * 10)
            #expect(!scroll.isDecelerating && recorder.events.last == "didEndDecelerating", "\(name)")
            #expect(abs(scroll.contentOffset.y - (100 + distance)) < 0.01, "\(name): rests at \(scroll.contentOffset.y)")
        }
    }

    @Test func aReleasePastAnEdgeSpringsBack() {
        let (root, scroll, recorder) = makeScrollView()
        let pan = scroll.panGestureRecognizer
        pan.simulate(.began, at: CGPoint(x: 160, y: 100), in: root)
        pan.simulate(.changed, at: CGPoint(x: 160, y: 200), in: root)
        let pulled = scroll.contentOffset.y
        pan.simulate(.ended, at: CGPoint(x: 160, y: 200), in: root)
        #expect(recorder.events.contains("didEndDragging(true)"))
        // Back toward 0 at the fast rate: after 0.1 s, 0.99^100 of the way is left.
        MainLoop.current.advance(frames: 6)
        #expect(abs(scroll.contentOffset.y - pulled * pow(0.99, 100)) < 1e-6)
        MainLoop.current.advance(frames: 120)
        #expect(scroll.contentOffset.y == 0 && !scroll.isDecelerating)
    }

    @Test func aFlickTowardAnEdgeStopsOnItAndTheDelegateMayRedirectIt() {
        let (root, scroll, recorder) = makeScrollView()
        let pan = scroll.panGestureRecognizer
        pan.simulate(.began, at: CGPoint(x: 160, y: 400), in: root)
        pan.simulate(.changed, at: CGPoint(x: 160, y: 300), in: root)
        pan.simulate(.ended, at: CGPoint(x: 160, y: 300), velocity: CGPoint(x: 0, y: -20_000), in: root)
        #expect(recorder.proposedTarget == CGPoint(x: 0, y: 1520), "9980 pt of flick, held at the end of the content")
        MainLoop.current.advance(frames: 600)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 1520))

        recorder.redirect = CGPoint(x: 0, y: 700)
        pan.simulate(.began, at: CGPoint(x: 160, y: 100), in: root)
        pan.simulate(.changed, at: CGPoint(x: 160, y: 200), in: root)
        pan.simulate(.ended, at: CGPoint(x: 160, y: 200), velocity: CGPoint(x: 0, y: 500), in: root)
        MainLoop.current.advance(frames: 600)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 700))
    }

    @Test func aFingerCatchesDeceleratingContent() {
        let (root, scroll, _) = makeScrollView()
        let pan = scroll.panGestureRecognizer
        pan.simulate(.began, at: CGPoint(x: 160, y: 400), in: root)
        pan.simulate(.ended, at: CGPoint(x: 160, y: 400), velocity: CGPoint(x: 0, y: -1000), in: root)
        MainLoop.current.advance(frames: 10)
        let caught = scroll.contentOffset
        pan.simulate(.began, at: CGPoint(x: 160, y: 400), in: root)
        #expect(!scroll.isDecelerating && scroll.isDragging)
        MainLoop.current.advance(frames: 10)
        #expect(scroll.contentOffset == caught)
        pan.simulate(.ended, at: CGPoint(x: 160, y: 400), in: root)
    }

    @Test func pagingGoesOnePageAFlick() {
        let (root, scroll, _) = makeScrollView()
        scroll.isPagingEnabled = true
        let pan = scroll.panGestureRecognizer
        pan.simulate(.began, at: CGPoint(x: 160, y: 400), in: root)
        pan.simulate(.changed, at: CGPoint(x: 160, y: 350), in: root)
        pan.simulate(.ended, at: CGPoint(x: 160, y: 350), velocity: CGPoint(x: 0, y: -5000), in: root)
        MainLoop.current.advance(frames: 600)
        #expect(scroll.contentOffset.y == 480, "one page, not the 2495 pt the flick would go")
        pan.simulate(.began, at: CGPoint(x: 160, y: 400), in: root)
        pan.simulate(.changed, at: CGPoint(x: 160, y: 200), in: root)
        pan.simulate(.ended, at: CGPoint(x: 160, y: 200), in: root)
        MainLoop.current.advance(frames: 600)
        #expect(scroll.contentOffset.y == 480, "a slow release goes to the nearest page (680 → 480)")
    }

    @Test func setContentOffsetAnimatedEasesOverAThirdOfASecond() {
        let (_, scroll, recorder) = makeScrollView()
        scroll.setContentOffset(CGPoint(x: 0, y: 300), animated: true)
        #expect(scroll.contentOffset.y == 0)
        MainLoop.current.advance(frames: 9) // 0.15 s: halfway through the ease
        #expect(abs(scroll.contentOffset.y - 150) < 1e-9)
        MainLoop.current.advance(frames: 9)
        #expect(scroll.contentOffset.y == 300 && recorder.events.last == "didEndScrollingAnimation")
        scroll.setContentOffset(CGPoint(x: 0, y: 10), animated: false)
        #expect(scroll.contentOffset.y == 10)
        #expect(reported { scroll.setContentOffset(CGPoint(x: 0, y: CGFloat.infinity), animated: true) }?.property == "setContentOffset(_:animated:)")
    }
}
