import Dynamics
import DynamicsScenes
import DynamicsTestSupport
import Foundation
import Testing

/// The test vector of docs/units.md ("Fields"): a 100×100 item (mass 1) at (300, 400), the field at (0, 0), so
/// p = (3, 4) m and r = 5 m.
private let testPoint = CGPoint(x: 300, y: 400)
private let h = 1.0 / 120

/// A field and its items in an abstract animator, without gravity and with resistance 0, so
/// velocity changes come from the field alone.
private final class FieldScene {
    let animator = DynamicAnimator()
    let props = DynamicItemBehavior()
    let field: FieldBehavior

    init(_ field: FieldBehavior) {
        self.field = field
        props.resistance = 0
        props.angularResistance = 0
        animator.addBehavior(props)
        animator.addBehavior(field)
    }

    /// Adds a 100×100 item (10×10 when `small`) to the field; `density` sets its mass.
    @discardableResult
    func add(at center: CGPoint, density: CGFloat = 1, velocity: CGPoint = .zero, small: Bool = false,
             inField: Bool = true) -> DynamicView {
        let side: CGFloat = small ? 10 : 100
        let item = DynamicView(center: center, size: CGSize(width: side, height: side))
        props.addItem(item)
        if velocity != .zero { props.addLinearVelocity(velocity, for: item) }
        if inField { field.addItem(item) }
        if density != 1 {
            let heavy = DynamicItemBehavior(items: [item])
            heavy.density = density
            animator.addBehavior(heavy)
        }
        return item
    }

    /// Runs one internal step and returns each item's mean acceleration over it (pt/s²).
    func accelerations(of items: [DynamicItem]) -> [CGPoint] {
        animator.step(0)   // joins the items, so their starting velocities can be read
        let before = items.map { animator.linearVelocity(of: $0)! }
        animator.step(h)
        return zip(items, before).map { item, v0 in
            let v = animator.linearVelocity(of: item)!
            return CGPoint(x: (v.x - v0.x) / h, y: (v.y - v0.y) / h)
        }
    }
}

/// The acceleration (pt/s²) of one item at `center` over its first internal step in `field`.
private func acceleration(in field: FieldBehavior, at center: CGPoint = testPoint, density: CGFloat = 1,
                          charge: CGFloat = 0, velocity: CGPoint = .zero) -> CGPoint {
    let scene = FieldScene(field)
    if charge != 0 { scene.props.charge = charge }
    let item = scene.add(at: center, density: density, velocity: velocity)
    return scene.accelerations(of: [item])[0]
}

private func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat { hypot(a.x - b.x, a.y - b.y) }
private func length(_ a: CGPoint) -> CGFloat { hypot(a.x, a.y) }

@Suite("Fields")
struct FieldTests {
    // MARK: The test vectors of docs/units.md (tolerance 1e-6 pt/s²: one step of exact arithmetic)

    @Test("Linear gravity d = (3, 4) accelerates at (300, 400) pt/s² for any mass", arguments: [1.0, 3.0, 0.25])
    func linearGravity(density: Double) {
        let a = acceleration(in: .linearGravityField(direction: CGVector(dx: 3, dy: 4)), density: density)
        #expect(distance(a, CGPoint(x: 300, y: 400)) <= 1e-6, "\(a)")
    }

    @Test("Radial gravity attracts with falloff 2: (−2.4, −3.2) pt/s²")
    func radialGravity() {
        let a = acceleration(in: .radialGravityField(position: .zero))
        #expect(distance(a, CGPoint(x: -2.4, y: -3.2)) <= 1e-6, "\(a)")
    }

    @Test("Electric: q = 2 is pushed away at (24, 32) pt/s²; q = −2 pulled; q = 0 untouched")
    func electric() {
        let a = acceleration(in: .electricField(), charge: 2)
        #expect(distance(a, CGPoint(x: 24, y: 32)) <= 1e-6, "\(a)")
        let b = acceleration(in: .electricField(), charge: -2)
        #expect(distance(b, CGPoint(x: -24, y: -32)) <= 1e-6, "\(b)")
        #expect(acceleration(in: .electricField()) == .zero)
    }

