import StateJSON

/// The app's answer to `pause` and `resume`: whether it is paused now, and after a resume how many
/// queued actions ran.
package struct LivePauseChange: LiveOutcome {
    /// Whether the app's dispatching is held now.
    package var paused: Bool
    /// After `resume`, how many queued actions ran; `nil` after `pause`.
    package var queued: Int?
    /// What happened, for a person.
    package var message: String

    /// The answer to `pause`.
    package static var paused: LivePauseChange {
        LivePauseChange(paused: true, queued: nil, message: "the app's dispatching is paused; its actions queue until resume")
    }

    /// The answer to `resume`, after `queued` queued actions ran.
    package static func resumed(queued: Int) -> LivePauseChange {
        LivePauseChange(paused: false, queued: queued,
                        message: "the app dispatches again; \(queued) queued action\(queued == 1 ? "" : "s") ran")
    }

    private init(paused: Bool, queued: Int?, message: String) {
        self.paused = paused
        self.queued = queued
        self.message = message
    }

    package var fields: JSONObject {
        var fields: JSONObject = ["paused": .bool(paused), "message": .string(message)]
        if let queued { fields["queued"] = .integer(Int64(queued)) }
        return fields
    }

    package init(reading reply: LiveReplyFields) throws(LiveProtocolError) {
        paused = try reply.bool("paused")
        queued = reply.object["queued"] == nil ? nil : try reply.integer("queued")
        message = try reply.string("message")
    }

    package var stepsThrough: Int? { nil }
}
