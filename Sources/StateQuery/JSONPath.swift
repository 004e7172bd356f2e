import StateJSON

/// A jq-like path that selects values in a JSON document.
///
/// Grammar (no spaces inside a path):
///
/// ```text
/// path     := '.'                        the whole document
///           | segment+
/// segment  := '.' name                   member `name`
///           | '.'? '[' string ']'        member with any key, as a JSON string literal
///           | '.'? '[' integer ']'       array element; negative counts from the end ([-1] is the last)
///           | '.'? '[' '*' ']'           every array element or every member value
///           | '..' name                  member `name` of an object at any depth
///           | '..' '[' string ']'
/// name     := [A-Za-z_] [A-Za-z0-9_]*
/// ```
///
/// The first segment must start with `.`, so `.[0]` selects the first element of a root array.
/// ``description`` writes the shortest form and parses back to the same path.
///
/// A last segment `.count` (or `["count"]`) selects the member named `count` where there is one.
/// Where there is none it selects how many elements an array has, or how many members an object
/// has, so `.users.count > 3` reads "more than three users". Real data always wins: an object with
/// a `count` member yields that member, never its size. On a string, number, boolean or `null`, and
/// anywhere but the last segment, `count` is an ordinary member name and selects nothing. The
/// computed count is reported at the location `…/count` (`.users.count`); it is read-only, so
/// editing through a path (redaction) only ever touches a real `count` member.
///
/// ```swift
/// let state: JSONValue = ["users": [["id": 1, "age": 30], ["id": 2, "age": 40]]]
/// let path = try JSONPath(parsing: ".users[*].age")
/// path.evaluate(on: state).map { "\($0.pointer) = \($0.value)" }
/// ```
/// ```text
/// /users/0/age = integer(30)
/// /users/1/age = integer(40)
/// ```
///
/// ```swift
/// try JSONPath(parsing: ".users.count").values(in: state)   // [integer(2)]
/// ```
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step of a path.
    public enum Segment: Sendable, Hashable {
        /// The member with this key.
        case member(String)
        /// The element at this index; negative indices count from the end.
        case index(Int)
        /// Every element of an array or every member value of an object.
        case wildcard
        /// The member with this key of the current value or of any value nested in it.
        case descendant(String)
    }

    /// The steps, outermost first; empty for the whole document.
    public var segments: [Segment]

    /// The path to the whole document, `.`.
    public static let root = JSONPath(segments: [])

    /// A path made of the given segments.
    public init(segments: [Segment]) {
        self.segments = segments
    }

    /// Parses the text form described in the type's documentation.
    ///
    /// - Throws: ``JSONPathParseError`` with the column of the first mistake.
    public init(parsing text: String) throws(JSONPathParseError) {
        let bytes = Array(text.utf8)
        let (path, end) = try JSONPath.parse(bytes, from: 0)
        guard end == bytes.count else {
            let character = String(decoding: bytes[end...], as: UTF8.self).first ?? " "
            throw JSONPathParseError(
                column: JSONStringLiteral.column(of: end, in: bytes), code: .unexpectedCharacter(character)
            )
        }
        self = path
    }

    /// The path that designates the same location as `pointer`.
    ///
    /// A pointer does not say whether a token like `3` names an array element or an object member;
    /// tokens that are array indices (`0`, `17`, not `01`) become ``Segment/index(_:)``, all
    /// others ``Segment/member(_:)``.
    public init(pointer: JSONPointer) {
        segments = pointer.tokens.map { token in
            JSONPointer.arrayIndex(token).map(Segment.index) ?? .member(token)
        }
    }

    /// `true` when the path designates at most one location whatever the document: no wildcards,
    /// no descendants and no negative indices.
    public var isConcrete: Bool {
        segments.allSatisfy { segment in
            switch segment {
            case .member: true
            case .index(let index): index >= 0
            case .wildcard, .descendant: false
            }
        }
    }

    /// `true` when the path selects at most one value in any document: no wildcards and no descendants.
    ///
    /// Unlike ``isConcrete`` it allows negative indices: `.users[-1]` selects one user, though which one
    /// depends on the document.
    public var selectsAtMostOneValue: Bool {
        segments.allSatisfy { segment in
            switch segment {
            case .member, .index: true
            case .wildcard, .descendant: false
            }
        }
    }

    /// The pointer for a concrete path, `nil` otherwise.
    public var pointer: JSONPointer? {
        var tokens: [String] = []
        tokens.reserveCapacity(segments.count)
        for segment in segments {
            switch segment {
            case .member(let key): tokens.append(key)
            case .index(let index) where index >= 0: tokens.append(String(index))
            default: return nil
            }
        }
        return JSONPointer(tokens: tokens)
    }

    /// The text form, which parses back to this path.
    public var description: String {
        guard !segments.isEmpty else { return "." }
        var text = ""
        for segment in segments {
            switch segment {
            case .member(let key):
                if JSONPath.isName(key) {
                    text += "." + key
                } else {
                    text += (text.isEmpty ? ".[" : "[") + JSONTextEscaping.quoted(key) + "]"
                }
            case .index(let index):
                text += (text.isEmpty ? ".[" : "[") + String(index) + "]"
            case .wildcard:
                text += text.isEmpty ? ".[*]" : "[*]"
            case .descendant(let key):
                text += JSONPath.isName(key) ? ".." + key : "..[" + JSONTextEscaping.quoted(key) + "]"
            }
        }
        return text
    }

    /// Every value the path selects in `document`, with its location, in document order.
    public func evaluate(on document: JSONValue) -> [(pointer: JSONPointer, value: JSONValue)] {
        var results: [(pointer: JSONPointer, value: JSONValue)] = []
        var tokens: [String] = []
        collect(document, from: 0, tokens: &tokens) { tokens, value in
            results.append((JSONPointer(tokens: tokens), value))
        }
        return results
    }

    /// The values the path selects, without their locations (cheaper than ``evaluate(on:)``).
    public func values(in document: JSONValue) -> [JSONValue] {
        var results: [JSONValue] = []
        _ = forEachValue(in: document) { value in
            results.append(value)
            return true
        }
        return results
    }

    /// Calls `body` with each selected value in document order until it returns `false`.
    ///
    /// - Returns: `false` when `body` stopped the walk.
    func forEachValue(in document: JSONValue, _ body: (JSONValue) -> Bool) -> Bool {
        visitValues(document, from: 0, body)
    }

    private func visitValues(_ value: JSONValue, from position: Int, _ body: (JSONValue) -> Bool) -> Bool {
        guard position < segments.count else { return body(value) }
        switch segments[position] {
        case .member(let key):
            guard let child = value.member(key) else {
                guard position == segments.count - 1, let count = JSONPath.count(key, of: value) else { return true }
                return body(count)
            }
            return visitValues(child, from: position + 1, body)
        case .index(let index):
            guard case .array(let array) = value else { return true }
            let resolved = index < 0 ? array.count + index : index
            guard array.indices.contains(resolved) else { return true }
            return visitValues(array[resolved], from: position + 1, body)
        case .wildcard:
            return forEachChildValue(of: value) { visitValues($0, from: position + 1, body) }
        case .descendant(let key):
            if let child = value.member(key), !visitValues(child, from: position + 1, body) { return false }
            return forEachChildValue(of: value) { visitValues($0, from: position, body) }
        }
    }

    private func forEachChildValue(of value: JSONValue, _ body: (JSONValue) -> Bool) -> Bool {
        switch value {
        case .array(let array):
            for child in array where !body(child) { return false }
        case .object(let object):
            for child in object.values where !body(child) { return false }
        default:
            break
        }
        return true
    }

    private func collect(
        _ value: JSONValue, from position: Int, tokens: inout [String],
        _ found: (_ tokens: [String], _ value: JSONValue) -> Void
    ) {
        guard position < segments.count else {
            found(tokens, value)
            return
        }
        switch segments[position] {
        case .member(let key):
            guard let child = value.member(key) else {
                if position == segments.count - 1, let count = JSONPath.count(key, of: value) {
                    tokens.append(key)
                    found(tokens, count)
                    tokens.removeLast()
                }
                return
            }
            tokens.append(key)
            collect(child, from: position + 1, tokens: &tokens, found)
            tokens.removeLast()
        case .index(let index):
            guard case .array(let array) = value else { return }
            let resolved = index < 0 ? array.count + index : index
            guard array.indices.contains(resolved) else { return }
            tokens.append(String(resolved))
            collect(array[resolved], from: position + 1, tokens: &tokens, found)
            tokens.removeLast()
        case .wildcard:
            forEachChild(of: value) { token, child in
                tokens.append(token)
                collect(child, from: position + 1, tokens: &tokens, found)
                tokens.removeLast()
            }
        case .descendant(let key):
            if let child = value.member(key) {
                tokens.append(key)
                collect(child, from: position + 1, tokens: &tokens, found)
                tokens.removeLast()
            }
            forEachChild(of: value) { token, child in
                tokens.append(token)
                collect(child, from: position, tokens: &tokens, found)
                tokens.removeLast()
            }
        }
    }

    /// The name of the segment that counts elements or members where no real member has that name.
    static let countName = "count"

    /// The number of elements or members of `value` when `key` is ``countName`` and `value` is an
    /// array or an object without such a member (callers check the member first); `nil` otherwise.
    private static func count(_ key: String, of value: JSONValue) -> JSONValue? {
        guard key == countName else { return nil }
        switch value {
        case .array(let array): return .integer(Int64(array.count))
        case .object(let object): return .integer(Int64(object.keys.count))
        default: return nil
        }
    }

    /// Which edits of a document can change what the path selects, so a search can skip the others.
    package var dependency: JSONPathDependency {
        var tokens: [String] = []
        for (position, segment) in segments.enumerated() {
            switch segment {
            case .member(let key):
                tokens.append(key)
                if key == JSONPath.countName, position == segments.count - 1 {
                    return JSONPathDependency(prefix: JSONPointer(tokens: tokens),
                                              countedContainer: JSONPointer(tokens: Array(tokens.dropLast())))
                }
            case .index(let index) where index >= 0: tokens.append(String(index))
            default: return JSONPathDependency(prefix: JSONPointer(tokens: tokens), countedContainer: nil)
            }
        }
        return JSONPathDependency(prefix: JSONPointer(tokens: tokens), countedContainer: nil)
    }

    private func forEachChild(of value: JSONValue, _ body: (String, JSONValue) -> Void) {
        switch value {
        case .array(let array):
            for index in array.indices { body(String(index), array[index]) }
        case .object(let object):
            for index in object.keys.indices { body(object.keys[index], object.values[index]) }
        default:
            break
        }
    }

    // MARK: Parsing

    static func isName(_ key: String) -> Bool {
        guard let first = key.utf8.first, isNameStart(first) else { return false }
        return key.utf8.allSatisfy(isNameByte)
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || byte == UInt8(ascii: "_")
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// Parses a path starting at `start` and stops before the first byte that cannot continue it,
    /// so a predicate can read a path out of a longer text.
    static func parse(_ bytes: [UInt8], from start: Int) throws(JSONPathParseError) -> (JSONPath, end: Int) {
        func failure(_ offset: Int, _ code: JSONPathParseError.Code) -> JSONPathParseError {
            JSONPathParseError(column: JSONStringLiteral.column(of: offset, in: bytes), code: code)
        }
        func byte(_ offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

        guard byte(start) == UInt8(ascii: ".") else { throw failure(start, .missingLeadingDot) }
        var segments: [Segment] = []
        var index = start
        while let current = byte(index) {
            if current == UInt8(ascii: ".") {
                if byte(index + 1) == UInt8(ascii: ".") {
                    index += 2
                    if byte(index) == UInt8(ascii: "[") {
                        let (key, end) = try quotedKey(bytes, at: index, failure)
                        segments.append(.descendant(key))
                        index = end
                    } else {
                        let end = nameEnd(bytes, from: index)
                        guard end > index else { throw failure(index, .expectedDescendantName) }
                        segments.append(.descendant(String(decoding: bytes[index..<end], as: UTF8.self)))
                        index = end
                    }
                } else if byte(index + 1) == UInt8(ascii: "[") {
                    index += 1
                } else {
                    let end = nameEnd(bytes, from: index + 1)
                    if end == index + 1 {
                        // A lone '.' is the root; anywhere else a name must follow.
                        if segments.isEmpty, index == start, byte(end).map({ !isNameByte($0) && $0 < 0x80 }) ?? true {
                            return (JSONPath(segments: []), index + 1)
                        }
                        throw failure(index + 1, .expectedMemberName)
                    }
                    segments.append(.member(String(decoding: bytes[(index + 1)..<end], as: UTF8.self)))
                    index = end
                }
            } else if current == UInt8(ascii: "[") {
                let (segment, end) = try bracket(bytes, at: index, failure)
                segments.append(segment)
                index = end
            } else {
                break
            }
        }
        return (JSONPath(segments: segments), index)
    }

    private static func nameEnd(_ bytes: [UInt8], from start: Int) -> Int {
        guard start < bytes.count, isNameStart(bytes[start]) else { return start }
        var end = start + 1
        while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
        return end
    }

    private static func bracket(
        _ bytes: [UInt8], at start: Int, _ failure: (Int, JSONPathParseError.Code) -> JSONPathParseError
    ) throws(JSONPathParseError) -> (Segment, Int) {
        var index = start + 1
        let segment: Segment
        guard index < bytes.count else { throw failure(index, .expectedBracketContent) }
        switch bytes[index] {
        case UInt8(ascii: "*"):
            segment = .wildcard
            index += 1
        case UInt8(ascii: "\""):
            let (key, end) = try quotedKey(bytes, at: start, failure)
            return (.member(key), end)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let digitsStart = bytes[index] == UInt8(ascii: "-") ? index + 1 : index
            var end = digitsStart
            while end < bytes.count, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") { end += 1 }
            if end - digitsStart > 18 {
                throw failure(index, .indexTooLarge(String(decoding: bytes[index..<end], as: UTF8.self)))
            }
            guard end > digitsStart,
                  let value = Int(String(decoding: bytes[index..<end], as: UTF8.self)) else {
                throw failure(index, .expectedBracketContent)
            }
            segment = .index(value)
            index = end
        default:
            throw failure(index, .expectedBracketContent)
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "]") else { throw failure(index, .expectedClosingBracket) }
        return (segment, index + 1)
    }

    /// Reads `["key"]` starting at the `[`.
    private static func quotedKey(
        _ bytes: [UInt8], at start: Int, _ failure: (Int, JSONPathParseError.Code) -> JSONPathParseError
    ) throws(JSONPathParseError) -> (String, Int) {
        let quote = start + 1
        guard quote < bytes.count, bytes[quote] == UInt8(ascii: "\"") else {
            throw failure(quote, .expectedQuotedKey)
        }
        let key: String
        let end: Int
        do {
            (key, end) = try JSONStringLiteral.scan(bytes, at: quote)
        } catch {
            throw failure(error.offset, .invalidString(error.message))
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "]") else { throw failure(end, .expectedClosingBracket) }
        return (key, end + 1)
    }
}