    @Test("Magnetic: v = (100, 0) pt/s turns at (0, −20) pt/s² for any q ≠ 0; q = 0 untouched")
    func magnetic() {
        // The step turns v exactly by ω·h (ω = S·f/m = 0.2 rad/s here), so the mean
        // acceleration over one step is the chord 100·(R(−ω·h)·v − v)/h: (0, −20) leaning
        // inward by 20·ω·h/2 = 0.017 pt/s².
        let turn = 0.2 * h
        let exact = CGPoint(x: 100 * (cos(turn) - 1) / h, y: -100 * sin(turn) / h)
        for q: CGFloat in [1, 2, -3] {
            let a = acceleration(in: .magneticField(), charge: q, velocity: CGPoint(x: 100, y: 0))
            #expect(distance(a, exact) <= 1e-6, "q = \(q): \(a)")
            #expect(distance(a, CGPoint(x: 0, y: -20)) <= 0.02, "q = \(q): \(a)")
        }
        #expect(acceleration(in: .magneticField(), velocity: CGPoint(x: 100, y: 0)) == .zero)
    }

    @Test("Magnetic: exact rotation keeps the speed within 0.1 % over ten turns, and a uniform field closes its circle")
    func magneticKeepsSpeed() {
        // Uniform field (falloff 0): ω = S/m = 2π rad/s, one turn per second, r = v/ω = 39.8 pt.
        // Then the documented default (docs/units.md) (falloff 1, field at the origin): ω changes along the path,
        // the path is no circle, but the force is still perpendicular to v.
        for falloff: CGFloat in [0, 1] {
            let field = FieldBehavior.magneticField()
            field.falloff = falloff
            field.strength = falloff == 0 ? 2 * .pi : 2 * .pi * 3
            let scene = FieldScene(field)
            scene.props.charge = 1
            let start = CGPoint(x: 300, y: 0)
            let item = scene.add(at: start, velocity: CGPoint(x: 250, y: 0))
            var worst = 0.0
            for _ in 0..<600 {   // ten seconds: ten turns of the uniform field
                scene.animator.step(1.0 / 60)
                let v = scene.animator.linearVelocity(of: item)!
                worst = max(worst, abs(Double(hypot(v.x, v.y)) / 250 - 1))
            }
            #expect(worst < 0.001, "falloff \(falloff): speed drifted by \(worst * 100) %")
            if falloff == 0 {
                #expect(worst < 1e-9, "exact rotation: only rounding, got \(worst)")
                #expect(distance(item.center, start) < 1e-6, "back at the start after ten turns: \(item.center)")
            }
        }
    }

    @Test("Spring: −S·p, not mass-scaled: (−300, −400) pt/s², and (−100, −133.3) for mass 3")
    func spring() {
        let a = acceleration(in: .springField())
        #expect(distance(a, CGPoint(x: -300, y: -400)) <= 1e-6, "\(a)")
        let b = acceleration(in: .springField(), density: 3)
        #expect(distance(b, CGPoint(x: -100, y: -400.0 / 3)) <= 1e-6, "\(b)")
    }

    @Test("Vortex: (−80, 60) pt/s², a quarter turn clockwise from p̂")
    func vortex() {
        let a = acceleration(in: .vortexField())
        #expect(distance(a, CGPoint(x: -80, y: 60)) <= 1e-6, "\(a)")
    }

    @Test("Drag is quadratic in the speed relative to the medium (`direction`)")
    func drag() {
        let slow = acceleration(in: .dragField(), velocity: CGPoint(x: 100, y: 0))
        let fast = acceleration(in: .dragField(), velocity: CGPoint(x: 200, y: 0))
        #expect(distance(slow, CGPoint(x: -100, y: 0)) <= 1e-6, "1 m/s: \(slow)")
        #expect(distance(fast, CGPoint(x: -400, y: 0)) <= 1e-6, "2 m/s: \(fast)")
        let diagonal = acceleration(in: .dragField(), velocity: CGPoint(x: 60, y: -80))
        #expect(distance(diagonal, CGPoint(x: -60, y: 80)) <= 1e-6, "opposes the velocity: \(diagonal)")
        let wind = FieldBehavior.dragField()
        wind.direction = CGVector(dx: 1, dy: 0)
        #expect(acceleration(in: wind, velocity: CGPoint(x: 100, y: 0)) == .zero, "moving with the medium")
        let still = FieldBehavior.dragField()
        still.direction = CGVector(dx: 1, dy: 0)
        let dragged = acceleration(in: still)
        #expect(distance(dragged, CGPoint(x: 100, y: 0)) <= 1e-6, "a resting item is carried along: \(dragged)")
    }

