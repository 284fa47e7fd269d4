import Dynamics
import DynamicsRender
import Foundation

extension LiveSession {
    /// `GET /awake` (docs/cli.md, `dynamics serve`): what keeps the scene's animator awake,
    /// or what rested last, as JSON (`RestReport`). Built on the session, between frames,
    /// and kept until the next frame or change, so viewers polling a few times a second share
    /// one build per frame. Items are named as `GET /state` names them.
    public nonisolated func awakeJSON() async -> String {
        pending.add(1, ordering: .relaxed)
        return await awakeJSONOnSession()
    }

    private func awakeJSONOnSession() -> String {
        pending.subtract(1, ordering: .relaxed)
        if let cached = awakeCache, cached.steps == steps, cached.version == version { return cached.json }
        let json: String
        if let scene {
            var index: [ObjectIdentifier: Int]?
            let report = RestReport(scene.animator.restExplanation(), limit: LiveSession.awakeListLimit) { item in
                if index == nil {
                    var built: [ObjectIdentifier: Int] = [:]
                    for (i, id) in self.itemIDs.enumerated() { built[id] = i }
                    index = built
                }
                guard let i = index?[ObjectIdentifier(item)], i < self.itemNames.count else { return "an item" }
                return self.itemNames[i]
            }
            json = report.json
        } else {
            json = "{\"error\":" + Format.jsonString(loadError ?? "no scene is running") + "}"
        }
        awakeCache = (steps, version, json)
        return json
    }

    /// Most entries of each list `GET /awake` gives (items, timers, tasks, …); its counts say
    /// how many there are.
    static let awakeListLimit = 50
}
