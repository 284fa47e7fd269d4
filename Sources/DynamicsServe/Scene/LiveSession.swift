import Dynamics
import DynamicsLua
import DynamicsRender
import Foundation
import NIOCore
import Synchronization

/// The scene the viewer runs: loads it, steps it in real time on its own thread (fixed steps
/// of 1/60 s, `speed` of them per wall-clock 1/60 s), applies pointer events, sliders and
/// controls, reloads it when its file or a plugin changes, records sessions and streams
/// frames to the `Broadcaster`.
///
/// Everything that touches Lua or the animator runs under `lock`, so HTTP handlers, the
/// WebSocket handlers and the stepping thread never meet inside the scene. The server's
/// handlers never wait for `lock` themselves: they hand their work to `queue` (`perform`,
/// `stateJSON`) and await it, so a scene that takes a second to load blocks no thread of
/// Swift's cooperative pool (on one core, three restarts of a looping scene held even the
/// static page for 3 s). A script error
/// (loading, or in a callback) never stops the session: the last good scene keeps running
/// and the error is shown until a reload succeeds.
public final class LiveSession: @unchecked Sendable {
    /// The scene file.
    public let scenePath: String
    let limits: LuaLimits
    /// Frames for the open WebSockets.
    let broadcaster = Broadcaster()

    private let lock = NSLock()
    /// Where the server's requests run, one at a time, off the cooperative pool.
    private let queue = DispatchQueue(label: "dynamics.serve.session", qos: .userInitiated)
    /// Requests waiting for `lock`: the stepping thread lets them in between its frames (a
    /// lock is not fair, and a scene whose frames took a second each kept the viewer's own
    /// pause button waiting 15 s).
    private let waiting = Mutex(0)
    private var scene: LiveScene?
    private var items: [DynamicItem] = []
    private var itemIDs: [ObjectIdentifier] = []
    private var generation = 0
    /// The scene message, under its own lock: a new WebSocket reads it without waiting for
    /// a load.
    private let sceneLock = NSLock()
    private var sceneJSONStorage = ""
    private var sceneBytesStorage = ByteBuffer()
    private var sceneJSON: String {
        get { sceneLock.withLock { sceneJSONStorage } }
        set {
            let bytes = ByteBuffer(string: newValue)
            sceneLock.withLock { sceneJSONStorage = newValue; sceneBytesStorage = bytes }
        }
    }
    /// True from a load (or a failed one) until the scene next steps or takes a pointer
    /// event or a slider value: a restart or a recording asked for then is answered by that
    /// load, unless a watched file changed (`filesChanged`). Restarts sent one after another
    /// on one WebSocket each reloaded a scene that takes its whole budget to fail.
    private var pristine = false
    /// Bumped by every change `GET /state` shows; its answer is kept for the version.
    private var version = 0
    /// `GET /state`'s answer for a version (touched on `stateQueue` only).
    private var cachedState: (version: Int, json: String)?
    /// What `GET /state` shows, copied under `lock` at the end of every tick of frames,
    /// command and load (`publishStateLocked`); read under `snapshotLock` alone, so a state
    /// request never waits for a slider's `apply` or a frame (six slow applies of 0.8 s
    /// made it wait 4.8 s).
    private let snapshotLock = NSLock()
    private var published = StateSnapshot()
    /// The items' names and shapes as `/state` shows them, made when the set of items changes.
    private var itemNames: [String] = []
    private var itemShapes: [String] = []
    /// Where state requests are answered: not `queue`, where commands wait for `lock`.
    private let stateQueue = DispatchQueue(label: "dynamics.serve.state", qos: .userInitiated)
    private var paused = false
    private var speed = 1.0
    private var steps = 0
    private var accumulator = 0.0
    private var stepMs = 0.0
    private var loadError: String?
    private var callbackError: String?
    /// Parameter values set with sliders, kept across reloads.
    private var paramValues: [String: Double] = [:]
    private var recording: Recording?
    private var watched: [String: FileStamp] = [:]
    private var thread: Thread?
    private var stopped = false
    /// How many times a scene loaded (the first load, reloads and restarts).
    public private(set) var reloads = 0
    /// Loads finished so far, readable without `lock`: a restart that waited for the lock
    /// while another load ran is answered by that load (see `handle`).
    private let attemptsLock = NSLock()
    private var attempts = 0
    /// Loads tried so far (the first load, reloads, restarts, failed ones too).
    var loadAttempts: Int { attemptsLock.withLock { attempts } }
    /// Most events one recording keeps (`Recording.maximumEvents`; lower in tests).
    var recordingLimit = Recording.maximumEvents

