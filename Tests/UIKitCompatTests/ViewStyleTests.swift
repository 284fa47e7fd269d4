import Dynamics
import Foundation
import Testing
import UIKitCompat

/// What renderers draw for UIKit views: read from `backgroundColor`, the layer, `UILabel.text`
/// and `UIImageView.image` (docs/uikit-ports.md).
@Suite("View styles")
struct ViewStyleTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
                           0, 0, 0, 40, 0, 0, 0, 60, 8, 6, 0, 0, 0])

    @Test("A plain view has no style; its background, corners, border, shadow and alpha make one")
    func layer() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
        #expect(view.itemStyle == nil)
        view.backgroundColor = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        view.layer.cornerRadius = 12
        view.layer.borderWidth = 2
        view.layer.borderColor = UIColor.black.cgColor
        view.layer.shadowOpacity = 0.5
        view.layer.shadowOffset = CGSize(width: 0, height: 4)
        view.layer.shadowRadius = 8
        view.alpha = 0.8
        let style = try #require((view as DynamicItem).itemStyle)
        #expect(style.fill?.hexRGBA == "#ff8000ff")
        #expect(style.cornerRadius == 12)
        #expect(style.stroke?.hexRGB == "#000000" && style.strokeWidth == 2)
        #expect(style.shadow == ItemShadow(color: StyleColor(red: 0, green: 0, blue: 0, alpha: 0.5)!, offset: CGVector(dx: 0, dy: 4), radius: 8))
        #expect(abs(style.opacity - 0.8) < 1e-9)
        // Whatever a port sets, the style read is within range.
        view.layer.cornerRadius = .infinity
        view.layer.borderWidth = 1e9
        view.alpha = .nan
        let clamped = try #require(view.itemStyle)
        try clamped.validate(owner: "view")
    }

    @Test("A label adds its text, font and color; an image view its picture")
    func content() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        #expect(label.itemStyle == nil)
        label.text = "Hello"
        label.font = .systemFont(ofSize: 20, weight: .bold)
        label.textColor = .white
        label.backgroundColor = .blue
        let style = try #require((label as DynamicItem).itemStyle)
        #expect(style.text == "Hello" && style.font == ItemFont(size: 20, weight: 700))
        #expect(style.textColor?.hexRGB == "#ffffff" && style.fill?.hexRGB == "#0000ff")

        let image = try #require(UIImage(data: ViewStyleTests.png))
        #expect(image.size == CGSize(width: 40, height: 60))
        #expect(UIImage(data: Data("GIF89a".utf8)) == nil)
        let imageView = UIImageView(image: image)
        #expect((imageView as DynamicItem).itemStyle?.image?.kind == .png)
        // Named images have no pixels headless: nothing to draw.
        #expect(UIImageView(image: UIImage(named: "avatar")).itemStyle == nil)
        #expect(image.withRenderingMode(.alwaysTemplate).picture == image.picture)
    }
}
