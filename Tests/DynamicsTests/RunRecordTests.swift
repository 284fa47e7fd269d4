import Dynamics
import DynamicsTestSupport
import Foundation
import Testing

@Suite("Run records")
struct RunRecordTests {
    /// An item moving at `velocity` (pt/s) with nothing acting on it (resistance 0).
    func coasting(from center: CGPoint = .zero, velocity: CGPoint, size: CGSize = CGSize(width: 10, height: 10),
                  shape: DynamicItemCollisionBoundsType = .rectangle, name: String = "puck") -> (DynamicAnimator, DynamicView) {
        let animator = DynamicAnimator()
        let item = DynamicView(center: center, size: size, collisionBoundsType: shape, name: name)
        let props = DynamicItemBehavior(items: [item])
        props.resistance = 0
        props.angularResistance = 0
        animator.addBehavior(props)
        animator.step(0)
        animator.setVelocity(velocity, for: item)
        return (animator, item)
    }

    /// Steps `frames` frames of 1/60 s, capturing each.
    func record(_ animator: DynamicAnimator, frames: Int) -> RunRecord {
        let record = RunRecord(animator: animator)
        for _ in 0..<frames { animator.step(1.0 / 60); record.capture() }
        return record
    }

    @Test("A record keeps every frame as the item was, bit for bit, from the state before the first step")
    func framesAreTheItems() throws {
        let (a, item) = coasting(velocity: CGPoint(x: 0, y: 0))
        let gravity = GravityBehavior(items: [item])
        a.addBehavior(gravity)
        let (b, twin) = coasting(velocity: CGPoint(x: 0, y: 0))
        b.addBehavior(GravityBehavior(items: [twin]))
        let record = record(a, frames: 60)
        #expect(record.frameCount == 61)
        #expect(record.times.first == 0 && abs(record.times.last! - 1) < 1e-9)
        let track = try #require(record.track(of: item))
        #expect(track.frames == 0..<61)
        #expect(track.first.center == .zero)
        for f in 1...60 {
            b.step(1.0 / 60)
            let s = track.state(frame: f)
            #expect(s.time == b.elapsedTime)
            #expect(s.center == twin.center, "frame \(f)")
            #expect(s.velocity == b.linearVelocity(of: twin)!, "frame \(f)")
        }
        // Free fall with resistance 0: 500 pt and 1000 pt/s in 1 s (±1 %, FreeFallTests).
        #expect(abs(Double(track.last.center.y) - 500) <= 5)
        let fastest = track.maximum(.speed)
        #expect(fastest.frame == 60 && abs(fastest.value - 1000) <= 10)
        #expect(track.minimum(.y) == (0, 0))
    }

    @Test("at(t) interpolates linearly between frames, holds the ends within a nanosecond, and is nil outside")
    func interpolation() throws {
        let (a, item) = coasting(velocity: CGPoint(x: 120, y: -30))
        let track = try #require(record(a, frames: 60).track(of: item))
        let s = try #require(track.at(0.25 + 1.0 / 120))
        let p = track.state(frame: 15), q = track.state(frame: 16)
        #expect(abs(Double(s.center.x - (p.center.x + q.center.x) / 2)) < 1e-9)
        #expect(abs(Double(s.center.x) - 120 * (0.25 + 1.0 / 120)) < 1e-6)     // constant velocity
        #expect(abs(Double(s.center.y) + 30 * (0.25 + 1.0 / 120)) < 1e-6)
        #expect(track.at(1) == track.last)                 // the run ends at 0.9999999999999999
        #expect(track.at(-1e-10) == track.first)
        #expect(track.at(1.001) == nil && track.at(-0.01) == nil && track.at(.nan) == nil)
    }

    @Test("Angles are unwrapped: a spinning item's angle grows past π, frame after frame")
    func unwrappedAngles() throws {
        let (a, item) = coasting(velocity: .zero, size: CGSize(width: 40, height: 10))
        a.setVelocity(.zero, angularVelocity: 20, for: item)
        let track = try #require(record(a, frames: 60).track(of: item))
        for f in 1...60 {
            let step = track.state(frame: f).angle - track.state(frame: f - 1).angle
            #expect(abs(step - 20.0 / 60) < 0.01, "frame \(f): \(step)")
        }
        #expect(abs(track.last.angle - 20) < 0.2)          // three turns and a fifth
        let turns = (track.last.angle - Double(item.angle)) / (2 * .pi)
        #expect(abs(turns - turns.rounded()) < 1e-9)
    }