    /// A session over `scenePath` with the limits of `dynamics run`. The first load may fail:
    /// the session then shows the error until the file is fixed.
    public init(scenePath: String, limits: LuaLimits) {
        self.scenePath = scenePath
        self.limits = limits
        lock.withLock { _ = loadLocked() }
    }

    /// The error shown over the canvas (file:line: message), if any.
    public var error: String? { lock.withLock { loadError ?? callbackError } }

    // MARK: Loading

    /// Loads the scene in a fresh state. On success it replaces the running scene (with the
    /// kept slider values); on failure the old scene keeps running and the error is kept.
    private func loadLocked() -> Bool {
        // Counted when the load ends: a restart that arrived while this load ran (and read
        // the count then) sees it changed once it gets the lock, and is answered by it.
        defer {
            attemptsLock.withLock { attempts += 1 }
            pristine = true
            version += 1
            publishStateLocked()
        }
        let fresh: LiveScene
        do {
            fresh = try LiveScene(path: scenePath, limits: limits) { [unowned self] error in
                // Called from inside Lua calls, which run under `lock`.
                self.callbackError = error.message
            }
        } catch let error as LuaError {
            loadError = error.message
            updateWatchList(scene: scene)
            announceNoScene()
            return false
        } catch {
            loadError = "\((scenePath as NSString).lastPathComponent): \(error)"
            announceNoScene()
            return false
        }
        scene = fresh
        loadError = nil
        callbackError = nil
        steps = 0
        accumulator = 0
        reloads += 1
        for p in fresh.params {
            if let v = paramValues[p.name] {
                let clamped = min(max(v, p.min), p.max)
                if let e = fresh.bridge.apply(p, value: clamped) { callbackError = e.message }
            }
        }
        refreshItems(force: true)
        updateWatchList(scene: fresh)
        return true
    }

    /// The current parameters with the values shown on the sliders.
    private var currentParams: [LuaSceneParam] {
        (scene?.params ?? []).map { p in
            var p = p
            if let v = paramValues[p.name] { p.value = min(max(v, p.min), p.max) }
            return p
        }
    }

    /// Rebuilds the scene message when the set of items changed (or when forced).
    private func refreshItems(force: Bool) {
        guard let scene else { return }
        let now = scene.items
        let ids = now.map { ObjectIdentifier($0) }
        guard force || ids != itemIDs else { return }
        items = now
        itemIDs = ids
        itemNames = now.enumerated().map { FrameEncoder.displayName(of: $1, index: $0) }
        itemShapes = now.map(FrameEncoder.shapeName)
        generation += 1
        let message = FrameEncoder.scene(scene, items: now, generation: generation,
                                         file: (scenePath as NSString).lastPathComponent, params: currentParams)
        sceneJSON = LiveSession.json(message)
        broadcaster.sendScene(sceneJSON)
    }

    /// A scene that never loaded still has a scene message (no items, no sliders), so a page
    /// takes the frames that follow and shows their error over the empty canvas; before, it
    /// waited for a scene message that never came and showed nothing.
    private func announceNoScene() {
        guard scene == nil else { return }
        generation += 1
        sceneJSON = LiveSession.json(SceneMessage(generation: generation, file: (scenePath as NSString).lastPathComponent,
                                                  bounds: nil, items: [], params: []))
        broadcaster.sendScene(sceneJSON)
    }

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
    private var filesChanged: Bool { watched.contains { path, stamp in LiveSession.modified(path) != stamp } }

