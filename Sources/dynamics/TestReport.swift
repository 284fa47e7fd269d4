import ArgumentParser
import DynamicsLua
import DynamicsLuaTesting
import Foundation

/// One line of a worker's report (JSON, one object a line, written as cases start and end):
/// the case about to run, or a result. A worker killed at `--timeout` or by a crash leaves
/// the results of the cases that completed, and the name of the one that was running.
struct WorkerReportLine: Codable {
    var running: String?
    var result: LuaTestRunner.Result?
    /// The last line: the file ran to its end (a report without it is a crash's).
    var finished: Bool?

    /// Writes report lines to a file descriptor as they come.
    struct Writer {
        let fd: Int32

        func write(_ line: WorkerReportLine) {
            guard var data = try? JSONEncoder().encode(line) else { return }
            data.append(0x0A)
            _ = data.withUnsafeBytes { writeAll(fd, $0) }
        }
    }

    /// What a report holds: the results in order, the case that started without a result
    /// (nil when every started case finished), and whether the file ran to its end. An
    /// unfinished last line (the worker was killed while writing it) is left out.
    static func read(_ data: Data) -> (results: [LuaTestRunner.Result], running: String?, finished: Bool) {
        var results: [LuaTestRunner.Result] = []
        var running: String?
        var finished = false
        let decoder = JSONDecoder()
        for line in data.split(separator: 0x0A) {
            guard let entry = try? decoder.decode(WorkerReportLine.self, from: Data(line)) else { continue }
            if let name = entry.running { running = name }
            if let result = entry.result {
                results.append(result)
                running = nil
            }
            if entry.finished == true { finished = true }
        }
        return (results, running, finished)
    }
}

/// `--shard I/N`: the I-th (1-based) of N deterministic slices of the test files. The files
/// are sorted by path (byte order of the paths as found) and file k (0-based) belongs to
/// slice k mod N + 1: every file is in exactly one slice, and files of one folder spread
/// over the slices. The text is kept as given, so the range check can name it.
struct Shard: ExpressibleByArgument, Equatable {
    var index: Int
    var count: Int
    var text: String

    /// Most slices a run may be split into.
    static let maximumCount = 10_000

    init?(argument: String) {
        text = argument
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else {
            index = -1; count = -1
            return
        }
        // Digits past Int are kept out of range (Int.max), for the range check to name.
        index = Int(parts[0]) ?? Int.max
        count = Int(parts[1]) ?? Int.max
    }

    init(index: Int, count: Int) {
        self.index = index
        self.count = count
        text = "\(index)/\(count)"
    }

    /// Why the value is bad usage, or nil when it names a slice.
    var problem: String? {
        guard index >= 0, count >= 0 else {
            return "--shard must be I/N, two whole numbers with 1 ≤ I ≤ N ≤ \(Shard.maximumCount) (e.g. 2/3), got '\(text)'"
        }
        guard (1...Shard.maximumCount).contains(count) else {
            return "--shard I/N: N (the number of slices) must be in 1…\(Shard.maximumCount), got '\(text)'"
        }
        guard (1...count).contains(index) else {
            return "--shard I/N: I (this slice) must be in 1…\(count) (slices count from 1), got '\(text)'"
        }
        return nil
    }

    /// The files of this slice, in the order given.
    func slice(_ files: [String]) -> [String] {
        let sorted = files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let mine = Set(sorted.indices.filter { $0 % count == index - 1 }.map { sorted[$0] })
        return files.filter(mine.contains)
    }

    var description: String { "\(index)/\(count)" }
    var defaultValueDescription: String { text }
}

