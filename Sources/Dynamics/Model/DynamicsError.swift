import Foundation

/// Bad input: what was wrong, on which property of which object. UIKit raises an exception
/// in these cases; the Swift API traps with this message by default (see
/// `DynamicAnimator.invalidInputHandler`), and bindings turn it into their own errors.
/// Nothing invalid ever enters the engine.
public struct DynamicsError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The object concerned, e.g. `GravityBehavior` or an item's description.
    public var owner: String
    /// The property concerned, e.g. `magnitude`, `bounds.size`.
    public var property: String
    public var message: String

    public init(owner: String, property: String, message: String) {
        self.owner = owner
        self.property = property
        self.message = message
    }

    public var description: String { "\(owner).\(property): \(message)" }
}

/// The ranges every number crossing into the model must lie in. Finite is not enough: a
/// finite 1e300 overflows to infinity in the first product. With inputs in these ranges and
/// the engine's speed clamps, the world stays finite whatever forces act.
public enum Limits {
    /// Largest |coordinate| of a point (centers, anchors, snap points, path points, field
    /// positions), points: 10⁷ pt = 100 km, Box2D's "huge".
    public static let coordinate: CGFloat = 1e7
    /// Largest length (item sizes, rod and rope lengths, offsets, radii), points.
    public static let length: CGFloat = 1e6
    /// Smallest item width or height, points.
    public static let minimumSize: CGFloat = 0.01
    /// Largest magnitude of any other number: forces (UIKit Newtons), strengths, speeds
    /// (pt/s), coefficients, frequencies (Hz), angles (rad), charges, densities.
    public static let magnitude: CGFloat = 1e9
    /// Smallest density (a positive density below it would make the mass vanish).
    public static let minimumDensity: CGFloat = 1e-6
    /// Most points of an item's collision path, after curves are flattened. The path
    /// becomes a convex polygon of at most `Tuning.maxPolygonVertices` vertices, and the hull,
    /// convexity check and reduction cost O(n²): 20 000 points took 20 s.
    public static let pathPoints = 2048
    /// Longest frame `step(_:)` takes, seconds (a frame runs dt / fixedTimeStep steps).
    public static let frame: TimeInterval = 10
    /// Shortest internal step, seconds.
    public static let minimumTimeStep: TimeInterval = 1e-5
}

/// Checks shared by the Swift setters and the bindings: the one validation layer. The
/// owner's description is built only when a check fails. Each check takes the largest
/// magnitude allowed (`Limits`).
public enum Validate {
    /// A number in a message: NaN as "NaN" (Swift and C print a negative NaN, which is what
    /// 0/0 computed on x86 is, as "-nan").
    public static func shown(_ v: CGFloat) -> String { v.isNaN ? "NaN" : "\(v)" }

    /// How an error names an item: `item "box"` by its `DynamicView.name`, else
    /// `item at (x, y)` by its `center`: short, rather than a Swift description.
    public static func owner(of item: DynamicItem) -> String {
        if let name = (item as? DynamicView)?.name, !name.isEmpty {
            let cut = name.count > 40 ? "\(name.prefix(40))…" : name
            // Quotes and backslashes escaped, control characters as `ShownText` shows them:
            // the name is the script's, and must not end the quote or reach the terminal raw.
            let escaped = ShownText.line(cut.unicodeScalars.map { u -> String in
                u == "\"" || u == "\\" ? "\\\(u)" : String(u)
            }.joined())
            return "item \"\(escaped)\""
        }
        func short(_ v: CGFloat) -> String { v.isNaN ? "NaN" : String(format: abs(v) < 1e9 ? "%.1f" : "%g", Double(v)) }
        return "item at (\(short(item.center.x)), \(short(item.center.y)))"
    }

    public static func finite(_ v: CGFloat, _ owner: @autoclosure () -> String, _ property: String,
                              max: CGFloat = Limits.magnitude) throws {
        guard v.isFinite, abs(v) <= max else {
            throw DynamicsError(owner: owner(), property: property, message: "must be a finite number within ±\(max), got \(shown(v))")
        }
    }

