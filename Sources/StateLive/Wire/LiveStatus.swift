import StateJSON

/// The app's answer to `status`: its steps, whether it is paused, how many debuggers are attached.
package struct LiveStatus: LiveAnswer {
    /// The app's last step.
    package var lastStep: Int
    /// The step whose state the app has.
    package var currentStep: Int
    /// Whether a debugger paused the app's dispatching.
    package var paused: Bool
    /// How many clients completed `hello`, this one included.
    package var clients: Int

    /// A status.
    package init(lastStep: Int, currentStep: Int, paused: Bool, clients: Int) {
        self.lastStep = lastStep
        self.currentStep = currentStep
        self.paused = paused
        self.clients = clients
    }

    package var fields: JSONObject {
        ["lastStep": .integer(Int64(lastStep)), "currentStep": .integer(Int64(currentStep)), "paused": .bool(paused),
         "clients": .integer(Int64(clients))]
    }

    package init(reading reply: LiveReplyFields) throws(LiveProtocolError) {
        lastStep = try reply.integer("lastStep")
        currentStep = try reply.integer("currentStep")
        paused = try reply.bool("paused")
        clients = try reply.integer("clients")
    }
}
