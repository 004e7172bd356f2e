import StateJSON

/// What is wrong with one journal line, independent of where the line is.
///
/// ``JournalError`` adds the file and line number; this type says what is wrong inside the line.
public enum JournalLineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line is not valid JSON.
    case invalidJSON(JSONParseError)
    /// The line is JSON but not an object.
    case notAnObject(found: JSONValue.Kind)
    /// A required member is missing.
    case missingField(String)
    /// A member has the wrong kind of value.
    case wrongType(field: String, expected: String, found: JSONValue.Kind)
    /// A member has a value outside what the format allows.
    case invalidValue(field: String, reason: String)
    /// The line is neither a header, a step nor a known event.
    case unknownLineKind(String)

    /// What is wrong with the line, as a phrase a ``JournalError`` places after the file and line.
    public var description: String {
        switch self {
        case .invalidJSON(let error):
            "the line is not valid JSON (\(error))"
        case .notAnObject(let kind):
            "the line is a JSON \(kind), but every journal line must be an object"
        case .missingField(let field):
            "the line has no \"\(field)\" member"
        case .wrongType(let field, let expected, let found):
            "\"\(field)\" must be \(expected), but it is a \(found)"
        case .invalidValue(let field, let reason):
            "\"\(field)\" \(reason)"
        case .unknownLineKind(let kind):
            "the line is of unknown kind \"\(kind)\"; this reader knows steps and the events rejected, commandError, travel, marker and closed"
        }
    }
}
