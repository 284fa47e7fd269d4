import CLua
import CLuaShim
import Dynamics
import Foundation

/// A binding refused its input: raised in the script at the caller's file:line.
package struct LuaArgumentError: Error {
    package let message: String
    package init(message: String) { self.message = message }
}

/// The kinds of object a script holds, each with its classes of handle (`LuaClass`): one
/// metatable each, and for behaviors one per kind of behavior.
package enum LuaKind: String, CaseIterable {
    case animator, item, behavior, region, timer, task, record, track, snapshot

    /// Position in `allCases` (its classes' metatables are installed in this order; checked
    /// when a bridge is made). A switch, because `allCases` builds an array on every use.
    package var index: Int {
        switch self {
        case .animator: 0
        case .item: 1
        case .behavior: 2
        case .region: 3
        case .timer: 4
        case .task: 5
        case .record: 6
        case .track: 7
        case .snapshot: 8
        }
    }
    /// "an animator", "a behavior".
    var withArticle: String { LuaBridge.withArticle(rawValue) }
}

/// One registered host function: the bridge and the Swift body the C trampoline calls.
final class LuaCallback {
    /// A script that outlives its bridge gets an error, never a crash.
    let link: BridgeLink
    let body: (LuaBridge, OpaquePointer) throws -> Int32

    init(link: BridgeLink, body: @escaping (LuaBridge, OpaquePointer) throws -> Int32) {
        self.link = link
        self.body = body
    }
}

/// The bridge as seen by what may outlive it (callbacks whose finalizers run while the state
/// closes, field closures kept by behaviors): cleared when the bridge goes. Not a `weak`
/// reference, because an object that is weakly referenced moves its reference counts to a
/// side table, and every retain of the bridge on every call from Lua would take the slow path.
final class BridgeLink {
    /// Read on every call from Lua: kept in manually allocated memory, which needs no dynamic
    /// exclusivity check.
    var bridge: LuaBridge? {
        @inline(__always) get { cell.pointee?.takeUnretainedValue() }
        set { cell.pointee = newValue.map(Unmanaged.passUnretained) }
    }
    private let cell: UnsafeMutablePointer<Unmanaged<LuaBridge>?> = {
        let p = UnsafeMutablePointer<Unmanaged<LuaBridge>?>.allocate(capacity: 1)
        p.initialize(to: nil)
        return p
    }()

    /// The bridge, borrowed (no reference counting).
    @inline(__always)
    var unmanaged: Unmanaged<LuaBridge>? { cell.pointee }

    deinit { cell.deallocate() }
}

/// Every host body runs through here, inside C's door (`dyn_trampoline`, or a handle's
/// property access): on the calling thread's stack, with invalid input the model finds
/// caught, and any thrown error turned into an error message the C caller raises, so no
/// Lua error ever unwinds through Swift. Returns the body's result count, or -1.
@inline(__always)
private func hostCall(_ L: OpaquePointer, _ link: BridgeLink, _ body: (LuaBridge) throws -> Int32) -> Int32 {
    // The bridge and its state are kept alive by the state itself for as long as Lua can
    // call: borrow them without reference counting (this runs on every call).
    guard let bridge = link.unmanaged else {
        lua_pushstring(L, "dynamics: the module's host bridge was released")
        return -1
    }
    return bridge._withUnsafeGuaranteedRef { bridge in
        // Host code works on the calling thread's stack (a coroutine's, when called from one).
        let outer = bridge.state.L
        bridge.state.L = L
        defer { bridge.state.L = outer }
        do {
            // Invalid input the model finds (a setter's range check, a behavior added
            // twice) becomes this call's error instead of a trap.
            return try InvalidInput.catching { try body(bridge) }
        } catch let error as LuaArgumentError {
            dyn_lua_pushlocated(L, error.message)
        } catch let error as LuaError {
            lua_pushstring(L, error.message) // already located
        } catch let error as DynamicsError {
            dyn_lua_pushlocated(L, LuaBridge.luaMessage(error))
        } catch {
            dyn_lua_pushlocated(L, "\(error)")
        }
        return -1
    }
}

