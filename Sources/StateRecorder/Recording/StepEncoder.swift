import StateJSON
import StateJournal

/// Encodes a recorder's Swift values as the journal stores them: states through a
/// ``StateSnapshotter`` and redacted, actions through an ``ActionSnapshotter``.
final class StepEncoder<State, Action> {
    private let states: StateSnapshotter<State>
    private let actions: ActionSnapshotter<Action>
    private let redaction: Redaction

    init(states: StateSnapshotter<State>, actions: ActionSnapshotter<Action>, redaction: Redaction) {
        self.states = states
        self.actions = actions
        self.redaction = redaction
    }

    /// The state as the journal stores it.
    func encodeState(_ state: State) throws -> JSONValue {
        redaction.apply(to: try states.encode(state))
    }

    /// Which elements differ between arrays of the state last encoded and of the one before, as the
    /// journal's diff and fingerprint can use them (see ``StateSnapshotter/arrayChanges``); `nil` when
    /// unknown. Valid until the next state is encoded.
    var stateArrayChanges: JSONArrayChanges? { states.arrayChanges }

    /// Releases ``stateArrayChanges`` once used (see ``StateSnapshotter/dropArrayChanges()``).
    func dropStateArrayChanges() {
        states.dropArrayChanges()
    }

    /// The action as the journal stores it, with its serialized form.
    func encodedAction(_ action: Action) throws -> EncodedAction {
        try actions.encoded(action)
    }
}
