import Dynamics
import DynamicsTestSupport
import Foundation
import Testing

/// The model's pointer, scripted gestures, tasks and release (docs/lua-api.md: "Sequencing",
/// "Scripted gestures"; docs/architecture.md for the Swift forms).
@Suite struct GestureTests {
    private func scene() -> (DynamicAnimator, DynamicView) {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 700))
        let pip = DynamicView(center: CGPoint(x: 100, y: 300), size: CGSize(width: 80, height: 120))
        let props = DynamicItemBehavior(items: [pip])
        props.resistance = 0
        props.allowsRotation = false
        animator.addBehavior(props)
        return (animator, pip)
    }

    @Test func swiftTasksWaitInSimulatedTime() {
        let (animator, pip) = scene()
        var times: [Double] = []
        var met: Bool?
        let task = animator.spawn { task in
            task.wait(0.25) {
                times.append(animator.elapsedTime)
                animator.setVelocity(CGPoint(x: 120, y: 0), for: pip)
                task.waitUntil(timeout: 2, { pip.center.x > 130.5 }) { ok in
                    met = ok
                    times.append(animator.elapsedTime)
                }
            }
        }
        for _ in 0..<120 { animator.step(1.0 / 60) }
        #expect(task.isDone && task.error == nil)
        #expect(met == true)
        #expect(times.count == 2)
        #expect(abs(times[0] - 0.25) < 1e-9)
        // 120 pt/s from 100: 130.5 is passed after the 31st step (131 pt).
        #expect(abs(times[1] - (0.25 + 31.0 / 120)) < 1e-9, "\(times)")
    }

    @Test func swiftTaskBadWaitFailsTheTaskAndChangesNothing() {
        let (animator, _) = scene()
        var reported: [DynamicsError] = []
        InvalidInput.uncaughtHandler = { reported.append($0) }
        defer { InvalidInput.uncaughtHandler = nil }
        let task = animator.spawn { task in task.wait(Double.nan) {} }
        #expect(task.isDone)
        #expect(task.error?.property == "wait(seconds)")
        #expect(reported.count == 1)
        #expect(!animator.isRunning || animator.runningTasks.isEmpty)
    }

    @Test func releaseProjectsPicksTheNearestCornerAndSettlesThere() throws {
        let (animator, pip) = scene()
        let corners = [CGPoint(x: 60, y: 80), CGPoint(x: 340, y: 80), CGPoint(x: 60, y: 620), CGPoint(x: 340, y: 620)]
        let release = ReleaseBehavior(item: pip, targets: corners)
        var settled: CGPoint?
        var settledAt = 0.0
        release.onSettled = { settled = $0; settledAt = animator.elapsedTime }
        animator.addBehavior(release)
        // A flick up and to the right: 150 pt right and 100 pt up in 0.2 s (750, −500 pt/s).
        animator.drag(DragGesture(item: pip, offset: CGVector(dx: 150, dy: -100), duration: 0.2))
        var releasedAt: CGPoint?
        for _ in 0..<(60 * 5) {
            animator.step(1.0 / 60)
            if releasedAt == nil, release.target != nil { releasedAt = pip.center }
        }
        // Projected: the center at the release + (750, −500)·0.998/0.002/1000: nearest (340, 80).
        let from = try #require(releasedAt)
        #expect(release.projectedPoint.map { abs($0.x - (from.x + 374.25)) < 1 && abs($0.y - (from.y - 249.5)) < 1 } == true,
                "\(String(describing: release.projectedPoint)) from \(from)")
        #expect(release.target == CGPoint(x: 340, y: 80))
        #expect(settled == CGPoint(x: 340, y: 80))
        #expect(abs(pip.center.x - 340) < 0.5 && abs(pip.center.y - 80) < 0.5, "\(pip.center)")
        #expect(settledAt > 0.3 && settledAt < 4, "settled at \(settledAt)")
        #expect(!animator.isRunning)
    }

    @Test func releaseKeepsTheFlingVelocity() {
        let (animator, pip) = scene()
        let release = ReleaseBehavior(item: pip, targets: [CGPoint(x: 100, y: 600)])
        animator.addBehavior(release)
        animator.drag(DragGesture(item: pip, offset: CGVector(dx: 0, dy: 100), duration: 0.25))
        var speeds: [CGFloat] = []
        for _ in 0..<40 {
            animator.step(1.0 / 60)
            speeds.append(animator.linearVelocity(of: pip)?.y ?? 0)
        }
        // 400 pt/s at the release (after 0.25 s = 15 frames): the spring starts from it.
        #expect(speeds[15] > 380, "\(speeds[14...17])")
    }

    @Test func grabbingAgainRemovesTheSpring() {
        let (animator, pip) = scene()
        let release = ReleaseBehavior(item: pip, targets: [CGPoint(x: 340, y: 620)])
        animator.addBehavior(release)
        animator.drag(DragGesture(item: pip, offset: CGVector(dx: 10, dy: 10), duration: 0.1))
        for _ in 0..<12 { animator.step(1.0 / 60) }
        #expect(release.target != nil && release.isSpringing)
        animator.pointer.send(.began, at: pip.center)
        #expect(!release.isSpringing)
        #expect(animator.pointer.draggedItem === pip)
    }

    @Test func personCancelsScriptedGesturesAndTheDragEnds() {
        let (animator, pip) = scene()
        var phases: [String] = []
        animator.pointer.handler = { phases.append("\($0.phase.rawValue)\($0.isScripted ? "*" : "")"); return false }
        let g = animator.drag(DragGesture(item: pip, offset: CGVector(dx: 200, dy: 0), duration: 1))
        for _ in 0..<10 { animator.step(1.0 / 60) }
        #expect(animator.pointer.draggedItem === pip)
        animator.pointer.send(.began, at: CGPoint(x: 390, y: 690))
        #expect(g.isCancelled)
        #expect(phases.suffix(2) == ["cancelled*", "began"])
        #expect(animator.pointer.draggedItem == nil)
    }

    @Test func badGesturesAreReportedAndNothingPlays() {
        let (animator, pip) = scene()
        var reported: [DynamicsError] = []
        InvalidInput.uncaughtHandler = { reported.append($0) }
        defer { InvalidInput.uncaughtHandler = nil }
        let cases: [DragGesture] = [
            DragGesture(offset: CGVector(dx: 1, dy: 0)),                                  // no start
            DragGesture(start: .zero, item: pip, offset: CGVector(dx: 1, dy: 0)),         // both
            DragGesture(item: pip),                                                       // no end
            DragGesture(item: pip, offset: CGVector(dx: CGFloat.nan, dy: 0)),
            DragGesture(item: pip, offset: CGVector(dx: 1, dy: 0), duration: -1),
            DragGesture(item: pip, offset: CGVector(dx: 1, dy: 0), time: .infinity),
            DragGesture(start: CGPoint(x: 1e300, y: 0), offset: CGVector(dx: 1, dy: 0)),
        ]
        for g in cases {
            let task = animator.drag(g)
            #expect(task.isDone && task.error != nil)
        }
        #expect(reported.count == cases.count, "\(reported)")
        #expect(animator.runningTasks.isEmpty)
    }
}
