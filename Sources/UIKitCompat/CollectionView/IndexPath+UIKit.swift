import Foundation

// UIKit's two-level index paths (section, then item or row). Foundation on Linux has
// `IndexPath` but not UIKit's accessors, which come from UIKit on Apple platforms.

extension IndexPath {
    /// The index path of item `item` in section `section` (UIKit's `IndexPath(item:section:)`).
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The index path of row `row` in section `section` (a table view's spelling; the same path).
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// The section: the first index. The path must have two indexes, as in UIKit.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The item within the section: the second index.
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The row within the section: the second index (the same as `item`).
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