    @Test("A drag field never reverses or grows a small item's velocity, however strong (it flung 5 pt items to the speed clamp)")
    func dragCannotInjectEnergy() {
        for side: CGFloat in [0.01, 0.1, 1, 5, 6, 50, 1000] {
            for strength: CGFloat in [1, 10, 1000, 1e6] {
                for fields in [1, 10] {
                    let animator = DynamicAnimator()
                    let item = DynamicView(center: .zero, size: CGSize(width: side, height: side))
                    let props = DynamicItemBehavior(items: [item])
                    props.resistance = 0
                    animator.addBehavior(props)
                    for _ in 0..<fields {
                        let drag = FieldBehavior.dragField()
                        drag.strength = strength
                        drag.addItem(item)
                        animator.addBehavior(drag)
                    }
                    animator.step(0)
                    let v0 = CGPoint(x: 800, y: -600)
                    animator.setVelocity(v0, for: item)
                    var previous = v0
                    for _ in 0..<120 {
                        animator.step(1.0 / 120)
                        let v = animator.linearVelocity(of: item) ?? .zero
                        let speed = (v.x * v.x + v.y * v.y).squareRoot(), before = (previous.x * previous.x + previous.y * previous.y).squareRoot()
                        #expect(speed <= before * (1 + 1e-9) + 1e-9, "side \(side), strength \(strength), \(fields) fields: \(before) → \(speed) pt/s")
                        #expect(v.x * v0.x + v.y * v0.y >= -1e-9, "side \(side), strength \(strength), \(fields) fields: reversed to \(v)")
                        previous = v
                    }
                }
            }
        }
    }

    @Test("A velocity field sets v = 100·direction pt/s inside its region, and leaves the rest alone")
    func velocity() {
        let field = FieldBehavior.velocityField(direction: CGVector(dx: 1.5, dy: -0.5))
        field.region = Region(radius: 200)
        let scene = FieldScene(field)
        let inside = scene.add(at: CGPoint(x: 50, y: 0), velocity: CGPoint(x: -300, y: 20))
        let outside = scene.add(at: CGPoint(x: 500, y: 0), velocity: CGPoint(x: 0, y: 10))
        scene.animator.run(seconds: 0.5)
        #expect(distance(scene.animator.linearVelocity(of: inside)!, CGPoint(x: 150, y: -50)) <= 1e-9)
        #expect(distance(inside.center, CGPoint(x: 125, y: -25)) <= 1e-6, "moved 0.5 s at (150, −50): \(inside.center)")
        #expect(distance(scene.animator.linearVelocity(of: outside)!, CGPoint(x: 0, y: 10)) <= 1e-9)
    }

    @Test("A custom field gets position relative to the field (pt), velocity, mass, charge and time; (1, 0) gives (100, 0) pt/s²")
    func custom() {
        var seen: [(CGPoint, CGVector, CGFloat, CGFloat, TimeInterval)] = []
        let field = FieldBehavior.field { _, position, velocity, mass, charge, time in
            seen.append((position, velocity, mass, charge, time))
            return CGVector(dx: 1, dy: 0)
        }
        field.position = CGPoint(x: 100, y: 100)
        let a = acceleration(in: field, density: 2, charge: 0.5, velocity: CGPoint(x: 100, y: 0))
        #expect(distance(a, CGPoint(x: 50, y: 0)) <= 1e-6, "mass 2: \(a)")
        #expect(seen.count == 1, "once per item per internal step")
        let (position, velocity, mass, charge, time) = seen[0]
        #expect(position == CGPoint(x: 200, y: 300))
        #expect(velocity == CGVector(dx: 100, dy: 0))
        #expect(mass == 2 && charge == 0.5 && time == 0)

        let unit = FieldBehavior.field { _, _, _, _, _, _ in CGVector(dx: 1, dy: 0) }
        #expect(distance(acceleration(in: unit), CGPoint(x: 100, y: 0)) <= 1e-6)
        let doubled = FieldBehavior.field { _, _, _, _, _, _ in CGVector(dx: 1, dy: 0) }
        doubled.strength = 2
        #expect(distance(acceleration(in: doubled), CGPoint(x: 100, y: 0)) <= 1e-6, "strength does not scale it")
    }

