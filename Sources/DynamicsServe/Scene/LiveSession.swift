import Dynamics
import DynamicsLua
import DynamicsRender
import Foundation
import NIOCore
import Synchronization

/// The scene the viewer runs: loads it, steps it in real time (fixed steps of 1/60 s, `speed`
/// of them per wall-clock 1/60 s), applies pointer events, sliders and controls, reloads it
/// when its file or a plugin changes, records sessions and streams frames to the
/// `Broadcaster`.
///
/// An actor: the stepping task, the server's commands and loads run on its one serial
/// executor (`SessionExecutor`, a queue of its own off Swift's cooperative pool, since a load
/// may run a script for seconds), one at a time, so Lua and the animator are only ever
/// touched by one of them. What readers need without waiting for a load, a slider's `apply`
/// or a frame (`GET /state`, the scene message a new WebSocket starts with, the error, the
/// count of loads) is published at the end of every tick, command and load into `published`.
/// A script error (loading, or in a callback) never stops the session: the last good scene
/// keeps running and the error is shown until a reload succeeds.
public actor LiveSession {
    /// The scene file.
    public nonisolated let scenePath: String
    let limits: LuaLimits
    /// Frames for the open WebSockets.
    nonisolated let broadcaster = Broadcaster()

    private nonisolated let executor = SessionExecutor()
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// What is read without waiting for the session (see `Published`).
    nonisolated let published = Mutex(Published())
    /// Requests on their way to the session: the stepping task stops stepping early for them
    /// (a scene whose frames took a second each kept the viewer's own pause button waiting 15 s).
    nonisolated let pending = Atomic(0)
    /// Set by `stop`: the stepping task ends at its next tick.
    nonisolated let stopped = Atomic(false)
    /// Every change of the shown error (nil: cleared), for a terminal that prints them.
    public nonisolated let errors: AsyncStream<String?>
    private let errorSink: AsyncStream<String?>.Continuation
    /// `GET /state`'s answers, built one at a time and kept while the state is unchanged.
    nonisolated let stateCache = StateCache()

    var scene: LiveScene?
    var items: [DynamicItem] = []
    var itemIDs: [ObjectIdentifier] = []
    var generation = 0
    /// True from a load (or a failed one) until the scene next steps or takes a pointer
    /// event or a slider value: a restart or a recording asked for then is answered by that
    /// load, unless a watched file changed (`filesChanged`). Restarts sent one after another
    /// on one WebSocket each reloaded a scene that takes its whole budget to fail.
    var pristine = false
    /// Bumped by every change `GET /state` shows.
    var version = 0
    /// The items' names and shapes as `/state` shows them, made when the set of items changes.
    var itemNames: [String] = []
    var itemShapes: [String] = []
    /// The scene's `LuaBridge.styleChanges` at the last scene message: a script that restyles
    /// an item gets a new scene message (a new generation) with the new style.
    var styleChanges = 0
    var paused = false
    var speed = 1.0
    var steps = 0
    var accumulator = 0.0
    var stepMs = 0.0
    var loadError: String?
    var callbackError: String?
    /// Parameter values set with sliders, kept across reloads.
    var paramValues: [String: Double] = [:]
    var recording: Recording?
    /// The run since the last load, for seeking (`LiveSession+Timeline.swift`).
    var timeline = Timeline()
    var watched: [String: FileStamp] = [:]
    /// How many times a scene loaded (the first load, reloads and restarts).
    var reloads = 0
    /// The viewer whose press the pointer holds (nil: none, or an HTTP client's).
    var pointerViewer: UUID?
    /// Most events one recording keeps.
    let recordingLimit: Int
    /// `GET /awake`'s last answer and the frame and change it describes (LiveSession+Awake.swift).
    var awakeCache: (steps: Int, version: Int, json: String)?

    /// A session over `scenePath` with the limits of `dynamics run`, loaded. The first load
    /// may fail: the session then shows the error until the file is fixed.
    public init(scenePath: String, limits: LuaLimits) async {
        await self.init(scenePath: scenePath, limits: limits, recordingLimit: Recording.maximumEvents)
    }

    /// `recordingLimit`: the most events a recording keeps (lower in tests).
    init(scenePath: String, limits: LuaLimits, recordingLimit: Int) async {
        self.scenePath = scenePath
        self.limits = limits
        self.recordingLimit = recordingLimit
        let (stream, sink) = AsyncStream.makeStream(of: String?.self, bufferingPolicy: .bufferingNewest(16))
        errors = stream
        errorSink = sink
        _ = load()
    }

    /// The error shown over the canvas (file:line: message), if any, as last published.
    public nonisolated var error: String? { published.withLock { $0.state.error } }

    /// Loads tried so far (the first load, reloads, restarts, failed ones too).
    nonisolated var loadAttempts: Int { published.withLock { $0.loadAttempts } }

    // MARK: Loading

    /// Loads the scene in a fresh state. On success it replaces the running scene (with the
    /// kept slider values); on failure the old scene keeps running and the error is kept.
    func load() -> Bool {
        // Counted when the load ends: a restart that arrived while this load ran (and read
        // the count then) sees it changed once it runs, and is answered by it.
        defer {
            published.withLock { $0.loadAttempts += 1 }
            pristine = true
            version += 1
            publishState()
        }
        let fresh: LiveScene
        do {
            fresh = try LiveScene(path: scenePath, limits: limits) { [unowned self] error in
                // Called from inside Lua calls, which run on the session's executor.
                self.callbackError = error.message
            }
        } catch let error as LuaError {
            loadError = error.message
            updateWatchList(scene: scene)
            announceNoScene()
            return false
        } catch {
            loadError = "\(fileName): \(error)"
            announceNoScene()
            return false
        }
        scene = fresh
        loadError = nil
        callbackError = nil
        steps = 0
        accumulator = 0
        reloads += 1
        var applied: [(name: String, value: Double)] = []
        for p in fresh.params {
            if let v = paramValues[p.name] {
                let clamped = min(max(v, p.min), p.max)
                if let e = fresh.bridge.apply(p, value: clamped) { callbackError = e.message }
                applied.append((p.name, clamped))
            }
        }
        timeline = Timeline(startParams: applied)
        timelineBegan()
        refreshItems(force: true)
        updateWatchList(scene: fresh)
        return true
    }

    /// The scene file's name.
    nonisolated var fileName: String { (scenePath as NSString).lastPathComponent }

    /// The current parameters with the values shown on the sliders.
    var currentParams: [LuaSceneParam] {
        (scene?.params ?? []).map { p in
            var p = p
            if let v = paramValues[p.name] { p.value = min(max(v, p.min), p.max) }
            return p
        }
    }

    /// Rebuilds the scene message when the set of items changed (or when forced).
    func refreshItems(force: Bool) {
        guard let scene else { return }
        let now = scene.items
        let ids = now.map { ObjectIdentifier($0) }
        guard force || ids != itemIDs || scene.bridge.styleChanges != styleChanges else { return }
        styleChanges = scene.bridge.styleChanges
        let images = FrameEncoder.images(of: now)
        published.withLock { $0.images = images }
        items = now
        itemIDs = ids
        itemNames = now.enumerated().map { FrameEncoder.displayName(of: $1, index: $0) }
        itemShapes = now.map(FrameEncoder.shapeName)
        generation += 1
        announce(FrameEncoder.scene(scene, items: now, generation: generation, file: fileName, params: currentParams))
    }

    /// A scene that never loaded still has a scene message (no items, no sliders), so a page
    /// takes the frames that follow and shows their error over the empty canvas.
    private func announceNoScene() {
        guard scene == nil else { return }
        published.withLock { $0.images = [] }
        generation += 1
        announce(SceneMessage(generation: generation, file: fileName, bounds: nil, items: [], params: []))
    }

    /// Publishes a scene message and sends it to every viewer.
    private func announce(_ message: SceneMessage) {
        let text = LiveSession.json(message)
        let bytes = ByteBuffer(string: text)
        published.withLock { $0.sceneMessage = text; $0.sceneMessageBytes = bytes }
        broadcaster.sendScene(text)
    }

    /// The current scene message (sent first to a new WebSocket, and on request), never
    /// waiting for a load.
    nonisolated var sceneMessage: String { published.withLock { $0.sceneMessage } }
    /// The scene message's bytes, made once and shared by every viewer's connection.
    nonisolated var sceneMessageBytes: ByteBuffer { published.withLock { $0.sceneMessageBytes } }

    /// The scene file, every plugin file on the scene's search path and the modules it
    /// loaded, with their dates. A scene that did not load is watched with every file its
    /// fix may be in: its behaviors/, the files beside it and in its lib/.
    private func updateWatchList(scene: LiveScene?) {
        var files = [scenePath]
        let sceneFolder = folderPath(of: scenePath).isEmpty ? "." : folderPath(of: scenePath)
        let folders = scene?.bridge.pluginSearchPath ?? [sceneFolder + "/behaviors", sceneFolder, sceneFolder + "/lib"]
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
            files += names.filter { $0.hasSuffix(".lua") }.sorted().map { (folder as NSString).appendingPathComponent($0) }
        }
        files += scene?.bridge.loadedScriptFiles ?? []
        watched = Dictionary(files.map { ($0, LiveSession.modified($0)) }, uniquingKeysWith: { a, _ in a })
    }

    /// What tells a file's versions apart: its modification time to the nanosecond, size
    /// and inode (a save that replaces the file gets a new one). Dates alone, to the
    /// second, missed a fix saved within a second of the broken file.
    struct FileStamp: Equatable {
        var seconds = 0, nanoseconds = 0, size = 0
        var inode: UInt64 = 0
        static let none = FileStamp(seconds: -1)
    }

    static func modified(_ path: String) -> FileStamp {
        var st = stat()
        guard stat(path, &st) == 0 else { return .none }
        return FileStamp(seconds: Int(st.st_mtim.tv_sec), nanoseconds: Int(st.st_mtim.tv_nsec), size: Int(st.st_size),
                         inode: UInt64(st.st_ino))
    }

    /// Whether a watched file changed since the last load.
    var filesChanged: Bool { watched.contains { path, stamp in LiveSession.modified(path) != stamp } }

    /// Reloads when a watched file changed (polled by the stepping task).
    func checkFiles() {
        guard filesChanged else { return }
        // Keep the new dates even when loading fails, so a broken file is loaded once per save.
        for path in watched.keys { watched[path] = LiveSession.modified(path) }
        if load() { recording = nil }
    }

    static func json<T: Encodable>(_ value: T) -> String {
        let data = (try? JSONEncoder().encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// Tells `errors` of a change of the shown error.
    func tellError(_ error: String?) {
        errorSink.yield(error)
    }
}

/// What a `LiveSession` publishes for readers that must not wait for it.
struct Published: Sendable {
    /// `GET /state`'s content at the session's last tick, command or load.
    var state = StateSnapshot()
    /// The scene message as text and as the bytes every viewer's connection writes.
    var sceneMessage = ""
    var sceneMessageBytes = ByteBuffer()
    /// The pictures the scene's styles show, served at `GET /image/N` (LiveSession+Images.swift).
    var images: [ItemImage] = []
    /// Loads tried so far (a restart that waited while one ran is answered by it).
    var loadAttempts = 0
}
