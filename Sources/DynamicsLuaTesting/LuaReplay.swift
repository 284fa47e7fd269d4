import CLua
import CLuaShim
import Dynamics
import DynamicsLua
import DynamicsRecording
import Foundation

extension LuaBridge {
    /// Installs `__dynamics_replay(path)` for the test API's `replayRecording(path)`: replays
    /// the recording at `path` (relative to the test file's folder, within the folders a test
    /// may read) on a fresh load of the scene it names, in a sandboxed state of its own with
    /// this state's limits, checking every frame (as `dynamics replay --validate`). Returns
    /// the frames replayed, the simulated time and, when the scene changed since the
    /// recording, a warning; raises an error naming the frame, time, item and property at
    /// the first difference.
    public func installReplay() {
        dyn_lua_host_enter(L)
        defer { dyn_lua_host_leave(L) }
        dyn_lua_push_sandbox(L)
        setFunction("__dynamics_replay", in: lua_gettop(L)) { bridge, L in
            guard let path = bridge.string(at: 1) else {
                throw LuaArgumentError(message: "replayRecording(path): expected a string, got \(bridge.typeName(at: 1))")
            }
            let shown = LuaBridge.shown(path)
            guard path.hasSuffix(".\(RecordingFormat.fileExtension)") else {
                throw LuaArgumentError(message: "replayRecording(path): expected a .dynrec file, got \(shown)")
            }
            guard !path.hasPrefix("/") else {
                throw LuaArgumentError(message: "replayRecording(path): absolute paths are not allowed, got \(shown)")
            }
            let folder = bridge.sceneFolder ?? ""
            let full = folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
            guard let real = try bridge.readableFolders.permit(full, { "replayRecording(path): \(shown)" }) else {
                throw LuaArgumentError(message: "replayRecording: \(shown): no such file")
            }
            let reader: RecordingReader
            do { reader = try RecordingReader(path: real) } catch {
                throw LuaArgumentError(message: "replayRecording: \(shown): \(error)")
            }
            let scene = Replayer.scenePath(for: reader.header, recording: real)
            guard let sceneReal = try bridge.readableFolders.permit(scene, { "replayRecording: \(shown): its scene \(LuaBridge.shown(reader.header.scene))" }),
                  let sha = SHA256.hex(ofFile: sceneReal) else {
                throw LuaArgumentError(message: "replayRecording: \(shown): its scene \(LuaBridge.shown(reader.header.scene)) cannot be read")
            }
            var firstError: LuaError?
            let outcome: ReplayOutcome
            do {
                let replayer = try Replayer(reader: reader, scenePath: sceneReal, limits: bridge.state.limits) { e in
                    if firstError == nil { firstError = e }
                }
                outcome = try replayer.run(validate: true)
            } catch let e as LuaError {
                throw LuaArgumentError(message: "replayRecording: \(shown): the scene fails: \(e.message)")
            } catch {
                throw LuaArgumentError(message: "replayRecording: \(shown): \(error)")
            }
            if let d = outcome.difference {
                throw LuaArgumentError(message: "replayRecording: \(shown): \(d)")
            }
            if let e = firstError {
                throw LuaArgumentError(message: "replayRecording: \(shown): the scene's script failed during the replay: \(e.message)")
            }
            lua_pushinteger(L, lua_Integer(outcome.frames))
            lua_pushnumber(L, outcome.time)
            if sha != reader.header.sceneSHA256 {
                lua_pushstring(L, "warning: \(path): the scene \(reader.header.scene) changed since the recording (its SHA-256 differs)")
            } else {
                lua_pushnil(L)
            }
            return 3
        }
        lua_settop(L, -2)
    }
}