    @Test("Strength 0 switches a field off, custom fields included", arguments: ["custom", "spring", "velocity"])
    func strengthZero(kind: String) {
        var calls = 0
        let field: FieldBehavior = switch kind {
        case "custom": .field { _, _, _, _, _, _ in calls += 1; return CGVector(dx: 1, dy: 0) }
        case "spring": .springField()
        default: .velocityField(direction: CGVector(dx: 1, dy: 0))
        }
        field.strength = 0
        #expect(acceleration(in: field) == .zero)
        #expect(calls == 0, "the block is not even called")
    }

    @Test("Strength scales and flips built-in fields: radial gravity with S = −50 repels")
    func strength() {
        let field = FieldBehavior.radialGravityField(position: .zero)
        field.strength = -50
        let a = acceleration(in: field)
        #expect(distance(a, CGPoint(x: 120, y: 160)) <= 1e-6, "\(a)")
    }

    // MARK: Falloff, minimum radius, position

    @Test("minimumRadius (pt) clamps r; falloff sets the distance law")
    func falloffAndMinimumRadius() {
        let near = CGPoint(x: 30, y: 40)   // r = 0.5 m
        let plain = FieldBehavior.radialGravityField(position: .zero)
        #expect(distance(acceleration(in: plain, at: near), CGPoint(x: -240, y: -320)) <= 1e-6, "f = 1/0.5² = 4")
        let clamped = FieldBehavior.radialGravityField(position: .zero)
        clamped.minimumRadius = 100
        #expect(distance(acceleration(in: clamped, at: near), CGPoint(x: -60, y: -80)) <= 1e-6, "f = 1/1² = 1")
        let flat = FieldBehavior.radialGravityField(position: .zero)
        flat.falloff = 0
        #expect(distance(acceleration(in: flat), CGPoint(x: -60, y: -80)) <= 1e-6, "falloff 0: |a| = 100 S")
        let cubic = FieldBehavior.electricField()
        cubic.falloff = 3
        #expect(distance(acceleration(in: cubic, charge: 125), CGPoint(x: 60, y: 80)) <= 1e-6, "f = 1/5³")
    }

    @Test("The law uses the item center relative to the field position")
    func position() {
        let field = FieldBehavior.springField()
        field.position = CGPoint(x: 400, y: 100)
        let a = acceleration(in: field)   // p = (−1, 3) m
        #expect(distance(a, CGPoint(x: 100, y: -300)) <= 1e-6, "\(a)")
        let centered = FieldBehavior.radialGravityField(position: testPoint)
        #expect(acceleration(in: centered) == .zero, "no force at the singular point r = 0")
    }

    @Test("Defaults follow the table of docs/units.md")
    func defaults() {
        let cases: [(FieldBehavior, CGFloat)] = [
            (.dragField(), 0), (.vortexField(), 0), (.radialGravityField(position: .zero), 2),
            (.linearGravityField(direction: CGVector(dx: 0, dy: 1)), 0), (.velocityField(direction: .zero), 0),
            (.noiseField(smoothness: 0.5, animationSpeed: 1), 0), (.turbulenceField(smoothness: 0.5, animationSpeed: 1), 0),
            (.springField(), -1), (.electricField(), 1), (.magneticField(), 1),
        ]
        for (field, falloff) in cases {
            #expect(field.falloff == falloff)
            #expect(field.strength == 1 && field.minimumRadius == 0 && field.position == .zero)
            #expect(field.region == .infinite && field.items.isEmpty)
        }
        let noise = FieldBehavior.noiseField(smoothness: 0.25, animationSpeed: 2)
        #expect(noise.smoothness == 0.25 && noise.animationSpeed == 2)
        #expect(FieldBehavior.linearGravityField(direction: CGVector(dx: 3, dy: 4)).direction == CGVector(dx: 3, dy: 4))
        #expect(FieldBehavior.radialGravityField(position: CGPoint(x: 5, y: 6)).position == CGPoint(x: 5, y: 6))
    }

