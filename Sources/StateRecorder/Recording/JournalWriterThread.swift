import Foundation
import StateJSON
import StateJournal
import StateLive
import StateSync

// Safe because its mutable state is touched only by its own thread, and what other threads read goes through atomics or
// the entry queue's lock (hence `@unchecked`).
/// The background thread that encodes recorder entries and writes them to the journal.
///
/// It takes the whole backlog at once, encodes it into one buffer and hands it to the OS in one
/// `write` (a group commit), then advances ``acknowledgedStep``. A write failure stops the journal
/// (the app goes on) and is reported once through `onError`.
final class JournalWriterThread<State, Action>: JournalWriterControl, @unchecked Sendable {
    let queue: EntryQueue<State, Action>
    private let states: any QueuedStateEncoding<State>
    private let actions: ActionSnapshotter<Action>
    private var file: JournalFile
    private let options: RecorderOptions
    private let onError: @Sendable (String) -> Void
    private let makeRolloverHeader: @Sendable (_ firstStep: Int, _ state: JSONValue, _ previousFile: String, _ created: Int64) -> JournalHeader
    // Unchecked exclusivity: only the writer thread touches these, and the dynamic checks of class
    // properties cost a tenth of a counter step. Safe because no access to them overlaps another: each
    // is read or changed in place and never handed to code that could reach it again.
    @exclusivity(unchecked) private var builder: JournalBuilder
    @exclusivity(unchecked) private var buffer: [UInt8] = []
    /// The call sites seen, each with its serialized `,"site":"…"` member, since an app dispatches from few places.
    @exclusivity(unchecked) private var siteMembers = CallSiteMembers()
    @exclusivity(unchecked) private var stepsSinceFlush = 0
    private var lastFlush = Date()
    @exclusivity(unchecked) private var lastStep = 0
    /// The time of the last entry encoded: the creation time of the headers this thread makes.
    @exclusivity(unchecked) private var lastTime: Int64 = 0
    @exclusivity(unchecked) private var stopped = false
    private var segment = 1
    private let basePath: String
    /// The files written so far, for a live debugger copying the journal from another thread.
    private let paths: Locked<[String]>
    private let finished = DispatchSemaphore(value: 0)
    private let failure = Locked<String?>(nil)
    /// A stop `onError` has not been told about yet.
    private var unreported: String?
    /// The live channel's server, which gets every line written, when the recorder opened one.
    private let live: LiveServer?
    /// How much of `buffer` the live server has been given.
    private var livePublished = 0
    /// Where the step lines in `buffer` after `livePublished` end, for the live server's history.
    private var liveSteps = LiveStepEnds(firstStep: 1)

    /// The last step whose line the OS has (or, under `onClose`, that is buffered).
    let acknowledged = AtomicCell<Int>(0)
    /// About how many bytes a whole state takes in the journal (``JournalBuilder/stateBytes``), for the
    /// recorder to size its ring of recent states by.
    let stateBytes = AtomicCell<Int>(0)
    /// The queue's limit in force, made from ``stateBytes``.
    private var queueLimit: Int
    /// A flight recorder's kept steps (``RecorderOptions/flight``): lines go there, not to the file.
    private let flight: FlightJournal?

    init(file: JournalFile, states: any QueuedStateEncoding<State>, actions: ActionSnapshotter<Action>,
         builder: JournalBuilder, options: RecorderOptions, onError: @escaping @Sendable (String) -> Void,
         makeRolloverHeader: @escaping @Sendable (Int, JSONValue, String, Int64) -> JournalHeader,
         live: LiveServer? = nil, flight: FlightJournal? = nil) {
        self.live = live
        self.flight = flight
        self.file = file
        self.states = states
        self.actions = actions
        self.builder = builder
        let lastStep = builder.lastStep
        self.options = options
        self.onError = onError
        self.makeRolloverHeader = makeRolloverHeader
        self.lastStep = lastStep
        self.basePath = file.path
        paths = Locked([file.path])
        queue = EntryQueue(capacity: options.queueCapacity)
        queueLimit = queue.capacity
        acknowledged.store(lastStep, ordering: .relaxed)
        liveSteps = LiveStepEnds(firstStep: lastStep + 1)
        buffer.reserveCapacity(1 << 16)
        noteStateSize()
    }

