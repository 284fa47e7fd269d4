import Foundation
import Dynamics

/// A minimal `UIFont`: a name, a point size and a weight, for labels and buttons to measure
/// text with (no glyphs).
public final class UIFont: Equatable, Hashable, CustomStringConvertible, Sendable {
    /// A font weight, UIKit's values (−0.8 ultra-light … 0.62 black).
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(-0.8)
        public static let thin = Weight(-0.6)
        public static let light = Weight(-0.4)
        public static let regular = Weight(0)
        public static let medium = Weight(0.23)
        public static let semibold = Weight(0.3)
        public static let bold = Weight(0.4)
        public static let heavy = Weight(0.56)
        public static let black = Weight(0.62)
    }

    /// Dynamic Type styles, at the default (Large) content size.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleLargeTitle")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// Point size and weight at the default content size.
        var metrics: (CGFloat, Weight) {
            switch self {
            case .largeTitle: return (34, .regular)
            case .title1: return (28, .regular)
            case .title2: return (22, .regular)
            case .title3: return (20, .regular)
            case .headline: return (17, .semibold)
            case .callout: return (16, .regular)
            case .subheadline: return (15, .regular)
            case .footnote: return (13, .regular)
            case .caption1: return (12, .regular)
            case .caption2: return (11, .regular)
            default: return (17, .regular)
            }
        }
    }

    public let fontName: String
    /// Size in points.
    public let pointSize: CGFloat
    public let weight: Weight

    public init(name: String, pointSize: CGFloat, weight: Weight) {
        fontName = name
        self.pointSize = pointSize
        self.weight = weight
    }

    /// A named font (any name is available headless).
    public convenience init?(name: String, size: CGFloat) {
        self.init(name: name, pointSize: size, weight: .regular)
    }

    public var familyName: String { fontName.split(separator: "-").first.map(String.init) ?? fontName }
    /// Distance between baselines (points): 1.2 × the point size, close to San Francisco's.
    public var lineHeight: CGFloat { (pointSize * 1.2).rounded(.up) }
    public var ascender: CGFloat { pointSize * 0.95 }
    public var descender: CGFloat { -pointSize * 0.25 }

    public func withSize(_ size: CGFloat) -> UIFont { UIFont(name: fontName, pointSize: size, weight: weight) }

    public static func systemFont(ofSize size: CGFloat) -> UIFont { systemFont(ofSize: size, weight: .regular) }
    public static func systemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        UIFont(name: weight.rawValue >= Weight.bold.rawValue ? ".SFUI-Bold" : ".SFUI-Regular", pointSize: size, weight: weight)
    }
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont { systemFont(ofSize: size, weight: .bold) }
    public static func italicSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(name: ".SFUI-Italic", pointSize: size, weight: .regular) }
    public static func monospacedDigitSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont { systemFont(ofSize: size, weight: weight) }
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        let (size, weight) = style.metrics
        return systemFont(ofSize: size, weight: weight)
    }
    /// UIKit's default label font size (17 pt).
    public static var labelFontSize: CGFloat { 17 }
    public static var buttonFontSize: CGFloat { 18 }
    public static var systemFontSize: CGFloat { 14 }

    public static func == (a: UIFont, b: UIFont) -> Bool {
        a.fontName == b.fontName && a.pointSize == b.pointSize && a.weight == b.weight
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(fontName); hasher.combine(pointSize) }
    public var description: String { "<UIFont \(fontName) \(pointSize) pt>" }
}

/// How text lines up in a label (UIKit's `NSTextAlignment`, iOS raw values).
public enum NSTextAlignment: Int, Sendable {
    case left = 0, center = 1, right = 2, justified = 3, natural = 4
}

/// Where a label breaks or cuts text that does not fit (UIKit's `NSLineBreakMode`).
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}