    public static func nonNegative(_ v: CGFloat, _ owner: @autoclosure () -> String, _ property: String,
                                   max: CGFloat = Limits.magnitude) throws {
        guard v.isFinite, v >= 0, v <= max else {
            throw DynamicsError(owner: owner(), property: property, message: "must be a finite number in 0…\(max), got \(shown(v))")
        }
    }

    public static func positive(_ v: CGFloat, _ owner: @autoclosure () -> String, _ property: String,
                                min: CGFloat = 0, max: CGFloat = Limits.magnitude) throws {
        guard v.isFinite, v > 0, v >= min, v <= max else {
            throw DynamicsError(owner: owner(), property: property,
                                message: "must be a finite number > 0\(min > 0 ? " (at least \(min))" : "") and ≤ \(max), got \(shown(v))")
        }
    }

    /// A density: positive, at least `Limits.minimumDensity` (1e-301 on a 0.01 pt item made a
    /// mass of 1e-309, whose inverse is infinite: the item's center went NaN).
    public static func density(_ v: CGFloat, _ owner: @autoclosure () -> String, _ property: String = "density") throws {
        try positive(v, owner(), property, min: Limits.minimumDensity)
    }

    public static func finite(_ p: CGPoint, _ owner: @autoclosure () -> String, _ property: String,
                              max: CGFloat = Limits.coordinate) throws {
        guard p.x.isFinite, p.y.isFinite, abs(p.x) <= max, abs(p.y) <= max else {
            throw DynamicsError(owner: owner(), property: property, message: "must be finite and within ±\(max), got (\(p.x), \(p.y))")
        }
    }

    public static func finite(_ v: CGVector, _ owner: @autoclosure () -> String, _ property: String,
                              max: CGFloat = Limits.magnitude) throws {
        guard v.dx.isFinite, v.dy.isFinite, abs(v.dx) <= max, abs(v.dy) <= max else {
            throw DynamicsError(owner: owner(), property: property, message: "must be finite and within ±\(max), got (\(v.dx), \(v.dy))")
        }
    }

    /// Insets of the reference bounds (`CollisionBehavior.setTranslatesReferenceBoundsIntoBoundary(with:)`):
    /// each finite and within ±`Limits.coordinate` (±1e9 put a boundary 100 times past the
    /// coordinate limit). With the animator's `bounds` known, the inset rectangle must also
    /// keep a positive width and height and lie within ±`Limits.coordinate`: larger insets
    /// turned it inside out, and the engine standardised it silently. Without bounds (a
    /// behavior not yet in an animator) that part waits until it joins one.
    public static func insets(_ insets: EdgeInsets, in bounds: CGRect?, _ owner: @autoclosure () -> String,
                              _ property: String) throws {
        for (side, v) in [("top", insets.top), ("left", insets.left), ("bottom", insets.bottom), ("right", insets.right)]
        where !(v.isFinite && abs(v) <= Limits.coordinate) {
            throw DynamicsError(owner: owner(), property: property,
                                message: "each inset must be finite and within ±\(Limits.coordinate), got \(shown(v)) for \(side)")
        }
        guard let bounds else { return }
        let r = bounds.inset(by: insets)
        // `size`, not `width`: CGRect's width and height are standardized (never negative).
        guard r.size.width > 0, r.size.height > 0 else {
            throw DynamicsError(owner: owner(), property: property,
                                message: "insets {\(insets.top), \(insets.left), \(insets.bottom), \(insets.right)} leave no room in the bounds \(bounds.width) × \(bounds.height) (the rectangle left must have a positive width and height, got \(r.size.width) × \(r.size.height))")
        }
        guard abs(r.minX) <= Limits.coordinate, abs(r.maxX) <= Limits.coordinate,
              abs(r.minY) <= Limits.coordinate, abs(r.maxY) <= Limits.coordinate else {
            throw DynamicsError(owner: owner(), property: property,
                                message: "the inset bounds must lie within ±\(Limits.coordinate), got x \(r.minX)…\(r.maxX), y \(r.minY)…\(r.maxY)")
        }
    }