    /// Publishes the size of a whole state after a keyframe, and limits the queue by it: every queued
    /// state holds its own copy of each array the app changed after it was queued, so 128 queued
    /// states of a state with a long list would be 128 copies of that list.
    private func noteStateSize() {
        let bytes = builder.stateBytes
        guard bytes != stateBytes.load(ordering: .relaxed) else { return }
        stateBytes.store(bytes, ordering: .relaxed)
        // A prepared step holds a patch's bytes, not a state: the queue keeps its whole capacity.
        guard states.holdsWholeStates else { return }
        let limit = Self.queueLimit(capacity: queue.capacity, stateBytes: bytes)
        if limit != queueLimit {
            queueLimit = limit
            queue.limit(to: limit)
        }
    }

    /// The bytes of journaled state the queue aims to hold at most across its waiting steps.
    static var queueByteBudget: Int { 16 << 20 }

    /// How many steps may wait for the writer when a whole state takes `stateBytes` in the journal:
    /// the queue's capacity, or fewer (but at least 8) so that they take about ``queueByteBudget``.
    static func queueLimit(capacity: Int, stateBytes: Int) -> Int {
        guard stateBytes > 0 else { return capacity }
        return min(capacity, max(8, queueByteBudget / stateBytes))
    }

    /// The writer thread's stack: 8 MiB, Linux's default, where Apple platforms give a secondary thread
    /// 512 KiB. The writer runs the app's own `encode(to:)` and walks its state as deep as it nests; an
    /// app whose state recursed deeper than a small stack holds would crash on this thread only. Only
    /// the pages it touches take memory.
    static var stackBytes: Int { 8 << 20 }

    /// Starts the writer's thread, at the quality of service of the calling thread (see
    /// `DetachedThread`). When the system refuses a thread, the journal stops at once: `onError` is told,
    /// nothing more is queued, and the app goes on without recording.
    func start() {
        do {
            try DetachedThread.start(name: "statedbg journal writer", stackBytes: Self.stackBytes) { [self] in run() }
        } catch {
            stop(because: "statedbg could not start its journal writer and stopped recording into \(basePath): \(error)")
            queue.close()
            reportError()
            finished.signal()
        }
    }

    /// The first error that stopped the journal, if any.
    var error: String? { failure.withLock { $0 } }

    var files: [String] { paths.withLock { $0 } }

    var acknowledgedStep: Int { acknowledged.load(ordering: .acquiring) }

    @discardableResult
    func put(_ entry: RecorderEntry) -> Bool { queue.put(entry) }

    func closeQueue() { queue.close() }

    /// Waits until the thread has written everything and closed the file.
    func waitUntilFinished() {
        finished.wait()
        finished.signal()
    }

    private func run() {
        defer { finished.signal() }
        flight?.noteWriterThread()
        while true {
            let deadline: Date?
            switch options.durability {
            case .batched(_, let milliseconds) where stepsSinceFlush > 0:
                deadline = lastFlush.addingTimeInterval(Double(milliseconds) / 1000)
            default:
                deadline = nil
            }
            let batch = queue.take(until: deadline)
            // Closed and empty as of the same moment: an entry put just before `close()` is never dropped.
            if batch.count == 0 && batch.closed { break }
            var barriers: [DispatchSemaphore] = []
            // Slots go back to the queue half a queue at a time, so a producer that filled it goes on
            // while the rest of the batch is encoded, and is woken at most twice per queueful.
            let chunk = max(1, queue.capacity / 2)
            var released = 0
            for index in 0..<batch.count {
                if index - released == chunk {
                    queue.release(batch.slice(released..<index))
                    released = index
                }
                let entry = queue.entry(index, in: batch)
                if case .barrier(let semaphore) = entry {
                    barriers.append(semaphore)
                    continue
                }
                guard !stopped else { continue }
                do {
                    try encode(entry, index, in: batch)
                } catch {
                    // The lines before this entry are whole and valid: they reach the file before the stop.
                    writeBeforeStopping()
                    stop(because: "statedbg could not encode an entry for \(file.path) and stopped recording: \(error)")
                }
            }
            // Everything is in `buffer` now: the slots can go back before the write.
            queue.release(batch.slice(released..<batch.count))
            publishToLive()
            if !stopped {
                flushIfDue(force: !barriers.isEmpty)
            }
            for semaphore in barriers { semaphore.signal() }
            reportError()
        }
        if let flight, !stopped {
            keep(in: flight)
        } else if !stopped {
            do {
                buffer.isEmpty ? () : file.append(buffer)
                clearBuffer()
                if case .everyStep(sync: true) = options.durability { try file.sync() }
                try file.close()
                acknowledged.store(lastStep, ordering: .releasing)
            } catch {
                stop(because: "statedbg could not finish \(error)")
            }
        }
        reportError()
    }

