import StateJSON
import StateJournal

/// The ``StateSnapshotter`` of a writer whose states arrive already turned into JSON (an eager recorder).
final class PassthroughSnapshotter: StateSnapshotter<JSONValue> {
    override var coding: JournalHeader.StateCoding { .codable }

    override func encode(_ state: JSONValue) throws -> JSONValue { state }
}
