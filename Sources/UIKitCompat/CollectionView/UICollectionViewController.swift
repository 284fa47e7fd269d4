import Foundation
import Dynamics

/// A view controller whose view is a collection view (UIKit's `UICollectionViewController`).
///
/// `loadView()` makes a `UICollectionView` filling the screen with the layout given at
/// initialization and makes the controller its data source and delegate. As in UIKit the
/// controller implements the data source and delegate methods, so a subclass writes them with
/// `override`: by default there is one section with no items, and the delegate methods do what
/// the protocols' defaults do. `viewWillAppear(_:)` deselects every item while
/// `clearsSelectionOnViewWillAppear` is true (the default).
open class UICollectionViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    /// The layout given at initialization, used when the view is made.
    private let initialLayout: UICollectionViewLayout

    /// A controller whose collection view will use `layout`.
    public init(collectionViewLayout layout: UICollectionViewLayout) {
        initialLayout = layout
        super.init(viewFrame: UIScreen.main.bounds)
    }

    /// There is nothing to decode on this platform: a flow layout.
    public required init?(coder: NSCoder) {
        initialLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
    }

    /// The view, which is the collection view (made on first use).
    open var collectionView: UICollectionView! {
        get { view as? UICollectionView }
        set { view = newValue }
    }

    /// The collection view's layout (the one given at initialization until the view is made).
    open var collectionViewLayout: UICollectionViewLayout {
        isViewLoaded ? (collectionView?.collectionViewLayout ?? initialLayout) : initialLayout
    }

    /// Whether `viewWillAppear(_:)` deselects every item (default true).
    open var clearsSelectionOnViewWillAppear = true

    /// Makes the collection view, with the controller as data source and delegate.
    open override func loadView() {
        let cv = UICollectionView(frame: UIScreen.main.bounds, collectionViewLayout: initialLayout)
        cv.dataSource = self
        cv.delegate = self
        view = cv
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if clearsSelectionOnViewWillAppear, let cv = collectionView {
            for path in cv.indexPathsForSelectedItems ?? [] { cv.deselectItem(at: path, animated: animated) }
        }
    }

    // MARK: Data source (override)

    open func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }

    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }

    /// A subclass that has items overrides this; otherwise the failure is reported (UIKit
    /// raises) and a plain cell is shown.
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        UIKitInput.report("\(type(of: self))", "collectionView(_:cellForItemAt:)",
                          "the controller gives items but not their cells (item \(indexPath)); override collectionView(_:cellForItemAt:)")
        return collectionView.placeholderCell()
    }

    open func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                             at indexPath: IndexPath) -> UICollectionReusableView {
        UIKitInput.report("\(type(of: self))", "collectionView(_:viewForSupplementaryElementOfKind:at:)",
                          "the layout has a supplementary view of kind \"\(kind)\" at \(indexPath) and the controller does not provide it")
        return collectionView.placeholderView(kind: kind)
    }

    // MARK: Delegate (override)

    open func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
                             forElementKind elementKind: String, at indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
                             forElementOfKind elementKind: String, at indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    open func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    open func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { true }
    open func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}

    // MARK: Scrolling (override)

    open func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    open func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    open func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                        targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    open func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    open func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    open func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    open func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
}
