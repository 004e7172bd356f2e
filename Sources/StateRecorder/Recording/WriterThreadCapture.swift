/// The writer mode that queues states as Swift values: the writer thread encodes, diffs and
/// fingerprints them, and the last few states stay in memory (``RecentStates``), for fast travel or
/// only until the writer is done with them.
///
/// The calling thread retains the state and queues it; nothing of the state is read there.
final class WriterThreadCapture<State, Action>: RecorderCapture {
    /// What the ring of recent states is for.
    enum RecentStatesUse {
        /// Travel from memory: up to this many states, fewer for a large state. The state the ring lets
        /// go of is long out of the calling thread's cache: the writer frees it.
        case forTravel(Int)
        /// Only to let go of each state on the calling thread, once the writer is done with it: the
        /// app cannot travel.
        ///
        /// Freeing a state releases every object in it (each todo's title). The app's next copy of the
        /// state retains those same objects, so when the writer thread is the one that released them,
        /// each of their reference counts comes back from the writer's core: with 1,000 todos that made
        /// a dispatch paced like an app's 10 to 20 µs slower. A state let go of a few steps later, on
        /// the calling thread, costs what the store without a recorder pays to free its old state.
        case untilWritten
    }

    /// The states the ring keeps for ``RecentStatesUse/untilWritten``: the writer is done with a step's
    /// state once it has encoded the next one (its encoder holds the last state it encoded), so a
    /// dispatch paced like an app's finds the state of two steps before free to go; eight leave room
    /// for a writer kept from its core for a few steps.
    static var statesUntilWritten: Int { 8 }

    private let journal: JournalWriterThread<State, Action>
    private let recent: RecentStates<State>
    private let capacity: Int
    /// Whether the state the ring lets go of is freed here rather than by the writer.
    private let freesDisplacedStates: Bool
    // Unchecked exclusivity: the dynamic check of a class property costs the dispatching thread more
    // than the lookup it saves. Safe because it is read and written only under the recorder's lock,
    // like every `put`, and never handed to code that could reach it again.
    /// The recent-state ring's limit for the whole-state size it was worked out for.
    @exclusivity(unchecked) private var recentLimit: (stateBytes: Int, limit: Int)?

    init(writer: JournalWriterThread<State, Action>, initialState: State, at step: Int, recentStates use: RecentStatesUse) {
        journal = writer
        switch use {
        case .forTravel(let capacity):
            self.capacity = capacity
            freesDisplacedStates = false
        case .untilWritten:
            capacity = Self.statesUntilWritten
            freesDisplacedStates = true
        }
        recent = RecentStates<State>(capacity: capacity)
        recent.remember(step, initialState)
    }

    var writer: any JournalWriterControl { journal }

    func start() { journal.start() }

    func putStep(_ entry: RecorderEntry, step: Int, parent: Int?, action: Action, state: State) {
        // The state the ring lets go of is freed here or by the writer (see `RecentStatesUse`). Should
        // the writer still hold it here, the writer's release frees it.
        let displaced = recent.remember(step, state, limit: limit())
        journal.queue.put(entry, action: action, state: state, discarding: freesDisplacedStates ? nil : displaced)
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
