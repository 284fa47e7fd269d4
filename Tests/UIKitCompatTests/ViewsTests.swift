import Foundation
import Testing
import UIKitCompat

@Suite struct ImageTests {
    @Test func imagesAreDataNamesSizesAndRenderingModes() throws {
        UIImage.registerAsset(named: "ViewsTests.Box", size: CGSize(width: 30, height: 20))
        let box = try #require(UIImage(named: "ViewsTests.Box"))
        #expect(box.size == CGSize(width: 30, height: 20))
        #expect(box.renderingMode == .automatic)
        let template = box.withRenderingMode(.alwaysTemplate)
        #expect(template.renderingMode == .alwaysTemplate && template.name == "ViewsTests.Box")
        #expect(template != box && template == box.withRenderingMode(.alwaysTemplate))
        #expect(UIImage(named: "not registered")?.size == .zero)
        let symbol = try #require(UIImage(systemName: "star"))
        #expect(symbol.size == CGSize(width: 17, height: 17) && symbol.renderingMode == .alwaysTemplate)
        #expect(box.withTintColor(.red).tintColor == .red)
    }

    @Test func imageViewSizesToItsImageAndDrawsTemplatesInTheInheritedTint() throws {
        UIImage.registerAsset(named: "ViewsTests.Dot", size: CGSize(width: 12, height: 12))
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        parent.tintColor = .green
        let dot = UIImageView(image: UIImage(named: "ViewsTests.Dot"))
        #expect(dot.frame == CGRect(x: 0, y: 0, width: 12, height: 12))
        #expect(!dot.isUserInteractionEnabled)
        #expect(dot.renderedTintColor == nil, "an original image draws its own colors")
        dot.image = dot.image?.withRenderingMode(.alwaysTemplate)
        #expect(dot.renderedTintColor == .systemBlue, "a root view's default tint")
        parent.addSubview(dot)
        #expect(dot.renderedTintColor == .green, "inherited from the superview")
        dot.tintColor = .red
        #expect(dot.renderedTintColor == .red)
        dot.tintColor = nil
        #expect(dot.tintColor == .green)
        dot.highlightedImage = UIImage(systemName: "star")
        dot.isHighlighted = true
        #expect(dot.displayedImage?.systemName == "star")
    }
}

/// Counts calls, for target–action tests.
private final class Receiver {
    var withSender: [UIButton] = []
    var plain = 0
    var any = 0
    func tapped(_ sender: UIButton) { withSender.append(sender) }
    func ping() { plain += 1 }
    func anything(_ sender: Any) { any += 1 }
}

