import StateJSON
import StateJournal

/// A step at which the values a path selects changed.
///
/// ```text
/// step 3 counter.add(2): .count 1 → 3
/// ```
public struct ValueChange: Sendable, Equatable, CustomStringConvertible {
    /// One value the path selected, with where it is.
    public struct Match: Sendable, Equatable {
        /// The value's location.
        public var pointer: JSONPointer
        /// The value.
        public var value: JSONValue

        /// Creates a match.
        public init(pointer: JSONPointer, value: JSONValue) {
            self.pointer = pointer
            self.value = value
        }
    }

    /// The step.
    public var step: Int
    /// The step's action.
    public var action: JournalAction
    /// What the path selected before the step (empty when nothing).
    public var old: [Match]
    /// What the path selects after it.
    public var new: [Match]

    /// Creates a change.
    public init(step: Int, action: JournalAction, old: [Match], new: [Match]) {
        self.step = step
        self.action = action
        self.old = old
        self.new = new
    }

    /// The old value(s) as one JSON value: the single value, an array for several, `nil` for none.
    public var oldValue: JSONValue? { Self.combined(old) }
    /// The new value(s) as one JSON value.
    public var newValue: JSONValue? { Self.combined(new) }

    public var description: String {
        func text(_ value: JSONValue?) -> String {
            value.map { String(decoding: $0.serialized(.canonical), as: UTF8.self) } ?? "(absent)"
        }
        return "step \(step) \(action.label): \(text(oldValue)) → \(text(newValue))"
    }

    private static func combined(_ matches: [Match]) -> JSONValue? {
        switch matches.count {
        case 0: nil
        case 1: matches[0].value
        default: .array(matches.map(\.value))
        }
    }
}
