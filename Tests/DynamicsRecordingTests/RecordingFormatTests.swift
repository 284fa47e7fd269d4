import Dynamics
import DynamicsRecording
import Foundation
import Testing

/// A private folder for a test's files.
func scratchFolder() -> String {
    let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("dynrec-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Writes `text` to a new file and returns its path.
func file(_ text: String, name: String = "r.dynrec") -> String {
    let path = (scratchFolder() as NSString).appendingPathComponent(name)
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return path
}

let sha = String(repeating: "ab", count: 32)
let goodHeader = #"{"format":"dynamics-recording","version":1,"scene":"s.lua","sceneSHA256":"\#(sha)","fps":60,"params":{},"build":"b","host":"run","keyframeInterval":2}"#
let frame0 = #"{"frame":0,"t":0,"hash":"0000000000000001","keyframe":{"time":0,"items":[{"name":"a","x":1,"y":2,"angle":0,"vx":0,"vy":0,"w":0,"sleeping":false}]}}"#
let frame1 = #"{"frame":1,"t":0.016666666666666666,"inputs":[{"t":0,"pointer":"began","x":1,"y":2}],"hash":"0000000000000002"}"#

/// Reads every frame of `text`; the error's description, or nil when it reads.
func readError(_ text: String) -> String? {
    do {
        let r = try RecordingReader(path: file(text))
        _ = try r.readAll()
        return nil
    } catch {
        return error.description
    }
}

/// Lines joined into a file (each line ends in a newline).
func lines(_ l: [String]) -> String { l.joined(separator: "\n") + "\n" }
func headerWith(_ old: String, _ new: String) -> String { goodHeader.replacingOccurrences(of: old, with: new) }

/// Bad recordings and what their error must say.
let badRecordings: [(String, String)] = {
    var c: [(String, String)] = []
    c.append(("", "is empty"))
    c.append(("{\"format\":\"other\"}\n", "not a recording: header.format"))
    c.append(("hello\n", "not a recording (its first line is not a JSON object"))
    c.append((lines([headerWith("\"version\":1", "\"version\":2")]), "this build reads version 1, the recording is version 2"))
    c.append((lines([headerWith("\"fps\":60", "\"fps\":1e400")]), "header.fps: 1e400 is beyond Double's range"))
    c.append((lines([headerWith("\"fps\":60", "\"fps\":\"60\"")]), "header.fps: expected a number, got a string"))
    c.append((lines([headerWith("\"fps\":60", "\"fps\":NaN")]), "invalid JSON"))
    c.append((lines([headerWith("\"build\":\"b\"", "\"build\":\"b\",\"extra\":1")]), "header: unknown key \"extra\""))
    c.append((lines([headerWith("\"params\":{}", "\"params\":{\"g\":1e300}")]), "header.params.g: must be within"))
    c.append((lines([goodHeader, frame0]), "line 3: the file ends after frame 0 without its end line"))
    c.append(([goodHeader, String(frame0.dropLast(5))].joined(separator: "\n"), "line 2: the file ends inside this line"))
    c.append((lines([goodHeader, frame1]), "line 2: frame: expected frame 0, got 1"))
    c.append((lines([goodHeader, frame0.replacingOccurrences(of: "\"x\":1", with: "\"x\":1e99"), "{\"end\":1}"]), "line 2: keyframe.items[1].x: must be within"))
    c.append((lines([goodHeader, frame0.replacingOccurrences(of: ",\"keyframe\"", with: ",\"k\"")]), "line 2: frame: unknown key \"k\""))
    c.append((lines([goodHeader, frame0.replacingOccurrences(of: "0000000000000001", with: "zz")]), "line 2: frame.hash: expected 16 hexadecimal digits"))
    c.append((lines([goodHeader, #"{"frame":0,"t":0,"hash":"0000000000000001"}"#]), "line 2: frame 0 has no keyframe"))
    c.append((lines([goodHeader, frame0, frame1.replacingOccurrences(of: "\"x\":1", with: "\"x\":-1e308"), "{\"end\":2}"]), "line 3: inputs[1].x: must be within"))
    c.append((lines([goodHeader, frame0, frame1.replacingOccurrences(of: "\"began\"", with: "\"jumped\""), "{\"end\":2}"]), "line 3: inputs[1].pointer: expected began"))
    c.append((lines([goodHeader, frame0, frame1, "{\"end\":5}"]), "line 4: end: the recording says 5 frames, it holds 2"))
    c.append((lines([goodHeader, frame0, frame1, "{\"end\":2}", "{}"]), "line 5: text after the end line"))
    c.append((lines([goodHeader, String(repeating: "[", count: 100_000)]), "line 2: invalid JSON at byte 9: nested deeper than 8 levels"))
    return c
}()

@Suite struct RecordingFormatTests {
    @Test func sha256MatchesTheStandardVectors() {
        #expect(SHA256.hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func framesRoundTripBitForBit() throws {
        var rng = SystemRandomNumberGenerator()
        func anyDouble(_ limit: Double) -> Double {
            // Every exponent, not only round numbers: the text must read back to the same bits.
            while true {
                let d = Double(bitPattern: rng.next())
                if d.isFinite, abs(d) <= limit { return d }
            }
        }
        let header = RecordingHeader(scene: "dir/scène \"q\".lua", sceneSHA256: sha, fps: 60, params: [("gravity", 0.1 + 0.2), ("ü\n", -3e-300)],
                                     build: "b", host: "serve", keyframeInterval: 3)
        var frames: [RecordedFrame] = []
        var t = 0.0
        for n in 0..<10 {
            if n > 0 { t += 1.0 / 60 }
            let inputs = n % 2 == 1 ? [TimedInput(time: t * 0.5, input: .pointer(phase: "moved", x: anyDouble(1e7), y: anyDouble(1e7))),
                                       TimedInput(time: t * 0.5, input: .param(name: "gravity", value: anyDouble(1e15)))] : []
            let keyframe = n % 3 == 0 ? Keyframe(time: t, items: (0..<4).map { i in
                RecordedItem(name: "item\(i)\u{1}", x: anyDouble(1e15), y: anyDouble(1e15), angle: anyDouble(3.14), vx: anyDouble(1e15),
                             vy: anyDouble(1e15), w: anyDouble(1e15), sleeping: i % 2 == 0)
            }) : nil
            frames.append(RecordedFrame(frame: n, time: t, inputs: inputs, hash: rng.next(), keyframe: keyframe, step: n == 9 ? 0.004 : nil))
        }
        let path = (scratchFolder() as NSString).appendingPathComponent("round.dynrec")
        let writer = try RecordingFileWriter(path: path, header: header)
        for f in frames { try writer.append(f) }
        try writer.finish(frames: frames.count)
        let reader = try RecordingReader(path: path)
        #expect(reader.header == header)
        #expect(try reader.readAll() == frames)
    }

    @Test func aGoodSmallFileReads() {
        #expect(readError([goodHeader, frame0, frame1, #"{"end":2}"#, ""].joined(separator: "\n")) == nil)
    }

    @Test(arguments: badRecordings)
    func aBadRecordingIsAClearError(text: String, expected: String) {
        let error = readError(text)
        #expect(error?.contains(expected) == true, "\(error ?? "no error"), expected \(expected)")
    }

    @Test func tooManyInputsInOneFrameIsRefused() {
        let one = #"{"t":0,"pointer":"moved","x":1,"y":2}"#
        let many = #"{"frame":1,"t":0.016666666666666666,"inputs":["# + Array(repeating: one, count: RecordingReader.maximumInputsPerFrame + 1).joined(separator: ",")
            + #"],"hash":"0000000000000002"}"#
        let error = readError([goodHeader, frame0, many, "{\"end\":2}", ""].joined(separator: "\n"))
        #expect(error?.contains("line 3: frame.inputs: 10001 inputs in one frame, more than the 10000") == true, "\(error ?? "none")")
    }

    @Test func aMillionInputsInOneFrameIsRefusedByTheLineBound() {
        // A million minimal inputs make a line over the bound: refused once the bound's bytes
        // have come, without reading the rest of the line.
        let one = #"{"t":0,"pointer":"moved","x":1,"y":2}"#
        let many = #"{"frame":1,"t":0.1,"inputs":["# + Array(repeating: one, count: 1_000_000).joined(separator: ",") + #"],"hash":"0000000000000002"}"#
        let started = Date()
        let error = readError([goodHeader, frame0, many, "{\"end\":2}", ""].joined(separator: "\n"))
        #expect(error?.contains("line 3: the line is longer than 32 MB") == true, "\(error ?? "none")")
        #expect(Date().timeIntervalSince(started) < 20)
    }

    @Test func aFolderOrAMissingFileIsRefused() {
        #expect(throws: RecordingError.self) { try RecordingReader(path: scratchFolder()) }
        #expect(throws: RecordingError.self) { try RecordingReader(path: "/nonexistent/x.dynrec") }
    }
}
