import DynamicsEngine
import Foundation

/// The phase of a pointer event (UIKit's touch and pan phases).
public enum PointerPhase: String, Sendable, CaseIterable {
    case began, moved, ended, cancelled
}

/// One pointer event as a handler sees it.
public struct PointerEvent {
    public var phase: PointerPhase
    /// Where the pointer is (points, the animator's coordinates).
    public var point: CGPoint
    /// The pointer's velocity (pt/s): its displacement over the last `velocityWindow`
    /// seconds of simulated time.
    public var velocity: CGPoint
    /// At `began`, the topmost item under the pointer (the last added, as in a view
    /// hierarchy), or nil. Nil in the other phases.
    public var item: DynamicItem?
    /// The animator's `elapsedTime` when it happened.
    public var time: TimeInterval
    /// True for an event of a scripted gesture (`DynamicAnimator.drag`, `tap`).
    public var isScripted: Bool
}

/// An animator's pointer: the finger a person (or a scripted gesture) puts on the scene.
///
/// Each event goes to `handler` first; unless the handler returns true at `began`, the
/// default drag follows the gesture as UIKit samples do with a pan gesture recognizer: at
/// `began` on an item, an attachment from the grabbed point of the item to the pointer;
/// `moved` moves its anchor; `ended` removes it and gives the item the pointer's velocity (a
/// fling); `cancelled` removes it without one. Velocities are measured in simulated time,
/// so a recorded or scripted gesture gives the same flings on the same steps.
///
/// A person's `began` cancels every scripted gesture in progress (their pointer sees
/// `cancelled` first).
public final class DynamicPointer {
    /// The animator this pointer acts on.
    public private(set) weak var animator: DynamicAnimator?

    /// Sees every event first; returns true to handle the gesture itself (at `began`: no
    /// default drag for this gesture).
    public var handler: ((PointerEvent) -> Bool)?

    /// The window over which the pointer's velocity is measured, in seconds of simulated
    /// time (default 0.1 s, as UIKit's pan recognizer): the velocity at an event is the
    /// displacement from the oldest sample in the window to the event, over their time.
    public var velocityWindow: TimeInterval = DynamicPointer.defaultVelocityWindow {
        didSet {
            if !accept({ try Validate.positive(velocityWindow, "DynamicPointer", "velocityWindow", min: DynamicPointer.minimumVelocityWindow, max: 10) }) {
                velocityWindow = oldValue
            }
        }
    }
    public static let defaultVelocityWindow: TimeInterval = 0.1
    /// Shortest velocity window (one internal step at 1000 Hz).
    public static let minimumVelocityWindow: TimeInterval = 1e-3

    /// The pointer's velocity at its last event (pt/s).
    public private(set) var velocity = CGPoint.zero
    /// Where the pointer was at its last event (points).
    public private(set) var lastPoint = CGPoint.zero
    /// Whether a gesture is in progress (between `began` and `ended`/`cancelled`).
    public private(set) var isDown = false
    /// The item the default drag holds, or nil.
    public var draggedItem: DynamicItem? { drag?.items.first }

    /// The fastest fling the default drag gives (pt/s per axis): a flick, never a number the
    /// engine must clamp.
    public static let maximumFlingSpeed: CGFloat = 20_000

    /// Recent (simulated time, point) samples of the gesture, for its velocity.
    private var samples: [(time: Double, point: CGPoint)] = []
    /// Whether the handler took the gesture at `began`.
    private var handledGesture = false
    private var drag: AttachmentBehavior?
    /// Scripted gestures in progress (a person's `began` cancels them).
    var scripted: [DynamicTask] = []
    /// The scripted gesture whose events are being sent now.
    var activeScript: DynamicTask?

    init(animator: DynamicAnimator) {
        self.animator = animator
    }

    /// The pointer's state now, as a function that puts it into a pointer (an animator's
    /// snapshot; a new pointer's state for an animator that had none): the gesture in
    /// progress, its velocity samples and its drag. Scripted gestures are tasks, which a
    /// snapshot does not hold (`DynamicAnimator.restore(_:)` refuses them).
    func savedState() -> (DynamicPointer) -> Void {
        let velocity = velocity, lastPoint = lastPoint, isDown = isDown, samples = samples
        let handledGesture = handledGesture, drag = drag
        return { target in
            target.velocity = velocity
            target.lastPoint = lastPoint
            target.isDown = isDown
            target.samples = samples
            target.handledGesture = handledGesture
            target.drag = drag
        }
    }

