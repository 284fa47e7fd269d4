import Foundation
import Dynamics

/// A minimal, headless `UIButton`: titles, title colors, images and background images per
/// state (falling back to `.normal`, as UIKit does), a `titleLabel` and an `imageView` laid
/// out in the bounds, and target–action from `UIControl`.
///
/// The layout follows UIKit's for an image and a title side by side (image first), inside
/// `contentEdgeInsets`: `contentHorizontalAlignment` and `contentVerticalAlignment` place the
/// pair, and `.fill` stretches the image (not the title) to the free width or the full
/// height. So with both set to `.fill`, as the Custom Dynamic Item demo of UIKit's Dynamics
/// catalog does, a button without a title shows its image at exactly its bounds, whatever
/// the dynamics make of them. The layout runs whenever the bounds, the alignment, the image
/// or the title change.
open class UIButton: UIControl {
    /// UIKit's button types; `.system` draws its title in the tint color.
    public enum ButtonType: Int, Sendable {
        case custom = 0, system, detailDisclosure, infoLight, infoDark, contactAdd, close
        public static let roundedRect = ButtonType.system
    }

    public private(set) var buttonType: ButtonType = .custom

    private var titles: [UInt: String] = [:]
    private var attributedTitles: [UInt: NSAttributedString] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    private var backgroundImages: [UInt: UIImage] = [:]

    /// Shows the current title (made with the button).
    public private(set) var titleLabel: UILabel?
    /// Shows the current image (made with the button).
    public private(set) var imageView: UIImageView?

