import Foundation
import Dynamics

/// A minimal, headless `UILabel`: text and how it would be set. Nothing is drawn; the
/// intrinsic size is an estimate from the font — each character 0.5 × the point size wide,
/// each line `font.lineHeight` tall (at most `numberOfLines`, 0 for any) — enough for
/// `sizeToFit()` to give a label a plausible frame.
open class UILabel: UIView {
    /// The layer's style with the text, font and text color (`labelStyle`).
    open override var itemStyle: ItemStyle? { labelStyle }
    /// The text (setting it replaces `attributedText`).
    open var text: String? {
        didSet { if attributedText?.string != text { attributedText = text.map { NSAttributedString(string: $0) } } }
    }
    /// Styled text; its characters are `text`.
    open var attributedText: NSAttributedString? {
        didSet { if text != attributedText?.string { text = attributedText?.string } }
    }
    /// The font; UIKit's default, the 17 pt system font.
    open var font: UIFont! = .systemFont(ofSize: 17) {
        didSet { if font == nil { font = .systemFont(ofSize: 17) } }
    }
    /// The text color; UIKit's default, `.label` (black).
    open var textColor: UIColor! = .label {
        didSet { if textColor == nil { textColor = .label } }
    }
    open var highlightedTextColor: UIColor?
    open var textAlignment: NSTextAlignment = .natural
    /// Lines at most; 0 means as many as the text needs.
    open var numberOfLines = 1
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail
    open var adjustsFontSizeToFitWidth = false
    open var minimumScaleFactor: CGFloat = 0
    open var isEnabled = true
    open var isHighlighted = false
    open var shadowColor: UIColor?
    open var shadowOffset = CGSize(width: 0, height: -1)
    /// The width multi-line text wraps at in `intrinsicContentSize` (0: no wrapping).
    open var preferredMaxLayoutWidth: CGFloat = 0

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isUserInteractionEnabled = false
    }

    /// The estimated size of the text (zero without text).
    open override var intrinsicContentSize: CGSize {
        guard let text, !text.isEmpty else { return .zero }
        let charWidth = font.pointSize * 0.5
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { CGFloat($0.count) * charWidth }
        if preferredMaxLayoutWidth > 0, numberOfLines != 1 {
            lines = lines.flatMap { w -> [CGFloat] in
                let n = Swift.max(1, Int((w / preferredMaxLayoutWidth).rounded(.up)))
                return Array(repeating: Swift.min(w, preferredMaxLayoutWidth), count: n)
            }
        }
        let count = numberOfLines == 0 ? lines.count : Swift.min(numberOfLines, lines.count)
        let width = lines.prefix(count).max() ?? 0
        return CGSize(width: width.rounded(.up), height: CGFloat(count) * font.lineHeight)
    }
}
