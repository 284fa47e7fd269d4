import Dynamics
import DynamicsLua
import Foundation

/// `GET /spring?frequency=F&damping=Z` (or `?response=R&dampingFraction=Z`): a spring's step
/// response as the viewer draws it beside a slider bound to a spring (docs/cli.md). The
/// samples are `Spring.displacement(at:)` at even times from 0 to `duration`: the
/// displacement left after release from rest at 1.
public struct SpringCurve: Codable, Sendable, Equatable {
    /// The spring's frequency (Hz) and damping ratio, whichever dialect asked for it.
    public var frequency: Double
    public var damping: Double
    /// The time the samples span (s): 1.25 × the settling time to 0.5 %, or 6 undamped
    /// periods for a spring that does not settle, within `durationRange`.
    public var duration: Double
    /// `sampleCount` displacements, the first 1.
    public var samples: [Double]
    /// Seconds to settle within 1 % (null: never, an undamped spring).
    public var settlingTime: Double?
    /// The fraction the response passes the target by (0 when it does not oscillate).
    public var overshoot: Double
    /// The damped period (s; null when it does not oscillate).
    public var period: Double?

    public static let sampleCount = 241
    public static let durationRange: ClosedRange<Double> = 0.01...600

    /// The curve of `spring`.
    public init(_ spring: Spring) {
        frequency = Double(spring.frequency)
        damping = Double(spring.dampingRatio)
        let settle = spring.settlingTime(tolerance: 0.01)
        let settleClose = spring.settlingTime(tolerance: 0.005)
        let span = settleClose.isFinite ? 1.25 * settleClose : 6 / frequency
        duration = min(max(span, SpringCurve.durationRange.lowerBound), SpringCurve.durationRange.upperBound)
        let dt = duration / Double(SpringCurve.sampleCount - 1)
        samples = (0..<SpringCurve.sampleCount).map { Double(spring.displacement(at: Double($0) * dt)) }
        settlingTime = settle.isFinite ? settle : nil
        overshoot = Double(spring.overshoot)
        period = spring.period.isFinite ? spring.period : nil
    }

    /// The curve a query asks for: exactly the keys of one dialect, each a finite number
    /// in the dialect's range (the model's `Spring` initializers check them and name the
    /// parameter). `query` holds the decoded query's keys and values, repeated keys kept.
    public static func parse(_ query: [(String, String)]) throws(CommandError) -> SpringCurve {
        let dialects = [["frequency", "damping"], ["response", "dampingFraction"]]
        let keys = query.map(\.0)
        for key in keys where !dialects.joined().contains(key) {
            throw CommandError("spring: unknown key \"\(LuaBridge.shown(String(key.prefix(64))))\" (frequency and damping, or response and dampingFraction)")
        }
        guard Set(keys).count == keys.count else { throw CommandError("spring: each key once") }
        guard let dialect = dialects.first(where: { Set($0) == Set(keys) }) else {
            throw CommandError("spring: expected frequency and damping, or response and dampingFraction, e.g. /spring?frequency=2&damping=0.5")
        }
        var numbers: [Double] = []
        for key in dialect {
            let text = query.first { $0.0 == key }!.1
            guard text.count <= 40, let v = Double(text), v.isFinite else {
                throw CommandError("spring.\(key): expected a finite number, got \"\(LuaBridge.shown(String(text.prefix(40))))\"")
            }
            numbers.append(v)
        }
        do {
            let spring = try InvalidInput.catching {
                dialect[0] == "frequency" ? Spring(frequency: CGFloat(numbers[0]), dampingRatio: CGFloat(numbers[1]))
                    : Spring(response: numbers[0], dampingFraction: CGFloat(numbers[1]))
            }
            return SpringCurve(spring)
        } catch let error as DynamicsError {
            // The model's names: dampingRatio is this query's damping.
            let property = error.property == "dampingRatio" ? "damping" : error.property
            throw CommandError("spring.\(property): \(error.message)")
        } catch {
            throw CommandError("spring: \(error)")
        }
    }
}
