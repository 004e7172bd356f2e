import Foundation
import StateJSON
import StateJournal
import StateRecorder
import StateSync

// Safe because the queue is touched only through its lock, and the reader and the decoder are used only by
// the walker thread once `init` has handed them over.
/// A journal's recorded steps (``JournalReader/forEachRecordedStep(_:_:)``: each line read, its patch
/// applied and its state fingerprinted) produced on a thread of their own, ahead of a replay that
/// takes them in order: `replay --verify` then reads the recording (and decodes its actions) on one
/// core while the reducer, the encoder and the fingerprinter of the replayed states run on another.
///
/// The steps come in batches through a bounded queue, so the reader runs at most a few thousand steps
/// ahead and memory stays flat; a read that fails comes after the steps before it, so the consumer
/// meets every error at its step, in file order, as a replay in one thread would.
///
/// ```swift
/// let pipeline = try RecordedStepPipeline(journal.reader, steps: 1...journal.lastStep)
/// defer { pipeline.stop() }
/// while case .steps(let batch) = pipeline.next() { for step in batch { … step.recorded … } }
/// ```
final class RecordedStepPipeline: @unchecked Sendable {
    /// A recorded step, with its action decoded ahead when the pipeline has a decoder and the action
    /// is one to replay.
    struct Step {
        var recorded: RecordedStep
        var predecoded: PredecodedAction?
        /// The step read through the pipeline's migrations, when it has them: the migrated action and
        /// the fingerprint of the migrated state, or why the step could not be migrated.
        var migrated: Result<(action: JournalAction, hash: UInt64), DebuggerError>?
    }

    /// What the consumer takes next.
    enum Item {
        /// Consecutive steps, in order.
        case steps([Step])
        /// Reading the next step failed; nothing comes after it.
        case failed(JournalError)
        /// Every step was read.
        case finished
    }

    /// The batches between the walker and the consumer, and how each side stands.
    private struct Queue {
        var items: [Item] = []
        /// The first item the consumer has not taken.
        var head = 0
        /// Whether the consumer has stopped the pipeline.
        var stopped = false
        /// Whether the walker thread has ended.
        var walkerEnded = false
    }

    private let queue = Locked(Queue())
    /// How many batches may wait in the queue before the walker waits for the consumer.
    private let capacity: Int
    /// The largest batch; the first batches are smaller, so the replay starts without waiting for one.
    private let batchLimit: Int
    private let reader: JournalReader
    private let steps: ClosedRange<Int>
    private let decoder: (any ActionDecoding)?
    private let migration: MigrationPlan?

    /// Starts reading `steps` on a new thread, with a reader of its own on the same file (the caller's
    /// reader stays the caller's: a reader is not thread-safe).
    ///
    /// - Parameters:
    ///   - decoder: Decodes each replayable action on the reading thread; the pipeline's own, used by
    ///     no other thread.
    ///   - migration: The migrations each step is read through, on the reading thread too
    ///     (``StateRecorder/MigratedStateWalk``); the decoder then decodes the migrated actions.
    /// - Throws: ``JournalError`` when the file cannot be opened again.
    init(_ reader: JournalReader, steps: ClosedRange<Int>, decoder: (any ActionDecoding)? = nil, migration: MigrationPlan? = nil,
         batchLimit: Int = 256, capacity: Int = 8) throws(JournalError) {
        self.batchLimit = max(1, batchLimit)
        self.capacity = max(1, capacity)
        // The index and header are the caller's; only the bytes after them are scanned.
        self.reader = try reader.withAppendedLines()
        self.steps = steps
        self.decoder = decoder
        self.migration = migration
        let walker = Thread { [self] in walk() }
        walker.name = "statedbg recorded steps"
        walker.start()
    }

    /// The next item, waiting for the walker when it has none ready.
    func next() -> Item {
        let capacity = capacity
        let item = queue.withLock(when: { $0.head < $0.items.count }) { queue in
            let item = queue.items[queue.head]
            queue.head += 1
            // The items taken are dropped as the queue goes: a walker that stays ahead never lets it
            // empty, and the queue would otherwise hold every batch of the recording.
            if queue.head == queue.items.count {
                queue.items.removeAll(keepingCapacity: true)
                queue.head = 0
            } else if queue.head >= capacity {
                queue.items.removeFirst(queue.head)
                queue.head = 0
            }
            return item
        }
        queue.wakeWaiters()
        return item
    }

