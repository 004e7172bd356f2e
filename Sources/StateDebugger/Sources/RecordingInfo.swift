import StateJSON
import StateJournal

/// What a recording says about itself, in a form common to journals and imports.
///
/// ```swift
/// source.info.app            // "bank"
/// source.info.format         // .journal
/// ```
public struct RecordingInfo: Sendable, Equatable {
    /// Where the recording came from.
    public enum Format: String, Sendable, Equatable {
        /// A statedbg JSON-lines journal.
        case journal
        /// A Redux DevTools export.
        case reduxDevTools
    }

    /// Where the recording came from.
    public var format: Format
    /// The app's identifier, which selects the reducer in reducer mode (`redux` for imports).
    public var app: String
    /// The recorded schema (``JSONValue/null`` when there is none).
    public var schema: JSONValue
    /// The header the recording has or would have as a statedbg journal; its `firstStep` is the
    /// step after the base step and its `initialState` the base step's state.
    public var header: JournalHeader

    /// Creates the info.
    public init(format: Format, header: JournalHeader) {
        self.format = format
        self.app = header.app
        self.schema = header.schema
        self.header = header
    }
}