    /// Sends one event: the handler sees it first; unless it handled the gesture at `began`,
    /// the default drag follows. Returns whether the handler handled the event. A point out
    /// of the model's range (±`Limits.coordinate`) is refused through the animator's
    /// `invalidInputHandler`, except that an `ended` or `cancelled` there still ends the drag.
    @discardableResult
    public func send(_ phase: PointerPhase, at point: CGPoint, scripted: Bool = false) -> Bool {
        guard let animator else { return false }
        guard point.x.isFinite, point.y.isFinite, abs(point.x) <= Limits.coordinate, abs(point.y) <= Limits.coordinate else {
            if phase == .ended || phase == .cancelled { endDrag(fling: nil); isDown = false }
            animator.invalidInputHandler(DynamicsError(owner: "DynamicPointer", property: "point",
                                                       message: "must be finite and within ±\(Limits.coordinate) pt, got (\(Validate.shown(point.x)), \(Validate.shown(point.y)))"))
            return false
        }
        if !scripted, phase == .began { cancelScriptedGestures() }
        let time = animator.elapsedTime
        let v = track(point, at: time, phase: phase)
        lastPoint = point
        let item = phase == .began ? DynamicPointer.item(at: point, in: animator) : nil
        let event = PointerEvent(phase: phase, point: point, velocity: v, item: item, time: time, isScripted: scripted)
        let handled = handler?(event) ?? false
        // The drag changes the model from outside any call into it (pointer events): what
        // the model refuses (a fling faster than its limits) is reported, never a trap.
        do {
            try InvalidInput.catching {
                switch phase {
                case .began:
                    endDrag(fling: nil)
                    handledGesture = handled
                    isDown = true
                    if !handled, let item {
                        for r in animator.releaseBehaviors(of: item) { r.grab() }
                        beginDrag(item, at: point)
                    }
                case .moved:
                    drag?.anchorPoint = point
                case .ended:
                    let released = draggedItem
                    endDrag(fling: v)
                    isDown = false
                    // A release behavior on the item takes the fling from here.
                    if let released {
                        for r in animator.releaseBehaviors(of: released) { r.release(velocity: DynamicPointer.limited(v)) }
                    }
                case .cancelled:
                    endDrag(fling: nil)
                    isDown = false
                }
            }
        } catch let error as DynamicsError {
            animator.invalidInputHandler(error)
        } catch {}
        return handled
    }

    /// Cancels every scripted gesture in progress; one that had begun sends `cancelled`.
    public func cancelScriptedGestures() {
        let list = scripted
        scripted = []
        for task in list where !task.isDone { task.cancel() }
    }

    /// Adds a sample and returns the pointer's velocity (pt/s) over the window.
    private func track(_ point: CGPoint, at time: Double, phase: PointerPhase) -> CGPoint {
        if phase == .began { samples = []; velocity = .zero }
        if let last = samples.last, last.time == time { samples.removeLast() }
        samples.append((time, point))
        while samples.count > 2, time - samples[1].time >= velocityWindow { samples.removeFirst() }
        if let first = samples.first, time > first.time {
            let dt = time - first.time
            velocity = CGPoint(x: (point.x - first.point.x) / dt, y: (point.y - first.point.y) / dt)
        }
        return velocity
    }

    private func beginDrag(_ item: DynamicItem, at point: CGPoint) {
        guard let animator else { return }
        let c = item.center, angle = Double(DeterministicMath.atan2(item.transform.b, item.transform.a))
        let dx = Double(point.x - c.x), dy = Double(point.y - c.y)
        // The grabbed point in the item's own axes.
        let (cosA, sinA) = DeterministicMath.cosSin(angle)
        let offset = Offset(horizontal: cosA * dx + sinA * dy, vertical: -sinA * dx + cosA * dy)
        let attachment = AttachmentBehavior(item: item, offsetFromCenter: offset, attachedToAnchor: point)
        animator.addBehavior(attachment)
        drag = attachment
    }

    private func endDrag(fling: CGPoint?) {
        guard let attachment = drag, let animator else { return }
        drag = nil
        animator.removeBehavior(attachment)
        if let fling, let item = attachment.items.first {
            animator.setVelocity(DynamicPointer.limited(fling), for: item)
        }
    }

    /// A fling velocity within `maximumFlingSpeed` per axis.
    static func limited(_ v: CGPoint) -> CGPoint {
        let limit = maximumFlingSpeed
        return CGPoint(x: Swift.max(-limit, Swift.min(limit, v.x)), y: Swift.max(-limit, Swift.min(limit, v.y)))
    }

    /// The topmost item (the last added) whose true shape contains `point`.
    public static func item(at point: CGPoint, in animator: DynamicAnimator) -> DynamicItem? {
        let probe = CGRect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
        return animator.items(in: probe).last { contains(point, in: $0) }
    }

    /// Whether `point` (the animator's coordinates) is inside the item's collision shape.
    public static func contains(_ point: CGPoint, in item: DynamicItem) -> Bool {
        let c = item.center, angle = Double(DeterministicMath.atan2(item.transform.b, item.transform.a))
        let dx = Double(point.x - c.x), dy = Double(point.y - c.y)
        let (cosA, sinA) = DeterministicMath.cosSin(angle)
        let x = cosA * dx + sinA * dy, y = -sinA * dx + cosA * dy
        let w = Double(item.bounds.width) / 2, h = Double(item.bounds.height) / 2
        switch item.collisionBoundsType {
        case .rectangle:
            return abs(x) <= w && abs(y) <= h
        case .ellipse:
            return w > 0 && h > 0 && (x * x) / (w * w) + (y * y) / (h * h) <= 1
        case .path:
            var inside = false
            for line in item.collisionBoundingPath.flattened() {
                let p = line.points
                guard p.count >= 3 else { continue }
                var j = p.count - 1
                for i in 0..<p.count {
                    let (xi, yi, xj, yj) = (Double(p[i].x), Double(p[i].y), Double(p[j].x), Double(p[j].y))
                    if (yi > y) != (yj > y), x < (xj - xi) * (y - yi) / (yj - yi) + xi { inside.toggle() }
                    j = i
                }
            }
            return inside
        }
    }
}

extension DynamicAnimator {
    /// The animator's pointer (made on first use): send it a person's events, or script a
    /// gesture with `drag` and `tap`.
    public var pointer: DynamicPointer {
        if let p = pointerStorage { return p }
        let p = DynamicPointer(animator: self)
        pointerStorage = p
        return p
    }
}