/// The only function Lua calls host functions through (from C's trampoline).
private let luaCallbackThunk: dyn_lua_callback = { L, context in
    // The callback is kept alive by the state (see `LuaState.retained`): borrowed.
    Unmanaged<LuaCallback>.fromOpaque(context!)._withUnsafeGuaranteedRef { callback in
        hostCall(L, callback.link) { try callback.body($0, L) }
    }
}

/// Property reads and assignments of one class of handle (C's `dyn_lua_set_property_access`
/// calls `propertyThunk` with it): the handle checked by C against the class's metatable, and
/// the key as its position in `binding.properties`.
final class LuaClassAccess {
    let link: BridgeLink
    let kind: LuaKind
    let binding: LuaBridge.ClassBinding
    /// Properties and methods, for suggestions.
    let names: [String]
    /// `binding.positional` (held here so a call loads no optional and copies no closure).
    let get: LuaBridge.ClassBinding.PositionalGet
    let set: LuaBridge.ClassBinding.PositionalSet

    init(link: BridgeLink, kind: LuaKind, binding: LuaBridge.ClassBinding) {
        self.link = link
        self.kind = kind
        self.binding = binding
        names = LuaBridge.unique(binding.properties + binding.methods.keys.sorted())
        (get, set) = binding.positional
    }

    @inline(__always)
    func access(_ bridge: LuaBridge, _ L: OpaquePointer, _ h: UnsafeMutablePointer<LuaBridge.Handle>?,
                _ key: Int, assign: Bool) throws -> Int32 {
        guard let h, let object = bridge.liveUnmanaged(h) else {
            _ = try bridge.object(at: 1, kind, as: AnyObject.self, what: kind.rawValue)
            return 0
        }
        return try object._withUnsafeGuaranteedRef { object in
            // The fast path only: a known key read or written. Everything else (plugin
            // parameters by name, and the messages) is out of line, so that this path stays
            // small where it is inlined into the thunk (the messages inlined here cost every
            // `item.angle` 12 ns).
            if assign {
                if key >= 0, try set(bridge, h, object, key, 3) { return 0 }
                return try slowSet(bridge, h, object, key)
            }
            if key == Int(DYN_KEY_NOT_STRING) { lua_pushnil(L); return 1 }
            if key >= 0, try get(bridge, h, object, key) { return 1 }
            return try slowGet(bridge, h, object, key)
        }
    }

    /// Messages name the object's own class and properties.
    private func described(_ bridge: LuaBridge, _ object: AnyObject) -> (name: String, properties: [String]) {
        binding.described(bridge, object, kind: kind)
    }

    /// A write the fast path did not serve: a key outside `properties` still goes to the
    /// binding by name (a plugin's parameters are properties of its behavior); otherwise an
    /// error.
    @inline(never)
    private func slowSet(_ bridge: LuaBridge, _ h: UnsafeMutablePointer<LuaBridge.Handle>, _ object: AnyObject, _ key: Int) throws -> Int32 {
        let name = bridge.string(at: 2) ?? "?"
        if key == Int(DYN_KEY_UNKNOWN), try binding.set(bridge, h, object, name, 3) { return 0 }
        let own = described(bridge, object)
        throw LuaArgumentError(message: own.properties.contains(name)
            ? "\(own.name).\(name) is read-only"
            : "\(own.name) has no property '\(LuaBridge.shown(name))'\(LuaBridge.suggestion(for: name, among: own.properties)) (properties: \(LuaBridge.listed(own.properties)))")
    }

    /// A read the fast path did not serve (see `slowSet`).
    @inline(never)
    private func slowGet(_ bridge: LuaBridge, _ h: UnsafeMutablePointer<LuaBridge.Handle>, _ object: AnyObject, _ key: Int) throws -> Int32 {
        let name = bridge.string(at: 2) ?? "?"
        if key == Int(DYN_KEY_UNKNOWN), try binding.get(bridge, h, object, name) { return 1 }
        let own = described(bridge, object)
        // One of this object's own properties that does not read back is write-only
        // (collision.insets): not unknown, nor its own suggestion.
        if own.properties.contains(name) {
            throw LuaArgumentError(message: "\(own.name).\(name) is write-only")
        }
        // A name of the class that this object does not read.
        if names.contains(name) && binding.describe == nil {
            throw LuaArgumentError(message: "\(own.name).\(name) cannot be read on this \(own.name)")
        }
        let methods = binding.methods.keys.sorted()
        throw LuaArgumentError(message: "\(own.name) has no property or method '\(LuaBridge.shown(name))'\(LuaBridge.suggestion(for: name, among: own.properties + methods)) (properties: \(LuaBridge.listed(own.properties)))")
    }
}

