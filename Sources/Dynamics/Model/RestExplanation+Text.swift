import Foundation

// `RestExplanation` as sentences, one per line, for people: every host that tells the
// explanation uses these, so it reads the same everywhere. Speeds in pt/s, times in s of
// simulated time.

extension RestExplanation {
    /// `v` with at most `digits` decimals, trailing zeros dropped ("-0" as "0").
    static func short(_ v: Double, _ digits: Int) -> String {
        guard v.isFinite else { return v.isNaN ? "nan" : (v < 0 ? "-inf" : "inf") }
        var text = String(format: "%.\(digits)f", v)
        if digits > 0 {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    private static func n(_ v: Double, _ digits: Int = 1) -> String { RestExplanation.short(v, digits) }
    private static func n(_ v: CGFloat, _ digits: Int = 1) -> String { RestExplanation.short(Double(v), digits) }
    private static func time(_ t: TimeInterval) -> String { String(format: "%.3f", t) + " s" }
    private static func plural(_ k: Int, _ word: String) -> String { "\(k) \(word)\(k == 1 ? "" : "s")" }

    /// The first line: running or paused, and the causes of the pause decision that hold;
    /// `name` names an item.
    public func headline(name: (DynamicItem) -> String) -> String {
        let e = self
        if e.hasTooManyContacts {
            return "stopped for good at \(Self.time(e.elapsedTime)): the items touched in more pairs than the animator's contact bound (maximumContacts)"
        }
        if e.causes.isEmpty {
            var line = e.isRunning ? "resumes at the next frame" : "paused"
            if let at = e.pausedAt { line += " at \(Self.time(at))" }
            if let last = e.lastRest {
                let who = last.item.map(name) ?? "an item since removed"
                line += "; last to rest: \(who) at \(Self.time(last.time))"
                if last.count > 1 { line += " (with \(last.count - 1) more)" }
            } else {
                line += "; nothing moved"
            }
            return line
        }
        var parts: [String] = []
        if e.causes.contains(.movingItems) {
            let free = e.movingItems.filter(\.isUnderUnbalancedForce).count
            var part = Self.plural(e.movingItems.count, "item") + " not at rest"
            if free > 0 { part += " (\(free) under an unbalanced force)" }
            parts.append(part)
        }
        if e.causes.contains(.timers) { parts.append(Self.plural(e.timers.count, "pending timer")) }
        if e.causes.contains(.tasks) { parts.append(Self.plural(e.tasks.filter(\.keepsAwake).count, "task") + " waiting for time") }
        if e.causes.contains(.heldForces) { parts.append("forces applied this frame") }
        if e.causes.contains(.changedDuringFrame) { parts.append("items moved since the frame began") }
        if e.causes.contains(.pendingChanges) { parts.append("changes for the next frame") }
        return "awake at \(Self.time(e.elapsedTime)): " + parts.joined(separator: ", ")
    }

    /// What keeps one item awake, as a sentence.
    public func sentence(for m: MovingItem, name: (DynamicItem) -> String) -> String {
        let threshold = "rests below \(Self.n(m.restThreshold)) pt/s"
        var s = name(m.item) + ": "
        switch m.reason {
        case .aboveRestSpeed:
            if m.speed > m.restThreshold {
                s += "moves at \(Self.n(m.speed)) pt/s (\(threshold))"
            } else if m.turnSpeed > m.restThreshold {
                s += "turns at \(Self.n(m.angularVelocity, 2)) rad/s, its edge at \(Self.n(m.turnSpeed)) pt/s (\(threshold))"
            } else {
                s += "moved \(Self.n(m.stepDistance, 3)) pt in the last step, faster than it may to rest (\(threshold)); now \(Self.n(m.speed, 2)) pt/s"
            }
        case .creeping:
            s += "creeps at \(Self.n(m.speed, 2)) pt/s, steadily one way: 0.5 pt since its rest timer started"
        case .unbalancedForce:
            s += "slow (\(Self.n(m.speed, 2)) pt/s), but a force of \(Self.n(m.acceleration)) pt/s² acts on it and nothing holds it"
        case .woken:
            s += "woken or given a velocity since the last step"
        case .settling:
            s += "resting for \(Self.n(m.restedFor, 2)) of \(Self.n(timeToRest, 2)) s"
        case .heldAwakeByNeighbour:
            s += "rested \(Self.n(m.restedFor, 2)) s, but something it touches or is attached to still moves"
        case .sleepDisabled:
            s += "moves at \(Self.n(m.speed)) pt/s; sleep is off, so nothing ever rests"
        }
        if m.isUnderUnbalancedForce && m.reason != .unbalancedForce {
            s += "; under an unbalanced force of \(Self.n(m.acceleration)) pt/s² (touches nothing, nothing holds it: it cannot come to rest)"
        }
        return s
    }

    /// The headline, then one line per item, timer, task, push and field (each list cut at
    /// `limit`, with a line saying how many more), then what rested last; `name` names an item.
    public func lines(limit: Int = 20, name: (DynamicItem) -> String) -> [String] {
        let limit = max(1, limit)
        let e = self
        var out = [headline(name: name)]
        func list<T>(_ xs: [T], _ what: String, _ line: (T) -> String) {
            for x in xs.prefix(limit) { out.append("  " + line(x)) }
            if xs.count > limit { out.append("  … and \(xs.count - limit) more \(what)") }
        }
        list(e.movingItems, "items") { sentence(for: $0, name: name) }
        list(e.timers, "timers") { t in
            "timer due at \(Self.time(t.fireTime))" + (t.interval.map { ", every \(Self.n($0, 3)) s" } ?? "")
        }
        list(e.tasks, "tasks") { t in
            var s = "task waiting for \(t.waitingFor)"
            if t.waitingFor == "frames" { s += " (\(t.framesLeft) left)" }
            if let due = t.dueTime { s += ", due at \(Self.time(due))" }
            return s + (t.keepsAwake ? "" : " (keeps nothing awake)")
        }
        list(e.pushes, "pushes") { p in
            "continuous push of \(Self.n(p.magnitude, 3)) N on \(Self.plural(p.itemCount, "item"))"
        }
        list(e.timeDependentFields, "fields") { f in
            (f.kind == "custom" ? "custom field" : "\(f.kind) field (animationSpeed \(Self.n(f.animationSpeed, 3)))")
                + " on \(Self.plural(f.itemCount, "item")): its force changes with time, "
                + (f.keepsItemsAwake ? "so it keeps them awake" : "but only moving items feel it, so it keeps none awake by itself")
        }
        list(e.itemsWithHeldForces, "items") { "\(name($0)): a force applied this frame acts over the next" }
        if !e.causes.isEmpty, let last = e.lastRest {
            out.append("last to rest: \(last.item.map(name) ?? "an item since removed") at \(Self.time(last.time))")
        }
        return out
    }
}
