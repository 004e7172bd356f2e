import StateJSON

/// The app's answer to one command: `{"reply":ID,"ok":true,…}` or `{"reply":ID,"ok":false,"error":"…"}`.
///
/// ```swift
/// LiveReply(id: 7, fields: ["step": 12, "message": "the app's state is now step 12"]).line
/// // {"reply":7,"message":"the app's state is now step 12","ok":true,"step":12}\n
/// ```
package struct LiveReply: Sendable, Equatable {
    /// The request id the reply answers (`null` for a line too broken to have one).
    package var id: JSONValue
    /// The error's message, or `nil` when the command succeeded.
    package var error: String?
    /// What the command returns: `step`, `state`, `message` and so on (see the protocol article).
    package var fields: JSONObject

    /// A success.
    package init(id: JSONValue, fields: JSONObject = JSONObject()) {
        self.id = id
        self.fields = fields
        error = nil
    }

    /// A success carrying a command's typed answer.
    package init(id: JSONValue, answer: some LiveAnswer) {
        self.init(id: id, fields: answer.fields)
    }

    /// A failure with a message a person can act on.
    package init(id: JSONValue, error: String) {
        self.id = id
        self.error = error
        fields = JSONObject()
    }

    /// Whether the command succeeded.
    package var ok: Bool { error == nil }

    /// The answer of a successful reply to `command`, read as the call's type.
    ///
    /// - Throws: ``LiveProtocolError/badReply(command:member:expected:)`` when a member is missing or of
    ///   another kind.
    package func answer<Answer: LiveAnswer>(to call: LiveCall<Answer>) throws(LiveProtocolError) -> Answer {
        try Answer(reading: LiveReplyFields(fields, command: call.command.name))
    }

    /// The reply as one line, line feed included.
    package var line: [UInt8] {
        var members = fields
        members["ok"] = .bool(ok)
        if let error { members["error"] = .string(error) }
        var bytes: [UInt8] = []
        LiveProtocol.writeLine(leading: ("reply", id), members, into: &bytes)
        return bytes
    }

    /// Reads a reply from a parsed line, or `nil` when it is not one.
    package init?(_ object: JSONObject) {
        guard let id = object["reply"], let ok = object["ok"]?.boolValue else { return nil }
        self.id = id
        var fields = object
        fields["reply"] = nil
        fields["ok"] = nil
        if ok {
            error = nil
        } else {
            error = fields["error"]?.stringValue ?? "The app refused the command without saying why."
            fields["error"] = nil
        }
        self.fields = fields
    }
}
