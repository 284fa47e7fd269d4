import Foundation
import Dynamics

extension UIImageView {
    /// What `itemStyle` is for an image view: the view's layer (`UIView.layerStyle`) with its displayed image when the image holds a
    /// picture (`UIImage(data:)`, `UIImage(contentsOfFile:)`); images made by name or symbol
    /// have no pixels headless and add nothing.
    var imageViewStyle: ItemStyle? {
        guard let picture = (isHighlighted ? highlightedImage ?? image : image)?.picture else { return layerStyle }
        var style = layerStyle ?? ItemStyle()
        style.image = picture
        return style
    }
}
