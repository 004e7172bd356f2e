internal import CCrashJournal
import Foundation
import StateJournal
import StateSync

// Safe because its segments are touched only under `segments`' lock, the crash journal's C side is
// written by one thread at a time (the writer, or app threads under the recorder's lock for the
// action in flight), and `crash` is set once, in `init` (hence `@unchecked`).
/// A flight recorder's kept steps: journal lines in memory, in segments that each start with a
/// keyframe (a header whose initial state is the state before the segment's first step).
///
/// The writer thread appends each step's line to the newest segment and, when it is full, starts
/// another from the current state; the oldest segments go once the others hold the window. The
/// journal is the oldest segment's header followed by every kept step line, and it is published
/// after every step to the crash journal's C side, which a signal handler writes with `write(2)`
/// (see ``CrashJournalSignals``).
///
/// A segment's bytes stay where they are until the segment is dropped and then for one more segment:
/// a handler reading them while the writer goes on never reads freed memory.
final class FlightJournal: @unchecked Sendable {
    /// One run of kept lines: a header, then step lines, in memory that never moves while published.
    struct Segment {
        // Safe because it is allocated for `capacity` bytes, written only within them, and freed once,
        // after the segment stopped being published (see `Segments.retired`).
        var storage: UnsafeMutableRawPointer
        var capacity: Int
        var count: Int
        /// The header's bytes at the start of `storage`.
        let headerCount: Int
        /// The number of step lines.
        var steps = 0

        init(header: [UInt8]) {
            let capacity = max(header.count * 2, 1 << 12)
            // Safe because it is freed once, by the flight journal, after it stopped being published.
            let storage = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
            // Safe because the header fits in the storage just allocated for it.
            header.withUnsafeBytes { raw in
                if let base = raw.baseAddress { storage.copyMemory(from: base, byteCount: raw.count) }
            }
            self.capacity = capacity
            self.storage = storage
            count = header.count
            headerCount = header.count
        }

        /// The step lines' bytes.
        var stepBytes: Int { count - headerCount }
    }

    // Safe because each storage in it is freed once, at the next new segment or in deinit.
    struct Segments {
        var kept: [Segment] = []
        /// Storage no longer published since the last new segment, freed at the one after the next.
        var retired: [UnsafeMutableRawPointer] = []
        /// Storage retired before the last new segment, freed at the next.
        var retiring: [UnsafeMutableRawPointer] = []
        var lastStep = 0
    }

    let window: FlightRecording.Window
    private let segments: Locked<Segments>
    // Safe because it is allocated in `init`, freed in `deinit`, and only handed to the C functions.
    let crash: OpaquePointer

    /// A flight journal whose first segment starts with `header` (the journal's state after `lastStep`).
    init?(window: FlightRecording.Window, header: [UInt8], lastStep: Int) {
        guard let crash = ccrash_journal_create() else { return nil }
        self.crash = crash
        self.window = window
        var start = Segments()
        start.kept = [Segment(header: header)]
        start.lastStep = lastStep
        segments = Locked(start)
        ccrash_note_recorded(crash, Int64(lastStep))
        segments.withLock { publish($0) }
    }

    deinit {
        ccrash_journal_destroy(crash)
        segments.withLock { kept in
            for segment in kept.kept { segment.storage.deallocate() }
            for storage in kept.retired + kept.retiring { storage.deallocate() }
        }
    }

    /// Notes that the calling thread is the writer (a crash on it does not wait for itself), and gives
    /// it an alternate signal stack: it runs the app's `encode(to:)`, which may recurse without end.
    func noteWriterThread() {
        ccrash_note_writer_thread(crash)
        _ = ccrash_use_alternate_stack()
    }

    /// Notes that the app recorded `step`: a crash waits (a while) for the writer to keep it.
    @inline(__always)
    func noteRecorded(_ step: Int) {
        ccrash_note_recorded(crash, Int64(step))
    }

