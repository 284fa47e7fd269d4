import Dynamics
import DynamicsLua
import Foundation

/// Watches the cases of a test file as `LuaTestRunner.run(file:filter:observer:)` runs them
/// (the CLI's `dynamics test --artifacts` keeps each case's runs with it, and draws the runs of
/// failing cases).
public protocol LuaTestObserver: AnyObject {
    /// The file's state is made: `bridge` runs every case of the file.
    func testFile(_ file: String, madeBridge bridge: LuaBridge)
    /// Case `name` starts (its before_each hooks first).
    func caseBegan(_ name: String)
    /// Case `name` ended (after its after_each hooks) with `failure` (nil: it passed).
    /// Returns text to add to the failure (where its picture is), or nil.
    func caseEnded(_ name: String, failure: String?) -> String?
}
