import DynamicsEngine
import Foundation

extension DynamicAnimator {
    /// Advances the animation by one frame of `dt` seconds (see the type's documentation
    /// for what a frame does). Internal steps of `fixedTimeStep` consume the accumulated
    /// time; a remainder carries over to the next frame.
    public func step(_ dt: TimeInterval) {
        guard dt.isFinite, dt >= 0, dt <= Limits.frame else {
            invalidInputHandler(DynamicsError(owner: "DynamicAnimator", property: "step(dt)",
                                              message: "must be a finite number in 0…\(Limits.frame) s, got \(dt)"))
            return
        }
        // Callbacks run inside a frame (fields, actions, collision and delegate callbacks,
        // timers); a frame cannot start inside another one.
        guard !isStepping else {
            invalidInputHandler(DynamicsError(owner: "DynamicAnimator", property: "step",
                                              message: "cannot step the animator from inside its own step"))
            return
        }
        // Stopped for good by too many contacts (see `maximumContacts`).
        guard !world.contactsOverflowed else { return }
        isStepping = true
        defer { isStepping = false }
        lastStepDuration = dt
        // 1. Changes since the last frame.
        if needsUpdate { update() }
        resumeRequested = false
        if !running {
            // Tasks waiting for rest see the paused animator (or their resting items) here.
            if taskBook.waiting > 0 {
                resumeTasks(.pausing)
                if needsUpdate { update() }
            }
            guard world.hasAwakeBodies || hasScheduledWork else { return }
            running = true
            pausedAt = nil
            delegate?.dynamicAnimatorWillResume(self)
        }

        // 2. Fixed internal steps, with at most the contacts `contactAllowance` grants.
        let heldBefore = world.heldContactCount
        if let allowance = contactAllowance { world.maximumContacts = max(1, min(contactBound, allowance(heldBefore))) }
        defer { if let allowance = contactAllowance, world.heldContactCount > heldBefore { _ = allowance(world.heldContactCount) } }
        world.clearEvents()
        restsSeen = 0
        accumulator += dt
        let h = fixedTimeStep
        while accumulator >= h * (1 - 1e-9) {
            applyPerStepForces(h)
            world.step(h)
            accumulator -= h
            elapsedTime += h
            if world.fellAsleepCount > restsSeen { noteRest() }
            // Timers, tasks and gestures act on the internal step in which their time falls,
            // not at the frame's end, so scripted input gives the same run at every frame rate.
            if hasDueWork { runDueWork() }
            // An embedder that bounds its callers' time (`shouldInterruptStep`) may end a long
            // frame between internal steps: `step(10)` is 1200 of them.
            if let interrupt = shouldInterruptStep, interrupt() {
                accumulator = 0
                break
            }
            if world.contactsOverflowed {
                accumulator = 0
                clearHeldForces()
                running = false
                let found = world.overflowedPairs
                // Below `maximumContacts`, the bound is `contactAllowance`'s.
                let allowed = world.maximumContacts < contactBound
                let bound = allowed ? "the \(world.maximumContacts) pairs of shapes the contact allowance grants"
                                    : "\(world.maximumContacts) pairs of shapes"
                invalidInputHandler(DynamicsError(
                    owner: "DynamicAnimator", property: allowed ? "contactAllowance" : "maximumContacts",
                    message: "the items touch in more than \(bound) (found: \(found.betweenBodies) between items, \(found.withStatic) of items with boundary segments or anchored items); the animator stops. Fewer items piled in one place, or boundaries of fewer segments near the items, stay under the bound\(allowed ? "" : "; maximumContacts raises it")"))
                return
            }
        }
        if abs(accumulator) < h * 1e-9 { accumulator = 0 }
        clearHeldForces()

        // 3. Write back, 4. collisions, 5. actions.
        writeBack()
        reportCollisions()
        if actionsChanged {
            actionBehaviors = flatBehaviors.filter { $0.action != nil }
            actionsChanged = false
        }
        for b in actionBehaviors { b.action?() }
        // 5b. Tasks counting frames; timers cancelled since their last walk leave the list.
        if taskBook.waiting > 0 { resumeTasks(.frameEnd) }
        if timerBook.hasEnded { removeEndedTimers() }

        // 6. Pause when everything rests and nothing is pending (a pending timer, a task
        // waiting for time or a gesture keeps the animator stepping, so its time is reached).
        // Tasks waiting for the pause continue first, and may keep it going.
        if isQuiescent, taskBook.waiting > 0 { resumeTasks(.pausing) }
        if isQuiescent {
            running = false
            accumulator = 0
            pausedAt = elapsedTime
            delegate?.dynamicAnimatorDidPause(self)
        }
    }

