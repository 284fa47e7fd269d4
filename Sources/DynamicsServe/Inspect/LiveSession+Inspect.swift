import Dynamics
import DynamicsLua
import Foundation

extension LiveSession {
    /// `GET /item/NAME`: the live inspection of the item named `name` (its own name, or the
    /// name the page shows), read on the session between frames; nil when no item has that
    /// name. `name` has been checked (`Command.checkItemName`).
    public nonisolated func inspection(of name: String) async -> ItemInspection? {
        await inspect(name)
    }

    func inspect(_ name: String) -> ItemInspection? {
        guard let scene, let (item, shown) = item(named: name) else { return nil }
        return ItemInspection(item: item, name: shown, animator: scene.animator, bridge: scene.bridge)
    }

    /// The item named `name` and the name the page shows for it: an exact match of an
    /// item's own name first, then of a shown name (a long name's shortened form).
    func item(named name: String) -> (DynamicItem, String)? {
        for (i, item) in items.enumerated() where FrameEncoder.name(of: item, index: i) == name {
            return (item, itemNames[i])
        }
        if let i = itemNames.firstIndex(of: name) { return (items[i], itemNames[i]) }
        return nil
    }

    /// Applies an inspector's edit (`Command.edit`) and answers with the item's name and the
    /// first number set. An edit is not something a recorded test replays: a recording
    /// under way stops, and says so where errors show.
    func applyEdit(item name: String, property: String, value: [Double]) throws(CommandError) -> CommandReply {
        guard let scene else { throw CommandError("no scene is running: \(loadError ?? "?")") }
        guard let (item, shown) = item(named: name) else {
            throw CommandError("edit.item: no item named \"\(LuaBridge.shown(name))\"")
        }
        let animator = scene.animator
        switch property {
        case "center":
            item.center = CGPoint(x: value[0], y: value[1])
            animator.updateItem(usingCurrentState: item)
        case "angle":
            item.transform = CGAffineTransform(rotationAngle: CGFloat(value[0]))
            animator.updateItem(usingCurrentState: item)
        case "velocity", "angularVelocity":
            let v = property == "velocity" ? CGPoint(x: value[0], y: value[1]) : (animator.linearVelocity(of: item) ?? .zero)
            let w = property == "angularVelocity" ? CGFloat(value[0]) : nil
            let applied: Bool
            do {
                applied = try InvalidInput.catching { animator.setVelocity(v, angularVelocity: w, for: item) }
            } catch {
                throw CommandError("edit.value: \(property): \(error)")
            }
            guard applied else { throw CommandError("edit.item: \(LuaBridge.shown(shown)) is not in the world yet") }
        default:
            guard let (index, parameter) = Command.behaviorParameter(property) else {
                throw CommandError("edit.property: unknown property \"\(LuaBridge.shown(property))\"")
            }
            let behaviors = BehaviorFacets.acting(on: item, in: animator)
            guard index < behaviors.count else {
                throw CommandError("edit.property: \(LuaBridge.shown(shown)) has \(behaviors.count) behavior\(behaviors.count == 1 ? "" : "s") (indices 0…\(max(behaviors.count - 1, 0))), got \(index)")
            }
            try BehaviorFacets.set(parameter, to: value[0], on: behaviors[index], label: property)
        }
        pristine = false
        timelineEdited()
        if recording != nil {
            recording = nil
            callbackError = "record: stopped: an inspector edit is not replayed by a recorded test (record again without editing)"
        }
        return CommandReply(name: shown, value: value[0])
    }
}
