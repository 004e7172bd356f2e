/// Renders a whole JSON value for people: pretty JSON, two-space indent, keys in order.
///
/// ```swift
/// let state: JSONValue = ["count": 3, "users": [["id": 1, "name": "Blob"], ["id": 2], ["id": 3]]]
/// print(JSONDumper(options: .init(maxArrayElements: 1)).dump(state))
/// ```
/// ```text
/// {
///   "count": 3,
///   "users": [
///     {
///       "id": 1,
///       "name": "Blob"
///     },
///     … (2 more)
///   ]
/// }
/// ```
public struct JSONDumper: Sendable {
    /// What to show.
    public struct Options: Sendable, Hashable {
        /// Arrays show at most this many elements and fold the rest into `… (N more)`;
        /// `nil` shows every element.
        public var maxArrayElements: Int?
        /// A line printed before the value, typically the path being dumped (`.users[3]`).
        public var header: String?

        /// Options that show everything, without a header.
        public init(maxArrayElements: Int? = nil, header: String? = nil) {
            self.maxArrayElements = maxArrayElements
            self.header = header
        }
    }

    /// The options in effect.
    public var options: Options
    /// What the numbers at some paths stand for, written beside them (a `Date`'s ISO 8601 rendering).
    public var notes: JSONValueNotes

    /// A dumper with the given options and notes.
    public init(options: Options = Options(), notes: JSONValueNotes = JSONValueNotes()) {
        self.options = options
        self.notes = notes
    }

    /// The rendered text, without a trailing newline.
    public func dump(_ value: JSONValue) -> String {
        var writer = JSONLineWriter(style: .plain, maxArrayElements: options.maxArrayElements)
        if let header = options.header { writer.line(.none, indent: 0, header) }
        writer.value(value, marker: .none, indent: 0, label: "", comma: false, notes: notes.root)
        return writer.output
    }
}
