/// Why a journal could not be written or read, with the file and line where it happened.
///
/// What went wrong is a ``Code``, which a program or a test matches; the sentence a person reads is
/// rendered from it (``message``). Every description is one sentence that starts with the location, in
/// the form compilers use:
///
/// ```text
/// Recordings/bank.jsonl:42: step 42 records hash 00ff… but its rebuilt state hashes to 9c1d…; the journal was edited or damaged.
/// ```
///
/// ```swift
/// do {
///     _ = try JournalReader(path: "session.jsonl")
/// } catch {
///     if case .stepsMissing(let step, let expected, _) = error.code { print(step, expected) }
///     print(error)   // session.jsonl:11: step 12 comes after step 9; steps 10 to 11 are missing, …
/// }
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

    /// What went wrong.
    public var code: Code
    /// The file's path as the caller gave it.
    public var path: String
    /// The 1-based line, when the problem is on a line.
    public var line: Int?

    /// Creates an error.
    public init(_ code: Code, path: String, line: Int? = nil) {
        self.code = code
        self.path = path
        self.line = line
    }

    /// Creates an error that only a sentence describes (``Code/described(_:_:)``), for a module that
    /// reports a journal problem of its own.
    public init(_ category: Category, path: String, line: Int? = nil, _ message: String) {
        self.init(.described(category, message), path: path, line: line)
    }

    /// The broad class of failure.
    public var category: Category { code.category }

    /// What is wrong and, where it helps, what to do: one sentence, without the location.
    public var message: String { code.message }

    /// The error as a sentence: `Recording.jsonl:42: …`, path and line first when known.
    public var description: String {
        if let line { return "\(path):\(line): \(message)" }
        return "\(path): \(message)"
    }
}
