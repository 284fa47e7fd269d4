import Foundation
import Testing
import UIKitCompat

/// A controller written as on iOS: the data source and delegate methods are overrides.
final class ColorsController: UICollectionViewController {
    var colors = 12
    var selected: [Int] = []
    var shown: [Int] = []

    init() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        super.init(collectionViewLayout: layout)
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "color")
    }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { colors }

    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "color", for: indexPath)
    }

    override func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        shown.append(indexPath.item)
    }

    override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        selected.append(indexPath.item)
    }
}

@Suite struct CollectionViewControllerTests {
    @Test func theViewIsACollectionViewWithTheControllerAsDataSourceAndDelegate() throws {
        let vc = ColorsController()
        let layout = vc.collectionViewLayout
        #expect(!vc.isViewLoaded)
        vc.loadViewIfNeeded()
        let cv = try #require(vc.collectionView)
        #expect(vc.view === cv && cv.collectionViewLayout === layout && vc.collectionViewLayout === layout)
        #expect(cv.dataSource === vc && cv.delegate === vc && cv.frame == UIScreen.main.bounds)
        cv.layoutIfNeeded()
        // 12 items of 100 pt, 3 a line 110 pt apart: 4 lines, all in 568 pt.
        #expect(cv.visibleCells.count == 12 && vc.shown == Array(0..<12))
    }

    @Test func overriddenDelegateMethodsHearTaps() {
        let vc = ColorsController()
        vc.loadViewIfNeeded()
        vc.collectionView.layoutIfNeeded()
        vc.collectionView.simulateTap(at: CGPoint(x: 160, y: 160), in: vc.view)
        #expect(vc.selected == [4] && vc.collectionView.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
    }

    @Test func viewWillAppearClearsTheSelectionUnlessToldNotTo() {
        let vc = ColorsController()
        vc.loadViewIfNeeded()
        let cv = vc.collectionView!
        cv.selectItem(at: IndexPath(item: 2, section: 0), animated: false, scrollPosition: [])
        vc.viewWillAppear(false)
        #expect(cv.indexPathsForSelectedItems == [])
        vc.clearsSelectionOnViewWillAppear = false
        cv.selectItem(at: IndexPath(item: 2, section: 0), animated: false, scrollPosition: [])
        vc.viewWillAppear(false)
        #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
    }

    @Test func byDefaultThereIsOneEmptySection() {
        let vc = UICollectionViewController(collectionViewLayout: UICollectionViewFlowLayout())
        vc.loadViewIfNeeded()
        vc.collectionView.layoutIfNeeded()
        #expect(vc.collectionView.numberOfSections == 1 && vc.collectionView.numberOfItems(inSection: 0) == 0)
    }

    @Test func itemsWithoutCellsAreReported() {
        final class Forgetful: UICollectionViewController {
            override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 2 }
        }
        let vc = Forgetful(collectionViewLayout: UICollectionViewFlowLayout())
        vc.loadViewIfNeeded()
        let error = reported { vc.collectionView.layoutIfNeeded() }
        #expect(error?.owner.contains("Forgetful") == true && error?.property == "collectionView(_:cellForItemAt:)")
        #expect(error?.message.contains("[0, 0]") == true)
        #expect(vc.collectionView.visibleCells.count == 2, "plain cells stand in")
    }
}
