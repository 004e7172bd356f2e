import StateJSON

/// The app's answer to `subscribe`: the step its lines start from, then the header and those lines follow.
package struct LiveSubscription: LiveAnswer {
    /// The first step line that follows the header (the step asked for, or the history's first).
    package var from: Int
    /// The first step the history holds after its header.
    package var firstStep: Int
    /// The app's last step when it answered.
    package var lastStep: Int

    /// A subscription's answer.
    package init(from: Int, firstStep: Int, lastStep: Int) {
        self.from = from
        self.firstStep = firstStep
        self.lastStep = lastStep
    }

    package var fields: JSONObject {
        ["from": .integer(Int64(from)), "firstStep": .integer(Int64(firstStep)), "lastStep": .integer(Int64(lastStep))]
    }

    package init(reading reply: LiveReplyFields) throws(LiveProtocolError) {
        from = try reply.integer("from")
        firstStep = try reply.integer("firstStep")
        lastStep = try reply.integer("lastStep")
    }
}