    // MARK: Items, regions, sums

    @Test("An item not added to the field is unaffected; removeItem and addItem take effect while running")
    func membership() {
        let scene = FieldScene(.linearGravityField(direction: CGVector(dx: 0, dy: 1)))
        let member = scene.add(at: testPoint)
        let bystander = scene.add(at: CGPoint(x: 0, y: 0), inField: false)
        let a = scene.accelerations(of: [member, bystander])
        #expect(distance(a[0], CGPoint(x: 0, y: 100)) <= 1e-6)
        #expect(a[1] == .zero)
        scene.field.removeItem(member)
        scene.field.addItem(bystander)
        let b = scene.accelerations(of: [member, bystander])
        #expect(b[0] == .zero)
        #expect(distance(b[1], CGPoint(x: 0, y: 100)) <= 1e-6)
        #expect(scene.field.items.count == 1 && scene.field.items[0] === bystander)
    }

    static let regions: [(String, Region)] = [
        ("circle", Region(radius: 100)),
        ("rectangle", Region(size: CGSize(width: 300, height: 100))),
        ("inverse", Region(radius: 100).inverse()),
        ("union", Region(radius: 100).byUnion(with: Region(size: CGSize(width: 300, height: 100)))),
        ("difference", Region(size: CGSize(width: 300, height: 100)).byDifference(from: Region(radius: 100))),
        ("intersection", Region(radius: 100).byIntersection(with: Region(size: CGSize(width: 300, height: 100)))),
    ]

    @Test("Regions decide which items feel a field (item center relative to the field position)",
          arguments: regions.map(\.0))
    func regionDecides(name: String) {
        let region = Self.regions.first { $0.0 == name }!.1
        let field = FieldBehavior.linearGravityField(direction: CGVector(dx: 1, dy: 0))
        field.position = CGPoint(x: 500, y: 500)
        field.region = region
        let scene = FieldScene(field)
        // A grid of small items every 34 pt around the field, none within 0.5 pt of an edge.
        let offsets = stride(from: -170.0, through: 170, by: 34).flatMap { x in
            stride(from: -170.0, through: 170, by: 34).map { y in CGPoint(x: x, y: y) }
        }
        let items = offsets.map { scene.add(at: CGPoint(x: 500 + $0.x, y: 500 + $0.y), small: true) }
        let a = scene.accelerations(of: items)
        var inside = 0
        for (offset, acc) in zip(offsets, a) {
            let expected = region.contains(offset) ? CGPoint(x: 100, y: 0) : .zero
            if region.contains(offset) { inside += 1 }
            #expect(distance(acc, expected) <= 1e-6, "\(name) at \(offset): \(acc)")
        }
        #expect(inside > 0 && inside < offsets.count, "\(name): \(inside) of \(offsets.count) inside")
    }

    @Test("Forces of several fields on one item add up")
    func sum() {
        let scene = FieldScene(.linearGravityField(direction: CGVector(dx: 1, dy: 0)))
        let item = scene.add(at: testPoint)
        let second = FieldBehavior.linearGravityField(direction: CGVector(dx: 0, dy: 2))
        let spring = FieldBehavior.springField()
        second.addItem(item)
        spring.addItem(item)
        // As children of a composite behavior, too.
        let composite = DynamicBehavior()
        composite.addChildBehavior(second)
        composite.addChildBehavior(spring)
        scene.animator.addBehavior(composite)
        let a = scene.accelerations(of: [item])[0]
        #expect(distance(a, CGPoint(x: 100 - 300, y: 200 - 400)) <= 1e-6, "\(a)")
    }