    /// Reloads when a watched file changed (polled by the stepping thread).
    private func checkFilesLocked() {
        guard filesChanged else { return }
        // Keep the new dates even when loading fails, so a broken file is loaded once per save.
        for path in watched.keys { watched[path] = LiveSession.modified(path) }
        if loadLocked() { recording = nil }
    }

    // MARK: Running

    /// Starts the stepping thread (60 ticks per second).
    public func start() {
        let t = Thread { [weak self] in self?.runLoop() }
        t.name = "dynamics-serve"
        t.qualityOfService = .userInteractive
        thread = t
        t.start()
    }

    /// Stops the stepping thread and closes every stream.
    public func stop() {
        lock.withLock { stopped = true }
        broadcaster.finishAll()
    }

    private func runLoop() {
        let tick = 1.0 / 60
        var last = Date().timeIntervalSinceReferenceDate
        var next = last + tick
        var ticks = 0
        while true {
            let now = Date().timeIntervalSinceReferenceDate
            let frame: String? = lock.withLock {
                if stopped { return nil }
                ticks += 1
                if ticks % 15 == 0 { checkFilesLocked() }
                advanceLocked(wall: min(now - last, 0.25))
                publishStateLocked()
                // With no scene (its load failed) every frame is the same error: twice a
                // second is enough for a viewer that joins (60 a second were streamed).
                if scene == nil && ticks % 30 != 0 { return "" }
                return broadcaster.count > 0 ? frameJSONLocked() : ""
            }
            guard let frame else { return }
            if !frame.isEmpty { broadcaster.sendFrame(frame) }
            last = now
            // Requests waiting for the lock go first: a scene whose frames are slow would
            // otherwise take it back before them tick after tick.
            while waiting.withLock({ $0 }) > 0 && !Thread.current.isCancelled { Thread.sleep(forTimeInterval: 0.001) }
            let wait = next - Date().timeIntervalSinceReferenceDate
            if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            next = max(next + tick, Date().timeIntervalSinceReferenceDate - tick)
        }
    }

    /// Steps as many fixed frames as `wall` seconds at `speed` make (at most 4 per tick), and
    /// stops early when a request is waiting for the lock.
    private func advanceLocked(wall: Double) {
        guard !paused, scene != nil else { return }
        accumulator = min(accumulator + wall * speed, 4 * LiveScene.frame)
        while accumulator >= LiveScene.frame - 1e-9 {
            accumulator -= LiveScene.frame
            stepLocked()
            if waiting.withLock({ $0 }) > 0 { accumulator = 0; break }
        }
    }

    private func stepLocked() {
        guard let scene else { return }
        let start = DispatchTime.now().uptimeNanoseconds
        scene.animator.step(LiveScene.frame)
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        stepMs = stepMs == 0 ? ms : 0.9 * stepMs + 0.1 * ms
        steps += 1
        pristine = false
        version += 1
        refreshItems(force: false)
    }

    // MARK: Commands

    /// An answer crossing from the session's queue to the awaiting handler.
    private struct Reply: @unchecked Sendable { let object: [String: Any] }

    /// `handle` on the session's queue, awaited: for the server's handlers, which must not
    /// block a thread of the cooperative pool.
    @discardableResult
    /// `viewer` names the WebSocket a pointer event comes from (nil: an HTTP request).
    public func perform(_ command: Command, viewer: UUID? = nil) async throws(CommandError) -> [String: Any] {
        let attemptsBefore = attemptsLock.withLock { attempts }
        let result: Result<Reply, CommandError> = await withCheckedContinuation { done in
            queue.async {
                done.resume(returning: Result { () throws(CommandError) in
                    Reply(object: try self.handle(command, attemptsBefore: attemptsBefore, viewer: viewer))
                })
            }
        }
        return try result.get().object
    }

