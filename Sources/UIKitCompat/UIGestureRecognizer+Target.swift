import Foundation
import Dynamics

// Target–action for gesture recognizers in the form that compiles without the Objective-C
// runtime (see `UIControl` for why `#selector` cannot): name the action method itself.
//
//     let pan = UIPanGestureRecognizer(target: self, action: MyViewController.dragged)
//     // with  func dragged(_ sender: UIPanGestureRecognizer)  or  func dragged()

extension UIGestureRecognizer {
    /// A recognizer that calls `action` on `target` (held weakly) with itself as the sender.
    public convenience init<Target: AnyObject, Sender: UIGestureRecognizer>(target: Target, action: @escaping (Target) -> (Sender) -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    /// A recognizer that calls the argument-free `action` on `target` (held weakly).
    public convenience init<Target: AnyObject>(target: Target, action: @escaping (Target) -> () -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    /// Also calls `action` on `target` (held weakly) with the recognizer as the sender.
    public func addTarget<Target: AnyObject, Sender: UIGestureRecognizer>(_ target: Target, action: @escaping (Target) -> (Sender) -> Void) {
        addAction { [weak target] recognizer in
            guard let target, let sender = recognizer as? Sender else { return }
            action(target)(sender)
        }
    }

    /// Also calls the argument-free `action` on `target` (held weakly).
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> () -> Void) {
        addAction { [weak target] _ in
            guard let target else { return }
            action(target)()
        }
    }
}
