import StateJSON

/// The app's answer to `snapshot`: its current step and that step's state as its journal holds it.
package struct LiveSnapshot: LiveAnswer {
    /// The step whose state the app has.
    package var step: Int
    /// The state, as the journal holds it (redacted where the app redacts).
    package var state: JSONValue

    /// A snapshot of `state` at `step`.
    package init(step: Int, state: JSONValue) {
        self.step = step
        self.state = state
    }

    package var fields: JSONObject {
        ["step": .integer(Int64(step)), "state": state]
    }

    package init(reading reply: LiveReplyFields) throws(LiveProtocolError) {
        step = try reply.integer("step")
        state = try reply.value("state")
    }
}
