/// Whether a recording's schema matches the current code (``AppSchema/compatibility(withRecorded:recordedVersion:)``).
///
/// ```swift
/// print(app.schema.compatibility(withRecorded: header.schema))
/// ```
/// ```text
/// incompatible: the state's .items[].title was renamed to .items[].name, or replaced by it
/// ```
public enum SchemaCompatibility: Sendable, Equatable, CustomStringConvertible {
    /// The same types, as far as both schemas describe them: replay is safe.
    case compatible
    /// Only additions (new action cases, new optional fields, fields that became optional) or optional
    /// fields gone, each with a note; or no schema to compare. Replay will probably work.
    case risky([String])
    /// Fields or cases the recording uses were renamed, retyped or removed, or a new field is not
    /// optional: replay will fail or diverge.
    case incompatible([String])

    /// The verdict followed by its notes, as `statedbg check` prints it.
    public var description: String {
        switch self {
        case .compatible:
            "compatible: the recording's state and action types match the current code"
        case .risky(let reasons):
            "risky: " + (reasons.isEmpty ? "the types differ only by additions" : reasons.joined(separator: "; "))
        case .incompatible(let reasons):
            "incompatible: " + reasons.joined(separator: "; ")
        }
    }
}
