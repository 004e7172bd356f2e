import StateJSON

/// Why ``JSONValueEncoder`` could not turn a value into JSON, and where.
///
/// ```swift
/// struct Reading: Encodable { var values: [Double] }
/// do {
///     _ = try JSONValueEncoder().encode(Reading(values: [1, .nan]))
/// } catch {
///     print(error)
/// }
/// ```
/// ```text
/// values[1]: nan cannot be encoded because JSON has no NaN or infinity.
/// ```
public struct JSONEncodingError: Error, CustomStringConvertible {
    /// The path to the value that failed.
    public let codingPath: [any CodingKey]
    /// A whole sentence saying what went wrong, without the path.
    public let message: String

    /// An error at `codingPath`.
    public init(codingPath: [any CodingKey], message: String) {
        self.codingPath = codingPath
        self.message = message
    }

    /// The path, rendered like `users[3].age`.
    public var path: String { JSONCodingPath.render(codingPath) }

    /// The path and the message, for example
    /// `values[1]: nan cannot be encoded because JSON has no NaN or infinity.`
    public var description: String { "\(path): \(message)" }

    static func wrapping(_ error: any Error, at codingPath: [any CodingKey]) -> JSONEncodingError {
        if let error = error as? JSONEncodingError { return error }
        if let error = error as? EncodingError, case .invalidValue(let value, let context) = error {
            return JSONEncodingError(
                codingPath: context.codingPath,
                message: "\(value) is not a valid value: \(sentence(context.debugDescription))")
        }
        return JSONEncodingError(codingPath: codingPath, message: "encoding failed: \(sentence(String(describing: error)))")
    }

    static func sentence(_ text: String) -> String {
        text.hasSuffix(".") ? text : text + "."
    }
}

extension JSONEncodingError {
    /// An error thrown by a ``JSONValueEncodable/jsonValue()`` of the value at `codingPath`: a
    /// ``JSONEncodingError`` or an `EncodingError.invalidValue` keeps its message and has its path
    /// appended to `codingPath`.
    /// An error thrown by the ``JSONValueEncodable/jsonValue()`` of an array's element at `index`,
    /// with a path relative to the array.
    @usableFromInline
    static func _fromElement(_ error: any Error, at index: Int) -> JSONEncodingError {
        fromJSONValue(error, at: [JSONIndexKey(index)])
    }

    static func fromJSONValue(_ error: any Error, at codingPath: [any CodingKey]) -> JSONEncodingError {
        if let error = error as? JSONEncodingError {
            return JSONEncodingError(codingPath: codingPath + error.codingPath, message: error.message)
        }
        if let error = error as? EncodingError, case .invalidValue(_, let context) = error {
            return JSONEncodingError(codingPath: codingPath + context.codingPath, message: wrapping(error, at: []).message)
        }
        return wrapping(error, at: codingPath)
    }
}
