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

    init(_ action: JournalAction) {
        self.action = action
        bytes = action.jsonValue.serialized(.canonical)
        // `,"type":` (8 bytes), the tag's JSON text, and the closing brace end the object.
        typeMemberStart = bytes.count - 1 - JSONValue.string(action.type).serialized(.canonical).count - 8
    }

    /// Appends the action's serialized form with a call site's `,"site":"…"` member in it.
    func write(siteMember: [UInt8], into buffer: inout [UInt8]) {
        // Through buffer pointers: appending array slices goes element by element, this is two copies.
        // Safe because typeMemberStart lies within bytes (set in init), and the slices are copied before the closure
        // ends.
        bytes.withUnsafeBufferPointer { action in
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: action[..<typeMemberStart]))
            buffer.append(contentsOf: siteMember)
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: action[typeMemberStart...]))
        }
    }
}