    @Test("restedAt: from the frame the animator paused for good; nil once it runs again")
    func restedAt() {
        let animator = DynamicAnimator()
        let item = DynamicView(center: .zero, size: CGSize(width: 10, height: 10))
        let props = DynamicItemBehavior(items: [item])
        props.resistance = 10
        animator.addBehavior(props)
        let record = RunRecord(animator: animator)
        #expect(record.restedAt == nil)                    // a new scene runs
        for _ in 0..<600 { animator.step(1.0 / 60); record.capture() }
        // An item with nothing moving it rests at once; the clock stands after that.
        #expect(record.restedAt != nil)
        #expect(record.restedAt == animator.elapsedTime && record.restedAt == record.times.last)
        props.addLinearVelocity(CGPoint(x: 100, y: 0), for: item)
        animator.step(1.0 / 60); record.capture()
        #expect(record.restedAt == nil)
    }

    @Test("Items that join later start their tracks there; items that leave stay where they are, at rest")
    func joiningAndLeaving() throws {
        let (a, item) = coasting(velocity: CGPoint(x: 60, y: 0))
        let late = DynamicView(center: CGPoint(x: 500, y: 0), size: CGSize(width: 10, height: 10), name: "late")
        let record = RunRecord(animator: a)
        for f in 1...30 {
            if f == 11 { a.addBehavior(GravityBehavior(items: [late])) }
            if f == 21 { a.removeBehavior(a.behaviors[0]) }   // the puck's: it leaves the world
            a.step(1.0 / 60); record.capture()
        }
        #expect(record.names == ["puck", "late"])
        let lateTrack = try #require(record.track(of: late))
        #expect(lateTrack.frames == 11..<31)
        // It joined in frame 11's update and fell for that frame.
        #expect(lateTrack.first.center.x == 500 && lateTrack.first.center.y > 0 && lateTrack.first.center.y < 1)
        let puck = try #require(record.track(of: item))
        let left = puck.state(frame: 20)
        for f in 21...30 {
            let s = puck.state(frame: f)
            #expect(s.center == item.center && s.velocity == .zero, "frame \(f)")
        }
        #expect(left.velocity.x > 59)
    }

    @Test("The byte bound ends the record early; the first frame is always kept")
    func truncation() {
        let (a, _) = coasting(velocity: CGPoint(x: 10, y: 0))
        let record = RunRecord(animator: a, maximumBytes: 1)
        #expect(record.frameCount == 1 && !record.isTruncated)
        a.step(1.0 / 60); record.capture()
        #expect(record.frameCount == 1 && record.isTruncated)
        let (b, _) = coasting(velocity: CGPoint(x: 10, y: 0))
        let bounded = RunRecord(animator: b, maximumBytes: 10 * 1024)
        for _ in 0..<300 { b.step(1.0 / 60); bounded.capture() }
        // 16 bytes a frame and 48 for its item: 10 KiB hold about 160 frames.
        #expect(bounded.isTruncated && (150..<165).contains(bounded.frameCount) && bounded.estimatedBytes <= 10 * 1024, "\(bounded.frameCount)")
        // An item that joins with a frame that is dropped leaves the record with it.
        let (c, _) = coasting(velocity: CGPoint(x: 10, y: 0))
        let joined = RunRecord(animator: c)
        for _ in 0..<10 { c.step(1.0 / 60); joined.capture() }
        joined.maximumBytes = joined.estimatedBytes + 16 + 48      // one more frame of one item
        c.addBehavior(GravityBehavior(items: [DynamicView(center: .zero, size: CGSize(width: 1, height: 1))]))
        c.step(1.0 / 60); joined.capture()
        #expect(joined.isTruncated && joined.frameCount == 11 && joined.items.count == 1 && joined.names == ["puck"])
    }

