import Foundation

// Animators join a list kept per thread (the thread that made them), so a host that runs a
// frame loop per thread can step the animators made there without being told of each one:
// UIKit's run loop drives every animator app code makes. Every animator made on the main
// thread joins (app code runs there); on other threads only those a host adds with
// `joinThreadRegistry()` (UIKitCompat's `init(referenceView:)` and
// `init(collectionViewLayout:)`). Animators that tests or tools make on worker threads stay
// out: a thread of a shared pool runs many tests in turn, and a frame loop there must not step
// another test's animator. Made once per animator, never read in a frame of the model.

extension DynamicAnimator {
    /// The animators made on the calling thread that still exist, oldest first.
    package static var animatorsOfCurrentThread: [DynamicAnimator] {
        AnimatorRegistry.list().live
    }

    /// Adds the animator to the calling thread's list (once; the initializers do it on the
    /// main thread).
    package func joinThreadRegistry() {
        guard !inThreadRegistry else { return }
        inThreadRegistry = true
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
