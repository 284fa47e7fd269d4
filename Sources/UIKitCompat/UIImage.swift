import Foundation
import Dynamics

/// A minimal, headless `UIImage`: what an image *is* kept as data — the name it was loaded by,
/// its size in points, its scale and how it is to be rendered — with no pixels.
///
/// There is no asset catalog headless, so `UIImage(named:)` and `UIImage(systemName:)` always
/// succeed; the size is whatever was registered for the name with
/// `UIImage.registerAsset(named:size:)` (0 × 0 otherwise, or 17 × 17 points for symbols, the
/// default symbol size at 17 pt). `withRenderingMode(.alwaysTemplate)` returns a copy that
/// remembers the mode, so a test can ask what color an image view would draw it in
/// (`UIImageView.renderedTintColor`).
open class UIImage: CustomStringConvertible, Equatable, @unchecked Sendable {
    /// How the image's colors are used when drawn (UIKit's `UIImage.RenderingMode`).
    public enum RenderingMode: Int, Sendable {
        /// Template or original, as the context decides (headless: original).
        case automatic
        /// The image's own colors.
        case alwaysOriginal
        /// A stencil: opaque pixels drawn in the view's `tintColor`.
        case alwaysTemplate
    }

    /// The name given to `init(named:)` (nil for system and size-made images).
    public let name: String?
    /// The SF Symbol name given to `init(systemName:)`.
    public let systemName: String?
    /// Size in points.
    public let size: CGSize
    /// Pixels per point.
    public let scale: CGFloat
    public let renderingMode: RenderingMode
    /// A color baked in by `withTintColor(_:)`, if any.
    public let tintColor: UIColor?
    /// The picture's bytes, for images made from a PNG, JPEG or SVG file's data (what a
    /// renderer draws; see `UIImageView.itemStyle`); nil for images made by name or symbol.
    public internal(set) var picture: ItemImage?

    /// Whether the image draws in its view's tint color.
    public var isSymbolImage: Bool { systemName != nil }

    init(name: String?, systemName: String?, size: CGSize, scale: CGFloat,
         renderingMode: RenderingMode, tintColor: UIColor?) {
        self.name = name
        self.systemName = systemName
        self.size = size
        self.scale = scale
        self.renderingMode = renderingMode
        self.tintColor = tintColor
    }

    /// The image registered under `name` (headless: always one, of the registered size or 0 × 0).
    public convenience init?(named name: String) {
        self.init(name: name, systemName: nil, size: UIImage.registeredSize(name) ?? .zero, scale: 1,
                  renderingMode: .automatic, tintColor: nil)
    }

    /// UIKit's `init(named:in:compatibleWith:)`; the bundle and traits are ignored.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: Any?) {
        self.init(named: name)
    }

    /// An SF Symbol: 17 × 17 points unless registered otherwise; symbols render as templates.
    public convenience init?(systemName: String) {
        self.init(name: nil, systemName: systemName, size: UIImage.registeredSize(systemName) ?? CGSize(width: 17, height: 17),
                  scale: 1, renderingMode: .alwaysTemplate, tintColor: nil)
    }

    /// An image of a PNG, JPEG or SVG file's bytes (`ItemImage`'s checks: kind by magic
    /// bytes, at most 2 MiB, no active SVG); nil for anything else, as UIKit returns nil for
    /// data it cannot decode. A PNG's size is read from its header (pixels at scale 1); other
    /// kinds are 0 × 0 points.
    public convenience init?(data: Data) {
        guard let picture = try? ItemImage(name: "data", data: data) else { return nil }
        var size = CGSize.zero
        if picture.kind == .png, data.count >= 24 {
            let b = [UInt8](data[data.startIndex + 16 ..< data.startIndex + 24])
            let w = b[0..<4].reduce(0) { $0 << 8 | Int($1) }, h = b[4..<8].reduce(0) { $0 << 8 | Int($1) }
            size = CGSize(width: w, height: h)
        }
        self.init(name: nil, systemName: nil, size: size, scale: 1, renderingMode: .automatic, tintColor: nil)
        self.picture = picture
    }

    /// The image in the file at `path` (see `init?(data:)`); nil when it cannot be read.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data)
        picture = picture.flatMap { try? ItemImage(name: (path as NSString).lastPathComponent, data: $0.data) }
    }

    /// An empty image of `size` points (a stand-in for images drawn by code).
    public convenience init(size: CGSize) {
        self.init(name: nil, systemName: nil, size: size, scale: 1, renderingMode: .automatic, tintColor: nil)
    }

    /// A copy that renders as `mode`.
    open func withRenderingMode(_ mode: RenderingMode) -> UIImage {
        let copy = UIImage(name: name, systemName: systemName, size: size, scale: scale, renderingMode: mode, tintColor: tintColor)
        copy.picture = picture
        return copy
    }

    /// A copy drawn in `color` whatever the view's tint (UIKit: iOS 13).
    open func withTintColor(_ color: UIColor) -> UIImage {
        let copy = UIImage(name: name, systemName: systemName, size: size, scale: scale, renderingMode: .alwaysOriginal, tintColor: color)
        copy.picture = picture
        return copy
    }

    /// A copy drawn in `color` with `mode`.
    open func withTintColor(_ color: UIColor, renderingMode mode: RenderingMode) -> UIImage {
        let copy = UIImage(name: name, systemName: systemName, size: size, scale: scale, renderingMode: mode, tintColor: color)
        copy.picture = picture
        return copy
    }

    /// The pixels' stand-in: width and height in pixels (size × scale).
    /// (nil on platforms with CoreGraphics, where a real `CGImage` needs real pixels).
    open var cgImage: CGImage? {
        #if canImport(CoreGraphics)
        return nil
        #else
        return CGImage(width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()))
        #endif
    }

    public static func == (a: UIImage, b: UIImage) -> Bool {
        a.name == b.name && a.systemName == b.systemName && a.size == b.size && a.scale == b.scale
            && a.renderingMode == b.renderingMode && a.tintColor == b.tintColor
    }

    open var description: String {
        let what = name.map { "named \"\($0)\"" } ?? systemName.map { "symbol \"\($0)\"" } ?? "unnamed"
        return "<UIImage \(what) \(size.width)×\(size.height) \(renderingMode)>"
    }

    // MARK: Asset sizes

    private static let lock = NSLock()
    nonisolated(unsafe) private static var sizes: [String: CGSize] = [:]

    /// Records the size (points) an image `name` (or symbol) has, as the asset catalog would:
    /// later `UIImage(named:)` and `UIImage(systemName:)` calls get it.
    public static func registerAsset(named name: String, size: CGSize) {
        lock.lock(); defer { lock.unlock() }
        sizes[name] = size
    }

    static func registeredSize(_ name: String) -> CGSize? {
        lock.lock(); defer { lock.unlock() }
        return sizes[name]
    }
}

#if !canImport(CoreGraphics)
/// A minimal `CGImage` for platforms without CoreGraphics: a width and height in pixels.
public final class CGImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
    public static func == (a: CGImage, b: CGImage) -> Bool { a.width == b.width && a.height == b.height }
}
#endif
