/// One step of an RFC 6902 JSON Patch.
///
/// ```swift
/// let operation = JSONPatchOperation.replace(path: try JSONPointer(parsing: "/a"), value: 1)
/// operation.jsonValue     // {"op":"replace","path":"/a","value":1}
/// ```
public enum JSONPatchOperation: Sendable, Hashable, CustomStringConvertible {
    /// Inserts `value` at `path`: a new object member, a replaced member, or an array element
    /// (the last token may be `-` to append).
    case add(path: JSONPointer, value: JSONValue)
    /// Removes the existing value at `path`.
    case remove(path: JSONPointer)
    /// Replaces the existing value at `path`.
    case replace(path: JSONPointer, value: JSONValue)
    /// Removes the value at `from` and adds it at `path`; `from` may not contain `path`.
    case move(from: JSONPointer, path: JSONPointer)
    /// Adds a copy of the value at `from` at `path`.
    case copy(from: JSONPointer, path: JSONPointer)
    /// Fails the patch unless the value at `path` equals `value`: strings and keys by their Unicode
    /// scalars, numbers by their exact value (see ``JSONValue/isEquivalent(to:)``).
    case test(path: JSONPointer, value: JSONValue)

    /// The RFC name of the operation: `add`, `remove`, `replace`, `move`, `copy` or `test`.
    public var name: String {
        switch self {
        case .add: "add"
        case .remove: "remove"
        case .replace: "replace"
        case .move: "move"
        case .copy: "copy"
        case .test: "test"
        }
    }

    /// The location the operation writes to or checks.
    public var path: JSONPointer {
        switch self {
        case .add(let path, _), .remove(let path), .replace(let path, _), .test(let path, _),
             .move(_, let path), .copy(_, let path):
            path
        }
    }

    /// The location a `move` or `copy` reads from.
    public var from: JSONPointer? {
        switch self {
        case .move(let from, _), .copy(let from, _): from
        default: nil
        }
    }

    /// The value an `add`, `replace` or `test` carries.
    public var value: JSONValue? {
        switch self {
        case .add(_, let value), .replace(_, let value), .test(_, let value): value
        default: nil
        }
    }

    /// The name and path, as errors show them: `replace /users/4/age`, `move /a -> /b`.
    public var description: String {
        if let from { return "\(name) \(from) -> \(path)" }
        return "\(name) \(path)"
    }

    /// The operation as a JSON object in RFC 6902 form.
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = [("op", .string(name)), ("path", .string(path.description))]
        if let from { members.append(("from", .string(from.description))) }
        if let value { members.append(("value", value)) }
        return .object(JSONObject(members))
    }

    /// Reads an operation from its RFC 6902 object form.
    ///
    /// - Throws: ``JSONPatchDecodingError`` naming `index` and what is wrong.
    public init(jsonValue: JSONValue, index: Int = 0) throws(JSONPatchDecodingError) {
        guard case .object(let object) = jsonValue else {
            throw JSONPatchDecodingError(index: index, problem: .notAnObject(jsonValue.kind))
        }
        guard let opValue = object["op"] else {
            throw JSONPatchDecodingError(index: index, problem: .missingMember("op"))
        }
        guard case .string(let op) = opValue else {
            throw JSONPatchDecodingError(index: index, problem: .notAString("op", opValue.kind))
        }
        func pointer(_ name: String) throws(JSONPatchDecodingError) -> JSONPointer {
            guard let member = object[name] else {
                throw JSONPatchDecodingError(index: index, problem: .missingMember(name))
            }
            guard case .string(let text) = member else {
                throw JSONPatchDecodingError(index: index, problem: .notAString(name, member.kind))
            }
            do {
                return try JSONPointer(parsing: text)
            } catch {
                throw JSONPatchDecodingError(index: index, problem: .invalidPointer(name, error))
            }
        }
        func value() throws(JSONPatchDecodingError) -> JSONValue {
            guard let member = object["value"] else {
                throw JSONPatchDecodingError(index: index, problem: .missingMember("value"))
            }
            return member
        }
        switch op {
        case "add": self = .add(path: try pointer("path"), value: try value())
        case "remove": self = .remove(path: try pointer("path"))
        case "replace": self = .replace(path: try pointer("path"), value: try value())
        case "move": self = .move(from: try pointer("from"), path: try pointer("path"))
        case "copy": self = .copy(from: try pointer("from"), path: try pointer("path"))
        case "test": self = .test(path: try pointer("path"), value: try value())
        default: throw JSONPatchDecodingError(index: index, problem: .unknownOperation(op))
        }
    }
}
