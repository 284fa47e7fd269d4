import ArgumentParser
import Dynamics
import Foundation

/// Finds, builds and starts `dynamics-serve`, the live viewer's server, for `dynamics serve`.
///
/// The server is looked for beside the running `dynamics` (SwiftPM puts every product of a
/// configuration in one folder). When it is missing and `dynamics` runs from a SwiftPM build
/// folder of this package, it is built there once, with the same configuration, saying so
/// first; otherwise the error gives the command that builds it.
enum ServerExecutable {
    /// The name of the server's executable product.
    static let name = "dynamics-serve"

    /// The folder of the running executable, symbolic links resolved.
    static var ownFolder: URL? {
        Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// The path of `dynamics-serve`, built first when it is missing and can be built.
    static func locate() throws -> String {
        guard let folder = ownFolder else {
            printError("error: serve: cannot tell where dynamics runs from, so cannot find \(name) beside it")
            throw ExitCode(1)
        }
        let path = folder.appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: path) { return path }
        let configuration = folder.lastPathComponent
        let command = "swift build -c \(configuration == "release" ? "release" : "debug") --product \(name)"
        guard let build = BuildFolder(binFolder: folder) else {
            printError("error: serve: the live viewer's server, \(name), is not beside dynamics (\(ShownText.line(folder.path))); "
                       + "build it in the package with: \(command)")
            throw ExitCode(1)
        }
        printError("serve: building the live viewer's server once (\(build.command.joined(separator: " "))); "
                   + "the first build takes a few minutes")
        guard build.run(), FileManager.default.isExecutableFile(atPath: path) else {
            printError("error: serve: building \(name) failed (see above); build it in the package with: \(command)")
            throw ExitCode(1)
        }
        return path
    }

    /// Replaces this process with `path`, run with `arguments` (its exit status is the
    /// command's). Returns only by throwing, when the system refuses to start it.
    static func exec(_ path: String, arguments: [String]) throws -> Never {
        fflush(nil)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        printError("error: serve: cannot start \(ShownText.line(path)): \(reason)")
        throw ExitCode(1)
    }

    /// A SwiftPM build folder of this package: `ROOT/.build/TRIPLE/CONFIGURATION` (or
    /// `ROOT/.build/CONFIGURATION`), where ROOT holds the Package.swift that declares the server.
    struct BuildFolder {
        let root: URL
        let scratch: URL
        let configuration: String

        init?(binFolder: URL) {
            configuration = binFolder.lastPathComponent
            guard configuration == "debug" || configuration == "release" else { return nil }
            var scratch = binFolder.deletingLastPathComponent()
            if scratch.lastPathComponent != ".build" { scratch = scratch.deletingLastPathComponent() }
            guard scratch.lastPathComponent == ".build" else { return nil }
            let root = scratch.deletingLastPathComponent()
            guard let manifest = try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8),
                  manifest.contains("\"\(ServerExecutable.name)\"") else { return nil }
            self.root = root
            self.scratch = scratch
        }

        /// `swift build` of the server in this folder's configuration.
        var command: [String] {
            ["swift", "build", "--package-path", root.path, "--scratch-path", scratch.path, "-c", configuration, "--product", ServerExecutable.name]
        }

        /// Runs the build, its output on standard error (standard output is the address's);
        /// true if it succeeded.
        func run() -> Bool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = command
            process.standardOutput = FileHandle.standardError
            do { try process.run() } catch { return false }
            process.waitUntilExit()
            return process.terminationReason == .exit && process.terminationStatus == 0
        }
    }
}