    /// An item size: each side in `Limits.minimumSize…Limits.length`.
    public static func size(_ s: CGSize, _ owner: @autoclosure () -> String, _ property: String) throws {
        for v in [s.width, s.height] where !(v.isFinite && v >= Limits.minimumSize && v <= Limits.length) {
            throw DynamicsError(owner: owner(), property: property,
                                message: "each side must be in \(Limits.minimumSize)…\(Limits.length) pt, got \(s.width) × \(s.height)")
        }
    }
}

/// What happens to invalid input found by the model's checks: by default a trap with the
/// message, as UIKit raises; inside `catching` (how bindings call the model) an error.
public enum InvalidInput {
    /// Per thread: whether a `catching` is under way, and the first error it collected.
    /// A thread-specific slot rather than a task-local, because bindings enter `catching` on
    /// every call from a script and a task-local binding allocates; manually allocated
    /// rather than a class instance, whose stored properties would need a dynamic
    /// exclusivity check on every access.
    @usableFromInline struct Collector {
        @usableFromInline var depth = 0
        @usableFromInline var error: DynamicsError?
    }

    @usableFromInline static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            guard let raw else { return }
            let c = raw.assumingMemoryBound(to: Collector.self)
            c.deinitialize(count: 1)
            c.deallocate()
        }
        return key
    }()

    /// This thread's collector (the thread owns it).
    @usableFromInline static var collector: UnsafeMutablePointer<Collector> {
        if let raw = pthread_getspecific(key) { return raw.assumingMemoryBound(to: Collector.self) }
        let c = UnsafeMutablePointer<Collector>.allocate(capacity: 1)
        c.initialize(to: Collector())
        pthread_setspecific(key, c)
        return c
    }

    /// Runs `body`; the first invalid input the model finds inside it is thrown after it
    /// returns instead of trapping. A setter that finds invalid input leaves its value as it
    /// was; an object initialized with it must be discarded (the error says so by throwing).
    /// Calls nest; an inner call collects its own errors.
    @inlinable
    public static func catching<T>(_ body: () throws -> T) throws -> T {
        let c = collector
        let outerError = c.pointee.error
        c.pointee.depth += 1
        c.pointee.error = nil
        defer { c.pointee.depth -= 1 }
        let result: T
        do {
            result = try body()
        } catch {
            c.pointee.error = outerError
            throw error
        }
        if let error = c.pointee.error {
            c.pointee.error = outerError
            throw error
        }
        c.pointee.error = outerError
        return result
    }

    /// True inside `catching` on this thread.
    public static var isCatching: Bool { collector.pointee.depth > 0 }

    /// Where invalid input found outside `catching` goes instead of a trap (nil: a trap, as
    /// UIKit raises). An embedder that runs untrusted input sets it once, before any use, so
    /// that no check the model makes outside `catching` (a pointer's drag, a frame stepped on
    /// a timer) can end the process. Setters still refuse the value.
    nonisolated(unsafe) public static var uncaughtHandler: ((DynamicsError) -> Void)?

    /// Reports invalid input: collected inside `catching`; outside, passed to
    /// `uncaughtHandler`, or a trap when there is none.
    public static func report(_ error: DynamicsError) {
        let c = collector
        if c.pointee.depth > 0, c.pointee.error == nil { c.pointee.error = error }
        let catching = c.pointee.depth > 0
        if !catching {
            guard let handler = uncaughtHandler else { preconditionFailure("Dynamics: \(error)") }
            handler(error)
        }
    }
}

/// Runs a check from a Swift setter or initializer; false (after reporting) if it failed.
/// Setters return without assigning when it fails.
@inline(__always)
func accept(_ check: () throws -> Void) -> Bool {
    do {
        try check()
        return true
    } catch let error as DynamicsError {
        InvalidInput.report(error)
        return false
    } catch {
        InvalidInput.report(DynamicsError(owner: "Dynamics", property: "input", message: "\(error)"))
        return false
    }
}

/// `accept` where there is nothing to skip (initializers: the object is discarded).
@inline(__always)
func require(_ check: () throws -> Void) {
    _ = accept(check)
}
