import StateJSON

/// Something the app tells a client unasked: `{"live":"paused",…}`.
package struct LiveNotice: Sendable, Equatable {
    /// What happened.
    package enum Kind: String, Sendable {
        /// The app's dispatching is held (by any client).
        case paused
        /// The app dispatches again; `queued` says how many held actions ran.
        case resumed
        /// This client is being dropped; `reason` says why (a full buffer, a protocol violation).
        case dropped
        /// The app closed its recorder; no more lines will come.
        case closed
        /// The journal moved on to a new file or the history was trimmed: a new header line follows.
        case rebased
    }

    /// What happened.
    package var kind: Kind
    /// Details: `reason`, `queued`, `step`.
    package var fields: JSONObject

    /// A notice.
    package init(_ kind: Kind, fields: JSONObject = JSONObject()) {
        self.kind = kind
        self.fields = fields
    }

    /// The notice as one line, line feed included.
    package var line: [UInt8] {
        var bytes: [UInt8] = []
        LiveProtocol.writeLine(leading: ("live", .string(kind.rawValue)), fields, into: &bytes)
        return bytes
    }

    /// Reads a notice from a parsed line, or `nil` when it is not one (or of a kind this build does not know).
    package init?(_ object: JSONObject) {
        guard let name = object["live"]?.stringValue, let kind = Kind(rawValue: name) else { return nil }
        self.kind = kind
        var fields = object
        fields["live"] = nil
        self.fields = fields
    }
}
