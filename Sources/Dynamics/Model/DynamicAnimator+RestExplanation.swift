import DynamicsEngine
import Foundation

extension DynamicAnimator {
    /// What keeps the animator running now, or what rested last when it paused.
    ///
    /// Built from the state the pause decision reads (`wakeCauses`) and the state the engine's
    /// rest rule left after the last internal step (`World.restStates()`), so it says what
    /// the decision at the end of the last frame saw, plus any change made since. It
    /// changes nothing (pending changes stay pending). O(items + contacts + behaviors +
    /// timers + tasks), and it allocates: call it to explain, not every frame.
    public func restExplanation() -> RestExplanation {
        let causes = wakeCauses(all: true)
        let sleeping = world.sleepEnabled
        let ppm = Units.pointsPerMeter
        var moving: [RestExplanation.MovingItem] = []
        for state in world.restStates() {
            let slot = state.userData
            guard slot >= 0, slot < records.count, records[slot].body == state.body else { continue }
            let v = Units.point(state.linearVelocity)
            moving.append(RestExplanation.MovingItem(
                item: records[slot].item,
                velocity: v,
                speed: CGFloat(state.linearVelocity.length * ppm),
                angularVelocity: CGFloat(state.angularVelocity),
                turnSpeed: CGFloat(state.turnSpeed * ppm),
                stepDistance: CGFloat(state.stepDistance * ppm),
                restThreshold: CGFloat(state.restThreshold * ppm),
                restedFor: state.restTime,
                reason: sleeping ? Self.reason(of: state) : .sleepDisabled,
                isUnderUnbalancedForce: state.isUnderUnbalancedForce,
                acceleration: CGFloat(state.acceleration * ppm),
                gravity: records[slot].gravity,
                isTouching: state.isTouching,
                attachmentCount: state.jointCount))
        }
        moving.sort { max($0.speed, $0.turnSpeed) > max($1.speed, $1.turnSpeed) }

        var pushes: [RestExplanation.ActivePush] = []
        var fields: [RestExplanation.TimeDependentField] = []
        func visit(_ b: DynamicBehavior) {
            if let p = b as? PushBehavior, p.mode == .continuous, p.active, p.magnitude != 0, !p.items.isEmpty {
                pushes.append(RestExplanation.ActivePush(behavior: p, magnitude: p.magnitude, itemCount: p.items.count))
            }
            if let f = b as? FieldBehavior, f.strength != 0, !f.items.isEmpty,
               f.changesWithTime || (f.kindName == "turbulence" && f.animationSpeed != 0) {
                fields.append(RestExplanation.TimeDependentField(behavior: f, kind: f.kindName, animationSpeed: f.animationSpeed,
                                                                 keepsItemsAwake: f.changesWithTime, itemCount: f.items.count))
            }
            for child in b.childBehaviors { visit(child) }
        }
        for b in behaviors { visit(b) }

        let pending = timers.filter { !$0.isCancelled }
            .map { RestExplanation.PendingTimer(fireTime: $0.fireTime, interval: $0.interval) }
            .sorted { $0.fireTime < $1.fireTime }
        let live = tasks.filter { !$0.isDone }.map { t in
            RestExplanation.LiveTask(waitingFor: Self.waitName(t.wait), dueTime: t.dueTime.isFinite ? t.dueTime : nil,
                                     framesLeft: t.framesLeft, keepsAwake: t.keepsAwake)
        }
        let held = heldForces.compactMap { f -> DynamicItem? in
            let slot = world.isValid(f.body) ? world.userData(of: f.body) : -1
            return slot >= 0 && slot < records.count && records[slot].body == f.body ? records[slot].item : nil
        }
        var last: RestExplanation.LastRest?
        if let r = lastRest {
            var item: DynamicItem?
            if world.isValid(r.body) {
                let slot = world.userData(of: r.body)
                if slot >= 0, slot < records.count, records[slot].body == r.body { item = records[slot].item }
            }
            last = RestExplanation.LastRest(item: item, time: r.time, count: r.count)
        }
        return RestExplanation(
            causes: causes, isRunning: isRunning, elapsedTime: elapsedTime, isSleepEnabled: sleeping,
            hasTooManyContacts: world.contactsOverflowed,
            restSpeed: CGFloat(World.restSpeed * ppm), timeToRest: World.timeToSleep,
            movingItems: moving, timers: pending, tasks: live, pushes: pushes, timeDependentFields: fields,
            itemsWithHeldForces: held, pausedAt: running ? nil : pausedAt, lastRest: last)
    }

    /// The explanation's reason for a body the rest rule left awake: why its timer last
    /// restarted while it is at 0, else how far the timer got.
    private static func reason(of s: BodyRestState) -> RestExplanation.Reason {
        if s.restTime >= World.timeToSleep { return .heldAwakeByNeighbour }
        if s.restTime > 0 { return .settling }
        switch s.restBreak {
        case .speed: return .aboveRestSpeed
        case .drift: return .creeping
        case .unbalancedForce: return .unbalancedForce
        case .woken: return .woken
        }
    }

    private static func waitName(_ wait: DynamicTask.Wait?) -> String {
        switch wait {
        case .seconds?: "seconds"
        case .frames?: "frames"
        case .until?: "until"
        case .rest?: "rest"
        case .contact?: "contact"
        case nil: "none"
        }
    }
}

/// The last body put to sleep (`DynamicAnimator.lastRest`).
struct RestRecord {
    var body: BodyID
    /// Simulated time (s) of the internal step in which it fell asleep.
    var time: TimeInterval
    /// Bodies that fell asleep in that step.
    var count: Int
}
