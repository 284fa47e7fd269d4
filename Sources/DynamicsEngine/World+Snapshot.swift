// Snapshots of a world: everything a later step reads, copied out and put back, so stepping
// on after `restore(_:)` repeats, bit for bit, what stepping on from the moment of
// `snapshot()` did (docs/engine.md, "Snapshots").
//
// What is copied is decided per stored property of `World`, in this file: the persistent
// state (bodies, shapes, contacts with their manifolds and warm-start impulses, joints with
// their accumulated impulses, islands, the broad phase's sorted lists and trees, free lists,
// counters, settings, events not yet collected) is copied; the per-step scratch, which every
// step clears or sizes before reading, is not. `WorldSnapshotTests.everyStoredPropertyIsClassified`
// fails when a stored property is added to `World` without a decision here.
//
// The copies are flat arrays of plain values (`HotArray.saved()` is one memcpy each): taking
// or restoring a snapshot of a thousand boxes in a pile costs a fraction of a step.

/// The state of a `World` at one moment, made by `World.snapshot()` and put back by
/// `World.restore(_:)`. Opaque; holds copies of plain values only, so it stays valid
/// whatever the world does after it is taken, and can be restored any number of times.
/// A snapshot belongs to the world that made it (`restore` checks).
public struct WorldSnapshot: @unchecked Sendable {
    let owner: ObjectIdentifier
    let sims: [BodySim], states: [BodyState], infos: [BodyInfo], rests: [BodyRest]
    let freeBodies: [Int32]
    let shapes: [ShapeData], freeShapes: [Int32], pendingFreeShapes: [Int32]
    let vertices: [Vec2], normals: [Vec2], garbageVertices: Int
    let contacts: [Contact], freeContacts: [Int32], contactIndex: [ContactRef]
    let broadPhase: BroadPhase
    let maximumContacts: Int, contactsOverflowed: Bool
    let substepCount: Int, sleepEnabled: Bool, contactRecyclingEnabled: Bool
    let recycledContactCount: Int, updatedContactCount: Int
    let beginEvents: [ContactEvent], endEvents: [ContactEvent], eventSequence: Int
    let fellAsleep: [Int32]
    let pairsDirty: Bool, materialsDirty: Bool
    let islandHeads: [Int32], freeIslands: [Int32]
    let containers: [Container]
    let containedCount: Int, continuousCount: Int, restitutionScaledCount: Int
    let stepVelocitiesGiven: Bool
    let joints: [Joint], freeJoints: [Int32]
    let jointedPairs: Set<UInt64>, jointedPairCounts: [UInt64: Int]
    let groundIndex: Int32
    let awakeBodies: [Int32]

    /// Bytes of world state the snapshot holds (its arrays' elements), for measurements.
    public var byteCount: Int {
        func size<T>(_ a: [T]) -> Int { a.count * MemoryLayout<T>.stride }
        return size(sims) + size(states) + size(infos) + size(rests) + size(freeBodies)
            + size(shapes) + size(freeShapes) + size(pendingFreeShapes) + size(vertices) + size(normals)
            + size(contacts) + size(freeContacts) + size(contactIndex) + broadPhase.byteCount
            + size(beginEvents) + size(endEvents) + size(fellAsleep) + size(islandHeads) + size(freeIslands)
            + size(containers) + size(joints) + size(freeJoints) + 16 * jointedPairCounts.count
            + size(awakeBodies)
    }
}

extension World {
    /// The stored properties of `World` a snapshot copies (the rest are per-step scratch,
    /// listed in `scratchProperties`); a test checks that every stored property is in one list.
    package static let snapshotProperties: Set<String> = [
        "sims", "states", "infos", "rests", "freeBodies", "shapes", "freeShapes", "pendingFreeShapes",
        "vertices", "normals", "garbageVertices", "contacts", "freeContacts", "contactIndex", "broadPhase",
        "maximumContacts", "contactsOverflowed", "substepCount", "sleepEnabled", "contactRecyclingEnabled",
        "recycledContactCount", "updatedContactCount", "beginEvents", "endEvents", "eventSequence",
        "fellAsleep", "pairsDirty", "materialsDirty", "islandHeads", "freeIslands", "containers",
        "containedCount", "continuousCount", "restitutionScaledCount", "stepVelocitiesGiven",
        "joints", "freeJoints", "jointedPairs", "jointedPairCounts", "groundIndex",
        "awakeBodies", // the last step's moving bodies, read between steps (`forEachMovedBody`)
    ]

    /// The stored properties of `World` every step clears or sizes before it reads them:
    /// not copied (a restored world's scratch may hold another step's leftovers, unread).
    package static let scratchProperties: Set<String> = [
        "scratchA", "scratchB", "continuousScratch", "restitutionScratch",
        "stepStartVelocities", "sleepScratch", "bouncingConstraints", "wideConstraints", "colorBits",
        "colorScratch", "colorTally", "contactLanes", "bodiesToWake", "contactsBeginning",
        "solverCandidates", "solverBodies", "activeJoints", "contactBodies", "bodyInContact",
        "looseBodies", "bridgeBodies", "solverDeltas",
    ]

