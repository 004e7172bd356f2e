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

    /// Appends the action's serialized form in a journal of format `version` with a call site's
    /// `,"site":"…"` member in it.
    func write(siteMember: [UInt8], version: Int, into buffer: inout [UInt8]) {
        let (form, siteStart) = version >= 4 && callBytes != nil
            ? (callBytes ?? bytes, (callBytes?.count ?? 1) - 1) // `site` follows `call`, before the closing brace
            : (bytes, typeMemberStart)
        // Through buffer pointers: appending array slices goes element by element, this is two copies.
        // Safe because siteStart lies within form (typeMemberStart set in init, or the last index of callBytes), and
        // the slices are copied before the closure ends.
        form.withUnsafeBufferPointer { action in
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: action[..<siteStart]))
            buffer.append(contentsOf: siteMember)
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: action[siteStart...]))
        }
    }
}
