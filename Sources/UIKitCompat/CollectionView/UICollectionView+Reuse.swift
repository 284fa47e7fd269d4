import Foundation
import Dynamics

// Registration, dequeuing and the reuse pools.

extension UICollectionView {
    func registerCell(_ cellClass: AnyClass?, identifier: String) {
        guard let cellClass else { cellClasses[identifier] = nil; return }
        guard let type = cellClass as? UICollectionViewCell.Type else {
            UIKitInput.report("UICollectionView", "register(_:forCellWithReuseIdentifier:)",
                              "\(cellClass) is not a subclass of UICollectionViewCell (identifier \"\(identifier)\")")
            return
        }
        cellClasses[identifier] = type
    }

    func registerSupplementary(_ viewClass: AnyClass?, kind elementKind: String, identifier: String) {
        let key = supplementaryKey(elementKind, identifier)
        guard let viewClass else { supplementaryClasses[key] = nil; return }
        guard let type = viewClass as? UICollectionReusableView.Type else {
            UIKitInput.report("UICollectionView", "register(_:forSupplementaryViewOfKind:withReuseIdentifier:)",
                              "\(viewClass) is not a subclass of UICollectionReusableView (kind \"\(elementKind)\", identifier \"\(identifier)\")")
            return
        }
        supplementaryClasses[key] = type
    }

    func dequeueCell(identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        guard let type = cellClasses[identifier] else {
            UIKitInput.report("UICollectionView", "dequeueReusableCell(withReuseIdentifier:for:)",
                              "no class is registered for the reuse identifier \"\(identifier)\" (item \(indexPath)); register one with register(_:forCellWithReuseIdentifier:)")
            return adopt(UICollectionViewCell(frame: .zero), identifier: identifier) as! UICollectionViewCell
        }
        return dequeue(poolKey: identifier, identifier: identifier, make: { type.init(frame: .zero) }) as! UICollectionViewCell
    }

    func dequeueSupplementary(kind elementKind: String, identifier: String, for indexPath: IndexPath) -> UICollectionReusableView {
        let key = supplementaryKey(elementKind, identifier)
        guard let type = supplementaryClasses[key] else {
            UIKitInput.report("UICollectionView", "dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)",
                              "no class is registered for kind \"\(elementKind)\" and reuse identifier \"\(identifier)\" (at \(indexPath))")
            return placeholderView(kind: elementKind)
        }
        return dequeue(poolKey: key, identifier: identifier, make: { type.init(frame: .zero) })
    }

    /// A plain reusable view owned by this collection view, shown where the data source
    /// failed to give one (after the failure was reported).
    func placeholderView(kind: String) -> UICollectionReusableView {
        adopt(UICollectionReusableView(frame: .zero), identifier: "UIKitCompat.placeholder.\(kind)")
    }

    /// A plain cell owned by this collection view, shown where no cell could be had (after
    /// the failure was reported).
    func placeholderCell() -> UICollectionViewCell {
        adopt(UICollectionViewCell(frame: .zero), identifier: "UIKitCompat.placeholder.cell") as! UICollectionViewCell
    }

    private func dequeue(poolKey: String, identifier: String, make: () -> UICollectionReusableView) -> UICollectionReusableView {
        if let view = reusePool[poolKey]?.popLast() {
            view.prepareForReuse()
            return view
        }
        return adopt(make(), identifier: identifier)
    }

    private func adopt(_ view: UICollectionReusableView, identifier: String) -> UICollectionReusableView {
        view.reuseIdentifier = identifier
        view.owner = self
        return view
    }

    func supplementaryKey(_ kind: String, _ identifier: String) -> String { "\(kind)\u{1F}\(identifier)" }

    /// Takes `view` off screen into its reuse pool.
    func enqueueForReuse(_ view: UICollectionReusableView, key: ElementKey) {
        view.removeFromSuperview()
        view.appliedAttributes = nil
        guard let identifier = view.reuseIdentifier else { return }
        switch key.category {
        case .cell:
            reusePool[identifier, default: []].append(view)
        case .supplementaryView:
            reusePool[supplementaryKey(key.kind ?? "", identifier), default: []].append(view)
        case .decorationView:
            reusePool["\u{1F}decoration\u{1F}\(key.kind ?? "")", default: []].append(view)
        }
    }

    /// A decoration view of `kind` (registered on the layout), reused or new.
    func decorationView(kind: String) -> UICollectionReusableView? {
        let poolKey = "\u{1F}decoration\u{1F}\(kind)"
        if let view = reusePool[poolKey]?.popLast() {
            view.prepareForReuse()
            return view
        }
        guard let type = collectionViewLayout.decorationClasses[kind] else {
            UIKitInput.report("\(Swift.type(of: collectionViewLayout))", "layoutAttributesForElements(in:)",
                              "returned a decoration view of kind \"\(kind)\" and no class is registered for it (register(_:forDecorationViewOfKind:))")
            return nil
        }
        return adopt(type.init(frame: .zero), identifier: kind)
    }
}
