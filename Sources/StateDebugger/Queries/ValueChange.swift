import StateJSON
import StateJournal
import StateQuery

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

    /// One location whose value the step changed.
    public struct Location: Sendable, Equatable {
        /// Where the value is.
        public var pointer: JSONPointer
        /// The value before the step, `nil` when the path did not select it.
        public var old: JSONValue?
        /// The value after the step, `nil` when the path no longer selects it.
        public var new: JSONValue?
    }

    /// The locations whose value differs, in the order the path selected them before the step, then
    /// the locations that are new.
    public var locations: [Location] {
        var newByPointer: [JSONPointer: JSONValue] = [:]
        for match in new { newByPointer[match.pointer] = match.value }
        var oldPointers: Set<JSONPointer> = []
        var result: [Location] = []
        for match in old {
            oldPointers.insert(match.pointer)
            let value = newByPointer[match.pointer]
            if value != match.value { result.append(Location(pointer: match.pointer, old: match.value, new: value)) }
        }
        for match in new where !oldPointers.contains(match.pointer) {
            result.append(Location(pointer: match.pointer, old: nil, new: match.value))
        }
        return result
    }

    /// The change as one line, or a line per location when several changed.
    ///
    /// - Parameter namingPaths: Whether to name the path of each location; `false` suits a path that
    ///   selects one value, which the caller has already named.
    ///
    /// ```text
    /// step 3 counter.add(2): 1 → 3
    /// step 7 users.reset:
    ///   .users[0].age 45 → 0
    ///   .users[1].age 59 → 0
    /// ```
    public func rendered(namingPaths: Bool) -> String {
        func text(_ value: JSONValue?) -> String {
            value.map { String(decoding: $0.serialized(.canonical), as: UTF8.self) } ?? "(absent)"
        }
        let heading = "step \(step) \(action.label):"
        guard namingPaths else { return "\(heading) \(text(oldValue)) → \(text(newValue))" }
        let lines = locations.map { "\(JSONPath(pointer: $0.pointer)) \(text($0.old)) → \(text($0.new))" }
        if lines.count == 1 { return "\(heading) \(lines[0])" }
        return ([heading] + lines.map { "  " + $0 }).joined(separator: "\n")
    }

    /// The change naming each path that changed: `step 3 counter.add(2): .count 1 → 3`.
    public var description: String { rendered(namingPaths: true) }

    private static func combined(_ matches: [Match]) -> JSONValue? {
        switch matches.count {
        case 0: nil
        case 1: matches[0].value
        default: .array(matches.map(\.value))
        }
    }
}
