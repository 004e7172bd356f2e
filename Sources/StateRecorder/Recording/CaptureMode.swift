import StateJournal
import StateJSON

/// Where a recorder turns the app's states into journal lines: the one decision that picks its
/// ``RecorderCapture``, made by ``choose(for:options:live:owner:)`` before the journal exists.
enum CaptureMode: Equatable {
    /// States are queued as Swift values; the writer thread encodes, diffs and fingerprints them.
    case writerThread
    /// States are turned into JSON on the calling thread and queued as JSON; the writer diffs and
    /// fingerprints them (it needs each state's JSON: to roll over to a new file, or to feed a live channel).
    case callingThread
    /// States are encoded, diffed and fingerprinted on the calling thread; the writer gets only each
    /// step's serialized patch (or keyframe) and fingerprint.
    case preparedSteps

    /// Whether states are encoded on the calling thread, by a snapshotter that must keep its own
    /// copies of the arrays it compares (nothing may hold the app's state after a call, or the app's
    /// next change copies it whole).
    var encodesOnCallingThread: Bool { self != .writerThread }

    /// The mode for a recorder of `State`.
    ///
    /// States are captured on the calling thread when their type may hold objects (see
    /// ``StateTypeScan``), which the app may change after the call returns; and (unless the options say
    /// otherwise) when statedbg's own store, which changes its state in place, has a state with storage
    /// to copy: a state the recorder still held would make each change copy that storage whole. Other
    /// states (`Codable` or not, `Sendable` or not) are queued as they are and encoded later, on the
    /// writer's thread. Captured on the calling thread, steps are prepared there too, unless the writer
    /// needs each state's JSON: for a file size limit (to start the next file from the state) or a live
    /// channel.
    ///
    /// - Parameter live: Whether a live channel is asked for, by the options or the environment.
    static func choose<State>(for _: State.Type, options: RecorderOptions, live: Bool,
                              owner: StateOwner<State>) -> CaptureMode {
        // A flight recorder's writer starts each segment from the state, as a file limit's rolls over.
        let writerNeedsJSON = options.maxFileBytes != nil || options.flight != nil || live
        let onCallingThread: Bool
        switch options.stateCapture {
        case .onCallingThread:
            onCallingThread = true
        case .automatic where owner.changesInPlace && !_isPOD(State.self) && !writerNeedsJSON && options.redaction.isEmpty:
            onCallingThread = true
        case .automatic:
            onCallingThread = StateTypeScan.verdict(for: State.self) != .valuesOnly
        case .onWriterThread:
            // The app's word for what the type cannot show (an enum's payloads, an existential's
            // contents), but not against a class.
            if case .mayHoldObjects(_, .classType) = StateTypeScan.verdict(for: State.self) {
                onCallingThread = true
            } else {
                onCallingThread = false
            }
        }
        guard onCallingThread else { return .writerThread }
        return writerNeedsJSON ? .callingThread : .preparedSteps
    }

    /// The capture of this mode, whose writer writes to `file` from where `builder` stands.
    ///
    /// - Parameter states: The snapshotter that encoded the first state (primed for this mode).
    func makeCapture<State, Action>(
        file: JournalFile, builder: JournalBuilder, states: StateSnapshotter<State>, initialState: State,
        actions: ActionSnapshotter<Action>, options: RecorderOptions, live: RecorderLiveChannel<State, Action>?,
        onError: @escaping @Sendable (String) -> Void,
        makeRolloverHeader: @escaping @Sendable (Int, JSONValue, String, Int64) -> JournalHeader, flight: FlightJournal? = nil
    ) -> any RecorderCapture<State, Action> {
        switch self {
        case .writerThread:
            let writer = JournalWriterThread<State, Action>(
                file: file, states: SnapshottingStateEncoding(states: states, redaction: options.redaction), actions: actions,
                builder: builder, options: options, onError: onError, makeRolloverHeader: makeRolloverHeader,
                live: live?.server, flight: flight)
            return WriterThreadCapture(writer: writer, initialState: initialState, at: builder.lastStep,
                                       capacity: options.recentStates)
        case .callingThread:
            let writer = JournalWriterThread<EncodedState, Action>(
                file: file, states: SnapshottingStateEncoding(states: PassthroughSnapshotter(), redaction: options.redaction),
                actions: actions, builder: builder, options: options, onError: onError,
                makeRolloverHeader: makeRolloverHeader, live: live?.server, flight: flight)
            return CallingThreadCapture(writer: writer, states: states, path: file.path)
        case .preparedSteps:
            let writer = JournalWriterThread<PreparedStepState, Action>(
                file: file, states: PreparedStateEncoding(), actions: actions, builder: JournalBuilder(framingAfter: builder),
                options: options, onError: onError, makeRolloverHeader: makeRolloverHeader, live: nil)
            return PreparedStepCapture(writer: writer, states: states, builder: builder, redaction: options.redaction,
                                       path: file.path)
        }
    }
}

extension StateOwner {
    /// Whether the owner changes its state in place (statedbg's own store).
    var changesInPlace: Bool {
        if case .recordingStore = self { return true }
        return false
    }
}
