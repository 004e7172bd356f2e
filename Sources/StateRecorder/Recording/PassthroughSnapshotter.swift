import StateJSON
import StateJournal

/// The ``StateSnapshotter`` of a writer whose states arrive already turned into JSON (an eager recorder),
/// with the notes of the encoder that made them.
final class PassthroughSnapshotter: StateSnapshotter<EncodedState> {
    /// The notes that came with the state last passed through, until dropped.
    private var changes: JSONArrayChanges?

    override var coding: JournalHeader.StateCoding { .codable }

    override func encode(_ state: EncodedState) throws -> JSONValue {
        changes = state.changes
        return state.json
    }

    override var arrayChanges: JSONArrayChanges? { changes }

    override func dropArrayChanges() {
        changes = nil
    }
}
