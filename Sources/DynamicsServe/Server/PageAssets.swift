import Foundation

/// The page's files, read once from the package's resources (Sources/DynamicsServe/Page). Only
/// these names are ever served: a request path is looked up in this table, never joined to a
/// folder, so nothing outside the page can be reached.
struct PageAssets: Sendable {
    struct Asset: Sendable {
        var data: Data
        var contentType: String
    }
    let files: [String: Asset]

    /// The page's file names and their content types.
    static let manifest: [(name: String, ext: String, type: String)] = [
        ("index", "html", "text/html; charset=utf-8"),
        ("app", "js", "text/javascript; charset=utf-8"),
        ("style", "css", "text/css; charset=utf-8"),
        ("inspector", "js", "text/javascript; charset=utf-8"),
        ("plots", "js", "text/javascript; charset=utf-8"),
        ("spring", "js", "text/javascript; charset=utf-8"),
        ("awake", "js", "text/javascript; charset=utf-8"),
        ("style-draw", "js", "text/javascript; charset=utf-8"),
        ("timeline", "js", "text/javascript; charset=utf-8"),
    ]

    static func load() throws -> PageAssets {
        var files: [String: Asset] = [:]
        for (name, ext, type) in manifest {
            guard let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Page")
                ?? Bundle.module.url(forResource: name, withExtension: ext) else {
                throw CommandError("the page's resource \(name).\(ext) is missing from the package")
            }
            files["\(name).\(ext)"] = Asset(data: try Data(contentsOf: url), contentType: type)
        }
        return PageAssets(files: files)
    }

    subscript(name: String) -> Asset? { files[name] }
}