    /// A viewer went while its pointer was down: its press is cancelled (no fling), unless
    /// another viewer has pressed since (the viewers share the scene's one pointer; a leaving
    /// viewer ended the drag of the one still pressing).
    func viewerLeft(_ viewer: UUID, at x: Double, _ y: Double) async {
        _ = try? await perform(.pointer(.cancelled, x: x, y: y), viewer: viewer)
    }

    /// The viewer whose press the pointer holds (nil: none, or an HTTP client's).
    private var pointerViewer: UUID?

    /// Applies a command; returns the JSON object to answer with, or throws a bad request.
    @discardableResult
    public func handle(_ command: Command) throws(CommandError) -> [String: Any] {
        try handle(command, attemptsBefore: attemptsLock.withLock { attempts })
    }

    /// `attemptsBefore`: the loads finished when the request arrived.
    private func handle(_ command: Command, attemptsBefore: Int, viewer: UUID? = nil) throws(CommandError) -> [String: Any] {
        waiting.withLock { $0 += 1 }
        lock.lock()
        waiting.withLock { $0 -= 1 }
        defer {
            publishStateLocked()
            lock.unlock()
        }
        version += 1
        // A load tried while this request waited, with no step since: the scene is as fresh
        // as a restart would make it. Many clients restarting at once then cost one load, not
        // one each (a scene that loops takes its whole budget to fail: ten restarts held the
        // viewer 10 s).
        // A recording needs the scene unstepped (its events count steps from the load); a
        // restart is answered by any load that ended after it was asked for, even if the
        // stepping thread got the lock first and ran a frame of it.
        let loadedMeanwhile = attemptsLock.withLock { attempts } != attemptsBefore
        let asLoaded = pristine && !filesChanged
        switch command {
        case let .pointer(phase, x, y):
            guard let scene else { throw CommandError("no scene is running: \(loadError ?? "?")") }
            if phase == .began { pointerViewer = viewer }
            // A leaving viewer's cancel applies only to its own press.
            if phase == .cancelled, let viewer, pointerViewer != viewer { return ["ok": true, "handled": false] }
            if phase == .ended || phase == .cancelled { pointerViewer = nil }
            recordLocked(.pointer(phase: phase.rawValue, x: x, y: y))
            pristine = false
            let handled = scene.bridge.pointer(phase, at: CGPoint(x: x, y: y), on: scene.animator)
            return ["ok": true, "handled": handled]
        case let .param(name, value):
            guard let p = scene?.params.first(where: { $0.name == name }), let scene else {
                throw CommandError("param: no parameter named \"\(LuaBridge.shown(name))\" (\(LiveSession.someNames((scene?.params ?? []).map(\.name))))")
            }
            guard value >= p.min, value <= p.max else {
                throw CommandError("param.value: \(LuaBridge.shown(name)) must be between \(p.min) and \(p.max), got \(value)")
            }
            pristine = false
            // A value whose `apply` fails (an error, its budget, a stopped script) is answered
            // as the failure it is, and the slider keeps its last good value (not answered ok
            // and shown as set).
            if let e = scene.bridge.apply(p, value: value) {
                callbackError = e.message
                throw CommandError(e.message)
            }
            if callbackError?.hasPrefix("params.\(name).") == true { callbackError = nil }
            paramValues[name] = value
            recordLocked(.param(name: name, value: value))
            return ["ok": true, "name": name, "value": value]
        case .control(.pause):
            paused = true
        case .control(.resume):
            paused = false
            accumulator = 0
        case .control(.step):
            paused = true
            stepLocked()
        case .control(.restart):
            if loadedMeanwhile || asLoaded || loadLocked() { recording = nil }
            if let loadError { throw CommandError("restart: the scene does not load: \(loadError)") }
        case let .speed(v):
            speed = v
        case .record(.start):
            // A recording counts steps from a load: the scene as loaded, or loaded again.
            if !asLoaded { _ = loadLocked() }
            guard loadError == nil, scene != nil else {
                throw CommandError("record: the scene does not load: \(loadError ?? "?")")
            }
            recording = Recording(start: currentParams.filter { paramValues[$0.name] != nil }.map { ($0.name, $0.value) },
                                  nameBytes: Dictionary(currentParams.map { ($0.name, $0.nameBytes) }, uniquingKeysWith: { a, _ in a }))
        case .record(.stop):
            recording = nil
        case .record(.save):
            guard let recording else { throw CommandError("record: nothing is being recorded (start recording first)") }
            let path = testPath
            let finals = items.enumerated().map { i, item in
                (FrameEncoder.name(of: item, index: i), Double(item.center.x), Double(item.center.y))
            }
            let source = recording.testSource(sceneFile: (scenePath as NSString).lastPathComponent, steps: steps, finals: finals)
            do {
                try Recording.write(source, to: path)
            } catch {
                throw CommandError("record: \((path as NSString).lastPathComponent) \(error)")
            }
            self.recording = nil
            return ["ok": true, "file": path, "steps": steps, "events": recording.events.count]
        }
        return ["ok": true]
    }

