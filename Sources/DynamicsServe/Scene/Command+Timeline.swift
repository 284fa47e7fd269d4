import Foundation

extension Command {
    /// `{"action": "seek", "frame": N}`, `{"action": "back"}` or `{"action": "forward"}`.
    static func timelineAction(_ o: KeyedDecodingContainer<Key>) throws(CommandError) -> TimelineAction {
        let action = try Command.string(o, "action", "timeline", ["seek", "back", "forward"])
        let hasFrame = o.contains(Key("frame"))
        guard action == "seek" else {
            if hasFrame { throw CommandError("timeline.frame: only \"seek\" takes a frame") }
            return action == "back" ? .back : .forward
        }
        guard hasFrame else { throw CommandError("timeline.frame: expected a whole number of frames, e.g. \(example("timeline"))") }
        let v = try Command.number(o, "frame", "timeline", max: Double(Timeline.maximumFrames))
        guard v >= 0, v == v.rounded() else {
            throw CommandError("timeline.frame: expected a whole number of frames in 0…\(Timeline.maximumFrames), got \(v)")
        }
        return .seek(Int(v))
    }
}
