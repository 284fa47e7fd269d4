import DynamicsRender
import DynamicsTestSupport
import Foundation
import Testing

/// The interaction examples play scripted gestures (drags and flicks at set times); their
/// traces must not depend on the frame rate (docs/lua-api.md, "Timing").
@Suite("Interaction examples at every frame rate")
struct ExampleFrameRateTests {
    /// One JSON trace's item states (x, y, angle, vx, vy) by item name, keyed by the sample's
    /// time in sixths of a second: 1/6 s is a whole number of frames at 24, 30, 60 and 120 fps
    /// and of the trace's samples (one a frame, at most 30 a second), so all four hold it.
    static func sixths(_ path: String) throws -> [Int: [String: [Double]]] {
        let trace = try JSONDecoder().decode(Trace.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        var byTime: [Int: [String: [Double]]] = [:]
        for sample in trace.samples {
            let time = sample.time
            let k = (time * 6).rounded()
            guard abs(time * 6 - k) < 1e-6 else { continue }
            var states: [String: [Double]] = [:]
            for item in sample.items {
                states[item.name] = [item.x, item.y, item.angle, item.vx, item.vy]
            }
            byTime[Int(k)] = states
        }
        return byTime
    }

    @Test("cards, bottom sheet and pip give bit-identical traces at 24, 30, 60 and 120 fps",
          arguments: ["cards", "bottom_sheet", "pip"])
    func sameTraceAtEveryFrameRate(example: String) throws {
        let dir = testScratch.appendingPathComponent("dynamics-fps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let scene = packageRoot.appendingPathComponent("Examples/\(example).lua").path
        let seconds = 5.5
        var traces: [Int: [Int: [String: [Double]]]] = [:]
        for fps in [24, 30, 60, 120] {
            let trace = dir.appendingPathComponent("\(example)\(fps).json").path
            let r = try runDynamics(["run", scene, "--fps", "\(fps)", "--seconds", "\(seconds)", "--trace", trace])
            #expect(r.status == 0, "\(r.stderr)")
            traces[fps] = try Self.sixths(trace)
        }
        let reference = try #require(traces[60])
        #expect(reference.count == Int(seconds * 6) + 1, "every sixth of a second from 0 to \(seconds) s")
        // The scene moves between the samples compared (a scene at rest would pass trivially).
        #expect(Set(reference.values.map { $0.description }).count > 10)
        var largest = 0.0
        for fps in [24, 30, 120] {
            let other = try #require(traces[fps])
            #expect(Set(other.keys) == Set(reference.keys), "\(fps) fps samples the same sixths")
            for (k, states) in reference {
                for (name, state) in states {
                    let o = try #require(other[k]?[name], "\(name) at \(Double(k) / 6) s at \(fps) fps")
                    for (a, b) in zip(state, o) { largest = max(largest, abs(a - b)) }
                }
            }
        }
        #expect(largest == 0, "\(example): the traces differ by up to \(largest)")
    }
}