    // MARK: Noise and turbulence

    /// The accelerations (pt/s²) of mass-1 items at `points` over their first step in
    /// `field`, once `time` seconds have passed (a moving clock item keeps time running).
    private func noiseAccelerations(_ field: FieldBehavior, at points: [CGPoint], time: TimeInterval = 0,
                                    density: CGFloat = 1, velocity: CGPoint = .zero) -> [CGPoint] {
        let scene = FieldScene(field)
        if time > 0 {
            scene.add(at: CGPoint(x: -1000, y: 0), velocity: CGPoint(x: 10, y: 0), inField: false)
            scene.animator.run(seconds: time)
            #expect(abs(scene.animator.elapsedTime - time) < 1e-9)
        }
        let items = points.map { scene.add(at: $0, density: density, velocity: velocity) }
        return scene.accelerations(of: items)
    }

    @Test("Noise is smooth: a 1 pt move changes the acceleration by at most 15 pt/s² (of up to 300)")
    func noiseSmooth() {
        // smoothness 0.5: L = 25·√20 ≈ 112 pt. The noise's second derivatives stay below 12
        // per cell², so 1 pt changes a = 100·∇N by at most 100·12·√2/112 ≈ 15 pt/s²;
        // |∇N| stays below about 3 (a ≤ 300 pt/s²), with an rms of 1.
        let line = (0...200).map { CGPoint(x: 200 + CGFloat($0), y: 400) }
        let a = noiseAccelerations(.noiseField(smoothness: 0.5, animationSpeed: 1), at: line)
        let largest = a.map(length).max()!
        let largestStep = zip(a, a.dropFirst()).map { distance($0, $1) }.max()!
        #expect(largest > 20 && largest < 300, "the field pushes: up to \(largest) pt/s²")
        #expect(largestStep <= 15, "largest change per pt \(largestStep) pt/s²")
    }

    @Test("Smoothness sets the noise's scale: the force decorrelates faster at 0 than at 1")
    func noiseScale() {
        let line = (0..<40).map { CGPoint(x: 10 * CGFloat($0), y: 400) }
        func roughness(_ smoothness: CGFloat) -> CGFloat {
            let a = noiseAccelerations(.noiseField(smoothness: smoothness, animationSpeed: 0), at: line)
            let change = zip(a, a.dropFirst()).map { distance($0, $1) }.reduce(0, +)
            return change / a.map(length).reduce(0, +)
        }
        let noisy = roughness(0), smooth = roughness(1)
        #expect(noisy > 5 * smooth, "relative change per 10 pt: \(noisy) at 0, \(smooth) at 1")
    }

    @Test("Noise varies with time at animationSpeed > 0 and is frozen at 0")
    func noiseTime() {
        let spots = [CGPoint(x: 300, y: 400), CGPoint(x: -120, y: 35), CGPoint(x: 1000, y: 2000)]
        let start = noiseAccelerations(.noiseField(smoothness: 0.5, animationSpeed: 1), at: spots)
        let later = noiseAccelerations(.noiseField(smoothness: 0.5, animationSpeed: 1), at: spots, time: 0.5)
        let change = zip(start, later).map { distance($0, $1) / max(length($0), length($1)) }
        #expect(change.max()! > 0.2, "relative change over 0.5 s: \(change)")
        let soon = noiseAccelerations(.noiseField(smoothness: 0.5, animationSpeed: 1), at: spots, time: 1.0 / 60)
        let drift = zip(start, soon).map { distance($0, $1) / max(length($0), length($1)) }
        #expect(drift.max()! < 0.05, "and continuously: over 1/60 s \(drift)")
        let frozen = noiseAccelerations(.noiseField(smoothness: 0.5, animationSpeed: 0), at: spots, time: 0.5)
        let frozen0 = noiseAccelerations(.noiseField(smoothness: 0.5, animationSpeed: 0), at: spots)
        #expect(frozen == frozen0)
    }

