import StateJSON

/// Something the app tells a client unasked: `{"live":"paused",…}`.
///
/// ```swift
/// LiveNotice(.dropped(reason: "wrong or missing token")).line
/// // {"live":"dropped","reason":"wrong or missing token"}\n
/// ```
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
        /// The app dialed this debugger; `challenge` is what the debugger's `hello` must answer.
        case dialed
        /// A step met a trap this client set: `number`, `step`, `condition`, and `stopped`, whether a
        /// debugger attached to the app stopped it there (without one the trap is skipped).
        case trap
    }

    /// What happened, with what each kind carries: the notice as a type.
    package enum Event: Sendable, Equatable {
        /// Another client paused the app.
        case paused
        /// Another client resumed the app; `queued` actions ran.
        case resumed(queued: Int)
        /// The app is closing this connection, for `reason`.
        case dropped(reason: String)
        /// The app closed its recorder, for `reason`; nothing more will come.
        case closed(reason: String)
        /// A new header line follows.
        case rebased
        /// The app dialed this debugger, which must answer `challenge` in its `hello`.
        case dialed(challenge: String)
        /// Step `step` met trap `number` (`condition` as ``LiveTrap/Condition/text`` writes it); `stopped`
        /// says whether a debugger attached to the app stopped it, else the trap was skipped.
        case trap(number: Int, step: Int, condition: String, stopped: Bool)
    }

    /// What happened.
    package var kind: Kind
    /// Details: `reason`, `queued`, `challenge`.
    package var fields: JSONObject

    /// A notice.
    package init(_ kind: Kind, fields: JSONObject = JSONObject()) {
        self.kind = kind
        self.fields = fields
    }

    /// The notice of `event`.
    package init(_ event: Event) {
        switch event {
        case .paused: self.init(Kind.paused)
        case .resumed(let queued): self.init(Kind.resumed, fields: ["queued": .integer(Int64(queued))])
        case .dropped(let reason): self.init(Kind.dropped, fields: ["reason": .string(reason)])
        case .closed(let reason): self.init(Kind.closed, fields: ["reason": .string(reason)])
        case .rebased: self.init(Kind.rebased)
        case .dialed(let challenge): self.init(Kind.dialed, fields: ["challenge": .string(challenge)])
        case .trap(let number, let step, let condition, let stopped):
            self.init(Kind.trap, fields: ["number": .integer(Int64(number)), "step": .integer(Int64(step)),
                                          "condition": .string(condition), "stopped": .bool(stopped)])
        }
    }

    /// The notice as a type; a notice without the member its kind carries says so in its place.
    package var event: Event {
        let reason = fields["reason"]?.stringValue ?? "the app gave no reason"
        switch kind {
        case .paused: return .paused
        case .resumed: return .resumed(queued: fields["queued"]?.int64Value.flatMap { Int(exactly: $0) } ?? 0)
        case .dropped: return .dropped(reason: reason)
        case .closed: return .closed(reason: reason)
        case .rebased: return .rebased
        case .dialed: return .dialed(challenge: fields["challenge"]?.stringValue ?? "")
        case .trap:
            func integer(_ key: String) -> Int { fields[key]?.int64Value.flatMap { Int(exactly: $0) } ?? 0 }
            return .trap(number: integer("number"), step: integer("step"), condition: fields["condition"]?.stringValue ?? "",
                         stopped: fields["stopped"] == .bool(true))
        }
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
