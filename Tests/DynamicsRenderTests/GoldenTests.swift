import Dynamics
import DynamicsTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import DynamicsRender

@Suite("Golden runs")
struct GoldenTests {
    /// A box falling onto the floor of a 375 × 667 screen, and a ball thrown across it; 2 s at
    /// 60 frames a second.
    func dropRecord(ballSpeed: CGFloat = 100) -> RunRecord {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 375, height: 667))
        let box = DynamicView(center: CGPoint(x: 100, y: 100), size: CGSize(width: 50, height: 50), name: "box")
        let ball = DynamicView(center: CGPoint(x: 250, y: 200), size: CGSize(width: 40, height: 40), collisionBoundsType: .ellipse, name: "ball")
        animator.addBehavior(GravityBehavior(items: [box, ball]))
        let collision = CollisionBehavior(items: [box, ball])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        let props = DynamicItemBehavior(items: [ball])
        animator.addBehavior(props)
        animator.step(0)
        props.addLinearVelocity(CGPoint(x: ballSpeed, y: 0), for: ball)
        let record = RunRecord(animator: animator)
        for _ in 0..<120 { animator.step(1.0 / 60); record.capture() }
        return record
    }

    func temporaryFolder() throws -> String {
        let url = testScratch.appendingPathComponent("goldens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    @Test("A golden keeps every stride-th frame and the last, rounded for its tolerance, one line per frame")
    func layout() throws {
        let record = dropRecord()
        let golden = Golden(record: record, tolerance: 0.5, stride: 4)
        #expect(golden.items == ["box", "ball"])
        #expect(golden.times.count == 31)                     // frames 0, 4, … 120: the last is one of them
        #expect(golden.times.last == Golden.rounded(record.times.last!, 6))
        let text = golden.json()
        let lines = text.split(separator: "\n")
        #expect(lines.count == 8 + 31 + 2)
        #expect(lines[1] == "  \"format\": \"dynamics-golden\",")
        #expect(lines[5] == "  \"items\": [\"box\", \"ball\"],")
        #expect(lines[8] == "    [0, 100, 100, 0, 250, 200, 0],")
        // Two decimals for 0.5 pt (rounding within a twentieth of it), five for angles.
        let numbers = lines[20].dropFirst(5).dropLast(2).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        for n in numbers.dropFirst() where n.contains(".") { #expect(n.split(separator: ".")[1].count <= 5, "\(n)") }
        #expect(numbers[2].split(separator: ".").last!.count <= 2)
        #expect(Golden.decimals(for: 0.5) == 2 && Golden.decimals(for: 1) == 1 && Golden.decimals(for: 0.01) == 3)
        #expect(Golden.decimals(for: 10) == 0 && Golden.decimals(for: Golden.minimumTolerance) == 5)
        // A stride that does not divide the frames keeps the last too.
        let odd = Golden(record: record, tolerance: 0.5, stride: 7)
        #expect(odd.times.count == 19 && odd.times.last == golden.times.last)
        // What is written reads back the same.
        #expect(try Golden.parse(text) == golden)
        #expect(try Golden.parse(odd.json()) == odd)
    }

    @Test("A run matches its own golden; a different one differs at the first frame, item and property")
    func comparison() throws {
        let record = dropRecord()
        let golden = Golden(record: record, tolerance: 0.5, stride: 2)
        #expect(golden.firstMismatch(with: record, tolerance: 0.5) == nil)
        // The same run again: bit-identical, so it matches at any tolerance the golden holds.
        #expect(golden.firstMismatch(with: dropRecord(), tolerance: 0.01) == nil)
        // The ball thrown faster: its x parts at the second kept frame (t = 1/30 s, 0.33 pt more per
        // 10 pt/s: 50 pt/s more is 1.7 pt).
        let m = try #require(golden.firstMismatch(with: dropRecord(ballSpeed: 150), tolerance: 0.5))
        #expect(m.frame == 1 && m.item == "ball" && m.property == "x")
        #expect(abs(m.time! - 1.0 / 30) < 1e-6)
        #expect(abs(m.actual! - m.expected! - 50.0 / 30) < 0.01)
        #expect(m.description == "at frame 2 of 61 (t = 0.033 s): 'ball'.x is 255, the golden has 253.3 (tolerance 0.5)")
        // A tolerance wide enough takes it.
        #expect(golden.firstMismatch(with: dropRecord(ballSpeed: 150), tolerance: 100) == nil)
    }

    @Test("A run that starts at a time the golden rounds (1.0083333… s) matches the golden read back")
    func roundedStart() throws {
        let animator = DynamicAnimator()
        let item = DynamicView(center: .zero, size: CGSize(width: 10, height: 10), name: "faller")
        animator.addBehavior(GravityBehavior(items: [item]))
        for _ in 0..<121 { animator.step(1.0 / 120) }
        let record = RunRecord(animator: animator)
        for _ in 0..<30 { animator.step(1.0 / 60); record.capture() }
        let golden = try Golden.parse(Golden(record: record, tolerance: 0.5, stride: 2).json())
        #expect(golden.times[0] == 1.008333 && record.times[0] > golden.times[0])
        #expect(golden.firstMismatch(with: record, tolerance: 0.5) == nil)
    }

    @Test("Items are compared by name: one missing or one more is a mismatch; items = a subset compares those")
    func items() throws {
        let record = dropRecord()
        let ballOnly = Golden(record: record, items: [1], tolerance: 0.5, stride: 2)
        #expect(ballOnly.items == ["ball"])
        #expect(ballOnly.firstMismatch(with: record, items: [1], tolerance: 0.5) == nil)
        let extra = try #require(ballOnly.firstMismatch(with: record, tolerance: 0.5))
        #expect(extra.property == "item" && extra.description == "this run has the item 'box', which the golden has not (it has 'ball')")
        var renamed = ballOnly
        renamed.items = ["balloon"]
        #expect(renamed.firstMismatch(with: record, items: [1], tolerance: 0.5)?.description
            == "the golden has the item 'balloon', which this run has not (it has 'ball')")
    }

    @Test("Angles differ by how far they move an item's corners; runs longer or shorter compare at their ends")
    func anglesAndEnds() throws {
        let record = dropRecord()
        var golden = Golden(record: record, tolerance: 0.5, stride: 2)
        // The box (half diagonal 35.36 pt) turned by 0.01 rad: 0.35 pt at its corners, within.
        let boxAngle = 2
        golden.values[10 * 6 + boxAngle] += 0.01
        #expect(golden.firstMismatch(with: record, tolerance: 0.5) == nil)
        golden.values[10 * 6 + boxAngle] += 0.01               // 0.02 rad: 0.71 pt
        let m = try #require(golden.firstMismatch(with: record, tolerance: 0.5))
        #expect(m.frame == 10 && m.item == "box" && m.property == "angle")
        #expect(m.description.hasSuffix("(its corners 0.7 pt apart; tolerance 0.5)"), "\(m.description)")
        // A golden cut short at 1.3 s: the run's later frames are compared with its last frame.
        // The box still bounces on the floor then, and differs at the run's next frame.
        let whole = Golden(record: record, tolerance: 0.5, stride: 2)
        var short = whole
        short.times = Array(whole.times.prefix(40))
        short.values = Array(whole.values.prefix(40 * 6))
        let after = try #require(short.firstMismatch(with: record, tolerance: 0.5))
        #expect(after.frame == nil && after.item == "box" && after.property == "y" && after.time == record.times[79], "\(after)")
        #expect(after.description.hasPrefix("at t = 1.317 s (frame 80 of this run, after the golden's last at 1.300 s): 'box'.y is"), "\(after.description)")
        // The box alone rests there: it matches.
        var boxOnly = Golden(record: record, items: [0], tolerance: 0.5, stride: 2)
        let restFrame = boxOnly.times.firstIndex { $0 >= 1.95 }!
        boxOnly.times = Array(boxOnly.times.prefix(restFrame + 1))
        boxOnly.values = Array(boxOnly.values.prefix((restFrame + 1) * 3))
        #expect(boxOnly.firstMismatch(with: record, items: [0], tolerance: 0.5) == nil)
    }

    @Test("Broken golden text is refused with the line of the problem")
    func parseErrors() throws {
        let good = Golden(record: dropRecord(), tolerance: 0.5, stride: 30).json()
        func problem(_ text: String) -> String {
            do { _ = try Golden.parse(text); return "parsed" } catch { return error.description }
        }
        #expect(problem(String(good.prefix(good.count - 40))).hasSuffix("(is it cut short?)"))
        #expect(problem(String(good.prefix(200))).hasPrefix("line "))
        #expect(problem("") == "line 1: the file ends early, where '{' was expected (is it cut short?)")
        #expect(problem("not json") == "line 1: expected '{', found 'n'")
        #expect(problem("[1, 2]") == "line 1: expected '{', found '['")
        #expect(problem(good.replacingOccurrences(of: "\"stride\"", with: "\"strid\"")) == "line 5: unknown key \"strid\" (a golden has format, version, tolerance, stride, items, columns, frames)")
        #expect(problem(good.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2")) == "the golden is version 2; this dynamics reads version 1")
        #expect(problem(good.replacingOccurrences(of: "dynamics-golden", with: "other")) == "not a golden: its format is \"other\", expected \"dynamics-golden\"")
        #expect(problem(good.replacingOccurrences(of: "\"tolerance\": 0.5", with: "\"tolerance\": 0")) == "\"tolerance\" must be a number ≥ 0.0001, got 0")
        #expect(problem(good.replacingOccurrences(of: "\"stride\": 30", with: "\"stride\": 2.5")) == "\"stride\" must be a whole number ≥ 1, got 2.5")
        #expect(problem(good.replacingOccurrences(of: "[\"box\", \"ball\"]", with: "[\"box\", \"box\"]")) == "the item \"box\" is listed twice")
        // A hand edit that drops a number, or breaks the order of times.
        var lines = good.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let last = try #require(lines[10].range(of: ", ", options: .backwards))
        lines[10] = String(lines[10][..<last.lowerBound]) + "],"
        #expect(problem(lines.joined(separator: "\n")) == "line 11: frame 3 has 6 numbers; 2 items take 7 (t, then x, y, angle of each)")
        lines = good.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[10] = "    [0.1" + lines[10].drop { $0 != "," }
        #expect(problem(lines.joined(separator: "\n")) == "line 11: frame 3's time 0.1 s does not come after the previous frame's 0.5 s")
        lines = good.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[10] = lines[10].replacingOccurrences(of: "[1, ", with: "[1, null, ")
        #expect(problem(lines.joined(separator: "\n")).hasPrefix("line 11: frame 3"))
        #expect(problem(good.replacingOccurrences(of: "[0, 100", with: "[0, 1e999")) == "line 9: the number 1e999 is out of range")
        #expect(problem(good.replacingOccurrences(of: "[0, 100", with: "[0, [[[100")) == "line 9: expected a number, found '['")
        #expect(problem(good + "x") == "line 16: text after the golden's closing '}': 'x'")
        #expect(problem("{\"format\": \"dynamics-golden\", \"version\": 1, \"tolerance\": 0.5, \"stride\": 1, \"items\": [], \"frames\": []}") == "line 1: the golden has no frames")
        #expect(problem("{\"format\": \"dynamics-golden\"}") == "the golden has no \"version\"")
        #expect(problem("{\"format\": \"dynamics-\\golden\"}") == "line 1: unknown escape \\g")
        // Nesting is not followed into: a deep file is refused at its first bracket too many.
        #expect(problem(String(repeating: "[", count: 1_000_000)) == "line 1: expected '{', found '['")
        #expect(problem("{\"items\": " + String(repeating: "[", count: 1_000_000)) == "line 1: expected '\"', found '['")
    }

    @Test("Golden files are read bounded: regular files of at most 16 MB, never through a link")
    func reading() throws {
        let folder = try temporaryFolder()
        let path = folder + "/g.json"
        let golden = Golden(record: dropRecord(), tolerance: 0.5, stride: 10)
        #expect(throws: Golden.FileProblem.missing) { try Golden.read(path: path) }
        try Golden.write(golden.json(), to: path)
        #expect(try Golden.read(path: path) == golden)
        // Replaced whole: no temporary file is left beside it.
        try Golden.write(golden.json(), to: path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["g.json"])
        // A link to it is refused, for reading and for writing over.
        let link = folder + "/link.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        #expect(throws: Golden.FileProblem.notAFile("a symbolic link")) { try Golden.read(path: link) }
        #expect(throws: Golden.FileProblem.notAFile("a symbolic link")) { try Golden.write("{}", to: link) }
        #expect(try Golden.read(path: path) == golden)
        // A folder, a FIFO (not waited on), a file past the bound (sparse: no 17 MB written).
        #expect(throws: Golden.FileProblem.notAFile("a folder")) { try Golden.read(path: folder) }
        let fifo = folder + "/fifo.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: Golden.FileProblem.notAFile("a special file")) { try Golden.read(path: fifo) }
        let huge = folder + "/huge.json"
        #expect(FileManager.default.createFile(atPath: huge, contents: Data("{".utf8)))
        #expect(truncate(huge, off_t(Golden.maximumBytes + 1)) == 0)
        #expect(throws: Golden.FileProblem.tooLarge(Golden.maximumBytes + 1)) { try Golden.read(path: huge) }
        #expect(Golden.FileProblem.tooLarge(Golden.maximumBytes + 1).description == "16777217 bytes, more than the 16 MB a golden may have")
        // Not UTF-8, and not JSON.
        let binary = folder + "/binary.json"
        #expect(FileManager.default.createFile(atPath: binary, contents: Data([0x7B, 0xFF, 0xFE])))
        #expect(throws: Golden.FileProblem.invalid(Golden.Problem(line: nil, message: "it is not UTF-8 text"))) { try Golden.read(path: binary) }
        let truncated = folder + "/truncated.json"
        try String(golden.json().prefix(300)).write(toFile: truncated, atomically: true, encoding: .utf8)
        do { _ = try Golden.read(path: truncated); Issue.record("read a truncated golden") } catch {
            #expect(error.description.hasSuffix("(is it cut short?)"), "\(error)")
        }
    }

    @Test("The mismatch picture draws the golden ghosted under the run, with both paths and the difference ringed")
    func picture() throws {
        let golden = Golden(record: dropRecord(), tolerance: 0.5, stride: 2)
        let run = dropRecord(ballSpeed: 200)
        let mismatch = try #require(golden.firstMismatch(with: run, tolerance: 0.5))
        let svg = golden.comparisonSVG(record: run, marking: mismatch)
        let lines = svg.split(separator: "\n").map(String.init)
        #expect(lines[0] == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        #expect(svg.contains("viewBox=\"0 0 375 667\""))
        // The ghosts, then the run's items, each once.
        let golden0 = try #require(lines.firstIndex(of: "<g id=\"golden\" class=\"golden\" opacity=\"0.45\">"))
        let ghostBox = try #require(lines.firstIndex { $0.hasPrefix("<g id=\"item-golden__box\"") })
        let runBox = try #require(lines.firstIndex { $0.hasPrefix("<g id=\"item-box\"") })
        #expect(golden0 < ghostBox && ghostBox < runBox)
        #expect(lines[(ghostBox..<runBox)].contains("</g>"))
        #expect(lines.filter { $0.contains("class=\"item\"") }.count == 4)
        #expect(svg.contains("data-name=\"golden: ball\"") && svg.contains("data-name=\"ball\""))
        #expect(svg.contains("<style>#golden rect, #golden ellipse, #golden path { fill: #9a9a9a;"))
        #expect(lines.filter { $0.hasPrefix("<polyline class=\"golden-path\"") }.count == 2)
        #expect(lines.filter { $0.hasPrefix("<polyline class=\"run-path\"") }.count == 2)
        #expect(svg.contains("<circle class=\"mismatch-golden\"") && svg.contains("<circle class=\"mismatch-run\""))
        // The ball's outline where each has it at the difference's time (t = 1/30 s).
        let ball = try #require(run.track(of: run.items[1]).flatMap { $0.at(1.0 / 30) })
        #expect(svg.contains("<g class=\"mismatch-outline mismatch-run\" transform=\"translate(\(Format.short(ball.center.x)) \(Format.short(ball.center.y))) rotate("), "\(svg)")
        #expect(svg.contains("<g class=\"mismatch-outline mismatch-golden\" transform=\"translate(253.33 "))
        #expect(svg.contains("ghosted grey, dashed path: the golden · solid: this run"))
        #expect(svg.contains("first difference at frame 2 of 61 (t = 0.033 s): &apos;ball&apos;.x is 256.7, the golden has 253.3 (tolerance 0.5)"))
        #expect(svg.hasSuffix("</svg>\n"))
        // It parses as XML.
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    }
}
