import Dynamics
import Foundation

extension LiveSession {
    /// The viewer's tick: 60 a second.
    static let tick = Duration.seconds(1) / 60

    /// Starts the stepping task (60 ticks per second) on the session's executor.
    public nonisolated func start() {
        Task { await self.runTicks() }
    }

    /// Stops the stepping task (at its next tick) and closes every stream.
    public nonisolated func stop() {
        stopped.store(true, ordering: .relaxed)
        broadcaster.finishAll()
    }

    /// Each tick: reloads when a watched file changed (four times a second), steps the frames
    /// the wall-clock time since the last tick makes, publishes the state and sends a frame.
    /// Between ticks it sleeps; it always yields once, so the commands queued during a tick
    /// run before the next one even when frames are too slow to leave time to sleep.
    func runTicks() async {
        let clock = ContinuousClock()
        var last = clock.now
        var next = last + LiveSession.tick
        var ticks = 0
        while !stopped.load(ordering: .relaxed) {
            let now = clock.now
            ticks += 1
            if ticks % 15 == 0 { checkFiles() }
            advance(wall: min(LiveSession.seconds(now - last), 0.25))
            publishState()
            // With no scene (its load failed) every frame is the same error: twice a second
            // is enough for a viewer that joins.
            if (scene != nil || ticks % 30 == 0) && broadcaster.count > 0 { broadcaster.sendFrame(frameJSON()) }
            last = now
            await Task.yield()
            if next > clock.now { try? await Task.sleep(until: next, tolerance: .milliseconds(1), clock: clock) }
            next = max(next + LiveSession.tick, clock.now - LiveSession.tick)
        }
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    /// Steps as many fixed frames as `wall` seconds at `speed` make (at most 4 per tick), and
    /// stops early when a request is on its way.
    func advance(wall: Double) {
        guard !paused, scene != nil else { return }
        accumulator = min(accumulator + wall * speed, 4 * LiveScene.frame)
        while accumulator >= LiveScene.frame - 1e-9 {
            accumulator -= LiveScene.frame
            step()
            if pending.load(ordering: .relaxed) > 0 { accumulator = 0; break }
        }
    }

    /// One fixed frame of the scene, timed (`stepMs`, a moving average shown by the page).
    func step() {
        guard let scene else { return }
        let clock = ContinuousClock()
        let start = clock.now
        applyTimelineInputs()
        scene.animator.step(LiveScene.frame)
        let ms = LiveSession.seconds(clock.now - start) * 1000
        stepMs = stepMs == 0 ? ms : 0.9 * stepMs + 0.1 * ms
        steps += 1
        timelineStepped()
        pristine = false
        version += 1
        refreshItems(force: false)
    }

    /// A frame message now (the stepping task sends one every tick).
    func frameJSON() -> String {
        guard let scene else {
            return LiveSession.json(FrameMessage(generation: generation, time: 0, step: 0, paused: paused, resting: true, speed: speed,
                                                 stepMs: 0, error: loadError, recording: false, recorded: 0, timelineEnd: 0, params: [],
                                                 items: [], overlay: .init()))
        }
        return LiveSession.json(FrameMessage(
            generation: generation, time: scene.animator.elapsedTime, step: steps, paused: paused,
            resting: !scene.animator.isRunning, speed: speed, stepMs: (stepMs * 1000).rounded() / 1000,
            error: loadError ?? callbackError, recording: recording != nil, recorded: recording?.events ?? 0, timelineEnd: timeline.end,
            params: currentParams.map(\.value), items: FrameEncoder.items(items, in: scene.animator), overlay: FrameEncoder.overlay(of: scene.animator)))
    }
}