    private func encode(_ entry: RecorderEntry, _ index: Int, in batch: EntryQueue<State, Action>.Batch) throws {
        switch entry {
        case .step(let step, let time, let parent, let site):
            lastTime = time
            let encodedAction = try actions.encoded(queue.action(index, in: batch).pointee)
            let version = builder.header.version
            let actionBytes = encodedAction.bytes(version: version)
            // The builder puts the site in: whole, or from version 5 on by its number once written whole.
            let stepSite = site.map { (siteMembers.site(for: $0), offset: encodedAction.siteOffset(version: version)) }
            lastStep = try states.appendStep(actionBytes: actionBytes, site: stepSite, state: queue.state(index, in: batch).pointee,
                                             time: time, parent: parent, builder: builder, into: &buffer)
            assert(lastStep == step, "the writer and the store disagree on step numbers")
            noteStep()
        case .replacement(let step, let time, let parent):
            lastTime = time
            let action = JournalAction.stateReplacement()
            lastStep = try states.appendReplacement(action: action, state: queue.state(index, in: batch).pointee,
                                                    time: time, parent: parent, builder: builder, into: &buffer)
            assert(lastStep == step, "the writer and the store disagree on step numbers")
            noteStep()
        case .rejected(let after, let time, let rejection):
            let action = try actions.encoded(queue.action(index, in: batch).pointee).action
            try JournalEvent.rejected(after: after, time: time, action: action,
                                      validator: rejection.validator, reason: rejection.reason).writeReadable(to: &buffer)
        case .commandError(let after, let time, let command, let message):
            try JournalEvent.commandError(after: after, time: time, command: command, error: message).writeReadable(to: &buffer)
        case .travel(let after, let time, let kind, let to):
            let hash = try states.travelHash(to: queue.state(index, in: batch).pointee, builder: builder)
            JournalEvent.travel(after: after, time: time, kind: kind, to: to, hash: hash).write(to: &buffer)
        case .marker(let after, let time, let name):
            try JournalEvent.marker(after: after, time: time, name: name).writeReadable(to: &buffer)
        case .closing(let after, let time):
            // A flight journal is closed (or crashed) when it is written out, not here.
            if flight == nil { JournalEvent.closed(after: after, time: time).write(to: &buffer) }
        case .stop(let message):
            writeBeforeStopping()
            stop(because: message)
        case .barrier:
            break
        }
        if let limit = options.maxFileBytes, file.size + Int64(buffer.count) > limit {
            try reachLimit(limit)
        }
    }

    /// After a step's line went into the buffer: counts it for the flush, and notes where it ends for
    /// the live server.
    private func noteStep() {
        stepsSinceFlush += 1
        noteStateSize()
        if live != nil { liveSteps.append(end: buffer.count - livePublished) }
        if let flight { keep(in: flight) }
    }

    /// Hands the lines buffered to a flight recorder's kept steps, and starts its next segment from
    /// the current state when the newest is full (as a file rolls over, in memory).
    private func keep(in flight: FlightJournal) {
        flight.append(buffer, lastStep: lastStep, steps: stepsSinceFlush)
        clearBuffer()
        stepsSinceFlush = 0
        acknowledged.store(lastStep, ordering: .releasing)
        guard flight.wantsKeyframe else { return }
        var header = makeRolloverHeader(lastStep + 1, builder.lastState, "", lastTime)
        header.previousFile = nil
        builder = builder.continuation(after: header, policy: options.keyframePolicy)
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        flight.startSegment(header: bytes)
    }

