import Foundation

// Safe because NotificationCenter is thread-safe: observers are added, removed and notified from any thread (hence
// `@unchecked`).
/// The notification center a recorder hears the app's lifecycle through: `NotificationCenter.default`
/// on Apple platforms, none elsewhere (nothing posts UIKit's or AppKit's notifications there), or a
/// center of a test's own, so that a test posting notifications reaches only its own recorders.
package struct LifecycleNotifications: @unchecked Sendable, Equatable {
    /// The center; `nil` when the recorder hears none.
    package let center: NotificationCenter?

    /// The app's own center on Apple platforms; none elsewhere.
    package static var `default`: LifecycleNotifications {
        #if canImport(Darwin)
        LifecycleNotifications(center: .default)
        #else
        LifecycleNotifications(center: nil)
        #endif
    }

    /// Notifications posted to `center`.
    package init(center: NotificationCenter?) {
        self.center = center
    }

    package static func == (a: LifecycleNotifications, b: LifecycleNotifications) -> Bool {
        a.center === b.center
    }
}
