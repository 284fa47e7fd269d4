import Foundation
import Dynamics

/// A minimal, headless `UIViewController`: it owns a root `view` (made at init with
/// `viewFrame`, 320×568 by default, the classic iPhone screen) and the life-cycle methods
/// classic code overrides. Nothing calls them by itself: a headless driver calls
/// `viewDidLoad()` once, then feeds touches or gestures and steps the animator.
open class UIViewController: UIResponder {
    /// The classic iPhone screen (320×568 points), the default root view frame.
    public static let defaultViewFrame = CGRect(x: 0, y: 0, width: 320, height: 568)

    /// The root view.
    open var view: UIView!
    open var title: String?

    /// A controller whose root view has `viewFrame`.
    public init(viewFrame: CGRect) {
        view = UIView(frame: viewFrame)
        super.init()
    }

    /// A controller whose root view is 320×568 points.
    public override convenience init() {
        self.init(viewFrame: UIViewController.defaultViewFrame)
    }

    /// There is nothing to decode on this platform: the root view has the default frame.
    public required init?(coder: NSCoder) {
        view = UIView(frame: UIViewController.defaultViewFrame)
        super.init()
    }

    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
}
