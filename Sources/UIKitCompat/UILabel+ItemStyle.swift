import Foundation
import Dynamics

extension UILabel {
    /// What `itemStyle` is for a label: the label's layer (`UIView.layerStyle`) with its `text` (at most
    /// `ItemStyle.maximumTextLength` characters), `font` and `textColor`, centered and
    /// wrapped as every style's text is. Nil when the label has no text and sets no layer style.
    var labelStyle: ItemStyle? {
        guard let text, !text.isEmpty else { return layerStyle }
        var style = layerStyle ?? ItemStyle()
        style.text = String(String.UnicodeScalarView(text.unicodeScalars.prefix(ItemStyle.maximumTextLength)))
        style.font = ItemFont(font)
        style.textColor = StyleColor(textColor)
        return style
    }
}