    /// Tells the walker to stop and waits until it has: after this, no thread runs for this pipeline.
    /// Safe to call more than once.
    func stop() {
        queue.withLock { $0.stopped = true }
        queue.wakeWaiters()
        queue.withLock(when: { $0.walkerEnded }) { _ in }
    }

    /// Queues `item`, waiting while the queue is full; `false` once the consumer has stopped.
    private func put(_ item: Item) -> Bool {
        let capacity = capacity
        let queued = queue.withLock(when: { $0.stopped || $0.items.count - $0.head < capacity }) { queue in
            guard !queue.stopped else { return false }
            queue.items.append(item)
            return true
        }
        queue.wakeWaiters()
        return queued
    }

    private func walk() {
        var size = min(16, batchLimit)
        var batch: [Step] = []
        batch.reserveCapacity(size)
        var running = true
        let last: Item
        var migrated = migration.map { MigratedSteps(plan: $0, reader: reader) }
        do {
            try reader.forEachRecordedStep(steps) { recorded in
                let read = migrated?.next(recorded)
                let action = (try? read?.get())?.action ?? recorded.action
                batch.append(Step(recorded: recorded, predecoded: action.replayMode == .decode ? decoder?.decode(action) : nil,
                                  migrated: read))
                guard batch.count >= size else { return true }
                running = put(.steps(batch))
                size = min(size * 2, batchLimit)
                batch = []
                batch.reserveCapacity(size)
                return running
            }
            last = .finished
        } catch {
            last = .failed(error)
        }
        if running, !batch.isEmpty { running = put(.steps(batch)) }
        if running { _ = put(last) }
        queue.withLock { $0.walkerEnded = true }
        queue.wakeWaiters()
    }
}

/// The walker's side of a pipeline with migrations: each recorded step's state followed through a
/// ``StateRecorder/MigratedStateWalk`` from its patch, and its action migrated. After a step that does
/// not migrate, the later ones are not migrated: the replay stops at that step.
private struct MigratedSteps {
    let plan: MigrationPlan
    let reader: JournalReader
    let walk: MigratedStateWalk
    /// The step whose migrated state the walk holds; `nil` before the first and after a failure.
    var walked: Int?
    var failed = false

    init(plan: MigrationPlan, reader: JournalReader) {
        self.plan = plan
        self.reader = reader
        walk = MigratedStateWalk(plan: plan, scheme: reader.header.fingerprintScheme, keepsOriginal: false)
    }

    mutating func next(_ recorded: RecordedStep) -> Result<(action: JournalAction, hash: UInt64), DebuggerError>? {
        guard !failed else { return nil }
        let step = recorded.step
        do throws(DebuggerError) {
            let parent = reader.parent(ofStep: step)
            switch recorded.content {
            case .keyframe(let state):
                try reset(to: state, at: step)
            case .patch(let patch):
                if walked != parent {
                    let base = parent == reader.baseStep ? reader.header.initialState : try read(parent)
                    try reset(to: base, at: parent)
                }
                do {
                    try walk.apply(patch, original: { try reader.state(at: step) })
                } catch {
                    switch error {
                    case .migration(let failure):
                        throw DebuggerError.migration(failure, step: step, line: reader.line(ofStep: step), source: reader.path)
                    case .patchDoesNotApply(let reason):
                        throw DebuggerError.journal(JournalError(.patchDoesNotApply(step: step, parent: parent, reason), path: reader.path,
                                                                 line: reader.line(ofStep: step)))
                    case .original(let failure):
                        throw (failure as? JournalError).map(DebuggerError.journal)
                            ?? .journal(JournalError(.malformed, path: reader.path, line: reader.line(ofStep: step), "\(failure)"))
                    }
                }
            }
            walked = step
            let action: JournalAction
            do {
                action = try plan.migrate(action: recorded.action)
            } catch {
                throw DebuggerError.migration(error, step: step, line: reader.line(ofStep: step), source: reader.path)
            }
            return .success((action, walk.fingerprint))
        } catch {
            failed = true
            return .failure(error)
        }
    }

    private func read(_ step: Int) throws(DebuggerError) -> JSONValue {
        do {
            return try reader.state(at: step)
        } catch {
            throw .journal(error)
        }
    }

    private mutating func reset(to state: JSONValue, at step: Int) throws(DebuggerError) {
        do {
            try walk.reset(toOriginal: state)
        } catch {
            throw .migration(error, step: step == reader.baseStep ? nil : step, line: reader.line(ofStep: step), source: reader.path)
        }
    }
}
