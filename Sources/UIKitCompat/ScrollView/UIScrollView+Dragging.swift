import Foundation
import Dynamics

// Dragging, rubber-banding, deceleration and animated offsets.
//
// A drag: the offset follows the finger (the offset at the start minus the finger's
// translation, on the axes the view scrolls along). Past an edge, with `bounces`, the
// content lags the finger as UIKit's rubber band does: pulled x points past the edge it moves
// (1 − 1/(x·0.55/d + 1))·d, d the view's size along the pull (`Gesture.rubberBand`); without
// `bounces` it stops at the edge.
//
// A release: the finger's velocity v (pt/s) becomes the offset's (−v), and the offset would
// come to rest v/1000 · r/(1 − r) points further on (`Gesture.project`, r the
// `decelerationRate`). That target is brought within the offset range (paging rounds it to
// a page), a collection view's layout may move it (`targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`),
// then the delegate may (`scrollViewWillEndDragging`). The offset then moves as
// start + D·(1 − r^(1000·t)) for t seconds after the release (D the distance to the target):
// each millisecond covers the fraction 1 − r of the way left, which is UIKit's deceleration
// (its speed at the release is v·r·ln(1/r)/(1 − r), within 0.1 % of v at 0.998). An axis
// released past an edge springs back the same way at the `.fast` rate. Motion ends when less
// than 0.01 pt is left on both axes.
//
// Differences from a device: a flick toward an edge stops on it instead of overshooting
// and springing back; the drag starts at the pan's `.began` (no 10-point slop).

/// What moves a scroll view besides code.
struct ScrollMotion {
    enum Phase { case idle, dragging, decelerating, animating }
    var phase: Phase = .idle
    /// The unbounded offset at the start of the drag (the offset it would have without the rubber band).
    var dragStart: CGPoint = .zero
    /// Deceleration and animation: where the motion started and the way to go (points).
    var start: CGPoint = .zero
    var distance: CGPoint = .zero
    /// Deceleration: the fraction of the way left kept per millisecond, per axis.
    var rate = CGPoint(x: 0.998, y: 0.998)
    /// Seconds since the motion started.
    var elapsed: TimeInterval = 0
    /// An animation's length (seconds).
    var duration: TimeInterval = 0
}

extension UIScrollView {
    /// The rubber band's constant (UIKit's 0.55).
    static let rubberBandConstant: CGFloat = 0.55
    /// How long `setContentOffset(_:animated: true)` takes (seconds).
    public static let scrollAnimationDuration: TimeInterval = 0.3

    // MARK: Drag

    func handlePan(_ pan: UIPanGestureRecognizer) {
        guard isScrollEnabled else { return }
        switch pan.state {
        case .began:
            if motion.phase == .decelerating || motion.phase == .animating { isDecelerating = false }
            motion = ScrollMotion()
            motion.phase = .dragging
            motion.dragStart = unbandedOffset(contentOffset)
            isTracking = true
            isDragging = true
            delegate?.scrollViewWillBeginDragging(self)
        case .changed:
            guard motion.phase == .dragging else { return }
            contentOffset = draggedOffset(translation: pan.translation(in: self))
        case .ended, .cancelled, .failed:
            guard motion.phase == .dragging else { return }
            if pan.state == .ended { contentOffset = draggedOffset(translation: pan.translation(in: self)) }
            let v = pan.state == .ended ? pan.velocity(in: self) : .zero
            release(fingerVelocity: v)
        case .possible:
            break
        }
    }

    /// The offset for a finger `translation` from where the drag began (see the file's notes).
    private func draggedOffset(translation t: CGPoint) -> CGPoint {
        var raw = contentOffset
        if scrollsHorizontally(contentInset: adjustedContentInset) { raw.x = motion.dragStart.x - t.x }
        if scrollsVertically(contentInset: adjustedContentInset) { raw.y = motion.dragStart.y - t.y }
        let lo = minimumContentOffset, hi = maximumContentOffset
        return CGPoint(x: banded(raw.x, lo.x, hi.x, bounds.width), y: banded(raw.y, lo.y, hi.y, bounds.height))
    }

    /// `raw` within lo…hi, or past them by the rubber band (or not at all without `bounces`).
    private func banded(_ raw: CGFloat, _ lo: CGFloat, _ hi: CGFloat, _ dimension: CGFloat) -> CGFloat {
        if raw >= lo && raw <= hi { return raw }
        let edge = raw < lo ? lo : hi
        guard bounces, dimension > 0 else { return edge }
        return edge + Gesture.rubberBand(raw - edge, dimension: dimension, constant: UIScrollView.rubberBandConstant)
    }

    /// The unbounded offset that the rubber band shows as `offset` (its inverse), so a drag
    /// that starts on content pulled past an edge continues from where it shows.
    private func unbandedOffset(_ offset: CGPoint) -> CGPoint {
        let lo = minimumContentOffset, hi = maximumContentOffset
        func raw(_ v: CGFloat, _ lo: CGFloat, _ hi: CGFloat, _ d: CGFloat) -> CGFloat {
            guard bounces, d > 0, v < lo || v > hi else { return v }
            let edge = v < lo ? lo : hi
            let y = min(abs(v - edge), d * 0.999) // the band never reaches d
            let x = d * y / (UIScrollView.rubberBandConstant * (d - y))
            return edge + (v < lo ? -x : x)
        }
        return CGPoint(x: raw(offset.x, lo.x, hi.x, bounds.width), y: raw(offset.y, lo.y, hi.y, bounds.height))
    }