    /// The world's state now. O(bodies + shapes + contacts + joints): flat copies.
    public func snapshot() -> WorldSnapshot {
        WorldSnapshot(
            owner: ObjectIdentifier(self),
            sims: sims.saved(), states: states.saved(), infos: infos.saved(), rests: rests.saved(),
            freeBodies: freeBodies.saved(),
            shapes: shapes.saved(), freeShapes: freeShapes.saved(), pendingFreeShapes: pendingFreeShapes.saved(),
            vertices: vertices.saved(), normals: normals.saved(), garbageVertices: garbageVertices,
            contacts: contacts.saved(), freeContacts: freeContacts.saved(), contactIndex: contactIndex.saved(),
            broadPhase: broadPhase.detached(),
            maximumContacts: maximumContacts, contactsOverflowed: contactsOverflowed,
            substepCount: substepCount, sleepEnabled: sleepEnabled, contactRecyclingEnabled: contactRecyclingEnabled,
            recycledContactCount: recycledContactCount, updatedContactCount: updatedContactCount,
            beginEvents: beginEvents, endEvents: endEvents, eventSequence: eventSequence,
            fellAsleep: fellAsleep.saved(),
            pairsDirty: pairsDirty, materialsDirty: materialsDirty,
            islandHeads: islandHeads.saved(), freeIslands: freeIslands.saved(),
            containers: containers.saved(),
            containedCount: containedCount, continuousCount: continuousCount,
            restitutionScaledCount: restitutionScaledCount,
            stepVelocitiesGiven: stepVelocitiesGiven,
            joints: joints.saved(), freeJoints: freeJoints.saved(),
            jointedPairs: jointedPairs, jointedPairCounts: jointedPairCounts,
            groundIndex: groundIndex, awakeBodies: awakeBodies.saved())
    }

    /// Whether `snapshot` was taken of this world (only those can be restored here).
    public func owns(_ snapshot: WorldSnapshot) -> Bool { snapshot.owner == ObjectIdentifier(self) }

    /// Puts the world back as it was when `snapshot` was taken: bodies, shapes, contacts,
    /// joints and every id issued since are as they were then (an id made after the snapshot
    /// no longer names anything, or names what its slot held then). The next step repeats the
    /// step that followed the snapshot, bit for bit. Precondition: `owns(snapshot)`.
    /// O(bodies + shapes + contacts + joints).
    public func restore(_ snapshot: WorldSnapshot) {
        precondition(owns(snapshot), "a world snapshot is restored only into the world that took it")
        let s = snapshot
        sims.restore(s.sims); states.restore(s.states); infos.restore(s.infos); rests.restore(s.rests)
        freeBodies.restore(s.freeBodies)
        shapes.restore(s.shapes); freeShapes.restore(s.freeShapes); pendingFreeShapes.restore(s.pendingFreeShapes)
        vertices.restore(s.vertices); normals.restore(s.normals); garbageVertices = s.garbageVertices
        contacts.restore(s.contacts); freeContacts.restore(s.freeContacts); contactIndex.restore(s.contactIndex)
        broadPhase = s.broadPhase.detached()
        maximumContacts = s.maximumContacts; contactsOverflowed = s.contactsOverflowed
        substepCount = s.substepCount; sleepEnabled = s.sleepEnabled; contactRecyclingEnabled = s.contactRecyclingEnabled
        recycledContactCount = s.recycledContactCount; updatedContactCount = s.updatedContactCount
        beginEvents = s.beginEvents; endEvents = s.endEvents; eventSequence = s.eventSequence
        fellAsleep.restore(s.fellAsleep)
        pairsDirty = s.pairsDirty; materialsDirty = s.materialsDirty
        islandHeads.restore(s.islandHeads); freeIslands.restore(s.freeIslands)
        containers.restore(s.containers)
        containedCount = s.containedCount; continuousCount = s.continuousCount
        restitutionScaledCount = s.restitutionScaledCount
        stepVelocitiesGiven = s.stepVelocitiesGiven
        joints.restore(s.joints); freeJoints.restore(s.freeJoints)
        jointedPairs = s.jointedPairs; jointedPairCounts = s.jointedPairCounts
        groundIndex = s.groundIndex
        awakeBodies.restore(s.awakeBodies)
    }
}

extension BroadPhase {
    /// A copy that shares no array storage with this one: a snapshot's copy is made when it is
    /// taken or restored, not by the next step's first write (a copy-on-write in the step).
    func detached() -> BroadPhase {
        func copy<T>(_ a: [T]) -> [T] { a.withUnsafeBufferPointer { Array($0) } }
        var b = self
        b.order = copy(order); b.position = copy(position); b.lowerX = copy(lowerX)
        b.movingTree = movingTree.detached(); b.staticTree = staticTree.detached()
        b.proxy = copy(proxy); b.movedFlags = copy(movedFlags); b.found = copy(found)
        b.keys = copy(keys); b.radixScratch = copy(radixScratch)
        return b
    }

    var byteCount: Int {
        order.count * 4 + position.count * 4 + lowerX.count * 8 + proxy.count * 4 + movedFlags.count
            + found.count * 4 + keys.count * 8 + movingTree.byteCount + staticTree.byteCount
    }
}
