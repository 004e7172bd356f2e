/// JSON string quoting and one-line JSON text for messages and rendered output.
///
/// The real serializer lives elsewhere in the module; this is the small part rendering needs,
/// kept here so diffs, dumps and error messages quote exactly like JSON.
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
        let needsEscaping = text.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
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
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output.append("\"")
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
