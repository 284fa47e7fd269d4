import Foundation
import Dynamics

/// A view a collection view shows for a supplementary or decoration element, and the base of
/// its cells (UIKit's `UICollectionReusableView`). The collection view makes these from the
/// registered class, reuses them as they leave and enter the visible area, and applies the
/// layout's attributes to them.
///
/// The collection view makes one with `init(frame:)`, which is therefore `required` here
/// (Swift cannot otherwise make an instance of a class known only at run time): a subclass
/// that overrides `init(frame:)` marks its override `required`.
open class UICollectionReusableView: UIView {
    /// The identifier it was registered and dequeued with.
    open internal(set) var reuseIdentifier: String?
    /// The collection view that dequeued it.
    weak var owner: UICollectionView?
    /// The attributes last applied.
    var appliedAttributes: UICollectionViewLayoutAttributes?

    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Called when the view is dequeued again: reset what the previous element set.
    open func prepareForReuse() {}

    /// Called with the layout's attributes for the element when they differ from the last
    /// ones applied (after `center`, `bounds`, `transform`, `alpha`, `isHidden` and the
    /// layer's `zPosition` were set from them); a subclass reads its own attributes here.
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}

    /// The attributes the view would like, given the layout's (a self-sizing cell changes the
    /// size to fit its content). There is no Auto Layout headless, so the default returns the
    /// layout's attributes unchanged; a self-sizing cell overrides it, sets the copy's `size`
    /// (or `frame`) and returns it. A layout that sizes itself by it (a flow layout with an
    /// `estimatedItemSize`) then lays the items out anew with that size.
    open func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        layoutAttributes
    }
}

/// A collection view cell (UIKit's `UICollectionViewCell`): content goes in `contentView`,
/// which always fills the cell.
open class UICollectionViewCell: UICollectionReusableView {
    /// The view to add the cell's content to; it fills the cell's bounds.
    public let contentView = UIView(frame: .zero)
    /// A view behind the content (held; sized to the cell).
    open var backgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); installBackground(backgroundView, at: 0) }
    }
    /// Whether the cell's item is selected: the collection view sets it (see
    /// UICollectionView+Selection.swift).
    open var isSelected = false
    /// Whether a finger is down on the cell: the collection view sets it during a tap.
    open var isHighlighted = false

    public required init(frame: CGRect) {
        super.init(frame: frame)
        installContentView()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        installContentView()
    }

    private func installContentView() {
        contentView.frame = CGRect(origin: .zero, size: bounds.size)
        addSubview(contentView)
    }

    private func installBackground(_ view: UIView?, at index: Int) {
        guard let view else { return }
        view.frame = CGRect(origin: .zero, size: bounds.size)
        insertSubview(view, at: index)
    }

    /// Keeps the content (and background) view filling the cell.
    open override var bounds: CGRect {
        didSet {
            guard bounds.size != oldValue.size else { return }
            contentView.frame = CGRect(origin: .zero, size: bounds.size)
            backgroundView?.frame = CGRect(origin: .zero, size: bounds.size)
        }
    }
}
