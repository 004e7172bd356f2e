import StateJSON

/// What is wrong with one journal line, independent of where the line is.
///
/// ``JournalError`` adds the file and line number; this type says what is wrong inside the line.
///
/// Indirect, so that it takes one word where it is carried without being thrown: in the result of
/// every line a reader reads, in every step a recorder prepares.
public indirect enum JournalLineError: Error, Sendable, Equatable, CustomStringConvertible {
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
    /// The line is longer than `limit` bytes (``JournalLimits/maxLineBytes``).
    case tooLong(limit: Int)
    /// A member's value (or, with no `field`, the line) nests arrays and objects deeper than `limit`,
    /// the most the line holds there (see ``JournalLimits``).
    case tooDeep(field: String?, limit: Int)
    /// A member's value holds a number whose JSON text would read back as another value: a NaN or an
    /// infinity, which JSON has no text for, or a number kept as text that is not that number's JSON.
    case unreadableNumber(field: String, at: JSONPointer, number: String)

    /// What is wrong with the line, as a phrase a ``JournalError`` places after the file and line.
    public var description: String {
        switch self {
        case .invalidJSON(let error) where error.code == .repeatedKey:
            "the line names a member twice in one object (\(String(describing: error).withoutFinalPeriod)); a journal line names each once"
        case .invalidJSON(let error):
            "the line is not valid JSON (\(String(describing: error).withoutFinalPeriod))"
        case .notAnObject(let kind):
            "the line is a JSON \(kind), but every journal line must be an object"
        case .missingField(let field):
            "the line has no \"\(field)\" member"
        case .wrongType(let field, let expected, let found):
            "\"\(field)\" must be \(expected), but it is a \(found)"
        case .invalidValue(let field, let reason):
            "\"\(field)\" \(reason)"
        case .unknownLineKind(let kind):
            "the line is of unknown kind \"\(kind)\"; this reader knows steps and the events rejected, commandError, travel, marker, closed, actionInFlight and crashed"
        case .tooLong(let limit):
            "the line is longer than \(Self.size(limit)), the most a journal line may hold"
        case .tooDeep(let field?, let limit):
            "\"\(field)\" nests arrays and objects deeper than \(limit) levels, the most a journal line holds there"
        case .tooDeep(nil, let limit):
            "the line nests arrays and objects deeper than \(limit) levels, the most a journal line may"
        case .unreadableNumber(let field, let pointer, let number):
            "\"\(field)\" holds the number \(number) \(pointer.isRoot ? "as its whole value" : "at \(pointer)"), which has no JSON text that reads back as the same value"
        }
    }

    /// `64 MiB`, or a byte count that is not a whole number of mebibytes.
    private static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}
