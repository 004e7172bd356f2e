import Foundation

/// Whether code runs on the main queue: where the main actor's work runs. That is the main thread on
/// Apple platforms; on Linux, once a program called `dispatchMain()`, a thread that drains the main
/// queue, so `Thread.isMainThread` alone would say no there.
package enum MainQueue {
    // Safe because the key is made once and only read afterwards; dispatch keys are thread-safe (hence `@unchecked`).
    private struct Key: @unchecked Sendable {
        let key = DispatchSpecificKey<Bool>()
    }

    /// A key the main queue holds, set the first time it is needed.
    private static let marker: Key = {
        let marker = Key()
        DispatchQueue.main.setSpecific(key: marker.key, value: true)
        return marker
    }()

    /// Whether the calling code runs on the main queue (or on the main thread, which libdispatch counts
    /// as the main queue while it runs code of its own).
    package static var isCurrent: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: marker.key) == true
    }
}
