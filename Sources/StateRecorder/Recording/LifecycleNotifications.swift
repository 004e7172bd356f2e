import Foundation

// Safe because NotificationCenter is thread-safe: observers are added, removed and notified from any thread (hence
// `@unchecked`).
/// The notification center a recorder hears the app's lifecycle through: `NotificationCenter.default`,
/// or a center of a test's own, so that a test posting notifications reaches only its own recorders.
package struct LifecycleNotifications: @unchecked Sendable, Equatable {
    /// The center.
    package let center: NotificationCenter

    /// The app's own center.
    package static var `default`: LifecycleNotifications { LifecycleNotifications(center: .default) }

    /// Notifications posted to `center`.
    package init(center: NotificationCenter) {
        self.center = center
    }

    package static func == (a: LifecycleNotifications, b: LifecycleNotifications) -> Bool {
        a.center === b.center
    }
}
