import Foundation
import Dynamics

extension UICollectionView {
    /// What a set of layout attributes describes (UIKit's `UICollectionView.ElementCategory`).
    public enum ElementCategory: Int, Sendable {
        case cell, supplementaryView, decorationView
    }

    /// The kind of a flow layout's section headers.
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The kind of a flow layout's section footers.
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"
}

/// The pre-Swift 4.2 names of the flow layout's supplementary kinds.
public let UICollectionElementKindSectionHeader = UICollectionView.elementKindSectionHeader
public let UICollectionElementKindSectionFooter = UICollectionView.elementKindSectionFooter

/// Where and how one element of a collection view is shown (UIKit's
/// `UICollectionViewLayoutAttributes`): a layout makes them, the collection view applies them
/// to its cells and supplementary views, and a dynamic animator can move them, since they
/// are dynamic items.
///
/// Geometry is in the collection view's content coordinates (points). The attributes hold a
/// `center` and a `size`; `frame` is the upright rectangle of that size around the center
/// (the transform is not applied to it), and `bounds` has a zero origin and the same size.
/// Setting `frame` moves the center and sets the size; setting `bounds` or `size` keeps the
/// center. The animator writes `center` and `transform` (its rotation) after every frame.
///
/// Attributes are compared by value (`isEqual(_:)`) and copied with `copy()`; a subclass
/// that adds properties overrides both, calling super.
open class UICollectionViewLayoutAttributes: NSObject, NSCopying, DynamicItem {
    /// The element's index path: a cell's item, or the section (and index) of a
    /// supplementary or decoration view.
    open var indexPath = IndexPath(item: 0, section: 0)
    /// Cell, supplementary view or decoration view.
    open internal(set) var representedElementCategory: UICollectionView.ElementCategory = .cell
    /// The kind of a supplementary or decoration view (e.g. `elementKindSectionHeader`); nil
    /// for a cell.
    open internal(set) var representedElementKind: String?

    /// The element's center, in the collection view's content coordinates (points).
    open var center: CGPoint = .zero
    /// The element's width and height (points).
    open var size: CGSize = .zero
    /// Rotation and scale about the center; the animator writes its rotation here.
    open var transform: CGAffineTransform = .identity
    /// Opacity, 0…1.
    open var alpha: CGFloat = 1
    /// Stacking order: elements with a larger `zIndex` are in front.
    open var zIndex = 0
    /// Whether the element is shown.
    open var isHidden = false

    /// Attributes for item 0 of section 0, a cell with a zero frame.
    public required override init() {
        super.init()
    }

    /// Attributes for the cell at `indexPath`.
    public convenience init(forCellWith indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
    }

    /// Attributes for a supplementary view of `elementKind` at `indexPath`.
    public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = elementKind
    }

    /// Attributes for a decoration view of `decorationViewKind` at `indexPath`.
    public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .decorationView
        representedElementKind = decorationViewKind
    }

    /// The upright rectangle of `size` centered on `center` (points, content coordinates).
    open var frame: CGRect {
        get { CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
        set {
            center = CGPoint(x: newValue.midX, y: newValue.midY)
            size = newValue.size
        }
    }

    /// A zero origin and `size`; setting it sets the size and keeps the center.
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: size) }
        set { size = newValue.size }
    }

    /// A new object of the same class with the same values.
    open func copy(with zone: NSZone? = nil) -> Any {
        let c = type(of: self).init()
        c.indexPath = indexPath
        c.representedElementCategory = representedElementCategory
        c.representedElementKind = representedElementKind
        c.center = center
        c.size = size
        c.transform = transform
        c.alpha = alpha
        c.zIndex = zIndex
        c.isHidden = isHidden
        return c
    }

    /// Equal when every property is equal (as UIKit compares attributes).
    open override func isEqual(_ object: Any?) -> Bool {
        guard let o = object as? UICollectionViewLayoutAttributes else { return false }
        return o.indexPath == indexPath && o.representedElementCategory == representedElementCategory
            && o.representedElementKind == representedElementKind && o.center == center && o.size == size
            && o.transform == transform && o.alpha == alpha && o.zIndex == zIndex && o.isHidden == isHidden
    }

    open override var hash: Int {
        var h = Hasher()
        h.combine(indexPath)
        h.combine(representedElementCategory)
        h.combine(representedElementKind)
        return h.finalize()
    }

    open override var description: String {
        let f = frame
        let what: String
        switch representedElementCategory {
        case .cell: what = "cell"
        case .supplementaryView: what = "supplementary \(representedElementKind ?? "")"
        case .decorationView: what = "decoration \(representedElementKind ?? "")"
        }
        return "<\(type(of: self)) \(what) \(indexPath) frame = (\(f.origin.x) \(f.origin.y); \(f.width) \(f.height))>"
    }
}
