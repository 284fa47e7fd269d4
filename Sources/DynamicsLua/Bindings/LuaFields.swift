import CLua
import CLuaShim
import Dynamics
import Foundation

// dyn.field.<kind>{ items, position, region, strength, falloff, minimumRadius, direction,
//                   smoothness, animationSpeed }   kinds: drag, vortex, radialGravity,
//   linearGravity, velocity, noise, turbulence, spring, electric, magnetic
// dyn.field.custom{ items, position, region, strength, evaluate = function(position, velocity,
//                   mass, charge, time) return fx, fy end }   -- UIKit Newtons
// dyn.region.circle(r), dyn.region.rect(w, h), dyn.region.infinite;
//   r:union(o), r:difference(o), r:intersection(o), r:inverse(), r:contains(point)

/// A custom field's Lua function, replaceable after construction (`field.evaluate = fn`);
/// `failed` is set when it raised (the field is then switched off until a new function).
final class LuaFieldEvaluation {
    var ref: Int32
    var failed = false
    weak var field: FieldBehavior?
    init(ref: Int32) { self.ref = ref }
}

/// A region held by a script (regions are values in Swift).
final class LuaRegion: CustomStringConvertible, EmbedderSlotted {
    let region: Region
    var embedder = EmbedderSlot() // its memory charge
    init(_ region: Region) { self.region = region }
    /// As a script builds it: `rect(40, 40)`, `union(circle(10), inverse(rect(3, 4)))`;
    /// cut at about 200 characters (a union can nest a thousand parts).
    var description: String {
        var out = ""
        func number(_ v: CGFloat) -> String { String(format: "%.14g", Double(v)) }
        func write(_ shape: Region.Shape) {
            guard out.utf8.count < 200 else { return }
            switch shape {
            case .infinite: out += "infinite"
            case .circle(let r): out += "circle(\(number(r)))"
            case .rectangle(let size): out += "rect(\(number(size.width)), \(number(size.height)))"
            case .inverse(let a): out += "inverse("; write(a); out += ")"
            case .union(let a, let b): out += "union("; write(a); out += ", "; write(b); out += ")"
            case .difference(let a, let b): out += "difference("; write(a); out += ", "; write(b); out += ")"
            case .intersection(let a, let b): out += "intersection("; write(a); out += ", "; write(b); out += ")"
            }
        }
        write(region.shape)
        return out.utf8.count <= 200 ? out : String(out.prefix(200)) + "…"
    }
}

extension LuaBridge {
    /// Charges a region the script made (see `HostMemory`) and pushes its handle.
    func pushNew(_ region: Region, _ what: String) throws {
        let handle = LuaRegion(region)
        try charge(handle, HostMemory.Estimate.region, what)
        push(handle, as: .region)
    }

    /// What every field reads and writes (a custom field has `evaluate` too).
    static let fieldProperties = FieldProperty.names.filter { $0 != "evaluate" }
    static let fieldKinds = ["drag", "vortex", "radialGravity", "linearGravity", "velocity", "noise", "turbulence",
                             "spring", "electric", "magnetic", "custom"]

    func installFieldsAndRegions(in module: Int32) {
        lua_createtable(L, 0, Int32(LuaBridge.fieldKinds.count))
        let fields = lua_gettop(L)
        for kind in LuaBridge.fieldKinds {
            // Each kind but `custom` (whose evaluate is a function) is the registry's `field.KIND`.
            setConstructor(kind, registryName: "field.\(kind)", in: fields) { bridge, _ in try bridge.makeField(kind) }
        }
        dyn_lua_rawsetfield(L, module, "field")

        lua_createtable(L, 0, 3)
        let regions = lua_gettop(L)
        setFunction("circle", in: regions) { bridge, _ in
            let r = try bridge.number(at: 1, "region.circle(radius)")
            // The model's check, before the region is made and charged.
            try LuaBridge.lua { try Region.checkRadius(r) }
            try bridge.pushNew(Region(radius: r), "region.circle")
            return 1
        }
        setFunction("rect", in: regions) { bridge, _ in
            let w = try bridge.number(at: 1, "region.rect(width, height)"), h = try bridge.number(at: 2, "region.rect(width, height)")
            try LuaBridge.lua { try Region.checkSize(CGSize(width: w, height: h)) }
            try bridge.pushNew(Region(size: CGSize(width: w, height: h)), "region.rect")
            return 1
        }
        push(LuaRegion(.infinite), as: .region)
        dyn_lua_rawsetfield(L, regions, "infinite")
        dyn_lua_rawsetfield(L, module, "region")
    }

