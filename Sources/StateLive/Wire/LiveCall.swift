import StateJSON

/// A command with the type of its answer: what a client sends when it wants the reply read back as
/// a ``LiveAnswer``.
///
/// ```swift
/// let status = try client.call(.status)          // a LiveStatus
/// print(status.lastStep, status.paused)
/// let travel = try client.call(.jump(step: 3))   // a LiveTravel
/// print(travel.message)                          // the app's state is now step 3
/// ```
package struct LiveCall<Answer: LiveAnswer>: Sendable, Equatable {
    /// The command sent.
    package let command: LiveCommand

    private init(_ command: LiveCommand) {
        self.command = command
    }
}

extension LiveCall where Answer == LiveGreeting {
    /// `hello`, with the client's name and, over TCP, the token; to an app that dialed out, the proof.
    package static func hello(client: String?, token: String? = nil, proof: LiveProof? = nil) -> Self {
        Self(.hello(version: LiveProtocol.version, client: client, token: token, proof: proof))
    }
}

extension LiveCall where Answer == LiveSubscription {
    /// `subscribe` from step `from` (0: everything the app holds).
    package static func subscribe(from: Int) -> Self { Self(.subscribe(from: from)) }
}

extension LiveCall where Answer == LiveMessage {
    /// `unsubscribe`.
    package static var unsubscribe: Self { Self(.unsubscribe) }
    /// `mark` with a marker's name.
    package static func mark(name: String) -> Self { Self(.mark(name: name)) }
    /// `trap`: sets a trap in the app.
    package static func trap(_ trap: LiveTrap) -> Self { Self(.trap(trap)) }
    /// `untrap`: removes this client's trap `number`.
    package static func untrap(number: Int) -> Self { Self(.untrap(number: number)) }
}

extension LiveCall where Answer == LiveTravel {
    /// `jump` to a step.
    package static func jump(step: Int) -> Self { Self(.jump(step: step)) }
    /// `undo`, `count` steps.
    package static func undo(count: Int) -> Self { Self(.undo(count: count)) }
    /// `redo`, `count` steps.
    package static func redo(count: Int) -> Self { Self(.redo(count: count)) }
}

extension LiveCall where Answer == LiveDispatched {
    /// `dispatch` an action given by its tag (or a unique last part of it) and payload.
    package static func dispatch(type: String, payload: JSONValue) -> Self { Self(.dispatch(type: type, payload: payload)) }
}

extension LiveCall where Answer == LivePauseChange {
    /// `pause`.
    package static var pause: Self { Self(.pause) }
    /// `resume`.
    package static var resume: Self { Self(.resume) }
}

extension LiveCall where Answer == LiveSnapshot {
    /// `snapshot`.
    package static var snapshot: Self { Self(.snapshot) }
}

extension LiveCall where Answer == LiveStatus {
    /// `status`.
    package static var status: Self { Self(.status) }
}

extension LiveCall where Answer == LiveJournalParts {
    /// `journal`.
    package static var journal: Self { Self(.journal) }
}

extension LiveCall where Answer == LiveJournalChunk {
    /// `read` of up to `length` bytes of the journal file `part` from `offset`.
    package static func read(part: Int, offset: Int, length: Int = LiveCommand.defaultReadBytes) -> Self {
        Self(.read(part: part, offset: offset, length: length))
    }
}
