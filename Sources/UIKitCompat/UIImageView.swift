import Foundation
import Dynamics

/// A minimal, headless `UIImageView`: a view that shows an image. It keeps the image (and a
/// highlighted one) as data and, as in UIKit, sizes itself to the image when made with
/// `init(image:)`; it is a dynamic item like any `UIView`.
///
/// What would be drawn can be asked: `displayedImage` (the highlighted image while
/// highlighted) and `renderedTintColor`, the color a template image is drawn in — the view's
/// `tintColor` for `.alwaysTemplate` images (and symbols), nil for images drawn in their own
/// colors.
open class UIImageView: UIView {
    /// The layer's style with the displayed picture (`imageViewStyle`).
    open override var itemStyle: ItemStyle? { imageViewStyle }
    /// The image shown (nil: nothing).
    open var image: UIImage?
    /// The image shown while `isHighlighted`.
    open var highlightedImage: UIImage?
    open var isHighlighted = false
    /// Frames of an animation (held; `startAnimating()` shows nothing headless).
    open var animationImages: [UIImage]?
    open var animationDuration: TimeInterval = 0
    open var animationRepeatCount = 0
    open private(set) var isAnimating = false

    /// A view the size of `image` (0 × 0 without one) at the origin. Image views do not take
    /// touches by default.
    public init(image: UIImage?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
    }

    /// A view the size of `image` that shows `highlightedImage` while highlighted.
    public convenience init(image: UIImage?, highlightedImage: UIImage?) {
        self.init(image: image)
        self.highlightedImage = highlightedImage
    }

    /// An empty image view with `frame`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isUserInteractionEnabled = false
    }

    /// The image that would be drawn now.
    open var displayedImage: UIImage? {
        isHighlighted ? (highlightedImage ?? image) : image
    }

    /// The color the displayed image is drawn in: its baked-in tint, else the view's
    /// `tintColor` when it renders as a template; nil when it draws its own colors.
    open var renderedTintColor: UIColor? {
        guard let image = displayedImage else { return nil }
        if let baked = image.tintColor { return baked }
        return image.renderingMode == .alwaysTemplate ? tintColor : nil
    }

    /// The image's size (its intrinsic size, as in UIKit).
    open override var intrinsicContentSize: CGSize {
        displayedImage?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    open func startAnimating() { isAnimating = animationImages?.isEmpty == false }
    open func stopAnimating() { isAnimating = false }
}
