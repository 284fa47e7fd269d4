import DynamicsEngine
import Foundation

extension RunRecord {
    /// One item at one moment: center (points), angle (radians, clockwise on screen,
    /// unwrapped over the record), velocity of the center (pt/s) and angular velocity (rad/s).
    public struct State: Equatable, Sendable {
        public var time: TimeInterval
        public var center: CGPoint
        public var angle: Double
        public var velocity: CGPoint
        public var angularVelocity: Double

        public init(time: TimeInterval, center: CGPoint, angle: Double, velocity: CGPoint, angularVelocity: Double) {
            self.time = time; self.center = center; self.angle = angle
            self.velocity = velocity; self.angularVelocity = angularVelocity
        }

        /// |velocity| (pt/s).
        public var speed: Double { Double(DeterministicMath.hypot(velocity.x, velocity.y)) }
    }

    /// What `Track.maximum(_:)` and `minimum(_:)` measure.
    public enum Property: String, CaseIterable, Sendable {
        /// The center's coordinates (points).
        case x, y
        /// The angle (radians, unwrapped).
        case angle
        /// The velocity's components (pt/s).
        case vx, vy
        /// |velocity| (pt/s).
        case speed
        /// rad/s, positive clockwise on screen.
        case angularVelocity

        func value(of s: State) -> Double {
            switch self {
            case .x: Double(s.center.x)
            case .y: Double(s.center.y)
            case .angle: s.angle
            case .vx: Double(s.velocity.x)
            case .vy: Double(s.velocity.y)
            case .speed: s.speed
            case .angularVelocity: s.angularVelocity
            }
        }
    }

    /// One item's frames in a record.
    public struct Track {
        public let record: RunRecord
        /// The item's position in the record's `items`.
        public let index: Int

        public init(record: RunRecord, index: Int) {
            precondition(record.items.indices.contains(index), "Dynamics: RunRecord.Track index \(index) out of range")
            self.record = record
            self.index = index
        }

        public var item: DynamicItem { record.items[index] }
        public var name: String { record.names[index] }
        /// The record's frames this track covers (from the frame its item joined to the last).
        public var frames: Range<Int> { record.firstFrames[index]..<max(record.firstFrames[index], record.frameCount) }
        /// The item's outline (its own axes, points).
        var outline: Outline { record.outline(index) }

        /// The item at frame `frame` of the record (one of `frames`).
        public func state(frame: Int) -> State {
            precondition(frames.contains(frame), "Dynamics: frame \(frame) is outside the track (\(frames))")
            let k = record.frameStarts[frame] + index * RunRecord.valuesPerFrame
            return record.values.withUnsafeBufferPointer { v in
                State(time: record.times[frame], center: CGPoint(x: v[k], y: v[k + 1]), angle: v[k + 2],
                      velocity: CGPoint(x: v[k + 3], y: v[k + 4]), angularVelocity: v[k + 5])
            }
        }

        /// The first and last frames' states.
        public var first: State { state(frame: frames.lowerBound) }
        public var last: State { state(frame: frames.upperBound - 1) }
        /// The time span the track covers (s).
        public var startTime: TimeInterval { record.times[frames.lowerBound] }
        public var endTime: TimeInterval { record.times[frames.upperBound - 1] }

        /// The item at `time`, interpolated linearly between the two frames around it (the
        /// frame itself at a frame's time); nil outside `startTime...endTime`. A time within a
        /// nanosecond of an end is that end: a run of 1 s (120 internal steps of 1/120 s)
        /// ends at 0.9999999999999999, and `at(1)` is its last frame.
        public func at(_ time: TimeInterval) -> State? {
            let f = frames
            guard time.isFinite, time >= startTime - 1e-9, time <= endTime + 1e-9 else { return nil }
            let time = min(max(time, startTime), endTime)
            // The last frame at or before `time`.
            var lo = f.lowerBound, hi = f.upperBound - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if record.times[mid] <= time { lo = mid } else { hi = mid - 1 }
            }
            let a = state(frame: lo)
            guard lo + 1 < f.upperBound, time > a.time else { return a }
            let b = state(frame: lo + 1)
            let u = (time - a.time) / (b.time - a.time)
            func mix(_ p: Double, _ q: Double) -> Double { p + (q - p) * u }
            return State(time: time, center: CGPoint(x: mix(Double(a.center.x), Double(b.center.x)), y: mix(Double(a.center.y), Double(b.center.y))),
                         angle: mix(a.angle, b.angle),
                         velocity: CGPoint(x: mix(Double(a.velocity.x), Double(b.velocity.x)), y: mix(Double(a.velocity.y), Double(b.velocity.y))),
                         angularVelocity: mix(a.angularVelocity, b.angularVelocity))
        }

        /// The largest value of `property` over the track's frames, and the frame of its first
        /// occurrence.
        public func maximum(_ property: Property) -> (value: Double, frame: Int) { extreme(property, largest: true) }

        /// The smallest value, likewise.
        public func minimum(_ property: Property) -> (value: Double, frame: Int) { extreme(property, largest: false) }

        private func extreme(_ property: Property, largest: Bool) -> (value: Double, frame: Int) {
            var best = property.value(of: first), at = frames.lowerBound
            for f in frames.dropFirst() {
                let v = property.value(of: state(frame: f))
                if largest ? v > best : v < best { best = v; at = f }
            }
            return (best, at)
        }
    }
}
