import Foundation
import StateJournal

// A flight recorder's calls (``RecorderOptions/flight``): the action in flight, the journal written
// on demand, and the crash handlers.
extension Recorder {
    /// Tells a flight recorder that the app is about to apply `action`: if the reducer crashes, the
    /// crash journal ends with it as the action in flight (an `actionInFlight` line).
    ///
    /// Call it before the reducer runs (in a middleware, before `next(action)`), then ``record(_:state:site:)``
    /// after, as usual. The call only keeps a copy of the action (the recorder holds it until the next
    /// one) and numbers it: it is encoded when a journal needs it, by ``dump(to:)`` or, on a crash, by a
    /// thread of the recorder's that the crash handler wakes and waits for (see
    /// ``installCrashHandlers()``). A recorder without ``RecorderOptions/flight`` does nothing.
    ///
    /// ```swift
    /// let recording: Middleware<AppState> = { _, getState in { next in { action in
    ///     recorder.actionInFlight(action)
    ///     next(action)
    ///     if let state = getState() { recorder.record(action, state: state, site: nil) }
    /// } } }
    /// ```
    public func actionInFlight(_ action: Action) {
        guard let inFlight else { return }
        let time = clock()
        steps.withLock { bookkeeping in
            guard !bookkeeping.closed else { return }
            inFlight.note(action, after: bookkeeping.lastStep, time: time)
        }
    }

    /// Writes a flight recorder's kept steps to `url` now, as a journal that ends with a `closed` line
    /// (after the action in flight, when one is): what a crash would write, without the crash.
    ///
    /// The file appears whole or not at all, replacing one already there, unless that one is a crash
    /// journal: it is moved aside first (see ``FlightRecording/crashJournals()``). The recorder goes on.
    ///
    /// - Throws: ``RecorderError/notAFlightRecorder(_:)`` without ``RecorderOptions/flight``;
    ///   `JournalError` when the file cannot be written.
    public func dump(to url: URL) throws {
        guard let flight else { throw RecorderError.notAFlightRecorder("dump(to:)") }
        // Every step recorded so far is kept once the writer has caught up.
        flush()
        let time = clock()
        let kept = flight.contents()
        var bytes = kept.bytes
        let (pending, recorded) = steps.withLock { (inFlight?.makeLine(), $0.lastStep) }
        if let pending, pending.after == kept.lastStep, recorded == kept.lastStep { bytes += pending.line }
        JournalEvent.closed(after: kept.lastStep, time: time).write(to: &bytes)
        // A crash journal there (an earlier run's, not yet sent) is moved aside, never replaced.
        try options.flight?.crashJournalArchive(at: url).setAside()
        let file = try JournalFile.staging(for: url.path)
        file.append(bytes)
        try file.commit(to: url.path, overwrite: true)
    }

    /// Writes the kept steps to ``FlightRecording/journal``, as the app goes to the background; a
    /// failure is not the app's to handle there.
    func dumpQuietly() {
        guard let journal = options.flight?.journal else { return }
        try? dump(to: journal)
    }

    /// Installs the process's handlers for SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT and SIGFPE, which
    /// write a flight recorder's kept steps to ``FlightRecording/journal`` when the app crashes, then
    /// hand the signal to the handler installed before (a crash reporter's, or the default), so the
    /// process still dies of it.
    ///
    /// The handler writes only bytes prepared off the crashing thread, with `write(2)`: the journal's
    /// header and kept steps, the action in flight (``actionInFlight(_:)``) and a last `crashed` line.
    /// It waits up to 2 seconds, in all, for the writer thread to keep the steps the app recorded before
    /// the crash and for the recorder's encoder thread (started here, asleep until a crash) to make the
    /// action in flight's line: the app's thread only copied the action. When that line is not made in
    /// time (the encoder waits for a lock the crashing thread holds, such as the allocator's), the
    /// journal holds a marker named `action in flight not encoded` in its place, and `statedbg replay
    /// --verify` says the crash cannot be reproduced. Swift's `fatalError`, `precondition`, a force
    /// unwrap of `nil` and an index out of range stop the process with SIGILL (x86-64) or SIGTRAP (arm64).
    ///
    /// Install it after a crash reporter installs its own, so both run. The calling thread gets an
    /// alternate signal stack, on which a stack overflow can be handled; call
    /// ``installAlternateSignalStack()`` on other threads that dispatch. ``close()`` uninstalls them.
    /// One recorder's handlers are installed at a time.
    ///
    /// On Apple platforms a crash reaches a process as a Mach exception first, and a crash reporter
    /// that catches exceptions through Mach ports sees it before these signal handlers do; this was
    /// checked only by reading, not on a device.
    ///
    /// - Throws: ``RecorderError/notAFlightRecorder(_:)`` without ``RecorderOptions/flight``;
    ///   ``RecorderError/crashHandlersNotInstalled(reason:)`` when another recorder's are installed or
    ///   the system refuses.
    public func installCrashHandlers() throws {
        guard let flight, let journal = options.flight?.journal.path else {
            throw RecorderError.notAFlightRecorder("installCrashHandlers()")
        }
        try inFlight?.startEncoder(steps: steps)
        try flight.installCrashHandlers(path: journal)
    }

    /// Writes the journal as the crash handler would for `signal` (0: no `crashed` line), from this
    /// thread, encoder thread included: for tests of what a crash writes. Returns 0 or errno.
    func writeAsOnCrash(signal: Int32, path: String, waitingMilliseconds: Int32 = 2000) throws -> Int32 {
        guard let flight else { throw RecorderError.notAFlightRecorder("writeAsOnCrash") }
        try inFlight?.startEncoder(steps: steps)
        return try flight.writeAsOnCrash(signal: signal, path: path, waitingMilliseconds: waitingMilliseconds)
    }

    /// Gives the calling thread an alternate signal stack (each thread needs its own), so that a stack
    /// overflow on it still writes the crash journal. ``installCrashHandlers()`` does it for its thread.
    ///
    /// - Throws: ``RecorderError/crashHandlersNotInstalled(reason:)`` when the system refuses.
    public func installAlternateSignalStack() throws {
        try FlightJournal.installAlternateSignalStack()
    }
}