private let propertyThunk: dyn_lua_property_callback = { L, context, handle, key, assign in
    // The access object is kept alive by the state (see `LuaState.retained`): borrowed.
    Unmanaged<LuaClassAccess>.fromOpaque(context!)._withUnsafeGuaranteedRef { access in
        hostCall(L, access.link) { bridge in
            try access.access(bridge, L, handle?.assumingMemoryBound(to: LuaBridge.Handle.self), Int(key), assign: assign != 0)
        }
    }
}

/// The `dynamics` module in one `LuaState`: constructors, object handles and the calls that
/// run scripted actions and fields inside the animator tick. The engine and the model know
/// nothing of Lua; every binding lives in Bindings/, one file per class, and every handle
/// is checked (kind and generation) before use.
public final class LuaBridge {
    public let state: LuaState
    package var L: OpaquePointer { state.L }
    /// Cleared in deinit; see `BridgeLink`.
    let link = BridgeLink()

    deinit {
        link.bridge = nil
        metatablePointers.deallocate()
        unmanagedAnimators.pointee.deallocate()
        unmanagedAnimators.deallocate()
    }

    /// Receives errors of scripted callbacks (actions, fields, collision and delegate
    /// callbacks). The offending behavior is disabled; the animator keeps running.
    public var errorHandler: (LuaError) -> Void

