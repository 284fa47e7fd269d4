import Dynamics
import Foundation

/// A `RestExplanation` told to people (`dynamics run --explain-rest`, the viewer's "why is
/// it awake?" panel) and to tools (`GET /awake`): the same sentences in both, one per line,
/// and the same numbers as JSON. Items are named by `name` (the caller's naming: a view's
/// name, else its place); lists are cut at `limit` entries, and the counts say how many
/// there were.
package struct RestReport {
    package let explanation: RestExplanation
    private let name: (DynamicItem) -> String
    package let limit: Int

    package init(_ explanation: RestExplanation, limit: Int = 20, name: @escaping (DynamicItem) -> String) {
        self.explanation = explanation
        self.limit = max(1, limit)
        self.name = name
    }

    /// The explanation's sentences (`RestExplanation.lines`), items named by `name`.
    package var lines: [String] { explanation.lines(limit: limit, name: name) }

    /// `GET /awake`'s JSON (docs/cli.md), keys sorted.
    package var json: String {
        let e = explanation
        var o = ""
        func num(_ v: Double) -> String {
            guard v.isFinite else { return "null" }
            return v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : Format.short(v, 6)
        }
        func num(_ v: CGFloat) -> String { num(Double(v)) }
        func str(_ s: String) -> String { Format.jsonString(s) }
        func array<T>(_ xs: [T], _ element: (T) -> String) -> String {
            "[" + xs.prefix(limit).map(element).joined(separator: ",") + "]"
        }
        o += "{\"causes\":[" + e.causes.names.map(str).joined(separator: ",") + "]"
        o += ",\"fieldCount\":\(e.timeDependentFields.count),\"fields\":" + array(e.timeDependentFields) { f in
            "{\"animationSpeed\":\(num(f.animationSpeed)),\"items\":\(f.itemCount),\"keepsItemsAwake\":\(f.keepsItemsAwake),\"kind\":\(str(f.kind))}"
        }
        o += ",\"hasTooManyContacts\":\(e.hasTooManyContacts)"
        o += ",\"headline\":" + str(explanation.headline(name: name))
        o += ",\"heldForces\":" + array(e.itemsWithHeldForces) { str(name($0)) }
        o += ",\"itemCount\":\(e.movingItems.count),\"items\":" + array(e.movingItems) { m in
            "{\"acceleration\":\(num(m.acceleration)),\"angularVelocity\":\(num(m.angularVelocity))"
                + ",\"attachments\":\(m.attachmentCount),\"name\":\(str(name(m.item)))"
                + ",\"reason\":\(str(m.reason.rawValue)),\"restThreshold\":\(num(m.restThreshold))"
                + ",\"restedFor\":\(num(m.restedFor)),\"sentence\":\(str(explanation.sentence(for: m, name: name)))"
                + ",\"speed\":\(num(m.speed)),\"stepDistance\":\(num(m.stepDistance)),\"touching\":\(m.isTouching),\"turnSpeed\":\(num(m.turnSpeed))"
                + ",\"unbalancedForce\":\(m.isUnderUnbalancedForce),\"vx\":\(num(m.velocity.x)),\"vy\":\(num(m.velocity.y))}"
        }
        o += ",\"lastRest\":"
        if let last = e.lastRest {
            o += "{\"count\":\(last.count),\"name\":" + (last.item.map { str(name($0)) } ?? "null") + ",\"time\":\(num(last.time))}"
        } else { o += "null" }
        o += ",\"lines\":[" + lines.map(str).joined(separator: ",") + "]"
        o += ",\"pausedAt\":" + (e.pausedAt.map(num) ?? "null")
        o += ",\"pushCount\":\(e.pushes.count),\"pushes\":" + array(e.pushes) { p in
            "{\"items\":\(p.itemCount),\"magnitude\":\(num(p.magnitude))}"
        }
        o += ",\"restSpeed\":\(num(e.restSpeed)),\"running\":\(e.isRunning),\"sleepEnabled\":\(e.isSleepEnabled)"
        o += ",\"taskCount\":\(e.tasks.count),\"tasks\":" + array(e.tasks) { t in
            "{\"dueTime\":\(t.dueTime.map(num) ?? "null"),\"framesLeft\":\(t.framesLeft),\"keepsAwake\":\(t.keepsAwake),\"waitingFor\":\(str(t.waitingFor))}"
        }
        o += ",\"time\":\(num(e.elapsedTime)),\"timeToRest\":\(num(e.timeToRest))"
        o += ",\"timerCount\":\(e.timers.count),\"timers\":" + array(e.timers) { t in
            "{\"fireTime\":\(num(t.fireTime)),\"interval\":\(t.interval.map(num) ?? "null")}"
        }
        return o + "}"
    }
}