    func makeField(_ kind: String) throws -> Int32 {
        let allowed = ["items"] + LuaBridge.fieldProperties + (kind == "custom" ? ["evaluate"] : [])
        let keys = try options(at: 1, "dynamics.field.\(kind)", allowed: allowed)
        let field: FieldBehavior
        switch kind {
        case "drag": field = .dragField()
        case "vortex": field = .vortexField()
        case "radialGravity": field = .radialGravityField(position: .zero)
        case "linearGravity": field = .linearGravityField(direction: CGVector(dx: 0, dy: 1))
        case "velocity": field = .velocityField(direction: .zero)
        case "noise": field = .noiseField(smoothness: 0, animationSpeed: 0)
        case "turbulence": field = .turbulenceField(smoothness: 0, animationSpeed: 0)
        case "spring": field = .springField()
        case "electric": field = .electricField()
        case "magnetic": field = .magneticField()
        default:
            guard let ref = try withField("evaluate", of: 1, { try functionReference(at: $0, "field.custom.evaluate") }) else {
                throw LuaArgumentError(message: "field.custom: evaluate = function(position, velocity, mass, charge, time) is required")
            }
            field = customField(ref, name: "field.custom.evaluate")
        }
        for item in try withField("items", of: 1, { try items(at: $0, "field.items") }) ?? [] { field.addItem(item) }
        try applyOptions(keys.filter { LuaBridge.fieldProperties.contains($0) }, to: field, through: LuaBridge.fieldBinding)
        try pushNew(field, "dynamics.field")
        return 1
    }

    /// A custom field calling `evaluate([self,] position, velocity, mass, charge, time)` for
    /// every item inside its region, once per internal step: one protected call for the
    /// whole batch runs a C loop that refills two argument tables for each item, so the
    /// per-item path allocates nothing and never leaves C. An error (or a non-finite
    /// result) disables the field and is reported with the function's file:line.
    func customField(_ ref: Int32, name: String, selfObject: AnyObject? = nil) -> FieldBehavior {
        let positionRef = state.makePointTable(), velocityRef = state.makePointTable()
        var selfRef: Int32 = 0
        if let selfObject {
            push(selfObject, as: .behavior)
            selfRef = dyn_lua_ref(L)
        }
        let evaluation = LuaFieldEvaluation(ref: ref)
        let link = self.link
        let field = FieldBehavior.field { _, samples, forces, time in
            guard let self = link.bridge, !evaluation.failed, let s = samples.baseAddress, let f = forces.baseAddress else { return }
            let ref = evaluation.ref
            let L = self.L
            precondition(MemoryLayout<FieldBehavior.Sample>.stride == 6 * MemoryLayout<Double>.stride
                && MemoryLayout<CGVector>.stride == 2 * MemoryLayout<Double>.stride)
            do {
                try s.withMemoryRebound(to: Double.self, capacity: 6 * samples.count) { sp in
                    try f.withMemoryRebound(to: Double.self, capacity: 2 * forces.count) { fp in
                        try self.state.guarded {
                            dyn_lua_eval_field(L, ref, selfRef, positionRef, velocityRef, sp, samples.count, fp, time)
                        }
                    }
                }
            } catch let error as LuaError {
                evaluation.failed = true
                for k in 0..<forces.count { forces[k] = .zero }
                let error = self.located(error, definedBy: ref)
                self.errorHandler(LuaError(kind: error.kind, message: "\(name): \(error.message)", traceback: error.traceback))
            } catch {
                evaluation.failed = true
            }
        }
        evaluation.field = field
        rememberEvaluation(evaluation)
        return field
    }

    /// Keeps `evaluation` findable from its field (`field.evaluate`), dropping the entries
    /// of fields that are gone once they are half of the table (amortized O(1) per field).
    private func rememberEvaluation(_ evaluation: LuaFieldEvaluation) {
        guard let field = evaluation.field else { return }
        if fieldEvaluations.count >= 2 * fieldEvaluationsLive {
            fieldEvaluations = fieldEvaluations.filter { $0.value.field != nil }
            fieldEvaluationsLive = max(16, fieldEvaluations.count)
        }
        fieldEvaluations[ObjectIdentifier(field)] = evaluation
    }

