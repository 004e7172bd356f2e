internal import CCrashJournal
import StateJournal

/// The action a flight recorder's app is applying: its `actionInFlight` line, made before the
/// reducer runs (see ``Recorder/actionInFlight(_:)``), so that a crash in the reducer can write it.
///
/// Used under the recorder's lock. The line is built in one of two buffers, the one not published
/// last, then published to the crash journal's C side: a handler on another thread reads the other.
final class ActionInFlight<Action> {
    /// Its own snapshotter: the writer thread's is not for this thread.
    private let actions: ActionSnapshotter<Action>
    private let journal: FlightJournal
    private var line: [UInt8] = []
    // Safe because each is allocated for `capacities[i]` bytes, written within them, and freed in
    // deinit or when replaced by a larger one (never the one published last).
    private var storages: (UnsafeMutableRawPointer, UnsafeMutableRawPointer)
    private var capacities = (0, 0)
    private var useSecond = false
    /// The byte count of the line published last and the step it follows; `nil` when none is in flight.
    private var published: (count: Int, after: Int)?

    init(registry: ActionRegistry, redaction: Redaction, journal: FlightJournal) {
        actions = ActionSnapshotter<Action>.make(registry: registry, redaction: redaction)
        self.journal = journal
        line.reserveCapacity(512)
        storages = (.allocate(byteCount: 512, alignment: 16), .allocate(byteCount: 512, alignment: 16))
        capacities = (512, 512)
    }

    deinit {
        ccrash_set_in_flight(journal.crash, nil, 0, -1)
        storages.0.deallocate()
        storages.1.deallocate()
    }

    /// Makes and publishes the line of `action`, applied after step `after` at `time`. An action that
    /// cannot be encoded leaves no action in flight.
    func note(_ action: Action, after: Int, time: Int64) {
        guard let encoded = try? actions.encoded(action) else {
            clear()
            return
        }
        line.removeAll(keepingCapacity: true)
        JournalEvent.writeActionInFlight(after: after, time: time, actionBytes: encoded.bytes, into: &line)
        useSecond.toggle()
        var storage = useSecond ? storages.1 : storages.0
        if line.count > (useSecond ? capacities.1 : capacities.0) {
            storage.deallocate()
            let capacity = line.count * 2
            storage = .allocate(byteCount: capacity, alignment: 16)
            if useSecond { (storages.1, capacities.1) = (storage, capacity) } else { (storages.0, capacities.0) = (storage, capacity) }
        }
        // Safe because the storage holds at least the line's count, checked just above.
        line.withUnsafeBytes { storage.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        ccrash_set_in_flight(journal.crash, storage, line.count, Int64(after))
        published = (line.count, after)
    }

    /// The line published last and the step it follows, for ``Recorder/dump(to:)``.
    var current: (line: [UInt8], after: Int)? {
        guard let published else { return nil }
        let storage = useSecond ? storages.1 : storages.0
        // Safe because the storage published last holds the line's count of bytes, copied here.
        return (Array(UnsafeRawBufferPointer(start: storage, count: published.count)), published.after)
    }

    /// No action is in flight.
    func clear() {
        ccrash_set_in_flight(journal.crash, nil, 0, -1)
        published = nil
    }
}
