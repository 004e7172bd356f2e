import StateJSON

/// The app's answer to `jump`, `undo` and `redo`: the step whose state it now has.
package struct LiveTravel: LiveOutcome {
    /// The step the app is at now.
    package var step: Int
    /// What happened, for a person: `the app's state is now step 3`.
    package var message: String

    /// The answer for a travel that reached `step`.
    package init(step: Int) {
        self.step = step
        message = "the app's state is now step \(step)"
    }

    package var fields: JSONObject {
        ["step": .integer(Int64(step)), "message": .string(message)]
    }

    package init(reading reply: LiveReplyFields) throws(LiveProtocolError) {
        step = try reply.integer("step")
        message = try reply.string("message")
    }

    package var stepsThrough: Int? { nil }
}
