/// A location inside a JSON document, written as in RFC 6901: `""` is the whole document,
/// `/users/3/age` is member `age` of element 3 of member `users`.
///
/// Inside a token `~1` stands for `/` and `~0` for `~`. Tokens are kept unescaped; ``description``
/// escapes them again.
///
/// ```swift
/// let pointer = try JSONPointer(parsing: "/users/3/age")
/// pointer.tokens                          // ["users", "3", "age"]
/// pointer.appending(key: "a/b")           // /users/3/age/a~1b
/// let state: JSONValue = ["users": [["age": 30]]]
/// try JSONPointer(parsing: "/users/0/age").resolve(in: state)   // .integer(30)
/// ```
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    /// The reference tokens, unescaped, outermost first.
    public var tokens: [String]

    /// The pointer to the whole document.
    public static let root = JSONPointer(tokens: [])

    /// A pointer made of the given unescaped tokens.
    public init(tokens: [String]) {
        self.tokens = tokens
    }

    /// Parses the RFC 6901 text form.
    ///
    /// - Throws: ``JSONPointerError/missingLeadingSlash(_:)`` when a non-empty text does not start
    ///   with `/`, ``JSONPointerError/invalidEscape(_:offset:)`` when `~` is not followed by `0` or `1`.
    public init(parsing text: String) throws(JSONPointerError) {
        guard !text.isEmpty else {
            self.init(tokens: [])
            return
        }
        let bytes = Array(text.utf8)
        guard bytes[0] == UInt8(ascii: "/") else { throw .missingLeadingSlash(text) }
        var tokens: [String] = []
        var current: [UInt8] = []
        var index = 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/") {
                tokens.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            } else if byte == UInt8(ascii: "~") {
                let next = index + 1 < bytes.count ? bytes[index + 1] : 0
                switch next {
                case UInt8(ascii: "0"): current.append(UInt8(ascii: "~"))
                case UInt8(ascii: "1"): current.append(UInt8(ascii: "/"))
                default: throw .invalidEscape(text, offset: index)
                }
                index += 1
            } else {
                current.append(byte)
            }
            index += 1
        }
        tokens.append(String(decoding: current, as: UTF8.self))
        self.init(tokens: tokens)
    }

    /// `true` for the pointer to the whole document.
    public var isRoot: Bool { tokens.isEmpty }

    /// The pointer to the container holding this location, or `nil` for the root.
    public var parent: JSONPointer? {
        guard !tokens.isEmpty else { return nil }
        return JSONPointer(tokens: Array(tokens.dropLast()))
    }

    /// The RFC 6901 text, with `~` and `/` escaped inside tokens.
    public var description: String {
        var text = ""
        for token in tokens {
            text.append("/")
            if token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
                for character in token.unicodeScalars {
                    switch character {
                    case "~": text.append("~0")
                    case "/": text.append("~1")
                    default: text.unicodeScalars.append(character)
                    }
                }
            } else {
                text.append(token)
            }
        }
        return text
    }

    /// This pointer with one more token naming an object member.
    public func appending(key: String) -> JSONPointer {
        var copy = self
        copy.tokens.append(key)
        return copy
    }

    /// This pointer with one more token naming an array element.
    public func appending(index: Int) -> JSONPointer {
        var copy = self
        copy.tokens.append(String(index))
        return copy
    }

    /// `true` when `other` is this pointer or a location inside it.
    public func isPrefix(of other: JSONPointer) -> Bool {
        other.tokens.count >= tokens.count
            && other.tokens[..<tokens.count].elementsEqual(tokens, by: JSONObject.sameKey)
    }

    /// Whether both pointers have the same tokens, compared by their Unicode scalars as object keys
    /// are: `/é` written with U+00E9 and `/é` written as "e" and U+0301 are different locations.
    public static func == (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        JSONObject.sameKeys(lhs.tokens, rhs.tokens)
    }

    /// Hashes the tokens' bytes, as ``==(_:_:)`` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(tokens.count)
        for token in tokens { token.hashScalars(into: &hasher) }
    }

    /// The value this pointer designates in `document`.
    ///
    /// - Throws: a ``JSONPointerError`` naming the deepest part of the pointer that exists.
    public func resolve(in document: JSONValue) throws(JSONPointerError) -> JSONValue {
        var current = document
        for depth in tokens.indices {
            current = try JSONPointer.child(of: current, token: tokens[depth]) { prefix(depth + 1) }
        }
        return current
    }

    /// The first `count` tokens as a pointer.
    func prefix(_ count: Int) -> JSONPointer {
        JSONPointer(tokens: Array(tokens.prefix(count)))
    }

    /// The child of `container` named by `token`; `location` builds the pointer for messages lazily.
    static func child(
        of container: JSONValue, token: String, location: () -> JSONPointer
    ) throws(JSONPointerError) -> JSONValue {
        switch container {
        case .object(let object):
            guard let value = object[token] else { throw .memberNotFound(location()) }
            return value
        case .array(let array):
            guard let index = arrayIndex(token) else { throw .invalidArrayIndex(location()) }
            guard index < array.count else {
                throw .indexOutOfRange(location(), index: index, count: array.count)
            }
            return array[index]
        default:
            throw .notAContainer(location(), kind: container.kind)
        }
    }

    /// The array index a token spells, following RFC 6901: decimal digits without a leading zero.
    package static func arrayIndex(_ token: String) -> Int? {
        let utf8 = token.utf8
        guard let first = utf8.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else { return nil }
        if first == UInt8(ascii: "0") { return utf8.count == 1 ? 0 : nil }
        guard utf8.count <= 18 else { return nil }
        var value = 0
        for byte in utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
