import Foundation
import Dynamics

/// A timer in step with the display (UIKit's `CADisplayLink`): once added to the main run
/// loop it calls its action once a frame of the main loop (`MainLoop`), or every few frames
/// for a lower `preferredFramesPerSecond`, until invalidated.
///
/// Linux has no selectors, so the action is a method reference or a closure:
///
/// ```swift
/// let link = CADisplayLink(target: self, action: MyView.step)   // func step(_ link: CADisplayLink)
/// link.add(to: .main, forMode: .common)
/// ```
///
/// Headless, "the main run loop" is the main loop of the thread that adds the link
/// (`MainLoop.current`), whatever run loop is named. As UIKit's, the link holds its target
/// strongly and the loop holds the link until `invalidate()`.
open class CADisplayLink {
    private var action: (CADisplayLink) -> Void
    private weak var loop: MainLoop?
    /// Frames of the loop seen since the link was added.
    private var framesSeen = 0

    /// A link that calls `action` on `target` with itself.
    public init<Target: AnyObject>(target: Target, action: @escaping (Target) -> (CADisplayLink) -> Void) {
        self.action = { link in action(target)(link) }
    }

    /// A link that calls the argument-free `action` on `target`.
    public init<Target: AnyObject>(target: Target, action: @escaping (Target) -> () -> Void) {
        self.action = { _ in action(target)() }
    }

    /// A link that calls `handler`.
    public init(handler: @escaping (CADisplayLink) -> Void) {
        action = handler
    }

    /// The loop time (seconds) of the frame being shown when the action runs.
    open private(set) var timestamp: TimeInterval = 0
    /// The loop time of the next frame the action runs for.
    open private(set) var targetTimestamp: TimeInterval = 0
    /// The time between the frames the action runs for (seconds).
    open private(set) var duration: TimeInterval = 0
    /// While true the action is not called (frames still pass).
    open var isPaused = false
    /// How often the action runs, in frames per second; 0 (the default) or more than the
    /// screen's rate means every frame. A rate that does not divide the screen's runs at the
    /// nearest whole fraction of it (30 of 60: every other frame).
    open var preferredFramesPerSecond = 0 {
        didSet {
            if preferredFramesPerSecond < 0 {
                UIKitInput.report("CADisplayLink", "preferredFramesPerSecond", "must be ≥ 0, got \(preferredFramesPerSecond)")
                preferredFramesPerSecond = oldValue
            }
        }
    }

    /// Whether the link is on a loop.
    var isScheduled: Bool { loop != nil }

    /// Starts the link on the main loop of this thread (`MainLoop.current`).
    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        let loop = MainLoop.current
        guard self.loop !== loop else { return }
        self.loop?.remove(self)
        self.loop = loop
        framesSeen = 0
        loop.add(self)
    }

    /// Stops the link on that loop.
    open func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        invalidate()
    }

    /// Stops the link for good and releases its target.
    open func invalidate() {
        loop?.remove(self)
        loop = nil
        action = { _ in }
    }

    /// A frame of the loop: runs the action when it is this link's frame.
    func frame(_ loop: MainLoop) {
        let screen = UIScreen.main.maximumFramesPerSecond
        let every = preferredFramesPerSecond <= 0 || preferredFramesPerSecond >= screen
            ? 1 : max(1, Int((Double(screen) / Double(preferredFramesPerSecond)).rounded()))
        framesSeen += 1
        guard framesSeen % every == 0, !isPaused else { return }
        duration = loop.frameDuration * Double(every)
        timestamp = loop.time
        targetTimestamp = loop.time + duration
        action(self)
    }
}
