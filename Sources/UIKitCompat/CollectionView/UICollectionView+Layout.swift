import Foundation
import Dynamics

// The layout pass and the queries about what is visible.

extension UICollectionView {
    /// The layout was invalidated: a layout pass is due.
    func layoutDidInvalidate() {
        setNeedsLayout()
    }

    /// The layout pass: prepares the layout if it was invalidated, takes its content size,
    /// and shows a view for every element whose attributes meet the bounds.
    func runLayoutPass() {
        // A self-sizing cell's new size invalidates the layout: pass again, a few times at most
        // (each pass sizes the cells it newly shows).
        for _ in 0..<UICollectionView.maximumSizingPasses {
            guard runOnePass() else { break }
        }
        updatePrefetching()
    }

    /// The most layout passes one `layoutSubviews()` runs for self-sizing cells.
    static let maximumSizingPasses = 8

    /// One layout pass; true if a cell's preferred size invalidated the layout.
    private func runOnePass() -> Bool {
        let layout = collectionViewLayout
        guard layout.collectionView === self else { return false }
        loadCounts()
        if layout.needsPrepare {
            layout.needsPrepare = false
            layout.prepare()
        }
        let size = layout.collectionViewContentSize
        if size != contentSize { contentSize = size }
        let attributes = (layout.layoutAttributesForElements(in: bounds) ?? []).filter { isShowable($0, from: layout) }
        // Elements that left go to the reuse pools first, so the new ones reuse their views.
        var wanted = Set<ElementKey>()
        wanted.reserveCapacity(attributes.count)
        for a in attributes { wanted.insert(ElementKey(a)) }
        for (key, view) in visibleViews where !wanted.contains(key) {
            visibleViews[key] = nil
            tellEndedDisplaying(view, key)
            enqueueForReuse(view, key: key)
        }
        var shown: [ElementKey: UICollectionReusableView] = [:]
        shown.reserveCapacity(attributes.count)
        let askAll = layout.needsPreferredAttributes
        layout.needsPreferredAttributes = false
        var resized = false
        for a in attributes {
            let key = ElementKey(a)
            guard shown[key] == nil else { continue }
            if let view = visibleViews[key] {
                apply(a, to: view)
                shown[key] = view
                if askAll, key.category == .cell { resized = askPreferredAttributes(view, a, layout) || resized }
            } else if let view = makeView(for: a) {
                if let cell = view as? UICollectionViewCell, key.category == .cell {
                    cell.isSelected = isItemSelected(key.indexPath)
                    cell.isHighlighted = false
                }
                apply(a, to: view)
                shown[key] = view
                if key.category == .cell { resized = askPreferredAttributes(view, a, layout) || resized }
                tellWillDisplay(view, key)
                if view.superview !== self { addSubview(view) }
            }
        }
        visibleViews = shown
        return resized
    }

