import DynamicsRender
import DynamicsLua
import DynamicsTestSupport
import Foundation
import Testing

func temporaryFile(_ name: String, _ contents: String) throws -> String {
    let dir = testScratch.appendingPathComponent("dynamics-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let url = dir.appendingPathComponent(name)
    try contents.write(to: url, atomically: true, encoding: .utf8)
    return url.path
}

@Suite("dynamics run, test, check, behaviors")
struct CommandTests {
    @Test("run records an SVG and CSV/JSON traces of an example")
    func runExample() throws {
        let dir = testScratch.appendingPathComponent("dynamics-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let svg = dir.appendingPathComponent("p.svg").path, csv = dir.appendingPathComponent("p.csv").path
        let json = dir.appendingPathComponent("p.json").path
        let scene = packageRoot.appendingPathComponent("Examples/pendulum.lua").path
        // An empty output name is refused before the run (it ran the scene first).
        let empty = try runDynamics(["run", scene, "--svg", ""])
        #expect(empty.status == 2 && empty.stderr.contains("--svg: expected a file name, got an empty one"), "\(empty.stderr)")
        let r = try runDynamics(["run", scene, "--seconds", "1", "--svg", svg, "--debug", "--trace", csv])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("1.000 s simulated"), "\(r.stdout)")
        let svgText = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(svgText.hasPrefix("<?xml") || svgText.hasPrefix("<svg"))
        #expect(svgText.contains("animateTransform") && svgText.contains("debug"))
        let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n")
        #expect(rows.first == "time,item,x,y,angle,vx,vy")
        #expect(rows.count > 30)
        let r2 = try runDynamics(["run", scene, "--seconds", "0.5", "--trace", json])
        #expect(r2.status == 0)
        let trace = try JSONDecoder().decode(Trace.self, from: Data(contentsOf: URL(fileURLWithPath: json)))
        #expect(!trace.samples.isEmpty && !trace.items.isEmpty)
    }

    /// `run s.lua --svg s.lua` replaced the scene with its own drawing (exit 0), and
    /// `test dir --junit dir/scene.lua` a scene the tests load.
    @Test("run and test never write their output over a script: the scene itself, a link to it, or any .lua file")
    func outputNeverReplacesAScript() throws {
        let scene = try temporaryFile("victim.lua", "local dyn = require 'dynamics'\nreturn dyn.animator{}\n")
        let original = try String(contentsOfFile: scene, encoding: .utf8)
        let folder = URL(fileURLWithPath: scene).deletingLastPathComponent()
        let link = folder.appendingPathComponent("drawing.svg").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: scene)
        let other = folder.appendingPathComponent("other.lua").path
        try original.write(toFile: other, atomically: true, encoding: .utf8)
        // A scene whose name passes --trace's suffix check.
        let csvScene = folder.appendingPathComponent("scene.csv").path
        try original.write(toFile: csvScene, atomically: true, encoding: .utf8)
        for (option, path, reason) in [("--svg", scene, "it is the script"), ("--trace", csvScene, "it is the script"),
                                        ("--svg", link, "it is the script"), ("--svg", other, "it is a Lua script")] {
            let args = ["run", option == "--trace" ? csvScene : scene, "--seconds", "0.1", option, path]
            let r = try runDynamics(args)
            #expect(r.status == 2 && r.stderr.contains("\(option): cannot write") && r.stderr.contains(reason), "\(args): \(r.stderr)")
        }
        // A hard link to a script (`ln other.lua out.svg` was written over).
        let hard = folder.appendingPathComponent("hard.svg").path
        try FileManager.default.linkItem(atPath: other, toPath: hard)
        let h = try runDynamics(["run", scene, "--seconds", "0.1", "--svg", hard])
        #expect(h.status == 2 && h.stderr.contains("hard links"), "\(h.stderr)")
        // A script behind a link in a scanned folder, under a name that is no script's (round
        // 24): the content decides. A previous output is written over as before.
        let source = folder.appendingPathComponent("source.txt").path
        try "test(\"keeps\", function() end)\n".write(toFile: source, atomically: true, encoding: .utf8)
        let tests = folder.appendingPathComponent("linked")
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: tests.appendingPathComponent("keep_test.lua").path, withDestinationPath: source)
        let linked = try runDynamics(["test", tests.path, "--junit", source])
        #expect(linked.status == 2 && linked.stderr.contains("holds something else than a previous output"), "\(linked.stderr)")
        #expect(try String(contentsOfFile: source, encoding: .utf8).hasPrefix("test("))
        let report = folder.appendingPathComponent("report.xml").path
        #expect(try runDynamics(["test", tests.path, "--junit", report]).status == 0)
        #expect(try runDynamics(["test", tests.path, "--junit", report]).status == 0, "a previous report is replaced")
        let j = try runDynamics(["test", folder.path, "--junit", other])
        #expect(j.status == 2 && j.stderr.contains("--junit: cannot write") && j.stderr.contains("it is a Lua script"), "\(j.stderr)")
        #expect(try String(contentsOfFile: scene, encoding: .utf8) == original)
        #expect(try String(contentsOfFile: other, encoding: .utf8) == original)
        #expect(try String(contentsOfFile: csvScene, encoding: .utf8) == original)
    }

    /// `types > file` on a full disk made an empty file and exited 0.
    @Test("an output that cannot be written (a full disk) fails the command with the system's reason")
    func fullStandardOutput() throws {
        for args in [["types"], ["behaviors"], ["check", packageRoot.appendingPathComponent("Examples/pendulum.lua").path],
                     ["bench", "--scene", "boxes100", "--json", "--runs", "3", "--steps", "5"]] {
            let r = try runDynamics(args, standardOutput: "/dev/full")
            #expect(r.status == 1 && r.stderr.contains("No space left on device"), "\(args): \(r.status) \(r.stderr)")
        }
        #expect(try runDynamics(["types"]).status == 0)
        #expect(try runDynamics(["--help"], standardOutput: "/dev/full").status == 1)
        // A standard error that cannot be written made every message a crash (SIGILL,
        // exit 132); the documented statuses hold.
        let failing = try temporaryFile("fails.lua", "error('x')\n")
        for (args, status) in [(["run", failing], Int32(1)), (["bogus"], 2), (["run", failing, "--seconds", "-1"], 2),
                               (["run", "/nonexistent.lua"], 2)] {
            let r = try runDynamics(args, standardError: "/dev/full")
            #expect(r.status == status, "\(args): \(r.status)")
        }
    }

    @Test("run reports a script error with file:line and exits 1; bad usage exits 2")
    func runErrors() throws {
        let broken = try temporaryFile("broken.lua", "local dyn = require 'dynamics'\nlocal a = dyn.animator{}\ndyn.item{ size = 'big' }\nreturn a\n")
        let r = try runDynamics(["run", broken])
        #expect(r.status == 1)
        #expect(r.stderr.contains("broken.lua:3: item.size: expected a vector"), "\(r.stderr)")
        #expect(r.stderr.contains("stack traceback"))
        #expect(try runDynamics(["run", broken, "--fps", "0"]).status == 2)
        #expect(try runDynamics(["run", broken, "--trace", "x.txt"]).status == 2)
        #expect(try runDynamics(["run"]).status == 2)
    }

    @Test("test prints a line per test, ends with N passed, N failed, writes JUnit and exits 1 on failure")
    func testCommand() throws {
        let file = try temporaryFile("mixed_test.lua", """
            test("adds", function() expect(1 + 1):toBe(2) end)
            test("fails", function() expect(1):toBeGreaterThan(2) end)
            """)
        let junit = (file as NSString).deletingLastPathComponent + "/report.xml"
        let r = try runDynamics(["test", file, "--junit", junit, "--jobs", "2"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("ok adds"))
        // The path as given (Lua shortens one longer than 60 bytes from the left, with "...").
        #expect(r.stdout.contains("mixed_test.lua:2: expected more than 2, got 1") && r.stdout.contains("FAIL fails — ...")
                || r.stdout.contains("FAIL fails — \(file):2:"), "\(r.stdout)")
        #expect(r.stdout.hasSuffix("1 passed, 1 failed\n"))
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("<testsuites tests=\"2\" failures=\"1\" skipped=\"0\">") && xml.contains("<failure message="))
        // Every case and suite carries its time in seconds.
        #expect(xml.components(separatedBy: "<testcase ").dropFirst().allSatisfy { $0.contains(" time=\"") })
        #expect(xml.contains("<testsuite ") && xml.components(separatedBy: "<testsuite ").dropFirst().allSatisfy { $0.contains(" time=\"") })
        let filtered = try runDynamics(["test", file, "--filter", "adds"])
        #expect(filtered.status == 0 && filtered.stdout.hasSuffix("1 passed, 0 failed\n"))
        // A filter matching nothing passed (exit 0), and a file named twice ran twice.
        let nothing = try runDynamics(["test", file, "--filter", "addz"])
        #expect(nothing.status == 1 && nothing.stderr.contains("no test matches --filter 'addz' in 1 file"), "\(nothing.stderr)")
        let twice = try runDynamics(["test", file, file, (file as NSString).deletingLastPathComponent + "/./" + (file as NSString).lastPathComponent, "--filter", "adds"])
        #expect(twice.stdout == "ok adds\n1 passed, 0 failed\n", "\(twice.stdout)")
        let scenes = try runDynamics(["test", packageRoot.appendingPathComponent("Tests/Scenes").path])
        #expect(scenes.status == 0 && scenes.stdout.contains(" passed, 0 failed"), "\(scenes.stdout)")
    }

    /// A scene's `seconds` of the wrong type was ignored (it ran the default 10 s), and
    /// `run` did not check the sliders the viewer refuses; the JSON trace said 30 samples a
    /// second at 10 fps, where it holds one a frame.
    @Test("run checks the scene's seconds and sliders; the JSON trace states its real sample rate")
    func sceneTableChecked() throws {
        let typo = try temporaryFile("typo.lua", "local a = dynamics.animator{}\nreturn { animator = a, seconds = '3' }\n")
        let r = try runDynamics(["run", typo])
        #expect(r.status == 1 && r.stderr.contains("typo.lua: the scene's seconds: expected a number, got string"), "\(r.stderr)")
        let text = try temporaryFile("text.lua", "local a = dynamics.animator{}\nreturn 'a'\n")
        let t0 = try runDynamics(["run", text])
        #expect(t0.status == 1 && t0.stderr.contains("text.lua: the scene returned a string"), "\(t0.stderr)")
        let slider = try temporaryFile("slider.lua", "local a = dynamics.animator{}\nreturn { animator = a, params = { x = { value = 5, min = 0, max = 3, apply = function() end } } }\n")
        let s = try runDynamics(["run", slider])
        #expect(s.status == 1 && s.stderr.contains("scene.params.x: value 5 is outside min…max (0…3)"), "\(s.stderr)")
        // Each condition by name (one message named all three).
        let upside = try temporaryFile("upside.lua", "local a = dynamics.animator{}\nreturn { animator = a, params = { g = { value = 1, min = 2, max = 1, apply = function() end } } }\n")
        let u = try runDynamics(["run", upside])
        #expect(u.status == 1 && u.stderr.contains("scene.params.g: min (2) must be below max (1)"), "\(u.stderr)")
        let scene = try temporaryFile("slow.lua", "local a = dynamics.animator{}\nlocal b = dynamics.item{ size = {10, 10} }\na:addBehavior(dynamics.gravity{ items = {b} })\nreturn a\n")
        let trace = (scene as NSString).deletingLastPathComponent + "/slow.json"
        let t = try runDynamics(["run", scene, "--fps", "10", "--seconds", "2", "--trace", trace])
        #expect(t.status == 0, "\(t.stderr)")
        let json = try JSONDecoder().decode(Trace.self, from: Data(contentsOf: URL(fileURLWithPath: trace)))
        #expect(json.sampleRate == 10)
        #expect(json.samples.count == 21)
    }

    @Test("A trace continues from the animator's time when the scene stepped itself before returning")
    func traceAfterPreRun() throws {
        let scene = try temporaryFile("prerun.lua", """
            local dyn = require "dynamics"
            local a = dyn.animator{}
            local b = dyn.item{ size = {10, 10}, center = {0, 0}, name = "b" }
            local ib = dyn.itemBehavior{ items = {b}, resistance = 0 }
            a:addBehavior(ib)
            ib:addLinearVelocity(b, {100, 0})
            a:run{ seconds = 1 }
            return a
            """)
        let trace = (scene as NSString).deletingLastPathComponent + "/prerun.csv"
        let r = try runDynamics(["run", scene, "--seconds", "1", "--trace", trace])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").dropFirst()
        #expect(rows.count == 31)
        #expect(rows.first?.hasPrefix("1.000000,b,100.0000,") == true, "\(rows.first ?? "")")
        #expect(rows.last?.hasPrefix("2.000000,b,200.0000,") == true, "\(rows.last ?? "")")
    }

    @Test("test reports skipped and unfocused cases as skip lines, in the summary and in JUnit as <skipped/>")
    func testCommandSkipped() throws {
        let file = try temporaryFile("focus_test.lua", """
            test("other", function() error("ran") end)
            describe("sheet", function()
              it.only("lands on half", function() expect(1):toBe(1) end)
              test.skip("later", function() error("ran") end)
            end)
            """)
        let junit = (file as NSString).deletingLastPathComponent + "/focus.xml"
        let r = try runDynamics(["test", file, "--junit", junit])
        #expect(r.status == 0 && r.stdout == "skip other\nok sheet › lands on half\nskip sheet › later\n1 passed, 0 failed, 2 skipped\n", "\(r.stdout)")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("<testsuites tests=\"3\" failures=\"0\" skipped=\"2\">"), "\(xml)")
        #expect(xml.contains("tests=\"3\" failures=\"0\" skipped=\"2\" time="), "\(xml)")
        #expect(xml.contains("name=\"other\" time=\"0.000\">\n      <skipped/>\n    </testcase>"), "\(xml)")
        #expect(xml.contains("name=\"sheet › lands on half\" time=\"") && xml.components(separatedBy: "<skipped/>").count == 3, "\(xml)")
        // A failing case among skipped ones still fails the run.
        let failing = try temporaryFile("focusfail_test.lua", "test.skip(\"a\", function() end)\ntest(\"b\", function() expect(1, \"b.x\"):toBe(2) end)\n")
        let f = try runDynamics(["test", failing])
        #expect(f.status == 1 && f.stdout.contains(":2: b.x: expected 2, got 1") && f.stdout.hasSuffix("0 passed, 1 failed, 1 skipped\n"), "\(f.stdout)")
    }

    @Test("A filter or test name with control characters or a leading dash: the report stays readable")
    func testCommandOddNames() throws {
        let file = try temporaryFile("odd_test.lua", """
            test("bad\\1name\\27[31m & <x>", function() expect("\\0\\2"):toBe(1) end)
            test("-x case", function() end)
            """)
        let junit = (file as NSString).deletingLastPathComponent + "/odd.xml"
        let r = try runDynamics(["test", file, "--junit", junit])
        #expect(r.status == 1 && r.stdout.contains("FAIL bad?name?[31m & <x> — "), "\(r.stdout)")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no control characters in XML 1.0")
        #expect(xml.contains("name=\"bad?name?[31m &amp; &lt;x&gt;\""), "\(xml)")
        // The worker gets the filter as one argument (it was taken for an option: "crashed").
        let dashed = try runDynamics(["test", file, "--filter=-x"])
        #expect(dashed.status == 0 && dashed.stdout == "ok -x case\n1 passed, 0 failed\n", "\(dashed.stdout)")
        // A FIFO nobody reads is refused when written, not waited on for good.
        let fifo = (file as NSString).deletingLastPathComponent + "/report.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let unread = try runDynamics(["test", file, "--junit", fifo])
        #expect(unread.status == 1 && unread.stderr.contains("it is a FIFO that no process is reading"), "\(unread.stderr)")
        // An empty filter matches every test (the worker was handed "--filter=": "crashed").
        let empty = try runDynamics(["test", file, "--filter", ""])
        #expect(empty.status == 1 && empty.stdout.hasSuffix("1 passed, 1 failed\n") && !empty.stdout.contains("crashed"), "\(empty.stdout)")
    }

    @Test("check reports syntax and load errors with file:line, without stepping")
    func checkCommand() throws {
        let good = packageRoot.appendingPathComponent("Examples/blockman.lua").path
        let syntax = try temporaryFile("syntax.lua", "local x = = 1\n")
        let load = try temporaryFile("load.lua", "dynamics.itemBehavior{ elastcity = 2 }\n")
        let r = try runDynamics(["check", good, syntax, load])
        #expect(r.status == 1)
        #expect(r.stdout.contains("ok \(good)"))
        #expect(r.stderr.contains("syntax.lua:1: unexpected symbol near '='"), "\(r.stderr)")
        #expect(r.stderr.contains("load.lua:1: dynamics.itemBehavior: unknown property 'elastcity'"))
        #expect(try runDynamics(["check", good]).status == 0)
        // A scene reached through a symbolic link is read through it (it was "not a regular
        // file"); a FIFO is still refused, without blocking.
        let link = (syntax as NSString).deletingLastPathComponent + "/linked.lua"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: good)
        let linked = try runDynamics(["check", link])
        #expect(linked.status == 0 && linked.stdout.contains("ok \(link)"), "\(linked.stderr)")
        let fifo = (syntax as NSString).deletingLastPathComponent + "/fifo.lua"
        #expect(mkfifo(fifo, 0o600) == 0)
        let refused = try runDynamics(["check", fifo])
        #expect(refused.status == 1 && refused.stderr.contains("not a regular file"), "\(refused.stderr)")
    }

    @Test("Script files over 16 MB are refused before they are read: scenes, plugins, tests, check")
    func oversizedScripts() throws {
        // A sparse 8 GB plugin was read whole, outside the cap: 16.8 GB resident, a minute.
        let scene = try temporaryFile("scene.lua", "local dyn = require \"dynamics\"\nprint(pcall(dyn.use, \"huge\"))\nreturn dyn.animator{}\n")
        let folder = (scene as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder + "/behaviors", withIntermediateDirectories: true)
        let huge = folder + "/behaviors/huge.lua"
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: huge))
        try handle.truncate(atOffset: 17 << 20) // sparse: no disk used (the attack used 8 GB)
        try handle.close()
        defer { try? FileManager.default.removeItem(atPath: huge) }
        let r = try runDynamics(["run", scene, "--seconds", "0.1"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("use: behaviors/huge.lua: cannot read the file: 17825792 bytes, more than the 16 MB"), "\(r.stdout)")
        let test = folder + "/big_test.lua"
        try FileManager.default.copyItem(atPath: huge, toPath: test)
        defer { try? FileManager.default.removeItem(atPath: test) }
        let t = try runDynamics(["test", test])
        #expect(t.status == 1 && t.stdout.contains("more than the 16 MB"), "\(t.stdout)")
        let c = try runDynamics(["check", test])
        #expect(c.status == 1 && c.stderr.contains("more than the 16 MB"), "\(c.stderr)")
    }

    @Test("behaviors reports a broken plugin with its error, lists the others, and exits 1")
    func brokenPluginsListed() throws {
        let scene = try temporaryFile("scene.lua", "return 1\n")
        let folder = (scene as NSString).deletingLastPathComponent + "/behaviors"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "local x = = 1\n".write(toFile: folder + "/asyntax.lua", atomically: true, encoding: .utf8)
        try "return 42\n".write(toFile: folder + "/bnumber.lua", atomically: true, encoding: .utf8)
        // A copy under another name says that name (a plugin's name is its file's).
        try String(contentsOfFile: packageRoot.appendingPathComponent("Examples/behaviors/wind.lua").path, encoding: .utf8)
            .replacingOccurrences(of: "name = \"wind\"", with: "name = \"zwind\"")
            .write(toFile: folder + "/zwind.lua", atomically: true, encoding: .utf8)
        try String(contentsOfFile: packageRoot.appendingPathComponent("Examples/behaviors/wind.lua").path, encoding: .utf8)
            .write(toFile: folder + "/misnamed.lua", atomically: true, encoding: .utf8)
        let r = try runDynamics(["behaviors", "--scene", (scene as NSString).deletingLastPathComponent])
        #expect(r.status == 1)
        #expect(r.stdout.contains("asyntax (lua)\n    error: behaviors/asyntax.lua:1: unexpected symbol near '='"), "\(r.stdout)")
        #expect(r.stdout.contains("bnumber (lua)\n    error: "), "\(r.stdout)")
        #expect(r.stdout.contains("zwind (lua, ") && r.stdout.contains("\n    dyn.use(\"zwind\"){ items = {item}, direction = {1, 0}, strength = 40 }\n"), "\(r.stdout)")
        #expect(r.stdout.contains("misnamed (lua)\n    error: plugin: behaviors/misnamed.lua: its name is 'wind' but its file registers it as 'misnamed'"), "\(r.stdout)")
        // A link that leads nowhere is no plugin (it was listed among the available ones).
        try FileManager.default.createSymbolicLink(atPath: folder + "/dangling.lua", withDestinationPath: folder + "/nowhere.lua")
        let listed = try runDynamics(["behaviors", "--scene", (scene as NSString).deletingLastPathComponent])
        #expect(!listed.stdout.contains("dangling"), "\(listed.stdout)")
        // A folder that is not there is bad usage (it listed the rest and exited 0).
        let missing = try runDynamics(["behaviors", "--scene", "/nonexistent/scenes"])
        #expect(missing.status == 2 && missing.stderr.contains("no such scene or folder: /nonexistent/scenes"), "\(missing.stderr)")
        // Plugins that loop take one budget each; the listing as a whole has a time limit
        // (600 of them held it for 10 minutes).
        for i in 0..<20 { try "while true do end\n".write(toFile: folder + "/loop\(i).lua", atomically: true, encoding: .utf8) }
        let bounded = try runDynamics(["behaviors", "--scene", (scene as NSString).deletingLastPathComponent,
                                       "--lua-budget", "100000000", "--timeout", "2"])
        #expect(bounded.status == 1 && bounded.stderr.contains("error: behaviors: timed out after 2 s"), "\(bounded.stderr)")
        let check = try runDynamics(["check", folder + "/loop0.lua", folder + "/loop1.lua", folder + "/loop2.lua", "--timeout", "1"])
        #expect(check.status == 1 && check.stderr.contains("error: check: timed out after 1 s"), "\(check.stderr)")
    }

    /// `run X --seconds -1` said "Missing value for '--seconds <seconds>'" (the parser took
    /// -1 for a flag), and --port's range was the only one written with three dots.
    @Test("A negative number given to a numeric option reaches its range check (exit 2)")
    func negativeNumbers() throws {
        let scene = packageRoot.appendingPathComponent("Examples/pendulum.lua").path
        for (arguments, message) in [
            (["run", scene, "--seconds", "-1"], "--seconds must be in 0…86400, got -1.0"),
            (["run", scene, "--fps", "-5"], "--fps must be in 1…1000, got -5.0"),
            (["run", scene, "--timeout", "-2"], "--timeout must be in (0, 86400] seconds, got -2.0"),
            (["check", scene, "--lua-budget", "-1"], "--lua-budget must be a whole number in 1000…1000000000000 instructions, got -1"),
            (["check", scene, "--lua-memory", "-1"], "--lua-memory must be in 1…65536 MB, got -1"),
            (["test", scene, "--jobs", "-2"], "--jobs must be in 1…64, got -2"),
            (["test", scene, "--timeout", "-1"], "--timeout must be in (0, 86400] seconds, got -1.0"),
            (["serve", scene, "--port", "-1"], "--port must be in 0…65535, got -1"),
            (["serve", scene, "--port", "70000"], "--port must be in 0…65535, got 70000"),
            (["bench", "--runs", "-3"], "--runs must be in 3…1000, got -3"),
            (["bench", "--runs", "9223372036854775807"], "--runs must be in 3…1000, got 9223372036854775807"),
            (["check", "/nonexistent/x.lua"], "no such file: /nonexistent/x.lua"),
            (["bench", "--steps", "-1"], "--steps must be at least 1, got -1"),
            // The range is written 10^12: that form reads too, when it is whole.
            (["check", scene, "--lua-budget", "2e12"], "--lua-budget must be a whole number in 1000…1000000000000 instructions, got 2e12"),
            (["check", scene, "--lua-budget", "1e18"], "--lua-budget must be a whole number in 1000…1000000000000 instructions, got 1e18"),
            (["check", scene, "--lua-budget", "9.99999999999999999e11"], "The value '9.99999999999999999e11' is invalid for '--lua-budget"),
            (["check", scene, "--lua-budget", "5e2"], "--lua-budget must be a whole number in 1000…1000000000000 instructions, got 5e2"),
            (["check", scene, "--lua-budget", "1.0005e3"], "The value '1.0005e3' is invalid for '--lua-budget"),
            (["check", scene, "--lua-budget", "0x1e3"], "The value '0x1e3' is invalid for '--lua-budget"),
        ] {
            let r = try runDynamics(arguments)
            #expect(r.status == 2 && r.stderr.contains(message), "\(arguments.dropFirst(2)): \(r.stderr)")
        }
        // (Budgets large enough for the scene's own loading on a busy machine: 1000
        // instructions are 0.01 ms of wall-clock time.)
        for budget in ["1e12", "2.5E8", "100000000.0"] {
            let r = try runDynamics(["check", scene, "--lua-budget", budget])
            #expect(r.status == 0, "\(budget): \(r.stderr)")
        }
    }

    /// A port in use was reported in NIO's words: `error: bind(descriptor:ptr:bytes:): Address
    /// already in use) (errno: 98)`.
    @Test("serve on a port in use, or on an address that is not this machine's, says so and exits 1")
    func servePortInUse() throws {
        let scene = packageRoot.appendingPathComponent("Examples/pendulum.lua").path
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && listen(fd, 1) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        #expect(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let r = try runDynamics(["serve", scene, "--port", "\(port)"])
        #expect(r.status == 1 && r.stderr == "error: port \(port) is already in use (try --port 0 for a free one)\n", "\(r.stderr)")
        // 192.0.2.1 (TEST-NET-1) is no address of this machine.
        let foreign = try runDynamics(["serve", scene, "--port", "0", "--host", "192.0.2.1"])
        #expect(foreign.status == 1 && foreign.stderr.contains("error: cannot listen on 192.0.2.1: it is not an address of this machine"), "\(foreign.stderr)")
        // It warned about the exposed address first, then failed.
        #expect(!foreign.stderr.contains("warning"), "\(foreign.stderr)")
        // What can never be a scene is refused at once, as run refuses it (L10): a folder, a
        // file that is not UTF-8 text.
        let folder = folderPath(of: try temporaryFile("x.lua", ""))
        let dir = try runDynamics(["serve", folder, "--port", "0"])
        #expect(dir.status == 1 && dir.stderr.contains("not a regular file"), "\(dir.stderr)")
        let png = folder + "/picture.png"
        try Data([0x89, 0x50, 0x4E, 0x47, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: png))
        let binary = try runDynamics(["serve", png, "--port", "0"])
        #expect(binary.status == 1 && binary.stderr.contains("not UTF-8"), "\(binary.stderr)")
    }

    /// A plugin that requires its sibling loaded under run and behaviors, but check alone
    /// searched `behaviors/behaviors/` and said "module 'dd' is not available in the sandbox".
    @Test("check on a plugin in a behaviors/ folder finds the plugins beside it")
    func checkPluginSiblings() throws {
        let scene = try temporaryFile("scene.lua", "local dyn = require \"dynamics\"\nlocal a = dyn.animator{}\ndyn.use(\"cc\"){}\nreturn a\n")
        let folder = (scene as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder + "/behaviors", withIntermediateDirectories: true)
        try "local d = require \"dd\"\nreturn { name = \"cc\", params = { k = d.params.k } }\n"
            .write(toFile: folder + "/behaviors/cc.lua", atomically: true, encoding: .utf8)
        try "return { name = \"dd\", params = { k = 2 } }\n".write(toFile: folder + "/behaviors/dd.lua", atomically: true, encoding: .utf8)
        let r = try runDynamics(["check", folder + "/behaviors/cc.lua", scene])
        #expect(r.status == 0 && r.stdout.contains("ok \(folder)/behaviors/cc.lua"), "\(r.stderr)")
        // A file in a folder of another name keeps the usual search path (its folder's behaviors/).
        try FileManager.default.createDirectory(atPath: folder + "/other", withIntermediateDirectories: true)
        try "local d = require \"dd\"\nreturn { name = \"ee\" }\n".write(toFile: folder + "/other/ee.lua", atomically: true, encoding: .utf8)
        let elsewhere = try runDynamics(["check", folder + "/other/ee.lua"])
        #expect(elsewhere.status == 1 && elsewhere.stderr.contains("require: no plugin or module named 'dd' (looked for dd.lua, lib/dd.lua, behaviors/dd.lua)"), "\(elsewhere.stderr)")
    }

    /// A scene table with a misspelled name ran the first animator made, as long as it liked.
    @Test("A scene's table without its animator, or with a misspelled name, is an error that names it")
    func sceneTableNames() throws {
        func run(_ result: String) throws -> (status: Int32, stdout: String, stderr: String) {
            let scene = try temporaryFile("scene.lua", "local dyn = require \"dynamics\"\nlocal a = dyn.animator{}\nreturn \(result)\n")
            return try runDynamics(["run", scene, "--seconds", "0.1"])
        }
        let typo = try run("{ animatorr = a }")
        #expect(typo.status == 1 && typo.stderr.contains("the scene returned 'animatorr' — did you mean 'animator'?"), "\(typo.stderr)")
        let second = try run("{ animator = a, second = 1 }")
        #expect(second.status == 1 && second.stderr.contains("did you mean 'seconds'?"), "\(second.stderr)")
        // A control character in the key does not reach the terminal.
        let escape = try run("{ animator = a, [\"param\\27\"] = 1 }")
        #expect(escape.status == 1 && escape.stderr.contains("'param?'") && !escape.stderr.contains("\u{1B}"), "\(escape.stderr)")
        let missing = try run("{ seconds = 2 }")
        #expect(missing.status == 1 && missing.stderr.contains("a table without its animator"), "\(missing.stderr)")
        // Other keys are for the scene's tests; returning nothing runs the first animator.
        #expect(try run("{ animator = a, items = {}, parts = {}, [1] = 2 }").status == 0)
        #expect(try run("nil").status == 0)
    }

    /// swift-corelibs-foundation's `deletingLastPathComponent` traps on a one-character path:
    /// `run p`, `check p`, `serve p` and `run e/` crashed (SIGILL) before reading the file.
    @Test("Scene paths of one character run: a file named p, a folder given as e/")
    func oneCharacterPaths() throws {
        let scene = try temporaryFile("p", "local dyn = require \"dynamics\"\nreturn dyn.animator{}\n")
        let folder = folderPath(of: scene)
        let run = try runDynamics(["run", "p", "--seconds", "0.1"], in: folder)
        #expect(run.status == 0 && run.stdout.contains("p: 0 items"), "\(run.status) \(run.stderr)")
        #expect(try runDynamics(["check", "p"], in: folder).status == 0)
        try FileManager.default.createDirectory(atPath: folder + "/e", withIntermediateDirectories: true)
        let dir = try runDynamics(["run", "e/"], in: folder)
        #expect(dir.status == 1 && dir.stderr.contains("not a regular file"), "\(dir.status) \(dir.stderr)")
        #expect(folderPath(of: "p") == "" && folderPath(of: "e/") == "" && folderPath(of: "/a") == "/"
                && folderPath(of: "/a/b//") == "/a" && folderPath(of: "a//b") == "a" && folderPath(of: "/") == "/")
    }

    /// `behaviors --scene FILE` looked for FILE/behaviors/, found nothing and exited 0.
    @Test("behaviors --scene takes a folder: a file is bad usage that names its folder")
    func behaviorsSceneFile() throws {
        let scene = try temporaryFile("scene.lua", "return 1\n")
        let r = try runDynamics(["behaviors", "--scene", scene])
        let folder = (scene as NSString).deletingLastPathComponent
        #expect(r.status == 2 && r.stderr.contains("--scene takes the scene's folder, not a file: \(scene) (try --scene \(folder))"), "\(r.stderr)")
        #expect(try runDynamics(["behaviors", "--scene", folder]).status == 0)
    }

    /// Names that are not UTF-8 reach the CLI as Strings with U+FFFD: `run $'\xffbad.lua'` said
    /// "no such scene file: �bad.lua" beside the file, check and test "cannot read the file".
    @Test("A file name that is not UTF-8 is refused as such: on the command line (exit 2) and in a test folder")
    func nonUTF8Names() throws {
        let folder = (try temporaryFile("ok.lua", "return 1\n") as NSString).deletingLastPathComponent
        func create(_ name: [UInt8]) -> Bool {
            let path = Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]
            let fd = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) } }
            guard fd >= 0 else { return false }
            let text = "test(\"a\", function() expect(1):toBe(1) end)\n"
            _ = text.withCString { write(fd, $0, strlen($0)) }
            return close(fd) == 0
        }
        #expect(create([0xFF] + Array("bad.lua".utf8)))
        try FileManager.default.createDirectory(atPath: folder + "/t", withIntermediateDirectories: true)
        #expect(create(Array("t/".utf8) + [0xFF, 0xFE] + Array("_test.lua".utf8)))
        // The name as raw bytes, through the shell (Process takes Strings).
        for command in ["run", "check"] {
            let shell = try runSubprocess(URL(fileURLWithPath: "/bin/sh"),
                                          ["-c", "cd \"$1\" && exec \"$0\" \"$2\" \"$(printf '\\377bad.lua')\"", dynamicsBinary.path, folder, command])
            let stderr = shell.stderr
            #expect(shell.end == .exited(2) && stderr.contains("file names and other arguments must be valid UTF-8, got \u{FFFD}bad.lua"), "\(command): \(stderr)")
        }
        let t = try runDynamics(["test", folder + "/t"])
        #expect(t.status == 1 && t.stdout.contains("file names must be valid UTF-8"), "\(t.stdout)")
    }

    /// `test` on a folder without test files printed "0 passed, 0 failed" and exited 0.
    @Test("test on a folder with no *_test.lua files says so and exits 2")
    func testWithoutTestFiles() throws {
        let folder = folderPath(of: try temporaryFile("scene.lua", "return 1\n"))
        let r = try runDynamics(["test", folder])
        #expect(r.status == 2 && r.stderr.contains("error: no test files (named *_test.lua) in \(folder)"), "\(r.status) \(r.stderr)")
    }

    @Test("behaviors lists the built-ins and the plugins on the search path, each in its Lua form")
    func behaviorsCommand() throws {
        let r = try runDynamics(["behaviors", "--scene", packageRoot.appendingPathComponent("Examples").path])
        #expect(r.status == 0)
        #expect(r.stdout.contains("gravity (built-in)"))
        // Attachment and snap were described with `items = {item}`, which Lua refuses.
        #expect(r.stdout.contains("\n    dyn.attachment{ item = item, anchor = {0, 0}, "), "\(r.stdout)")
        #expect(r.stdout.contains("\n    dyn.snap{ item = item, point = {0, 0}, damping = 0.5, frequency = 3.59 }"), "\(r.stdout)")
        #expect(r.stdout.contains("wind (lua,") && r.stdout.contains("dyn.use(\"wind\"){ items = {item}, direction = {1, 0}, strength = 40 }"))
        #expect(r.stdout.contains("magnet (lua,"))
        // The examples' plugins are the examples': a project without them lists none.
        let elsewhere = try runDynamics(["behaviors"], in: testScratch.path)
        #expect(elsewhere.status == 0 && !elsewhere.stdout.contains("(lua") && !elsewhere.stdout.contains("wind"), "\(elsewhere.stdout)")
    }

    /// DYNAMICS_PATH comes after the scene's own folders, for plugins and modules alike, and
    /// its folders bound what may be read as their other folders do.
    @Test("DYNAMICS_PATH is searched last for plugins and modules")
    func dynamicsPath() throws {
        // A shared folder keeps its modules in a subfolder: its top-level files are plugins.
        let shared = folderPath(of: try temporaryFile("gust.lua", "return { name = 'gust', params = { k = 2 } }\n"))
        try FileManager.default.createDirectory(atPath: shared + "/kit", withIntermediateDirectories: true)
        try "return 'shared'\n".write(toFile: shared + "/kit/only.lua", atomically: true, encoding: .utf8)
        try "return 'shared'\n".write(toFile: shared + "/kit/both.lua", atomically: true, encoding: .utf8)
        let scene = try temporaryFile("scene.lua", """
            local dyn = require "dynamics"
            assert(require "kit.only" == "shared" and require "kit.both" == "local", "modules")
            assert(dyn.use("gust"){}.k == 2, "plugin")
            print("FOUND")
            return dyn.animator{}
            """)
        try FileManager.default.createDirectory(atPath: folderPath(of: scene) + "/lib/kit", withIntermediateDirectories: true)
        try "return 'local'\n".write(toFile: folderPath(of: scene) + "/lib/kit/both.lua", atomically: true, encoding: .utf8)
        let r = try runDynamics(["run", scene, "--seconds", "0"], environment: ["DYNAMICS_PATH": "/nonexistent:" + shared])
        #expect(r.status == 0 && r.stdout.contains("FOUND"), "\(r.stdout) \(r.stderr)")
        let listed = try runDynamics(["behaviors"], environment: ["DYNAMICS_PATH": shared])
        #expect(listed.status == 0 && listed.stdout.contains("gust (lua, \(shared)/gust.lua)\n    dyn.use(\"gust\"){ items = {item}, k = 2 }"), "\(listed.stdout)")
    }
}
