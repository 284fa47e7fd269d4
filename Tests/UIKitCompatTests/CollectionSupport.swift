import Foundation
import Testing
import UIKitCompat

/// The first invalid input `body` reports, or nil.
func reported(_ body: () -> Void) -> DynamicsError? {
    do {
        try InvalidInput.catching(body)
        return nil
    } catch let error as DynamicsError {
        return error
    } catch {
        Issue.record("unexpected error \(error)")
        return nil
    }
}

/// A test cell that counts its reuses.
final class CountingCell: UICollectionViewCell {
    var reuses = 0
    var applied = 0
    override func prepareForReuse() { reuses += 1 }
    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) { applied += 1 }
}

/// A data source (and flow delegate) with counts per section and optional per-item sizes.
final class GridSource: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    var counts: [Int]
    var sizes: [IndexPath: CGSize] = [:]
    var usesSizes = false
    var madeCells = 0
    var displayed: [IndexPath] = []
    var ended: [IndexPath] = []
    var scrolls = 0

    init(_ counts: [Int]) { self.counts = counts }

    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        madeCells += 1
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        cell.tag = indexPath.section * 10_000 + indexPath.item
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView {
        collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "supplementary", for: indexPath)
    }

    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize {
        usesSizes ? (sizes[indexPath] ?? .zero) : (collectionViewLayout as! UICollectionViewFlowLayout).itemSize
    }

    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        displayed.append(indexPath)
    }

    func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        ended.append(indexPath)
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) { scrolls += 1 }
}

/// A collection view of `frame` over a flow layout set up by `configure`, with `source` as
/// data source and delegate, laid out once.
func makeCollectionView(frame: CGRect, source: GridSource, configure: (UICollectionViewFlowLayout) -> Void) -> UICollectionView {
    let layout = UICollectionViewFlowLayout()
    configure(layout)
    let cv = UICollectionView(frame: frame, collectionViewLayout: layout)
    cv.register(CountingCell.self, forCellWithReuseIdentifier: "cell")
    cv.register(UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "supplementary")
    cv.register(UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionFooter, withReuseIdentifier: "supplementary")
    cv.dataSource = source
    cv.delegate = source
    cv.layoutIfNeeded()
    return cv
}

/// The frames the flow layout gives section `section`'s items.
func itemFrames(_ cv: UICollectionView, section: Int = 0) -> [CGRect] {
    (0..<cv.numberOfItems(inSection: section)).map { cv.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: $0, section: section))!.frame }
}
