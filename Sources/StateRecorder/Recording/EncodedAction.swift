import StateJournal

/// An action as the journal stores it, together with its serialized form (the value of a step line's
/// `action` member), so an action recorded again is neither described nor serialized again.
///
/// A class, so that handing a cached one to the writer costs one retain rather than one per string.
final class EncodedAction: Sendable {
    /// The action record, for events that carry one (a rejected action).
    let action: JournalAction
    /// `action.jsonValue` in the canonical style: `{"label":…,"payload":…,"type":…}`.
    let bytes: [UInt8]

    init(_ action: JournalAction) {
        self.action = action
        bytes = action.jsonValue.serialized(.canonical)
    }
}
