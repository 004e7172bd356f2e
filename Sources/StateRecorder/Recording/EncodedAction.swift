import StateJSON
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
    /// Where the `,"type":` member starts in ``bytes``: a call site goes in just before it, keeping
    /// the members sorted.
    let typeMemberStart: Int
    /// `action.callValue` in the canonical style, `{"call":…}`, which journals from format version 4 on
    /// write instead of ``bytes`` when the label gives back the tag and payload; `nil` when it does not.
    let callBytes: [UInt8]?

    init(_ action: JournalAction) {
        self.action = action
        bytes = action.jsonValue.serialized(.canonical)
        // `,"type":` (8 bytes), the tag's JSON text, and the closing brace end the object.
        typeMemberStart = bytes.count - 1 - JSONValue.string(action.type).serialized(.canonical).count - 8
        callBytes = action.callValue?.serialized(.canonical)
    }

    /// The action's serialized form in a journal of format `version`.
    func bytes(version: Int) -> [UInt8] {
        version >= 4 ? callBytes ?? bytes : bytes
    }

    /// Where a call site's member goes in ``bytes(version:)``: after `call` (before the closing brace),
    /// or before `type`, keeping the members sorted.
    func siteOffset(version: Int) -> Int {
        if version >= 4, let callBytes { return callBytes.count - 1 }
        return typeMemberStart
    }
}