    /// Nothing moves, nothing is due, nothing changed: the animator may pause.
    private var isQuiescent: Bool { wakeCauses(all: false).isEmpty }

    /// The conditions of the pause decision that hold now: the animator pauses at the end of
    /// a frame only when none does. With `all` false it stops at the first one found (the
    /// decision needs no more, and skips the scan of awake bodies when something else holds);
    /// `restExplanation()` asks for all. No allocation.
    func wakeCauses(all: Bool) -> RestExplanation.Causes {
        var causes: RestExplanation.Causes = []
        if needsUpdate { causes.insert(.pendingChanges); if !all { return causes } }
        if resumeRequested { causes.insert(.changedDuringFrame); if !all { return causes } }
        if !heldForces.isEmpty { causes.insert(.heldForces); if !all { return causes } }
        if hasPendingTimers { causes.insert(.timers); if !all { return causes } }
        if hasAwakeTasks { causes.insert(.tasks); if !all { return causes } }
        if world.hasAwakeBodies { causes.insert(.movingItems) }
        return causes
    }

    /// Remembers the last body put to sleep in the internal step just taken, and when.
    private func noteRest() {
        let count = world.fellAsleepCount
        if let body = world.lastFellAsleep {
            lastRest = RestRecord(body: body, time: elapsedTime, count: count - restsSeen)
        }
        restsSeen = count
    }

    /// Whether a timer, task or gesture is due after the internal step just taken.
    private var hasDueWork: Bool {
        let now = elapsedTime + fixedTimeStep * 1e-6
        return now >= timerBook.nextFireTime || tasksDue(at: now)
    }

    /// Runs what is due after an internal step, with the items where the step left them;
    /// what it changes applies from the next internal step.
    private func runDueWork() {
        writeBack()
        if !timers.isEmpty { fireTimers() }
        if taskBook.waiting > 0 { resumeTasks(.internalStep) }
        if needsUpdate { update() }
    }

    /// Forces held from actions, and custom behaviors, once per internal step.
    private func applyPerStepForces(_ h: TimeInterval) {
        for f in heldForces where world.isValid(f.body) {
            let b = f.body
            if f.merged {
                let xf = world.transform(of: b)
                if f.force != .zero { world.applyForce(b, f.force, at: xf.p) }
                let torque = f.torque + xf.q.c * f.crossSum - xf.q.s * f.dotSum
                if torque != 0 { world.applyTorque(b, torque) }
                continue
            }
            if f.force != .zero {
                world.applyForce(b, f.force, at: world.transform(of: b).apply(f.offset))
            }
            if f.torque != 0 { world.applyTorque(b, f.torque) }
        }
        if plugins.isEmpty { return }
        // Plugins and fields run inside the step, where invalid input they meet (a velocity
        // field's 100 × direction past the limit, a plugin's NaN) must not trap: it goes to
        // `invalidInputHandler`, like every other error found while stepping.
        for (behavior, bodies, items, charges) in plugins {
            var context = DynamicBehaviorContext(world: world, bodies: bodies, items: items, charges: charges, dt: h, time: elapsedTime)
            do {
                try InvalidInput.catching { behavior.step(&context) }
            } catch let error as DynamicsError {
                invalidInputHandler(error)
            } catch {
                invalidInputHandler(DynamicsError(owner: "\(behavior)", property: "step", message: "\(error)"))
            }
        }
    }

    /// Centers and rotations of moving (or just stopped) bodies back into the items.
    private func writeBack() {
        // The records through a buffer: no exclusivity check or copy per moved body.
        records.withUnsafeBufferPointer { records in
        world.forEachMovedBody { body, xf, slot in
            guard slot >= 0, slot < records.count, records[slot].body == body else { return }
            DynamicAnimator.place(records[slot], at: xf)
        }}
    }

    /// Centers and rotations of every item in the world from its body (after a restore).
    func placeAllItems() {
        for r in records where world.isValid(r.body) { DynamicAnimator.place(r, at: world.transform(of: r.body)) }
    }

