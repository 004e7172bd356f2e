import StateJSON

/// Why a journal could not be written or read, with the file and line where it happened.
///
/// Every description is one sentence that starts with the location, in the form compilers use:
///
/// ```text
/// Recordings/bank.jsonl:42: step 42 holds "hash":"00ff…" but the rebuilt state hashes to 9c1d…; the line was changed or the patch is wrong.
/// ```
public struct JournalError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The broad class of failure, which decides the exit status of the command line.
    public enum Category: Sendable, Equatable {
        /// The file is missing or cannot be opened for reading (exit status 66).
        case noInput
        /// The file's contents are malformed (exit status 65).
        case malformed
        /// Reading or writing failed (exit status 74).
        case ioError
        /// The operation would destroy data the caller did not ask to destroy (exit status 73, cannot create).
        case refused
    }

    /// The broad class of failure.
    public var category: Category
    /// The file's path as the caller gave it.
    public var path: String
    /// The 1-based line, when the problem is on a line.
    public var line: Int?
    /// What is wrong and, where it helps, what to do.
    public var message: String

    /// Creates an error.
    public init(_ category: Category, path: String, line: Int? = nil, _ message: String) {
        self.category = category
        self.path = path
        self.line = line
        self.message = message
    }

    /// The error as a sentence: `Recording.jsonl:42: …`, path and line first when known.
    public var description: String {
        if let line { return "\(path):\(line): \(message)" }
        return "\(path): \(message)"
    }

    static func malformed(_ path: String, line: Int, _ error: JournalLineError) -> JournalError {
        JournalError(.malformed, path: path, line: line, "\(error.description.withoutFinalPeriod).")
    }

    static func system(_ category: Category, _ path: String, _ what: String, errno code: Int32) -> JournalError {
        JournalError(category, path: path, "\(what): \(SystemError.message(for: code)).")
    }
}
