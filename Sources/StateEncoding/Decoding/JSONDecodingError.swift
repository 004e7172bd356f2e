import StateJSON

/// Why ``JSONValueDecoder`` could not build a value from JSON, and where.
///
/// ```swift
/// struct User: Decodable { var age: Int }
/// struct Users: Decodable { var users: [User] }
/// do {
///     _ = try JSONValueDecoder().decode(Users.self, from: ["users": [["age": "x"]]])
/// } catch {
///     print(error)
/// }
/// ```
/// ```text
/// users[0].age: expected Int, found "x".
/// ```
public struct JSONDecodingError: Error, CustomStringConvertible {
    /// The kind of problem.
    public enum Code: Sendable, Hashable {
        /// The JSON value has the wrong kind or does not fit the Swift type.
        case typeMismatch
        /// A required key is absent.
        case keyNotFound
        /// A required value is `null` or an unkeyed container has run out of elements.
        case valueNotFound
        /// The value has the right kind but unusable content (a malformed date, say).
        case dataCorrupted
    }

    /// The kind of problem.
    public let code: Code
    /// The path to the value that failed; for a missing key it ends with that key.
    public let codingPath: [any CodingKey]
    /// A whole sentence saying what went wrong, without the path.
    public let message: String

    /// An error at `codingPath`.
    public init(code: Code, codingPath: [any CodingKey], message: String) {
        self.code = code
        self.codingPath = codingPath
        self.message = message
    }

    /// The path, rendered like `users[3].age`.
    public var path: String { JSONCodingPath.render(codingPath) }

    /// The path and the message, for example `settings.theme: required key "theme" is missing.`
    public var description: String { "\(path): \(message)" }

    static func typeMismatch(_ expected: String, found: JSONValue, at codingPath: [any CodingKey]) -> JSONDecodingError {
        JSONDecodingError(
            code: .typeMismatch, codingPath: codingPath,
            message: "expected \(expected), found \(JSONCodingPath.describe(found)).")
    }

    static func wrapping(_ error: any Error, at codingPath: [any CodingKey]) -> JSONDecodingError {
        if let error = error as? JSONDecodingError { return error }
        guard let error = error as? DecodingError else {
            return JSONDecodingError(
                code: .dataCorrupted, codingPath: codingPath,
                message: "decoding failed: \(JSONEncodingError.sentence(String(describing: error)))")
        }
        switch error {
        case .typeMismatch(let type, let context):
            return JSONDecodingError(
                code: .typeMismatch, codingPath: context.codingPath,
                message: "expected \(type): \(JSONEncodingError.sentence(context.debugDescription))")
        case .valueNotFound(let type, let context):
            return JSONDecodingError(
                code: .valueNotFound, codingPath: context.codingPath,
                message: "expected \(type): \(JSONEncodingError.sentence(context.debugDescription))")
        case .keyNotFound(let key, let context):
            return JSONDecodingError(
                code: .keyNotFound, codingPath: context.codingPath + [key],
                message: "required key \(JSONValue.string(key.stringValue).canonicalText) is missing.")
        case .dataCorrupted(let context):
            return JSONDecodingError(
                code: .dataCorrupted, codingPath: context.codingPath,
                message: JSONEncodingError.sentence(context.debugDescription))
        @unknown default:
            return JSONDecodingError(
                code: .dataCorrupted, codingPath: codingPath,
                message: JSONEncodingError.sentence(String(describing: error)))
        }
    }
}