    private func flushIfDue(force: Bool) {
        if let flight {
            keep(in: flight)
            return
        }
        var due = force
        switch options.durability {
        case .everyStep:
            due = true
        case .batched(let steps, let milliseconds):
            due = due || stepsSinceFlush >= steps || Date().timeIntervalSince(lastFlush) * 1000 >= Double(milliseconds)
        case .onClose:
            break
        }
        // Whatever the policy, do not let the buffer grow without bound.
        if !due && buffer.count < (1 << 20) {
            if case .onClose = options.durability { acknowledged.store(lastStep, ordering: .releasing) }
            return
        }
        do {
            try file.appendAndFlush(buffer)
            clearBuffer()
            if case .everyStep(sync: true) = options.durability { try file.sync() }
            stepsSinceFlush = 0
            lastFlush = Date()
            acknowledged.store(lastStep, ordering: .releasing)
        } catch {
            stop(because: "\(error.description.withoutFinalPeriod); statedbg stopped recording, and the steps before this one are in the file.")
        }
    }

    private func reachLimit(_ limit: Int64) throws {
        switch options.limit {
        case .stop:
            JournalEvent.marker(after: lastStep, time: 0, name: "recording stopped: the journal reached its limit of \(limit) bytes")
                .write(to: &buffer)
            file.append(buffer)
            clearBuffer()
            try file.close()
            acknowledged.store(lastStep, ordering: .releasing)
            stopped = true
        case .roll:
            // Everything up to and including the last step stays in this file; the new file starts from
            // the state after it.
            let state = builder.lastState
            file.append(buffer)
            clearBuffer()
            try file.close()
            segment += 1
            let nextPath = JournalSegmentName.path(basePath, segment: segment)
            // The next file keeps the journal's version: steps prepared on the calling thread were hashed
            // under its rule.
            builder = builder.continuation(after: makeRolloverHeader(lastStep + 1, state, JournalSegmentName.fileName(file.path), lastTime),
                                           policy: options.keyframePolicy)
            var header: [UInt8] = []
            builder.writeHeader(into: &header)
            let next = try JournalFile.create(at: nextPath, header: header, overwrite: options.overwrite,
                                              disk: options.durability.disk)
            file = next
            paths.withLock { $0.append(nextPath) }
            acknowledged.store(lastStep, ordering: .releasing)
        }
    }

    /// Hands the whole lines buffered so far to the OS, when the journal is about to stop for a reason
    /// other than a failed write.
    private func writeBeforeStopping() {
        guard !stopped, !buffer.isEmpty else { return }
        if let flight { return keep(in: flight) }
        if (try? file.appendAndFlush(buffer)) != nil {
            acknowledged.store(lastStep, ordering: .releasing)
        }
        clearBuffer()
    }

    /// Empties the buffer of written lines, once the live server has them all.
    private func clearBuffer() {
        publishToLive()
        buffer.removeAll(keepingCapacity: true)
        livePublished = 0
    }

    /// Gives the live server the lines buffered since it was last given any; when its history has
    /// outgrown its limit, starts that history again from the current state.
    private func publishToLive() {
        guard let live, livePublished < buffer.count else { return }
        let steps = liveSteps
        liveSteps = LiveStepEnds(firstStep: lastStep + 1)
        // Safe because each pointer is used only inside its closure, with offsets and counts inside its buffer.
        let full = buffer.withUnsafeBytes { live.publish(UnsafeRawBufferPointer(rebasing: $0[livePublished...]), steps: steps) }
        livePublished = buffer.count
        guard full else { return }
        var header: [UInt8] = []
        // The stream goes on with the journal's lines, hashed under its version's rule.
        builder.continuation(after: makeRolloverHeader(lastStep + 1, builder.lastState, JournalSegmentName.fileName(file.path), lastTime),
                             policy: options.keyframePolicy).writeHeader(into: &header)
        live.rebase(header: header, firstStep: lastStep + 1)
    }

    private func stop(because message: String) {
        guard !stopped else { return }
        stopped = true
        failure.withLock { $0 = message }
        unreported = message
    }

    /// Tells `onError` about a stop, once no queue slots are held: the handler may dispatch or mark,
    /// which waits for room in the queue that only this thread frees.
    private func reportError() {
        guard let message = unreported else { return }
        unreported = nil
        onError(message)
    }
}