    /// Adds an event to the recording, if one runs. A recording keeps at most
    /// `Recording.maximumEvents`: past that it stops and says so where errors show (a client
    /// streaming pointer events grew one by 4 million events, 200 MB, in 30 s). The event
    /// itself still applies.
    private func recordLocked(_ event: Recording.Event) {
        guard recording != nil else { return }
        if recording!.events.count >= recordingLimit {
            recording = nil
            callbackError = "record: stopped after \(recordingLimit) events, the most a recording keeps (record a shorter session)"
            return
        }
        recording!.events.append((steps, event))
    }

    /// Names listed in an error at most: an error names a few of the sliders and counts
    /// the rest (the whole list of 10 000 sliders made a 38 MB answer).
    static let namesInErrors = 5

    /// "parameters: a, b, c" or "parameters: a, b, c, d, e and 195 more", each name shortened.
    static func someNames(_ names: [String]) -> String {
        guard !names.isEmpty else { return "the scene has no parameters" }
        let shown = names.prefix(namesInErrors).map { LuaBridge.shown($0) }.joined(separator: ", ")
        return "parameters: " + shown + (names.count > namesInErrors ? " and \(names.count - namesInErrors) more" : "")
    }

    /// Where "save as test" writes: `NAME_test.lua` beside the scene.
    public var testPath: String {
        let base = ((scenePath as NSString).lastPathComponent as NSString).deletingPathExtension
        return (folderPath(of: scenePath) as NSString).appendingPathComponent("\(base)_test.lua")
    }

    // MARK: State

    /// `GET /state` (docs/cli.md, `dynamics serve`): time, running, error, items; also step, paused, speed,
    /// params and whether a session is being recorded.
    public func state() -> [String: Any] {
        lock.withLock { stateLocked() }
    }

    /// `GET /state` as JSON, from the state published at the end of the last tick of
    /// frames, command or load (never waiting for `lock`: a slider's `apply` or a slow frame
    /// does not hold it up), built on `stateQueue` and kept until the state changes: one
    /// answer is built at a time and pollers of an unchanged state share it (20 000 items
    /// cost 1 s of encoding a request, and 100 clients asking at once held 300 MB).
    ///
    /// Requests that arrive while a build waits in the queue join it: one build answers them
    /// all, so the queue holds at most one build at a time.
    public func stateJSON() async -> String {
        await withCheckedContinuation { done in
            let first: Bool = stateWaiters.withLock { waiters in
                waiters.append(done)
                return waiters.count == 1
            }
            guard first else { return }
            stateQueue.async {
                // From here on, new requests start the next build.
                let waiters = self.stateWaiters.withLock { w -> [CheckedContinuation<String, Never>] in
                    defer { w = [] }
                    return w
                }
                let json = self.publishedStateText()
                for w in waiters { w.resume(returning: json) }
            }
        }
    }

    /// `GET /state`'s JSON now, from the published state, waiting for nothing but a build
    /// running on `stateQueue` (for tests and tools on a thread of their own).
    func stateJSONNow() -> String {
        stateQueue.sync { publishedStateText() }
    }

