import DynamicsEngine
import Foundation

/// A scripted drag: a finger put down at `start` (or on an item's center), moved to its end
/// over `duration` along a straight line or a path, held, and lifted (`DynamicAnimator.drag`).
public struct DragGesture {
    /// How the finger leaves the screen.
    public enum Release: String, Sendable, CaseIterable {
        /// Lifted while moving: the `ended` event carries the finger's velocity.
        case fling
        /// Stopped first (held still for the velocity window), then lifted: no velocity.
        case stop
    }

    /// Where the finger goes down (points). With `item`, the item's center when it begins.
    public var start: CGPoint?
    public var item: DynamicItem?
    /// Where it ends: a point, or (with `offset`) the start moved by the offset.
    public var end: CGPoint?
    public var offset: CGVector?
    /// Points it passes through between start and end, in order (uniform speed along them).
    public var path: [CGPoint] = []
    /// Simulated time (`elapsedTime`) at which the finger goes down; nil: now. A time already
    /// past is now.
    public var time: TimeInterval?
    /// Seconds from down to the end point (0: one step).
    public var duration: TimeInterval = 0.25
    /// Seconds held still at the end before lifting.
    public var hold: TimeInterval = 0
    public var release: Release = .fling

    public init(start: CGPoint? = nil, item: DynamicItem? = nil, end: CGPoint? = nil, offset: CGVector? = nil,
                path: [CGPoint] = [], time: TimeInterval? = nil, duration: TimeInterval = 0.25,
                hold: TimeInterval = 0, release: Release = .fling) {
        self.start = start
        self.item = item
        self.end = end
        self.offset = offset
        self.path = path
        self.time = time
        self.duration = duration
        self.hold = hold
        self.release = release
    }

    /// Most points of a path.
    public static let maximumPathPoints = 10_000
}

extension DynamicAnimator {
    /// Plays a scripted drag on this animator's pointer, on the internal steps: `began` after
    /// the step in which its time falls, `moved` after every step while the finger moves or
    /// holds, and `ended` (with the finger's velocity for `.fling`) when it lifts: exactly the
    /// events a person's pointer produces, seen by the pointer's handler and default drag
    /// alike. Returns its task: cancel it to lift the finger at once (`cancelled`). A
    /// person's pointer cancels it too. Bad input is reported (`InvalidInput`) and nothing is
    /// played.
    @discardableResult
    public func drag(_ gesture: DragGesture) -> DynamicTask {
        do {
            return try beginDrag(gesture)
        } catch {
            let e = error as? DynamicsError ?? DynamicsError(owner: "DragGesture", property: "gesture", message: "\(error)")
            let task = DynamicTask()
            task.animator = self
            task.fail(e)
            InvalidInput.report(e)
            return task
        }
    }

    /// `drag(_:)` for hosts that report bad input themselves: throws it, and plays nothing.
    @discardableResult
    public func beginDrag(_ gesture: DragGesture) throws -> DynamicTask {
        try checkGesture(gesture)
        let task = DynamicTask()
        task.animator = self
        return play(gesture, in: task)
    }

    /// A tap at `point` at simulated time `time` (nil: now): `began`, then `ended` one
    /// internal step later, without velocity.
    @discardableResult
    public func tap(at point: CGPoint, time: TimeInterval? = nil) -> DynamicTask {
        drag(DragGesture(start: point, end: point, time: time, duration: 0, release: .stop))
    }

