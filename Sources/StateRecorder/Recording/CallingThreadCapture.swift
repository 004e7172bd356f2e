import StateJSON

/// The writer mode that turns states into JSON on the calling thread and queues the JSON, for a writer
/// that needs each state's JSON (to roll over to a new file, or to feed a live channel): it diffs and
/// fingerprints them itself.
final class CallingThreadCapture<State, Action>: RecorderCapture {
    private let journal: JournalWriterThread<EncodedState, Action>
    /// Keeps copies of its own of the arrays it compares: nothing holds the app's state after a call.
    private let states: StateSnapshotter<State>
    private let path: String

    init(writer: JournalWriterThread<EncodedState, Action>, states: StateSnapshotter<State>, path: String) {
        journal = writer
        self.states = states
        self.path = path
    }

    var writer: any JournalWriterControl { journal }

    func start() { journal.start() }

    func putStep(_ entry: RecorderEntry, step: Int, parent: Int?, action: Action, state: State) {
        guard let encoded = encode(state) else { return }
        journal.queue.put(entry, action: action, state: encoded)
        states.dropArrayChanges()
    }

    func putReplacement(_ entry: RecorderEntry, step: Int, parent: Int?, state: State) {
        putTravel(entry, state: state)
    }

    func putTravel(_ entry: RecorderEntry, state: State) {
        guard let encoded = encode(state) else { return }
        journal.queue.put(entry, state: encoded)
        states.dropArrayChanges()
    }

    func putRejected(_ entry: RecorderEntry, action: Action) {
        journal.queue.put(entry, action: action)
    }

    func recentState(after step: Int) -> State? { nil }

    /// The state as JSON, with the encoder's notes for the writer's diff and fingerprint; `nil` after
    /// queueing the stop, when it cannot be encoded.
    private func encode(_ state: State) -> EncodedState? {
        do {
            let json = try states.encode(state)
            return EncodedState(json: json, changes: states.arrayChanges)
        } catch {
            journal.queue.put(.stop(message: "statedbg could not encode a state for \(path) and stopped recording: \(error)"))
            return nil
        }
    }
}
