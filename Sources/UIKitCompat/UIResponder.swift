import Foundation
import Dynamics

/// A minimal `UIResponder`: the touch callbacks a view controller overrides. Nothing calls
/// them but your own code (a test or headless driver passes `UITouch`es in).
open class UIResponder {
    public init() {}

    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
}

/// A minimal `UITouch`: one finger at a point, made by a driver to simulate input.
public final class UITouch: Hashable {
    public enum Phase: Int, Sendable {
        case began, moved, stationary, ended, cancelled
    }

    /// The view the touch was made in.
    public private(set) weak var view: UIView?
    public var phase: Phase
    public var tapCount: Int
    public var timestamp: TimeInterval
    /// Locations in the root's (window) coordinates.
    private let rootLocation: CGPoint
    private let previousRootLocation: CGPoint

    /// A touch at `location` in `view`'s coordinates (and, for a moving touch, where it was
    /// before, in the same coordinates).
    public init(location: CGPoint, in view: UIView, previousLocation: CGPoint? = nil,
                phase: Phase = .ended, tapCount: Int = 1, timestamp: TimeInterval = 0) {
        self.view = view
        self.phase = phase
        self.tapCount = tapCount
        self.timestamp = timestamp
        rootLocation = view.convert(location, to: nil)
        previousRootLocation = view.convert(previousLocation ?? location, to: nil)
    }

    /// Where the touch is, in `view`'s coordinates (nil: the window's).
    public func location(in view: UIView?) -> CGPoint {
        view?.convert(rootLocation, from: nil) ?? rootLocation
    }

    /// Where the touch was before, in `view`'s coordinates (nil: the window's).
    public func previousLocation(in view: UIView?) -> CGPoint {
        view?.convert(previousRootLocation, from: nil) ?? previousRootLocation
    }

    public static func == (a: UITouch, b: UITouch) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A minimal `UIEvent`: the touches of one simulated event.
open class UIEvent {
    open var allTouches: Set<UITouch>?
    public init(touches: Set<UITouch>? = nil) { allTouches = touches }
}

// MARK: - Gesture recognizers

/// A minimal `UIGestureRecognizer`, driven by hand: Linux has no selectors, so actions are
/// closures (`addAction(_:)`, or the subclasses' `init(handler:)`), and a driver feeds the
/// gesture with the subclasses' `simulate` methods, which set the state and call the actions.
open class UIGestureRecognizer {
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
        public static let recognized = State.ended
    }

    open internal(set) var state: State = .possible
    /// The view the recognizer is attached to (`UIView.addGestureRecognizer(_:)`).
    open internal(set) weak var view: UIView?
    open var isEnabled = true
    private var actions: [(UIGestureRecognizer) -> Void] = []
    /// The current touch point in root (window) coordinates.
    var rootLocation: CGPoint = .zero

    public init() {}

    /// The stand-in for `addTarget(_:action:)`.
    public func addAction(_ action: @escaping (UIGestureRecognizer) -> Void) {
        actions.append(action)
    }

    /// Where the gesture is, in `view`'s coordinates (nil: the window's).
    open func location(in view: UIView?) -> CGPoint {
        view?.convert(rootLocation, from: nil) ?? rootLocation
    }

    /// Moves the gesture to `state` at `point` (in `view`'s coordinates; nil: the recognizer's
    /// view's) and calls the actions.
    func update(_ state: State, at point: CGPoint, in view: UIView?) {
        guard isEnabled else { return }
        rootLocation = (view ?? self.view)?.convert(point, to: nil) ?? point
        self.state = state
        for action in actions { action(self) }
    }
}

/// A minimal `UITapGestureRecognizer`.
open class UITapGestureRecognizer: UIGestureRecognizer {
    open var numberOfTapsRequired = 1

    public convenience init(handler: @escaping (UITapGestureRecognizer) -> Void) {
        self.init()
        addAction { handler($0 as! UITapGestureRecognizer) }
    }

    /// A tap at `point` (in `view`'s coordinates; nil: the recognizer's view's): the state
    /// becomes `.ended` and the actions run.
    public func simulateTap(at point: CGPoint, in view: UIView? = nil) {
        update(.ended, at: point, in: view)
    }
}

/// A minimal `UIPanGestureRecognizer`.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    private var startRootLocation: CGPoint = .zero
    /// Velocity in root (window) coordinates, points per second.
    private var rootVelocity: CGPoint = .zero

    public convenience init(handler: @escaping (UIPanGestureRecognizer) -> Void) {
        self.init()
        addAction { handler($0 as! UIPanGestureRecognizer) }
    }

    /// One step of a pan: `.began` where the finger lands, `.changed` as it moves, `.ended`
    /// (or `.cancelled`) where it lifts, with the finger's velocity (pt/s) at that moment.
    /// Points and velocities are in `view`'s coordinates (nil: the recognizer's view's).
    public func simulate(_ state: State, at point: CGPoint, velocity: CGPoint = .zero, in view: UIView? = nil) {
        let v = view ?? self.view
        let origin = v?.convert(CGPoint.zero, to: nil) ?? .zero
        let tip = v?.convert(velocity, to: nil) ?? velocity
        rootVelocity = CGPoint(x: tip.x - origin.x, y: tip.y - origin.y)
        if state == .began { startRootLocation = v?.convert(point, to: nil) ?? point }
        update(state, at: point, in: view)
    }

    /// How far the finger moved since the pan began, in `view`'s coordinates.
    open func translation(in view: UIView?) -> CGPoint {
        let a = location(in: view)
        let b = view?.convert(startRootLocation, from: nil) ?? startRootLocation
        return CGPoint(x: a.x - b.x, y: a.y - b.y)
    }

    /// Makes the current point the start of the translation, offset by `translation`.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let here = location(in: view)
        let start = CGPoint(x: here.x - translation.x, y: here.y - translation.y)
        startRootLocation = view?.convert(start, to: nil) ?? start
    }

    /// The finger's velocity (pt/s) in `view`'s coordinates.
    open func velocity(in view: UIView?) -> CGPoint {
        guard let view else { return rootVelocity }
        let a = view.convert(CGPoint.zero, from: nil)
        let b = view.convert(rootVelocity, from: nil)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }
}