    /// Appends lines (a step's, and the events before it) that end with step `lastStep`.
    func append(_ bytes: [UInt8], lastStep: Int, steps: Int) {
        guard !bytes.isEmpty || steps > 0 else { return }
        segments.withLock { state in
            let newest = state.kept.count - 1
            var segment = state.kept[newest]
            // Safe because the old storage is retired, not freed, while a handler may still read it.
            if segment.count + bytes.count > segment.capacity {
                let capacity = max(segment.capacity * 2, segment.count + bytes.count)
                let larger = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
                larger.copyMemory(from: segment.storage, byteCount: segment.count)
                state.retired.append(segment.storage)
                segment.storage = larger
                segment.capacity = capacity
            }
            // Safe because the storage has room for the bytes, checked just above.
            bytes.withUnsafeBytes { raw in
                if let base = raw.baseAddress { (segment.storage + segment.count).copyMemory(from: base, byteCount: raw.count) }
            }
            segment.count += bytes.count
            segment.steps += steps
            state.kept[newest] = segment
            state.lastStep = lastStep
            dropOldestNoLongerNeeded(&state)
            publish(state)
        }
    }

    /// Whether the newest segment is full: the writer then starts the next one with
    /// ``startSegment(header:)``.
    var wantsKeyframe: Bool {
        segments.withLock { state in
            guard let newest = state.kept.last else { return true }
            switch window {
            case .steps(let count): return newest.steps >= max(1, (count + 3) / 4)
            case .bytes(let count): return newest.stepBytes >= max(1, count / 4)
            }
        }
    }

    /// Starts a segment with `header`, a keyframe of the state after the last step appended, and drops
    /// the oldest segments the window no longer needs.
    func startSegment(header: [UInt8]) {
        segments.withLock { state in
            // Freed only now: they stopped being published at least one whole segment ago.
            for storage in state.retiring { storage.deallocate() }
            swap(&state.retiring, &state.retired)
            state.retired.removeAll(keepingCapacity: true)
            state.kept.append(Segment(header: header))
            dropOldestNoLongerNeeded(&state)
            publish(state)
        }
    }

    /// Drops the oldest segments while the others hold the window: after every step, so that what is
    /// published never holds more than the window and one segment.
    private func dropOldestNoLongerNeeded(_ state: inout Segments) {
        while state.kept.count > 1, canDropOldest(state.kept) {
            state.retired.append(state.kept.removeFirst().storage)
        }
    }

    /// Whether the segments after the oldest still hold the window.
    private func canDropOldest(_ kept: [Segment]) -> Bool {
        switch window {
        case .steps(let count):
            return kept.dropFirst().reduce(0) { $0 + $1.steps } >= count
        case .bytes(let count):
            // The journal from the oldest segment on is over the window: drop it.
            return journalBytes(kept) > count
        }
    }

    /// The bytes of the journal the segments make: the oldest one's header and all their steps.
    private func journalBytes(_ kept: [Segment]) -> Int {
        (kept.first?.headerCount ?? 0) + kept.reduce(0) { $0 + $1.stepBytes }
    }

    /// Hands the crash journal's C side the chunks of the journal as it stands.
    private func publish(_ state: Segments) {
        var chunks: [ccrash_chunk] = []
        chunks.reserveCapacity(state.kept.count)
        for (index, segment) in state.kept.enumerated() {
            let skip = index == 0 ? 0 : segment.headerCount
            // Safe because the chunk lies within the segment's storage, which outlives its publication.
            chunks.append(ccrash_chunk(bytes: UnsafeRawPointer(segment.storage + skip), count: segment.count - skip))
        }
        // At most 4 full segments and the newest are kept (see `wantsKeyframe` and `canDropOldest`).
        assert(chunks.count <= Int(CCRASH_MAX_CHUNKS), "a flight journal keeps 5 or 6 segments")
        ccrash_publish(crash, chunks, Int32(min(chunks.count, Int(CCRASH_MAX_CHUNKS))), Int64(state.lastStep))
    }

    /// The journal's lines as they stand, and its last step.
    func contents() -> (bytes: [UInt8], lastStep: Int, steps: Int) {
        segments.withLock { state in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(journalBytes(state.kept))
            for (index, segment) in state.kept.enumerated() {
                let skip = index == 0 ? 0 : segment.headerCount
                // Safe because the range lies within the segment's storage, read under the lock.
                bytes.append(contentsOf: UnsafeRawBufferPointer(start: segment.storage + skip, count: segment.count - skip))
            }
            return (bytes, state.lastStep, state.kept.reduce(0) { $0 + $1.steps })
        }
    }
}