    @Test("Noise force ignores mass: the acceleration scales as 1/mass")
    func noiseMass() {
        let spots = [testPoint, CGPoint(x: 40, y: -70)]
        let light = noiseAccelerations(.noiseField(smoothness: 0.3, animationSpeed: 1), at: spots)
        let heavy = noiseAccelerations(.noiseField(smoothness: 0.3, animationSpeed: 1), at: spots, density: 4)
        for (l, hv) in zip(light, heavy) {
            #expect(distance(l, CGPoint(x: 4 * hv.x, y: 4 * hv.y)) <= 1e-6 * max(1, length(l)), "\(l) vs 4×\(hv)")
        }
    }

    @Test("Noise is seeded and deterministic: two runs are bit-identical; another seed differs")
    func noiseDeterministic() {
        func run(seed: UInt64, turbulence: Bool = false) -> (UInt64, CGFloat) {
            let field: FieldBehavior = turbulence ? .turbulenceField(smoothness: 0.3, animationSpeed: 2)
                                                  : .noiseField(smoothness: 0.3, animationSpeed: 2)
            field.strength = 20
            field.seed = seed
            let scene = FieldScene(field)
            let starts = (0..<20).map { CGPoint(x: 60 * CGFloat($0 % 5), y: 60 * CGFloat($0 / 5)) }
            let items = starts.map { scene.add(at: $0, velocity: CGPoint(x: 100, y: 0)) }
            scene.animator.run(seconds: 2)
            let moved = zip(items, starts).map { distance($0.center, $1) }.max()!
            return (stateHash(items), moved)
        }
        let (a, moved) = run(seed: 0)
        #expect(moved > 10, "items move: \(moved) pt")
        #expect(run(seed: 0).0 == a)
        #expect(run(seed: 7).0 != a)
        #expect(run(seed: 7, turbulence: true).0 == run(seed: 7, turbulence: true).0)
    }

    @Test("Turbulence is the noise force times m·‖v‖²: none at rest, ×4 at twice the speed")
    func turbulence() {
        let spots = [testPoint, CGPoint(x: 40, y: -70), CGPoint(x: -500, y: 220)]
        let noise = noiseAccelerations(.noiseField(smoothness: 0.4, animationSpeed: 1), at: spots)
        let slow = noiseAccelerations(.turbulenceField(smoothness: 0.4, animationSpeed: 1), at: spots,
                                      velocity: CGPoint(x: 100, y: 0))
        let fast = noiseAccelerations(.turbulenceField(smoothness: 0.4, animationSpeed: 1), at: spots,
                                      velocity: CGPoint(x: 0, y: -200))
        let heavy = noiseAccelerations(.turbulenceField(smoothness: 0.4, animationSpeed: 1), at: spots, density: 3,
                                       velocity: CGPoint(x: 100, y: 0))
        let resting = noiseAccelerations(.turbulenceField(smoothness: 0.4, animationSpeed: 1), at: spots)
        for i in spots.indices {
            let tolerance = 1e-6 * max(1, length(noise[i]))
            #expect(distance(slow[i], noise[i]) <= tolerance, "m = 1, ‖v‖ = 1 m/s: \(slow[i]) vs \(noise[i])")
            #expect(distance(fast[i], CGPoint(x: 4 * noise[i].x, y: 4 * noise[i].y)) <= 4 * tolerance, "‖v‖ = 2 m/s")
            #expect(distance(heavy[i], noise[i]) <= tolerance, "m·‖v‖²/m: mass cancels in the acceleration")
            #expect(resting[i] == .zero)
        }
    }

    // MARK: Physics over time, waking

    @Test("A spring field with S = 4π² swings a mass-1 item with period 1 s, keeping its amplitude (±0.5 pt over 5 periods)")
    func springPeriod() {
        let field = FieldBehavior.springField()
        field.strength = 4 * .pi * .pi
        let scene = FieldScene(field)
        let item = scene.add(at: CGPoint(x: 100, y: 0))
        scene.animator.run(seconds: 0.5)
        #expect(distance(item.center, CGPoint(x: -100, y: 0)) <= 0.5, "half a period: \(item.center)")
        var widest: CGFloat = 0
        for _ in 0..<270 {
            scene.animator.step(1.0 / 60)
            widest = max(widest, abs(item.center.x))
        }
        #expect(distance(item.center, CGPoint(x: 100, y: 0)) <= 0.5, "five periods: \(item.center)")
        #expect(widest <= 100.5, "no energy gained: amplitude \(widest)")
    }