    /// Objects held by scripts, by handle slot; a slot's generation changes when it is reused.
    let slots = HandleSlots()
    /// Registry reference of the weak-valued table object address → handle userdata.
    private var handleCache: Int32 = 0
    /// `behavior.items` tables, kept between reads (see `pushItemList`).
    var itemLists: [ObjectIdentifier: ItemList] = [:]
    /// A kept `behavior.items` table: its registry reference, the items it lists and their
    /// handles' addresses, in order.
    struct ItemList {
        var ref: Int32
        var items: [ObjectIdentifier]
        var handles: [UnsafeRawPointer?]
    }
    /// Entries the cache table has had room made for since it was last rebuilt.
    private var cacheEntries = 0
    /// Each class's metatable: its registry reference and its address (how handles are
    /// checked: a pointer comparison per class of the kind).
    private var metatableRefs: [Int32] = []
    /// By `LuaClass.rawValue`; nil until the class's metatable is installed. Read on every
    /// handle check: kept in manually allocated memory (no exclusivity check).
    private let metatablePointers: UnsafeMutablePointer<UnsafeRawPointer?> = {
        let p = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: LuaClass.allCases.count)
        p.initialize(repeating: nil, count: LuaClass.allCases.count)
        return p
    }()
    /// The animators scripts made, in order (items are refreshed in them when a script
    /// moves one).
    public internal(set) var animators: [DynamicAnimator] = [] {
        didSet {
            unmanagedAnimators.pointee.deallocate()
            let list = UnsafeMutableBufferPointer<Unmanaged<DynamicAnimator>>.allocate(capacity: animators.count)
            _ = list.initialize(from: animators.map { Unmanaged.passUnretained($0) })
            unmanagedAnimators.pointee = list
        }
    }
    /// The same animators without reference counting, for the per-access item paths: an
    /// animator is weakly referenced by its behaviors, so its counts live in a side table and
    /// every retain would take the slow path. `animators` keeps them alive. In manually
    /// allocated memory, read with no exclusivity check.
    let unmanagedAnimators: UnsafeMutablePointer<UnsafeMutableBufferPointer<Unmanaged<DynamicAnimator>>> = {
        let p = UnsafeMutablePointer<UnsafeMutableBufferPointer<Unmanaged<DynamicAnimator>>>.allocate(capacity: 1)
        p.initialize(to: .allocate(capacity: 0))
        return p
    }()
    /// The folder of the scene being run (its behaviors/ is searched for plugins, itself and
    /// its lib/ for modules).
    public var sceneFolder: String?
    /// Folders besides the scene's that its scripts may read: those a `dynamics test` run was
    /// given (see `LuaReadableFolders`).
    public var runFolders: [String] = []
    /// What the bridge's scripts may read: the scene's folder, `runFolders` and DYNAMICS_PATH's
    /// folders, by their real paths, never `/` (`LuaReadableFolders`). Resolved when asked:
    /// reads are rare (each module and plugin once).
    public var readableFolders: LuaReadableFolders {
        LuaReadableFolders(scriptFolder: sceneFolder ?? "", runFolders: runFolders)
    }
    /// Pictures styles named, by folder and path relative to it, each with its
    /// memory charge (at most `ItemImage.maximumPerScene`; see LuaItemStyle.swift).
    var styleImages: [String: (image: ItemImage, charge: HostMemory.Charge)] = [:]
    /// How many times a script set an item's style: a host that drew the styles redraws
    /// them when it changes.
    public internal(set) var styleChanges = 0
    /// Loaded Lua plugin definitions, by the plugin file's real path.
    var pluginDefinitions: [String: Int32] = [:]
    /// Plugins whose files are running now, outermost first (name, real path): a plugin that
    /// requires one of them closes a cycle (which recursed until the C stack overflowed,
    /// with no location).
    var pluginsLoading: [(name: String, file: String)] = []
    /// The constructor `dyn.use(name)` returned for each built-in or Swift plugin's name
    /// (registry references; a Lua plugin's are in `scriptFiles`).
    var useConstructors: [String: Int32] = [:]
    /// Scenes, plugins and modules loaded, and where their code searches (LuaModules.swift).
    let scriptFiles = LuaScriptFiles()
    /// The Lua constructor of each built-in of the `BehaviorRegistry`, by registry name
    /// (`gravity`, `field.drag`): what `dyn.use` returns for it.
    var builtInConstructors: [String: Int32] = [:]
    /// Custom fields' functions, by field (see `evaluation(of:)`), and the size of the table
    /// after it was last cleared of dead fields.
    var fieldEvaluations: [ObjectIdentifier: LuaFieldEvaluation] = [:]
    var fieldEvaluationsLive = 16
    /// Delegates scripts installed, and the Lua tables they came from.
    var delegates: [AnyObject] = []
    var delegateTables: [ObjectIdentifier: Int32] = [:]
    /// Each animator's pointer (onPointer and the default drag; Bindings/LuaPointer.swift).
    var pointerDrivers: [ObjectIdentifier: LuaPointerDriver] = [:]
    /// The task chunk's `new` and `step` (Bindings/LuaTasks.swift), and the task whose
    /// coroutine runs now (its waits register on it).
    var taskNew: Int32 = LUA_NOREF
    var taskStep: Int32 = LUA_NOREF
    var runningTask: (task: DynamicTask, coroutine: HeldFunction, place: String)?
    /// What runs the scripts (`animator.host`): a scene can tell a test from the viewer.
    public var host: LuaHost = .run
    /// Told of every frame a script steps with `animator:step` or `animator:run` (nil: no
    /// one listens, the usual case; see `ScriptFrame`).
    public var frameObserver: ((DynamicAnimator, ScriptFrame) -> Void)?
    /// `dynamics.pointerVelocityWindow` (s): the window every animator's pointer measures
    /// its velocity over.
    var pointerVelocityWindow = DynamicPointer.defaultVelocityWindow

    /// Installs the module in `state`'s sandbox as the global `dynamics` and for
    /// `require "dynamics"` (`require` loads plugins and modules too: LuaModules.swift).
    public init(state: LuaState, errorHandler: @escaping (LuaError) -> Void = { print("dynamics: \($0)") }) {
        self.state = state
        self.errorHandler = errorHandler
        link.bridge = self
        dyn_lua_host_enter(L)
        defer { dyn_lua_host_leave(L) }
        lua_createtable(L, 0, 0)
        lua_createtable(L, 0, 1)
        lua_pushstring(L, "v")
        dyn_lua_rawsetfield(L, -2, "__mode")
        lua_setmetatable(L, -2)
        handleCache = dyn_lua_ref(L)
        precondition(LuaKind.allCases.enumerated().allSatisfy { $0.offset == $0.element.index })
        precondition(LuaClass.allCases.allSatisfy { $0.kind.classes.contains($0.rawValue) })
        for cls in LuaClass.allCases { installMetatable(cls) }
        lua_createtable(L, 0, 32)
        let module = lua_gettop(L)
        installModule(at: module)
        dyn_lua_push_sandbox(L)
        lua_pushvalue(L, module)
        dyn_lua_rawsetfield(L, -2, "dynamics")
        setFunction("require", in: lua_gettop(L)) { bridge, _ in try bridge.require() }
        lua_settop(L, module)
        do { try installTasks(module: module) } catch { preconditionFailure("Dynamics: the task chunk failed to load: \(error)") }
        lua_settop(L, module - 1)
    }

    // MARK: Functions

    /// Pushes a Lua function that runs `body` (which returns its result count).
    func pushFunction(_ body: @escaping (LuaBridge, OpaquePointer) throws -> Int32) {
        let callback = LuaCallback(link: link, body: body)
        state.retained.append(callback) // lives until the state closes (finalizers may call it)
        dyn_lua_pushcallback(L, luaCallbackThunk, Unmanaged.passUnretained(callback).toOpaque())
    }

    /// Sets `table[name]` (table at `index`) to a function.
    package func setFunction(_ name: String, in index: Int32, _ body: @escaping (LuaBridge, OpaquePointer) throws -> Int32) {
        pushFunction(body)
        dyn_lua_rawsetfield(L, index, name)
    }

    // MARK: Handles

    /// What a handle (a full userdata with the metatable of its class) holds: the slot of
    /// its object in `objects`, checked against the slot's generation on every use, and,
    /// for items, where the item was last found (an animator of `animators` and its record
    /// slot there) so that property access needs no search.
    package struct Handle {
        var slot: Int32
        var generation: UInt32
        var animatorHint: Int32
        var recordHint: Int32
    }

    /// Pushes the handle of `object`: the same userdata while the script holds one (so
    /// handles compare with ==), found in a weak-valued cache; a handle the script dropped
    /// is collected and its slot freed (its generation changes, so a stale copy is refused).
    func push(_ object: AnyObject, as kind: LuaKind) {
        let key = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
        dyn_lua_getref(L, handleCache)
        if lua_rawgetp(L, -1, key) == LUA_TUSERDATA {
            lua_rotate(L, -2, 1)
            lua_settop(L, -2)
            return
        }
        lua_settop(L, -2)
        let (slot, generation) = slots.add(object)
        let raw = lua_newuserdatauv(L, MemoryLayout<Handle>.size, 0)!
        raw.storeBytes(of: Handle(slot: slot, generation: generation, animatorHint: -1, recordHint: -1), as: Handle.self)
        dyn_lua_getref(L, metatableRefs[LuaClass.of(object, as: kind).rawValue])
        lua_setmetatable(L, -2)
        lua_pushvalue(L, -1)
        lua_rawsetp(L, -3, key)
        cacheEntries += 1
        lua_rotate(L, -2, 1)
        lua_settop(L, -2)
    }

    /// The handle at `index` if it is one of `kind` (the metatable of one of its classes,
    /// compared by address).
    @inline(__always)
    package func handle(at index: Int32, _ kind: LuaKind) -> UnsafeMutablePointer<Handle>? {
        // A class whose metatable is not installed yet (a collection while the bridge is
        // being built) has no handles.
        let classes = kind.classes
        if classes.count == 1 {
            return dyn_lua_touserdata_with(L, index, metatablePointers[classes.lowerBound])?.assumingMemoryBound(to: Handle.self)
        }
        return dyn_lua_touserdata_among(L, index, metatablePointers + classes.lowerBound, classes.count, nil)?
            .assumingMemoryBound(to: Handle.self)
    }

    /// The handle at `index` if it is one of class `cls` (LÖVE's `luax_checktype` for one type).
    @inline(__always)
    func handle(at index: Int32, class cls: LuaClass) -> UnsafeMutablePointer<Handle>? {
        dyn_lua_touserdata_with(L, index, metatablePointers[cls.rawValue])?.assumingMemoryBound(to: Handle.self)
    }

    /// The class and handle at `index`, whatever its class (nil if it is not a handle).
    func anyHandle(at index: Int32) -> (LuaClass, UnsafeMutablePointer<Handle>)? {
        var which = 0
        guard let h = dyn_lua_touserdata_among(L, index, metatablePointers, LuaClass.allCases.count, &which) else { return nil }
        return (LuaClass(rawValue: which)!, h.assumingMemoryBound(to: Handle.self))
    }

    /// The live object of a handle (nil if its slot was freed or reused).
    @inline(__always)
    func liveObject(_ h: UnsafeMutablePointer<Handle>) -> AnyObject? {
        liveUnmanaged(h)?.takeUnretainedValue()
    }

    /// The same, borrowed (no reference counting; its slot keeps it alive).
    @inline(__always)
    func liveUnmanaged(_ h: UnsafeMutablePointer<Handle>) -> Unmanaged<AnyObject>? {
        slots.object(slot: h.pointee.slot, generation: h.pointee.generation)
    }

    /// The object behind the handle at `index`, checked for kind and liveness.
    package func object<T>(at index: Int32, _ kind: LuaKind, as type: T.Type, what: String) throws -> T {
        guard let h = handle(at: index, kind) else {
            throw LuaArgumentError(message: "\(what): expected \(kind.withArticle), got \(typeName(at: index))")
        }
        guard let object = liveObject(h) as? T else {
            throw LuaArgumentError(message: "\(what): this \(kind.rawValue) is no longer valid")
        }
        return object
    }

    /// The object behind the handle at `index`, checked for its class and liveness (LÖVE's
    /// `luax_checkX`: `checkCollision(at:_:)` and the like call it).
    func object<T: AnyObject>(at index: Int32, class cls: LuaClass, as type: T.Type, what: String) throws -> T {
        guard let h = handle(at: index, class: cls) else {
            throw LuaArgumentError(message: "\(what): expected \(LuaBridge.withArticle(cls.binding.name ?? "\(cls)")), got \(handleTypeName(at: index))")
        }
        guard let object = liveObject(h) as? T else {
            throw LuaArgumentError(message: "\(what): this \(cls.binding.name ?? "\(cls)") is no longer valid")
        }
        return object
    }

    /// What the value at `index` is, for messages: a handle's class ("a gravity"), else its
    /// Lua type.
    package func handleTypeName(at index: Int32) -> String {
        guard let (cls, h) = anyHandle(at: index), let object = liveObject(h) else { return typeName(at: index) }
        return LuaBridge.withArticle(cls.binding.described(self, object, kind: cls.kind).name)
    }

    /// "a gravity", "an itemBehavior".
    static func withArticle(_ name: String) -> String {
        ("aeiou".contains(name.first ?? "x") ? "an " : "a ") + name
    }

    /// Any handle's object, whatever its kind (nil if not a live handle).
    func anyObject(at index: Int32) -> AnyObject? {
        anyHandle(at: index).flatMap { liveObject($0.1) }
    }

    /// Frees a handle's slot (from __gc).
    private func release(at index: Int32) {
        if let (cls, h) = anyHandle(at: index) {
            // A behavior's kept `items` table (see `pushItemList`) goes with its handle: the
            // registry would otherwise hold it, and the item handles in it, for the state's
            // life. A later handle of the same behavior builds a new one.
            if cls.kind == .behavior, let object = liveObject(h), let list = itemLists.removeValue(forKey: ObjectIdentifier(object)) {
                dyn_lua_unref(L, list.ref)
            }
            slots.free(slot: h.pointee.slot, generation: h.pointee.generation)
        }
        let live = slots.liveCount
        if cacheEntries > 1024 && live * 4 < cacheEntries { compactHandleCache(live: live) }
    }

    /// A Lua table never shrinks until it is inserted into again, so the weak cache keeps the
    /// room of every handle it ever held. When most of its entries died, it is rebuilt with
    /// the live ones: amortized O(1) per handle, and memory follows the live handles.
    private func compactHandleCache(live: Int) {
        dyn_lua_getref(L, handleCache)
        let old = lua_gettop(L)
        lua_createtable(L, 0, Int32(live))
        lua_createtable(L, 0, 1)
        lua_pushstring(L, "v")
        dyn_lua_rawsetfield(L, -2, "__mode")
        lua_setmetatable(L, -2)
        let fresh = lua_gettop(L)
        var kept = 0
        lua_pushnil(L)
        while lua_next(L, old) != 0 {
            lua_pushvalue(L, -2)
            lua_rotate(L, -2, 1)
            lua_rawset(L, fresh)
            kept += 1
        }
        dyn_lua_unref(L, handleCache)
        lua_pushvalue(L, fresh)
        handleCache = dyn_lua_ref(L)
        lua_settop(L, old - 1)
        cacheEntries = kept
    }

    private func installMetatable(_ cls: LuaClass) {
        let kind = cls.kind
        dyn_lua_newmetatable(L, cls.metatableName)
        let mt = lua_gettop(L)
        lua_pushvalue(L, mt)
        metatableRefs.append(dyn_lua_ref(L))
        metatablePointers[cls.rawValue] = lua_topointer(L, mt)
        // One names table per class: a method's name → the method, a property's name → its
        // position in `properties`. C dispatches the script's own key string with one raw
        // lookup: a method is returned without entering the host, a property goes to the
        // class's access with its position, and nothing converts the key.
        let binding = cls.binding
        lua_createtable(L, 0, Int32(binding.properties.count + binding.methods.count))
        let names = lua_gettop(L)
        for (position, name) in binding.properties.enumerated() {
            lua_pushinteger(L, lua_Integer(position))
            dyn_lua_rawsetfield(L, names, name)
        }
        for (name, body) in binding.methods.sorted(by: { $0.key < $1.key }) { setFunction(name, in: names, body) }
        let access = LuaClassAccess(link: link, kind: kind, binding: binding)
        state.retained.append(access) // lives until the state closes, as callbacks do
        dyn_lua_set_property_access(L, mt, propertyThunk, Unmanaged.passUnretained(access).toOpaque())
        setFunction("__tostring", in: mt) { bridge, L in
            let object = bridge.anyObject(at: 1)
            lua_pushstring(L, object.map { "\(kind.rawValue): \(bridge.luaDescription(of: $0, kind))" } ?? "\(kind.rawValue) (released)")
            return 1
        }
        setFunction("__gc", in: mt) { bridge, _ in
            bridge.release(at: 1)
            return 0
        }
        lua_pushstring(L, "locked")
        dyn_lua_rawsetfield(L, mt, "__metatable")
        lua_settop(L, mt - 1)
    }

    /// What `tostring` shows after the kind, in the script's names (Swift's descriptions named
    /// types: `Dynamics.GravityBehavior`, `rectangle(size: Foundation.CGSize(…))`): a behavior's
    /// kind (`gravity`, `field.drag`, `composite`, a plugin's name), a region as it is built,
    /// an animator's bounds, a timer's next time, an item's name, center and size.
    package func luaDescription(of object: AnyObject, _ kind: LuaKind) -> String {
        func n(_ v: Double) -> String { String(format: "%.14g", v) }
        switch object {
        case is LuaCompositeBehavior: return "composite"
        case let f as FieldBehavior: return "field.\(f.kindName)"
        case let b as DynamicBehavior:
            let cls = LuaClass.of(behavior: b)
            return cls.binding.described(self, b, kind: cls.kind).name
        case let a as DynamicAnimator:
            guard let r = a.referenceBounds else { return "no bounds" }
            return "bounds {\(n(r.origin.x)), \(n(r.origin.y)), \(n(r.size.width)), \(n(r.size.height))}"
        case let t as DynamicTask:
            return t.isCancelled ? "cancelled" : t.error != nil ? "failed" : t.isDone ? "done" : "running"
        case let t as DynamicTimer:
            return t.interval.map { "every \(n($0)) s, next at \(n(t.fireTime))" } ?? "at \(n(t.fireTime))"
        case let v as DynamicView:
            // Swift's description says DynamicView for an item without a name.
            let label = v.name.map { "\"\(LuaBridge.shown($0))\"" } ?? "(unnamed)"
            return "\(label) at (\(n(v.center.x)), \(n(v.center.y))) size \(n(v.bounds.width))×\(n(v.bounds.height))"
        default: return "\(object)"
        }
    }

    /// Names for an error message: at most 40, each shown as `shown` does, then how many
    /// there are in all (a plugin may declare thousands of long parameter names, and a
    /// folder may hold thousands of plugins).
    package static func listed(_ names: [String]) -> String {
        let shownNames = names.prefix(40).map { shown($0) }.joined(separator: ", ")
        return names.count > 40 ? "\(shownNames), … (\(names.count) in all)" : shownNames
    }

    /// " — did you mean 'shape'?" for a name within `maxEdits` (at most 2) edits of a known
    /// one, else "".
    package static func suggestion(for key: String, among names: [String], maxEdits: Int = 2) -> String {
        // Edit distance over bytes, lowercased ASCII. A name whose length differs from the
        // key's by more than 2 cannot be within distance 2, so it is skipped before any work:
        // the cost is O(names · 20²) whatever the key's length (a script controls the key; a
        // 4 MB key once took minutes here).
        func lowered(_ s: String) -> [UInt8] { s.utf8.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 } }
        func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
            var row = Array(0...b.count)
            for i in a.indices {
                var previous = row[0]
                row[0] = i + 1
                for j in b.indices {
                    let substitution = previous + (a[i] == b[j] ? 0 : 1)
                    previous = row[j + 1]
                    row[j + 1] = min(row[j + 1] + 1, row[j] + 1, substitution)
                }
            }
            return row[b.count]
        }
        let length = key.utf8.count
        // Names are identifiers: a key longer than 64 bytes is no typo of one, and the
        // distance costs O(length²) per candidate (3000 names of 3000 bytes: 15 s).
        guard length <= 64 else { return "" }
        let candidates = names.filter { abs($0.utf8.count - length) <= 2 }
        guard !candidates.isEmpty else { return "" }
        let k = lowered(key)
        let best = candidates.map { ($0, distance(k, lowered($0))) }.min { $0.1 < $1.1 }
        guard let (name, d) = best, d <= min(maxEdits, 2), d < max(k.count, 2) else { return "" }
        return " — did you mean '\(name)'?"
    }

    /// A name from a script as error messages show it: at most 60 characters, then an
    /// ellipsis and the full length, so a huge key makes a short message.
    public static func shown(_ name: String) -> String {
        guard name.utf8.count > 60 else { return name } // bytes: no walk over a long name
        return "\(name.prefix(60))… (\(name.utf8.count) bytes)"
    }

    // MARK: Calling scripts

    /// "file:line" of the script line that called the running host function ("?" if none).
    func callerLocation() -> String {
        dyn_lua_pushwhere(L, 1)
        defer { lua_settop(L, -2) }
        let w = dyn_lua_tostring(L, -1).map { String(cString: $0) } ?? ""
        return w.hasSuffix(": ") ? String(w.dropLast(2)) : (w.isEmpty ? "?" : w)
    }

    /// "file:line" where the referenced function is defined.
    func definedAt(_ ref: Int32) -> String {
        dyn_lua_getref(L, ref)
        defer { lua_settop(L, -2) }
        return dyn_lua_function_location(L, -1).map { String(cString: $0) } ?? "?"
    }

    /// `error` with a location: Lua's own memory error has none (its message handler does not
    /// run for it), so it gets that of the function referenced by `ref`, at least.
    func located(_ error: LuaError, definedBy ref: Int32) -> LuaError {
        guard error.kind == .memory && error.location == nil else { return error }
        var error = error
        error.message = "\(definedAt(ref)): in the function defined here: \(error.message)"
        return error
    }

    /// Calls the function referenced by `ref` with the arguments `pushArgs` pushes, under the
    /// budget, and returns the error instead of throwing. Results are left for `results`.
    func callReference(_ ref: Int32, nargs: Int32, nresults: Int32,
                       pushArgs: () -> Void, results: () -> Void = {}) -> LuaError? {
        let top = lua_gettop(L)
        dyn_lua_host_enter(L)
        dyn_lua_getref(L, ref)
        pushArgs()
        dyn_lua_host_leave(L)
        do {
            try state.call(nargs: nargs, nresults: nresults)
        } catch let error as LuaError {
            lua_settop(L, top)
            return located(error, definedBy: ref)
        } catch {
            lua_settop(L, top)
            return LuaError(kind: .runtime, message: "\(error)")
        }
        results()
        lua_settop(L, top)
        return nil
    }
}

/// What runs a bridge's scripts, as `animator.host` tells them.
public enum LuaHost: String, Sendable {
    /// `dynamics run` (and any embedder).
    case run
    /// `dynamics test`.
    case test
    /// `dynamics serve`, the live viewer.
    case serve
}
