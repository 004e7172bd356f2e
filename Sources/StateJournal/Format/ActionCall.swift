import StateJSON

/// The `call` member of a version 4 action: the action's label standing for its tag and payload too,
/// when they can be read back from it, as they can for most actions of an enum with synthesized
/// `Codable`: `users.setAge(id: 5, age: 30)` is the tag `users.setAge` and the payload
/// `{"setAge":{"age":30,"id":5}}`.
///
/// A writer uses the `call` member only when ``parse(_:)`` gives back exactly the action's tag and
/// payload, so the rule below decides nothing about the actions themselves: a label it does not read,
/// or reads as something else, keeps the `label`, `payload` and `type` members. The grammar
/// (<doc:JournalFileFormat#Actions-written-as-a-call>):
///
/// ```text
/// call     = tag [ "(" argument *( ", " argument ) ")" ]
/// tag      = one or more characters, none of them ( ) , " or a space; not ending in "."
/// argument = [ name ": " ] value          name = [A-Za-z_][A-Za-z0-9_]*
/// value    = integer | number | string | "true" | "false"
/// ```
///
/// The payload is `{CASE: {MEMBER: value, …}}`, where `CASE` is the tag's text after its last `.` (the
/// whole tag when it has none) and each argument is the member named by its name, or `_0`, `_1`, …
/// by its position when it has none; a call without parentheses is `{CASE: {}}`. An integer is
/// `-?[0-9]+` and must fit 64 bits; a number has a fraction or an exponent (`-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?`)
/// and is read as a double; a string is in double quotes, with `\"`, `\\`, `\n` and `\t` its only escapes.
package enum ActionCall {
    /// The tag and payload that `text` stands for, or `nil` when it is no call in the grammar above.
    package static func parse(_ text: String) -> (type: String, payload: JSONValue)? {
        let bytes = Array(text.utf8)
        let open = bytes.firstIndex(of: UInt8(ascii: "(")) ?? bytes.count
        let tagBytes = bytes[..<open]
        guard !tagBytes.isEmpty, tagBytes.last != UInt8(ascii: "."),
              !tagBytes.contains(where: { $0 == UInt8(ascii: ")") || $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: " ") })
        else { return nil }
        let type = String(decoding: tagBytes, as: UTF8.self)
        let caseStart = (tagBytes.lastIndex(of: UInt8(ascii: ".")).map { $0 + 1 }) ?? 0
        let caseName = String(decoding: bytes[caseStart..<open], as: UTF8.self)
        guard !caseName.isEmpty else { return nil }
        var members: [(String, JSONValue)] = []
        if open < bytes.count {
            guard bytes.last == UInt8(ascii: ")"), bytes.count - open > 2 else { return nil }
            var reader = Reader(bytes: bytes, position: open + 1, end: bytes.count - 1)
            while true {
                let name = reader.name() ?? "_\(members.count)"
                guard let value = reader.value(), !members.contains(where: { $0.0 == name }) else { return nil }
                members.append((name, value))
                if reader.position == reader.end { break }
                guard reader.skip(", ") else { return nil }
            }
        }
        return (type, .object([caseName: .object(JSONObject(members))]))
    }

    /// Reads the arguments between the parentheses.
    private struct Reader {
        let bytes: [UInt8]
        var position: Int
        let end: Int

        mutating func skip(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard end - position >= count else { return false }
            for offset in 0..<count where bytes[position + offset] != literal.utf8Start[offset] { return false }
            position += count
            return true
        }

        /// An argument's `name: `, or `nil` (and nothing read) when the argument has none.
        mutating func name() -> String? {
            var cursor = position
            guard cursor < end, Self.isNameStart(bytes[cursor]) else { return nil }
            while cursor < end, Self.isNameStart(bytes[cursor]) || (bytes[cursor] >= 0x30 && bytes[cursor] <= 0x39) { cursor += 1 }
            guard end - cursor >= 2, bytes[cursor] == UInt8(ascii: ":"), bytes[cursor + 1] == UInt8(ascii: " ") else { return nil }
            let name = String(decoding: bytes[position..<cursor], as: UTF8.self)
            position = cursor + 2
            return name
        }

        mutating func value() -> JSONValue? {
            guard position < end else { return nil }
            switch bytes[position] {
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "t"): return skip("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return skip("false") ? .bool(false) : nil
            default: return number()
            }
        }

        private mutating func string() -> JSONValue? {
            var text: [UInt8] = []
            var cursor = position + 1
            while cursor < end {
                let byte = bytes[cursor]
                if byte == UInt8(ascii: "\"") {
                    position = cursor + 1
                    return .string(String(decoding: text, as: UTF8.self))
                }
                if byte == UInt8(ascii: "\\") {
                    guard cursor + 1 < end else { return nil }
                    switch bytes[cursor + 1] {
                    case UInt8(ascii: "\""): text.append(UInt8(ascii: "\""))
                    case UInt8(ascii: "\\"): text.append(UInt8(ascii: "\\"))
                    case UInt8(ascii: "n"): text.append(0x0A)
                    case UInt8(ascii: "t"): text.append(0x09)
                    default: return nil
                    }
                    cursor += 2
                } else {
                    text.append(byte)
                    cursor += 1
                }
            }
            return nil
        }

        private mutating func number() -> JSONValue? {
            let start = position
            var cursor = position
            if cursor < end, bytes[cursor] == UInt8(ascii: "-") { cursor += 1 }
            let digitsStart = cursor
            while cursor < end, Self.isDigit(bytes[cursor]) { cursor += 1 }
            guard cursor > digitsStart else { return nil }
            var isInteger = true
            if cursor < end, bytes[cursor] == UInt8(ascii: ".") {
                isInteger = false
                cursor += 1
                let fraction = cursor
                while cursor < end, Self.isDigit(bytes[cursor]) { cursor += 1 }
                guard cursor > fraction else { return nil }
            }
            if cursor < end, bytes[cursor] == UInt8(ascii: "e") || bytes[cursor] == UInt8(ascii: "E") {
                isInteger = false
                cursor += 1
                if cursor < end, bytes[cursor] == UInt8(ascii: "-") || bytes[cursor] == UInt8(ascii: "+") { cursor += 1 }
                let exponent = cursor
                while cursor < end, Self.isDigit(bytes[cursor]) { cursor += 1 }
                guard cursor > exponent else { return nil }
            }
            let text = String(decoding: bytes[start..<cursor], as: UTF8.self)
            position = cursor
            if isInteger { return Int64(text).map { .integer($0) } }
            guard let double = Double(text), double.isFinite else { return nil }
            return .double(double)
        }

        private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

        private static func isNameStart(_ byte: UInt8) -> Bool {
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_")
        }
    }
}