    @Test("A linear gravity field stacks boxes like GravityBehavior (±0.5 pt) and lets the animator pause")
    func restsLikeGravity() {
        func stack(field: Bool) -> (DynamicAnimator, [DynamicView]) {
            let scene = StandardScenes.stack(5)
            if field {
                let gravity = scene.animator.behaviors.first { $0 is GravityBehavior }!
                scene.animator.removeBehavior(gravity)
                let f = FieldBehavior.linearGravityField(direction: CGVector(dx: 0, dy: 10))
                for item in scene.items { f.addItem(item) }
                scene.animator.addBehavior(f)
            }
            scene.animator.run(seconds: 5)
            return (scene.animator, scene.items)
        }
        let (withGravity, reference) = stack(field: false)
        let (withField, items) = stack(field: true)
        #expect(!withGravity.isRunning)
        #expect(!withField.isRunning, "resting items fall asleep under a field, as under gravity")
        for (a, b) in zip(items, reference) {
            #expect(distance(a.center, b.center) <= 0.5, "\(a.center) vs \(b.center)")
        }
    }

    @Test("A field added to, or changed under, resting items wakes a paused animator")
    func wakes() {
        let field = FieldBehavior.linearGravityField(direction: CGVector(dx: 0, dy: 1))
        field.strength = 0
        let animator = DynamicAnimator()
        let item = DynamicView(center: .zero, size: CGSize(width: 100, height: 100))
        field.addItem(item)
        animator.addBehavior(field)
        animator.run(seconds: 3)
        #expect(!animator.isRunning, "everything rests")
        field.strength = 1
        animator.run(seconds: 0.5)
        #expect(item.center.y > 5, "strength set: moved to \(item.center.y)")

        let resting = DynamicView(center: CGPoint(x: 500, y: 0), size: CGSize(width: 100, height: 100))
        let other = DynamicAnimator()
        other.addBehavior(DynamicItemBehavior(items: [resting]))
        other.run(seconds: 3)
        #expect(!other.isRunning)
        let pull = FieldBehavior.springField()
        pull.addItem(resting)
        other.addBehavior(pull)
        other.run(seconds: 0.5)
        #expect(resting.center.x < 450, "field added: moved to \(resting.center.x)")
    }

    // MARK: Bad input

    @Test("Bad values trap with a message naming FieldBehavior and the property")
    func badInput() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            FieldBehavior.springField().strength = .nan
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("FieldBehavior.strength"), "\(text)")
        }
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            FieldBehavior.radialGravityField(position: .zero).minimumRadius = -1
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("FieldBehavior.minimumRadius"), "\(text)")
        }
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = FieldBehavior.noiseField(smoothness: -0.5, animationSpeed: 1)
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("FieldBehavior.smoothness"), "\(text)")
        }
        await #expect(processExitsWith: .failure) { FieldBehavior.electricField().falloff = .infinity }
        await #expect(processExitsWith: .failure) { FieldBehavior.dragField().strength = -.infinity }
        await #expect(processExitsWith: .failure) { _ = FieldBehavior.turbulenceField(smoothness: 1, animationSpeed: .nan) }
        await #expect(processExitsWith: .failure) {
            _ = FieldBehavior.linearGravityField(direction: CGVector(dx: CGFloat.nan, dy: 0))
        }
        await #expect(processExitsWith: .failure) {
            _ = FieldBehavior.radialGravityField(position: CGPoint(x: 0, y: CGFloat.infinity))
        }
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let field = FieldBehavior.field { _, _, _, _, _, _ in CGVector(dx: CGFloat.nan, dy: 0) }
            let item = DynamicView(center: .zero, size: CGSize(width: 10, height: 10))
            field.addItem(item)
            let animator = DynamicAnimator()
            animator.addBehavior(field)
            animator.step(1.0 / 60)
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("FieldBehavior.evaluationBlock"), "\(text)")
        }
    }
}
