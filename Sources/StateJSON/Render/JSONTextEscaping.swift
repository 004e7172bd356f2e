import TextControls

/// JSON string quoting and one-line JSON text for messages and rendered output.
///
/// The real serializer lives elsewhere in the module; this is the small part rendering needs,
/// kept here so diffs, dumps and error messages quote exactly like JSON. Unlike the serializer, whose
/// bytes journals keep, it escapes every character of `EscapedCharacters` (TextControls), not only
/// the C0 controls JSON requires: a key or string holding U+202E reads as `"\u202e"`, still JSON, and
/// cannot reorder what a person reads.
package enum JSONTextEscaping {
    /// `text` as a JSON string literal, quotes included.
    package static func quoted(_ text: String) -> String {
        var result = ""
        appendQuoted(text, to: &result)
        return result
    }

    /// Appends `text` as a JSON string literal.
    static func appendQuoted(_ text: String, to output: inout String) {
        output.append("\"")
        let needsEscaping = text.utf8.contains { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
            || EscapedCharacters.appear(in: text)
        guard needsEscaping else {
            output.append(text)
            output.append("\"")
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output.append("\\\"")
            case "\\": output.append("\\\\")
            case "\n": output.append("\\n")
            case "\r": output.append("\\r")
            case "\t": output.append("\\t")
            case "\u{08}": output.append("\\b")
            case "\u{0C}": output.append("\\f")
            default:
                if EscapedCharacters.contains(scalar) {
                    output.append("\\u" + EscapedCharacters.hexDigits(scalar, uppercase: false))
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output.append("\"")
    }

    /// JSON text with every character of `EscapedCharacters` written as a `\u` escape: the same JSON,
    /// showing nothing invisible or reordering. In JSON text those characters occur only inside strings
    /// (the serializer escapes the C0 controls itself), where the escape means the same character.
    package static func visible(_ jsonText: String) -> String {
        guard EscapedCharacters.appear(in: jsonText) else { return jsonText }
        var output = ""
        output.reserveCapacity(jsonText.utf8.count + 16)
        for scalar in jsonText.unicodeScalars {
            if EscapedCharacters.contains(scalar), scalar.value >= 0x20 {
                output.append("\\u" + EscapedCharacters.hexDigits(scalar, uppercase: false))
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// The JSON text of a scalar: `null`, `true`, `42`, `1.5`, `"text"`.
    static func appendScalar(_ value: JSONValue, to output: inout String) {
        switch value {
        case .null: output.append("null")
        case .bool(let bool): output.append(bool ? "true" : "false")
        case .integer(let integer): output.append(String(integer))
        case .unsigned(let unsigned): output.append(String(unsigned))
        case .double(let double): output.append(numberText(double))
        case .bigNumber(let text): output.append(text)
        case .string(let string): appendQuoted(string, to: &output)
        case .array(let array): output.append(array.isEmpty ? "[]" : "[…]")
        case .object(let object): output.append(object.isEmpty ? "{}" : "{…}")
        }
    }

    /// A double as JSON accepts it; integral values keep a `.0` so they still read as doubles.
    static func numberText(_ double: Double) -> String {
        guard double.isFinite else { return "null" }
        return "\(double)"
    }

    /// The whole value on one line without spaces, for error messages.
    package static func compactText(_ value: JSONValue) -> String {
        var output = ""
        appendCompact(value, to: &output)
        return output
    }

    static func appendCompact(_ value: JSONValue, to output: inout String) {
        switch value {
        case .array(let array):
            output.append("[")
            for (index, element) in array.enumerated() {
                if index > 0 { output.append(",") }
                appendCompact(element, to: &output)
            }
            output.append("]")
        case .object(let object):
            output.append("{")
            for index in object.keys.indices {
                if index > 0 { output.append(",") }
                appendQuoted(object.keys[index], to: &output)
                output.append(":")
                appendCompact(object.values[index], to: &output)
            }
            output.append("}")
        default:
            appendScalar(value, to: &output)
        }
    }
}
