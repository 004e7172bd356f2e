import Foundation

/// Tells a recorder that the app goes to the background, is about to terminate or stops being the
/// active app, heard through a notification center by the notifications' names, so that statedbg
/// imports no UI framework (see ``RecorderOptions/Backgrounding``).
///
/// Made with the recorder and removed with it (or when it closes); the notifications are posted on
/// the main thread, and the recorder flushes there, before the app is suspended.
final class AppLifecycleObserver {
    /// What a notification says of the app.
    enum Event: Equatable {
        /// It goes to the background (where iOS may kill it) or is about to terminate.
        case leaving
        /// It stops being the active app but keeps running (macOS).
        case deactivating
    }

    /// The notifications heard, by name, and what each says.
    static let notifications: [(name: String, event: Event)] = [
        // UIKit: iOS, iPadOS, tvOS, visionOS, Mac Catalyst.
        ("UIApplicationDidEnterBackgroundNotification", .leaving),
        ("UIApplicationWillTerminateNotification", .leaving),
        // WatchKit.
        ("WKApplicationDidEnterBackgroundNotification", .leaving),
        // AppKit: a Mac app is seldom killed in the background, but may be when it opted into sudden termination.
        ("NSApplicationWillTerminateNotification", .leaving),
        ("NSApplicationDidResignActiveNotification", .deactivating),
    ]

    private let center: NotificationCenter
    private let tokens: [any NSObjectProtocol]

    /// Starts listening on `center`, calling `handle` on the thread that posts each notification.
    init(center: NotificationCenter, handle: @escaping @Sendable (Event) -> Void) {
        self.center = center
        tokens = Self.notifications.map { name, event in
            center.addObserver(forName: Notification.Name(name), object: nil, queue: nil) { _ in handle(event) }
        }
    }

    deinit {
        for token in tokens { center.removeObserver(token) }
    }
}
