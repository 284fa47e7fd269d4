@testable import Dynamics
import Testing

@Suite("The embedder slot")
struct EmbedderSlotTests {
    final class Charge { let bytes: Int; init(_ bytes: Int) { self.bytes = bytes } }
    final class State { var name = "" }
    class Base {}
    final class Derived: Base {}

    @Test("holds one value per class, looked up by exactly that class; setting replaces or removes it")
    func valuesByClass() {
        var slot = EmbedderSlot()
        #expect(slot[Charge.self] == nil)
        let charge = Charge(64), state = State()
        slot[Charge.self] = charge
        slot[State.self] = state
        #expect(slot[Charge.self] === charge && slot[State.self] === state)
        slot[Charge.self] = Charge(128)
        #expect(slot[Charge.self]?.bytes == 128 && slot[State.self] === state, "replaced, the other kept")
        slot[Charge.self] = nil
        #expect(slot[Charge.self] == nil && slot[State.self] === state, "removed, the other kept")
        slot[Derived.self] = Derived()
        #expect(slot[Base.self] == nil && slot[Derived.self] != nil, "a subclass's value is not its superclass's")
    }

    @Test("a replaced or removed value is released, and the model object's values go with it")
    func releases() {
        weak var first: Charge?, second: Charge?
        let view = DynamicView(frame: .init(x: 0, y: 0, width: 10, height: 10))
        do {
            let a = Charge(1), b = Charge(2)
            first = a; second = b
            view.embedder[Charge.self] = a
            view.embedder[Charge.self] = b
        }
        #expect(first == nil && second != nil)
        var behavior: GravityBehavior? = GravityBehavior()
        weak var state: State?
        do {
            let s = State()
            state = s
            behavior?.embedder[State.self] = s
        }
        #expect(state != nil)
        behavior = nil
        #expect(state == nil)
    }
}
