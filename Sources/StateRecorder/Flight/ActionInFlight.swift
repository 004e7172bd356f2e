internal import CCrashJournal
import Foundation
import StateJournal
import StateSync

// Safe because the slot is written only under the recorder's lock (``note(_:after:time:)``) and read
// only under it (by the encoder thread or a dump), the line's storage is touched only by the encoder
// thread, and `encoder` only under its own lock (hence `@unchecked`).
/// The action a flight recorder's app is applying (see ``Recorder/actionInFlight(_:)``): the app's thread
/// only copies it into a slot and numbers it; its `actionInFlight` line is made when a crash journal or
/// a dump needs it, by the recorder's encoder thread (which a crash handler asks through a pipe) or by
/// ``Recorder/dump(to:)``.
///
/// Encoding and labelling an action (by reflection for a struct behind a protocol) costs microseconds
/// an app's dispatch should not pay on every action when a crash needs it once.
final class ActionInFlight<Action>: @unchecked Sendable {
    /// Its own snapshotter: the writer thread's is not for the encoder's thread.
    private let actions: ActionSnapshotter<Action>
    private let journal: FlightJournal
    // Safe because it holds one Action, initialized while `holdsAction`, deinitialized in deinit.
    /// The action, copied in place: a generic optional here would cost a metadata lookup per call.
    private let slot = UnsafeMutablePointer<Action>.allocate(capacity: 1)
    private var holdsAction = false
    private var after = 0
    private var time: Int64 = 0
    /// The number of the action in the slot, from 1; 0 before the first.
    private var number: UInt64 = 0
    // Safe because it is allocated for `capacity` bytes, written within them by one thread at a time,
    // and replaced only by the encoder thread, when no handler reads it (a handler asks, then reads).
    private var storage = UnsafeMutableRawPointer.allocate(byteCount: 512, alignment: 16)
    private var capacity = 512
    /// The encoder thread's end, once started: it ends when the channel closes.
    private let encoder = Locked<DispatchSemaphore?>(nil)

    init(registry: ActionRegistry, redaction: Redaction, journal: FlightJournal) {
        actions = ActionSnapshotter<Action>.make(registry: registry, redaction: redaction)
        self.journal = journal
    }

    deinit {
        ccrash_set_in_flight(journal.crash, nil, 0, 0)
        if holdsAction { slot.deinitialize(count: 1) }
        slot.deallocate()
        storage.deallocate()
    }

    /// Keeps `action`, applied after step `after` at `time`, as the action in flight. Under the
    /// recorder's lock: a copy and an atomic store, nothing encoded.
    @inline(__always)
    func note(_ action: Action, after: Int, time: Int64) {
        if holdsAction {
            slot.pointee = action
        } else {
            slot.initialize(to: action)
            holdsAction = true
        }
        self.after = after
        self.time = time
        number &+= 1
        ccrash_note_in_flight(journal.crash, number, Int64(after))
    }

    /// The line of the action in flight and the step it follows, made now: an `actionInFlight` line,
    /// or a marker saying why the action has none. Called under the recorder's lock.
    func makeLine() -> (line: [UInt8], after: Int, number: UInt64)? {
        guard holdsAction else { return nil }
        var line: [UInt8] = []
        do {
            let encoded = try actions.encoded(slot.pointee)
            JournalEvent.writeActionInFlight(after: after, time: time, actionBytes: encoded.bytes, into: &line)
        } catch {
            JournalEvent.marker(after: after, time: time, name: "\(JournalEvent.unencodedInFlightMarkerName): \(error)").write(to: &line)
        }
        return (line, after, number)
    }

    /// Starts the thread that makes the action in flight's line when a crash handler asks for it,
    /// unless it runs: with the crash handlers, so that a flight recorder without them has no thread more.
    func startEncoder(steps: TravelBox) throws {
        try encoder.withLock { encoder in
            guard encoder == nil else { return }
            let status = ccrash_open_encoder_channel(journal.crash)
            guard status == 0 else {
                throw RecorderError.crashHandlersNotInstalled(reason: "no pipe for the action in flight (\(String(cString: strerror(status))))")
            }
            let finished = DispatchSemaphore(value: 0)
            do {
                // The thread encodes one action, as deep as the app's action nests; only the pages it
                // touches take memory.
                try DetachedThread.start(name: "statedbg action in flight", stackBytes: 1 << 20) { [self] in
                    ccrash_note_encoder_thread(journal.crash)
                    _ = ccrash_use_alternate_stack()
                    while ccrash_wait_for_encoding_request(journal.crash) == 1 { publishForCrash(steps: steps) }
                    finished.signal()
                }
            } catch {
                ccrash_close_encoder_channel(journal.crash)
                throw RecorderError.crashHandlersNotInstalled(reason: "\(error)")
            }
            encoder = finished
        }
    }

    /// Stops the encoder thread, once the handlers are uninstalled, and waits for it to end.
    func stopEncoder() {
        guard let finished = encoder.withLock({ encoder -> DispatchSemaphore? in
            defer { encoder = nil }
            return encoder
        }) else { return }
        ccrash_close_encoder_channel(journal.crash)
        finished.wait()
    }

    /// Makes the line for a handler that asked and publishes it. The crashing thread may hold the
    /// recorder's lock (it crashed in a call of the recorder's): then it is tried a while, and the
    /// handler, which waits a bounded time, writes its marker instead.
    private func publishForCrash(steps: TravelBox) {
        var made: (line: [UInt8], after: Int, number: UInt64)??
        for _ in 0..<500 {
            made = steps.withLockIfAvailable { _ in makeLine() }
            if made != nil { break }
            usleep(1000)
        }
        guard let made = made ?? nil else { return }
        if made.line.count > capacity {
            storage.deallocate()
            capacity = made.line.count * 2
            storage = .allocate(byteCount: capacity, alignment: 16)
        }
        // Safe because the storage holds at least the line's count, checked just above.
        made.line.withUnsafeBytes { storage.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        ccrash_set_in_flight(journal.crash, storage, made.line.count, made.number)
    }
}