    /// The evaluation of a custom field the bridge made (nil for the other kinds); checked by
    /// identity, since a dead field's identifier may be reused.
    func evaluation(of field: FieldBehavior) -> LuaFieldEvaluation? {
        guard let e = fieldEvaluations[ObjectIdentifier(field)], e.field === field else { return nil }
        return e
    }

    /// A field's own properties; `evaluate` is a custom field's only.
    enum FieldProperty: Int, LuaProperty {
        case position, region, strength, falloff, minimumRadius, direction, smoothness, animationSpeed, evaluate
    }

    static let fieldBinding = behaviorBinding.extended(by: .typed(
        FieldBehavior.self, FieldProperty.self, name: "field",
        get: { bridge, f, p in
            let L = bridge.L
            switch p {
            case .position: bridge.pushPoint(f.position)
            case .region: try bridge.pushNew(f.region, "field.region")
            case .direction: bridge.pushPoint(CGPoint(x: f.direction.dx, y: f.direction.dy))
            case .strength: lua_pushnumber(L, Double(f.strength))
            case .falloff: lua_pushnumber(L, Double(f.falloff))
            case .minimumRadius: lua_pushnumber(L, Double(f.minimumRadius))
            case .smoothness: lua_pushnumber(L, Double(f.smoothness))
            case .animationSpeed: lua_pushnumber(L, Double(f.animationSpeed))
            case .evaluate:
                guard let e = bridge.evaluation(of: f) else { return false }
                dyn_lua_getref(L, e.ref)
            }
            return true
        },
        set: { bridge, f, p, v in
            let what = "field.\(p)"
            switch p {
            case .position: f.position = try bridge.point(at: v, what)
            case .region: f.region = try bridge.object(at: v, .region, as: LuaRegion.self, what: what).region
            case .direction: f.direction = try bridge.vector(at: v, what)
            case .strength: f.strength = try bridge.number(at: v, what)
            case .falloff: f.falloff = try bridge.number(at: v, what)
            case .evaluate:
                // As at construction: a function (a custom field cannot be without one). A new
                // function switches a field that failed back on.
                guard let e = bridge.evaluation(of: f) else { return false }
                let ref = try bridge.functionReference(at: v, "field.custom.evaluate")
                dyn_lua_unref(bridge.L, e.ref)
                e.ref = ref
                e.failed = false
            case .minimumRadius, .smoothness, .animationSpeed:
                // The ranges are the model's (`animationSpeed` any finite number: negative
                // runs the noise backwards).
                let x = try bridge.number(at: v, what)
                switch p {
                case .minimumRadius: f.minimumRadius = x
                case .smoothness: f.smoothness = x
                default: f.animationSpeed = x
                }
            }
            return true
        },
        describe: { bridge, object in
            let f = unsafeDowncast(object, to: FieldBehavior.self)
            return ("field", LuaBridge.behaviorBinding.properties + LuaBridge.fieldProperties + (bridge.evaluation(of: f) == nil ? [] : ["evaluate"]))
        }
    ))

    /// `r:name(other)` for a set operation of two regions.
    static func regionOperation(_ name: String, _ op: @escaping @Sendable (Region, Region) -> Region)
        -> @Sendable (LuaBridge, OpaquePointer) throws -> Int32 {
        { bridge, _ in
            let a = try bridge.object(at: 1, .region, as: LuaRegion.self, what: name)
            let b = try bridge.object(at: 2, .region, as: LuaRegion.self, what: "\(name)(region)")
            try bridge.pushNew(op(a.region, b.region), name)
            return 1
        }
    }

    static let regionBinding = ClassBinding(
        get: { _, _, _, _ in false },
        set: { _, _, _, _, _ in false },
        methods: [
            "union": LuaBridge.regionOperation("union") { $0.byUnion(with: $1) },
            "difference": LuaBridge.regionOperation("difference") { $0.byDifference(from: $1) },
            "intersection": LuaBridge.regionOperation("intersection") { $0.byIntersection(with: $1) },
            "inverse": { bridge, _ in
                let a = try bridge.object(at: 1, .region, as: LuaRegion.self, what: "inverse")
                try bridge.pushNew(a.region.inverse(), "inverse"); return 1
            },
            "contains": { bridge, L in
                let a = try bridge.object(at: 1, .region, as: LuaRegion.self, what: "contains")
                lua_pushboolean(L, a.region.contains(try bridge.point(at: 2, "contains(point)")) ? 1 : 0); return 1
            },
        ],
        properties: []
    )
}
