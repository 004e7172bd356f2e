import StateJSON
import StateJournal

/// How a journal writer thread turns the states queued with its entries into the state part of their
/// lines: each writer mode has its own (see ``RecorderCapture``), so the writer never asks what its
/// states are.
///
/// Used by the writer thread alone.
protocol QueuedStateEncoding<State>: AnyObject {
    associatedtype State

    /// Whether a queued state is a whole state, whose size limits how many may wait in the queue
    /// (a prepared step holds only a patch's bytes).
    var holdsWholeStates: Bool { get }

    /// Appends the line of a step whose action is `actionBytes` (its call site, when known, goes in at
    /// the offset given) and whose state is `state`; returns the step's number.
    func appendStep(actionBytes: [UInt8], site: (StepSite, offset: Int)?, state: State, time: Int64, parent: Int?,
                    builder: JournalBuilder, into buffer: inout [UInt8]) throws -> Int

    /// Appends the keyframe line of a step that replaced the state without an action of the app's.
    func appendReplacement(action: JournalAction, state: State, time: Int64, parent: Int?, builder: JournalBuilder,
                           into buffer: inout [UInt8]) throws -> Int

    /// The fingerprint a travel to `state` records, as the builder now stands at it.
    func travelHash(to state: State, builder: JournalBuilder) throws -> UInt64
}

/// The states of a writer that encodes them itself: Swift values (or JSON an eager recorder made) go
/// through a ``StateSnapshotter``, are redacted, then diffed and fingerprinted by the builder.
final class SnapshottingStateEncoding<State>: QueuedStateEncoding {
    private let states: StateSnapshotter<State>
    private let redaction: Redaction

    init(states: StateSnapshotter<State>, redaction: Redaction) {
        self.states = states
        self.redaction = redaction
    }

    var holdsWholeStates: Bool { true }

    func appendStep(actionBytes: [UInt8], site: (StepSite, offset: Int)?, state: State, time: Int64, parent: Int?,
                    builder: JournalBuilder, into buffer: inout [UInt8]) throws -> Int {
        let json = try encode(state)
        defer { states.dropArrayChanges() }
        return try builder.appendReadableStep(actionBytes: actionBytes, state: json, time: time, parent: parent,
                                              changes: states.arrayChanges, site: site, into: &buffer)
    }

    func appendReplacement(action: JournalAction, state: State, time: Int64, parent: Int?, builder: JournalBuilder,
                           into buffer: inout [UInt8]) throws -> Int {
        let json = try encode(state)
        states.dropArrayChanges()
        return try builder.appendReadableStep(action: action, state: json, time: time, parent: parent, keyframe: true,
                                              into: &buffer)
    }

    func travelHash(to state: State, builder: JournalBuilder) throws -> UInt64 {
        let json = try encode(state)
        states.dropArrayChanges()
        return builder.travel(to: json)
    }

    /// The state as the journal stores it.
    private func encode(_ state: State) throws -> JSONValue {
        redaction.apply(to: try states.encode(state))
    }
}

/// The states of a writer whose queue carries steps the dispatching thread prepared
/// (``StateJournal/PreparedStepState``): their bytes are framed as they are, with nothing encoded,
/// diffed or fingerprinted here.
final class PreparedStateEncoding: QueuedStateEncoding {
    var holdsWholeStates: Bool { false }

    func appendStep(actionBytes: [UInt8], site: (StepSite, offset: Int)?, state: PreparedStepState, time: Int64, parent: Int?,
                    builder: JournalBuilder, into buffer: inout [UInt8]) throws -> Int {
        try builder.appendReadableStep(actionBytes: actionBytes, prepared: state, time: time, parent: parent, site: site,
                                       into: &buffer)
    }

    func appendReplacement(action: JournalAction, state: PreparedStepState, time: Int64, parent: Int?,
                           builder: JournalBuilder, into buffer: inout [UInt8]) throws -> Int {
        try builder.appendReadableStep(actionBytes: action.jsonValue.serialized(.canonical), prepared: state, time: time,
                                       parent: parent, into: &buffer)
    }

    func travelHash(to state: PreparedStepState, builder: JournalBuilder) throws -> UInt64 {
        state.hash
    }
}
