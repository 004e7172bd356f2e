/// Where the app runs, as far as reaching its live channel from the developer's `statedbg` goes.
package enum LiveAppHost: Sendable, Equatable {
    /// Linux (and Android, and a static Linux build): `statedbg` runs beside the app, as the same user
    /// with the same environment, so it looks for the socket where the app put it.
    case sharedEnvironment
    /// A Mac app, a Mac Catalyst app or the simulator: the Mac's own files and loopback, but an
    /// environment of the app's own (`$TMPDIR` in its container).
    case ownEnvironment
    /// An iPhone, iPad, Apple Watch, Apple TV or Vision Pro: another machine, whose files and loopback
    /// interface the Mac cannot reach. The app must connect out to the Mac.
    case device

    /// Where this process runs.
    package static var current: LiveAppHost {
        #if targetEnvironment(simulator) || targetEnvironment(macCatalyst) || os(macOS)
        .ownEnvironment
        #elseif os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        .device
        #else
        .sharedEnvironment
        #endif
    }
}