@Suite struct ControlTests {
    @Test func targetActionWithMethodReferencesAndClosures() {
        let button = UIButton(type: .system)
        var receiver: Receiver? = Receiver()
        button.addTarget(receiver!, action: Receiver.tapped, for: .touchUpInside)
        button.addTarget(receiver!, action: Receiver.ping, for: [.touchUpInside, .touchDown])
        button.addTarget(receiver!, action: Receiver.anything, for: .valueChanged)
        var closureCalls = 0
        let action = UIAction(title: "Go") { a in closureCalls += 1; #expect(a.sender === button) }
        button.addAction(action, for: .touchUpInside)

        button.sendActions(for: .touchUpInside)
        button.sendActions(for: .touchDown)
        button.sendActions(for: .valueChanged)
        #expect(receiver!.withSender.count == 1 && receiver!.withSender[0] === button)
        #expect(receiver!.plain == 2 && receiver!.any == 1 && closureCalls == 1)

        button.removeTarget(receiver, for: .touchDown)
        button.sendActions(for: .touchDown)
        #expect(receiver!.plain == 2)
        #expect(button.hasActions(for: .touchUpInside))
        button.removeAction(action, for: .touchUpInside)
        // The target is weak: once it is gone, nothing is called and nothing traps.
        weak let gone = receiver
        receiver = nil
        #expect(gone == nil)
        button.sendActions(for: .touchUpInside)
        #expect(closureCalls == 1)
    }

    @Test func primaryActionTitlesTheButton() {
        var fired = 0
        let button = UIButton(primaryAction: UIAction(title: "Play") { _ in fired += 1 })
        #expect(button.buttonType == .system && button.currentTitle == "Play")
        button.sendActions(for: .primaryActionTriggered)
        #expect(fired == 1)
    }

    @Test func perStateContentFallsBackToNormal() {
        let button = UIButton(type: .custom)
        button.setTitle("Off", for: .normal)
        button.setTitle("On", for: .selected)
        button.setTitleColor(.red, for: .highlighted)
        #expect(button.currentTitle == "Off" && button.currentTitleColor == .white)
        button.isSelected = true
        #expect(button.currentTitle == "On" && button.state == .selected)
        button.isSelected = false
        button.isHighlighted = true
        #expect(button.currentTitle == "Off" && button.currentTitleColor == .red)
        #expect(button.titleLabel?.text == "Off" && button.titleLabel?.textColor == .red)
    }

    /// A 20 × 10 image and the title "Hi" at 18 pt (2 × 9 = 18 pt wide, 22 pt tall) in a
    /// 100 × 40 button.
    @Test func contentAlignmentPlacesOrStretchesTheImage() throws {
        UIImage.registerAsset(named: "ViewsTests.Icon", size: CGSize(width: 20, height: 10))
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
        button.setImage(UIImage(named: "ViewsTests.Icon"), for: .normal)
        let image = try #require(button.imageView)
        #expect(image.frame == CGRect(x: 40, y: 15, width: 20, height: 10), "centered by default")
        button.contentHorizontalAlignment = .left
        button.contentVerticalAlignment = .bottom
        button.layoutIfNeeded()
        #expect(image.frame == CGRect(x: 0, y: 30, width: 20, height: 10))
        button.contentHorizontalAlignment = .fill
        button.contentVerticalAlignment = .fill
        button.layoutIfNeeded()
        #expect(image.frame == button.bounds, "fill: the image is the bounds")
        button.bounds = CGRect(x: 0, y: 0, width: 130, height: 55)
        #expect(image.frame == CGRect(x: 0, y: 0, width: 130, height: 55), "and follows them")
        button.setTitle("Hi", for: .normal)
        let title = try #require(button.titleLabel)
        #expect(title.frame == CGRect(x: 112, y: 0, width: 18, height: 55))
        #expect(image.frame.width == 112, "fill leaves the title its width")
        button.contentEdgeInsets = UIEdgeInsets(top: 5, left: 5, bottom: 5, right: 5)
        #expect(image.frame == CGRect(x: 5, y: 5, width: 102, height: 45))
        button.contentHorizontalAlignment = .center
        button.contentVerticalAlignment = .center
        button.contentEdgeInsets = .zero
        button.sizeToFit()
        #expect(button.bounds.size == CGSize(width: 38, height: 22))
    }
}

@Suite struct LabelAndScreenTests {
    @Test func labelEstimatesItsSizeFromTheFont() {
        let label = UILabel(frame: .zero)
        label.font = .systemFont(ofSize: 20)
        label.text = "Hello"
        #expect(label.intrinsicContentSize == CGSize(width: 50, height: 24))
        label.text = "Hello\nthere, world"
        #expect(label.intrinsicContentSize.height == 24, "one line by default")
        label.numberOfLines = 0
        #expect(label.intrinsicContentSize == CGSize(width: 120, height: 48))
        label.sizeToFit()
        #expect(label.bounds.size == CGSize(width: 120, height: 48))
        #expect(label.attributedText?.string == label.text)
        #expect(label.textColor == .label && label.textAlignment == .natural)
    }

    @Test func safeAreaComesFromTheScreenAndTheController() {
        let vc = UIViewController()
        #expect(vc.view.bounds.size == UIScreen.main.bounds.size)
        #expect(UIScreen.main.nativeBounds.width == UIScreen.main.bounds.width * UIScreen.main.scale)
        vc.additionalSafeAreaInsets = UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
        #expect(vc.view.safeAreaInsets == UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        // A subview gets the part of the insets it overlaps.
        let bar = UIView(frame: CGRect(x: 0, y: 20, width: 320, height: 100))
        vc.view.addSubview(bar)
        #expect(bar.safeAreaInsets == UIEdgeInsets(top: 24, left: 0, bottom: 0, right: 0))
        #expect(vc.view.safeAreaLayoutGuide.layoutFrame == CGRect(x: 0, y: 44, width: 320, height: 568 - 78))
        #expect(vc.view.layoutMarginsGuide.layoutFrame == CGRect(x: 8, y: 8, width: 304, height: 552))
    }
}

/// A controller with its own root view class and a record of its life cycle.
private final class LifeCycleController: UIViewController {
    var calls: [String] = []
    final class Root: UIView {
        var layouts = 0
        override func layoutSubviews() { layouts += 1 }
    }
    override func loadView() { calls.append("loadView"); view = Root(frame: UIScreen.main.bounds) }
    override func viewDidLoad() { super.viewDidLoad(); calls.append("viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { calls.append("viewWillAppear") }
    override func viewWillLayoutSubviews() { calls.append("viewWillLayoutSubviews") }
    override func viewDidLayoutSubviews() { calls.append("viewDidLayoutSubviews") }
    override func viewDidAppear(_ animated: Bool) { calls.append("viewDidAppear") }
}

@Suite struct ViewControllerTests {
    @Test func appearanceRunsTheLifeCycleInUIKitsOrder() throws {
        let vc = LifeCycleController()
        #expect(!vc.isViewLoaded)
        vc.beginAppearance()
        #expect(vc.calls == ["loadView", "viewDidLoad", "viewWillAppear", "viewWillLayoutSubviews",
                             "viewDidLayoutSubviews", "viewDidAppear"])
        let root = try #require(vc.view as? LifeCycleController.Root)
        #expect(root.layouts == 1)
        vc.layoutPass()
        #expect(root.layouts == 1, "nothing asked for a layout")
        root.bounds.size = CGSize(width: 200, height: 200)
        vc.layoutPass()
        #expect(root.layouts == 2, "resizing asks for one")
        vc.loadViewIfNeeded()
        #expect(vc.calls.filter { $0 == "viewDidLoad" }.count == 1)
    }

