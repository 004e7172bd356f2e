import StateJournal

/// One step as `log` and `find` list it.
///
/// ```text
///    12  counter.add(2)
///    13  counter.add(3)  at CounterApp/CounterView.swift:42
/// ```
///
/// The call site follows the label when the recorder stored one.
public struct StepSummary: Sendable, Equatable, CustomStringConvertible {
    /// The step number.
    public var step: Int
    /// The step's line in the file, when it has one.
    public var line: Int?
    /// The action.
    public var action: JournalAction
    /// When it was applied, in milliseconds since 1970 (0 when unknown).
    public var time: Int64

    /// Creates a summary.
    public init(step: Int, line: Int?, action: JournalAction, time: Int64) {
        self.step = step
        self.line = line
        self.action = action
        self.time = time
    }

    /// The step right-aligned in six columns, two spaces, the label, and `  at SITE` when known.
    public var description: String {
        let number = String(step)
        let site = action.site.map { "  at \($0)" } ?? ""
        return String(repeating: " ", count: max(0, 6 - number.count)) + number + "  " + action.label + site
    }
}
