/// Which elements differ between pairs of arrays, as noted by whoever built the new array from the old
/// one, so that a diff or a fingerprinter comparing the pair looks only there.
///
/// An incremental encoder that reuses the previous value's array and replaces a few elements knows
/// which it replaced; without this note, the diff and the fingerprinter that follow would each compare
/// every element of the pair again to find them. A pair is named by the two arrays' storage and
/// lengths: a note applies only to the exact arrays it was made for, and any other pair is compared
/// element by element as before.
///
/// A note holds both arrays, so neither storage can be freed and its address taken by another array
/// while the note exists, nor changed in place (it is shared): an address found in the notes always
/// names the very array noted, with the elements it had. Drop the notes (``removeAll()``) once they are
/// used, so that whoever built the arrays can update its own storage in place again.
///
/// ```swift
/// var changes = JSONArrayChanges()
/// changes.note(old: previousUsers, new: users, changed: [900])
/// changes.changedIndices(old: previousUsers, new: users)   // [900]
/// ```
package struct JSONArrayChanges: Sendable {
    private struct Pair: Hashable {
        let old: UInt
        let new: UInt
        let oldCount: Int
        let newCount: Int
    }

    private struct Note {
        let change: Change
        /// Held only to keep both storages alive and unchanged while the note names them by address.
        let old: [JSONValue]
        let new: [JSONValue]
    }

    private enum Change {
        /// Positions below the shorter length; past it, elements were appended or removed at the end.
        case positions([Int])
        /// One run replaced by another, the elements before and after it kept (those after shifted).
        case run(old: Range<Int>, new: Range<Int>)
    }

    private var notes: [Pair: Note] = [:]

    /// No notes: every pair is compared element by element.
    package init() {}

    /// Whether there are no notes.
    package var isEmpty: Bool { notes.isEmpty }

    /// How many pairs are noted.
    package var count: Int { notes.count }

    /// Notes that `new` differs from `old` at `indices` only (ascending, each below the shorter
    /// length), and is bitwise equal to it at every other position below the shorter length: each
    /// element there is a copy of the old one (the same scalar, or the same storage). When the lengths
    /// differ, elements were appended to the end or removed from it.
    ///
    /// Nothing is noted for empty arrays or arrays that share their storage (those compare in O(1)).
    package mutating func note(old: [JSONValue], new: [JSONValue], changed indices: [Int]) {
        guard let pair = Self.pair(old, new) else { return }
        notes[pair] = Note(change: .positions(indices), old: old, new: new)
    }

    /// Notes that `new` is `old` with the elements in `oldRun` replaced by those in `newRun` (both
    /// starting at the same position and leaving as many elements after them): the elements before and
    /// after the runs are copies of the old ones (the same scalar, or the same storage).
    ///
    /// Nothing is noted for runs that do not fit that description, empty arrays or arrays that share
    /// their storage.
    package mutating func note(old: [JSONValue], new: [JSONValue], replacing oldRun: Range<Int>, with newRun: Range<Int>) {
        guard oldRun.lowerBound == newRun.lowerBound, oldRun.lowerBound >= 0,
              oldRun.upperBound <= old.count, newRun.upperBound <= new.count,
              old.count - oldRun.upperBound == new.count - newRun.upperBound,
              let pair = Self.pair(old, new)
        else { return }
        notes[pair] = Note(change: .run(old: oldRun, new: newRun), old: old, new: new)
    }

    /// The positions at which `new` differs from `old`, ascending, when that was noted for these two
    /// arrays of the same length; `nil` when nothing was, and they must be compared element by element.
    package func changedIndices(old: [JSONValue], new: [JSONValue]) -> [Int]? {
        guard old.count == new.count else { return nil }
        return changedIndicesBelowCommonLength(old: old, new: new)
    }

    /// The positions below the shorter length at which `new` differs from `old`, ascending, when that was
    /// noted for these two arrays; the elements past the shorter length were appended to the end of
    /// `new` or removed from the end of `old`. `nil` when nothing was noted.
    package func changedIndicesBelowCommonLength(old: [JSONValue], new: [JSONValue]) -> [Int]? {
        guard !notes.isEmpty, let pair = Self.pair(old, new), case .positions(let indices)? = notes[pair]?.change else {
            return nil
        }
        return indices
    }

    /// The run of `old` that `new` replaced by a run of its own, when that was noted for these two
    /// arrays (``note(old:new:replacing:with:)``): every element before the runs, and after them, is
    /// the same in both. `nil` when nothing was noted, or positions were.
    package func replacedRun(old: [JSONValue], new: [JSONValue]) -> (old: Range<Int>, new: Range<Int>)? {
        guard !notes.isEmpty, let pair = Self.pair(old, new), case .run(let oldRun, let newRun)? = notes[pair]?.change else {
            return nil
        }
        return (oldRun, newRun)
    }

    /// Adds the notes of `other` (of other arrays, as several encoders made them for one value); a note
    /// of the same pair replaces this one's.
    package mutating func merge(_ other: JSONArrayChanges) {
        if notes.isEmpty {
            notes = other.notes
            return
        }
        notes.merge(other.notes) { _, theirs in theirs }
    }

    /// Forgets every note, keeping the storage for the next value's.
    package mutating func removeAll() {
        // Checked first: emptying a dictionary that never held anything would still allocate it storage.
        if !notes.isEmpty { notes.removeAll(keepingCapacity: true) }
    }

    // Safe because the base addresses are only compared and hashed as numbers, never dereferenced.
    private static func pair(_ old: [JSONValue], _ new: [JSONValue]) -> Pair? {
        guard !old.isEmpty, !new.isEmpty else { return nil }
        let oldBase = old.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let newBase = new.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        guard oldBase != newBase else { return nil }
        return Pair(old: oldBase, new: newBase, oldCount: old.count, newCount: new.count)
    }
}
