import Foundation
#if canImport(CoreGraphics)
import CoreGraphics
#endif

/// A minimal `UIColor`: an sRGB color with alpha, components 0…1 (not clamped).
///
/// Two colors are equal when their components are. The class colors have UIKit's values.
open class UIColor: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The components, 0…1 (named as AppKit's `NSColor` names them).
    public let redComponent: CGFloat
    public let greenComponent: CGFloat
    public let blueComponent: CGFloat
    public let alphaComponent: CGFloat

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        redComponent = red
        greenComponent = green
        blueComponent = blue
        alphaComponent = alpha
    }

    /// A gray: `white` 0 is black, 1 is white.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A color from hue, saturation and brightness (HSB), each 0…1.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue - hue.rounded(.down)) * 6
        let i = Int(h) % 6
        let f = h - CGFloat(Int(h))
        let v = brightness, s = saturation
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat)
        switch i {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// The color of a `CGColor`'s first components (RGB(A), or gray and alpha).
    public convenience init(cgColor: CGColor) {
        let c = cgColor.components ?? []
        switch c.count {
        case 2: self.init(white: c[0], alpha: c[1])
        case 3: self.init(red: c[0], green: c[1], blue: c[2], alpha: 1)
        case 4...: self.init(red: c[0], green: c[1], blue: c[2], alpha: c[3])
        default: self.init(white: 0, alpha: 1)
        }
    }

    /// The same color with another alpha.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: redComponent, green: greenComponent, blue: blueComponent, alpha: alpha)
    }

    /// Writes the components (UIKit's out-parameter form); always succeeds.
    @discardableResult
    open func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                     blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        red?.pointee = redComponent
        green?.pointee = greenComponent
        blue?.pointee = blueComponent
        alpha?.pointee = alphaComponent
        return true
    }

    /// The color as a `CGColor` (RGBA).
    open var cgColor: CGColor { CGColor(red: redComponent, green: greenComponent, blue: blueComponent, alpha: alphaComponent) }

    public static func == (a: UIColor, b: UIColor) -> Bool {
        a.redComponent == b.redComponent && a.greenComponent == b.greenComponent
            && a.blueComponent == b.blueComponent && a.alphaComponent == b.alphaComponent
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(redComponent); hasher.combine(greenComponent)
        hasher.combine(blueComponent); hasher.combine(alphaComponent)
    }

    open var description: String {
        let name = UIColor.names.first { $0.1 == self }?.0
        return name.map { "UIColor.\($0)" }
            ?? String(format: "UIColor(red: %.3f, green: %.3f, blue: %.3f, alpha: %.3f)",
                      Double(redComponent), Double(greenComponent), Double(blueComponent), Double(alphaComponent))
    }

    // MARK: The class colors (UIKit's values)

    open class var black: UIColor { UIColor(white: 0, alpha: 1) }
    open class var darkGray: UIColor { UIColor(white: 1.0 / 3, alpha: 1) }
    open class var lightGray: UIColor { UIColor(white: 2.0 / 3, alpha: 1) }
    open class var white: UIColor { UIColor(white: 1, alpha: 1) }
    open class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    open class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    open class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    open class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    open class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    open class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    open class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    open class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    open class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    open class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    open class var clear: UIColor { UIColor(white: 0, alpha: 0) }

    private static var names: [(String, UIColor)] {
        [("black", .black), ("darkGray", .darkGray), ("lightGray", .lightGray), ("white", .white),
         ("gray", .gray), ("red", .red), ("green", .green), ("blue", .blue), ("cyan", .cyan),
         ("yellow", .yellow), ("magenta", .magenta), ("orange", .orange), ("purple", .purple),
         ("brown", .brown), ("clear", .clear)]
    }
}

#if !canImport(CoreGraphics)
/// A minimal `CGColor` for platforms without CoreGraphics (Linux): RGBA components.
public final class CGColor: Hashable, CustomStringConvertible, Sendable {
    /// Red, green, blue and alpha, 0…1.
    public let components: [CGFloat]?
    public var alpha: CGFloat { components?.last ?? 1 }
    public var numberOfComponents: Int { components?.count ?? 0 }

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = [red, green, blue, alpha]
    }

    public init(gray: CGFloat, alpha: CGFloat) {
        components = [gray, gray, gray, alpha]
    }

    public static func == (a: CGColor, b: CGColor) -> Bool { a.components == b.components }
    public func hash(into hasher: inout Hasher) { hasher.combine(components) }
    public var description: String { "CGColor(\(components ?? []))" }
}
#endif