    /// The published state as JSON, from the cache when it is of the same version. On
    /// `stateQueue` only (the cache's one thread).
    private func publishedStateText() -> String {
        let snapshot = snapshotLock.withLock { published }
        if let cached = cachedState, cached.version == snapshot.version { return cached.json }
        stateBuilds += 1
        let json = LiveSession.stateText(snapshot)
        cachedState = (snapshot.version, json)
        return json
    }

    /// `GET /state` answers built so far (for tests).
    private(set) var stateBuilds = 0

    /// Requests for `GET /state` waiting for the build in the queue.
    private let stateWaiters = Mutex<[CheckedContinuation<String, Never>]>([])

    /// Copies what `GET /state` shows, unless this version is published already: the items'
    /// places (five numbers each) and the session's flags; names, shapes and sliders are
    /// shared with the session (copied on write).
    private func publishStateLocked() {
        guard snapshotLock.withLock({ published.version }) != version else { return }
        var s = StateSnapshot()
        s.version = version
        let held = scene.flatMap { $0.bridge.draggedItem(on: $0.animator) }
        if let h = held, let i = items.firstIndex(where: { $0 === h }) { s.dragging = itemNames[i] }
        s.error = loadError ?? callbackError
        s.generation = generation
        s.names = itemNames
        s.shapes = itemShapes
        s.places.reserveCapacity(5 * items.count)
        for item in items {
            let c = item.center, t = item.transform, b = item.bounds
            s.places.append(Double(c.x)); s.places.append(Double(c.y)); s.places.append(Double(atan2(t.b, t.a)))
            s.places.append(Double(b.width)); s.places.append(Double(b.height))
        }
        s.params = currentParams
        s.paused = paused
        s.recording = recording != nil
        s.reloads = reloads
        s.resting = !(scene?.animator.isRunning ?? false)
        s.running = !paused && scene != nil
        s.speed = speed
        s.steps = steps
        s.time = scene?.animator.elapsedTime ?? 0
        snapshotLock.withLock { published = s }
    }

    /// A published state as JSON text, written directly (keys sorted, as JSONSerialization
    /// wrote them): 20 000 items took 0.9 s through dictionaries and JSONSerialization.
    static func stateText(_ s: StateSnapshot) -> String {
        var out = JSONText()
        out.raw("{\"dragging\":")
        if let d = s.dragging { out.string(d) } else { out.raw("null") }
        out.raw(",\"error\":")
        if let e = s.error { out.string(e) } else { out.raw("null") }
        out.raw(",\"generation\":\(s.generation),\"items\":[")
        for i in s.names.indices {
            let p = 5 * i
            if i > 0 { out.raw(",") }
            out.raw("{\"angle\":"); out.number(s.places[p + 2])
            out.raw(",\"height\":"); out.number(s.places[p + 4])
            out.raw(",\"name\":"); out.string(s.names[i])
            out.raw(",\"shape\":"); out.string(s.shapes[i])
            out.raw(",\"width\":"); out.number(s.places[p + 3])
            out.raw(",\"x\":"); out.number(s.places[p])
            out.raw(",\"y\":"); out.number(s.places[p + 1])
            out.raw("}")
        }
        out.raw("],\"params\":[")
        for (i, p) in s.params.enumerated() {
            if i > 0 { out.raw(",") }
            out.raw("{\"max\":"); out.number(p.max)
            out.raw(",\"min\":"); out.number(p.min)
            out.raw(",\"name\":"); out.string(p.name)
            out.raw(",\"step\":"); out.number(p.step)
            out.raw(",\"value\":"); out.number(p.value)
            out.raw("}")
        }
        out.raw("],\"paused\":\(s.paused),\"recording\":\(s.recording),\"reloads\":\(s.reloads)")
        out.raw(",\"resting\":\(s.resting),\"running\":\(s.running)")
        out.raw(",\"speed\":"); out.number(s.speed)
        out.raw(",\"step\":\(s.steps),\"time\":"); out.number(s.time)
        out.raw("}")
        return out.text
    }

