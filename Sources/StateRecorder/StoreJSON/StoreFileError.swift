/// Why a store could not save its state to a file or load it from one.
///
/// Every description is a sentence that starts with the file's path:
///
/// ```text
/// /tmp/bank.json: no such file.
/// /tmp/bank.json: the file already exists; pass overwrite: true to replace it.
/// /tmp/bank.json:3:11: not valid JSON: expected ':' after an object key.
/// /tmp/bank.json: at accounts.jenny: expected Int, found "x".
/// ```
public enum StoreFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Loading: nothing exists at `path`.
    case fileNotFound(path: String)
    /// Saving: a file exists at `path` and overwriting was not asked for.
    case fileExists(path: String)
    /// The file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// The file could not be written.
    case unwritable(path: String, reason: String)
    /// The file is not well-formed JSON; `line` and `column` are 1-based when known.
    case invalidJSON(path: String, line: Int?, column: Int?, reason: String)
    /// The file is JSON but does not describe the state; `codingPath` locates the bad value
    /// (`accounts.jenny`, `users[3].age`, or `(root)`).
    case mismatch(path: String, codingPath: String, reason: String)
    /// The state could not be encoded; `codingPath` locates the value that failed.
    case unencodable(path: String, codingPath: String, reason: String)

    /// The error as a sentence that starts with the file's path, such as `/tmp/bank.json: no such file.`
    public var description: String {
        switch self {
        case .fileNotFound(let path):
            "\(path): no such file."
        case .fileExists(let path):
            "\(path): the file already exists; pass overwrite: true to replace it."
        case .unreadable(let path, let reason):
            "\(path): cannot read the file: \(Self.sentence(reason))"
        case .unwritable(let path, let reason):
            "\(path): cannot write the file: \(Self.sentence(reason))"
        case .invalidJSON(let path, let line, let column, let reason):
            if let line, let column {
                "\(path):\(line):\(column): not valid JSON: \(Self.sentence(reason))"
            } else {
                "\(path): not valid JSON: \(Self.sentence(reason))"
            }
        case .mismatch(let path, let codingPath, let reason):
            "\(path): at \(codingPath): \(Self.sentence(reason))"
        case .unencodable(let path, let codingPath, let reason):
            "\(path): cannot encode the state at \(codingPath): \(Self.sentence(reason))"
        }
    }

    private static func sentence(_ text: String) -> String {
        text.hasSuffix(".") ? text : text + "."
    }
}
