// The screen around the springy layout: a grid of square cells, as app code would set it up.

import UIKitCompat

final class SpringyViewController: UIViewController, UICollectionViewDataSource {
    var itemCount = 100
    let layout = SpringyFlowLayout()
    var collectionView: UICollectionView!

    override func viewDidLoad() {
        super.viewDidLoad()
        layout.itemSize = CGSize(width: 60, height: 60)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "square")
        collectionView.dataSource = self
        view.addSubview(collectionView)
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        itemCount
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "square", for: indexPath)
        cell.contentView.backgroundColor = indexPath.item % 2 == 0 ? .orange : .purple
        return cell
    }
}
