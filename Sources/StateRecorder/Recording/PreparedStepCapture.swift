import StateJSON
import StateJournal

/// The writer mode that encodes, diffs and fingerprints states on the calling thread and hands the
/// writer only each step's serialized patch (or keyframe) and fingerprint.
///
/// Then nothing but the builder and the snapshotter holds a state's JSON arrays, and they hold only the
/// last one: the snapshotter updates the arrays it made two steps before in place, instead of copying
/// an array a queued step still held.
final class PreparedStepCapture<State, Action>: RecorderCapture {
    private let journal: JournalWriterThread<PreparedStepState, Action>
    /// Keeps copies of its own of the arrays it compares: nothing holds the app's state after a call.
    private let states: StateSnapshotter<State>
    /// Diffs and fingerprints on the calling thread; the writer's own builder only frames lines.
    private let builder: JournalBuilder
    private let redaction: Redaction
    private let path: String

    init(writer: JournalWriterThread<PreparedStepState, Action>, states: StateSnapshotter<State>,
         builder: JournalBuilder, redaction: Redaction, path: String) {
        journal = writer
        self.states = states
        self.builder = builder
        self.redaction = redaction
        self.path = path
    }

    var writer: any JournalWriterControl { journal }

    func start() { journal.start() }

    func putStep(_ entry: RecorderEntry, step: Int, parent: Int?, action: Action, state: State) {
        guard let tree = encode(state) else { return }
        let content = builder.prepareStep(state: tree, parent: parent, changes: states.arrayChanges)
        states.dropArrayChanges()
        journal.queue.put(entry, action: action, state: content)
    }

    func putReplacement(_ entry: RecorderEntry, step: Int, parent: Int?, state: State) {
        guard let tree = encode(state) else { return }
        let content = builder.prepareStep(state: tree, parent: parent, keyframe: true, changes: states.arrayChanges)
        states.dropArrayChanges()
        journal.queue.put(entry, state: content)
    }

    func putTravel(_ entry: RecorderEntry, state: State) {
        guard let tree = encode(state) else { return }
        journal.queue.put(entry, state: PreparedStepState(keyframe: false, content: [], hash: builder.travel(to: tree)))
    }

    func putRejected(_ entry: RecorderEntry, action: Action) {
        journal.queue.put(entry, action: action)
    }

    func recentState(after step: Int) -> State? { nil }

    /// The state as the journal stores it (redacted); `nil` after queueing the stop, when it cannot be
    /// encoded.
    private func encode(_ state: State) -> JSONValue? {
        do {
            return redaction.apply(to: try states.encode(state))
        } catch {
            journal.put(.stop(message: "statedbg could not encode a state for \(path) and stopped recording: \(error)"))
            return nil
        }
    }
}
