import DynamicsTestSupport
import Foundation
import Testing

/// `dynamics test` on a test file in a folder of its own directly in the temporary folder
/// (`/tmp/<unique>/x_test.lua`): the folder above it, `/tmp`, is outside what it may read.
@Suite("dynamics test: a test reads its folder, the run's folders, nothing else")
struct ReadableFoldersCLITests {
    @Test("aTestReadsNothingAboveItsFolder: ../, links to /etc/passwd and /proc/self/environ, absolute paths")
    func aTestReadsNothingAboveItsFolder() throws {
        let fm = FileManager.default
        let unique = "dynamics-read-\(UUID().uuidString.prefix(8).lowercased())"
        let tmp = fm.temporaryDirectory
        let folder = tmp.appendingPathComponent(unique)
        let secret = tmp.appendingPathComponent("\(unique)-secret.lua")
        try fm.createDirectory(at: folder.appendingPathComponent("lib"), withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: folder); try? fm.removeItem(at: secret) }
        try "return 'SECRET FROM ABOVE'".write(to: secret, atomically: true, encoding: .utf8)
        try "return 'beside'".write(to: folder.appendingPathComponent("beside.lua"), atomically: true, encoding: .utf8)
        try fm.createSymbolicLink(atPath: folder.appendingPathComponent("passwd.lua").path, withDestinationPath: "/etc/passwd")
        try fm.createSymbolicLink(atPath: folder.appendingPathComponent("environ.lua").path, withDestinationPath: "/proc/self/environ")
        try fm.createSymbolicLink(atPath: folder.appendingPathComponent("lib/passwd.lua").path, withDestinationPath: "/etc/passwd")
        try fm.createSymbolicLink(atPath: folder.appendingPathComponent("up.lua").path, withDestinationPath: secret.path)
        let refused = ["../\(unique)-secret.lua", "./../\(unique)-secret.lua", "lib/../../\(unique)-secret.lua",
                       "lib/./../../\(unique)-secret.lua", "passwd.lua", "environ.lua", "up.lua", "lib/passwd.lua",
                       secret.path, "/etc/passwd.lua"]
        var source = "test('beside', function() expect(loadScene('beside.lua')):toBe('beside') end)\n"
        for path in refused {
            source += "test('loadScene \(path)', function() loadScene('\(path)') end)\n"
        }
        source += "test('require passwd', function() require 'passwd' end)\n"
        try source.write(to: folder.appendingPathComponent("x_test.lua"), atomically: true, encoding: .utf8)
        let r = try runDynamics(["test", folder.appendingPathComponent("x_test.lua").path])
        let output = r.stdout + r.stderr
        #expect(r.status == 1, "\(output)")
        #expect(output.contains("ok beside"), "\(output)")
        for bad in ["SECRET FROM ABOVE", "root:", "PATH=", "HOME="] { #expect(!output.contains(bad), "\(bad) in \(output)") }
        for path in refused where !path.hasPrefix("/") {
            #expect(output.contains("FAIL loadScene \(path) — ") && output.contains("loadScene(path): \(path) is outside the folders scripts may read"),
                    "\(path): \(output)")
        }
        #expect(output.contains("loadScene(path): absolute paths are not allowed"), "\(output)")
        #expect(output.contains("require: passwd.lua is outside the folders scripts may read"), "\(output)")
        #expect(output.contains("1 passed, \(refused.count + 1) failed"), "\(output)")
    }
}