    @Test func presentationAndChildrenAreBookkeeping() {
        let parent = UIViewController(nibName: nil, bundle: nil)
        let child = LifeCycleController()
        parent.addChild(child)
        #expect(parent.children.count == 1 && child.parent === parent)
        child.removeFromParent()
        #expect(parent.children.isEmpty)
        var done = false
        parent.present(child, animated: true) { done = true }
        #expect(done && parent.presentedViewController === child && child.calls.last == "viewDidAppear")
        child.dismiss(animated: true)
        #expect(parent.presentedViewController == nil)
    }
}

/// The view idioms of classic UIKit Dynamics samples, as they are written for UIKit.
@Suite struct ClassicIdiomTests {
    /// An `NSObject` dynamic item that maps its center onto a button's bounds.
    final class BoundsProxy: NSObject, UIDynamicItem {
        var target: UIButton!
        var center: CGPoint {
            get { CGPoint(x: target.bounds.size.width, y: target.bounds.size.height) }
            set { target.bounds = CGRect(x: 0, y: 0, width: newValue.x, height: newValue.y) }
        }
        var bounds: CGRect { target.bounds }
        var transform: CGAffineTransform {
            get { target.transform }
            set { target.transform = newValue }
        }
        convenience init(target: UIButton) {
            self.init()
            self.target = target
        }
    }

    @Test func decorationAndLayerCodeCompilesAndHoldsState() throws {
        let root = UIView(frame: UIScreen.main.bounds)
        root.backgroundColor = UIColor(patternImage: UIImage(named: "BackgroundTile")!)
        let arrowImage = UIImage(named: "Arrow")!.withRenderingMode(.alwaysTemplate)
        let arrow = UIImageView(image: arrowImage)
        arrow.bounds = CGRect(x: 0, y: 0, width: arrowImage.size.width, height: arrowImage.size.height)
        arrow.contentMode = .bottomRight
        arrow.clipsToBounds = true
        arrow.layer.anchorPoint = CGPoint(x: 0.0, y: 0.5)
        root.addSubview(arrow)
        root.sendSubview(toBack: arrow)
        root.bringSubview(toFront: arrow)
        arrow.transform = CGAffineTransform(rotationAngle: .pi / 4)
        arrow.tintColor = UIColor.red
        UIView.animate(withDuration: 1.0) { arrow.alpha = 0 }
        #expect(arrow.alpha == 0)

        let dash = CALayer()
        dash.bounds = CGRect(x: 0, y: 0, width: 4, height: 10)
        dash.anchorPoint = CGPoint(x: 0.5, y: 0)
        root.layer.insertSublayer(dash, at: 0)
        CATransaction.begin()
        CATransaction.setAnimationDuration(0)
        dash.setAffineTransform(CGAffineTransform(translationX: 10, y: 20))
        dash.isHidden = false
        CATransaction.commit()
        #expect(root.layer.sublayers?.first === dash)
        #expect(dash.frame == CGRect(x: 8, y: 20, width: 4, height: 10))

        UIView.animate(withDuration: 0.3, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
                       options: [.curveEaseOut, .allowUserInteraction], animations: { arrow.alpha = 1 }, completion: nil)
        #expect(arrow.alpha == 1)
        root.setNeedsLayout()
        root.layoutIfNeeded()
    }

    @Test func anNSObjectItemDrivesAButtonsBounds() throws {
        let view = UIView(frame: UIScreen.main.bounds)
        let button = UIButton(frame: CGRect(x: 10, y: 10, width: 60, height: 30))
        view.addSubview(button)
        let animator = UIDynamicAnimator(referenceView: view)
        let proxy = BoundsProxy(target: button)
        let spring = UIAttachmentBehavior(item: proxy, attachedToAnchor: proxy.center)
        spring.frequency = 2
        spring.damping = 0.3
        animator.addBehavior(spring)
        let push = UIPushBehavior(items: [proxy], mode: .instantaneous)
        push.angle = .pi / 4
        push.magnitude = 2
        animator.addBehavior(push)
        push.active = true
        for _ in 0..<6 { animator.step(1.0 / 60) }
        #expect(button.bounds.width > 60 && button.bounds.height > 30)
        #expect(button.center == CGPoint(x: 40, y: 25))
    }
}
