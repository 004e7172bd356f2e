import StateJSON

/// The limits every journal line keeps: one set, which the writer checks before it writes a line and
/// every reader enforces when it reads one, so that a recorder never writes what its readers refuse.
///
/// - A line holds at most ``maxLineBytes`` bytes before its line feed.
/// - A line nests arrays and objects at most ``maxDepth`` deep, its own object included: a step's
///   `state` and `action` (members of the line) at most ``maxValueDepth``, a patch operation's
///   `value` (inside `patch`, an array of operation objects) at most `maxDepth - 3`.
/// - Every number is written as JSON reads it back: a finite `Double`, an integer of any length, or a
///   number kept as text that is the parser's own text for it. A NaN or an infinity has no JSON text.
/// - No object names a key twice. Readers take the last member of a repeated key, as JSON readers
///   commonly do; `statedbg check` reports it, since another reader may take the first.
///
/// <doc:JournalFormat> states the same limits for other writers and readers.
public enum JournalLimits {
    /// The most bytes a line holds before its line feed: 64 MiB.
    public static let maxLineBytes = 64 << 20

    /// The deepest a line nests arrays and objects, its own object included: 512, the JSON parser's
    /// default (`JSONParser.Limits.maxDepth` in StateJSON).
    public static let maxDepth = JSONParser.Limits.default.maxDepth

    /// The deepest a member of a line (a step's `state`, its `action`) nests arrays and objects: one
    /// level less than ``maxDepth``, which the line's own object takes.
    public static let maxValueDepth = maxDepth - 1

    /// The deepest a patch operation's `value` nests: the line, its `patch` array and the operation
    /// object hold it.
    static let maxPatchValueDepth = maxDepth - 3

    /// The parser every reader reads lines with: at most ``maxDepth`` deep.
    package static let parser = JSONParser(limits: .init(maxDepth: maxDepth))

    /// The parser `statedbg check` reads lines with: ``parser``, and an object that names a key twice
    /// refused, since two readers could see two different values in it.
    package static let checkingParser = JSONParser(limits: .init(maxDepth: maxDepth), repeatedKeys: .rejected)

    /// The parser for one member's value read alone (a state, a patch, an action), as `lineParser`
    /// would read it inside its line: one level less deep, since the line's object holds it.
    package static func memberParser(of lineParser: JSONParser) -> JSONParser {
        JSONParser(limits: .init(maxDepth: max(0, lineParser.limits.maxDepth - 1)), repeatedKeys: lineParser.repeatedKeys)
    }
}
