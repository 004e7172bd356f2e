import StateJSON

/// The app's answer to `dispatch`: the action it ran (or queued, while paused) and its last step.
package struct LiveDispatched: LiveOutcome {
    /// The action's label: `counter.increase`, `users.addUser(name: "Ada", age: 36)`.
    package var label: String
    /// Whether the app is paused and queued the action for `resume`.
    package var queued: Bool
    /// The app's last step after the dispatch.
    package var lastStep: Int
    /// What happened, for a person.
    package var message: String

    /// The answer for an action dispatched (or queued) with its label, the app's last step then.
    package init(label: String, queued: Bool, lastStep: Int) {
        self.label = label
        self.queued = queued
        self.lastStep = lastStep
        message = queued
            ? "the app is paused: \(label) is queued and runs on resume"
            : "the app dispatched \(label); its last step is \(lastStep)"
    }

    package var fields: JSONObject {
        ["label": .string(label), "queued": .bool(queued), "lastStep": .integer(Int64(lastStep)), "message": .string(message)]
    }

    package init(reading reply: LiveReplyFields) throws(LiveProtocolError) {
        label = try reply.string("label")
        queued = try reply.bool("queued")
        lastStep = try reply.integer("lastStep")
        message = try reply.string("message")
    }

    package var stepsThrough: Int? { lastStep }
}
