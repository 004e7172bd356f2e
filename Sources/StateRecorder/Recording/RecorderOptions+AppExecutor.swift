extension RecorderOptions {
    /// Where a recorder calls the functions the app gave it: `setState`, the dispatch of a
    /// `travelling(_:)` reducer, and the live channel's dispatch, pause and resume.
    ///
    /// A store that lives on the main actor (every SwiftUI and UIKit store) must be changed there, and a
    /// debugger's commands arrive on the live channel's own thread: the recorder hands each call to the
    /// main thread (`DispatchQueue.main`), answers the debugger once it ran, and never blocks the
    /// channel's thread meanwhile. Functions given as `@MainActor` closures
    /// (``Recorder/liveControlOnMainActor(dispatch:pause:resume:)``,
    /// ``Recorder/travelsOnMainActor(settingState:)``) run on the main actor whatever this says.
    ///
    /// ```swift
    /// var options = RecorderOptions()
    /// options.appExecutor = .anyThread   // a thread-safe store, or a program that never runs its main queue
    /// ```
    public enum AppExecutor: Sendable, Equatable {
        /// On the main thread: at once when the caller is on it, otherwise handed to the main queue,
        /// which the app's run loop drains (a command-line program must run it: `dispatchMain()`, or
        /// `RunLoop.main.run()`).
        case mainActor
        /// On whichever thread asks: the live channel's thread for `statedbg attach`, the caller's for
        /// ``Recorder/undo(_:)``. For stores that are thread-safe, as StateStore's `Store` is.
        case anyThread
    }
}