    /// Asks a shown cell for its preferred attributes; a valid size that differs from the
    /// layout's, and that the layout takes, invalidates the layout (true). A size that is not
    /// finite, is negative or exceeds `Limits.length` is reported and ignored.
    private func askPreferredAttributes(_ view: UICollectionReusableView, _ a: UICollectionViewLayoutAttributes,
                                        _ layout: UICollectionViewLayout) -> Bool {
        guard let original = a.copy() as? UICollectionViewLayoutAttributes else { return false }
        let preferred = view.preferredLayoutAttributesFitting(original)
        guard preferred.size != a.size else { return false }
        guard UIKitInput.size(preferred.size, "\(type(of: view))", "preferredLayoutAttributesFitting(_:) for item \(a.indexPath)") else { return false }
        guard layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: a) else { return false }
        layout.invalidateLayout(with: layout.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: a))
        return true
    }

    /// Whether the layout's attributes can be shown: finite geometry and, for a cell, an
    /// item of the data. Others are reported and skipped.
    private func isShowable(_ a: UICollectionViewLayoutAttributes, from layout: UICollectionViewLayout) -> Bool {
        let owner = "\(type(of: layout))"
        let t = a.transform
        guard a.center.x.isFinite, a.center.y.isFinite, a.size.width.isFinite, a.size.height.isFinite,
              a.size.width >= 0, a.size.height >= 0, a.alpha.isFinite,
              t.a.isFinite, t.b.isFinite, t.c.isFinite, t.d.isFinite, t.tx.isFinite, t.ty.isFinite else {
            UIKitInput.report(owner, "layoutAttributesForElements(in:)",
                              "returned attributes that are not finite or have a negative size: \(a) (center (\(Validate.shown(a.center.x)), \(Validate.shown(a.center.y))), alpha \(Validate.shown(a.alpha)), transform \(t)); they are not shown")
            return false
        }
        if a.representedElementCategory == .cell, !contains(item: a.indexPath) {
            UIKitInput.report(owner, "layoutAttributesForElements(in:)",
                              "returned attributes for item \(a.indexPath), outside the data (\(loadCounts().count) sections); they are not shown")
            return false
        }
        return true
    }

    /// A view for the element: a cell or supplementary view from the data source, a
    /// decoration view from the layout's registered class.
    private func makeView(for a: UICollectionViewLayoutAttributes) -> UICollectionReusableView? {
        switch a.representedElementCategory {
        case .cell:
            guard let source = dataSource else { return nil }
            let cell = source.collectionView(self, cellForItemAt: a.indexPath)
            guard cell.owner === self else {
                UIKitInput.report("UICollectionView", "collectionView(_:cellForItemAt:)",
                                  "the data source returned a cell for item \(a.indexPath) that was not dequeued from this collection view (\(cell.owner == nil ? "made directly" : "from another collection view")); cells must come from dequeueReusableCell(withReuseIdentifier:for:)")
                return dequeueReusableCell(withReuseIdentifier: "", for: a.indexPath)
            }
            return cell
        case .supplementaryView:
            guard let source = dataSource, let kind = a.representedElementKind else { return nil }
            let view = source.collectionView(self, viewForSupplementaryElementOfKind: kind, at: a.indexPath)
            guard view.owner === self else {
                UIKitInput.report("UICollectionView", "collectionView(_:viewForSupplementaryElementOfKind:at:)",
                                  "the data source returned a view for \"\(kind)\" at \(a.indexPath) that was not dequeued from this collection view")
                return placeholderView(kind: kind)
            }
            return view
        case .decorationView:
            return a.representedElementKind.flatMap(decorationView(kind:))
        }
    }

    /// Applies the attributes to the view (see the type's documentation).
    func apply(_ a: UICollectionViewLayoutAttributes, to view: UICollectionReusableView) {
        view.center = a.center
        if view.bounds.size != a.size { view.bounds = CGRect(origin: view.bounds.origin, size: a.size) }
        view.transform = a.transform
        view.alpha = a.alpha
        view.isHidden = a.isHidden
        view.layer.zPosition = CGFloat(a.zIndex)
        if let last = view.appliedAttributes, last.isEqual(a) { return }
        view.appliedAttributes = a.copy() as? UICollectionViewLayoutAttributes
        view.apply(a)
    }

    private func tellWillDisplay(_ view: UICollectionReusableView, _ key: ElementKey) {
        guard let d = delegate as? UICollectionViewDelegate else { return }
        if let cell = view as? UICollectionViewCell, key.category == .cell {
            d.collectionView(self, willDisplay: cell, forItemAt: key.indexPath)
        } else if key.category == .supplementaryView, let kind = key.kind {
            d.collectionView(self, willDisplaySupplementaryView: view, forElementKind: kind, at: key.indexPath)
        }
    }

    func tellEndedDisplaying(_ view: UICollectionReusableView, _ key: ElementKey) {
        guard let d = delegate as? UICollectionViewDelegate else { return }
        if let cell = view as? UICollectionViewCell, key.category == .cell {
            d.collectionView(self, didEndDisplaying: cell, forItemAt: key.indexPath)
        } else if key.category == .supplementaryView, let kind = key.kind {
            d.collectionView(self, didEndDisplayingSupplementaryView: view, forElementOfKind: kind, at: key.indexPath)
        }
    }

    /// Runs a pending layout pass, so queries see the current state.
    func updateIfNeeded() {
        if needsLayout { layoutIfNeeded() }
    }
}
