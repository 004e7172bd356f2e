import StateJSON

/// The app's answer to `mark` and `unsubscribe`: what it did, for a person.
package struct LiveMessage: LiveOutcome {
    /// What happened: `marked "checked" after step 6`.
    package var message: String

    /// An answer saying `message`.
    package init(_ message: String) {
        self.message = message
    }

    package var fields: JSONObject {
        ["message": .string(message)]
    }

    package init(reading reply: LiveReplyFields) throws(LiveProtocolError) {
        message = try reply.string("message")
    }

    package var stepsThrough: Int? { nil }
}
