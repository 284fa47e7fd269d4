import Foundation

extension UIColor {
    // MARK: System colors (iOS light-mode values)

    public class var systemBlue: UIColor { UIColor(red: 0, green: 122.0 / 255, blue: 1, alpha: 1) }
    public class var systemRed: UIColor { UIColor(red: 1, green: 59.0 / 255, blue: 48.0 / 255, alpha: 1) }
    public class var systemGreen: UIColor { UIColor(red: 52.0 / 255, green: 199.0 / 255, blue: 89.0 / 255, alpha: 1) }
    public class var systemOrange: UIColor { UIColor(red: 1, green: 149.0 / 255, blue: 0, alpha: 1) }
    public class var systemYellow: UIColor { UIColor(red: 1, green: 204.0 / 255, blue: 0, alpha: 1) }
    public class var systemPink: UIColor { UIColor(red: 1, green: 45.0 / 255, blue: 85.0 / 255, alpha: 1) }
    public class var systemPurple: UIColor { UIColor(red: 175.0 / 255, green: 82.0 / 255, blue: 222.0 / 255, alpha: 1) }
    public class var systemTeal: UIColor { UIColor(red: 48.0 / 255, green: 176.0 / 255, blue: 199.0 / 255, alpha: 1) }
    public class var systemIndigo: UIColor { UIColor(red: 88.0 / 255, green: 86.0 / 255, blue: 214.0 / 255, alpha: 1) }
    public class var systemGray: UIColor { UIColor(red: 142.0 / 255, green: 142.0 / 255, blue: 147.0 / 255, alpha: 1) }
    public class var systemBackground: UIColor { .white }
    public class var secondarySystemBackground: UIColor { UIColor(red: 242.0 / 255, green: 242.0 / 255, blue: 247.0 / 255, alpha: 1) }
    public class var label: UIColor { .black }
    public class var secondaryLabel: UIColor { UIColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.6) }

    /// UIKit's pattern color tiles an image; headless it is a mid gray (nothing is drawn).
    /// The image is not kept: compare views' colors, not patterns.
    public convenience init(patternImage image: UIImage) {
        self.init(white: 0.5, alpha: 1)
    }
}
