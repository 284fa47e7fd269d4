import Foundation
import Dynamics

// What renderers draw for a view (the live viewer, SVG output): read from the display
// properties a port sets, as UIKit would draw them. See docs/uikit-ports.md.

extension StyleColor {
    /// The color of a `UIColor`, its components clamped to 0…1 (extended-range colors drawn
    /// as their nearest sRGB color); nil for a component that is not finite.
    init?(_ color: UIColor?) {
        guard let color else { return nil }
        func c(_ v: CGFloat) -> Double { Double(min(max(v, 0), 1)) }
        guard [color.redComponent, color.greenComponent, color.blueComponent, color.alphaComponent].allSatisfy(\.isFinite) else { return nil }
        self.init(red: c(color.redComponent), green: c(color.greenComponent), blue: c(color.blueComponent), alpha: c(color.alphaComponent))
    }

    init?(_ color: CGColor?) {
        guard let color else { return nil }
        self.init(UIColor(cgColor: color))
    }
}

extension UIView {
    /// Clamps `v` into `range` (NaN to its lower end): a read never fails, whatever was set.
    static func clamped(_ v: CGFloat, _ range: ClosedRange<CGFloat>) -> CGFloat {
        v.isNaN ? range.lowerBound : min(max(v, range.lowerBound), range.upperBound)
    }

    /// The style of the view's own layer: `backgroundColor` (or `layer.backgroundColor`) as
    /// the fill, `layer.cornerRadius`, `layer.borderColor`/`borderWidth` as the stroke, a
    /// shadow when `layer.shadowOpacity` > 0 (`shadowColor`, default black, at that opacity;
    /// `shadowOffset`; `shadowRadius`), and `alpha` × `layer.opacity`. Nil when the view sets
    /// none of them (it is drawn as a debug box). Values are clamped into `ItemStyle`'s
    /// ranges. Subclasses add their content (`UILabel`, `UIImageView`).
    public var layerStyle: ItemStyle? {
        var style = ItemStyle()
        var any = false
        if let fill = StyleColor(backgroundColor) ?? StyleColor(layer.backgroundColor) { style.fill = fill; any = true }
        if layer.cornerRadius > 0 { style.cornerRadius = UIView.clamped(layer.cornerRadius, 0...Limits.length); any = true }
        if layer.borderWidth > 0, let stroke = StyleColor(layer.borderColor) ?? StyleColor(red: 0, green: 0, blue: 0) {
            style.stroke = stroke
            style.strokeWidth = UIView.clamped(layer.borderWidth, 0...ItemStyle.maximumStrokeWidth)
            any = true
        }
        if layer.shadowOpacity > 0, var color = StyleColor(layer.shadowColor) ?? StyleColor(red: 0, green: 0, blue: 0) {
            color.alpha *= Double(min(max(layer.shadowOpacity.isNaN ? 0 : layer.shadowOpacity, 0), 1))
            let m = ItemStyle.maximumShadowOffset
            style.shadow = ItemShadow(color: color,
                                      offset: CGVector(dx: UIView.clamped(layer.shadowOffset.width, -m...m), dy: UIView.clamped(layer.shadowOffset.height, -m...m)),
                                      radius: UIView.clamped(layer.shadowRadius, 0...ItemStyle.maximumShadowRadius))
            any = true
        }
        let opacity = UIView.clamped(alpha, 0...1) * UIView.clamped(CGFloat(layer.opacity), 0...1)
        if opacity < 1 { style.opacity = Double(opacity); any = true }
        return any ? style : nil
    }
}

extension ItemFont {
    /// A `UIFont`'s size and weight (UIKit's −0.8…0.62 mapped to CSS's 100…900).
    init(_ font: UIFont?) {
        guard let font else { self.init(); return }
        let w = font.weight.rawValue
        let weight = w <= -0.7 ? 200 : w <= -0.5 ? 100 : w <= -0.2 ? 300 : w < 0.2 ? 400 : w < 0.27 ? 500 : w < 0.35 ? 600 : w < 0.5 ? 700 : w < 0.6 ? 800 : 900
        self.init(size: UIView.clamped(font.pointSize, ItemFont.sizes), weight: weight)
    }
}