    private func stateLocked() -> [String: Any] {
        do {
            var list: [[String: Any]] = []
            for (i, item) in items.enumerated() {
                list.append([
                    "name": FrameEncoder.displayName(of: item, index: i),
                    "x": Double(item.center.x), "y": Double(item.center.y),
                    "angle": Double(atan2(item.transform.b, item.transform.a)),
                    "width": Double(item.bounds.width), "height": Double(item.bounds.height),
                    "shape": FrameEncoder.shapeName(item),
                ])
            }
            // The item the pointer's default drag holds, by the name the items list gives it.
            let held = scene.flatMap { $0.bridge.draggedItem(on: $0.animator) }
            let dragging = held.flatMap { h in items.firstIndex { $0 === h }.map { FrameEncoder.displayName(of: h, index: $0) } }
            let params: [[String: Any]] = currentParams.map {
                ["name": $0.name, "value": $0.value, "min": $0.min, "max": $0.max, "step": $0.step]
            }
            return [
                "time": scene?.animator.elapsedTime ?? 0,
                "running": !paused && scene != nil,
                "error": (loadError ?? callbackError).map { $0 as Any } ?? NSNull(),
                "items": list,
                "step": steps,
                "paused": paused,
                "resting": !(scene?.animator.isRunning ?? false),
                "speed": speed,
                "reloads": reloads,
                "generation": generation,
                "recording": recording != nil,
                "params": params,
                "dragging": dragging.map { $0 as Any } ?? NSNull(),
            ]
        }
    }

    /// The current scene message (sent first to a new WebSocket, and on request).
    /// Under its own lock, never `lock`: a new WebSocket or a "scene" message must not wait
    /// for a load.
    var sceneMessage: String { sceneJSON }
    /// The scene message's bytes, made once and shared by every viewer's connection.
    var sceneMessageBytes: ByteBuffer { sceneLock.withLock { sceneBytesStorage } }

    /// A frame message now (the stepping thread sends one every tick).
    private func frameJSONLocked() -> String {
        guard let scene else {
            return LiveSession.json(FrameMessage(generation: generation, time: 0, step: 0, paused: paused, resting: true, speed: speed,
                                                 stepMs: 0, error: loadError, recording: false, recorded: 0, params: [],
                                                 items: [], overlay: .init()))
        }
        return LiveSession.json(FrameMessage(
            generation: generation, time: scene.animator.elapsedTime, step: steps, paused: paused,
            resting: !scene.animator.isRunning, speed: speed, stepMs: (stepMs * 1000).rounded() / 1000,
            error: loadError ?? callbackError, recording: recording != nil, recorded: recording?.events.count ?? 0,
            params: currentParams.map(\.value), items: FrameEncoder.items(items), overlay: FrameEncoder.overlay(of: scene.animator)))
    }

    static func json<T: Encodable>(_ value: T) -> String {
        let data = (try? JSONEncoder().encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

/// JSON written piece by piece: strings escaped as the JSON traces escape them, numbers in
/// Swift's shortest round-trip form (null if not finite, which the model never lets happen).
struct JSONText {
    private(set) var text = ""

    mutating func raw(_ s: String) { text += s }

    mutating func number(_ d: Double) {
        guard d.isFinite else { text += "null"; return }
        if d == d.rounded(), abs(d) < 1e15 { text += String(Int64(d)) } else { text += "\(d)" }
    }

    mutating func string(_ s: String) { text += Format.jsonString(s) }
}

/// What `GET /state` shows at one moment (see `LiveSession.stateJSON`).
struct StateSnapshot {
    /// The session's `version` it was taken at (-1: none yet).
    var version = -1
    var dragging: String?
    var error: String?
    var generation = 0
    var names: [String] = []
    var shapes: [String] = []
    /// x, y, angle, width, height of each item (points, radians).
    var places: [Double] = []
    var params: [LuaSceneParam] = []
    var paused = false
    var recording = false
    var reloads = 0
    var resting = true
    var running = false
    var speed = 1.0
    var steps = 0
    var time = 0.0
}
