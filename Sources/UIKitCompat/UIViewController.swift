import Foundation
import Dynamics

/// A minimal, headless `UIViewController`: a root `view`, loaded on first use by `loadView()`
/// (override it to install your own view class, as in UIKit), the life-cycle methods classic
/// code overrides, child controllers and modal presentation as bookkeeping. No storyboards,
/// nibs or segues.
///
/// Nothing calls the life-cycle methods by itself. A headless driver does what UIKit would:
///
/// ```swift
/// let vc = MyViewController()
/// vc.beginAppearance()          // viewDidLoad, viewWillAppear, layout, viewDidAppear
/// // … send taps, step vc's animator …
/// ```
///
/// (`viewDidLoad()` called directly works too; the view loads when first touched.)
open class UIViewController: UIResponder {
    /// The classic iPhone screen (320×568 points), the default root view frame.
    public static let defaultViewFrame = CGRect(x: 0, y: 0, width: 320, height: 568)

    /// The frame `loadView()` gives the root view.
    private let viewFrame: CGRect
    private var loadedView: UIView?

    /// The root view, made by `loadView()` the first time it is read.
    open var view: UIView! {
        get {
            if loadedView == nil {
                loadView()
                if loadedView == nil { loadedView = UIView(frame: viewFrame) }
                loadedView?.rootSafeAreaInsets = screenSafeArea + additionalSafeAreaInsets
            }
            return loadedView
        }
        set { loadedView = newValue }
    }

    /// Whether the root view exists yet.
    public var isViewLoaded: Bool { loadedView != nil }

    open var title: String?

    /// A controller whose root view will have `viewFrame`.
    public init(viewFrame: CGRect) {
        self.viewFrame = viewFrame
        super.init()
    }

    /// A controller whose root view fills `UIScreen.main` (320×568 points by default).
    public override convenience init() {
        self.init(viewFrame: UIScreen.main.bounds)
    }

    /// UIKit's designated initializer; there are no nibs headless, so both are ignored.
    public convenience init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        self.init(viewFrame: UIScreen.main.bounds)
    }

    /// There is nothing to decode on this platform: the root view fills `UIScreen.main`.
    public required init?(coder: NSCoder) {
        viewFrame = UIScreen.main.bounds
        super.init()
    }

    /// Makes the root view: a plain `UIView` filling the screen. Override to assign `view`
    /// a view of your own class (do not call super then).
    open func loadView() {
        view = UIView(frame: viewFrame)
    }

    /// Loads the view and calls `viewDidLoad()`, once.
    open func loadViewIfNeeded() {
        guard !isViewLoaded else { return }
        _ = view
        viewDidLoad()
    }

    // MARK: Life cycle (override; a driver calls them)

    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
    open func viewSafeAreaInsetsDidChange() {}
    open func didReceiveMemoryWarning() {}

    /// What a window does when it shows the controller: loads the view and calls
    /// `viewDidLoad()` (once), `viewWillAppear(false)`, a layout pass
    /// (`viewWillLayoutSubviews`, the views' `layoutIfNeeded`, `viewDidLayoutSubviews`) and
    /// `viewDidAppear(false)`.
    open func beginAppearance() {
        loadViewIfNeeded()
        viewWillAppear(false)
        layoutPass()
        viewDidAppear(false)
    }

    /// One layout pass, as UIKit runs before a frame is drawn.
    open func layoutPass() {
        viewWillLayoutSubviews()
        view.layoutIfNeeded()
        viewDidLayoutSubviews()
    }

    // MARK: Safe area

    private var screenSafeArea: UIEdgeInsets { UIScreen.main.safeAreaInsets }

    /// Insets added to the screen's safe area for the root view (points).
    open var additionalSafeAreaInsets = UIEdgeInsets.zero {
        didSet {
            guard let v = loadedView else { return }
            v.rootSafeAreaInsets = screenSafeArea + additionalSafeAreaInsets
            viewSafeAreaInsetsDidChange()
        }
    }

    // MARK: Containment and presentation (bookkeeping only)

    public private(set) var children: [UIViewController] = []
    public private(set) weak var parent: UIViewController?
    public private(set) var presentedViewController: UIViewController?
    public private(set) weak var presentingViewController: UIViewController?

    open func addChild(_ child: UIViewController) {
        child.removeFromParent()
        children.append(child)
        child.parent = self
    }

    open func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }

    open func willMove(toParent parent: UIViewController?) {}
    open func didMove(toParent parent: UIViewController?) {}

    /// Presents `controller` at once (its view loads and appears), then calls `completion`.
    open func present(_ controller: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        presentedViewController = controller
        controller.presentingViewController = self
        controller.beginAppearance()
        completion?()
    }

    /// Dismisses what this controller presents (or this controller, if presented) at once.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        if let presented = presentedViewController {
            presented.viewWillDisappear(false)
            presented.viewDidDisappear(false)
            presented.presentingViewController = nil
            presentedViewController = nil
        } else if let presenter = presentingViewController {
            presenter.dismiss(animated: flag, completion: nil)
        }
        completion?()
    }
}

extension UIEdgeInsets {
    static func + (a: UIEdgeInsets, b: UIEdgeInsets) -> UIEdgeInsets {
        UIEdgeInsets(top: a.top + b.top, left: a.left + b.left, bottom: a.bottom + b.bottom, right: a.right + b.right)
    }
}
