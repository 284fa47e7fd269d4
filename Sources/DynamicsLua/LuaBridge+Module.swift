import CLua
import CLuaShim
import Dynamics
import Foundation

extension LuaBridge {
    /// Fills the `dynamics` table (at `module`) with the constructors.
    func installModule(at module: Int32) {
        setFunction("animator", in: module) { bridge, _ in try bridge.makeAnimator() }
        setFunction("item", in: module) { bridge, _ in try bridge.makeItem() }
        setFunction("gravity", in: module) { bridge, _ in try bridge.makeGravity() }
        setFunction("collision", in: module) { bridge, _ in try bridge.makeCollision() }
        setFunction("itemBehavior", in: module) { bridge, _ in try bridge.makeItemBehavior() }
        setFunction("behavior", in: module) { bridge, _ in try bridge.makeComposite() }
        setFunction("attachment", in: module) { bridge, _ in try bridge.makeAttachment() }
        setFunction("snap", in: module) { bridge, _ in try bridge.makeSnap() }
        setFunction("push", in: module) { bridge, _ in try bridge.makePush() }
        setFunction("use", in: module) { bridge, _ in try bridge.use() }
        installFieldsAndRegions(in: module)
    }
}
