import Foundation

// Every animator joins a list kept per thread (the thread that made it), so a host that runs
// a frame loop per thread can step the animators made there without being told of each one:
// UIKit's run loop drives every animator app code makes. Made once per animator, never read
// in a frame of the model.

extension DynamicAnimator {
    /// The animators made on the calling thread that still exist, oldest first.
    package static var animatorsOfCurrentThread: [DynamicAnimator] {
        AnimatorRegistry.list().live
    }

    /// Adds a new animator to its thread's list (from the initializers).
    func joinThreadRegistry() {
        AnimatorRegistry.list().add(self)
    }
}

/// The per-thread lists behind `DynamicAnimator.animatorsOfCurrentThread`.
enum AnimatorRegistry {
    final class List {
        private struct Entry { weak var animator: DynamicAnimator? }
        private var entries: [Entry] = []
        private var addsSinceCompaction = 0

        func add(_ animator: DynamicAnimator) {
            entries.append(Entry(animator: animator))
            addsSinceCompaction += 1
            // Freed animators leave the list every 64 additions: a thread that makes
            // animators in a loop keeps a list as long as the animators alive, plus 64.
            if addsSinceCompaction >= 64 {
                entries.removeAll { $0.animator == nil }
                addsSinceCompaction = 0
            }
        }

        var live: [DynamicAnimator] { entries.compactMap(\.animator) }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            guard let raw else { return }
            Unmanaged<List>.fromOpaque(raw).release()
        }
        return key
    }()

    static func list() -> List {
        if let raw = pthread_getspecific(key) { return Unmanaged<List>.fromOpaque(raw).takeUnretainedValue() }
        let list = List()
        pthread_setspecific(key, Unmanaged.passRetained(list).toOpaque())
        return list
    }
}
