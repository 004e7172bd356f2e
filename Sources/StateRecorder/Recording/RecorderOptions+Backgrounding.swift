extension RecorderOptions {
    /// What a recorder does when the app goes to the background or is about to terminate.
    ///
    /// iOS, tvOS and watchOS end an app in the background by killing it, so the flush a normal exit
    /// makes never happens there. The recorder hears of it through `NotificationCenter.default`, by the
    /// notifications' names, without importing UIKit or AppKit:
    /// `UIApplicationDidEnterBackgroundNotification` and `UIApplicationWillTerminateNotification`
    /// (iOS, iPadOS, tvOS, visionOS and Mac Catalyst), `WKApplicationDidEnterBackgroundNotification`
    /// (watchOS), `NSApplicationWillTerminateNotification` (macOS). An app that manages its own
    /// lifecycle calls ``Recorder/flush()`` itself. Elsewhere (Linux) nothing posts them, and the
    /// recorder listens for none.
    public enum Backgrounding: Sendable, Equatable {
        /// Hand everything recorded so far to the OS (and to the disk under
        /// ``Durability/everyStep(sync:)`` with `sync`), whatever ``durability`` says, and end the
        /// journal with its closing line: killed in the background, the app leaves a whole journal.
        /// When it records again, the next line is the `resumed` marker, and the journal goes on.
        case flushAndEnd
        /// Hand everything recorded so far to the OS, and nothing more: a journal the app leaves when
        /// killed has no closing line, as after a crash.
        case flush
        /// Do nothing: the app calls ``Recorder/flush()`` itself.
        case ignore
    }
}