    /// Sets the item of `record` (and a group's members) to the body frame `xf`.
    @inline(__always)
    private static func place(_ record: ItemRecord, at xf: Transform) {
        let center = Units.point(xf.p)
        let transform = CGAffineTransform(a: xf.q.c, b: xf.q.s, c: -xf.q.s, d: xf.q.c, tx: 0, ty: 0)
        if let view = record.view {
            view._withUnsafeGuaranteedRef { view in
                view.center = center
                view.transform = transform
            }
            return
        }
        let item = record.item
        item.center = center
        item.transform = transform
        if record.isGroup, let group = item as? DynamicItemGroup {
            for (member, placed) in zip(group.items, record.geometry) {
                member.center = Units.point(xf.apply(placed.offset))
                let q = xf.q.mul(Rot(angle: placed.angle))
                member.transform = CGAffineTransform(a: q.c, b: q.s, c: -q.s, d: q.c, tx: 0, ty: 0)
            }
        }
    }

    private enum Party {
        case item(DynamicItem)
        case boundary(CollisionBehavior, AnyHashable?)
    }

    /// Who a shape of a touch event belongs to: a boundary (shape user data ≥ 0, its owner's
    /// index) or an item (−1; the body's user data is its record slot). Nil for a shape or
    /// body destroyed since.
    private func party(shape s: ShapeID, body: BodyID) -> Party? {
        guard world.isValid(s), world.isValid(body) else { return nil }
        let owner = world.userData(of: s)
        if owner >= 0 {
            guard owner < boundaryOwners.count, let o = boundaryOwners[owner] else { return nil }
            return .boundary(o.behavior, o.identifier)
        }
        let slot = world.userData(of: body)
        guard slot >= 0, slot < records.count, records[slot].body == body else { return nil }
        return .item(records[slot].item)
    }

    /// The frame's touch events in the order they happened (the engine numbers them), told
    /// per pair of parties: an item touching one boundary (or item) with several of its
    /// shapes (the floor and the wall of a corner, two segments of a path) is one contact to
    /// the delegate, begun with the first and ended with the last. An end is held until the
    /// frame's events are all seen: parties that stop and start touching again within the
    /// frame (a boundary rebuilt around a resting item, a bounce inside one long frame) hear
    /// nothing. The ends that remain are told after the begins, as before.
    private func reportCollisions() {
        if world.beginEvents.isEmpty && world.endEvents.isEmpty && staleContacts.isEmpty { return }
        var ending = EndingContacts()
        for o in staleContacts where close(o) { ending.append(o) }
        staleContacts = []
        var b = 0, e = 0
        let begins = world.beginEvents, ends = world.endEvents
        while b < begins.count || e < ends.count {
            if e < ends.count && (b == begins.count || ends[e].sequence < begins[b].sequence) {
                // Those told it began, whether or not they still hold both parties.
                if let open = openContacts.removeValue(forKey: ContactKey(ends[e])) {
                    for o in open where close(o) { ending.append(o) }
                }
                e += 1
            } else {
                report(begins[b], ending: &ending)
                b += 1
            }
        }
        for o in ending.list { o?.tellEnded() }
    }

    /// One shape contact between `o`'s parties fewer; true when it was their last.
    private func close(_ o: OpenContact) -> Bool {
        let k = o.parties
        guard let n = openParties[k] else { return false }
        if n > 1 { openParties[k] = n - 1; return false }
        openParties[k] = nil
        return true
    }

    private func report(_ e: ContactEvent, ending: inout EndingContacts) {
        guard let a = party(shape: e.shapeA, body: e.bodyA), let b = party(shape: e.shapeB, body: e.bodyB) else { return }
        let point = Units.point(e.point)
        let key = ContactKey(e)
        /// Opens the contact for `o`; true if the delegate is to be told (its parties were not
        /// touching, and did not stop touching earlier in this frame).
        func open(_ o: OpenContact) -> Bool {
            openContacts[key, default: []].append(o)
            let n = openParties[o.parties, default: 0]
            openParties[o.parties] = n + 1
            guard n == 0 else { return false }
            return !ending.cancel(o.parties)
        }
        switch (a, b) {
        case let (.item(i1), .item(i2)):
            for c in collisionBehaviors where c.collisionMode.contains(.items) && c.contains(i1) && c.contains(i2) {
                guard let d = c.collisionDelegate else { continue }
                if open(OpenContact(behavior: c, item: i1, other: .item(i2))) {
                    d.collisionBehavior(c, beganContactFor: i1, with: i2, at: point)
                }
            }
        case let (.item(item), .boundary(c, id)), let (.boundary(c, id), .item(item)):
            guard let d = c.collisionDelegate else { return }
            if open(OpenContact(behavior: c, item: item, other: .boundary(id))) {
                d.collisionBehavior(c, beganContactFor: item, withBoundaryIdentifier: id, at: point)
            }
        case (.boundary, .boundary):
            break
        }
    }
}