    // MARK: Release

    /// The finger lifted with `fingerVelocity` (pt/s, view coordinates).
    private func release(fingerVelocity: CGPoint) {
        isTracking = false
        let inset = adjustedContentInset
        let h = scrollsHorizontally(contentInset: inset), vAxis = scrollsVertically(contentInset: inset)
        // The offset's velocity (pt/s): against the finger, on the axes that scroll.
        let velocity = CGPoint(x: h && fingerVelocity.x.isFinite ? -fingerVelocity.x : 0,
                               y: vAxis && fingerVelocity.y.isFinite ? -fingerVelocity.y : 0)
        let offset = contentOffset
        let projected = Gesture.project(velocity, decelerationRate: decelerationRate)
        var target = CGPoint(x: offset.x + projected.x, y: offset.y + projected.y)
        if isPagingEnabled { target = pageTarget(from: offset, velocity: velocity) }
        target = clampedOffset(target)
        let perMillisecond = CGPoint(x: velocity.x / 1000, y: velocity.y / 1000)
        target = clampedOffset(adjustTargetContentOffset(target, velocity: perMillisecond))
        withUnsafeMutablePointer(to: &target) { p in
            delegate?.scrollViewWillEndDragging(self, withVelocity: perMillisecond, targetContentOffset: p)
        }
        if !UIKitInput.point(target, "\(type(of: self))", "scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)") {
            target = clampedOffset(offset)
        }
        isDragging = false
        let decelerate = abs(target.x - offset.x) >= 0.01 || abs(target.y - offset.y) >= 0.01
        delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerate)
        guard decelerate else { motion = ScrollMotion(); return }

        let lo = minimumContentOffset, hi = maximumContentOffset
        func rate(_ v: CGFloat, _ lo: CGFloat, _ hi: CGFloat) -> CGFloat {
            v < lo || v > hi ? DecelerationRate.fast.rawValue : decelerationRate.rawValue
        }
        motion = ScrollMotion()
        motion.phase = .decelerating
        motion.start = offset
        motion.distance = CGPoint(x: target.x - offset.x, y: target.y - offset.y)
        motion.rate = CGPoint(x: rate(offset.x, lo.x, hi.x), y: rate(offset.y, lo.y, hi.y))
        isDecelerating = true
        delegate?.scrollViewWillBeginDecelerating(self)
        MainLoop.current.addMoving(self)
    }

    /// Paging: the page the flick goes to: the next or previous page from where the drag
    /// began when the release is faster than 20 pt/s that way, else the nearest page.
    private func pageTarget(from offset: CGPoint, velocity: CGPoint) -> CGPoint {
        func page(_ o: CGFloat, _ v: CGFloat, _ start: CGFloat, _ size: CGFloat) -> CGFloat {
            guard size > 0 else { return o }
            let startPage = (start / size).rounded()
            if v > 20 { return (startPage + 1) * size }
            if v < -20 { return (startPage - 1) * size }
            return (o / size).rounded() * size
        }
        return CGPoint(x: page(offset.x, velocity.x, motion.dragStart.x, bounds.width),
                       y: page(offset.y, velocity.y, motion.dragStart.y, bounds.height))
    }

    // MARK: Animated offsets

    /// `setContentOffset(_:animated:)`.
    func moveContentOffset(to contentOffset: CGPoint, animated: Bool) {
        guard UIKitInput.point(contentOffset, "\(type(of: self))", "setContentOffset(_:animated:)") else { return }
        guard animated else {
            if motion.phase != .dragging { motion = ScrollMotion() }
            self.contentOffset = contentOffset
            return
        }
        motion = ScrollMotion()
        motion.phase = .animating
        motion.start = self.contentOffset
        motion.distance = CGPoint(x: contentOffset.x - motion.start.x, y: contentOffset.y - motion.start.y)
        motion.duration = UIScrollView.scrollAnimationDuration
        MainLoop.current.addMoving(self)
    }

    /// One frame of deceleration or animation; false once it ended.
    func stepMotion(_ dt: TimeInterval) -> Bool {
        switch motion.phase {
        case .idle, .dragging:
            return false
        case .decelerating:
            motion.elapsed += dt
            let ms = motion.elapsed * 1000
            let left = CGPoint(x: motion.distance.x * pow(motion.rate.x, ms), y: motion.distance.y * pow(motion.rate.y, ms))
            if abs(left.x) < 0.01 && abs(left.y) < 0.01 {
                contentOffset = CGPoint(x: motion.start.x + motion.distance.x, y: motion.start.y + motion.distance.y)
                motion = ScrollMotion()
                isDecelerating = false
                delegate?.scrollViewDidEndDecelerating(self)
                return false
            }
            contentOffset = CGPoint(x: motion.start.x + motion.distance.x - left.x, y: motion.start.y + motion.distance.y - left.y)
            return true
        case .animating:
            motion.elapsed += dt
            let s = min(1, motion.elapsed / motion.duration)
            let eased = s * s * (3 - 2 * s)
            contentOffset = CGPoint(x: motion.start.x + motion.distance.x * eased, y: motion.start.y + motion.distance.y * eased)
            guard s >= 1 else { return true }
            motion = ScrollMotion()
            delegate?.scrollViewDidEndScrollingAnimation(self)
            return false
        }
    }
}