    /// Checks a gesture's numbers and points (the one validation layer). Throws before any
    /// change.
    private func checkGesture(_ g: DragGesture) throws {
        let owner = "DragGesture"
        guard (g.start == nil) != (g.item == nil) else {
            throw DynamicsError(owner: owner, property: "start", message: "give exactly one of a start point and an item")
        }
        guard !(g.end != nil && g.offset != nil) else {
            throw DynamicsError(owner: owner, property: "end", message: "give an end point or an offset, not both")
        }
        guard g.end != nil || g.offset != nil || !g.path.isEmpty else {
            throw DynamicsError(owner: owner, property: "end", message: "give an end point, an offset or a path")
        }
        if let s = g.start { try Validate.finite(s, owner, "start") }
        if let e = g.end { try Validate.finite(e, owner, "end") }
        if let o = g.offset { try Validate.finite(o, owner, "offset", max: Limits.coordinate) }
        guard g.path.count <= DragGesture.maximumPathPoints else {
            throw DynamicsError(owner: owner, property: "path", message: "at most \(DragGesture.maximumPathPoints) points, got \(g.path.count)")
        }
        for (i, p) in g.path.enumerated() { try Validate.finite(p, owner, "path[\(i + 1)]") }
        if let t = g.time { try Validate.nonNegative(t, owner, "time", max: DynamicAnimator.maximumWait) }
        try Validate.nonNegative(g.duration, owner, "duration", max: DynamicAnimator.maximumWait)
        try Validate.nonNegative(g.hold, owner, "hold", max: DynamicAnimator.maximumWait)
        if let item = g.item, recordIndex[ObjectIdentifier(item)] == nil, !ownsItemAfterUpdate(item) {
            throw DynamicsError(owner: owner, property: "item", message: "the item is not in this animator")
        }
    }

    /// Whether `item` will be in the world once pending changes apply.
    private func ownsItemAfterUpdate(_ item: DynamicItem) -> Bool {
        applyPendingChanges()
        return recordIndex[ObjectIdentifier(item)] != nil
    }

    private func play(_ g: DragGesture, in task: DynamicTask) -> DynamicTask {
        let pointer = self.pointer
        tasks.append(task)
        pointer.scripted.append(task)
        var last = CGPoint.zero
        var down = false
        task.onCancel = { [weak self, weak pointer, weak task] in
            guard let pointer else { return }
            // Cancelled before going down too: the pointer's list drops it either way.
            if let task { pointer.scripted.removeAll { $0 === task } }
            if down, self != nil { pointer.send(.cancelled, at: last, scripted: true) }
        }
        let delay = max(0, (g.time ?? elapsedTime) - elapsedTime)
        task.wait(delay) { [unowned self, unowned task] in
            // The route, fixed when the finger goes down: start, path, end.
            let start = g.start ?? g.item!.center
            var route = [start] + g.path
            if let e = g.end { route.append(e) } else if let o = g.offset { route.append(CGPoint(x: start.x + o.dx, y: start.y + o.dy)) }
            let route2 = route
            var lengths: [Double] = [0]
            for i in 1..<route2.count {
                lengths.append(lengths[i - 1] + Double(DeterministicMath.hypot(route2[i].x - route2[i - 1].x, route2[i].y - route2[i - 1].y)))
            }
            /// The finger's place at fraction `f` of the route (uniform speed along it).
            func place(_ f: Double) -> CGPoint {
                let total = lengths.last!
                guard total > 0, f < 1 else { return route2.last! }
                let d = f * total
                var i = 1
                while i < lengths.count - 1 && lengths[i] < d { i += 1 }
                let seg = lengths[i] - lengths[i - 1]
                let u = seg > 0 ? (d - lengths[i - 1]) / seg : 1
                let a = route2[i - 1], b = route2[i]
                return CGPoint(x: a.x + (b.x - a.x) * u, y: a.y + (b.y - a.y) * u)
            }
            // One pointer: this gesture takes it over from any other scripted one.
            for other in pointer.scripted where other !== task && !other.isDone { other.cancel() }
            let t0 = self.elapsedTime
            last = start
            down = true
            pointer.send(.began, at: start, scripted: true)
            let hold = g.release == .stop ? max(g.hold, pointer.velocityWindow) : g.hold
            let ends = g.duration + hold
            task.waitUntil(timeout: ends + 1, { [unowned self] in
                // Whole steps since the finger went down: the route's place is exact.
                let h = self.fixedTimeStep
                let t = ((self.elapsedTime - t0) / h).rounded() * h
                let p = g.duration > 0 ? place(t / g.duration) : route2.last!
                last = p
                pointer.send(.moved, at: p, scripted: true)
                guard t >= ends - h * 1e-6 else { return false }
                down = false
                pointer.scripted.removeAll { $0 === task }
                pointer.send(.ended, at: p, scripted: true)
                return true
            }, then: { _ in })
        }
        return task
    }
}
