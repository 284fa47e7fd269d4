import Foundation
import Dynamics

/// A minimal, headless `UIControl`: states, content alignment and target–action, with the
/// events sent by code (`sendActions(for:)`, as a driver simulates a tap).
///
/// **Target–action without `#selector`.** `#selector` needs the Objective-C runtime, which
/// Swift has only on Apple platforms, so `addTarget(self, action: #selector(tapped(_:)),
/// for: .touchUpInside)` cannot compile on Linux. The closest form that compiles everywhere
/// names the method instead of its selector — an unbound method reference, checked by the
/// compiler:
///
/// ```swift
/// button.addTarget(self, action: MyViewController.tapped, for: .touchUpInside)
/// // with  func tapped(_ sender: UIButton)  or  func tapped()  (no @objc, no @IBAction)
/// ```
///
/// The target is held weakly, as UIKit holds it. iOS 14's closure form,
/// `addAction(UIAction { _ in … }, for: .touchUpInside)` (or `UIButton(primaryAction:)`),
/// compiles unchanged on both platforms.
open class UIControl: UIView {
    /// A control's state (UIKit's `UIControl.State`).
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
    }

    /// What happened to a control (UIKit's `UIControl.Event`, same bits).
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// Where content sits across the control (UIKit's `UIControl.ContentHorizontalAlignment`).
    public enum ContentHorizontalAlignment: Int, Sendable {
        case center, left, right, fill, leading, trailing
    }

    /// Where content sits down the control (UIKit's `UIControl.ContentVerticalAlignment`).
    public enum ContentVerticalAlignment: Int, Sendable {
        case center, top, bottom, fill
    }

    open var isEnabled = true { didSet { stateDidChange() } }
    open var isSelected = false { didSet { stateDidChange() } }
    open var isHighlighted = false { didSet { stateDidChange() } }

    /// `.normal`, or the flags of what the control is now.
    open var state: State {
        var s: State = .normal
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }

    /// How content is placed across the bounds: `.fill` stretches it to the bounds' width.
    open var contentHorizontalAlignment: ContentHorizontalAlignment = .center { didSet { setNeedsLayout() } }
    /// How content is placed down the bounds: `.fill` stretches it to the bounds' height.
    open var contentVerticalAlignment: ContentVerticalAlignment = .center { didSet { setNeedsLayout() } }

    /// The horizontal alignment with leading/trailing resolved for left-to-right text.
    public var effectiveContentHorizontalAlignment: ContentHorizontalAlignment {
        switch contentHorizontalAlignment {
        case .leading: return .left
        case .trailing: return .right
        case let a: return a
        }
    }

    /// Called when `isEnabled`, `isSelected` or `isHighlighted` change.
    open func stateDidChange() { setNeedsLayout() }

    // MARK: Target–action

    private struct Registration {
        var events: Event
        /// Identifies the target (nil for closure actions).
        var target: ObjectIdentifier?
        var action: UIAction?
        var call: (UIControl, UIEvent?) -> Void
    }

    private var registrations: [Registration] = []

    /// Calls `action` on `target` (held weakly) with the control as the sender, for `events`.
    /// The compiling form of `addTarget(target, action: #selector(T.action(_:)), for:)`.
    public func addTarget<Target: AnyObject, Sender: UIControl>(_ target: Target, action: @escaping (Target) -> (Sender) -> Void,
                                                               for events: Event) {
        registrations.append(Registration(events: events, target: ObjectIdentifier(target), action: nil) { [weak target] control, _ in
            guard let target, let sender = control as? Sender else { return }
            action(target)(sender)
        })
    }

    /// As above, for an action method whose sender is typed `Any` (`func tapped(_ sender: Any)`).
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> (Any) -> Void, for events: Event) {
        registrations.append(Registration(events: events, target: ObjectIdentifier(target), action: nil) { [weak target] control, _ in
            guard let target else { return }
            action(target)(control)
        })
    }

    /// As above, for an action method without arguments (`func tapped()`).
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> () -> Void, for events: Event) {
        registrations.append(Registration(events: events, target: ObjectIdentifier(target), action: nil) { [weak target] _, _ in
            guard let target else { return }
            action(target)()
        })
    }

    /// As above, for an action method that takes the sender and the event.
    public func addTarget<Target: AnyObject, Sender: UIControl>(_ target: Target, action: @escaping (Target) -> (Sender, UIEvent?) -> Void,
                                                               for events: Event) {
        registrations.append(Registration(events: events, target: ObjectIdentifier(target), action: nil) { [weak target] control, event in
            guard let target, let sender = control as? Sender else { return }
            action(target)(sender, event)
        })
    }

    /// Removes `target`'s actions for `events` (nil target: every target's; closure actions stay).
    public func removeTarget(_ target: AnyObject?, for events: Event) {
        let id = target.map(ObjectIdentifier.init)
        registrations = registrations.compactMap { r in
            guard r.action == nil, id == nil || r.target == id else { return r }
            var r = r
            r.events.subtract(events)
            return r.events.isEmpty ? nil : r
        }
    }

    /// Whether any target or action listens for any of `events`.
    public func hasActions(for events: Event) -> Bool {
        registrations.contains { !$0.events.isDisjoint(with: events) }
    }

    /// Runs `action`'s handler, with this control as its sender, for `events` (iOS 14).
    public func addAction(_ action: UIAction, for events: Event) {
        registrations.append(Registration(events: events, target: nil, action: action) { control, _ in
            action.sender = control
            action.handler(action)
        })
    }

    /// Removes `action` for `events`.
    public func removeAction(_ action: UIAction, for events: Event) {
        registrations = registrations.compactMap { r in
            guard r.action === action else { return r }
            var r = r
            r.events.subtract(events)
            return r.events.isEmpty ? nil : r
        }
    }

    /// Sends `events`: every target and action registered for any of them runs, in the
    /// order they were added. This is how a driver taps a control (`.touchUpInside`).
    open func sendActions(for events: Event) {
        sendActions(for: events, with: nil)
    }

    /// As `sendActions(for:)`, passing `event` to actions that take one.
    open func sendActions(for events: Event, with event: UIEvent?) {
        for r in registrations where !r.events.isDisjoint(with: events) { r.call(self, event) }
    }
}

/// A closure action (UIKit's `UIAction`, iOS 14): a handler with a title and image.
open class UIAction {
    open var title: String
    open var image: UIImage?
    public let identifier: String
    /// The control that sent the action last.
    public internal(set) weak var sender: AnyObject?
    let handler: (UIAction) -> Void

    public init(title: String = "", image: UIImage? = nil, identifier: String? = nil,
                handler: @escaping (UIAction) -> Void) {
        self.title = title
        self.image = image
        self.identifier = identifier ?? UUID().uuidString
        self.handler = handler
    }
}
