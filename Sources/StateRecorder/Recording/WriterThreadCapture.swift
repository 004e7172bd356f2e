/// The writer mode that queues states as Swift values: the writer thread encodes, diffs and
/// fingerprints them, and the last few states stay in memory for fast travel (``RecentStates``).
final class WriterThreadCapture<State, Action>: RecorderCapture {
    private let journal: JournalWriterThread<State, Action>
    private let recent: RecentStates<State>
    private let capacity: Int
    // Unchecked exclusivity: the dynamic check of a class property costs the dispatching thread more
    // than the lookup it saves. Safe because it is read and written only under the recorder's lock,
    // like every `put`, and never handed to code that could reach it again.
    /// The recent-state ring's limit for the whole-state size it was worked out for.
    @exclusivity(unchecked) private var recentLimit: (stateBytes: Int, limit: Int)?

    init(writer: JournalWriterThread<State, Action>, initialState: State, at step: Int, capacity: Int) {
        journal = writer
        self.capacity = capacity
        recent = RecentStates<State>(capacity: capacity)
        recent.remember(step, initialState)
    }

    var writer: any JournalWriterControl { journal }

    func start() { journal.start() }

    func putStep(_ entry: RecorderEntry, step: Int, parent: Int?, action: Action, state: State) {
        // The state the ring lets go of is freed by the writer, not here (see `RecentStates`).
        let displaced = recent.remember(step, state, limit: limit())
        // Consumed: the queue's slot must hold its last reference (see `EntryQueue.put(_:action:state:discarding:)`).
        journal.queue.put(entry, action: action, state: state, discarding: consume displaced)
    }

    func putReplacement(_ entry: RecorderEntry, step: Int, parent: Int?, state: State) {
        recent.remember(step, state, limit: limit())
        journal.queue.put(entry, state: state)
    }

    func putTravel(_ entry: RecorderEntry, state: State) {
        journal.queue.put(entry, state: state)
    }

    func putRejected(_ entry: RecorderEntry, action: Action) {
        journal.queue.put(entry, action: action)
    }

    func recentState(after step: Int) -> State? {
        recent.state(after: step)
    }

    /// How many recent states to keep, by the size of a whole state as the writer last saw it.
    ///
    /// Worked out again only when that size changed: asking `RecentStates<State>` costs this
    /// unspecialized generic code a runtime metadata lookup, about a quarter of what a counter step
    /// costs the dispatching thread.
    private func limit() -> Int {
        let stateBytes = journal.stateBytes.load(ordering: .relaxed)
        if let known = recentLimit, known.stateBytes == stateBytes { return known.limit }
        let limit = RecentStates<State>.limit(capacity: capacity, stateBytes: stateBytes)
        recentLimit = (stateBytes, limit)
        return limit
    }
}
