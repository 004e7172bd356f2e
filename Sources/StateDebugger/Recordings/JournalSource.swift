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
package final class JournalSource: RecordingSource {
    /// The reader underneath, for callers that need journal-only details (keyframes, validation).
    package let reader: JournalReader
    package let info: RecordingInfo

    /// Opens and indexes a journal.
    ///
    /// - Throws: ``DebuggerError/journal(_:)`` when the file is missing or its structure is broken.
    package init(path: String, options: JournalReader.Options = JournalReader.Options()) throws(DebuggerError) {
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

    package var name: String { reader.path }
    package var baseStep: Int { reader.baseStep }
    package var lastStep: Int { reader.lastStep }
    package var events: [LocatedEvent] { reader.events }

    package func state(at step: Int) throws(DebuggerError) -> JSONValue {
        try checkStep(step)
        do {
            return try reader.state(at: step)
        } catch {
            throw .journal(error)
        }
    }

    package func record(at step: Int) throws(DebuggerError) -> StepRecord {
        try checkStep(step, allowBase: false)
        let line: JournalStep
        do {
            line = try reader.step(step)
        } catch {
            throw .journal(error)
        }
        var record = StepRecord(action: line.action, hash: line.hash, changedPointers: nil, time: line.time)
        if case .patch(let patch) = line.content { (record.changedPointers, record.resizedContainers) = Self.reach(of: patch) }
        return record
    }

    /// The locations outside which `patch` changes nothing, and the containers it resizes (see
    /// ``StepRecord``).
    package static func reach(of patch: JSONPatch) -> (changed: [JSONPointer], resized: [JSONPointer]) {
        var changed: [JSONPointer] = []
        var containers: [JSONPointer] = []
        changed.reserveCapacity(patch.operations.count)
        for operation in patch.operations {
            let structural = operation.name != "replace" && operation.name != "test"
            changed.append(Self.reach(of: operation.path, structural: structural))
            if structural, let parent = operation.path.parent { containers.append(parent) }
            if let from = operation.from {
                changed.append(Self.reach(of: from, structural: operation.name == "move"))
                if operation.name == "move", let parent = from.parent { containers.append(parent) }
            }
        }
        return (changed, containers)
    }

    /// Inserting or removing an array element moves every later element, so such an operation may
    /// change anything in the array, not only the element it names.
    private static func reach(of pointer: JSONPointer, structural: Bool) -> JSONPointer {
        guard structural, let last = pointer.tokens.last, last == "-" || last.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let parent = pointer.parent else { return pointer }
        return parent
    }

    /// Reads only the action and the hash of the step's line (see ``StateJournal/JournalReader/actionAndHash(ofStep:)``).
    package func actionAndHash(at step: Int) throws(DebuggerError) -> (action: JournalAction, hash: UInt64?) {
        try checkStep(step, allowBase: false)
        do {
            let found = try reader.actionAndHash(ofStep: step)
            return (found.action, found.hash)
        } catch {
            throw .journal(error)
        }
    }

    /// Reads the file in large blocks and only the action and hash of each line.
    package func forEachActionAndHash(_ steps: ClosedRange<Int>,
                                     _ body: (Int, JournalAction, UInt64?) throws(DebuggerError) -> Bool) throws(DebuggerError) {
        try checkStep(steps.lowerBound, allowBase: false)
        try checkStep(steps.upperBound, allowBase: false)
        var failure: DebuggerError?
        do throws(JournalError) {
            try reader.forEachActionAndHash(steps) { step, action, hash in
                do throws(DebuggerError) {
                    return try body(step, action, hash)
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

    /// One sentence about the damaged lines found on opening (the first, and how many), for a command
    /// to print once before it reads past them; `nil` when every line is intact.
    ///
    /// ```text
    /// w.jsonl:20: step 19 is damaged: the line records checksum 1c2b3a49 but its bytes give 5e6f7a8b; it was changed after it was written. The states rebuilt through it cannot be read; `statedbg check` lists every damaged line.
    /// ```
    package var damageWarning: String? {
        guard let first = reader.lineProblems.first else { return nil }
        let others = reader.lineProblemCount - 1
        let more = others > 0 ? " \(others) more line\(others == 1 ? " is" : "s are") damaged." : ""
        return "\(first.description)\(more) The states rebuilt through a damaged line cannot be read; `statedbg check` lists every damaged line."
    }

    package func line(ofStep step: Int) -> Int? {
        reader.line(ofStep: step)
    }

    package func parent(ofStep step: Int) -> Int {
        reader.parent(ofStep: step)
    }
}
