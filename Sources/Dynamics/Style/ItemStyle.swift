import Foundation

/// How an item looks when drawn (the live viewer, SVG output): data only, never behavior.
///
/// An item with a style draws what its style names and nothing else: no fill without `fill`,
/// no outline without `stroke`. An item without one draws as a debug box (a palette color and
/// a dark outline). Everything is drawn in the item's own axes, so it turns with the item:
///
/// 1. the shadow, cast by the filled shape (no fill, no shadow);
/// 2. the fill, with corners rounded by `cornerRadius` (rectangles; at most half the shorter
///    side, as Core Animation clamps it);
/// 3. the image, filling the item's bounds while keeping its aspect ratio (the excess cut off,
///    as `.scaleAspectFill`), clipped to the shape;
/// 4. the stroke, centered on the outline;
/// 5. the text, centered, wrapped at word boundaries to the item's width, clipped to the shape;
///
/// all at `opacity`. Check a style with `validate(owner:)`; `DynamicView.style`'s setter does.
public struct ItemStyle: Sendable, Equatable {
    /// Largest text, in Unicode scalars.
    public static let maximumTextLength = 1000
    /// Largest stroke width, shadow radius and shadow offset component, points.
    public static let maximumStrokeWidth: CGFloat = 100
    public static let maximumShadowRadius: CGFloat = 200
    public static let maximumShadowOffset: CGFloat = 1000

    public var fill: StyleColor?
    public var stroke: StyleColor?
    /// Points, 0…`maximumStrokeWidth` (default 1).
    public var strokeWidth: CGFloat = 1
    /// Points, 0…`Limits.length` (default 0); drawn at most half the shorter side.
    public var cornerRadius: CGFloat = 0
    public var shadow: ItemShadow?
    /// 0…1 (default 1).
    public var opacity: Double = 1
    /// At most `maximumTextLength` scalars; control characters other than newline are shown as "?".
    public var text: String?
    public var font = ItemFont()
    /// The text's color (default near-black, `#1d1d1d`).
    public var textColor: StyleColor?
    public var image: ItemImage?

    public init(fill: StyleColor? = nil, stroke: StyleColor? = nil, strokeWidth: CGFloat = 1, cornerRadius: CGFloat = 0,
                shadow: ItemShadow? = nil, opacity: Double = 1, text: String? = nil, font: ItemFont = ItemFont(),
                textColor: StyleColor? = nil, image: ItemImage? = nil) {
        self.fill = fill
        self.stroke = stroke
        self.strokeWidth = strokeWidth
        self.cornerRadius = cornerRadius
        self.shadow = shadow
        self.opacity = opacity
        self.text = text
        self.font = font
        self.textColor = textColor
        self.image = image
    }

    /// The text color drawn: `textColor`, else near-black.
    public var shownTextColor: StyleColor { textColor ?? StyleColor(bytes: 0x1D, 0x1D, 0x1D) }

    /// The text as drawn: control characters other than newline as "?" (a tab as a space).
    public var shownText: String? {
        text.map { t in
            String(String.UnicodeScalarView(t.unicodeScalars.map { u in
                u == "\n" ? u : u == "\t" ? " " : ShownText.isControl(u) ? "?" : u
            }))
        }
    }

    /// Checks every color, number and the text against the limits above; throws a
    /// `DynamicsError` on `owner`.`style.NAME`.
    public func validate(owner: @autoclosure () -> String) throws {
        for (name, color) in [("fill", fill), ("stroke", stroke), ("textColor", textColor), ("shadow.color", shadow?.color)] {
            if let color, !color.isValid {
                throw DynamicsError(owner: owner(), property: "style.\(name)",
                                    message: "each of red, green, blue, alpha must be a finite number in 0…1, got (\(color.red), \(color.green), \(color.blue), \(color.alpha))")
            }
        }
        try Validate.nonNegative(strokeWidth, owner(), "style.strokeWidth", max: ItemStyle.maximumStrokeWidth)
        try Validate.nonNegative(cornerRadius, owner(), "style.cornerRadius", max: Limits.length)
        try Validate.nonNegative(CGFloat(opacity), owner(), "style.opacity", max: 1)
        if let text, text.unicodeScalars.count > ItemStyle.maximumTextLength {
            throw DynamicsError(owner: owner(), property: "style.text",
                                message: "at most \(ItemStyle.maximumTextLength) characters, got \(text.unicodeScalars.count)")
        }
        try font.validate(owner: owner())
        try shadow?.validate(owner: owner())
    }
}

/// A shadow under an item's fill (CALayer's shadowColor with its opacity, shadowOffset,
/// shadowRadius): offset in points, in the item's axes; `radius` the blur radius in points
/// (CSS's blur radius: a Gaussian of standard deviation radius / 2).
public struct ItemShadow: Sendable, Equatable {
    public var color: StyleColor
    public var offset: CGVector
    public var radius: CGFloat

    /// By default a soft shadow below: black at 25 %, 2 pt down, radius 6 pt.
    public init(color: StyleColor = StyleColor(bytes: 0, 0, 0, 64), offset: CGVector = CGVector(dx: 0, dy: 2), radius: CGFloat = 6) {
        self.color = color
        self.offset = offset
        self.radius = radius
    }

    func validate(owner: @autoclosure () -> String) throws {
        try Validate.finite(offset, owner(), "style.shadow.offset", max: ItemStyle.maximumShadowOffset)
        try Validate.nonNegative(radius, owner(), "style.shadow.radius", max: ItemStyle.maximumShadowRadius)
    }
}

/// The text's font: a size in points and a weight (CSS's 100…900; 400 regular, 700 bold), in
/// the system's sans-serif face (there is no choice of family: a name is not data to pass on).
public struct ItemFont: Sendable, Equatable {
    public static let sizes: ClosedRange<CGFloat> = 1...500
    /// Points, 1…500 (default 15).
    public var size: CGFloat
    /// 100…900 in steps of 100 (default 400).
    public var weight: Int

    public init(size: CGFloat = 15, weight: Int = 400) {
        self.size = size
        self.weight = weight
    }

    /// Weights by name, as UIFont.Weight names them (and CSS's "normal").
    public static let weightNames: [(String, Int)] = [
        ("thin", 100), ("ultralight", 200), ("light", 300), ("regular", 400), ("normal", 400),
        ("medium", 500), ("semibold", 600), ("bold", 700), ("heavy", 800), ("black", 900),
    ]

    func validate(owner: @autoclosure () -> String) throws {
        guard size.isFinite, ItemFont.sizes.contains(size) else {
            throw DynamicsError(owner: owner(), property: "style.font.size", message: "must be a finite number in 1…500 pt, got \(Validate.shown(size))")
        }
        guard (100...900).contains(weight), weight % 100 == 0 else {
            throw DynamicsError(owner: owner(), property: "style.font.weight", message: "must be 100, 200, … 900, got \(weight)")
        }
    }
}