    /// Space between the bounds and the content (points).
    open var contentEdgeInsets = UIEdgeInsets.zero { didSet { layoutContent() } }
    /// Moves the image from its laid-out place (points).
    open var imageEdgeInsets = UIEdgeInsets.zero { didSet { layoutContent() } }
    /// Moves the title from its laid-out place (points).
    open var titleEdgeInsets = UIEdgeInsets.zero { didSet { layoutContent() } }
    /// Whether the image dims while highlighted (held).
    open var adjustsImageWhenHighlighted = true
    open var showsTouchWhenHighlighted = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
        makeContentViews()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        makeContentViews()
    }

    /// A button of `buttonType` with a zero frame (UIKit's `UIButton(type:)`).
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
        if buttonType == .system { titleLabel?.font = .systemFont(ofSize: 15) }
        layoutContent()
    }

    /// A `.system` button that runs `primaryAction` on `.primaryActionTriggered` and
    /// `.touchUpInside`, titled with its title (iOS 14).
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        if let primaryAction { adopt(primaryAction) }
    }

    /// A button with `frame` that runs `primaryAction` (iOS 14).
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { adopt(primaryAction) }
    }

    private func adopt(_ action: UIAction) {
        if !action.title.isEmpty { setTitle(action.title, for: .normal) }
        if let image = action.image { setImage(image, for: .normal) }
        addAction(action, for: [.primaryActionTriggered, .touchUpInside])
    }

    private func makeContentViews() {
        let label = UILabel(frame: .zero)
        label.font = .systemFont(ofSize: 18)   // UIKit's custom-button title size
        let image = UIImageView(frame: .zero)
        titleLabel = label
        imageView = image
        addSubview(image)
        addSubview(label)
        layoutContent()
    }

    // MARK: Per-state content

    private func value<T>(_ table: [UInt: T], _ state: State) -> T? { table[state.rawValue] ?? table[State.normal.rawValue] }

    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        if title == nil { attributedTitles[state.rawValue] = nil }
        layoutContent()
    }
    open func title(for state: State) -> String? { value(titles, state) }

    open func setAttributedTitle(_ title: NSAttributedString?, for state: State) {
        attributedTitles[state.rawValue] = title
        titles[state.rawValue] = title?.string
        layoutContent()
    }
    open func attributedTitle(for state: State) -> NSAttributedString? { value(attributedTitles, state) }

    open func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state.rawValue] = color
        layoutContent()
    }
    /// The color set for `state` (or `.normal`); nil when none was set.
    open func titleColor(for state: State) -> UIColor? { value(titleColors, state) }

    open func setImage(_ image: UIImage?, for state: State) {
        images[state.rawValue] = image
        layoutContent()
    }
    open func image(for state: State) -> UIImage? { value(images, state) }

    open func setBackgroundImage(_ image: UIImage?, for state: State) {
        backgroundImages[state.rawValue] = image
    }
    open func backgroundImage(for state: State) -> UIImage? { value(backgroundImages, state) }

    open var currentTitle: String? { title(for: state) }
    open var currentAttributedTitle: NSAttributedString? { attributedTitle(for: state) }
    open var currentImage: UIImage? { image(for: state) }
    open var currentBackgroundImage: UIImage? { backgroundImage(for: state) }
    /// The title color now: the one set for the state, else the tint color for `.system`
    /// buttons and white for the others (UIKit's defaults).
    open var currentTitleColor: UIColor {
        titleColor(for: state) ?? (buttonType == .custom ? .white : tintColor)
    }

    // MARK: Layout

    open override var bounds: CGRect {
        didSet { layoutContent() }
    }

    open override func stateDidChange() {
        super.stateDidChange()
        layoutContent()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        titleLabel?.textColor = currentTitleColor
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutContent()
    }

    /// The image's and the title's natural sizes side by side, plus the content insets.
    open override var intrinsicContentSize: CGSize {
        let i = currentImage?.size ?? .zero
        let t = currentTitle.map { _ in titleLabel?.intrinsicContentSize ?? .zero } ?? .zero
        return CGSize(width: i.width + t.width + contentEdgeInsets.left + contentEdgeInsets.right,
                      height: Swift.max(i.height, t.height) + contentEdgeInsets.top + contentEdgeInsets.bottom)
    }

    /// Places `imageView` and `titleLabel` in the content rectangle (see the type's notes).
    func layoutContent() {
        guard let imageView, let titleLabel else { return }
        imageView.image = currentImage
        titleLabel.text = currentTitle
        titleLabel.attributedText = currentAttributedTitle ?? currentTitle.map { NSAttributedString(string: $0) }
        titleLabel.textColor = currentTitleColor
        let content = bounds.inset(by: contentEdgeInsets)
        var imageSize = currentImage?.size ?? .zero
        var titleSize = currentTitle == nil ? .zero : titleLabel.intrinsicContentSize
        // Fill: the image takes the width the title leaves, and the full height.
        if effectiveContentHorizontalAlignment == .fill {
            if currentImage != nil { imageSize.width = Swift.max(0, content.width - titleSize.width) } else { titleSize.width = content.width }
        }
        if contentVerticalAlignment == .fill {
            imageSize.height = content.height
            titleSize.height = content.height
        }
        titleSize.width = Swift.min(titleSize.width, Swift.max(0, content.width - imageSize.width))
        let total = imageSize.width + titleSize.width
        let x0: CGFloat
        switch effectiveContentHorizontalAlignment {
        case .left, .leading, .fill: x0 = content.minX
        case .right, .trailing: x0 = content.maxX - total
        case .center: x0 = content.midX - total / 2
        }
        func y(_ h: CGFloat) -> CGFloat {
            switch contentVerticalAlignment {
            case .top, .fill: return content.minY
            case .bottom: return content.maxY - h
            case .center: return content.midY - h / 2
            }
        }
        imageView.frame = CGRect(x: x0, y: y(imageSize.height), width: imageSize.width, height: imageSize.height)
            .inset(by: imageEdgeInsets)
        titleLabel.frame = CGRect(x: x0 + imageSize.width, y: y(titleSize.height), width: titleSize.width, height: titleSize.height)
            .inset(by: titleEdgeInsets)
        imageView.isHidden = currentImage == nil
        titleLabel.isHidden = currentTitle == nil
    }
}
