import StateJSON
import StateJournal

/// A statedbg journal as a ``RecordingSource``, read through ``StateJournal/JournalReader``.
///
/// Opening scans the file once to index it; the file is never loaded whole. Reading a state costs the
/// distance to the keyframe before it, or one patch when the steps are read in order.
///
/// ```swift
/// let source = try JournalSource(path: "bank.jsonl")
/// source.lastStep                    // 40
/// try source.state(at: 17)
/// ```
public final class JournalSource: RecordingSource {
    /// The reader underneath, for callers that need journal-only details (keyframes, validation).
    public let reader: JournalReader
    public let info: RecordingInfo
    private var scanner = StepLineScanner()

    /// Opens and indexes a journal.
    ///
    /// - Throws: ``DebuggerError/journal(_:)`` when the file is missing or its structure is broken.
    public init(path: String, options: JournalReader.Options = JournalReader.Options()) throws(DebuggerError) {
        do {
            reader = try JournalReader(path: path, options: options)
        } catch {
            throw .journal(error)
        }
        info = RecordingInfo(format: .journal, header: reader.header)
    }

    /// A source over a reader already opened (a followed journal's, after it took appended lines).
    package init(reader: JournalReader) {
        self.reader = reader
        info = RecordingInfo(format: .journal, header: reader.header)
    }

    public var name: String { reader.path }
    public var baseStep: Int { reader.baseStep }
    public var lastStep: Int { reader.lastStep }
    public var events: [LocatedEvent] { reader.events }

    public func state(at step: Int) throws(DebuggerError) -> JSONValue {
        try checkStep(step)
        do {
            return try reader.state(at: step)
        } catch {
            throw .journal(error)
        }
    }

    public func record(at step: Int) throws(DebuggerError) -> StepRecord {
        try checkStep(step, allowBase: false)
        let line: JournalStep
        do {
            line = try reader.step(step)
        } catch {
            throw .journal(error)
        }
        var pointers: [JSONPointer]?
        if case .patch(let patch) = line.content {
            var changed: [JSONPointer] = []
            changed.reserveCapacity(patch.operations.count)
            for operation in patch.operations {
                changed.append(Self.reach(of: operation.path, structural: operation.name != "replace" && operation.name != "test"))
                if let from = operation.from { changed.append(Self.reach(of: from, structural: operation.name == "move")) }
            }
            pointers = changed
        }
        return StepRecord(action: line.action, hash: line.hash, changedPointers: pointers, time: line.time)
    }

    /// Inserting or removing an array element moves every later element, so such an operation may
    /// change anything in the array, not only the element it names.
    private static func reach(of pointer: JSONPointer, structural: Bool) -> JSONPointer {
        guard structural, let last = pointer.tokens.last, last == "-" || last.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let parent = pointer.parent else { return pointer }
        return parent
    }

    /// Reads only the action and the hash of the step's line, caching actions by their bytes; lines
    /// not in the writer's layout are parsed whole.
    public func actionAndHash(at step: Int) throws(DebuggerError) -> (action: JournalAction, hash: UInt64?) {
        try checkStep(step, allowBase: false)
        let fast: (action: JournalAction, hash: UInt64)?
        do {
            fast = try reader.withLineBytes(ofStep: step) { scanner.scan($0) }
        } catch {
            throw .journal(error)
        }
        if let fast { return (fast.action, fast.hash) }
        let record = try record(at: step)
        return (record.action, record.hash)
    }

    /// Reads the file in large blocks and only the action and hash of each line.
    public func forEachActionAndHash(_ steps: ClosedRange<Int>,
                                     _ body: (Int, JournalAction, UInt64?) throws(DebuggerError) -> Bool) throws(DebuggerError) {
        try checkStep(steps.lowerBound, allowBase: false)
        try checkStep(steps.upperBound, allowBase: false)
        var failure: DebuggerError?
        do throws(JournalError) {
            try reader.forEachStepLine(steps) { step, line in
                do throws(DebuggerError) {
                    if let fast = scanner.scan(line) { return try body(step, fast.action, fast.hash) }
                    let record = try record(at: step)
                    return try body(step, record.action, record.hash)
                } catch {
                    failure = error
                    return false
                }
            }
        } catch {
            throw .journal(error)
        }
        if let failure { throw failure }
    }

    public func line(ofStep step: Int) -> Int? {
        reader.line(ofStep: step)
    }

    public func parent(ofStep step: Int) -> Int {
        reader.parent(ofStep: step)
    }
}
