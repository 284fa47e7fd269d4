import Foundation
import Dynamics

/// A minimal, headless `UIScreen`: the size the display is taken to have. `UIScreen.main` is
/// the classic 320 × 568 point iPhone screen at scale 2 with no safe-area insets; a driver or
/// test may set other values (an iPhone X-class screen: 375 × 812, insets 44 top, 34 bottom)
/// before making its view controllers, whose root views take `bounds` and `safeAreaInsets`
/// from here.
public final class UIScreen: @unchecked Sendable {
    /// The display every view controller is on.
    public static let main = UIScreen()

    private let lock = NSLock()
    private var _bounds = CGRect(x: 0, y: 0, width: 320, height: 568)
    private var _scale: CGFloat = 2
    private var _safeAreaInsets = UIEdgeInsets.zero
    private var _maximumFramesPerSecond = 60

    public init() {}

    /// The screen in points, origin zero.
    public var bounds: CGRect {
        get { lock.lock(); defer { lock.unlock() }; return _bounds }
        set { lock.lock(); _bounds = newValue; lock.unlock() }
    }

    /// Pixels per point.
    public var scale: CGFloat {
        get { lock.lock(); defer { lock.unlock() }; return _scale }
        set { lock.lock(); _scale = newValue; lock.unlock() }
    }

    /// Frames per second the display shows (60 by default; 120 for a ProMotion screen): the
    /// main loop's rate (`MainLoop`), at which display links fire and animators step. A
    /// value outside 1…1000 is reported (see `UIKitInput`) and the rate kept.
    public var maximumFramesPerSecond: Int {
        get { lock.lock(); defer { lock.unlock() }; return _maximumFramesPerSecond }
        set {
            guard (1...1000).contains(newValue) else {
                UIKitInput.report("UIScreen", "maximumFramesPerSecond", "must be in 1…1000, got \(newValue)")
                return
            }
            lock.lock(); _maximumFramesPerSecond = newValue; lock.unlock()
        }
    }

    /// Pixels per point of the panel (the same as `scale` headless).
    public var nativeScale: CGFloat { scale }

    /// The screen in pixels.
    public var nativeBounds: CGRect {
        CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale)
    }

    /// What the status bar, notch and home indicator take from a full-screen root view (points).
    public var safeAreaInsets: UIEdgeInsets {
        get { lock.lock(); defer { lock.unlock() }; return _safeAreaInsets }
        set { lock.lock(); _safeAreaInsets = newValue; lock.unlock() }
    }
}
