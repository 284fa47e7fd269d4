// What keeps bodies awake, read from the state the rest passes (World+Step.swift) leave:
// built only when asked, so the step pays for nothing but the two stores where a rest
// timer restarts.

/// Why an awake body's rest timer last restarted (docs/engine.md, "Rest").
public enum RestBreak: UInt8, Sendable {
    /// Its speed, its turn at its furthest point, or its displacement over the step was
    /// above its resting speed (`BodyRestState.restThreshold`).
    case speed
    /// It crept `World.restTolerance` since its timer started (slow, but steadily one way).
    case drift
    /// It touches nothing, nothing joins it, and the forces given to it would move it past
    /// `World.restTolerance` within `World.timeToSleep`: it cannot rest while they act.
    case unbalancedForce
    /// It was woken, or given a velocity, from outside the step.
    case woken
}

/// One awake dynamic body as the rest rule sees it after the last step.
public struct BodyRestState: Sendable {
    /// The body.
    public var body: BodyID
    /// The caller's handle stored with the body (`setUserData`).
    public var userData: Int
    /// Velocity of the centre of mass (m/s).
    public var linearVelocity: Vec2
    /// Angular velocity (rad/s).
    public var angularVelocity: Double
    /// Speed at the body's furthest point from its centre of mass due to its turn (m/s): what
    /// the rest rule compares with `restThreshold` besides the linear speed.
    public var turnSpeed: Double
    /// How far (m) the body moved over the last step: the rest rule also restarts the timer
    /// of a body that moved more than `restThreshold` allows in a step.
    public var stepDistance: Double
    /// The resting speed (m/s) the last rest pass held the body to: `World.restSpeed`, or
    /// less for a body a damped spring holds.
    public var restThreshold: Double
    /// How long (s) the body has rested; it sleeps with its island after `World.timeToSleep`.
    public var restTime: Double
    /// Why the rest timer last restarted; meaningful while `restTime` is 0.
    public var restBreak: RestBreak
    /// Length of the linear acceleration (m/s²) the forces given to it over the last step
    /// make, gravity included.
    public var acceleration: Double
    /// The angular acceleration's share at the furthest point (m/s²).
    public var angularAcceleration: Double
    /// Whether one of its shapes touches something (any body, static ones included).
    public var isTouching: Bool
    /// Joints attached to the body.
    public var jointCount: Int
    /// The rest rule's verdict on a body that touches nothing (`World+Step.swift`): nothing
    /// joins it and its forces would move it past `World.restTolerance` within
    /// `World.timeToSleep`, so it cannot rest while they act (a body in gravity with
    /// nothing to land on).
    public var isUnderUnbalancedForce: Bool
}

extension World {
    /// Seconds a whole island must rest before it sleeps.
    public static var timeToSleep: Double { Tuning.timeToSleep }
    /// The speed (m/s) under which a body counts as resting, unless a damped spring holds
    /// it to less.
    public static var restSpeed: Double { Tuning.sleepLinearThreshold }
    /// How far (m) a resting body may move while its rest timer runs, and how far a force
    /// must be able to move a sleeping body within `timeToSleep` to wake it.
    public static var restTolerance: Double { Tuning.restTolerance }

    /// Every awake dynamic body and why it is not asleep yet, from what the last step's rest
    /// passes left (the same values, and the same rule for free bodies, `isPushedFree`, the
    /// sleep decision uses). Meant for explaining, not for a per-step loop: O(bodies +
    /// contacts), and it allocates.
    public func restStates() -> [BodyRestState] {
        var touching = [Bool](repeating: false, count: infos.count)
        for ref in contactIndex {
            let c = contacts[Int(ref.slot)]
            guard c.alive, c.manifold.pointCount > 0 else { continue }
            touching[Int(c.bodyA)] = true
            touching[Int(c.bodyB)] = true
        }
        var states: [BodyRestState] = []
        for i in 0..<infos.count where infos[i].alive && infos[i].type == .dynamic && infos[i].isAwake {
            let w = self.states[i].w
            states.append(BodyRestState(
                body: BodyID(index: Int32(i), generation: infos[i].generation),
                userData: infos[i].userData,
                linearVelocity: self.states[i].v,
                angularVelocity: w,
                turnSpeed: abs(w) * sims[i].maxExtent,
                stepDistance: self.states[i].dp.length,
                restThreshold: rests[i].threshold,
                restTime: infos[i].sleepTime,
                restBreak: rests[i].restBreak,
                acceleration: rests[i].acceleration.squareRoot(),
                angularAcceleration: rests[i].angularAcceleration,
                isTouching: touching[i],
                jointCount: Int(infos[i].jointCount),
                isUnderUnbalancedForce: sleepEnabled && !touching[i] && isPushedFree(i)))
        }
        return states
    }

    /// How many bodies fell asleep since `clearEvents()`. O(1).
    public var fellAsleepCount: Int { fellAsleep.count }

    /// The body that fell asleep last since `clearEvents()` (the last of its island), or nil.
    public var lastFellAsleep: BodyID? {
        guard !fellAsleep.isEmpty else { return nil }
        let last = fellAsleep[fellAsleep.count - 1]
        return BodyID(index: last, generation: infos[Int(last)].generation)
    }
}