/// Printing and JUnit for `dynamics test`.
enum TestReport {
    /// Lines of `text` as the terminal and reports show them: control characters escaped
    /// (`Result.escaped`), tabs kept, a last empty line left out.
    static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { line in
            line.split(separator: "\t", omittingEmptySubsequences: false)
                .map { LuaTestRunner.Result.escaped(String($0)) }.joined(separator: "\t")
        }
    }

    /// The lines of a traceback that name a script's file:line ("[C]" frames and the test
    /// API's own are left out).
    static func scriptFrames(_ traceback: String) -> [String] {
        lines(traceback).compactMap { line in
            let frame = line.trimmingCharacters(in: .whitespaces)
            let parts = frame.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, !parts[1].isEmpty, parts[1].allSatisfy(\.isNumber),
                  !frame.hasPrefix("dynamics.test:"), !frame.hasPrefix("sandbox:") else { return nil }
            return frame
        }
    }

    /// The text shown for a result: its line, then (for a failure, or any result when
    /// `verbose`) what it printed, indented with "  | ", and with `verbose` the script frames
    /// of a failure's traceback.
    static func text(of r: LuaTestRunner.Result, verbose: Bool) -> String {
        var text = r.line + "\n"
        if let output = r.output, verbose || !r.passed {
            for line in lines(output) { text += "  | " + line + "\n" }
        }
        if verbose, let traceback = r.traceback {
            let frames = scriptFrames(traceback)
            if !frames.isEmpty { text += "  stack traceback:\n" + frames.map { "    " + $0 + "\n" }.joined() }
        }
        return text
    }

    /// The JUnit report: a `<testsuite>` per file, named by its path as given (so reports of
    /// several shards merge without clashes), each case named uniquely within its file (a
    /// second case of the same name gets " (2)"), a failure's body holding its message and
    /// the script frames of its traceback, and what a case printed in `<system-out>`.
    static func junitXML(_ results: [LuaTestRunner.Result]) -> String {
        // Control characters are not allowed in XML 1.0 (nor U+FFFE, U+FFFF): a test named
        // "bad\u{1}" made the whole report unreadable. They are escaped as in the text lines;
        // in bodies, newlines and tabs are kept.
        func xml(_ s: String) -> String {
            var clean = String.UnicodeScalarView()
            for u in s.unicodeScalars {
                clean.append(u.value == 0xFFFE || u.value == 0xFFFF ? "?" : u)
            }
            return String(clean).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        func attribute(_ s: String) -> String { xml(LuaTestRunner.Result.escaped(s)) }
        // A tab as a character reference: readers that normalise white space keep it.
        func body(_ s: String) -> String { xml(lines(s).joined(separator: "\n")).replacingOccurrences(of: "\t", with: "&#9;") }
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let failures = results.filter { !$0.passed }.count
        text += "<testsuites tests=\"\(results.count)\" failures=\"\(failures)\" skipped=\"\(results.filter(\.skipped).count)\">\n"
        for (file, group) in Dictionary(grouping: results, by: \.file).sorted(by: { $0.key < $1.key }) {
            let suite = attribute(file)
            let time = String(format: "%.3f", group.reduce(0) { $0 + $1.seconds })
            text += "  <testsuite name=\"\(suite)\" tests=\"\(group.count)\" failures=\"\(group.filter { !$0.passed }.count)\""
                + " skipped=\"\(group.filter(\.skipped).count)\" time=\"\(time)\">\n"
            var seen: [String: Int] = [:]
            for r in group {
                var name = attribute(r.name)
                // Unique within the file, also against a name that already ends in " (2)".
                while let n = seen[name] {
                    seen[name] = n + 1
                    name = "\(name) (\(n + 1))"
                }
                seen[name] = 1
                text += "    <testcase classname=\"\(suite)\" name=\"\(name)\" time=\"\(String(format: "%.3f", r.seconds))\""
                var inner = ""
                if let f = r.failure {
                    let frames = r.traceback.map(scriptFrames) ?? []
                    let details = ([f] + (frames.isEmpty ? [] : ["stack traceback:"] + frames.map { "\t" + $0 })).joined(separator: "\n")
                    inner += "      <failure message=\"\(attribute(f))\">\(body(details))</failure>\n"
                } else if r.skipped {
                    inner += "      <skipped/>\n"
                }
                if let output = r.output { inner += "      <system-out>\(body(output))</system-out>\n" }
                text += inner.isEmpty ? "/>\n" : ">\n" + inner + "    </testcase>\n"
            }
            text += "  </testsuite>\n"
        }
        return text + "</testsuites>\n"
    }
}