    @Test("Outlines: extents of turned rectangles, circles and paths; depths of overlap")
    func geometry() throws {
        let (a, square) = coasting(velocity: .zero, size: CGSize(width: 20, height: 20))
        square.transform = CGAffineTransform(rotationAngle: .pi / 4)
        a.updateItem(usingCurrentState: square)
        let ball = DynamicView(center: CGPoint(x: 30, y: 0), size: CGSize(width: 20, height: 20), collisionBoundsType: .ellipse, name: "ball")
        let ball2 = DynamicView(center: CGPoint(x: 45, y: 0), size: CGSize(width: 20, height: 20), collisionBoundsType: .ellipse, name: "ball2")
        a.addBehavior(DynamicItemBehavior(items: [ball, ball2]))
        let record = RunRecord(animator: a)
        let s = try #require(record.track(of: square)), b = try #require(record.track(of: ball)), b2 = try #require(record.track(of: ball2))
        let e = s.extent(frame: 0)
        let h = 10 * 2.0.squareRoot()
        #expect(abs(Double(e.minX) + h) < 1e-6 && abs(Double(e.maxY) - h) < 1e-6)
        #expect(abs(s.radius - h) < 1e-6 && abs(b.radius - 10) < 1e-9)
        #expect(b.extent(frame: 0) == CGRect(x: 20, y: -10, width: 20, height: 20))
        // Circles 15 apart with radii 10: 5 pt deep. The square's corner reaches x = 14.14,
        // the ball's left edge is at 20: 5.86 apart.
        #expect(abs(b.depth(frame: 0, with: b2) - 5) < 1e-9)
        #expect(abs(s.depth(frame: 0, with: b) - (h - 20)) < 1e-6)
        #expect(b.firstFrame(overlapping: b2) == 0 && s.firstFrame(overlapping: b) == nil)
        #expect(s.closestApproach(to: b)?.frame == 0)
    }

    @Test("Queries on a coasting item: leaving, clearing, passing a point, settling")
    func queries() throws {
        let (a, item) = coasting(velocity: CGPoint(x: 100, y: 0))
        let track = try #require(record(a, frames: 60).track(of: item))
        // The 10 pt item reaches past x = 60 + 0.5 (the slack) when its center passes 55.5 pt.
        let leaving = try #require(track.firstFrame(leaving: CGRect(x: -10, y: -10, width: 70, height: 20)))
        #expect(leaving == 34)                               // x = 56.67 at t = 34/60 (55 at 33/60)
        // Wholly out of it when its left side reaches 60: x = 65, t = 0.65 (frame 39).
        #expect(track.firstFrame(clearOf: CGRect(x: -10, y: -10, width: 70, height: 20)) == 39)
        #expect(track.firstFrame(leaving: CGRect(x: -10, y: -10, width: 200, height: 20)) == nil)
        // Approaching (50, 0) from (0, 0): 50 pt past it at the end.
        let past = track.overshoot(past: CGPoint(x: 50, y: 0))
        #expect(abs(past.distance - 50) < 1e-6 && past.frame == 60)
        // Starting on a point, any distance counts: 100 pt from the start at the end.
        #expect(abs(track.overshoot(past: .zero).distance - 100) < 1e-6)
        #expect(track.lastFrame(fartherThan: 0.5, from: CGPoint(x: 100, y: 0)) == 59)
        #expect(track.lastFrame(fartherThan: 1000, from: .zero) == nil)
    }

    @Test("Names: a view's name or itemN by position; unique names number the repeats")
    func names() {
        let animator = DynamicAnimator()
        let items = [DynamicView(center: .zero, size: CGSize(width: 5, height: 5), name: "card"),
                     DynamicView(center: CGPoint(x: 10, y: 0), size: CGSize(width: 5, height: 5)),
                     DynamicView(center: CGPoint(x: 20, y: 0), size: CGSize(width: 5, height: 5), name: "card"),
                     DynamicView(center: CGPoint(x: 30, y: 0), size: CGSize(width: 5, height: 5), name: "card#2")]
        animator.addBehavior(GravityBehavior(items: items))
        let record = RunRecord(animator: animator)
        #expect(record.names == ["card", "item2", "card", "card#2"])
        #expect(record.uniqueNames == ["card", "item2", "card#3", "card#2"])
        if case .ambiguous(let n) = record.track(named: "card") { #expect(n == 2) } else { Issue.record("not ambiguous") }
        if case .found(let t) = record.track(named: "item2") { #expect(t.index == 1) } else { Issue.record("not found") }
        if case .missing = record.track(named: "x") {} else { Issue.record("found x") }
        #expect(record.description == "1 frame, 4 items, 0 … 0 s")
    }
}
