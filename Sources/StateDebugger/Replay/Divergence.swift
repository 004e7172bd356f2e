import StateJSON
import StateJournal
import StateStore

/// The first step where replaying a recording through the current code disagrees with the recording.
///
/// `-` lines of ``rendered`` are the recorded state, `+` lines the state the current code produced:
///
/// ```text
/// counter.jsonl:4: step 3 (counter.add(2)) diverges: the current code produces a different state (- recorded, + replayed):
///   {
/// -   "count": 3,
/// +   "count": 5,
///     "notes": []
///   }
/// ```
public struct Divergence: Sendable, Equatable, CustomStringConvertible {
    /// How the replay disagreed.
    public enum Kind: Sendable, Equatable {
        /// The reducer produced a different state.
        case stateMismatch
        /// A validator of the current code rejected an action the recording applied.
        case rejected(Rejection)
    }

    /// The step.
    public var step: Int
    /// The step's line in the file, when it has one.
    public var line: Int?
    /// The recording's path or name.
    public var source: String
    /// The step's action.
    public var action: JournalAction
    /// How the replay disagreed.
    public var kind: Kind
    /// The state the recording holds after the step.
    public var recorded: JSONValue
    /// The state the current code produced (for a rejection: the state before the step, which it kept).
    public var actual: JSONValue
    /// The patch from the recorded state to the actual one.
    public var patch: JSONPatch
    /// The custom-dump style diff, `-` recorded and `+` actual; empty when the states are equal.
    public var rendered: String

    /// Builds a divergence, computing the patch and the rendered diff.
    public init(step: Int, line: Int?, source: String, action: JournalAction, kind: Kind,
                recorded: JSONValue, actual: JSONValue, renderer: JSONDiffRenderer = JSONDiffRenderer()) {
        self.step = step
        self.line = line
        self.source = source
        self.action = action
        self.kind = kind
        self.recorded = recorded
        self.actual = actual
        patch = JSONDiff.patch(from: recorded, to: actual)
        rendered = renderer.render(from: recorded, to: actual) ?? ""
    }

    /// Where and how the replay diverged, `file:line: step N (action) diverges: …`, with a diff when
    /// the states differ (`-` recorded, `+` replayed).
    public var description: String {
        let location = line.map { "\(source):\($0)" } ?? source
        switch kind {
        case .stateMismatch:
            return "\(location): step \(step) (\(action.label)) diverges: the current code produces a different state (- recorded, + replayed):\n\(rendered)"
        case .rejected(let rejection):
            return "\(location): step \(step) (\(action.label)) diverges: the recording applied it but the current validator \(rejection.validator) rejects it: \(rejection.reason)."
        }
    }
}
