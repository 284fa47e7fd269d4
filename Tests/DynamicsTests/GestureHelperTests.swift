import Dynamics
import Foundation
import Testing

@Suite("Gesture helpers")
struct GestureHelperTests {
    @Test("project: v/1000 · r/(1 − r); 1000 pt/s travels 499 pt at normal (0.998), 99 pt at fast (0.99)")
    func project() {
        #expect(abs(Gesture.project(1000) - 499) < 1e-9)
        #expect(abs(Gesture.project(1000, decelerationRate: .fast) - 99) < 1e-9)
        #expect(abs(Gesture.project(-2000, decelerationRate: DecelerationRate(rawValue: 0.9)) - -18) < 1e-9)
        let p = Gesture.project(CGPoint(x: 1000, y: -500))
        #expect(abs(p.x - 499) < 1e-9 && abs(p.y + 249.5) < 1e-9)
        #expect(DecelerationRate.normal.rawValue == 0.998 && DecelerationRate.fast.rawValue == 0.99)
    }

    @Test("project is the distance a velocity decaying by r each millisecond covers (sum of v·r^k·1 ms, to 1e-6)")
    func projectIsTheDecay() {
        var v = 1234.0, distance = 0.0
        for _ in 0..<100_000 { v *= 0.998; distance += v / 1000 }
        #expect(abs(Double(Gesture.project(1234)) - distance) < 1e-6)
    }

    @Test("rubberBand: (1 − 1/(x·c/d + 1))·d with the sign of x; 0 at 0, slope c at first, below d always")
    func rubberBand() {
        // x = 100, d = 200, c = 0.55: (1 − 1/1.275)·200 = 43.1372549…
        #expect(abs(Gesture.rubberBand(100, dimension: 200) - 43.13725490196078) < 1e-9)
        #expect(abs(Gesture.rubberBand(-100, dimension: 200) + 43.13725490196078) < 1e-9)
        #expect(Gesture.rubberBand(0, dimension: 200) == 0)
        #expect(abs(Gesture.rubberBand(1e-6, dimension: 200) / 1e-6 - 0.55) < 1e-6)
        #expect(Gesture.rubberBand(1e7, dimension: 200) < 200)
        #expect(abs(Gesture.rubberBand(50, dimension: 100, constant: 1) - 100.0 / 3) < 1e-9)
    }

    @Test("nearest: the closest target and its index; the first of a tie; nil for none; along one axis too")
    func nearest() {
        let targets = [CGPoint(x: 30, y: 60), CGPoint(x: 345, y: 60), CGPoint(x: 30, y: 600), CGPoint(x: 345, y: 600)]
        let n = Gesture.nearest(to: CGPoint(x: 300, y: 500), in: targets)
        #expect(n?.index == 3 && n?.target == CGPoint(x: 345, y: 600))
        #expect(Gesture.nearest(to: CGPoint(x: 0, y: 0), in: [CGPoint(x: 1, y: 0), CGPoint(x: -1, y: 0)])?.index == 0)
        #expect(Gesture.nearest(to: CGPoint(x: 0, y: 0), in: []) == nil)
        let d = Gesture.nearest(to: 420, in: [100, 400, 700])
        #expect(d?.index == 1 && d?.target == 400)
    }
}
