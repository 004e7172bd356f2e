import StateJSON
import StateEncoding
import StateJournal

/// The snapshotter of a writer whose queue carries states the dispatching thread already prepared
/// (``StateJournal/PreparedStepState``): the writer writes their bytes as they are and never asks for
/// their JSON, which only the dispatching thread has.
final class PreparedStateSnapshotter: StateSnapshotter<PreparedStepState> {
    override var coding: JournalHeader.StateCoding { .codable }

    override func encode(_ state: PreparedStepState) throws -> JSONValue {
        throw JSONEncodingError(codingPath: [], message: "a prepared state has no JSON on the writer's thread")
    }
}
